// Package recorder is how anything writes to a session: it folds the
// session (projections), checks the new events against the laws on that
// state, and appends them in one step with the version it read, so that a
// refused entry appends nothing and two scorers cannot interleave.
//
// The CLI, the interactive recorder, imports and the simulator all write
// through it.
package recorder

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// ErrNothingToUndo: undo with nothing left to retract in the session.
var ErrNothingToUndo = errors.New("nothing to undo")

// ErrNothingToNote: a note with no event to attach it to.
var ErrNothingToNote = errors.New("nothing to annotate yet")

// ErrBadGlyph: a glyph that is not one of table.Glyphs.
var ErrBadGlyph = errors.New("not a glyph")

// Recorder writes to sessions in a store.
type Recorder struct {
	Store events.Store
	// Now is the clock for recording times; time.Now when nil. Tests fix it.
	Now func() time.Time
}

// New returns a recorder over a store.
func New(s events.Store) *Recorder { return &Recorder{Store: s} }

func (r *Recorder) now() time.Time {
	if r.Now != nil {
		return r.Now().UTC()
	}
	return time.Now().UTC()
}

// Read returns a session's events, decoded, in order.
func Read(ctx context.Context, st events.Store, session string) ([]events.Envelope, error) {
	var envs []events.Envelope
	for e, err := range st.ReadSession(ctx, session, 1) {
		if err != nil {
			return nil, err
		}
		envs = append(envs, e)
	}
	return envs, nil
}

// Load reads and folds a session.
func Load(ctx context.Context, st events.Store, session string) (*projections.Session, []events.Envelope, error) {
	envs, err := Read(ctx, st, session)
	if err != nil {
		return nil, nil, err
	}
	s, err := projections.Fold(envs)
	if err != nil {
		return nil, nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, envs, nil
}

// SessionSpec is what a new session is opened with.
type SessionSpec struct {
	Game    string            // ruleset ID
	Name    string            //
	Players map[string]string // seat name (as the ruleset names seats) -> player
	Dealer  string            // seat name; "" for the ruleset's first seat
	Options map[string]string // ruleset options (validated against its Info)
}

// ErrBadOption: a session option the ruleset does not take.
var ErrBadOption = errors.New("bad session option")

// Open records a new session and returns its ID.
func (r *Recorder) Open(ctx context.Context, spec SessionSpec) (string, error) {
	rs, err := rules.Lookup(spec.Game)
	if err != nil {
		return "", err
	}
	seating := rs.Seating()
	players := make([]string, seating.Seats)
	for name, player := range spec.Players {
		seat, err := SeatByName(seating, name)
		if err != nil {
			return "", err
		}
		players[seat] = player
	}
	dealer := cards.Seat(0)
	if rs.Seating().Compass {
		dealer = cards.South // Foster's Z deals first when nothing is said
	}
	if spec.Dealer != "" {
		if dealer, err = SeatByName(seating, spec.Dealer); err != nil {
			return "", err
		}
	}
	opts, err := checkOptions(rs, spec.Options)
	if err != nil {
		return "", err
	}
	id := events.NewID().String()
	p := &table.SessionOpened{Ruleset: rs.Info().ID, Name: spec.Name, Players: players, Dealer: dealer, Options: opts}
	_, err = r.Store.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: []events.Event{events.NewEvent(r.now(), p)}})
	if err != nil {
		return "", err
	}
	return id, nil
}

func checkOptions(rs game.Ruleset, given map[string]string) ([]table.Option, error) {
	var out []table.Option
	known := map[string]game.OptionInfo{}
	for _, o := range rs.Info().Options {
		known[o.Name] = o
	}
	for name, value := range given {
		info, ok := known[name]
		if !ok {
			return nil, fmt.Errorf("%w: %s takes no option %q", ErrBadOption, rs.Info().Title, name)
		}
		valid := false
		for _, v := range info.Values {
			valid = valid || v == value
		}
		if !valid {
			return nil, fmt.Errorf("%w: %s is one of %v, not %q", ErrBadOption, name, info.Values, value)
		}
	}
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
		if equalFold(n, name) {
			return cards.Seat(i), nil
		}
	}
	return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: name, Reason: fmt.Sprintf("the seats are %v", seating.Names)}
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Builder proposes the events of one entry from the session as it stands.
// It may call Session.Apply itself to move the state along between events
// (several calls in one entry); record does not apply them again.
type Builder func(s *projections.Session) ([]events.Event, error)

