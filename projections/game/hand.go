package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// Phase is the stage a hand is in.
type Phase string

// The phases of a hand. Not every game has every phase: whist goes from the
// deal straight to play; Five Hundred has an exchange with the widow.
const (
	PhaseAuction  Phase = "auction"
	PhaseExchange Phase = "exchange"
	PhasePlay     Phase = "play"
	PhaseDone     Phase = "done"
)

// CallEntry is one call of the auction, with the event that recorded it.
type CallEntry struct {
	Seat cards.Seat
	Call cards.Call
	ID   events.ID
}

// PlayedCard is one card played to a trick, with the event that recorded it.
type PlayedCard struct {
	Seat cards.Seat
	Card cards.Card
	ID   events.ID
}

// Trick is a trick in play or complete.
type Trick struct {
	Leader cards.Seat
	Cards  []PlayedCard
	Winner cards.Seat // NoSeat until complete
	// WonID is the event that recorded the winner, where the table says
	// who won the trick because the laws as printed do not (Quinto's; see
	// Ruleset.TrickWinner); zero where the ruleset names the winner.
	WonID events.ID
	// LedAs is the suit the leader named for a card of no suit he leads
	// (Five Hundred's Joker at no trumps: "the leader names the suit which
	// he elects it to represent"), when Named. The zero Suit is clubs, so
	// Named says whether LedAs means anything.
	LedAs cards.Suit
	Named bool
}

// Led is the card led, or NoCard.
func (t *Trick) Led() cards.Card {
	if len(t.Cards) == 0 {
		return cards.NoCard
	}
	return t.Cards[0].Card
}

// Contract is what the auction (or declaration, or turn-up) settled: the
// number of tricks undertaken, the trump, the doubling, and who plays it.
type Contract struct {
	Level    int // tricks over the book (1-7 in bridge; 6-10 in Five Hundred); 0 when none bid
	Strain   cards.Strain
	Doubled  int        // 0, 1 doubled, 2 redoubled (more in straight bridge)
	Declarer cards.Seat // who plays the hand, or NoSeat in whist
}

// ContractText writes a contract in its game's words, as PBN's Contract tag
// writes one: "4S", "3NTX", "6SXX", "2R" for royal spades, or "Pass" for
// none. A bid contract is doubled at most twice (X, XX), as the tag allows;
// a Bridge declaration, which may be doubled again and again, says each
// double ("HXXX" is hearts doubled, redoubled and doubled again), so that
// a view and an export of the same hand say the same.
func ContractText(c *Contract) string {
	if c == nil {
		return "Pass"
	}
	if c.Level == 0 {
		return c.Strain.String() + strings.Repeat("X", c.Doubled)
	}
	return cards.NewBid(c.Level, c.Strain).String() + strings.Repeat("X", min(c.Doubled, 2))
}

// Claim is a claim that ended the play.
type Claim struct {
	Seat   cards.Seat
	Tricks int // tricks the claimer's side takes of those not yet completed
	// Others is how the rest fell, by seat, in a game of more than two
	// sides; nil in a game of two, where the other side takes them.
	Others []SeatTricks
	ID     events.ID
}

// SeatTricks is a number of tricks that fall to a seat.
type SeatTricks struct {
	Seat   cards.Seat
	Tricks int
}

