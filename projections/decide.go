package projections

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// Deciding. A session is the aggregate of its events: given what the
// scorer entered, it decides whether the laws allow it here and which
// events record it. Each Decide method proposes its events one by one
// (Propose), so that the second call of a line is judged on the table the
// first left; it returns them, and the session has moved on by them. On a
// refusal it returns the laws' reason and the events already proposed
// must not be appended (the writer, projections/recorder, appends all or
// none).
//
// Deciding reads no clock and no store: the writer passes a Stamp that
// gives each event its ID and time.

// Stamp wraps a payload as a new event: a fresh ID and the time it is
// recorded. The writer supplies it, so that deciding stays deterministic.
type Stamp func(events.Payload) events.Event

// Propose applies a new event to the session, or returns the laws' refusal
// and leaves the session as it was. Everything that writes events (the
// recorder's entries, imports, the simulator) proposes them here first.
func (s *Session) Propose(ev events.Event) error {
	env := events.Envelope{Type: ev.Data.EventType(), ID: ev.ID, Session: s.ID, Version: s.Version + 1, At: ev.At, Data: ev.Data}
	if err := s.Apply(env); err != nil {
		return err
	}
	s.Version++
	return nil
}

// propose stamps p and proposes it.
func (s *Session) propose(stamp Stamp, p events.Payload) (events.Event, error) {
	ev := stamp(p)
	return ev, s.Propose(ev)
}

// proposeOne is an entry of a single event.
func (s *Session) proposeOne(stamp Stamp, p events.Payload) ([]events.Event, error) {
	ev, err := s.propose(stamp, p)
	if err != nil {
		return nil, err
	}
	return []events.Event{ev}, nil
}

// ToAct is the seat whose turn it is in the current hand, or NoSeat before
// the first deal (the laws then refuse the entry, naming what is missing).
func (s *Session) ToAct() cards.Seat {
	if h := s.Current(); h != nil {
		return h.Turn
	}
	return cards.NoSeat
}

