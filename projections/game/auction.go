package game

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// BridgeAuction is the competitive auction of the bridge family (auction and
// contract bridge): players bid in turn for the right to name the trump,
// may double an adverse bid and redouble an adverse double, and three passes
// end it. The rulesets fill in what their codes differ on.
type BridgeAuction struct {
	// Higher reports whether bid outranks over. Law texts differ: 1913 ranks
	// by the value of the tricks bid (Law 44), contract by level then strain.
	Higher    func(bid, over cards.Call) bool
	HigherLaw string
	// Strains lists the strains that may be bid; MaxLevel the highest level.
	Strains  []cards.Strain
	MaxLevel int
	// DealerMustBid: the dealer may not pass (1913, Law 42). Otherwise four
	// passes pass the deal out.
	DealerMustBid bool
	DealerLaw     string
	// DealerPass says how the dealer who has nothing to declare says so
	// under the code ("1S: one spade from the dealer simply means I pass").
	DealerPass  string
	DoubleLaw   string // the law on doubling and redoubling
	DeclarerLaw string // the law naming the declarer
	// UnreachableImpossible: a bid that no bid of its strain could make
	// sufficient is impossible, not insufficient (1913 Law 50, as Foster
	// reads it: "calling six diamonds over five no trumps, when it is
	// clearly impossible to make any diamond declaration worth 50"). The
	// codes without it call such a bid insufficient.
	UnreachableImpossible bool
	// Describe writes a bid for a refusal message ("two spades, worth 4").
	Describe func(cards.Call) string
}

// Start begins the auction: the dealer calls first (1913 Law 42; contract
// Law 17).
func (BridgeAuction) Start(h *Hand, _ Options) {
	h.Phase = PhaseAuction
	h.Turn = h.Dealer
}

// ParseCall reads a call as events/cards writes them: 1C-7NT, P, X, XX.
func (BridgeAuction) ParseCall(tok string) (cards.Call, error) { return cards.ParseCall(tok) }

// AuctionState is what the calls so far settle.
type AuctionState struct {
	LastBid    cards.Call
	LastBidder cards.Seat
	Doubled    int        // 0, 1, 2
	Doubler    cards.Seat // who made the last double or redouble
	Passes     int        // consecutive passes at the end
	Over       bool
	PassedOut  bool
	HasBid     bool
}

// State reads the calls of h.
func (a BridgeAuction) State(h *Hand) AuctionState {
	st := AuctionState{LastBidder: cards.NoSeat, Doubler: cards.NoSeat}
	for _, c := range h.Calls {
		switch c.Call.Kind {
		case cards.Pass:
			st.Passes++
		case cards.Bid:
			st.LastBid, st.LastBidder, st.HasBid = c.Call, c.Seat, true
			st.Doubled, st.Doubler, st.Passes = 0, cards.NoSeat, 0
		case cards.Double, cards.Redouble:
			st.Doubled++
			st.Doubler, st.Passes = c.Seat, 0
		}
	}
	switch {
	case st.HasBid && st.Passes >= h.Seating.Seats-1:
		st.Over = true
	case !st.HasBid && st.Passes >= h.Seating.Seats:
		st.Over, st.PassedOut = true, true
	}
	return st
}

// Call checks and applies one call by the seat whose turn it is.
func (a BridgeAuction) Call(h *Hand, c cards.Call, id events.ID) error {
	if h.Phase != PhaseAuction {
		return h.NotNow("a call cannot be made", c.String())
	}
	seat := h.Turn
	st := a.State(h)
	side := h.Seating.SideOf(seat)
	tok := c.String()
	switch c.Kind {
	case cards.Pass:
		if a.DealerMustBid && len(h.Calls) == 0 {
			reason := "the dealer may not pass: he must declare at least one odd trick"
			if a.DealerPass != "" {
				reason += "; " + a.DealerPass
			}
			return Illegal(tok, reason, a.DealerLaw)
		}
	case cards.Bid:
		if c.Level < 1 || int(c.Level) > a.MaxLevel {
			return Illegal(tok, fmt.Sprintf("a bid is of 1 to %d tricks over the book", a.MaxLevel), "")
		}
		if !a.allows(c.Strain) {
			return Illegal(tok, c.Strain.Name()+" cannot be bid in this game", "")
		}
		if st.HasBid && !a.Higher(c, st.LastBid) {
			return Illegal(tok, fmt.Sprintf("insufficient: %s does not overcall %s", a.describe(c), a.describe(st.LastBid)), a.HigherLaw)
		}
	case cards.Double:
		switch {
		case !st.HasBid:
			return Illegal(tok, "there is no declaration to double", a.DoubleLaw)
		case h.Seating.SideOf(st.LastBidder) == side:
			return Illegal(tok, "a player may not double his partner's declaration (or his own)", a.DoubleLaw)
		case st.Doubled > 0:
			return Illegal(tok, st.LastBid.String()+" has already been doubled; a declaration may be doubled only once", a.DoubleLaw)
		}
	case cards.Redouble:
		switch {
		case st.Doubled == 0:
			return Illegal(tok, "only a doubled declaration may be redoubled", a.DoubleLaw)
		case st.Doubled >= 2:
			return Illegal(tok, st.LastBid.String()+" has already been redoubled; it may be redoubled only once", a.DoubleLaw)
		case h.Seating.SideOf(st.LastBidder) != side:
			return Illegal(tok, "a player may not redouble his partner's double", a.DoubleLaw)
		}
	default:
		return Illegal(tok, "not a call", "")
	}
	a.Enter(h, seat, c, id)
	return nil
}

