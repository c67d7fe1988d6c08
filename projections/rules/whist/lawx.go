package whist

import (
	"math"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// LawXPlay is one play of a deal at duplicate whist, as Law X, Sec. 4
// needs it: North-South's tricks as made, the tricks in the deal, and each
// side's established revokes with the tricks it had won before its first.
type LawXPlay struct {
	NS      int
	Total   int
	Revokes [2]int
	Before  [2]int
}

// LawXPlayOf is a finished hand's play as Law X needs it.
func LawXPlayOf(h *game.Hand) LawXPlay {
	p := LawXPlay{NS: h.Won[cards.NS], Total: h.Won[cards.NS] + h.Won[cards.EW]}
	p.Revokes, p.Before = RevokesOf(h)
	return p
}

// RevokesOf counts each side's established revokes in a hand, and the
// tricks it had won before its first (which no revoke penalty takes from
// it).
func RevokesOf(h *game.Hand) (n, before [2]int) {
	first := [2]int{}
	for _, irr := range h.Revokes() {
		side := h.Offending(irr)
		if side != cards.NS && side != cards.EW {
			continue
		}
		n[side]++
		if first[side] == 0 || irr.Trick < first[side] {
			first[side] = irr.Trick
		}
	}
	for _, side := range sides {
		if first[side] != 0 {
			before[side] = game.WonBefore(h, side, first[side])
		}
	}
	return n, before
}

// LawX applies the revoke penalty of Duplicate Whist, Law X, Sec. 4, to
// the plays of one deal, and returns each play's tricks for North-South
// and East-West after it, and the average of the deal the penalty is
// measured by. It is the one computation of the section: the comparison
// of tables (compare) and a session's own plays of a board use it alike.
//
// "The penalty for a revoke is the transfer of two tricks from the
// revoking side to their adversaries. If more than one revoke during the
// play of a deal is made by one side, the penalty for each revoke, after
// the first, is the transfer of one trick only. The revoking players cannot
// score more, nor their adversaries less than the average on the deal in
// which the revoke occurs; except that in no case shall the infliction of
// the revoke penalty deprive the revoking players of any tricks won by
// them before their first revoke occurs."
//
// In pair matches "the penalty for a revoke shall not increase the score
// of the opponents of the revoking players above the maximum, as made at
// the other tables, on the deal ...; provided, however, that if the
// opponents win more tricks than such maximum, independently of the revoke
// penalty, their score shall stand as made. Nor shall the score of the
// revoking players be reduced, by the infliction of the revoke penalty,
// below the minimum so made at the other tables until the averages for the
// match and the relative scores of the other players have been determined;
// the score of the revoking players shall then, if necessary, be further
// reduced, so that in all cases they shall suffer the full penalty." So
// in a pair match the cap and the floor come first, the averages are
// taken of the scores so limited, and the revoking players then bear the
// full penalty; elsewhere the average is that of the scores as made.
func LawX(plays []LawXPlay, pairMatch bool) (adjusted [][2]float64, average [2]float64) {
	if len(plays) == 0 {
		return nil, average
	}
	made := make([][2]float64, len(plays))
	for i, p := range plays {
		made[i] = [2]float64{float64(p.NS), float64(p.Total - p.NS)}
	}
	// full: each play after the transfers, the revoking side kept to the
	// tricks it won before its first revoke; limited: what the averages
	// are taken of.
	full := make([][2]float64, len(plays))
	limited := make([][2]float64, len(plays))
	net := make([][2]int, len(plays))
	for i, p := range plays {
		penalty := [2]int{}
		for s := range 2 {
			if p.Revokes[s] > 0 {
				// two for the first, one for each after; never more than
				// the side won
				penalty[s] = min(p.Revokes[s]+1, int(made[i][s]))
			}
		}
		for s := range 2 {
			full[i][s] = made[i][s] - float64(penalty[s]) + float64(penalty[1-s])
			net[i][s] = penalty[s] - penalty[1-s]
			if net[i][s] > 0 {
				full[i][s] = max(full[i][s], float64(p.Before[s]))
			}
		}
		limited[i] = made[i]
		if !pairMatch || len(plays) < 2 {
			continue
		}
		limited[i] = full[i]
		for s := range 2 {
			best, least := math.Inf(-1), math.Inf(1)
			for j := range plays {
				if j != i {
					best, least = max(best, made[j][s]), min(least, made[j][s])
				}
			}
			switch {
			case net[i][s] < 0 && made[i][s] > best: // more than the others' best as made: stands as made
				full[i][s] = made[i][s]
			case net[i][s] < 0:
				full[i][s] = min(full[i][s], best)
			case net[i][s] > 0:
				limited[i][s] = max(full[i][s], least) // for the averages only
			}
			if net[i][s] < 0 {
				limited[i][s] = full[i][s]
			}
		}
	}
	for i := range plays {
		average[cards.NS] += limited[i][cards.NS]
		average[cards.EW] += limited[i][cards.EW]
	}
	average[cards.NS] /= float64(len(plays))
	average[cards.EW] /= float64(len(plays))
	adjusted = make([][2]float64, len(plays))
	for i := range plays {
		adj := full[i]
		for s := range 2 {
			switch {
			case net[i][s] > 0: // the revoking side: not above the average
				adj[s] = max(min(adj[s], average[s]), float64(plays[i].Before[s]))
			case net[i][s] < 0: // its adversaries: not below it
				adj[s] = max(adj[s], average[s])
			}
		}
		adjusted[i] = adj
	}
	return adjusted, average
}
