package replay

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// MomentKind says which of the five forms a Moment takes.
type MomentKind uint8

// The forms of a moment. Hands, calls, tricks, cards and events are all
// numbered from 1.
const (
	// Dealt is "H": hand H just dealt, before any call.
	Dealt MomentKind = iota + 1
	// AfterCall is "H.aK": after the K-th call of hand H.
	AfterCall
	// AfterTrick is "H.T": after trick T of hand H is complete.
	AfterTrick
	// AfterCard is "H.T.C": after the C-th card of trick T of hand H.
	AfterCard
	// AfterEvent is "@N": after the session's event N (its version), as the
	// log stood then, retractions made later not yet applied.
	AfterEvent
)

// MomentSyntax is the help text for a moment, for flags and errors.
const MomentSyntax = "H (hand H dealt), H.aK (after call K), H.T (after trick T), H.T.C (after card C of trick T) or @N (after event N)"

// maxNumber bounds every number in a moment, so that parsing never
// overflows and an absurd number is refused as text rather than looked for.
const maxNumber = 1_000_000_000

// Moment names a point in a session: what `--at` takes.
type Moment struct {
	Kind  MomentKind
	Hand  int    // from 1, for every kind but AfterEvent
	Call  int    // K of H.aK
	Trick int    // T of H.T and H.T.C
	Card  int    // C of H.T.C
	Event uint64 // N of @N
}

// String writes the moment as ParseMoment reads it.
func (m Moment) String() string {
	switch m.Kind {
	case Dealt:
		return strconv.Itoa(m.Hand)
	case AfterCall:
		return fmt.Sprintf("%d.a%d", m.Hand, m.Call)
	case AfterTrick:
		return fmt.Sprintf("%d.%d", m.Hand, m.Trick)
	case AfterCard:
		return fmt.Sprintf("%d.%d.%d", m.Hand, m.Trick, m.Card)
	case AfterEvent:
		return "@" + strconv.FormatUint(m.Event, 10)
	}
	return "?"
}

// Describe says the moment in words: "hand 1, after trick 3".
func (m Moment) Describe() string {
	switch m.Kind {
	case Dealt:
		return fmt.Sprintf("hand %d, as dealt", m.Hand)
	case AfterCall:
		return fmt.Sprintf("hand %d, after call %d", m.Hand, m.Call)
	case AfterTrick:
		return fmt.Sprintf("hand %d, after trick %d", m.Hand, m.Trick)
	case AfterCard:
		return fmt.Sprintf("hand %d, after card %d of trick %d", m.Hand, m.Card, m.Trick)
	case AfterEvent:
		return fmt.Sprintf("after event %d", m.Event)
	}
	return "?"
}

// ParseMoment reads a moment: H, H.aK, H.T, H.T.C or @N. Case and
// surrounding spaces do not matter. Text that is not a moment is a
// *cards.TokenError unwrapping to ErrBadMoment; whether the session has the
// moment is for Resolve to say.
func ParseMoment(tok string) (Moment, error) {
	t := strings.ToLower(strings.TrimSpace(tok))
	bad := func(reason string) (Moment, error) {
		return Moment{}, &cards.TokenError{Kind: ErrBadMoment, Token: tok, Reason: reason}
	}
	syntax := func() (Moment, error) { return bad("a moment is " + MomentSyntax) }
	if rest, ok := strings.CutPrefix(t, "@"); ok {
		n, ok := number(rest)
		if !ok {
			return syntax()
		}
		if n == 0 {
			return bad("events are numbered from 1")
		}
		return Moment{Kind: AfterEvent, Event: uint64(n)}, nil
	}
	parts := strings.Split(t, ".")
	if len(parts) > 3 {
		return syntax()
	}
	hand, ok := number(parts[0])
	if !ok {
		return syntax()
	}
	if hand == 0 {
		return bad("hands are numbered from 1")
	}
	m := Moment{Kind: Dealt, Hand: hand}
	if len(parts) == 1 {
		return m, nil
	}
	if k, isCall := strings.CutPrefix(parts[1], "a"); isCall {
		n, ok := number(k)
		if !ok || len(parts) == 3 {
			return syntax()
		}
		if n == 0 {
			return bad("calls are numbered from 1")
		}
		m.Kind, m.Call = AfterCall, n
		return m, nil
	}
	trick, ok := number(parts[1])
	if !ok {
		return syntax()
	}
	if trick == 0 {
		return bad("tricks are numbered from 1")
	}
	m.Kind, m.Trick = AfterTrick, trick
	if len(parts) == 2 {
		return m, nil
	}
	c, ok := number(parts[2])
	if !ok {
		return syntax()
	}
	if c == 0 {
		return bad("the cards of a trick are numbered from 1")
	}
	m.Kind, m.Card = AfterCard, c
	return m, nil
}