// Enter enters a call in the auction as made by seat, lawful or not (a
// call out of turn allowed to stand, an insufficient bid not yet
// penalized), and moves the auction on as if it had been in turn: the
// player on seat's left calls next, and three passes after a bid end it.
func (a BridgeAuction) Enter(h *Hand, seat cards.Seat, c cards.Call, id events.ID) {
	h.Calls = append(h.Calls, CallEntry{Seat: seat, Call: c, ID: id})
	h.Turn = seat.Next(h.Seating.Seats)
	a.Settle(h)
}

// Settle ends the auction if its calls end it: four passes pass the deal
// out; three after a bid make the last bid the contract.
func (a BridgeAuction) Settle(h *Hand) {
	st := a.State(h)
	switch {
	case st.PassedOut:
		h.Phase, h.Turn = PhaseDone, cards.NoSeat
	case st.Over:
		declarer := FirstToName(h, st.LastBidder, st.LastBid.Strain)
		h.Contract = &Contract{Level: int(st.LastBid.Level), Strain: st.LastBid.Strain, Doubled: st.Doubled, Declarer: declarer}
		h.Dummy = h.Seating.Partner(declarer)
		h.StartPlay(declarer.Next(h.Seating.Seats))
	}
}

// FirstToName is the declarer of the bridge family: of the side that made
// the final bid, the player who first named its strain (1913 Law 46;
// contract Law 22).
func FirstToName(h *Hand, finalBidder cards.Seat, strain cards.Strain) cards.Seat {
	side := h.Seating.SideOf(finalBidder)
	for _, c := range h.Calls {
		if c.Call.Kind == cards.Bid && c.Call.Strain == strain && h.Seating.SideOf(c.Seat) == side {
			return c.Seat
		}
	}
	return finalBidder
}

func (a BridgeAuction) allows(s cards.Strain) bool {
	for _, t := range a.Strains {
		if t == s {
			return true
		}
	}
	return false
}

func (a BridgeAuction) describe(c cards.Call) string {
	if a.Describe != nil {
		return a.Describe(c)
	}
	return c.String()
}

// FollowSuit is the rule of every game of the whist family: a player who
// holds a card of the suit led must play one. suitOf gives a card's suit for
// this purpose (a ruleset with bowers or a Joker changes it); nil means the
// printed suit. A hand not recorded at the deal cannot be checked.
func FollowSuit(h *Hand, seat cards.Seat, c cards.Card, suitOf func(cards.Card) cards.Suit, law string) error {
	t := h.CurrentTrick()
	if t == nil || len(t.Cards) == 0 || !h.Known(seat) {
		return nil
	}
	if suitOf == nil {
		suitOf = cards.Card.Suit
	}
	led := suitOf(t.Led())
	if suitOf(c) == led {
		return nil
	}
	if !holdsSuit(h.Held[seat], led, suitOf) {
		return nil // void in the suit led: a discard, the usual case here
	}
	var same []string
	for _, x := range h.Held[seat].Cards() {
		if suitOf(x) == led {
			same = append(same, x.String())
		}
	}
	return RenounceError(h, seat, c, led, same, law)
}

// holdsSuit reports whether held has a card whose suit, by suitOf, is u,
// without listing held (a fold checks every discard).
func holdsSuit(held cards.Set, u cards.Suit, suitOf func(cards.Card) cards.Suit) bool {
	for s := uint64(held); s != 0; s &= s - 1 {
		if suitOf(cards.Card(bits.TrailingZeros64(s)+1)) == u {
			return true
		}
	}
	return false
}