// eachToken proposes one event a token, in order, each for the seat to act
// when its turn comes: read makes the payload of a token.
func (s *Session) eachToken(stamp Stamp, tokens []string, read func(seat cards.Seat, tok string) (events.Payload, error)) ([]events.Event, error) {
	var out []events.Event
	for _, tok := range tokens {
		p, err := read(s.ToAct(), tok)
		if err != nil {
			return nil, err
		}
		ev, err := s.propose(stamp, p)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// DecideCalls records calls, each for whoever's turn it is, in the game's
// words.
func (s *Session) DecideCalls(stamp Stamp, tokens []string) ([]events.Event, error) {
	var out []events.Event
	for _, tok := range tokens {
		seat := s.ToAct()
		call, err := s.Rules.ParseCall(tok)
		if err != nil {
			return nil, err
		}
		if rf, ok := s.Rules.(game.RulingFirst); ok && s.Current() != nil {
			if err := rf.RulingFirst(s.Current(), call); err != nil {
				return nil, err
			}
		}
		ev, err := s.propose(stamp, &table.Called{Seat: seat, Call: call})
		if err != nil {
			// A call the laws refuse may have been made all the same:
			// the refusal names the command that records it as made.
			return nil, s.irregularHint(err, seat, call)
		}
		out = append(out, ev)
	}
	return out, nil
}

// DecidePlays records cards, each for whoever's turn it is (the declarer
// names dummy's cards when it is dummy's turn).
func (s *Session) DecidePlays(stamp Stamp, tokens []string) ([]events.Event, error) {
	return s.eachToken(stamp, tokens, func(seat cards.Seat, tok string) (events.Payload, error) {
		c, err := cards.ParseCard(tok)
		return &table.Played{Seat: seat, Card: c}, err
	})
}

// ClaimSpec is a claim as the scorer gives it.
type ClaimSpec struct {
	// Tricks is how many of the tricks not yet completed the claimer's
	// side takes.
	Tricks int
	// By is whose claim it is: a seat, a player's name or a side ("NS").
	// Empty means the declarer's; a game without a declarer (whist, Five
	// Hundred when nobody bid) needs it said.
	By string
	// Others is how the rest fall in a game of more than two sides, by
	// seat or player's name: Five Hundred's "claim 5 A=3 C=2". The share
	// of the one player left out, if only one is, is what remains.
	Others map[string]int
	// Statement is the claimer's statement of the line of play, on which
	// a contested claim is ruled (Laws of Duplicate Bridge 2017, Laws 68C
	// and 70).
	Statement string
}

// DecideClaim records a claim: the claimer's side takes spec.Tricks of
// the tricks not yet completed, and the rest fall to the other side, or
// as spec.Others shares them out.
func (s *Session) DecideClaim(stamp Stamp, spec ClaimSpec) ([]events.Event, error) {
	h := s.Current()
	p := &table.Claimed{Seat: cards.NoSeat, Tricks: spec.Tricks, Statement: spec.Statement}
	switch {
	case spec.By != "":
		seat, err := s.claimer(spec.By)
		if err != nil {
			return nil, err
		}
		p.Seat = seat
	case h != nil && h.Contract != nil && h.Contract.Declarer != cards.NoSeat:
		p.Seat = h.Contract.Declarer
	}
	if len(spec.Others) > 0 {
		seating := s.Seating()
		keys := make([]string, 0, len(spec.Others))
		for k := range spec.Others {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			seat, err := s.SeatOf(k)
			if err != nil {
				return nil, err
			}
			p.Others = append(p.Others, table.SeatTricks{Seat: seat, Tricks: spec.Others[k]})
		}
		// One player left out takes what remains.
		if h != nil && p.Seat != cards.NoSeat && seating.SideCount() > 2 && len(p.Others) == seating.SideCount()-2 {
			named := map[cards.Side]bool{seating.SideOf(p.Seat): true}
			rest := s.Rules.Tricks() - h.CompletedTricks() - spec.Tricks
			for _, o := range p.Others {
				named[seating.SideOf(o.Seat)] = true
				rest -= o.Tricks
			}
			for seat := range seating.Seats {
				if !named[seating.SideOf(cards.Seat(seat))] {
					p.Others = append(p.Others, table.SeatTricks{Seat: cards.Seat(seat), Tricks: rest})
					break
				}
			}
		}
		sort.Slice(p.Others, func(i, j int) bool { return p.Others[i].Seat < p.Others[j].Seat })
	}
	if h != nil && h.Phase == game.PhasePlay && p.Seat != cards.NoSeat && s.Seating().SideCount() > 2 && len(p.Others) == 0 {
		if rest := s.Rules.Tricks() - h.CompletedTricks() - spec.Tricks; rest > 0 {
			var names []string
			for seat := range s.Seating().Seats {
				if cards.Seat(seat) != p.Seat {
					names = append(names, s.Seating().Names[seat])
				}
			}
			return nil, game.Illegal(strconv.Itoa(spec.Tricks), fmt.Sprintf("say how the other %d tricks fall between %s, e.g. claim %d %s=%d %s=%d",
				rest, strings.Join(names, " and "), spec.Tricks, names[0], rest-rest/2, names[1], rest/2), "")
		}
	}
	return s.proposeOne(stamp, p)
}

// claimer reads whose claim it is: a seat, a player, or a side, taken as
// its seat to play now if it has the turn, else its first seat.
func (s *Session) claimer(by string) (cards.Seat, error) {
	if seat, err := s.SeatOf(by); err == nil {
		return seat, nil
	}
	seating := s.Seating()
	side, err := cards.ParseSide(by)
	if err != nil || int(side) >= seating.SideCount() {
		return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: by,
			Reason: fmt.Sprintf("say whose claim it is: a seat (%s), a player's name, or a side", strings.Join(seating.Names, ", "))}
	}
	if t := s.ToAct(); t != cards.NoSeat && seating.SideOf(t) == side {
		return t, nil
	}
	for seat := range seating.Seats {
		if seating.SideOf(cards.Seat(seat)) == side {
			return cards.Seat(seat), nil
		}
	}
	return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: by, Reason: "no seat of that side at this table"}
}

