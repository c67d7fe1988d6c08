package movement

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
)

// ErrBadPlan: a plan that does not hold together (a pair at two tables in
// a round, two pairs meeting twice, a pair playing a board twice, a set at
// two tables that do not share it). Plan never returns one; Verify names
// the fault.
var ErrBadPlan = errors.New("the movement's plan does not hold together")

// Verify checks a Mitchell's or a Howell's plan: each round seats every
// pair once; two pairs meet at most once, and in a complete Howell every
// two pairs meet exactly once (in a Mitchell every North-South pair meets
// every East-West pair once, whichever way an arrow-switch turns them); no
// pair plays a set twice; a set in play at two tables of a round is one
// they declare as shared (a relay, or copies); the set on the bye stand is
// not in play; a pair sits out only against the phantom, and at most once;
// only the switched rounds are switched. At, the check of a board at a
// table, reads the same sittings, so a plan that passes here is the plan
// every deal is checked against.
func (p *Plan) Verify() error {
	if !p.Duplicate() {
		return nil
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrBadPlan, p.Spec, fmt.Sprintf(format, args...))
	}
	if len(p.Sittings) != p.Rounds {
		return fail("%d rounds planned, %d laid out", p.Rounds, len(p.Sittings))
	}
	all := p.pairs()
	met := map[[2]Pair]int{}
	played := map[Pair]map[int]bool{}
	satOut := map[Pair]int{}
	for r, row := range p.Sittings {
		if len(row) != p.Tables {
			return fail("round %d has %d tables", r+1, len(row))
		}
		seated := map[Pair]int{}
		inPlay := map[int][]int{}
		for t, st := range row {
			if st.Round != r+1 || st.Table != t+1 || st.Set < 1 || st.Set > p.Sets {
				return fail("round %d table %d is laid out as round %d table %d set %d", r+1, t+1, st.Round, st.Table, st.Set)
			}
			if st.Switched != slices.Contains(p.Arrow, r+1) {
				return fail("round %d table %d: switched %v", r+1, t+1, st.Switched)
			}
			for _, pr := range []Pair{st.NS, st.EW} {
				if other, ok := seated[pr]; ok {
					return fail("round %d: %s at tables %d and %d", r+1, pr, other, t+1)
				}
				seated[pr] = t + 1
			}
			if !st.Plays() {
				if st.NS != p.Phantom && st.EW != p.Phantom || p.Phantom.Number == 0 {
					return fail("round %d table %d: %s sits out without meeting the phantom", r+1, t+1, st.SitOut)
				}
				if satOut[st.SitOut]++; satOut[st.SitOut] > 1 {
					return fail("%s sits out twice", st.SitOut)
				}
				continue
			}
			if p.Phantom.Number != 0 && (st.NS == p.Phantom || st.EW == p.Phantom) {
				return fail("round %d table %d: the phantom pair plays", r+1, t+1)
			}
			key := [2]Pair{st.NS, st.EW}
			if pairLess(st.EW, st.NS) {
				key = [2]Pair{st.EW, st.NS}
			}
			if met[key]++; met[key] > 1 {
				return fail("%s meets %s twice", key[0], key[1])
			}
			for _, pr := range key {
				if played[pr] == nil {
					played[pr] = map[int]bool{}
				}
				if played[pr][st.Set] {
					return fail("%s plays boards %d-%d twice", pr, st.First, st.Last)
				}
				played[pr][st.Set] = true
			}
			inPlay[st.Set] = append(inPlay[st.Set], t+1)
		}
		for set, tables := range inPlay {
			for _, t := range tables {
				for _, u := range tables {
					if u != t && !slices.Contains(row[t-1].Shares, u) {
						return fail("round %d: set %d is in play at tables %d and %d, which do not share it", r+1, set, t, u)
					}
				}
			}
		}
		if len(p.Bye) > 0 && len(inPlay[p.Bye[r]]) > 0 {
			return fail("round %d: set %d is on the bye stand and in play", r+1, p.Bye[r])
		}
	}
	// Completeness: who must meet whom.
	for i, a := range all {
		for _, b := range all[i+1:] {
			if p.Kind == Mitchell && a.Dir == b.Dir {
				continue
			}
			key := [2]Pair{a, b}
			if pairLess(b, a) {
				key = [2]Pair{b, a}
			}
			if met[key] != 1 {
				return fail("%s meets %s %d times", a, b, met[key])
			}
		}
	}
	return nil
}

// pairs is the plan's real pairs (the phantom left out): North-South 1 to
// T and East-West 1 to T in a Mitchell, 1 to 2T in a Howell.
func (p *Plan) pairs() []Pair {
	var out []Pair
	if p.Kind == Mitchell {
		for _, dir := range []cards.Side{cards.NS, cards.EW} {
			for n := 1; n <= p.Tables; n++ {
				out = append(out, Pair{n, dir})
			}
		}
	} else {
		for n := 1; n <= 2*p.Tables; n++ {
			out = append(out, Pair{n, NoDir})
		}
	}
	return slices.DeleteFunc(out, func(pr Pair) bool { return pr == p.Phantom })
}

// pairLess orders pairs by direction, then number.
func pairLess(a, b Pair) bool {
	if a.Dir != b.Dir {
		return a.Dir < b.Dir
	}
	return a.Number < b.Number
}
