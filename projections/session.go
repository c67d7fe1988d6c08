// Package projections folds a session's events into what people read: the
// hands with their auctions and play, the notes, and (through the session's
// ruleset) the score sheet.
//
// Folds are pure: no I/O, no clocks, deterministic. The state at any moment
// is the fold of the events up to it, so replay is folding a prefix and a
// full rebuild from zero always works.
package projections

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// ErrNotOpened: a stream that does not begin with session.opened.
var ErrNotOpened = errors.New("the session's first event is not session.opened")

// Note is an annotation in force. On says whether it is about its Target
// event itself, the trick that event (a card) completes, or the hand that
// event (a deal) deals.
type Note struct {
	ID      events.ID
	Target  events.ID
	Version uint64
	Text    string
	Glyph   string
	By      string
	On      table.NoteOn
}

// Step is one event in force (not retracted, not a retraction), in order:
// what replay steps through and what undo and note refer to.
type Step struct {
	ID      events.ID
	Version uint64
	Type    string
	Hand    int // the hand it belongs to (0 before the first deal)
	Data    events.Payload
}

// Problem is an event the fold could not apply (a log imported from
// elsewhere, or retractions that left a later event without its cause).
// The recorder never appends one; verify reports them.
type Problem struct {
	Version  uint64
	Position uint64 // in the whole log
	Type     string
	Err      error
}

// Session is the fold of a session's events.
type Session struct {
	ID      string
	Opened  table.SessionOpened
	Rules   game.Ruleset
	Opts    game.Options
	Hands   []*game.Hand
	Notes   []Note
	Steps   []Step
	Closed  bool
	Version uint64 // the last event folded

	// NextDealer deals the next hand.
	NextDealer cards.Seat
	// Shuffle and Cut recorded since the last deal, if any.
	Shuffle *table.Shuffled
	Cut     *table.Cut

	Problems []Problem

	// Kept holds the tags of imported records that hoyle keeps for the
	// round trip, by the deal of their hand; Sources says where the session
	// was imported from.
	Kept    map[events.ID]*table.TagsKept
	Sources []table.SourceNoted

	// Rulings are the director's rulings in force (ruling.adjusted), in
	// the order recorded: what compare scores the boards by. A fold of
	// the whole log holds them all; a fold begun later (a tail, a
	// snapshot) holds those among the events it folded, so whoever needs
	// them reads the whole session (projections/ruling does).
	Rulings []Ruling

	retracted map[events.ID]bool
	// byID indexes Steps by event ID. It is built from Steps the first
	// time a note or a lookup needs it, then kept up to date as steps are
	// added (see index): derived from the fold's own output, never from
	// anything outside it.
	byID map[events.ID]int

	// starts holds the version of each hand's deal, hand by hand: where
	// each hand begins in the log (see HandStart).
	starts []uint64
	// closedAt is the version of the close, when Closed.
	closedAt uint64
	// retractions are the retractions folded past, in force or not, and
	// skipped the versions of the events they withdrew (see track).
	retractions []Retraction
	skipped     map[events.ID]uint64
	// undealt is the hand number of the latest deal folded past withdrawn,
	// until a deal in force follows it: the deal.seated recorded with it
	// goes with it (see fold).
	undealt int

	// vul is the ruleset's account of who is vulnerable, if its game has
	// vulnerability; finished is the number of the latest hand it was told
	// had finished.
	vul      game.VulnerabilityTracker
	finished int
	// boards holds the first hand dealt as each board: a board is the
	// same deal each time it is played.
	boards map[int]*game.Hand

	// read is how the session was read, when the load path read it in
	// part (see Reading); the zero Reading for a fold of the whole log.
	read Reading
}

// Current is the latest hand, or nil before the first deal.
func (s *Session) Current() *game.Hand {
	if len(s.Hands) == 0 {
		return nil
	}
	return s.Hands[len(s.Hands)-1]
}

// Seating is the session's seating.
func (s *Session) Seating() game.Seating { return s.Rules.Seating() }

// StepOf finds the step of an event ID.
func (s *Session) StepOf(id events.ID) (Step, bool) {
	i, ok := s.index()[id]
	if !ok {
		return Step{}, false
	}
	return s.Steps[i], true
}

// index maps event IDs to steps. It is built the first time a note or a
// lookup needs it, then kept up to date: a rebuild of a long session
// without notes never pays for a map of every event.
func (s *Session) index() map[events.ID]int {
	if s.byID == nil {
		s.byID = make(map[events.ID]int, len(s.Steps))
		for i, st := range s.Steps {
			s.byID[st.ID] = i
		}
	}
	return s.byID
}