// maxRetries bounds retries when another writer appends between our read and
// our append (ErrConflict).
const maxRetries = 3

// Record reads the session, lets build propose events (checked against the
// laws as it goes), and appends them all or none. It returns what was stored.
func (r *Recorder) Record(ctx context.Context, session string, build Builder) ([]events.Envelope, error) {
	return r.record(ctx, session, LoadTail, build)
}

// loadFull folds the whole session, for entries that may reach back past
// the current hand (a note's retraction).
func loadFull(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, _, err := Load(ctx, st, session)
	return s, err
}

func (r *Recorder) record(ctx context.Context, session string, load func(context.Context, events.Store, string) (*projections.Session, error), build Builder) ([]events.Envelope, error) {
	for attempt := 0; ; attempt++ {
		s, err := load(ctx, r.Store, session)
		if err != nil {
			return nil, err
		}
		expected := s.Version // build moves s along; the append expects what was read
		evs, err := build(s)
		if err != nil {
			return nil, err
		}
		if len(evs) == 0 {
			return nil, nil
		}
		stored, err := r.Store.Append(ctx, events.Batch{Session: session, Expected: expected, Events: evs})
		if errors.Is(err, events.ErrConflict) && attempt < maxRetries {
			continue
		}
		return stored, err
	}
}

// applyNew wraps a payload as an event and applies it to s, so the next
// event of the same entry is judged on the state after it.
func (r *Recorder) applyNew(s *projections.Session, p events.Payload) (events.Event, error) {
	return Propose(s, r.now(), p)
}

// toAct is the seat whose turn it is in the current hand, or NoSeat before
// the first deal (the laws then refuse the entry, naming what is missing).
func toAct(s *projections.Session) cards.Seat {
	if h := s.Current(); h != nil {
		return h.Turn
	}
	return cards.NoSeat
}

// eachToken records one event a token, in order, each for the seat to act
// when its turn comes: propose reads the token and makes the event's
// payload. Each event is applied before the next token is read, so each
// token is for the seat whose turn the ones before it left.
func (r *Recorder) eachToken(ctx context.Context, session string, tokens []string, propose func(s *projections.Session, seat cards.Seat, tok string) (events.Payload, error)) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		var out []events.Event
		for _, tok := range tokens {
			p, err := propose(s, toAct(s), tok)
			if err != nil {
				return nil, err
			}
			ev, err := r.applyNew(s, p)
			if err != nil {
				return nil, err
			}
			out = append(out, ev)
		}
		return out, nil
	})
}

// Calls records calls, each for whoever's turn it is.
func (r *Recorder) Calls(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.eachToken(ctx, session, tokens, func(s *projections.Session, seat cards.Seat, tok string) (events.Payload, error) {
		call, err := s.Rules.ParseCall(tok)
		return &table.Called{Seat: seat, Call: call}, err
	})
}

// Plays records cards, each for whoever's turn it is (the declarer names
// dummy's cards when it is dummy's turn).
func (r *Recorder) Plays(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.eachToken(ctx, session, tokens, func(_ *projections.Session, seat cards.Seat, tok string) (events.Payload, error) {
		c, err := cards.ParseCard(tok)
		return &table.Played{Seat: seat, Card: c}, err
	})
}

// Claim records a claim: the declaring side takes n of the tricks left.
func (r *Recorder) Claim(ctx context.Context, session string, n int) ([]events.Envelope, error) {
	return r.ClaimStated(ctx, session, n, "")
}

// ClaimStated records a claim with the claimer's statement of the line of
// play, on which a contested claim is ruled (contract bridge Laws 68C, 70).
func (r *Recorder) ClaimStated(ctx context.Context, session string, n int, statement string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		seat := toAct(s)
		if h := s.Current(); h != nil && h.Contract != nil {
			seat = h.Contract.Declarer
		}
		ev, err := r.applyNew(s, &table.Claimed{Seat: seat, Tricks: n, Statement: statement})
		return []events.Event{ev}, err
	})
}

// Discard records the cards the seat to act lays away.
func (r *Recorder) Discard(ctx context.Context, session string, tokens []string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		var cs []cards.Card
		for _, tok := range tokens {
			c, err := cards.ParseCard(tok)
			if err != nil {
				return nil, err
			}
			cs = append(cs, c)
		}
		ev, err := r.applyNew(s, &table.Discarded{Seat: toAct(s), Cards: cs})
		return []events.Event{ev}, err
	})
}