// DecideDiscard records the cards the seat to act lays away.
func (s *Session) DecideDiscard(stamp Stamp, tokens []string) ([]events.Event, error) {
	cs, err := parseCards(tokens)
	if err != nil {
		return nil, err
	}
	return s.proposeOne(stamp, &table.Discarded{Seat: s.ToAct(), Cards: cs})
}

// DecideHonours records honours claimed at the table by a side, when the
// deal was not recorded and hoyle cannot count them; the ruleset checks
// the claim.
func (s *Session) DecideHonours(stamp Stamp, side cards.Side, holding string) ([]events.Event, error) {
	hr, ok := s.Rules.(game.HonoursRules)
	if !ok {
		return nil, game.Illegal(holding, s.Rules.Info().Title+" does not score honours", "")
	}
	name, err := hr.CheckHonours(s.Current(), side, holding)
	if err != nil {
		return nil, err
	}
	return s.proposeOne(stamp, &table.HonoursClaimed{Side: side, Holding: name})
}

// DecideClose ends the session by agreement. A hand in progress must be
// finished (or undone) first: a deal once started is played out (1913
// Law 11), and its score would otherwise be lost.
func (s *Session) DecideClose(stamp Stamp, reason string) ([]events.Event, error) {
	if h := s.Current(); h != nil && h.Phase != game.PhaseDone && !s.Closed {
		return nil, game.Illegal("close", fmt.Sprintf("hand %d is still in progress (%s); finish it, or undo its entries, before closing", h.Number, h.Phase), "")
	}
	return s.proposeOne(stamp, &table.SessionClosed{Reason: reason})
}

// undoable are the events undo retracts: the scorer's entries at the table.
var undoable = map[string]bool{
	table.TypeDealt: true, table.TypeCalled: true, table.TypePlayed: true, table.TypeClaimed: true,
	table.TypeDiscarded: true, table.TypeShuffled: true, table.TypeCut: true, table.TypeHonoursClaimed: true,
	table.TypeSessionClosed: true, table.TypeCutForDeal: true, table.TypeTrickWon: true,
	table.TypeRulingAdjusted: true,
}

// DecideUndo retracts the latest deal, call, card, claim or other table
// entry in force. The retracted event stays in the log.
func (s *Session) DecideUndo(stamp Stamp) ([]events.Event, error) {
	for i := len(s.Steps) - 1; i >= 0; i-- {
		st := s.Steps[i]
		if !undoable[st.Type] {
			continue
		}
		if h := s.Current(); st.Type == table.TypeDealt && h != nil && (len(h.Calls) > 0 || len(h.Tricks) > 0) {
			return nil, fmt.Errorf("%w: hand %d has calls or cards recorded; undo them first", game.ErrNothingToUndo, h.Number)
		}
		// Not proposed: a retraction takes effect in a fresh fold.
		return []events.Event{stamp(&table.Retracted{Target: st.ID, Reason: "undo"})}, nil
	}
	return nil, fmt.Errorf("%w: no deal, call, card or claim is recorded in this session", game.ErrNothingToUndo)
}

// NoteSpec is a note: its text, glyph, author, and what it is on: an
// event (Target; zero: the latest deal, call, card or claim), or with On a
// trick (Trick of Hand) or a hand (Hand; 0 is the latest hand).
type NoteSpec struct {
	Text   string
	Glyph  string
	By     string
	Target events.ID
	On     table.NoteOn
	Hand   int
	Trick  int
}

// Check refuses a note with nothing in it or a glyph that is not one.
func (n NoteSpec) Check() error {
	if n.Glyph != "" && !validGlyph(n.Glyph) {
		return &cards.TokenError{Kind: game.ErrBadGlyph, Token: n.Glyph, Reason: fmt.Sprintf("a glyph is one of %v", table.Glyphs)}
	}
	if n.Text == "" && n.Glyph == "" {
		return fmt.Errorf("%w: a note needs text or a glyph", game.ErrNothingToNote)
	}
	return nil
}

func validGlyph(g string) bool {
	for _, v := range table.Glyphs {
		if v == g {
			return true
		}
	}
	return false
}