// Hand is the state of one hand: the deal, the auction, the play. It is plain
// data, built by folding events (see projections) and read by replay,
// scoring and export. Rulesets change it through the Ruleset methods.
type Hand struct {
	Number int // in the session, from 1
	Board  int // duplicate board number, or 0
	// Fouled: the table recorded this board as fouled (deal --fouled,
	// Law 87), its cards differing from the event's hand record.
	Fouled  bool
	Dealer  cards.Seat // who dealt it
	Seating Seating
	Opts    Options
	DealID  events.ID
	// Out marks, by seat, hands dealt that play no card on this hand
	// (Humbug Whist's hands not taken up); nil: every hand plays.
	Out []bool

	Dealt []cards.Set // as dealt, by seat; an empty set is unknown
	// Revealed marks, by seat, a hand learned after the deal: given when
	// it was turned up, or shown by the play (see Reveal).
	Revealed []bool
	Held     []cards.Set // still held, by seat (known hands only)
	Played   cards.Set   // every card played so far
	Widow    cards.Set
	TurnUp   cards.Card
	// Vulnerable is who is vulnerable on this hand (duplicate boards,
	// rubber and Chicago), as the deal or the score says; VulNone in a
	// game without vulnerability.
	Vulnerable cards.Vulnerability
	// Sitting is who sat where, where the game or the event moves players
	// between hands (see Reseater); the zero Sitting where it does not.
	Sitting Sitting

	Phase    Phase
	Turn     cards.Seat // whose turn, or NoSeat
	Calls    []CallEntry
	Contract *Contract // nil until settled; nil when passed out
	Dummy    cards.Seat
	Tricks   []Trick
	Won      []int // tricks won, by side
	Claim    *Claim
	Discards []cards.Card
	// Result is the tricks given rather than played (a traveller's), and
	// Given the auction as a source gave it when the contract was given
	// without (or against) it.
	Result *Result
	Given  *GivenAuction

	// Honours claimed at the table (when the deal is unknown), as
	// side -> the ruleset's holding name.
	HonoursClaimed map[cards.Side]string

	// Irregular lists the hand's irregularities in the order they
	// happened (a revoke found in the record when it was found), and
	// Restrict what their remedies impose while in force (see
	// irregular.go).
	Irregular []*Irregularity
	Restrict  Restrictions
	// Annulled: a new deal was demanded; the hand is void, scores
	// nothing, and its dealer deals again.
	Annulled bool
	// Abandoned: the laws stopped the play (Five Hundred's American rule
	// on a revoke: "the hands shall be immediately abandoned").
	Abandoned bool
}

// NewHand makes the hand of a deal.
func NewHand(number int, dealer cards.Seat, seating Seating, opts Options) *Hand {
	return &Hand{
		Number: number, Dealer: dealer, Seating: seating, Opts: opts,
		Dealt: make([]cards.Set, seating.Seats), Held: make([]cards.Set, seating.Seats),
		Won: make([]int, seating.SideCount()), Turn: cards.NoSeat, Dummy: cards.NoSeat,
	}
}

// Known reports whether seat's cards were recorded at the deal.
func (h *Hand) Known(seat cards.Seat) bool {
	return seat >= 0 && int(seat) < len(h.Dealt) && h.Dealt[seat] != 0
}

// KnownAtDeal reports whether every hand was recorded with the deal: then
// honours are counted from the cards, and none is claimed at the table.
func (h *Hand) KnownAtDeal() bool {
	if !h.DealKnown() {
		return false
	}
	for _, r := range h.Revealed {
		if r {
			return false
		}
	}
	return true
}

// DealKnown reports whether every hand is known, recorded with the deal or
// learned after it, so that the scorer counts from the cards rather than
// from claims at the table (and notes any claim they contradict).
func (h *Hand) DealKnown() bool {
	for seat := range h.Seating.Seats {
		if !h.Known(cards.Seat(seat)) {
			return false
		}
	}
	return true
}

// CurrentTrick is the trick in progress (possibly empty), or nil before play.
func (h *Hand) CurrentTrick() *Trick {
	if len(h.Tricks) == 0 {
		return nil
	}
	return &h.Tricks[len(h.Tricks)-1]
}

// CompletedTricks counts the tricks won so far.
func (h *Hand) CompletedTricks() int {
	n := 0
	for _, t := range h.Tricks {
		if t.Winner != cards.NoSeat {
			n++
		}
	}
	return n
}

// Trump is the trump suit of the contract, if any.
func (h *Hand) Trump() (cards.Suit, bool) {
	if h.Contract == nil {
		return cards.NoSuit, false
	}
	return h.Contract.Strain.Trump()
}

// DeclaringSide is the declarer's side, or NoSide.
func (h *Hand) DeclaringSide() cards.Side {
	if h.Contract == nil {
		return cards.NoSide
	}
	return h.Seating.SideOf(h.Contract.Declarer)
}

// DeclarerWon is the tricks the declaring side won in play (0 when the
// hand was passed out), before any a revoke penalty transfers.
func (h *Hand) DeclarerWon() int {
	if h.Contract == nil {
		return 0
	}
	return h.Won[h.DeclaringSide()]
}

// LastCall is the last call made, and whether there is one.
func (h *Hand) LastCall() (CallEntry, bool) {
	if len(h.Calls) == 0 {
		return CallEntry{}, false
	}
	return h.Calls[len(h.Calls)-1], true
}

// StartPlay moves the hand to play with leader on lead.
func (h *Hand) StartPlay(leader cards.Seat) {
	h.Phase = PhasePlay
	h.Turn = leader
	h.Tricks = append(h.Tricks, Trick{Leader: leader, Winner: cards.NoSeat})
}