// HonoursRules is implemented by rulesets that score honours: it checks a
// claim of honours made at the table for the current hand (the holding is
// one the code names, the trump is settled, the deal was not recorded) and
// returns the holding's canonical name.
type HonoursRules interface {
	CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error)
}

// Honours records honours claimed at the table by a side, when the deal was
// not recorded and hoyle cannot count them; the ruleset checks the claim.
func (r *Recorder) Honours(ctx context.Context, session string, side cards.Side, holding string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		hr, ok := s.Rules.(HonoursRules)
		if !ok {
			return nil, game.Illegal(holding, s.Rules.Info().Title+" does not score honours", "")
		}
		name, err := hr.CheckHonours(s.Current(), side, holding)
		if err != nil {
			return nil, err
		}
		ev, err := r.applyNew(s, &table.HonoursClaimed{Side: side, Holding: name})
		return []events.Event{ev}, err
	})
}

// Close ends the session by agreement. A hand in progress must be finished
// (or undone) first: a deal once started is played out (1913 Law 11), and
// its score would otherwise be lost.
func (r *Recorder) Close(ctx context.Context, session, reason string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		if h := s.Current(); h != nil && h.Phase != game.PhaseDone && !s.Closed {
			return nil, game.Illegal("close", fmt.Sprintf("hand %d is still in progress (%s); finish it, or undo its entries, before closing", h.Number, h.Phase), "")
		}
		ev, err := r.applyNew(s, &table.SessionClosed{Reason: reason})
		return []events.Event{ev}, err
	})
}

// undoable are the events undo retracts: the scorer's entries at the table.
var undoable = map[string]bool{
	table.TypeDealt: true, table.TypeCalled: true, table.TypePlayed: true, table.TypeClaimed: true,
	table.TypeDiscarded: true, table.TypeShuffled: true, table.TypeCut: true, table.TypeHonoursClaimed: true,
	table.TypeSessionClosed: true, table.TypeCutForDeal: true,
}

// Undo retracts the latest deal, call, card, claim or other table entry in
// force. The retracted event stays in the log.
func (r *Recorder) Undo(ctx context.Context, session string) ([]events.Envelope, error) {
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		for i := len(s.Steps) - 1; i >= 0; i-- {
			st := s.Steps[i]
			if !undoable[st.Type] {
				continue
			}
			if st.Type == table.TypeDealt && !dealUndoable(s) {
				return nil, fmt.Errorf("%w: hand %d has calls or cards recorded; undo them first", ErrNothingToUndo, s.Current().Number)
			}
			return []events.Event{events.NewEvent(r.now(), &table.Retracted{Target: st.ID, Reason: "undo"})}, nil
		}
		return nil, fmt.Errorf("%w: no deal, call, card or claim is recorded in this session", ErrNothingToUndo)
	})
}

func dealUndoable(s *projections.Session) bool {
	h := s.Current()
	return h == nil || (len(h.Calls) == 0 && len(h.Tricks) == 0)
}

// NoteSpec is a note: its text, glyph, author, and the event it is on
// (zero: the latest deal, call, card or claim).
type NoteSpec struct {
	Text   string
	Glyph  string
	By     string
	Target events.ID
}

// Note annotates an event.
func (r *Recorder) Note(ctx context.Context, session string, n NoteSpec) ([]events.Envelope, error) {
	if n.Glyph != "" && !validGlyph(n.Glyph) {
		return nil, &cards.TokenError{Kind: ErrBadGlyph, Token: n.Glyph, Reason: fmt.Sprintf("a glyph is one of %v", table.Glyphs)}
	}
	if n.Text == "" && n.Glyph == "" {
		return nil, fmt.Errorf("%w: a note needs text or a glyph", ErrNothingToNote)
	}
	return r.Record(ctx, session, func(s *projections.Session) ([]events.Event, error) {
		target := n.Target
		if target == (events.ID{}) {
			for i := len(s.Steps) - 1; i >= 0; i-- {
				if undoable[s.Steps[i].Type] || s.Steps[i].Type == table.TypeSessionOpened {
					target = s.Steps[i].ID
					break
				}
			}
		}
		ev, err := r.applyNew(s, &table.Noted{Target: target, Text: n.Text, Glyph: n.Glyph, By: n.By})
		return []events.Event{ev}, err
	})
}

func validGlyph(g string) bool {
	for _, v := range table.Glyphs {
		if v == g {
			return true
		}
	}
	return false
}