// DecideNote annotates an event: n.Target, or the latest table entry.
func (s *Session) DecideNote(stamp Stamp, n NoteSpec) ([]events.Event, error) {
	if err := n.Check(); err != nil {
		return nil, err
	}
	target := n.Target
	if n.On != table.NoteOnEvent {
		var err error
		if target, err = s.noteTarget(n); err != nil {
			return nil, err
		}
	}
	if target == (events.ID{}) {
		for i := len(s.Steps) - 1; i >= 0; i-- {
			if undoable[s.Steps[i].Type] || s.Steps[i].Type == table.TypeSessionOpened {
				target = s.Steps[i].ID
				break
			}
		}
	}
	return s.proposeOne(stamp, &table.Noted{Target: target, Text: n.Text, Glyph: n.Glyph, By: n.By, On: n.On})
}

// NoteFilter picks the note to withdraw: the latest note in force, on
// Target if it is set, by By if it is set.
type NoteFilter struct {
	Target events.ID
	By     string
}

// DecideRetractNote withdraws a note, as undo withdraws a call or a card:
// the note stays in the log, and every projection leaves it out. It needs
// the whole session (a note may be on an earlier hand).
func (s *Session) DecideRetractNote(stamp Stamp, f NoteFilter) ([]events.Event, error) {
	if s.Partial() {
		return nil, game.ErrWholeSession
	}
	for i := len(s.Notes) - 1; i >= 0; i-- {
		n := s.Notes[i]
		if (f.Target != events.ID{} && n.Target != f.Target) || (f.By != "" && n.By != f.By) {
			continue
		}
		return s.proposeOne(stamp, &table.Retracted{Target: n.ID, Reason: "note withdrawn"})
	}
	what := "in this session"
	if f.By != "" {
		what = "by " + f.By
	}
	if f.Target != (events.ID{}) {
		what += " on that event"
	}
	return nil, fmt.Errorf("%w %s", game.ErrNoNote, what)
}

// SessionSpec is what a new session is opened with.
type SessionSpec struct {
	Game string // ruleset ID
	Name string // a name for people: "Tuesday club"
	// Players names the player in each seat: the key is the seat as the
	// game names it ("N", "north", "A").
	Players map[string]string
	// PlayerList names every player in seat order (--players); not with
	// Players. Dealer may then name one of them.
	PlayerList []string
	Dealer     string            // a seat name, or with PlayerList a player's; "" for the game's default
	Options    map[string]string // ruleset options (validated against its Info)
	// Placement is where the session sits in an event: "" fields for a
	// session played on its own.
	Placement Placement
}