// Withdrawn reports whether an event of the session was retracted (by a
// retraction in force).
func (s *Session) Withdrawn(id events.ID) bool { return s.retracted[id] }

// Splice is the session as it stood when tail (a FoldTail beginning with
// the deal of hand keep+1) was folded: s's first keep hands, then tail's,
// with the notes in force up to version. s and tail are left unchanged.
func (s *Session) Splice(tail *Session, keep int, version uint64) *Session {
	out := *tail
	out.read.partial = false
	out.Hands = append(append(make([]*game.Hand, 0, keep+len(tail.Hands)), s.Hands[:keep]...), tail.Hands...)
	if n := keep + len(tail.starts); keep <= len(s.starts) && n <= len(s.starts) && slices.Equal(s.starts[keep:n], tail.starts) {
		out.starts = s.starts[:n:n] // the same deals: shared, not copied for every moment of a long session
	} else {
		out.starts = append(append(make([]uint64, 0, n), s.starts[:min(keep, len(s.starts))]...), tail.starts...)
	}
	// What the score settles for a hand when it is dealt (who is
	// vulnerable) the tail did not see; s did, and it does not change.
	for i, h := range tail.Hands {
		for _, full := range s.Hands[keep:] {
			if full.DealID == h.DealID {
				h.Vulnerable = full.Vulnerable
				if SameHand(h, full) {
					out.Hands[keep+i] = full // the score sheets kept know s's hands
				}
			}
		}
	}
	out.Notes = nil
	for _, n := range s.Notes {
		if n.Version <= version {
			out.Notes = append(out.Notes, n)
		}
	}
	out.Problems = nil
	out.byID = nil
	out.read.sheets = s.read.sheets // kept sheets serve the spliced hands if they are the same
	out.read.withoutHistory = min(s.read.withoutHistory, keep)
	return &out
}

// NotesOn lists the notes in force on an event.
func (s *Session) NotesOn(id events.ID) []Note {
	var out []Note
	for _, n := range s.Notes {
		if n.Target == id {
			out = append(out, n)
		}
	}
	return out
}

// Score folds the session's hands into its ruleset's score sheet, its own
// sides (if it has them) named by their players (or takes it from the
// sheets its checkpoint kept, see KeptSheets). The sheet is read, not
// changed: a kept sheet is shared by every state scored from it.
func (s *Session) Score() game.ScoreSheet {
	if sheet, ok := s.keptScore(); ok {
		return sheet
	}
	return s.score(s.Hands, s.Closed)
}

// score is the sheet of hands, closed or not, its own sides (if it has
// them) named by their players.
func (s *Session) score(hands []*game.Hand, closed bool) game.ScoreSheet {
	if sheet, ok := s.foldScore(hands, closed); ok {
		s.nameSides(sheet.Sides)
		s.namePlayers(&sheet)
		return sheet
	}
	if min(len(hands), s.read.withoutHistory) > 0 {
		// A reader of one hand checks that the kept sheets serve it before
		// it leaves out the history of the others (see Graft): scoring
		// hands held without it would give a wrong score.
		panic(fmt.Sprintf("projections: session %s scored from %d hands without their history", s.ID, min(len(hands), s.read.withoutHistory)))
	}
	sheet := s.Rules.Score(game.ScoreInput{Hands: hands, Opts: s.Opts, Seating: s.Seating(), Closed: closed})
	s.nameSides(sheet.Sides)
	s.namePlayers(&sheet)
	return sheet
}

// Fold folds a session's events, in order, from its first. Events that
// retractions later in envs withdraw are skipped; so the state at any
// moment is Fold(envs[:n]).
func Fold(envs []events.Envelope) (*Session, error) {
	if len(envs) == 0 {
		return nil, ErrNotOpened
	}
	s, err := open(envs[0])
	if err != nil {
		return nil, err
	}
	s.retracted = Retracted(envs)
	for _, e := range envs[1:] {
		s.fold(e)
	}
	return s, nil
}

// FoldTail folds a session from its opening event and the events from a
// deal onwards: what a command that records at the table needs, read in
// time that does not grow with the session (see load.Tail). Hands
// holds only the hands from that deal on; their numbers are the deals'.
func FoldTail(opened events.Envelope, tail []events.Envelope) (*Session, error) {
	s, _, err := foldTail(opened, tail, false)
	return s, err
}

