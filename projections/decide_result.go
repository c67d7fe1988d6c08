package projections

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// ResultSpec is a hand's result as a traveller gives it, without the auction
// or the play: the contract (as PBN writes it: "4SX", "3NTXX", "2R" for
// royal spades at Auction Bridge, "H" in Bridge; "pass" for a hand passed
// out; empty when the auction recorded it already), who declared (a seat,
// or a player's name), and the tricks: the declarer's side's, or "=" for
// the contract made exactly, "+1" and "-2" for over- and under-tricks. At
// whist, where nobody declares, By names the side whose tricks are given;
// at Five Hundred, Others gives the tricks of the bidder's opponents
// ("A=3"; one left out takes what remains).
type ResultSpec struct {
	Contract string
	Declarer string
	Tricks   string
	By       string
	Others   map[string]int
	Board    int // deal this board first (deal --board N)
	// PBN is the board's cards when they are known (an event's hand
	// record gives them), dealt with the board; "" deals it unseen.
	PBN string
}

// DecideResult records a result: the contract (unless the auction settled
// it) and the tricks, scored by the session's code as a played hand is.
// With a board, the board is dealt first.
func (s *Session) DecideResult(stamp Stamp, spec ResultSpec) ([]events.Event, error) {
	var out []events.Event
	if spec.Board != 0 {
		evs, err := s.DecideDeal(stamp, DealSpec{Board: spec.Board, PBN: spec.PBN})
		if err != nil {
			return nil, err
		}
		out = append(out, evs...)
	}
	h := s.Current()
	if h == nil {
		return nil, game.Illegal("result", "no hand has been dealt: deal it first (deal, or result --board N for a board)", "")
	}
	if h.Phase == game.PhaseDone && spec.Board == 0 && !s.Closed {
		// The hand is over: the result is the next hand's, which it
		// starts, as deal would (the next dealer, the next board).
		done := h.Number
		evs, err := s.DecideDeal(stamp, DealSpec{})
		if err != nil {
			var ie *game.IllegalError
			if errors.As(err, &ie) {
				return nil, game.Illegal("result", fmt.Sprintf("hand %d is over, and this result is the next hand's, which cannot be dealt without what the laws need (%s): record it with hoyle deal first", done, ie.Reason), ie.Law)
			}
			return nil, err
		}
		out = append(out, evs...)
		h = s.Current()
	}
	passed := strings.EqualFold(spec.Contract, "pass") || strings.EqualFold(spec.Contract, "p")
	if spec.Contract != "" && h.Phase == game.PhaseAuction {
		p := &table.ContractGiven{Bid: cards.PassCall, Declarer: cards.NoSeat}
		if !passed {
			bid, doubled, err := s.parseContract(spec.Contract)
			if err != nil {
				return nil, err
			}
			if spec.Declarer == "" {
				return nil, game.Illegal(spec.Contract, "say who declared: result CONTRACT DECLARER TRICKS (result 4SX N 9)", "")
			}
			seat, err := s.SeatOf(spec.Declarer)
			if err != nil {
				return nil, err
			}
			p.Bid, p.Doubled, p.Declarer = bid, doubled, seat
		}
		ev, err := s.propose(stamp, p)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
		if h.Phase == game.PhaseDone {
			return out, nil // passed out: nothing more to give
		}
	} else if spec.Contract != "" && !passed && h.Contract != nil {
		// The auction settled the contract: a contract given must be it.
		bid, doubled, err := s.parseContract(spec.Contract)
		if err != nil {
			return nil, err
		}
		if int(bid.Level) != h.Contract.Level || bid.Strain != h.Contract.Strain || doubled != h.Contract.Doubled {
			return nil, game.Illegal(spec.Contract, fmt.Sprintf("the auction made the contract %s; give the result alone (result TRICKS)", ContractName(h.Contract)), "")
		}
	}
	won, err := s.resultTricks(h, spec)
	if err != nil {
		return nil, err
	}
	ev, err := s.propose(stamp, &table.ResultGiven{Won: won})
	if err != nil {
		return nil, err
	}
	return append(out, ev), nil
}

