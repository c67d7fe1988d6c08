package replay

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
)

// The double-dummy views of hoyle dd, as text for people and as JSON for
// scripts (the JSON is a scripting contract: its fields and their order
// are documented in hoyle dd's help): of a recorded hand at a moment
// (DDHand), of a bare deal (DDDeal), and of the deals of a PBN file
// (DDFileJSON).

// DDHand is the double-dummy analysis of a recorded hand at a moment: the
// hand, its analysis with the play to the moment, and the moment as given
// (nil: the whole hand).
type DDHand struct {
	Session  *projections.Session
	Hand     *game.Hand
	Analysis *ddhand.Analysis
	At       *string
}

// AnalyseDDHand analyses the hand of at (nil: the latest) of a session,
// whose events envs are (FoldAt reads them for a moment inside a hand),
// and its play to at: H is the whole of hand H; a later moment (H.T,
// H.T.C) tells the play to there, a moment of the auction no play.
func AnalyseDDHand(s *projections.Session, envs []events.Envelope, at *Moment, cfg dd.Config) (*DDHand, error) {
	number := len(s.Hands)
	upto := -1 // cards of the play analysed; -1: all of them, -2: none (the moment is in the auction)
	var atText *string
	if at != nil {
		p, err := Resolve(s, *at)
		if err != nil {
			return nil, err
		}
		if p.Hand == 0 {
			return nil, &MomentError{Moment: *at, Reason: "it is before the first deal"}
		}
		number = p.Hand
		if at.Kind != Dealt {
			state, err := FoldAt(s, envs, p)
			if err != nil {
				return nil, err
			}
			then := state.Hands[number-1]
			upto = DDPlayed(then)
			if then.Contract == nil {
				upto = -2 // the auction: no contract yet, so no play to tell
			}
			m := at.String()
			atText = &m
		}
	}
	if number == 0 {
		return nil, fmt.Errorf("%w: no hand has been dealt in this session yet", ErrNoMoment)
	}
	h := s.Hands[number-1]
	a, err := ddhand.Analyse(h, cfg)
	if err != nil {
		return nil, fmt.Errorf("hand %d cannot be analysed: %w", number, err)
	}
	if upto == -2 {
		a.Play = nil
	}
	if a.Play != nil && upto >= 0 {
		// The play to the moment: the cards after it are not told.
		p := *a.Play
		p.Cards = p.Cards[:min(upto, len(p.Cards))]
		p.Recorded = min(upto, p.Recorded)
		if p.Recorded <= len(p.Cards) {
			p.Stopped, p.Stop = nil, ""
		}
		a.Play = &p
	}
	return &DDHand{Session: s, Hand: h, Analysis: a, At: atText}, nil
}

// WriteText writes the analysis for people: the deal, the table (by
// leader at whist) and par, and the play trick by trick with the cost of
// each card.
func (v *DDHand) WriteText(w io.Writer) error {
	return writeDDHandText(w, v.Session, v.Hand, v.Analysis, v.At)
}

// JSON is the analysis as JSON.
func (v *DDHand) JSON() DDHandJSON {
	return newDDHandJSON(v.Session, v.Hand, v.Analysis, v.At)
}

// WriteDDDeal writes the analysis of a bare deal for people: the deal,
// the table and par at nobody's vulnerability.
func WriteDDDeal(w io.Writer, d cards.Deal, t dd.Table) error {
	names := CompassNames()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", d.PBN(cards.North))
	WriteDDTable(&b, t, names)
	fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", VulText(dd.VulNone, names), ParText(dd.Par(t, dd.VulNone), names, false))
	_, err := w.Write(b.Bytes())
	return err
}

// NewDDDealJSON is the analysis of a bare deal as JSON.
func NewDDDealJSON(d cards.Deal, t dd.Table) DDDealJSON {
	return DDDealJSON{Deal: d.PBN(cards.North), Vulnerable: dd.VulNone.String(), Table: DDTableJSON(t), Par: NewParJSON(dd.Par(t, dd.VulNone))}
}

// NewDDFileJSON is the analysis of a deal of a PBN file as JSON: its board
// (nil when the record has none), and par at its vulnerability.
func NewDDFileJSON(board *int, d cards.Deal, t dd.Table, vul dd.Vulnerability) DDFileJSON {
	return DDFileJSON{Board: board, Deal: d.PBN(cards.North), Table: DDTableJSON(t), Par: NewParJSON(dd.Par(t, vul))}
}

