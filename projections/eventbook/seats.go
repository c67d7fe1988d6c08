package eventbook

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/movement"
)

// Who sat where. A duplicate movement moves its pairs between tables, so
// a table's own session names only the pairs it began with: the players
// at a table on a board are the pairs the movement seats there in that
// board's round, named by the roster, else by the session of the table
// each pair started at.

// PairNames names each pair of a duplicate movement: the roster's names,
// else the players the pair's starting table named for its seats (starters:
// by table number, the session's players by seat). A pair named by
// neither is left out.
func PairNames(plan *movement.Plan, b *Book, starters map[int][]string) map[string][]string {
	out := map[string][]string{}
	if plan == nil || !plan.Duplicate() {
		return out
	}
	for t, players := range starters {
		if t < 1 || t > plan.Tables {
			continue
		}
		first := plan.Sittings[0][t-1]
		for _, x := range []struct {
			p     movement.Pair
			seats [2]cards.Seat
		}{{first.NS, [2]cards.Seat{cards.North, cards.South}}, {first.EW, [2]cards.Seat{cards.East, cards.West}}} {
			if x.p.Number == 0 || x.p == plan.Phantom {
				continue
			}
			var names []string
			for _, s := range x.seats {
				if int(s) < len(players) {
					names = append(names, strings.TrimSpace(players[s]))
				}
			}
			if len(names) == 2 && (names[0] != "" || names[1] != "") {
				out[x.p.String()] = names
			}
		}
	}
	if b != nil {
		for who, names := range b.Roster {
			out[who] = names
		}
	}
	return out
}

// Seats names the players at one table of a duplicate movement, board by
// board: projections.Session's Roster.
type Seats struct {
	Plan  *movement.Plan
	Table int
	Names map[string][]string // PairNames
}

// SeatName is the player in seat at the table on board, as the movement
// seated the pairs and the roster names them; "" when it cannot say (a
// board the table does not play, a pair not named). A pair's first name
// sits North (or East), the second South (or West).
func (x *Seats) SeatName(board int, seat cards.Seat) string {
	if x == nil || x.Plan == nil || board < 1 || seat < cards.North || seat > cards.West {
		return ""
	}
	st, ok := x.Plan.At(x.Table, board)
	if !ok {
		return ""
	}
	pair := st.NS
	if seat.Partnership() == cards.EW {
		pair = st.EW
	}
	names := x.Names[pair.String()]
	i := 0
	if seat == cards.South || seat == cards.West {
		i = 1
	}
	switch {
	case len(names) == 1 && i == 0:
		return names[0]
	case i < len(names) && len(names) <= 2:
		return names[i]
	case len(names) > 2:
		// More than two names for a pair (a substitute listed): the
		// seat's own if it is there, the rest as one.
		if i == 0 {
			return names[0]
		}
		return strings.Join(names[1:], " / ")
	}
	return ""
}