// DecideOpen checks a new session's spec against its game (seats,
// players, dealer, options) and returns the event that opens it.
func DecideOpen(spec SessionSpec) (*table.SessionOpened, error) {
	rs, err := rules.Lookup(spec.Game)
	if err != nil {
		return nil, err
	}
	opts, err := checkOptions(rs, spec.Options)
	if err != nil {
		return nil, err
	}
	gopts := game.Options{}
	for _, o := range opts {
		gopts[o.Name] = o.Value
	}
	seating := rs.Seating()
	// places is where the players are named: the seats, or, in a game
	// whose players move between hands, the places the game names.
	places := seating
	sitter, moves := rs.(game.Sitter)
	if moves {
		places = game.Seating{Seats: len(sitter.Places(gopts)), Names: sitter.Places(gopts)}
	}
	players := make([]string, places.Seats)
	dealerName, dealerPlace := spec.Dealer, -1
	if len(spec.PlayerList) > 0 {
		if len(spec.Players) > 0 {
			return nil, fmt.Errorf("%w: give the players either in seat order or seat by seat, not both", game.ErrBadPlayers)
		}
		// Where the players are named seat by seat, in the order the game
		// names them (English Dummy: the order of the cut), not seat order.
		order := seating.PlayerSeats()
		if moves {
			order = nil
			for i := range places.Seats {
				order = append(order, cards.Seat(i))
			}
		}
		if len(spec.PlayerList) != len(order) {
			what := playersText(seating)
			if moves {
				what = fmt.Sprintf("%d players (%s)", places.Seats, strings.Join(places.Names, ", "))
			}
			return nil, fmt.Errorf("%w: %d players named; %s has %s", game.ErrBadPlayers, len(spec.PlayerList), rs.Info().Title, what)
		}
		for i, name := range spec.PlayerList {
			seat := order[i]
			name = strings.TrimSpace(name)
			if name == "" {
				return nil, fmt.Errorf("%w: seat %s has no name", game.ErrBadPlayers, places.Names[seat])
			}
			players[seat] = name
			if _, err := SeatByName(seating, spec.Dealer); err != nil && strings.EqualFold(name, strings.TrimSpace(spec.Dealer)) {
				dealerName, dealerPlace = places.Names[seat], int(seat)
			}
		}
	}
	for name, player := range spec.Players {
		seat, err := SeatByName(places, name)
		if err != nil {
			return nil, err
		}
		if !moves && !seating.Own(seat) {
			return nil, fmt.Errorf("%w: %s has no player of its own: %s plays it (name the player of %s)", game.ErrBadPlayers,
				seating.Names[seat], seating.Names[seating.From(seat)], seating.Names[seating.From(seat)])
		}
		players[seat] = player
	}
	if err := namesApart(players); err != nil {
		return nil, err
	}
	if !printable(spec.Name) {
		return nil, fmt.Errorf("%w: the session's name %s holds control characters", game.ErrBadOption, cards.Quote(spec.Name))
	}
	dealer := cards.Seat(0)
	if seating.Compass {
		dealer = cards.South // Foster's Z deals first when nothing is said
	}
	if fd, ok := rs.(game.FirstDealer); ok {
		dealer = fd.FirstDealer(gopts)
	}
	if dealerName != "" {
		seat, err := SeatByName(seating, dealerName)
		if err != nil && moves {
			if p, perr := SeatByName(places, dealerName); perr == nil {
				seat, err, dealerPlace = dealer, nil, int(p)
			}
		}
		if err != nil {
			return nil, err
		}
		dealer = seat
	}
	if moves {
		// A player named to deal first: the seat he takes on the first
		// hand. The dealer deals a hand of his own: nobody deals for a
		// dummy.
		sit := sitter.Sitting(nil, dealer, gopts)
		for seat, i := range sit.Players {
			if i == dealerPlace && dealerPlace >= 0 {
				dealer = cards.Seat(seat)
			}
		}
		if sit.Player(dealer) == game.NoPlayer {
			return nil, fmt.Errorf("%w: nobody sits at %s in %s: the first dealer is one of the players (%s)", game.ErrBadPlayers,
				seating.Names[dealer], rs.Info().Title, strings.Join(places.Names, ", "))
		}
	}
	place, err := spec.Placement.Check(rs, gopts)
	if err != nil {
		return nil, err
	}
	if opts, err = progressiveScoring(rs, spec.Options, place, opts); err != nil {
		return nil, err
	}
	o := &table.SessionOpened{Ruleset: rs.Info().ID, Name: spec.Name, Players: players, Dealer: dealer, Options: opts}
	place.Set(o)
	return o, nil
}

// playersText says how many players a seating seats, and where: "4 seats
// (N, E, S, W)", or for a game where one plays two hands "3 players (S,
// W, E; N is played by S)".
func playersText(seating game.Seating) string {
	order := seating.PlayerSeats()
	if len(order) == seating.Seats {
		return fmt.Sprintf("%d seats (%s)", seating.Seats, strings.Join(seating.Names, ", "))
	}
	var own, others []string
	for _, seat := range order {
		own = append(own, seating.Names[seat])
	}
	for seat := range seating.Seats {
		if s := cards.Seat(seat); !seating.Own(s) {
			others = append(others, fmt.Sprintf("%s is played by %s", seating.Names[s], seating.Names[seating.From(s)]))
		}
	}
	return fmt.Sprintf("%d players (%s; %s)", len(order), strings.Join(own, ", "), strings.Join(others, ", "))
}