// CompassNames names the seats and sides by the compass.
func CompassNames() Names {
	n, _ := SeatNames(game.Compass, cards.North, CompassSeats)
	return n
}

// WriteDDTable writes the table as text: a row per declarer, a column per
// strain.
func WriteDDTable(w io.Writer, t dd.Table, names Names) {
	writeSeatTable(w, "Declarer", names, func(seat cards.Seat) []string { return DDRow(t, seat) })
}

// WriteDDLeadTable writes a whist table: the tricks NS take, by the hand
// that leads and the trumps.
func WriteDDLeadTable(w io.Writer, t dd.Table, names Names) {
	writeSeatTable(w, "Leader", names, func(seat cards.Seat) []string { return DDLeadRow(t, seat) })
}

// writeSeatTable writes a row of values by strain for each seat, under a
// head naming what the seat is.
func writeSeatTable(w io.Writer, head string, names Names, row func(cards.Seat) []string) {
	fmt.Fprintf(w, "%-10s", head)
	for _, h := range DDStrainHeads(false) {
		fmt.Fprintf(w, "%4s", h)
	}
	fmt.Fprintln(w)
	for seat := cards.North; seat <= cards.West; seat++ {
		fmt.Fprintf(w, "%-10s", names.Long[seat])
		for _, v := range row(seat) {
			fmt.Fprintf(w, "%4s", v)
		}
		fmt.Fprintln(w)
	}
}