// Play checks and plays a card for the seat whose turn it is. The generic
// rules are checked here (the right phase, a card of this pack, held by the
// seat when its hand is known, not played before); the ruleset adds
// following suit. An illegal card leaves h unchanged.
func (h *Hand) Play(rs Ruleset, c cards.Card, id events.ID) error {
	if err := h.CheckCard(rs, c); err != nil {
		return err
	}
	return h.playChecked(rs, h.Turn, h.CurrentTrick(), c, id)
}

// CheckCard reports whether the seat whose turn it is may play c, without
// playing it.
func (h *Hand) CheckCard(rs Ruleset, c cards.Card) error {
	if h.Phase != PhasePlay {
		return h.notNow("a card cannot be played", c.String())
	}
	seat := h.Turn
	switch {
	case !c.Valid():
		return Illegal(c.String(), "it is not a card", "")
	case h.Played.Has(c):
		return Illegal(c.String(), c.String()+" has already been played in this hand", "")
	case h.Known(seat) && !h.Held[seat].Has(c):
		reason := fmt.Sprintf("%s does not hold %s (holds %s)", h.SeatName(seat), c, h.Held[seat].PBN())
		where, hint := h.elsewhere(seat, c)
		return &IllegalError{Token: c.String(), Reason: reason + where, Hint: hint}
	case !h.Known(seat) && h.heldElsewhere(c):
		return Illegal(c.String(), c.String()+" is in another player's hand", "")
	}
	if err := rs.CheckPlay(h, seat, c); err != nil {
		return err
	}
	return h.checkRestrictedCard(rs, seat, c)
}

// playChecked plays a card that CheckCard allowed.
func (h *Hand) playChecked(rs Ruleset, seat cards.Seat, t *Trick, c cards.Card, id events.ID) error {
	led := len(t.Cards) == 0
	if t.Cards == nil {
		t.Cards = make([]PlayedCard, 0, h.Seating.Seats) // one allocation a trick, not three
	}
	t.Cards = append(t.Cards, PlayedCard{Seat: seat, Card: c, ID: id})
	h.Played = h.Played.Add(c)
	if h.Known(seat) {
		h.Held[seat] = h.Held[seat].Remove(c)
	}
	trick := len(h.Tricks)
	h.consumeRestrictions(seat, c, trick, led)
	defer h.afterCard(rs, seat, c, id, trick)
	if len(t.Cards) < h.Playing() {
		// The next to play is the first, clockwise from the leader, who
		// has not played: a card played out of turn leaves the turn with
		// the player it passed over.
		h.Turn = h.nextToPlay(t)
		return nil
	}
	w := rs.TrickWinner(h, t)
	if w == cards.NoSeat {
		// The laws do not say who won it: the table does (WinTrick), and
		// nobody plays until it has.
		h.Turn = cards.NoSeat
		return nil
	}
	h.winTrick(rs, t, w)
	return nil
}

// winTrick gives the complete trick t to seat, who leads to the next; the
// last trick ends the hand.
func (h *Hand) winTrick(rs Ruleset, t *Trick, seat cards.Seat) {
	t.Winner = seat
	h.Won[h.Seating.SideOf(seat)]++
	if len(h.Tricks) >= rs.Tricks() {
		h.Phase, h.Turn = PhaseDone, cards.NoSeat
		return
	}
	if len(h.Tricks) == cap(h.Tricks) {
		h.Tricks = slices.Grow(h.Tricks, rs.Tricks()-len(h.Tricks)) // the hand's tricks allotted once, not by doubling
	}
	h.Tricks = append(h.Tricks, Trick{Leader: seat, Winner: cards.NoSeat})
	h.Turn = seat
}

// Unsettled is the trick whose cards are all played and whose winner the
// laws do not name (Ruleset.TrickWinner gave NoSeat), until the table says
// who won it; nil when there is none.
func (h *Hand) Unsettled() *Trick {
	t := h.CurrentTrick()
	if h.Phase != PhasePlay || t == nil || t.Winner != cards.NoSeat || len(t.Cards) < h.Seating.Seats {
		return nil
	}
	return t
}

