// Package markdown writes a hand up as Markdown, the way Foster's Hoyle
// presents its illustrative hands: a title line, the four hands as a
// diagram, the auction in columns by seat from the first to call (or, in a
// game without one, the card turned up for trumps), the play trick by
// trick with the winner marked, each note at its place with its glyph
// (on a call or card, on a trick as a whole, or with the hand's
// commentary), and the result with the score entries and the laws that
// produced them. Under the diagram goes the double-dummy analysis of the
// deal (its table and par, as the books print them), and each card of the
// play that cost its side tricks carries the machine's mark, apart from
// people's notes (dd.go; Options.NoDD leaves it out).
//
// A write-up can be shaped for a column (Options): a title of the
// writer's own, hands hidden for a problem, the play left out, the
// narrative started at a moment (From) or stopped at one (At): the diagram
// then shows the cards remaining, the end position of the books. The
// diagram is turned for Foster's letters so that Z, the dealer, sits at
// the bottom. The same Markdown is what `hoyle show` renders in a terminal
// (see Terminal), folded to the terminal's width, and what export/html
// renders as a page (Build gives it the diagram as a grid).
//
// User text (names, notes) goes through Text, so it can never break a table,
// inject HTML or carry terminal control sequences.
package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// Options say which hand to write, between which moments, and how.
type Options struct {
	// Hand is the hand's number; 0 means the hand of At (or From), or else
	// the session's latest hand.
	Hand int
	// At, when set, writes the hand as it stood at that moment: nothing
	// after it is told, and the diagram shows the cards remaining then.
	At *replay.Moment
	// From, when set, starts the narrative at that moment: the diagram is
	// the position then (the cards remaining), the play table starts with
	// the trick in progress or the next, and only notes on what came after
	// are told. The auction, being how the contract came about, is given
	// whole. From must be in the hand written, and not after At.
	From *replay.Moment
	// Seats names the seats by compass (default) or by Foster's letters,
	// with the diagram turned so that Z, the dealer, is at the bottom.
	Seats replay.SeatStyle
	// ASCII writes suits as S H D C instead of ♠ ♥ ♦ ♣.
	ASCII bool
	// Title, when not empty, is the first heading, instead of the
	// session's name and the hand's number. It is user text.
	Title string
	// Hide names the hands left out of the diagram, shown as "—", for a
	// problem: seats as the write-up names them ("E", "West", Foster's
	// "A"), players' names, or sides ("EW", "AB"). See ParseHide.
	Hide []string
	// NoPlay leaves out the play table and the notes on its cards and
	// tricks.
	NoPlay bool
	// Labels says whether notes carry the moment they are at ("(1.a1)"),
	// for a reviewer; LabelsNone, the zero value, is for readers.
	Labels Labels
	// Width, when more than 0, is the width of the terminal the
	// write-up is rendered for (see Terminal): a table that would be wider
	// is folded into a list, and the diagram's labels are cut to fit.
	Width int
	// UnderDiagram, when set, is asked for a section to go under the
	// diagram, after the double-dummy analysis (see NoDD): it is given the
	// hand and the cards the diagram shows by seat, and returns Markdown
	// (its own "## " heading included), or "" for nothing.
	UnderDiagram func(h *game.Hand, shown []cards.Set) (string, error)
	// NoDD leaves out the double-dummy analysis (dd.go): the table and
	// par under the diagram, the marks on costly cards, the value of an
	// end position.
	NoDD bool
	// DD gives the solver's answers (a ddkeep source, which finds them
	// beside the log); nil: the process's keeper (see replay.HandAnalysis).
	DD ddhand.Solutions
	// Notes places the notes: numbered footnotes after each table (the
	// default), or prose after the trick they belong to (NotesInline).
	Notes NotesStyle
}

// Writeup is a write-up made: its Markdown, and what a renderer needs to
// draw it richer than Markdown can.
type Writeup struct {
	Markdown []byte
	// Title is the first heading as plain text (not Markdown): a page's
	// title.
	Title string
	// Diagram is the hands drawn in the write-up's first code block, for
	// a renderer that lays them out as a grid rather than as text.
	Diagram replay.Diagram
}