// writeDDHandText writes the analysis of a recorded hand for people.
func writeDDHandText(w io.Writer, s *projections.Session, h *game.Hand, a *ddhand.Analysis, at *string) error {
	names := CompassNames()
	var b bytes.Buffer
	title := Clean(s.Opened.Name)
	if title == "" {
		title = "Session " + s.ID
	}
	head := fmt.Sprintf("%s, hand %d: %s", title, h.Number, s.Rules.Info().Title)
	if h.Board != 0 {
		head += fmt.Sprintf(", board %d", h.Board)
	}
	head += ", dealer " + names.Long[h.Dealer]
	if at != nil {
		head += ", at " + *at
	}
	fmt.Fprintf(&b, "%s\n%s\n\n", Escape(head), a.Deal.PBN(cards.North))
	if a.BySide {
		fmt.Fprintf(&b, "Double dummy: the tricks %s take, by the hand that leads and the trumps\n", names.Sides[cards.NS])
		WriteDDLeadTable(&b, a.Table, names)
	} else {
		fmt.Fprintln(&b, "Double dummy: the tricks each hand takes as declarer, the hand on his left leading")
		WriteDDTable(&b, a.Table, names)
		fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", VulText(a.Vul, names), ParText(a.Par, names, false))
	}
	if p := a.Play; p != nil {
		writeDDPlayText(&b, h, p, names)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeDDPlayText writes the play trick by trick, each card with its cost
// when it cost its side, and the counted side's tricks after each trick.
func writeDDPlayText(b *bytes.Buffer, h *game.Hand, p *ddhand.Play, names Names) {
	side := names.Sides[p.Side]
	fmt.Fprintln(b)
	if p.Declarer != cards.NoSeat {
		fmt.Fprintf(b, "%s by %s", ContractShort(h.Contract, false), names.Long[p.Declarer])
		if h.Contract.Strain != p.Strain {
			fmt.Fprintf(b, " (%s for the solver)", p.Strain.Name())
		}
		fmt.Fprintf(b, ", %s leading: %s take %s with best play.\n", names.Long[p.Leader], side, Count(p.Start, "trick"))
	} else {
		fmt.Fprintf(b, "%s trumps, %s leading: %s take %s with best play, %s %d.\n", capital(p.Strain.Name()), names.Long[p.Leader],
			side, Count(p.Start, "trick"), names.Sides[1-p.Side], 13-p.Start)
	}
	cell := func(text string) string { return text + strings.Repeat(" ", max(1, 12-Width(text))) }
	if len(p.Cards) > 0 {
		fmt.Fprintf(b, "After each trick, the tricks %s take in all (those won included) with best play\nfrom there. [−N] marks a card that cost its side N tricks.\n", side)
		fmt.Fprintf(b, "\nTrick  %s%s%s%s%s\n", cell("1st"), cell("2nd"), cell("3rd"), cell("4th"), side)
	}
	for i := 0; i < len(p.Cards); {
		trick := p.Cards[i].Trick
		line := fmt.Sprintf("%5d  ", trick+1)
		k := 0
		for ; i < len(p.Cards) && p.Cards[i].Trick == trick; i, k = i+1, k+1 {
			c := p.Cards[i]
			text := names.Short[c.Seat] + " " + CardText(c.Card, false)
			if c.Cost > 0 {
				text += " [−" + strconv.Itoa(c.Cost) + "]"
			}
			line += cell(text)
		}
		line += strings.Repeat(cell(""), 4-k)
		fmt.Fprintf(b, "%s%d\n", line, p.Cards[i-1].Tricks)
	}
	if costly := p.Costly(); len(costly) > 0 {
		var cs []string
		for _, c := range costly {
			cs = append(cs, fmt.Sprintf("%s %s (%s) %s", names.Short[c.Seat], CardText(c.Card, false),
				CardMoment(h, c.Trick, c.Place), Count(c.Cost, "trick")))
		}
		fmt.Fprintf(b, "\nCards that cost their side tricks: %s.\n", strings.Join(cs, "; "))
	} else if len(p.Cards) > 0 {
		fmt.Fprintln(b, "\nNo card cost its side a trick.")
	}
	if p.Recorded > len(p.Cards) && p.Stopped != nil {
		fmt.Fprintf(b, "Not analysed from %s on: %s.\n", DDStoppedCard(p, names, false), p.Stop)
	}
}

// DDTableJSON is a table as JSON, in the order people read it: declarers
// N, E, S, W, each with strains S, H, D, C, NT.
type DDTableJSON dd.Table

// MarshalJSON writes {"N":{"S":t,"H":t,"D":t,"C":t,"NT":t},...}.
func (t DDTableJSON) MarshalJSON() ([]byte, error) {
	return seatStrainJSON(func(seat cards.Seat, s cards.Strain) int { return dd.Table(t).Get(s, seat) }), nil
}

// DDLeadJSON is a whist table as JSON: the tricks NS take, by the seat
// that leads and the trumps.
type DDLeadJSON dd.Table

// MarshalJSON writes {"N":{"S":t,...},...}, t the tricks of NS.
func (t DDLeadJSON) MarshalJSON() ([]byte, error) {
	return seatStrainJSON(func(seat cards.Seat, s cards.Strain) int { return DDSideTricks(dd.Table(t), s, seat, cards.NS) }), nil
}

// seatStrainJSON writes an object of a value for each seat and strain, in
// the order people read a table: seats N, E, S, W, strains S, H, D, C, NT.
func seatStrainJSON(value func(cards.Seat, cards.Strain) int) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for seat := cards.North; seat <= cards.West; seat++ {
		if seat > cards.North {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:{", seat.String())
		for i, s := range dd.Strains {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:%d", s.String(), value(seat, s))
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.Bytes()
}

// ParJSON is par as JSON: the score for NS and the par contracts, with
// NS first to bid; EWFirst only where the side that bids first matters.
type ParJSON struct {
	NS        int      `json:"ns"`
	Contracts []string `json:"contracts"`
	EWFirst   *ParJSON `json:"ew_first,omitempty"`
}

// NewParJSON is par as JSON.
func NewParJSON(r dd.ParResult) ParJSON {
	p := parViewJSON(r.NSFirst)
	if ew := parViewJSON(r.EWFirst); ew.NS != p.NS || strings.Join(ew.Contracts, ",") != strings.Join(p.Contracts, ",") {
		p.EWFirst = &ew
	}
	return p
}

// parViewJSON is one side's par view: a contract par at several levels
// is listed at each.
func parViewJSON(v dd.ParView) ParJSON {
	p := ParJSON{NS: v.Score, Contracts: []string{}}
	for _, c := range v.Contracts {
		by := c.Side().String()
		if len(c.Declarers) == 1 {
			by = c.Declarers[0].String()
		}
		for l := c.Level; l <= c.Level+c.Overtricks; l++ {
			k := strconv.Itoa(l) + c.Strain.String()
			if c.Doubled {
				k += "X"
			}
			p.Contracts = append(p.Contracts, k+" "+by)
		}
	}
	return p
}

// DDFileJSON is the analysis of a deal of a PBN file, a line of hoyle dd
// --file: its board (nil when the record has none), the deal, the table
// and par at the record's vulnerability.
type DDFileJSON struct {
	Board *int        `json:"board"`
	Deal  string      `json:"deal"`
	Table DDTableJSON `json:"table"`
	Par   ParJSON     `json:"par"`
}

// DDDealJSON is the analysis of a bare deal (hoyle dd --deal --json): par
// at nobody's vulnerability.
type DDDealJSON struct {
	Deal       string      `json:"deal"`
	Vulnerable string      `json:"vulnerable"`
	Table      DDTableJSON `json:"table"`
	Par        ParJSON     `json:"par"`
}

// DDHandJSON is the analysis of a recorded hand as JSON (hoyle dd --json).
type DDHandJSON struct {
	Session    string       `json:"session"`
	Hand       int          `json:"hand"`
	At         *string      `json:"at,omitempty"`
	Game       string       `json:"game"`
	Board      int          `json:"board,omitempty"`
	Dealer     string       `json:"dealer"`
	Vulnerable string       `json:"vulnerable,omitempty"` // par's; none at whist
	Deal       string       `json:"deal"`
	Table      *DDTableJSON `json:"table,omitempty"`
	Par        *ParJSON     `json:"par,omitempty"`
	// ByLeader is whist's table: the tricks NS take by leader and trumps.
	ByLeader *DDLeadJSON `json:"by_leader,omitempty"`
	Play     *DDPlayJSON `json:"play,omitempty"`
}

// DDPlayJSON is the play's analysis: Trace is the counted side's tricks
// before the first card and after each (as DDS's TRACE lines), Cards each
// card with its value and cost, Costly the cards that cost a trick.
type DDPlayJSON struct {
	Contract string       `json:"contract,omitempty"`
	Declarer string       `json:"declarer,omitempty"`
	Strain   string       `json:"strain"`
	Leader   string       `json:"leader"`
	Side     string       `json:"side"`
	Trace    []int        `json:"trace"`
	Cards    []DDCardJSON `json:"cards"`
	Costly   []DDCardJSON `json:"costly"`
	Stopped  *DDStopJSON  `json:"stopped,omitempty"`
}

// DDCardJSON is a card of the play: its moment, the tricks the counted
// side takes in all after it, and what it cost its side.
type DDCardJSON struct {
	Moment string `json:"moment"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Tricks int    `json:"tricks"`
	Cost   int    `json:"cost"`
}

// DDStopJSON is where the analysis of an irregular play stops.
type DDStopJSON struct {
	Moment string `json:"moment"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Why    string `json:"why"`
}

// newDDHandJSON builds the JSON of a hand's analysis.
func newDDHandJSON(s *projections.Session, h *game.Hand, a *ddhand.Analysis, at *string) DDHandJSON {
	v := DDHandJSON{Session: s.ID, Hand: h.Number, At: at, Game: s.Rules.Info().ID, Board: h.Board, Dealer: h.Dealer.String(),
		Deal: a.Deal.PBN(cards.North)}
	if a.BySide {
		t := DDLeadJSON(a.Table)
		v.ByLeader = &t
	} else {
		t, par := DDTableJSON(a.Table), NewParJSON(a.Par)
		v.Table, v.Par, v.Vulnerable = &t, &par, a.Vul.String()
	}
	p := a.Play
	if p == nil {
		return v
	}
	pj := &DDPlayJSON{Strain: p.Strain.String(), Leader: p.Leader.String(), Side: p.Side.String(),
		Trace: []int{p.Start}, Cards: []DDCardJSON{}, Costly: []DDCardJSON{}}
	if p.Declarer != cards.NoSeat {
		pj.Contract, pj.Declarer = ContractShort(h.Contract, true), p.Declarer.String()
	}
	for _, c := range p.Cards {
		cj := DDCardJSON{Moment: CardMoment(h, c.Trick, c.Place).String(), Seat: c.Seat.String(), Card: c.Card.String(), Tricks: c.Tricks, Cost: c.Cost}
		pj.Trace = append(pj.Trace, c.Tricks)
		pj.Cards = append(pj.Cards, cj)
		if c.Cost > 0 {
			pj.Costly = append(pj.Costly, cj)
		}
	}
	if p.Stopped != nil && p.Recorded > len(p.Cards) {
		pj.Stopped = &DDStopJSON{Moment: MomentOfCard(h, p.Stopped.ID).String(), Seat: p.Stopped.Seat.String(), Card: p.Stopped.Card.String(), Why: p.Stop}
	}
	v.Play = pj
	return v
}