// number reads a decimal number of ASCII digits (no sign, no spaces) up to
// maxNumber.
func number(s string) (int, bool) {
	if s == "" || len(s) > 10 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= maxNumber
}

// MomentError says why a session has no such moment. It unwraps to
// ErrNoMoment.
type MomentError struct {
	Moment Moment
	Reason string // "hand 1 has 13 tricks"
}

// Error says which moment and why: "no such moment 1.14: hand 1 has 13 tricks played".
func (e *MomentError) Error() string {
	return fmt.Sprintf("%v %s: %s", ErrNoMoment, e.Moment, e.Reason)
}

// Unwrap returns ErrNoMoment.
func (e *MomentError) Unwrap() error { return ErrNoMoment }

// Point is a moment found in a session: the event it comes after.
type Point struct {
	Moment  Moment
	Version uint64 // the session version the moment comes after
	// Hand is the hand the moment belongs to (0 before the first deal).
	Hand int
	// Step is the event in force the moment comes after. For @N naming an
	// event not in force (a retraction, or an event retracted later) its ID
	// is zero.
	Step projections.Step
}

// Resolve finds a moment in a folded session (the whole session, as it
// stands). It is a *MomentError when the session does not have it.
func Resolve(s *projections.Session, m Moment) (Point, error) {
	no := func(format string, a ...any) (Point, error) {
		return Point{}, &MomentError{Moment: m, Reason: fmt.Sprintf(format, a...)}
	}
	if m.Kind == AfterEvent {
		if m.Event > s.Version {
			return no("the session has %d events", s.Version)
		}
		p := Point{Moment: m, Version: m.Event}
		for _, st := range s.Steps {
			if st.Version > m.Event {
				break
			}
			p.Hand = st.Hand
			if st.Version == m.Event {
				p.Step = st
			}
		}
		return p, nil
	}
	if m.Hand < 1 || m.Hand > len(s.Hands) {
		return no("the session has %s", Count(len(s.Hands), "hand"))
	}
	if m.Hand <= s.HandsWithoutHistory() {
		return Point{}, ErrWholeLog // the session was read for a later hand
	}
	h := s.Hands[m.Hand-1]
	var id events.ID
	switch m.Kind {
	case Dealt:
		id = h.DealID
	case AfterCall:
		if m.Call > len(h.Calls) {
			return no("hand %d has %s", h.Number, Count(len(h.Calls), "call"))
		}
		id = h.Calls[m.Call-1].ID
	case AfterTrick, AfterCard:
		t, err := trickAt(h, m)
		if err != nil {
			return no("%s", err.Error())
		}
		n := len(t.Cards)
		if m.Kind == AfterCard {
			if m.Card > n {
				return no("trick %d of hand %d has %s", m.Trick, h.Number, Count(n, "card"))
			}
			n = m.Card
		}
		id = t.Cards[n-1].ID
		if m.Kind == AfterTrick && t.WonID != (events.ID{}) {
			id = t.WonID // the table said who won it: the trick is over then
		}
	default:
		return no("it is not a moment")
	}
	st, ok := s.StepOf(id)
	if !ok {
		return no("its event is not in force")
	}
	return Point{Moment: m, Version: st.Version, Hand: m.Hand, Step: st}, nil
}

// trickAt finds the trick of an H.T or H.T.C moment; H.T needs it complete.
func trickAt(h *game.Hand, m Moment) (*game.Trick, error) {
	played := 0
	for _, t := range h.Tricks {
		if len(t.Cards) > 0 {
			played++
		}
	}
	if m.Trick > played {
		return nil, fmt.Errorf("hand %d has %s played", h.Number, Count(played, "trick"))
	}
	t := &h.Tricks[m.Trick-1]
	if m.Kind == AfterTrick && t.Winner == cards.NoSeat {
		why := "is not complete"
		if len(t.Cards) == h.Seating.Seats && h.Claim == nil {
			why = "has no winner yet: the laws do not say which card wins it, and who won it is not recorded (hoyle won SEAT)"
		}
		if h.Claim != nil {
			why = "was not completed: the play ended by a claim"
		}
		return nil, fmt.Errorf("trick %d of hand %d %s (%s played); name a card of it as %d.%d.C", m.Trick, h.Number, why,
			Count(len(t.Cards), "card"), h.Number, m.Trick)
	}
	return t, nil
}