// foldTail is FoldTail; when settle, it also says whether the latest hand,
// once done, was left as it was done (see FoldSettled).
func foldTail(opened events.Envelope, tail []events.Envelope, settle bool) (*Session, bool, error) {
	envs := make([]events.Envelope, 0, len(tail)+1)
	envs = append(envs, opened)
	envs = append(envs, tail...)
	s, err := open(opened)
	if err != nil {
		return nil, false, err
	}
	s.read.partial = len(tail) > 0 && tail[0].Version > 2
	s.retracted = Retracted(envs)
	var done []byte
	for _, e := range tail {
		s.fold(e)
		if h := s.Current(); settle && done == nil && h != nil && h.Phase == game.PhaseDone {
			done = AppendHand(nil, h)
		}
	}
	h := s.Current()
	return s, done == nil || h != nil && bytes.Equal(done, AppendHand(nil, h)), nil
}

// Retracted works out which events of envs are withdrawn: a retraction in
// force withdraws its target; a retraction that is itself retracted does
// not. Walking from the newest settles each retraction before its target.
func Retracted(envs []events.Envelope) map[events.ID]bool {
	out := map[events.ID]bool{}
	for i := len(envs) - 1; i >= 0; i-- {
		r, ok := envs[i].Data.(*table.Retracted)
		if ok && !out[envs[i].ID] {
			out[r.Target] = true
		}
	}
	return out
}

func open(e events.Envelope) (*Session, error) {
	o, ok := e.Data.(*table.SessionOpened)
	if !ok {
		return nil, fmt.Errorf("%w (it is %s)", ErrNotOpened, e.Type)
	}
	rs, err := rules.Lookup(o.Ruleset)
	if err != nil {
		return nil, err
	}
	opts := game.Options{}
	for _, opt := range o.Options {
		opts[opt.Name] = opt.Value
	}
	s := &Session{ID: e.Session, Opened: *o, Rules: rs, Opts: opts, Version: e.Version,
		NextDealer: o.Dealer, retracted: map[events.ID]bool{}}
	if vr, ok := rs.(game.VulnerabilityRules); ok {
		s.vul = vr.NewVulnerability(opts)
	}
	s.addStep(e, 0)
	return s, nil
}

func (s *Session) addStep(e events.Envelope, hand int) {
	if s.read.keep != nil && hand != 0 && !s.read.keep(hand) {
		s.read.dropped.add(e.ID, e.Version)
		return
	}
	if s.byID != nil {
		s.byID[e.ID] = len(s.Steps)
	}
	s.Steps = append(s.Steps, Step{ID: e.ID, Version: e.Version, Type: e.Type, Hand: hand, Data: e.Data})
}

func (s *Session) fold(e events.Envelope) {
	s.Version = e.Version
	withdrawn := s.retracted[e.ID]
	if withdrawn || e.Type == table.TypeRetracted {
		s.track(e, withdrawn)
	}
	if withdrawn {
		if d, ok := e.Data.(*table.Dealt); ok {
			s.undealt = d.Hand
		}
		return
	}
	switch p := e.Data.(type) {
	case *table.Retracted:
		return
	case *table.Dealt:
		s.undealt = 0
	case *table.Seated:
		if s.undealt != 0 && p.Hand == s.undealt {
			// A seating belongs to the deal it follows (DecideDeal records
			// them together); undoing the deal takes its seating with it.
			// Undo retracts the deal alone, so every log with an undone
			// deal of a game whose players move holds such a seating.
			s.track(e, true)
			return
		}
	}
	if n, ok := e.Data.(*table.Noted); ok && s.retracted[n.Target] {
		// A note on an event undone afterwards goes with it (it stays in
		// the log); it was in order when recorded, so it is no problem.
		return
	}
	if err := s.Apply(e); err != nil {
		s.Problems = append(s.Problems, Problem{Version: e.Version, Position: e.Position, Type: e.Type, Err: err})
	}
}

