package fivehundred

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// RevokeCase is a hand on which a revoke was claimed and proved, as the
// table settled it under the session's rule.
type RevokeCase struct {
	Rule     string     // RevokeAmerican or RevokeHoffmann (the session option "revoke")
	Bid      cards.Call // the bid; the zero Call when nobody bid
	Bidder   cards.Seat
	Offender cards.Seat
	// Tricks is, by seat, the tricks each player is credited with: as they
	// stood when the hand was abandoned (the American rule); with those
	// that "but for the revoke, would have fallen to him" (Hoffmann, the
	// bidder offending); or as the hand ended when played anew from the
	// revoke (Hoffmann, an adversary offending).
	Tricks []int
}

// RevokeSetBack is what Professor Hoffmann's rule sets back an adversary
// of the bidder who revokes.
const RevokeSetBack = 100

// RevokePenalty scores a hand with a proved revoke by the rule the session
// chose (Five Hundred: revokes). The American rule: "the hands shall be
// immediately abandoned. If it is an adversary of the bidder who has
// revoked, the bidder scores the full amount of his bid, while the side in
// error scores nothing" (both adversaries, who play as one side against
// the bidder). When the bidder revokes the American rule as quoted is
// silent, and the nearest rule, Hoffmann's, applies: he is set back the
// amount of his bid. Hoffmann's rule: the bidder offending is set back his
// bid, each adversary scoring his tricks as usual; an adversary offending
// scores nothing and is set back 100, the others scoring as the hand,
// played anew from the revoke, falls.
func RevokePenalty(rc RevokeCase) (won, lost []int, entries []game.Entry, err error) {
	n := len(rc.Tricks)
	won, lost = make([]int, n), make([]int, n)
	if rc.Rule != RevokeAmerican && rc.Rule != RevokeHoffmann {
		return nil, nil, nil, fmt.Errorf("%w: %q (the rules are %s and %s)", ErrBadRevokeRule, rc.Rule, RevokeAmerican, RevokeHoffmann)
	}
	if rc.Bidder == cards.NoSeat || int(rc.Bidder) >= n || rc.Offender < 0 || int(rc.Offender) >= n {
		return nil, nil, nil, fmt.Errorf("%w: the revoke rules of Five Hundred are for a hand with a bidder and a revoking player", ErrBadRevokeRule)
	}
	v := BidValue(rc.Bid)
	entry := func(seat cards.Seat, points int, above bool, label string) {
		entries = append(entries, game.Entry{Side: cards.Side(seat), Above: above, Points: points, Label: label, Law: TextRevokes})
	}
	adversaryTricks := func(label string) {
		for s := range cards.Seat(n) {
			if s != rc.Bidder && s != rc.Offender {
				won[s] = TrickPoints * rc.Tricks[s]
				entry(s, won[s], true, fmt.Sprintf("%s at 10 %s", tricks(rc.Tricks[s]), label))
			}
		}
	}
	switch {
	case rc.Offender == rc.Bidder:
		lost[rc.Bidder] = v
		entry(rc.Bidder, -v, false, fmt.Sprintf("revoked on his own bid of %s: set back %d", bidName(rc.Bid), v))
		for s := range cards.Seat(n) {
			if s != rc.Bidder {
				won[s] = TrickPoints * rc.Tricks[s]
				entry(s, won[s], true, fmt.Sprintf("%s at 10, the bidder having revoked", tricks(rc.Tricks[s])))
			}
		}
	case rc.Rule == RevokeAmerican:
		won[rc.Bidder] = v
		entry(rc.Bidder, v, true, fmt.Sprintf("%s: the full amount of the bid, an adversary having revoked", bidName(rc.Bid)))
		for s := range cards.Seat(n) {
			if s != rc.Bidder {
				entry(s, 0, true, "the side in error scores nothing")
			}
		}
	default:
		pts, made := BidScore(rc.Bid, rc.Tricks[rc.Bidder])
		if made {
			won[rc.Bidder] = pts
			entry(rc.Bidder, pts, true, fmt.Sprintf("%s bid and made with %d tricks, the hand played anew", bidName(rc.Bid), rc.Tricks[rc.Bidder]))
		} else {
			lost[rc.Bidder] = pts
			entry(rc.Bidder, -pts, false, fmt.Sprintf("%s bid, %s, the hand played anew: %d set back", bidName(rc.Bid), tricks(rc.Tricks[rc.Bidder]), pts))
		}
		adversaryTricks("against the bid, the hand played anew")
		lost[rc.Offender] = RevokeSetBack
		entry(rc.Offender, -RevokeSetBack, false, fmt.Sprintf("revoked: scores nothing for the hand and is set back %d", RevokeSetBack))
	}
	return won, lost, entries, nil
}