// namesApart checks the players' names: a name is printable text (no
// control characters, nothing a terminal acts on), and no two seats have
// one name, since players are named in entries (cut-for-deal Ann=JK, deal
// --hand Ann=...) and in the write-up, and two of one name could not be
// told apart. Names are compared without regard to case or the spaces
// around them.
func namesApart(players []string) error {
	seen := map[string]bool{}
	for _, n := range players {
		if !printable(n) {
			return fmt.Errorf("%w: the name %s holds control characters", game.ErrBadPlayers, cards.Quote(n))
		}
		key := strings.ToLower(strings.TrimSpace(n))
		if key == "" {
			continue
		}
		if seen[key] {
			return fmt.Errorf("%w: two seats are given the name %q; players must be told apart", game.ErrBadPlayers, strings.TrimSpace(n))
		}
		seen[key] = true
	}
	return nil
}

// printable reports whether a name is text a terminal shows as it is.
func printable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, cards.ActsOnTerminal)
}

func checkOptions(rs game.Ruleset, given map[string]string) ([]table.Option, error) {
	known := map[string]game.OptionInfo{}
	for _, o := range rs.Info().Options {
		known[o.Name] = o
	}
	for name, value := range given {
		info, ok := known[name]
		if !ok {
			return nil, fmt.Errorf("%w: %s takes no option %q", game.ErrBadOption, rs.Info().Title, name)
		}
		valid := false
		for _, v := range info.Values {
			valid = valid || v == value
		}
		if !valid {
			return nil, fmt.Errorf("%w: %s is one of %v, not %q", game.ErrBadOption, name, info.Values, value)
		}
	}
	var out []table.Option
	for _, info := range rs.Info().Options {
		v, ok := given[info.Name]
		if !ok && len(info.Values) > 0 {
			v = info.Values[0]
		}
		out = append(out, table.Option{Name: info.Name, Value: v})
	}
	table.SortOptions(out)
	return out, nil
}

// SeatByName finds a seat by the seating's name for it ("N", "north", "A").
func SeatByName(seating game.Seating, name string) (cards.Seat, error) {
	if seating.Compass {
		return cards.ParseSeat(name)
	}
	for i, n := range seating.Names {
		if strings.EqualFold(n, strings.TrimSpace(name)) {
			return cards.Seat(i), nil
		}
	}
	return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: name, Reason: fmt.Sprintf("the seats are %v", seating.Names)}
}

// SeatOf finds a seat of the session by the game's name for it ("N",
// "north", "A") or, failing that, by the name of the player in it on the
// latest hand.
func (s *Session) SeatOf(name string) (cards.Seat, error) {
	sit := s.firstSitting()
	if h := s.Current(); h != nil {
		sit = h.Sitting
	}
	return s.seatOfIn(sit, name)
}

// seatOfIn is SeatOf under a sitting: the seats as a hand had them.
func (s *Session) seatOfIn(sit game.Sitting, name string) (cards.Seat, error) {
	seating := s.Seating()
	if seat, err := SeatByName(seating, name); err == nil {
		return seat, nil
	}
	if seat, ok := s.seatIn(sit, name); ok {
		return seat, nil
	}
	return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: name,
		Reason: fmt.Sprintf("the seats are %s (or the players' names)", strings.Join(seating.Names, ", "))}
}

// Shuffle returns the permutation a seeded shuffle of n cards gives. It is
// recorded with the seed, so a deal is derived from the log alone.
func Shuffle(seed uint64, n int) []uint8 {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	perm := rng.Perm(n)
	out := make([]uint8, n)
	for i, p := range perm {
		out[i] = uint8(p)
	}
	return out
}

// Arrange orders a pack by a shuffle's permutation and a cut of top cards
// (lifted and put below).
func Arrange(pack []cards.Card, perm []uint8, cut int) []cards.Card {
	out := make([]cards.Card, len(pack))
	for i, p := range perm {
		out[i] = pack[p]
	}
	if cut > 0 && cut < len(out) {
		out = append(out[cut:], out[:cut]...)
	}
	return out
}