// Apply folds one more event into the session, or returns why the laws
// refuse it and leaves the session unchanged. The recorder calls it on a
// candidate event before appending; the fold calls it on every event.
func (s *Session) Apply(e events.Envelope) error {
	h := s.Current()
	switch e.Data.(type) {
	case *table.Called, *table.Played, *table.TrickWon, *table.Discarded, *table.Claimed, *table.HonoursClaimed,
		*table.IrregularCall, *table.IrregularPlay, *table.Exposed, *table.RenounceCorrected, *table.NewDeal, *table.Penalty:
		if s.Closed {
			return game.Illegal(e.Type, "the session is closed; open a new one with hoyle new", "")
		}
	}
	switch p := e.Data.(type) {
	case *table.SessionOpened:
		return game.Illegal("session.opened", "a session is opened only once", "")
	case *table.SessionClosed:
		if s.Closed {
			return game.Illegal("close", "the session is already closed", "")
		}
		s.Closed, s.closedAt = true, e.Version
	case *table.CutForDeal:
		if len(s.Hands) > 0 {
			return game.Illegal("cut for deal", "the cut for deal comes before the first hand", "")
		}
		s.NextDealer = p.Dealer
	case *table.Shuffled:
		if err := s.checkBetweenHands("shuffle"); err != nil {
			return err
		}
		if p.Permutation != nil && len(p.Permutation) != len(s.Rules.Pack()) {
			return game.Illegal("shuffle", fmt.Sprintf("the permutation orders %d cards; the pack has %d", len(p.Permutation), len(s.Rules.Pack())), "")
		}
		s.Shuffle, s.Cut = p, nil
	case *table.Cut:
		if err := s.checkBetweenHands("cut"); err != nil {
			return err
		}
		if err := s.Rules.CheckCut(p.Top, len(s.Rules.Pack())); err != nil {
			return err
		}
		s.Cut = p
	case *table.Dealt:
		if err := s.deal(e, p); err != nil {
			return err
		}
	case *table.Called:
		if err := s.checkTurn(h, p.Seat, "call", p.Call.String()); err != nil {
			return err
		}
		if err := h.CheckRestrictedCall(p.Seat, p.Call); err != nil {
			return err
		}
		if err := s.Rules.Call(h, p.Call, e.ID); err != nil {
			return err
		}
		h.AfterCall(p.Seat)
	case *table.Played:
		if err := s.checkTurn(h, p.Seat, "card", p.Card.String()); err != nil {
			return err
		}
		if err := h.Play(s.Rules, p.Card, e.ID); err != nil {
			return err
		}
		if h.Phase == game.PhaseDone {
			h.InferHands(s.Rules) // every card played: the hands as dealt
		}
	case *table.TrickWon:
		if h == nil {
			return game.Illegal("won", "no hand has been dealt", "")
		}
		if err := h.WinTrick(s.Rules, p.Trick, p.Seat, e.ID); err != nil {
			return err
		}
		if h.Phase == game.PhaseDone {
			h.InferHands(s.Rules) // every card played: the hands as dealt
		}
	case *table.Discarded:
		if h == nil {
			return game.Illegal("discard", "no hand has been dealt", "")
		}
		if err := s.Rules.Discard(h, p.Seat, p.Cards); err != nil {
			return err
		}
	case *table.Claimed:
		if h == nil {
			return game.Illegal("claim", "no hand has been dealt", "")
		}
		var others []game.SeatTricks
		for _, o := range p.Others {
			others = append(others, game.SeatTricks{Seat: o.Seat, Tricks: o.Tricks})
		}
		if err := h.ClaimRest(s.Rules, p.Seat, p.Tricks, others, e.ID); err != nil {
			return err
		}
	case *table.ContractGiven:
		if err := s.giveContract(h, p, e.ID); err != nil {
			return err
		}
	case *table.ResultGiven:
		if h == nil {
			return game.Illegal("result", "no hand has been dealt; deal it first (deal, or deal --board N)", "")
		}
		if err := h.GiveResult(s.Rules, p.Won, e.ID); err != nil {
			return err
		}
	case *table.HandGiven:
		target := s.handNumbered(p.Hand)
		if target == nil {
			if s.read.partial {
				break // an earlier hand than this fold holds
			}
			return game.Illegal("deal", fmt.Sprintf("there is no hand %d in this session", p.Hand), "")
		}
		if err := target.Reveal(s.Rules, p.Seat, p.Cards); err != nil {
			return err
		}
		target.InferHands(s.Rules)
	case *table.Seated:
		if err := s.applySeated(h, p); err != nil {
			return err
		}
	case *table.TagsKept:
		if h == nil {
			return game.Illegal("tags", "no hand has been dealt", "")
		}
		if s.Kept == nil {
			s.Kept = map[events.ID]*table.TagsKept{}
		}
		s.Kept[h.DealID] = p
	case *table.SourceNoted:
		s.Sources = append(s.Sources, *p)
	case *table.HonoursClaimed:
		if h == nil {
			return game.Illegal("honours", "no hand has been dealt", "")
		}
		if h.HonoursClaimed == nil {
			h.HonoursClaimed = map[cards.Side]string{}
		}
		h.HonoursClaimed[p.Side] = p.Holding
	case *table.IrregularCall, *table.IrregularPlay, *table.Exposed, *table.RenounceCorrected, *table.NewDeal, *table.Penalty:
		if err := s.applyIrregular(h, e); err != nil {
			return err
		}
	case *table.Noted:
		if !s.inForce(p.Target) && !s.read.partial && !s.read.resumed {
			return game.Illegal("note", "the event it annotates is not in this session (or was retracted)", "")
		}
		if i, ok := s.index()[p.Target]; ok {
			if err := s.noteFits(p.On, s.Steps[i]); err != nil {
				return err
			}
		}
		s.Notes = append(s.Notes, Note{ID: e.ID, Target: p.Target, Version: e.Version, Text: p.Text, Glyph: p.Glyph, By: p.By, On: p.On})
	case *table.RulingAdjusted:
		if err := checkRuling(p); err != nil {
			return err
		}
		s.Rulings = append(s.Rulings, Ruling{ID: e.ID, Version: e.Version, RulingAdjusted: *p})
	case *table.Retracted:
		if !s.inForce(p.Target) && !s.read.resumed {
			return game.Illegal("undo", "the event it retracts is not in force in this session", "")
		}
		return nil // the fold settles retractions before applying (see Retracted)
	default:
		return fmt.Errorf("%w: %s", events.ErrUnknownType, e.Type)
	}
	hand := 0
	if c := s.Current(); c != nil {
		hand = c.Number
		// Who deals next can depend on how the hand went (a passed-out
		// Chicago deal is dealt again by the same dealer).
		s.NextDealer = s.Rules.NextDealer(c)
		if c.Annulled && !c.Misdealt() {
			s.NextDealer = c.Dealer // a new deal: the same dealer deals again
		}
		if c.Phase == game.PhaseDone && !c.Annulled && s.vul != nil && s.finished != c.Number {
			s.vul.Finished(c)
			s.finished = c.Number
		}
	}
	s.addStep(e, hand)
	return nil
}