// ContractName writes a contract as PBN does ("4S", "3NTX"), or "Pass".
func ContractName(c *game.Contract) string {
	if c == nil {
		return "Pass"
	}
	out := cards.NewBid(max(c.Level, 0), c.Strain).String()
	if c.Level == 0 {
		out = c.Strain.String()
	}
	return out + strings.Repeat("X", min(c.Doubled, 2))
}

// parseContract reads "4SX": the bid in the game's words, then X or XX.
func (s *Session) parseContract(tok string) (cards.Call, int, error) {
	t := strings.ToUpper(strings.TrimSpace(tok))
	doubled := 0
	for doubled < 2 && strings.HasSuffix(t, "X") {
		t, doubled = t[:len(t)-1], doubled+1
	}
	bid, err := s.Rules.ParseCall(t)
	if err != nil {
		return cards.Call{}, 0, err
	}
	if bid.Kind != cards.Bid {
		return cards.Call{}, 0, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok, Reason: "a contract is a bid, then X or XX if doubled: 4SX, 3NT, pass"}
	}
	return bid, doubled, nil
}

// resultTricks works out the tricks by side from a result's words.
func (s *Session) resultTricks(h *game.Hand, spec ResultSpec) ([]int, error) {
	seating := s.Seating()
	total := s.Rules.Tricks()
	tok := spec.Tricks
	if tok == "" {
		return nil, game.Illegal("result", "give the tricks: a number, or =, +N, -N against the contract", "")
	}
	side := h.DeclaringSide()
	if spec.By != "" {
		seat, err := s.claimer(spec.By)
		if err != nil {
			return nil, err
		}
		side = seating.SideOf(seat)
	}
	if side == cards.NoSide {
		return nil, game.Illegal(tok, "say whose tricks they are: this hand has no declarer (result --by SIDE TRICKS)", "")
	}
	var n int
	switch {
	case tok == "=" || strings.HasPrefix(tok, "+") || strings.HasPrefix(tok, "-"):
		if h.Contract == nil || h.Contract.Declarer == cards.NoSeat || h.Contract.Level == 0 {
			return nil, game.Illegal(tok, "=, +N and -N count against a contract of so many tricks, and this hand has none: give the tricks taken", "")
		}
		d := 0
		if tok != "=" {
			var err error
			if d, err = strconv.Atoi(tok); err != nil {
				return nil, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok, Reason: "the tricks are a number, or =, +N, -N"}
			}
		}
		n = h.Contract.Level + d // Five Hundred's bids count the tricks themselves
		if total == 13 {
			n += 6 // the bridge family's count the tricks over the book of six
		}
	default:
		var err error
		if n, err = strconv.Atoi(tok); err != nil {
			return nil, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok, Reason: "the tricks are a number, or =, +N, -N"}
		}
	}
	if n < 0 || n > total {
		return nil, game.Illegal(tok, fmt.Sprintf("a side takes 0 to %d tricks", total), "")
	}
	won := make([]int, seating.SideCount())
	won[side] = n
	if len(won) == 2 {
		won[1-side] = total - n
		if len(spec.Others) > 0 {
			return nil, game.Illegal(tok, "the other side takes the rest of the tricks; there is nothing to share out", "")
		}
		return won, nil
	}
	// A game of single players: the others' tricks are given by seat, one
	// left out taking what remains.
	keys := make([]string, 0, len(spec.Others))
	for k := range spec.Others {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	given := map[cards.Side]bool{side: true}
	rest := total - n
	for _, k := range keys {
		seat, err := s.SeatOf(k)
		if err != nil {
			return nil, err
		}
		os := seating.SideOf(seat)
		if given[os] {
			return nil, game.Illegal(k, fmt.Sprintf("%s's tricks are given twice", seating.Names[seat]), "")
		}
		given[os] = true
		won[os] = spec.Others[k]
		rest -= spec.Others[k]
	}
	if len(given) == len(won)-1 && rest >= 0 {
		for sd := range won {
			if !given[cards.Side(sd)] {
				won[sd] = rest
			}
		}
	}
	return won, nil
}
