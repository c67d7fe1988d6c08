package html

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// The hand viewer: a page that steps through a hand, call by call and card
// by card, forwards and backwards. Every state it shows is made here, in
// Go, from the fold at each of the hand's moments (replay.Cursor), and
// embedded in the page as JSON; the page's script only shows them, so that
// what the page shows at a step is the fold at that moment, and a test can
// compare one with the other. Without JavaScript the page is the hand's
// write-up (Page), which it carries under the viewer in any case.

//go:embed viewer.js
var viewerJS string

//go:embed viewer.css
var viewerCSS string

// viewerScriptHash is the CSP source of the viewer's script, the one
// script the page may run.
var viewerScriptHash = func() string {
	sum := sha256.Sum256([]byte(viewerJS))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// ViewerOptions say which hand the viewer shows and how.
type ViewerOptions struct {
	// Writeup is the write-up the page carries under the viewer, and shows
	// alone without JavaScript; its Hand, Seats, ASCII and NoDD are the
	// viewer's too.
	Writeup markdown.Options
	// Open, when set, is the moment the viewer opens at when its address
	// names none (an address's #moment wins).
	Open *replay.Moment
}

// WriteViewer writes the viewer page of hand number hand of a session:
// full is its fold, envs its log (or full a session read for that hand
// and envs that hand's events, see projections/load.Hand). It is what
// `hoyle export --format html` writes, and what a site writes for each
// hand whose play was recorded.
func WriteViewer(w io.Writer, full *projections.Session, envs []events.Envelope, hand int, opts ViewerOptions) error {
	b, err := RenderViewer(full, envs, hand, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// RenderViewer is the page WriteViewer writes.
func RenderViewer(full *projections.Session, envs []events.Envelope, hand int, opts ViewerOptions) ([]byte, error) {
	if hand == 0 {
		hand = len(full.Hands)
	}
	wo := opts.Writeup
	wo.Hand = hand
	wu, err := markdown.BuildFolded(full, envs, wo)
	if err != nil {
		return nil, err
	}
	data, err := viewerStates(full, envs, hand, wo)
	if err != nil {
		return nil, err
	}
	data.Title = replay.Clean(wu.Title)
	if opts.Open != nil {
		data.Open = opts.Open.String()
	}
	body, err := writeupBody(wu)
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	writeHead(&b, wu.Title, viewerScriptHash, viewerCSS)
	b.WriteString(viewerSkeleton(data))
	b.WriteString("<article class=\"writeup\" id=\"writeup\">\n")
	b.Write(body)
	b.WriteString("</article>\n")
	// The states as data: a JSON block is not run, and </script> cannot
	// end it early, since Go's encoder writes <, > and & as \u escapes.
	b.WriteString("<script type=\"application/json\" id=\"hoyle-moments\">")
	b.Write(js)
	b.WriteString("</script>\n<script>")
	b.WriteString(viewerJS)
	b.WriteString("</script>\n</body>\n</html>\n")
	return b.Bytes(), nil
}

// viewerData is the JSON the page carries: the hand's seats, and its state
// at each moment.
type viewerData struct {
	Hand   int          `json:"hand"`
	Title  string       `json:"title"`
	Seats  []viewerSeat `json:"seats"`
	Sides  []string     `json:"sides"`
	Open   string       `json:"open,omitempty"`
	States []viewState  `json:"states"`
}

// viewerSeat is a seat as the viewer draws it: its label ("North: Ann")
// and its place round the table (top, left, right, bottom; "" at a table
// not of four).
type viewerSeat struct {
	Label string `json:"label"`
	Short string `json:"short"`
	Place string `json:"place"`
}

// viewState is the table at one moment of the hand.
type viewState struct {
	// Moment is the moment's name (replay.MomentOf); Names all the names
	// an address may give it (the moment, @N, H.T.C for the card that
	// completes trick T); Version the event it comes after.
	Moment  string   `json:"m"`
	Names   []string `json:"names"`
	Version uint64   `json:"v"`
	// Landmark: the end of the auction, of a trick, the deal, a claim;
	// the up and down arrows step between them.
	Landmark bool   `json:"lm,omitempty"`
	Step     string `json:"step"`
	DD       string `json:"dd,omitempty"`
	Position string `json:"pos,omitempty"`
	// Hands by seat: the cards held ("SA"), and those played from it.
	Hands   []viewHand  `json:"hands"`
	Turn    int         `json:"turn"`
	Auction viewAuction `json:"auction"`
	Trick   *viewTrick  `json:"trick,omitempty"`
	Tricks  string      `json:"tricks,omitempty"`
	Claim   string      `json:"claim,omitempty"`
	// Notes are the notes on this step; Irregular the hand's
	// irregularities so far with their remedies, each with its moment;
	// Restrict the penalties in force.
	Notes     []viewNote `json:"notes,omitempty"`
	Irregular []viewNote `json:"irr,omitempty"`
	Restrict  []string   `json:"restrict,omitempty"`
	Score     string     `json:"score"`
}

type viewHand struct {
	Known  bool     `json:"known"`
	Held   []string `json:"held"`
	Played []string `json:"played,omitempty"`
}

type viewAuction struct {
	Label    string     `json:"label"`
	Seats    []string   `json:"seats"`
	Rows     [][]string `json:"rows"`
	Contract string     `json:"contract,omitempty"`
}

type viewTrick struct {
	Number int             `json:"n"`
	Cards  []viewTrickCard `json:"cards"`
	Winner int             `json:"winner"` // -1 while open
}

type viewTrickCard struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
	Text string `json:"text"`
}

// viewNote is a line with the moment it is at.
type viewNote struct {
	At   string `json:"at"`
	Text string `json:"text"`
}

// viewerStates folds the hand at each of its moments.
func viewerStates(full *projections.Session, envs []events.Envelope, hand int, o markdown.Options) (viewerData, error) {
	c, err := replay.NewCursor(envs, full, hand)
	if err != nil {
		return viewerData{}, err
	}
	if c.Len() == 0 {
		return viewerData{}, fmt.Errorf("%w: hand %d has no moment to show", markdown.ErrNoHand, hand)
	}
	h0 := full.Hands[hand-1]
	names, err := replay.SeatNames(h0.Seating, h0.Dealer, o.Seats)
	if err != nil {
		return viewerData{}, err
	}
	var analysis *ddhand.Analysis
	var why error
	if !o.NoDD {
		analysis, err = replay.HandAnalysis(full, hand, o.DD)
		if replay.Unanalysable(err) {
			analysis, why, err = nil, err, nil
		}
		if err != nil {
			return viewerData{}, err
		}
	}
	data := viewerData{Hand: hand, Sides: names.Sides}
	places := map[cards.Seat]string{}
	if h0.Seating.Seats == 4 && h0.Seating.Compass {
		top, left, right, bottom := replay.Diagram{Turn: names.Turn}.Places()
		places = map[cards.Seat]string{top: "top", left: "left", right: "right", bottom: "bottom"}
	}
	for seat := range h0.Seating.Seats {
		label := names.Long[seat]
		if pl := replay.SeatPlayerShort(full, h0, cards.Seat(seat)); pl != "" {
			label += ": " + replay.Clean(pl)
		}
		data.Seats = append(data.Seats, viewerSeat{Label: label, Short: names.Short[seat], Place: places[cards.Seat(seat)]})
	}
	points := c.Points()
	for i, p := range points {
		c.Seek(i)
		state, err := c.State()
		if err != nil {
			return viewerData{}, err
		}
		h := state.Hands[hand-1]
		v := viewState{
			Moment: p.Moment.String(), Version: p.Version, Turn: -1,
			Step:     replay.InNames(replay.StepText(state, p, names, o.ASCII), h.Seating, names, o.ASCII),
			DD:       replay.DDStepText(analysis, p, names),
			Position: replay.DDMomentText(analysis, why, h, names, o.ASCII),
			Score:    replay.ScoreSummary(state.Score(), names),
			Landmark: c.Landmark(i),
		}
		v.Names = momentNames(h, p)
		if h.Turn >= 0 && int(h.Turn) < h.Seating.Seats && h.Phase != game.PhaseDone {
			v.Turn = int(h.Turn)
		}
		for seat := range h.Seating.Seats {
			vh := viewHand{Known: h.Known(cards.Seat(seat)), Held: []string{}}
			if vh.Known {
				for _, card := range h.Held[seat].Cards() {
					vh.Held = append(vh.Held, card.String())
				}
				for _, card := range (h.Dealt[seat] &^ h.Held[seat]).Cards() {
					vh.Played = append(vh.Played, card.String())
				}
			}
			v.Hands = append(v.Hands, vh)
		}
		v.Auction = auctionView(state.Rules, h, names, o.ASCII)
		if t, n := replay.TrickShown(h); t != nil {
			vt := &viewTrick{Number: n, Winner: int(t.Winner)}
			if t.Winner == cards.NoSeat {
				vt.Winner = -1
			}
			for _, pc := range t.Cards {
				vt.Cards = append(vt.Cards, viewTrickCard{Seat: int(pc.Seat), Card: pc.Card.String(), Text: replay.CardText(pc.Card, o.ASCII)})
			}
			v.Trick = vt
		}
		if h.Phase != game.PhaseAuction && h.Contract != nil || len(h.Tricks) > 0 && len(h.Tricks[0].Cards) > 0 {
			var won []string
			for s, k := range h.Won {
				won = append(won, fmt.Sprintf("%s %d", names.Side(cards.Side(s)), k))
			}
			v.Tricks = strings.Join(won, ", ")
		}
		if h.Claim != nil {
			v.Claim = fmt.Sprintf("%s claimed %d of the tricks left", names.Long[h.Claim.Seat], h.Claim.Tricks)
		}
		for _, n := range c.Notes() {
			v.Notes = append(v.Notes, viewNote{At: p.Moment.String(), Text: replay.NoteText(n)})
		}
		for _, irr := range h.Irregular {
			v.Irregular = append(v.Irregular, viewNote{
				At:   replay.IrregularityMoment(state, h, irr).String(),
				Text: replay.InNames(replay.Clean(replay.IrregularityLine(state, h, irr)), h.Seating, names, o.ASCII),
			})
		}
		if state.Current() == h {
			for _, r := range replay.RestrictionsText(state) {
				v.Restrict = append(v.Restrict, replay.InNames(r, h.Seating, names, o.ASCII))
			}
		}
		data.States = append(data.States, v)
	}
	return data, nil
}

// momentNames are the names an address may give a point: its moment, the
// event it comes after, and for the card that completes a trick H.T.C as
// well as H.T.
func momentNames(h *game.Hand, p replay.Point) []string {
	out := []string{p.Moment.String(), "@" + strconv.FormatUint(p.Version, 10)}
	if p.Moment.Kind == replay.AfterTrick && p.Moment.Trick <= len(h.Tricks) {
		t := h.Tricks[p.Moment.Trick-1]
		for k, pc := range t.Cards {
			if pc.ID == p.Step.ID {
				out = append(out, fmt.Sprintf("%d.%d.%d", p.Moment.Hand, p.Moment.Trick, k+1))
			}
		}
	}
	return out
}

// auctionView lays out the calls so far in columns by seat from the first
// to call, "?" where the next call goes.
func auctionView(rs game.Ruleset, h *game.Hand, names replay.Names, ascii bool) viewAuction {
	phase, _ := replay.AuctionWords(rs)
	a := viewAuction{Label: strings.ToUpper(phase[:1]) + phase[1:], Rows: [][]string{}}
	if len(h.Calls) == 0 && h.Phase != game.PhaseAuction {
		a.Contract = replay.ContractWords(rs, h, names, ascii)
		return a
	}
	l := replay.LayOutAuction(h)
	for _, seat := range l.Seats {
		a.Seats = append(a.Seats, names.Short[seat])
	}
	for r := 0; r < len(l.Rows) || r <= l.TurnRow; r++ {
		row := make([]string, len(l.Seats))
		if r < len(l.Rows) {
			for k, i := range l.Rows[r] {
				if i >= 0 {
					row[k] = replay.CallText(h.Calls[i].Call, ascii)
				}
			}
		}
		if r == l.TurnRow {
			row[l.TurnCol] = "?"
		}
		a.Rows = append(a.Rows, row)
	}
	a.Contract = replay.ContractWords(rs, h, names, ascii)
	return a
}

// viewerSkeleton is the viewer's markup before its script fills it: hidden
// (the page is the write-up without JavaScript), a place for each hand
// marked with its seat, the trick, the auction, the step, the notes.
func viewerSkeleton(d viewerData) string {
	var b strings.Builder
	b.WriteString("<section id=\"viewer\" class=\"viewer\" hidden aria-label=\"Hand viewer\">\n")
	fmt.Fprintf(&b, "<h1 class=\"vtitle\">%s</h1>\n", html.EscapeString(d.Title))
	b.WriteString(`<div class="controls" role="toolbar" aria-label="Step through the hand">
<button type="button" data-go="first" aria-label="The deal" title="The deal (Home)">|‹</button>
<button type="button" data-go="prevtrick" aria-label="Back a trick" title="Back a trick (↑)">‹‹</button>
<button type="button" data-go="prev" aria-label="Back one step" title="Back one step (←)">‹</button>
<button type="button" data-go="next" aria-label="Next step" title="Next step (→)">›</button>
<button type="button" data-go="nexttrick" aria-label="Next trick" title="Next trick (↓)">››</button>
<button type="button" data-go="last" aria-label="The last step" title="The last step (End)">›|</button>
<span class="where" id="v-where"></span>
</div>
<p class="step" id="v-step" aria-live="polite"></p>
<p class="message" id="v-message" role="status"></p>
`)
	table := "table row"
	if len(d.Seats) == 4 && d.Seats[0].Place != "" {
		table = "table compass"
	}
	fmt.Fprintf(&b, "<div class=\"%s\" id=\"v-table\">\n", table)
	for seat, s := range d.Seats {
		place := s.Place
		if place == "" {
			place = "seat-" + strconv.Itoa(seat)
		}
		fmt.Fprintf(&b, "<div class=\"vhand %s\" data-seat=\"%d\" aria-label=\"%s\"><div class=\"label\">%s</div><div class=\"vcards\"></div></div>\n",
			place, seat, html.EscapeString(s.Label), html.EscapeString(s.Label))
	}
	b.WriteString("<div class=\"vtrick\" id=\"v-trick\" data-trick=\"0\" aria-label=\"The trick on the table\"></div>\n</div>\n")
	b.WriteString(`<div class="panels">
<div class="panel"><h2>Auction</h2><div id="v-auction"></div></div>
<div class="panel"><h2>Play</h2><p id="v-tricks"></p><p id="v-dd" class="dd"></p><p id="v-pos" class="dd"></p></div>
<div class="panel"><h2>Notes</h2><ul id="v-notes" class="notes"></ul></div>
<div class="panel"><h2>Irregularities</h2><ul id="v-irr"></ul><ul id="v-restrict"></ul></div>
<div class="panel"><h2>Score</h2><p id="v-score"></p></div>
</div>
<p class="keys">Keys: → next, ← back, ↓ next trick, ↑ back a trick, Home the deal, End the last step. The address names the moment (#1.5.2).</p>
</section>
`)
	return b.String()
}