// WinTrick records who won trick n (from 1), as the table says, where the
// laws do not: the trick must be the one whose cards are all played and
// whose winner is still to be said. The winner leads to the next trick.
func (h *Hand) WinTrick(rs Ruleset, n int, seat cards.Seat, id events.ID) error {
	tok := fmt.Sprintf("trick %d", n)
	t := h.Unsettled()
	switch {
	case h.Phase != PhasePlay:
		return h.notNow("a trick's winner cannot be recorded", tok)
	case t == nil:
		return Illegal(tok, "no trick is waiting for its winner: the laws name the winner of each trick, or its cards are not all played", "")
	case n != len(h.Tricks):
		return Illegal(tok, fmt.Sprintf("trick %d is the one waiting for its winner", len(h.Tricks)), "")
	case seat < 0 || int(seat) >= h.Seating.Seats:
		return Illegal(tok, "the winner is not a seat at this table", "")
	}
	t.WonID = id
	h.winTrick(rs, t, seat)
	if h.Phase == PhaseDone {
		h.EstablishAll(rs)
	}
	return nil
}

// elsewhere names the hand that holds c when seat, whose turn it is, does
// not ("; DQ is in E's hand"), and the command that records it as played
// from there (a lead or play out of turn, a card from the wrong hand): the
// hint, which only the recorder gives.
func (h *Hand) elsewhere(seat cards.Seat, c cards.Card) (where, hint string) {
	for s, held := range h.Held {
		other := cards.Seat(s)
		if other == seat || !held.Has(c) || !h.Known(other) {
			continue
		}
		who := h.SeatName(other)
		record := fmt.Sprintf("record it as played with `hoyle play --irregular --seat %s %s`", who, c)
		if h.samePlayer(seat, other) || h.Declaring(seat) && h.Declaring(other) {
			return "", fmt.Sprintf("if it was played from %s's hand, %s", who, record)
		}
		return fmt.Sprintf("; %s is in %s's hand", c, who), fmt.Sprintf("if %s played it out of turn, %s", who, record)
	}
	return "", ""
}

func (h *Hand) heldElsewhere(c cards.Card) bool {
	for s, held := range h.Held {
		if cards.Seat(s) != h.Turn && held.Has(c) {
			return true
		}
	}
	return false
}

// ClaimRest ends the play by a claim: of the tricks not yet completed, the
// side of seat takes n. In a game of two sides the other side takes the
// rest; in a game of more, others says how the rest fall, seat by seat,
// every other side named once. A claim must say whose it is: in a game
// without a declarer there is nobody to claim for by default.
func (h *Hand) ClaimRest(rs Ruleset, seat cards.Seat, n int, others []SeatTricks, id events.ID) error {
	if h.Phase != PhasePlay {
		return h.notNow("a claim cannot be made", fmt.Sprint(n))
	}
	tok := fmt.Sprint(n)
	side := h.Seating.SideOf(seat)
	if side == cards.NoSide {
		return Illegal(tok, "say whose claim it is: this game has no declarer to claim for (claim N --by SEAT or SIDE)", "")
	}
	rest := rs.Tricks() - h.CompletedTricks()
	if n < 0 || n > rest {
		return Illegal(tok, fmt.Sprintf("only %d tricks remain to be played", rest), "")
	}
	sides := h.Seating.SideCount()
	if sides == 2 {
		if len(others) > 0 {
			return Illegal(tok, "the other side takes the rest of the tricks; there is nothing to share out", "")
		}
		h.Won[side] += n
		h.Won[1-side] += rest - n
		h.Claim = &Claim{Seat: seat, Tricks: n, ID: id}
		h.Phase, h.Turn = PhaseDone, cards.NoSeat
		h.EstablishAll(rs)
		return nil
	}
	if len(others) == 0 {
		// A claim recorded before claims said how the rest fall (schema 2
		// and older) leaves the others' tricks unassigned; the decision
		// refuses such a claim today (see the projections package).
		h.Won[side] += n
		h.Claim = &Claim{Seat: seat, Tricks: n, ID: id}
		h.Phase, h.Turn = PhaseDone, cards.NoSeat
		h.EstablishAll(rs)
		return nil
	}
	given := map[cards.Side]bool{side: true}
	shared := 0
	for _, o := range others {
		os := h.Seating.SideOf(o.Seat)
		switch {
		case os == cards.NoSide:
			return Illegal(tok, fmt.Sprintf("%v is not a seat at this table", o.Seat), "")
		case given[os]:
			return Illegal(tok, fmt.Sprintf("%s's share of the tricks is given twice, or is the claimer's own", h.SeatName(o.Seat)), "")
		case o.Tricks < 0:
			return Illegal(tok, fmt.Sprintf("%s cannot take %d tricks", h.SeatName(o.Seat), o.Tricks), "")
		}
		given[os] = true
		shared += o.Tricks
	}
	if len(given) != sides || shared != rest-n {
		return Illegal(tok, fmt.Sprintf("say how the other %d tricks fall, every other player's share (claim %d A=3 C=2): %d are shared out among %d of the %d other players",
			rest-n, n, shared, len(given)-1, sides-1), "")
	}
	h.Won[side] += n
	for _, o := range others {
		h.Won[h.Seating.SideOf(o.Seat)] += o.Tricks
	}
	h.Claim = &Claim{Seat: seat, Tricks: n, Others: append([]SeatTricks(nil), others...), ID: id}
	h.Phase, h.Turn = PhaseDone, cards.NoSeat
	h.EstablishAll(rs)
	return nil
}