// Target is the event a note at moment m annotates: the deal, call or card
// the moment comes after, or event N itself for @N (which must be in force
// and not itself a note).
func Target(s *projections.Session, m Moment) (events.ID, error) {
	p, err := Resolve(s, m)
	if err != nil {
		return events.ID{}, err
	}
	switch {
	case p.Step.ID == (events.ID{}):
		return events.ID{}, &MomentError{Moment: m, Reason: fmt.Sprintf("event %d is not in force (it is a retraction, or was retracted)", m.Event)}
	case p.Step.Type == table.TypeNoted:
		return events.ID{}, &MomentError{Moment: m, Reason: fmt.Sprintf("event %d is a note; annotate the event it is on", m.Event)}
	}
	return p.Step.ID, nil
}

// FoldAt folds the session as it stood at a point. For @N it is the log's
// first N events, exactly as they stood (a mistake not yet undone shows).
// For a moment of a hand it is the record as corrected: the events in force
// up to the point, leaving out anything retracted, even later. For a log
// without retractions both are projections.Fold(envs[:Version]).
//
// full is the fold of the whole of envs. With it, a moment of hand H is
// folded from H's deal only, and the hands before it are taken from full:
// a seek costs one hand, not the session (a club's file of thousands of
// hands). With nil, everything is folded from the start.
//
// envs may be the whole log, or the opening event and the events of the
// hand the point is in, as projections/load reads them for one hand (full
// is then that read's session). In the second case an @N moment is folded
// from its hand's deal too, which is the log as it stood at N unless a
// retraction after N withdrew something before that deal; if one did,
// FoldAt says ErrWholeLog, and the caller reads the whole log; so too when
// full holds hands without their history (projections.Graft) and the
// sheets its checkpoint kept do not score the state at p.
func FoldAt(full *projections.Session, envs []events.Envelope, p Point) (*projections.Session, error) {
	s, err := foldAt(full, envs, p)
	if err == nil && full != nil && p.Moment.Kind != AfterEvent {
		revealFrom(full, s)
	}
	if err == nil && s.HandsWithoutHistory() > 0 && !s.ScoresFromKept() {
		// The earlier hands were read without their history, and the
		// sheets kept do not score this state: only the whole log can.
		return nil, ErrWholeLog
	}
	return s, err
}

// revealFrom gives the hands of s what the whole record knows of them:
// a hand dealt blank is known once its play has shown every card, and at
// every moment of it, not only at the end; who sat where (the deal.seated
// that follows the deal) is known from the deal on.
func revealFrom(full, s *projections.Session) {
	var byDeal map[events.ID]*game.Hand // made on first need: most hands are full's own, or at its place
	for i, h := range s.Hands {
		if i < len(full.Hands) && full.Hands[i] == h {
			continue
		}
		var f *game.Hand
		if i < len(full.Hands) && full.Hands[i].DealID == h.DealID {
			f = full.Hands[i] // the same hand, as the whole record holds it
		} else {
			if byDeal == nil {
				byDeal = make(map[events.ID]*game.Hand, len(full.Hands))
				for _, f := range full.Hands {
					byDeal[f.DealID] = f
				}
			}
			var ok bool
			if f, ok = byDeal[h.DealID]; !ok {
				continue
			}
		}
		if !h.Sitting.Seated() && f.Sitting.Seated() {
			h.Sitting = f.Sitting
			h.Sitting.Players = slices.Clone(f.Sitting.Players)
		}
		for seat := range h.Dealt {
			if !h.Known(cards.Seat(seat)) && f.Known(cards.Seat(seat)) {
				_ = h.Reveal(s.Rules, cards.Seat(seat), f.Dealt[seat])
			}
		}
	}
}