// Write writes the write-up of a hand of the session whose log is envs.
func Write(w io.Writer, envs []events.Envelope, opts Options) error {
	b, err := Render(envs, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Render is the write-up of a hand of the session whose log is envs.
func Render(envs []events.Envelope, opts Options) ([]byte, error) {
	w, err := Build(envs, opts)
	if err != nil {
		return nil, err
	}
	return w.Markdown, nil
}

// Build makes the write-up of a hand of the session whose log is envs.
func Build(envs []events.Envelope, opts Options) (*Writeup, error) {
	full, err := projections.Fold(envs)
	if err != nil {
		return nil, err
	}
	return BuildFolded(full, envs, opts)
}

// RenderFolded is Render of a session already folded: full is the fold of
// envs, or a session read for the hand written up, with envs that hand's
// events (see projections/load.Hand), which costs the hand, not the
// session.
func RenderFolded(full *projections.Session, envs []events.Envelope, opts Options) ([]byte, error) {
	w, err := BuildFolded(full, envs, opts)
	if err != nil {
		return nil, err
	}
	return w.Markdown, nil
}

// BuildFolded is Build of a session already folded (see RenderFolded).
func BuildFolded(full *projections.Session, envs []events.Envelope, opts Options) (*Writeup, error) {
	d := &doc{envs: envs, full: full, state: full, opts: opts, ascii: opts.ASCII, refs: map[noteKey]int{}}
	number := opts.Hand
	var err error
	if opts.At != nil {
		p, state, err := d.foldAt(*opts.At, number)
		if err != nil {
			return nil, err
		}
		d.state, d.at, number = state, &p, p.Hand
	}
	if number == 0 && opts.From != nil {
		p, err := replay.Resolve(full, *opts.From)
		if err != nil {
			return nil, err
		}
		number = p.Hand
	}
	if number == 0 {
		number = len(full.Hands)
	}
	if number < 1 || number > len(full.Hands) || number > len(d.state.Hands) {
		if len(full.Hands) == 0 {
			return nil, fmt.Errorf("%w: no hand has been dealt in this session", ErrNoHand)
		}
		return nil, fmt.Errorf("%w: hand %d; the session has hands 1 to %d", ErrNoHand, number, len(full.Hands))
	}
	d.h = d.state.Hands[number-1]
	if opts.From != nil {
		p, state, err := d.foldAt(*opts.From, number)
		if err != nil {
			return nil, err
		}
		if d.at != nil && p.Version > d.at.Version {
			return nil, fmt.Errorf("%w: %s comes after %s", ErrFromAfterAt, opts.From, opts.At)
		}
		d.from, d.fromHand = &p, state.Hands[number-1]
	}
	if d.names, err = replay.SeatNames(d.h.Seating, d.h.Dealer, opts.Seats); err != nil {
		return nil, err
	}
	if d.hidden, err = d.parseHide(opts.Hide); err != nil {
		return nil, err
	}
	d.collectNotes(number)
	if err := d.analyse(number); err != nil {
		return nil, err
	}
	if err := d.write(); err != nil {
		return nil, err
	}
	if d.wholeLog {
		return nil, replay.ErrWholeLog
	}
	md := append(bytes.TrimRight(d.b.Bytes(), "\n"), '\n')
	return &Writeup{Markdown: md, Title: d.plainTitle, Diagram: d.diagramShown}, nil
}

// foldAt folds the session at a moment of hand number (0: any hand).
func (d *doc) foldAt(m replay.Moment, number int) (replay.Point, *projections.Session, error) {
	p, err := replay.Resolve(d.full, m)
	if err != nil {
		return p, nil, err
	}
	state, err := replay.FoldAt(d.full, d.envs, p)
	if err != nil {
		return p, nil, err
	}
	cur := state.Current()
	if cur == nil {
		return p, nil, fmt.Errorf("%w: no hand had been dealt at %s", ErrNoHand, m)
	}
	if number != 0 && number != cur.Number {
		return p, nil, fmt.Errorf("%w: %s is in hand %d, not hand %d", ErrHandMismatch, m, cur.Number, number)
	}
	p.Hand = cur.Number
	return p, state, nil
}

// doc is one write-up being written.
type doc struct {
	b     bytes.Buffer
	envs  []events.Envelope
	full  *projections.Session // the whole session: notes, score entries
	state *projections.Session // the session at the moment written to
	h     *game.Hand           // the hand as it stood at the moment
	at    *replay.Point        // the moment written to, or nil for the whole hand
	// from is the moment the narrative starts at, or nil; fromHand the
	// hand as it stood then.
	from     *replay.Point
	fromHand *game.Hand
	opts     Options
	names    replay.Names
	ascii    bool
	hidden   []bool

	notes map[noteKey][]projections.Note // notes told, by what they are on
	refs  map[noteKey]int                // reference number of each annotated call, card or trick
	next  int

	plainTitle   string
	diagramShown replay.Diagram

	dd     *ddhand.Analysis // the double-dummy analysis, or nil (dd.go)
	ddWhy  error            // why the hand has none, when it cannot be analysed
	marked bool             // a card of the play was marked as costly
	// wholeLog: a score the write-up needs only the whole log can give
	// (replay.ErrWholeLog); the caller reads it and writes again.
	wholeLog bool
}

func (d *doc) printf(format string, a ...any) { fmt.Fprintf(&d.b, format, a...) }

func (d *doc) write() error {
	d.title()
	if err := d.diagram(); err != nil {
		return err
	}
	d.auction()
	if !d.opts.NoPlay {
		d.play()
	}
	d.irregularities() // irregular.go
	if d.h.Phase == game.PhaseDone {
		d.result()
	}
	d.commentary()
	return nil
}

// title is the heading and the line under it: the session, the hand, the
// game, the dealer, the score and vulnerability when the hand was dealt.
func (d *doc) title() {
	head := d.defaultTitle()
	describe := func(p *replay.Point) string {
		return strings.TrimPrefix(p.Moment.Describe(), fmt.Sprintf("hand %d, ", d.h.Number))
	}
	switch {
	case d.from != nil && d.at != nil:
		head += ", from " + describe(d.from) + " to " + describe(d.at)
	case d.from != nil:
		head += ", from " + describe(d.from)
	case d.at != nil:
		head += ", " + describe(d.at)
	}
	if t := replay.Clean(d.opts.Title); t != "" {
		head = t
	}
	d.plainTitle = head
	d.printf("# %s\n\n", Text(head))
	parts := []string{Text(d.full.Rules.Info().Title)}
	if d.h.Board != 0 {
		parts = append(parts, fmt.Sprintf("board %d", d.h.Board))
	}
	if sit := d.sitting(); sit.Round > 0 {
		// Where the hand falls in a rotation of the players (a pivot, a
		// progressive table, Six-hand Bridge's deals at two tables).
		where := fmt.Sprintf("round %d", sit.Round)
		if sit.Table > 0 {
			where = fmt.Sprintf("deal %d, table %d", sit.Round, sit.Table)
		}
		parts = append(parts, where)
	}
	parts = append(parts, "dealer "+d.seatName(d.h.Dealer))
	if d.h.TurnUp != cards.NoCard {
		parts = append(parts, "turned up "+replay.CardText(d.h.TurnUp, d.ascii))
	}
	if v := d.vulnerable(); v != "" {
		parts = append(parts, v)
	}
	if !d.full.PlaysBoards() {
		// A duplicate board is scored on its own, against its other
		// plays: there is no running score before it.
		parts = append(parts, "score before the hand: "+d.scoreBefore())
	}
	sep := " · "
	if d.ascii {
		sep = "; "
	}
	d.printf("%s\n\n", strings.Join(parts, sep))
}

// defaultTitle names the hand for a reader, as a column would: by the
// session's name, else the event's and the board's, else the players',
// else the game's; never by the session's ID, which means nothing to a
// reader.
func (d *doc) defaultTitle() string {
	n, board := d.h.Number, d.h.Board
	if name := replay.Clean(d.full.Opened.Name); name != "" {
		return fmt.Sprintf("%s: hand %d", name, n)
	}
	players := d.playersTitle()
	event := replay.Clean(d.full.Opened.Event)
	switch {
	case event != "" && board != 0:
		return fmt.Sprintf("%s: board %d", event, board)
	case event != "":
		return fmt.Sprintf("%s: hand %d", event, n)
	case board != 0 && players != "":
		return fmt.Sprintf("Board %d: %s", board, players)
	case board != 0:
		return fmt.Sprintf("Board %d", board)
	case players != "":
		return fmt.Sprintf("%s: hand %d", players, n)
	}
	return fmt.Sprintf("%s: hand %d", d.full.Rules.Info().Title, n)
}

// playersTitle names the hand's players side against side, "Ann and Cy v
// Bob and Di", or "" when a seat has no player named.
func (d *doc) playersTitle() string {
	seating := d.h.Seating
	bySide := make([][]string, seating.SideCount())
	for seat := range seating.Seats {
		p := replay.Clean(replay.SeatPlayer(d.full, d.h, cards.Seat(seat)))
		side := int(seating.SideOf(cards.Seat(seat)))
		if p == "" || side < 0 || side >= len(bySide) {
			return ""
		}
		bySide[side] = append(bySide[side], p)
	}
	var sides []string
	for _, ps := range bySide {
		if len(ps) > 0 {
			sides = append(sides, strings.Join(ps, " and "))
		}
	}
	return strings.Join(sides, " v ")
}

// sitting is who sat where on the hand, as the whole session recorded it
// (a write-up at the moment of the deal has not folded the seating yet).
func (d *doc) sitting() game.Sitting {
	for _, h := range d.full.Hands {
		if h.Number == d.h.Number {
			return h.Sitting
		}
	}
	return d.h.Sitting
}

// seatName is a seat's long name; in Foster's style, with the player's
// name beside the letter ("Z (Abe)") when the player has one of his own.
func (d *doc) seatName(seat cards.Seat) string {
	name := d.names.Long[seat]
	if d.opts.Seats == replay.FosterSeats {
		if p := replay.SeatPlayer(d.full, d.h, seat); p != "" && p != name {
			name += " (" + Text(p) + ")"
		}
	}
	return name
}

// vulnerable says which sides were vulnerable, when the deal says (a
// duplicate board, or a ruleset that records it); "" when the game has no
// vulnerability on record.
func (d *doc) vulnerable() string {
	if d.h.Vulnerable == cards.VulNone && d.h.Board == 0 {
		return ""
	}
	return d.h.Vulnerable.Text(d.names.Side)
}

// scoreBefore is the score when the hand was dealt.
func (d *doc) scoreBefore() string {
	s := d.full
	if p, err := replay.Resolve(d.full, replay.Moment{Kind: replay.Dealt, Hand: d.h.Number}); err == nil {
		if before, err := replay.FoldAt(d.full, d.envs, p); err == nil {
			s = before
		} else if errors.Is(err, replay.ErrWholeLog) {
			d.wholeLog = true // never the score after the hand in its place
		}
	}
	return replay.ScoreSummary(s.Score(), d.names)
}

// shownHand is the hand as the diagram shows it: at From, else at At,
// else as dealt.
func (d *doc) shownHand() (h *game.Hand, atMoment bool) {
	switch {
	case d.fromHand != nil:
		return d.fromHand, true
	case d.at != nil:
		return d.h, true
	}
	return d.h, false
}

// diagram writes the four hands (as dealt, or remaining at the moment) in
// a code block, then what goes under it (UnderDiagram), the notes on the
// deal and, at a moment, where the play stands.
func (d *doc) diagram() error {
	h, atMoment := d.shownHand()
	seats := h.Seating.Seats
	dg := replay.Diagram{Hands: make([]cards.Set, seats), Known: make([]bool, seats), Hidden: d.hidden,
		Labels: make([]string, seats), Rose: d.names.Short, ASCII: d.ascii, Turn: d.names.Turn}
	if d.opts.Width > 0 {
		dg.Width = d.opts.Width - codeMargin
	}
	for seat := range seats {
		dg.Known[seat] = h.Known(cards.Seat(seat))
		dg.Hands[seat] = h.Dealt[seat]
		if atMoment {
			dg.Hands[seat] = h.Held[seat]
		}
		dg.Labels[seat] = d.names.Long[seat]
		if p := replay.SeatPlayerShort(d.full, h, cards.Seat(seat)); p != "" && p != dg.Labels[seat] {
			dg.Labels[seat] += ": " + p
		}
	}
	if !atMoment {
		dg.Widow, dg.WidowName = h.Widow, d.full.Rules.Info().WidowName
	}
	d.diagramShown = dg
	d.printf("```\n%s\n```\n\n", strings.Join(dg.Lines(), "\n"))
	d.ddSection(h, atMoment)
	if d.opts.UnderDiagram != nil {
		shown := make([]cards.Set, seats)
		for seat := range seats {
			if dg.Shown(seat) {
				shown[seat] = dg.Hands[seat]
			}
		}
		extra, err := d.opts.UnderDiagram(h, shown)
		if err != nil {
			return err
		}
		if extra = strings.TrimSpace(extra); extra != "" {
			d.printf("%s\n\n", extra)
		}
	}
	deal := noteKey{h.DealID, table.NoteOnEvent}
	if len(d.notes[deal]) > 0 {
		d.ref(deal)
		d.noteList([]noteKey{deal}, func(noteKey) string { return "The deal" })
	}
	if atMoment && h.Phase != game.PhaseDone {
		d.position(h)
	}
	return nil
}

// toAct says whose turn it is to call or play ("West to call", "North
// (dummy) to play"), or that it is nobody's: an irregularity can stop the
// auction or the play until its remedy is chosen (a declaration out of
// turn in Draw Bridge waits on the eldest hand's choice).
func (d *doc) toAct(h *game.Hand, what string) string {
	if h.Turn < 0 || int(h.Turn) >= len(d.names.Long) {
		if len(h.Open(d.state.Rules)) > 0 {
			return "nobody is to " + what + " until a penalty is chosen"
		}
		return "nobody is to " + what
	}
	who := d.names.Long[h.Turn]
	if what == "play" && h.IsDummy(h.Turn) {
		who += " (dummy)"
	}
	return who + " to " + what
}

// codeMargin is what glamour adds either side of a code block: the
// diagram is that much narrower than the terminal.
const codeMargin = 4

// position says where the hand stands at the moment: the stage, the trick
// on the table, whose turn, the tricks so far.
func (d *doc) position(h *game.Hand) {
	var parts []string
	switch h.Phase {
	case game.PhaseAuction:
		parts = append(parts, fmt.Sprintf("The auction is not over; %s.", d.toAct(h, "call")))
	case game.PhasePlay:
		parts = append(parts, d.contractLine(h)+".")
		if t := h.CurrentTrick(); t != nil && len(t.Cards) > 0 {
			var cs []string
			for _, p := range t.Cards {
				cs = append(cs, d.names.Short[p.Seat]+" "+replay.CardText(p.Card, d.ascii))
			}
			parts = append(parts, fmt.Sprintf("On the table, trick %d: %s.", len(h.Tricks), strings.Join(cs, ", ")))
		}
		switch {
		case h.Unsettled() != nil:
			parts = append(parts, fmt.Sprintf("Tricks so far: %s; who won trick %d is not yet recorded (the laws as printed do not say).", d.tricksWon(h.Won), len(h.Tricks)))
		default:
			parts = append(parts, fmt.Sprintf("Tricks so far: %s; %s.", d.tricksWon(h.Won), d.toAct(h, "play")))
		}
		if !d.ddHidden() {
			if line := replay.DDPositionText(d.dd, h, d.names, d.ascii); line != "" {
				parts = append(parts, line)
			}
		}
	default:
		parts = append(parts, fmt.Sprintf("Phase: %s.", h.Phase))
	}
	d.printf("%s\n\n", strings.Join(parts, " "))
}

// contractLine is "2NT by East, West dummy"; in a hand nobody declares,
// what made the trump: the card turned up (whist), a player announcing it
// (Humbug Whist's dealer, in a variation), or nobody bidding (Five
// Hundred, played at no trumps).
func (d *doc) contractLine(h *game.Hand) string {
	c := h.Contract
	if c == nil {
		return "No contract"
	}
	if cw, ok := d.full.Rules.(game.ContractWording); ok {
		words := cw.ContractWords(h)
		return strings.ToUpper(words[:1]) + words[1:]
	}
	if c.Declarer == cards.NoSeat {
		switch {
		case h.TurnUp != cards.NoCard:
			line := fmt.Sprintf("Trumps: %s, %s turned up by %s", c.Strain.Name(), replay.CardText(h.TurnUp, d.ascii), d.names.Long[h.Dealer])
			for _, dm := range h.Dummies() {
				line += fmt.Sprintf("; %s dummy, played by %s", d.names.Long[dm], d.names.Long[h.PlayedFrom(dm)])
			}
			return line
		case len(h.Calls) > 0:
			if by, ok := replay.TrumpNamedBy(h); ok {
				return fmt.Sprintf("Trumps: %s, announced by %s", c.Strain.Name(), d.names.Long[by])
			}
			return "Nobody bid: played at " + c.Strain.Name()
		}
		return "Trumps: " + c.Strain.Name()
	}
	line := fmt.Sprintf("%s by %s", capital(d.contractText(c)), d.names.Long[c.Declarer])
	if h.Dummy != cards.NoSeat {
		line += fmt.Sprintf(", %s dummy", d.names.Long[h.Dummy])
	}
	return line
}

// tricksTaken is "NS took 12 tricks, EW 1".
func (d *doc) tricksTaken(won []int) string {
	var parts []string
	for s, n := range won {
		if s == 0 {
			parts = append(parts, fmt.Sprintf("%s took %s", d.names.Sides[s], replay.Count(n, "trick")))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d", d.names.Sides[s], n))
	}
	return strings.Join(parts, ", ")
}

// tricksWon is "NS 3, EW 5".
func (d *doc) tricksWon(won []int) string {
	var parts []string
	for s, n := range won {
		parts = append(parts, fmt.Sprintf("%s %d", d.names.Sides[s], n))
	}
	return strings.Join(parts, ", ")
}