func (s *Session) checkBetweenHands(what string) error {
	if h := s.Current(); h != nil && h.Phase != game.PhaseDone {
		return game.Illegal(what, fmt.Sprintf("hand %d is still in progress (%s)", h.Number, h.Phase), "")
	}
	if s.Closed {
		return game.Illegal(what, "the session is closed", "")
	}
	return nil
}

func (s *Session) checkTurn(h *game.Hand, seat cards.Seat, what, tok string) error {
	if h == nil {
		return game.Illegal(tok, "no hand has been dealt yet; record the deal first", "")
	}
	if h.Turn == cards.NoSeat && h.Unsettled() != nil {
		return game.Illegal(tok, fmt.Sprintf("trick %d is complete and who won it is not recorded: the laws as printed do not say which card wins it; record the winner first (hoyle won SEAT)", len(h.Tricks)), "")
	}
	if h.Turn == cards.NoSeat {
		return h.NotNow("a "+what+" cannot be made", tok)
	}
	if seat != h.Turn {
		return game.Illegal(tok, fmt.Sprintf("it is %s's turn, not %s's", h.SeatName(h.Turn), h.SeatName(seat)), "")
	}
	return nil
}

func (s *Session) deal(e events.Envelope, p *table.Dealt) error {
	if err := s.checkBetweenHands("deal"); err != nil {
		return err
	}
	seating := s.Seating()
	if p.Dealer < 0 || int(p.Dealer) >= seating.Seats {
		return game.Illegal("deal", "the dealer is not a seat at this table", "")
	}
	if len(p.Hands) != 0 && len(p.Hands) != seating.Seats {
		return game.Illegal("deal", fmt.Sprintf("the deal gives %d hands; this game has %d seats", len(p.Hands), seating.Seats), "")
	}
	dr := game.DealResult{Hands: p.Hands, Widow: p.Widow, TurnUp: p.TurnUp}
	if len(dr.Hands) == 0 {
		dr.Hands = make([]cards.Set, seating.Seats)
	}
	if p.Board != 0 {
		first, err := s.sameBoard(p, dr)
		if err != nil {
			return err
		}
		if first != nil && allUnknown(dr.Hands) && len(first.Dealt) == len(dr.Hands) {
			// The same board: its cards are known from its first deal.
			dr.Hands, dr.Widow, dr.TurnUp = first.Dealt, first.Widow, first.TurnUp
		}
	}
	if err := game.CheckDealWith(s.Rules, dr, s.Opts); err != nil {
		return err
	}
	number := len(s.Hands) + 1
	if last := s.Current(); last != nil {
		number = last.Number + 1
	}
	if s.read.partial && len(s.Hands) == 0 && p.Hand > 0 {
		number = p.Hand // the first hand of a tail fold: trust the deal's number
	}
	h := game.NewHand(number, p.Dealer, seating, s.Opts)
	h.Board, h.DealID, h.Fouled = p.Board, e.ID, p.Fouled
	copy(h.Dealt, dr.Hands)
	copy(h.Held, dr.Hands)
	h.Widow, h.TurnUp, h.Vulnerable = dr.Widow, dr.TurnUp, p.Vul
	if s.vul != nil && p.Board == 0 && !s.read.partial {
		// A board's deal records its vulnerability; otherwise the score
		// so far settles it (which a fold of the latest hand alone has not
		// seen: it leaves the vulnerability as the deal recorded it).
		h.Vulnerable = s.vul.Dealt(h)
	}
	h.InferHands(s.Rules) // three hands given: the fourth is the rest
	s.Rules.Start(h, s.Opts)
	s.Hands = append(s.Hands, h)
	s.starts = append(s.starts, e.Version)
	if p.Board != 0 && s.firstDeal(p.Board) == nil {
		if s.boards == nil {
			s.boards = map[int]*game.Hand{}
		}
		s.boards[p.Board] = h
	}
	if s.read.forget {
		s.forget()
	}
	s.NextDealer = s.Rules.NextDealer(h)
	s.Shuffle, s.Cut = nil, nil
	return nil
}