func foldAt(full *projections.Session, envs []events.Envelope, p Point) (*projections.Session, error) {
	n := sort.Search(len(envs), func(i int) bool { return envs[i].Version > p.Version })
	whole := len(envs) > 0 && envs[len(envs)-1].Version == uint64(len(envs))
	if p.Moment.Kind == AfterEvent {
		if whole {
			return projections.Fold(envs[:n])
		}
		hand := 0
		if full != nil {
			hand = full.HandOf(p.Version)
		}
		i, ok := dealIndex(full, envs, hand)
		if !ok || full.RetractsBefore(p.Version, envs[i].Version) {
			return nil, ErrWholeLog
		}
		tail, err := projections.FoldTail(envs[0], envs[i:n])
		if err != nil {
			return nil, err
		}
		out := full.Splice(tail, hand-1, p.Version)
		// The notes of the hand are as they stood at N (a note withdrawn
		// after N shows); those before it are the session's.
		out.Notes = nil
		for _, note := range full.Notes {
			if note.Version < envs[i].Version {
				out.Notes = append(out.Notes, note)
			}
		}
		out.Notes = append(out.Notes, tail.Notes...)
		return out, nil
	}
	var withdrawn func(events.ID) bool
	if full != nil {
		withdrawn = full.Withdrawn
	} else {
		retracted := projections.Retracted(envs)
		withdrawn = func(id events.ID) bool { return retracted[id] }
	}
	from, fromDeal := dealIndex(full, envs, p.Moment.Hand)
	if fromDeal = fromDeal && from <= n; !fromDeal {
		if !whole {
			return nil, ErrWholeLog
		}
		from = 1
	}
	kept := make([]events.Envelope, 0, n-from+1)
	for _, e := range envs[from:n] {
		if _, isRetraction := e.Data.(*table.Retracted); withdrawn(e.ID) || isRetraction {
			continue
		}
		kept = append(kept, e)
	}
	if !fromDeal {
		return projections.Fold(append([]events.Envelope{envs[0]}, kept...))
	}
	tail, err := projections.FoldTail(envs[0], kept)
	if err != nil {
		return nil, err
	}
	return full.Splice(tail, p.Moment.Hand-1, p.Version), nil
}

// dealIndex finds the deal of hand h of full in envs; false when full or
// envs do not have it.
func dealIndex(full *projections.Session, envs []events.Envelope, h int) (int, bool) {
	if full == nil || h < 1 || h > len(full.Hands) {
		return 0, false
	}
	st, ok := full.StepOf(full.Hands[h-1].DealID)
	if !ok {
		return 0, false
	}
	i := sort.Search(len(envs), func(i int) bool { return envs[i].Version >= st.Version })
	if i < 1 || i >= len(envs) || envs[i].ID != st.ID {
		return 0, false
	}
	return i, true
}

// MomentOf names a step of a session by the shortest moment that means it:
// H for a deal, H.aK for a call, H.T for the card that completes trick T,
// H.T.C for any other card, and @N for anything else.
func MomentOf(s *projections.Session, st projections.Step) Moment {
	at := Moment{Kind: AfterEvent, Event: st.Version}
	var h *game.Hand
	for _, x := range s.Hands {
		if x.Number == st.Hand {
			h = x // by number: a fold of the latest hand holds only it
		}
	}
	if h == nil {
		return at
	}
	switch st.Type {
	case table.TypeDealt:
		if h.DealID == st.ID {
			return Moment{Kind: Dealt, Hand: h.Number}
		}
	case table.TypeCalled, table.TypeIrregularCall:
		for i, c := range h.Calls {
			if c.ID == st.ID {
				return Moment{Kind: AfterCall, Hand: h.Number, Call: i + 1}
			}
		}
	case table.TypePlayed, table.TypeIrregularPlay:
		for ti, t := range h.Tricks {
			for ci, c := range t.Cards {
				if c.ID != st.ID {
					continue
				}
				if ci == len(t.Cards)-1 && t.Winner != cards.NoSeat && t.WonID == (events.ID{}) {
					return Moment{Kind: AfterTrick, Hand: h.Number, Trick: ti + 1}
				}
				return Moment{Kind: AfterCard, Hand: h.Number, Trick: ti + 1, Card: ci + 1}
			}
		}
	case table.TypeTrickWon:
		for ti, t := range h.Tricks {
			if t.WonID == st.ID {
				return Moment{Kind: AfterTrick, Hand: h.Number, Trick: ti + 1}
			}
		}
	}
	return at
}

// Count writes a number and a noun: "1 trick", "13 tricks".
func Count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