// DealSpec says how a hand was dealt. With PBN the hands are given; with a
// Seed the shuffle is recorded (and its permutation) and the hands derived
// from it and the Cut; with neither the hands are not recorded.
type DealSpec struct {
	PBN   string
	Seed  *uint64
	Cut   *int
	Board int // duplicate board: fixes the dealer and vulnerability
	// Hands gives hands seat by seat, for a game of any seating: the key
	// is the seat as the game names it ("N", "A") or the name of the
	// player in it, the value a PBN hand ("AKQ2.K2.A3.AQ432", "+JK" adds
	// the Joker). Seats left out are not recorded. Not with PBN.
	Hands map[string]string
	// Widow is the widow as a PBN hand. When every hand is given (by PBN
	// or Hands) and the game deals a widow, the cards left over are it.
	Widow string
	// TurnUp is the card turned up for trump (whist): the dealer's last.
	TurnUp string
}

// BoardRules is implemented by rulesets whose hands may be duplicate
// boards: the board number fixes the dealer and the vulnerable sides.
type BoardRules interface {
	Board(n int) (dealer cards.Seat, vulnerable []cards.Side)
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

// Deal records a deal (with its shuffle and cut when a seed is given).
func (r *Recorder) Deal(ctx context.Context, session string, spec DealSpec) ([]events.Envelope, error) {
	return r.Record(ctx, session, r.DealEntry(spec))
}

// DealEntry is the Builder of a deal: the simulator uses it on a session it
// holds in memory.
func (r *Recorder) DealEntry(spec DealSpec) Builder {
	return func(s *projections.Session) ([]events.Event, error) {
		var out []events.Event
		dealer := s.NextDealer
		number := 1
		if h := s.Current(); h != nil {
			number = h.Number + 1
		}
		d := &table.Dealt{Hand: number, Board: spec.Board}
		if spec.Board != 0 {
			br, ok := s.Rules.(BoardRules)
			if !ok || spec.Board < 1 {
				return nil, game.Illegal(fmt.Sprint(spec.Board), "boards are for duplicate play of a game that has them", "")
			}
			dealer, d.Vul = br.Board(spec.Board)
		}
		d.Dealer = dealer
		pack := s.Rules.Pack()
		switch {
		case spec.givenAnything() && spec.Seed != nil:
			return nil, game.Illegal("deal", "give either the cards (--pbn, --hand, --widow, --turn-up) or a shuffle (--seed), not both", "")
		case spec.PBN != "":
			if !s.Seating().Compass {
				return nil, game.Illegal(spec.PBN, "a PBN deal names four compass seats; this game is not played by compass seats", "")
			}
			deal, err := cards.ParseDeal(spec.PBN)
			if err != nil {
				return nil, err
			}
			if got := deal.Cards().Len(); got != len(pack) {
				return nil, game.Illegal(spec.PBN, fmt.Sprintf("the deal has %d cards; the pack has %d", got, len(pack)), "")
			}
			d.Hands = deal
		case spec.Seed != nil:
			perm := Shuffle(*spec.Seed, len(pack))
			ev, err := r.applyNew(s, &table.Shuffled{By: dealer, Seeded: true, Seed: *spec.Seed, Permutation: perm})
			if err != nil {
				return nil, err
			}
			out = append(out, ev)
			top := 0
			if spec.Cut != nil {
				top = *spec.Cut
				ev, err := r.applyNew(s, &table.Cut{By: dealer.Plus(-1, s.Seating().Seats), Top: top})
				if err != nil {
					return nil, err
				}
				out = append(out, ev)
			}
			dr := s.Rules.Deal(Arrange(pack, perm, top), dealer)
			d.Hands, d.Widow, d.TurnUp, d.Derived = dr.Hands, dr.Widow, dr.TurnUp, true
		case spec.Cut != nil:
			ev, err := r.applyNew(s, &table.Cut{By: dealer.Plus(-1, s.Seating().Seats), Top: *spec.Cut})
			if err != nil {
				return nil, err
			}
			out = append(out, ev)
		}
		if err := addGiven(s, spec, dealer, d); err != nil {
			return nil, err
		}
		ev, err := r.applyNew(s, d)
		if err != nil {
			return nil, err
		}
		return append(out, ev), nil
	}
}

// Fold reads and folds a session without keeping its events: for commands
// that show the session as it stands (show, score), so that their memory
// is the session's hands, not its log. Use Load when the events themselves
// are needed (moments, export).
func Fold(ctx context.Context, st events.Store, session string) (*projections.Session, error) {
	s, err := projections.FoldSeq(st.ReadSession(ctx, session, 1))
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", session, err)
	}
	return s, nil
}