// SeatName is how the hand's seating names a seat.
func (h *Hand) SeatName(s cards.Seat) string {
	if s >= 0 && int(s) < len(h.Seating.Names) {
		return h.Seating.Names[s]
	}
	return s.String()
}

func (h *Hand) notNow(what, tok string) error {
	switch h.Phase {
	case PhaseAuction:
		return Illegal(tok, what+" during the auction; the auction is not over", "")
	case PhaseExchange:
		return Illegal(tok, what+" before the widow has been taken and the discard made", "")
	case PhaseDone:
		return Illegal(tok, what+": the hand is over; deal the next hand", "")
	}
	return Illegal(tok, what+" now (phase "+string(h.Phase)+")", "")
}

// NotNow is the error for a call, card or claim made in the wrong phase.
func (h *Hand) NotNow(what, tok string) error { return h.notNow(what, tok) }

// Clone is a deep copy of h: a rule can be tried on it without touching h.
func (h *Hand) Clone() *Hand {
	c := *h
	c.Dealt = append([]cards.Set(nil), h.Dealt...)
	c.Held = append([]cards.Set(nil), h.Held...)
	c.Revealed = append([]bool(nil), h.Revealed...)
	c.Out = append([]bool(nil), h.Out...)
	c.Sitting = h.Sitting.clone()
	c.Calls = append([]CallEntry(nil), h.Calls...)
	if h.Contract != nil {
		k := *h.Contract
		c.Contract = &k
	}
	c.Tricks = make([]Trick, len(h.Tricks))
	for i, t := range h.Tricks {
		c.Tricks[i] = t
		c.Tricks[i].Cards = append([]PlayedCard(nil), t.Cards...)
	}
	c.Won = append([]int(nil), h.Won...)
	if h.Claim != nil {
		k := *h.Claim
		k.Others = append([]SeatTricks(nil), h.Claim.Others...)
		c.Claim = &k
	}
	c.Discards = append([]cards.Card(nil), h.Discards...)
	if h.Result != nil {
		k := *h.Result
		k.Won = append([]int(nil), h.Result.Won...)
		c.Result = &k
	}
	if h.Given != nil {
		k := *h.Given
		k.Calls = append([]cards.Call(nil), h.Given.Calls...)
		c.Given = &k
	}
	if h.HonoursClaimed != nil {
		c.HonoursClaimed = map[cards.Side]string{}
		for k, v := range h.HonoursClaimed {
			c.HonoursClaimed[k] = v
		}
	}
	c.Irregular = nil
	for _, irr := range h.Irregular {
		c.Irregular = append(c.Irregular, irr.clone())
	}
	c.Restrict = h.Restrict.clone()
	return &c
}

// LegalCards lists the cards the seat whose turn it is may play, when its
// hand is known (nil otherwise: any card not yet played may be offered).
func (h *Hand) LegalCards(rs Ruleset) []cards.Card {
	if h.Phase != PhasePlay || !h.Known(h.Turn) {
		return nil
	}
	var out []cards.Card
	for _, c := range h.Held[h.Turn].Cards() {
		if h.CheckCard(rs, c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// LegalCalls lists the calls the seat whose turn it is may make, by trying
// each of the ruleset's candidate calls on a copy of the hand.
func (h *Hand) LegalCalls(rs Ruleset) []cards.Call {
	if h.Phase != PhaseAuction {
		return nil
	}
	var out []cards.Call
	for _, c := range rs.CallSpace() {
		if h.CheckRestrictedCall(h.Turn, c) == nil && rs.Call(h.Clone(), c, events.ID{}) == nil {
			out = append(out, c)
		}
	}
	return out
}
