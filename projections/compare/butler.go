package compare

import (
	"math"
	"sort"

	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// ButlerDrop is how many results at each end of a board a Butler datum
// leaves out: none below five results (the average of so few is the
// datum), else a tenth of them, at least one. Clubs vary: "one highest
// and one lowest" (Hemel Hempstead BC's Butler pairs, seven results),
// "the top and bottom 10% of scores" (Sydney Bridge Centre); a tenth, at
// least one, gives both.
func ButlerDrop(results int) int {
	if results < 5 {
		return 0
	}
	return max(1, int(math.Round(float64(results)/10)))
}

// ButlerDatum is a board's datum: the average of North-South's scores
// after dropping ButlerDrop of the highest and as many of the lowest,
// rounded to the nearest 10 (a 5 away from zero).
func ButlerDatum(scores []int) int {
	s := append([]int(nil), scores...)
	sort.Ints(s)
	k := ButlerDrop(len(s))
	s = s[k : len(s)-k]
	if len(s) == 0 {
		return 0
	}
	sum := 0
	for _, x := range s {
		sum += x
	}
	avg := float64(sum) / float64(len(s))
	return int(math.Round(avg/10)) * 10
}

// CrossIMPs is each score's IMPs against every other on the board,
// averaged: North-South's cross-IMPs (a lone result has none: NaN).
func CrossIMPs(scores []int) []float64 {
	out := make([]float64, len(scores))
	for i, a := range scores {
		if len(scores) < 2 {
			out[i] = math.NaN()
			continue
		}
		sum := 0
		for j, b := range scores {
			if i != j {
				sum += contract.IMPs(a - b)
			}
		}
		out[i] = float64(sum) / float64(len(scores)-1)
	}
	return out
}

// impPairs scores a pairs event by IMPs: against each board's Butler
// datum, or cross-IMPs. North-South gain what East-West lose; a pair's
// total is its IMPs over its boards, and a Mitchell ranks its fields apart.
func impPairs(ev *Event, boards map[int][]*entry, numbers []int, plan *movement.Plan) {
	totals := newTallies()
	for _, n := range numbers {
		es := boards[n]
		if len(es) < 2 {
			continue // nothing to compare with
		}
		scores := make([]int, len(es))
		for i, e := range es {
			scores[i] = e.play.NS
		}
		var imps []float64
		if ev.Scoring == ScoringButler {
			datum := ButlerDatum(scores)
			for i, e := range es {
				e.datum = &datum
				imps = append(imps, float64(contract.IMPs(scores[i]-datum)))
			}
		} else {
			imps = CrossIMPs(scores)
		}
		for i, e := range es {
			e.result.IMPs = num(imps[i])
			totals.add(e.ns, imps[i], 0)
			totals.add(e.ew, -imps[i], 0)
		}
	}
	pairTotals(ev, totals, plan, func(t *tally, tot *Total) { tot.IMPs = num(t.score) },
		func(t Total) float64 { return *t.IMPs })
}