// RenounceError refuses a card that does not follow suit, holding the
// suit led (same): a revoke if it stood. It names the command that records
// the card as it was played.
func RenounceError(h *Hand, seat cards.Seat, c cards.Card, led cards.Suit, same []string, law string) error {
	return &IllegalError{Token: c.String(), Law: law, Cause: ErrRenounce,
		Reason: fmt.Sprintf("%s must follow suit to the %s led (holds %s)", h.SeatName(seat), led.Name(), strings.Join(same, " ")),
		Hint:   fmt.Sprintf("if he renounced, record it as played with `hoyle play --irregular %s`", c)}
}

// HighestWins is the trick rule of the whist family: the highest trump wins,
// or, if no trump was played, the highest card of the suit led.
func HighestWins(t *Trick, trump cards.Suit, hasTrump bool) cards.Seat {
	best := t.Cards[0]
	led := best.Card.Suit()
	for _, p := range t.Cards[1:] {
		bs, ps := best.Card.Suit(), p.Card.Suit()
		switch {
		case hasTrump && ps == trump && bs != trump:
			best = p
		case ps == bs && p.Card.Rank() > best.Card.Rank() && (ps == led || (hasTrump && ps == trump)):
			best = p
		}
	}
	return best.Seat
}

// CallSpace is every call of this auction: pass, double, redouble, then
// each bid from the lowest up, in the order Higher ranks them.
func (a BridgeAuction) CallSpace() []cards.Call {
	out := []cards.Call{cards.PassCall, cards.DoubleCall, cards.RedoubleCall}
	var bids []cards.Call
	for level := 1; level <= a.MaxLevel; level++ {
		for _, s := range a.Strains {
			bids = append(bids, cards.NewBid(level, s))
		}
	}
	sort.SliceStable(bids, func(i, j int) bool { return a.Higher(bids[j], bids[i]) })
	return append(out, bids...)
}

// GiveContract implements ContractRules for the bridge family's auction:
// a bid this auction allows, doubled at most twice, played by declarer
// with his partner as dummy and the player on his left leading. A hand
// passed out is over, except where the dealer must declare.
func (a BridgeAuction) GiveContract(h *Hand, bid cards.Call, doubled int, declarer cards.Seat) error {
	tok := bid.String()
	if h.Phase != PhaseAuction || len(h.Calls) > 0 {
		return Illegal(tok, "a contract is given instead of the auction, before any call", "")
	}
	if bid.Kind == cards.Pass {
		if a.DealerMustBid {
			return Illegal(tok, "the dealer must declare, so a hand is never passed out", a.DealerLaw)
		}
		h.Phase, h.Turn = PhaseDone, cards.NoSeat
		return nil
	}
	switch {
	case bid.Kind != cards.Bid || bid.Level < 1 || int(bid.Level) > a.MaxLevel:
		return Illegal(tok, fmt.Sprintf("a contract is a bid of 1 to %d tricks over the book", a.MaxLevel), "")
	case !a.allows(bid.Strain):
		return Illegal(tok, bid.Strain.Name()+" cannot be bid in this game", "")
	case doubled < 0 || doubled > 2:
		return Illegal(tok, "a contract is doubled or redoubled at most", a.DoubleLaw)
	case declarer < 0 || int(declarer) >= h.Seating.Seats:
		return Illegal(tok, "the declarer is not a seat at this table", "")
	}
	h.Contract = &Contract{Level: int(bid.Level), Strain: bid.Strain, Doubled: doubled, Declarer: declarer}
	h.Dummy = h.Seating.Partner(declarer)
	h.StartPlay(declarer.Next(h.Seating.Seats))
	return nil
}

// ValueOvercall is the overcall of the auction codes that rank a
// declaration by the points its tricks are worth (Auction Bridge, 1908
// Law 48; 1913 Law 44): a bid overcalls when it is worth more, tricks bid
// times the strain's value, or as much and undertakes more tricks ("two
// spades" overcalls "one club" when both are worth 4).
func ValueOvercall(value func(cards.Strain) int) func(bid, over cards.Call) bool {
	return func(bid, over cards.Call) bool {
		bv, ov := int(bid.Level)*value(bid.Strain), int(over.Level)*value(over.Strain)
		return bv > ov || (bv == ov && bid.Level > over.Level)
	}
}