// sameBoard checks a deal of a board against the board's first deal in the
// session, which it returns (nil if this is the first): where both record a
// seat's cards, the trump turned up or the widow, they must agree.
func (s *Session) sameBoard(p *table.Dealt, dr game.DealResult) (*game.Hand, error) {
	first := s.firstDeal(p.Board)
	if first == nil {
		return nil, nil
	}
	differs := first.TurnUp != cards.NoCard && dr.TurnUp != cards.NoCard && first.TurnUp != dr.TurnUp ||
		first.Widow != 0 && dr.Widow != 0 && first.Widow != dr.Widow
	for seat, hand := range dr.Hands {
		if seat < len(first.Dealt) && hand != 0 && first.Dealt[seat] != 0 && hand != first.Dealt[seat] {
			differs = true
		}
	}
	if differs {
		return nil, game.Illegal(fmt.Sprintf("board %d", p.Board), fmt.Sprintf(
			"board %d was dealt as hand %d with other cards: a board is the same deal each time it is played; give it the same cards, or deal the next board", p.Board, first.Number), "")
	}
	return first, nil
}

func allUnknown(hands []cards.Set) bool {
	for _, h := range hands {
		if h != 0 {
			return false
		}
	}
	return true
}

// handNumbered is the hand of that number in the fold, or nil.
func (s *Session) handNumbered(n int) *game.Hand {
	for i := len(s.Hands) - 1; i >= 0; i-- {
		if s.Hands[i].Number == n {
			return s.Hands[i]
		}
	}
	return nil
}

// giveContract settles the current hand's contract as a traveller or a
// file gives it, by the ruleset's laws (game.ContractRules), and keeps the
// auction the source gave, if any.
func (s *Session) giveContract(h *game.Hand, p *table.ContractGiven, id events.ID) error {
	if h == nil {
		return game.Illegal("contract", "no hand has been dealt; deal it first (deal, or deal --board N)", "")
	}
	cr, ok := s.Rules.(game.ContractRules)
	if !ok {
		return game.Illegal(p.Bid.String(), s.Rules.Info().Title+" has no contract to give: record its result alone", "")
	}
	if err := cr.GiveContract(h, p.Bid, p.Doubled, p.Declarer); err != nil {
		return err
	}
	if len(p.Calls) > 0 || p.Inconsistent != "" {
		first := h.Dealer
		if p.First != nil {
			first = *p.First
		}
		h.Given = &game.GivenAuction{Calls: append([]cards.Call(nil), p.Calls...), First: first, Inconsistent: p.Inconsistent, ID: id}
	}
	return nil
}
