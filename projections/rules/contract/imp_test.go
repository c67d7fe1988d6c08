package contract

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// lawSeventyEightB is the IMP scale of Law 78B of the Laws of Duplicate
// Bridge 2017 as printed (copy at pzbs.pl/sedziowie/mpb/2017/en/l78.html):
// the lowest and highest difference of each step; -1 for "and more".
var lawSeventyEightB = []struct{ lo, hi, imps int }{
	{0, 10, 0}, {20, 40, 1}, {50, 80, 2}, {90, 120, 3}, {130, 160, 4},
	{170, 210, 5}, {220, 260, 6}, {270, 310, 7}, {320, 360, 8},
	{370, 420, 9}, {430, 490, 10}, {500, 590, 11}, {600, 740, 12},
	{750, 890, 13}, {900, 1090, 14}, {1100, 1290, 15}, {1300, 1490, 16},
	{1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19}, {2250, 2490, 20},
	{2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23}, {4000, -1, 24},
}

func TestIMPsEveryBoundary(t *testing.T) {
	for _, step := range lawSeventyEightB {
		// Both ends of the step, and the score just outside each end.
		assert.Equal(t, step.imps, IMPs(step.lo), "diff %d", step.lo)
		assert.Equal(t, -step.imps, IMPs(-step.lo), "diff %d", -step.lo)
		if step.lo > 0 {
			assert.Equal(t, step.imps-1, IMPs(step.lo-10), "diff %d", step.lo-10)
			assert.Equal(t, -(step.imps - 1), IMPs(-(step.lo - 10)), "diff %d", -(step.lo - 10))
		}
		if step.hi >= 0 {
			assert.Equal(t, step.imps, IMPs(step.hi), "diff %d", step.hi)
			assert.Equal(t, -step.imps, IMPs(-step.hi), "diff %d", -step.hi)
			assert.Equal(t, step.imps+1, IMPs(step.hi+10), "diff %d", step.hi+10)
			assert.Equal(t, -(step.imps + 1), IMPs(-(step.hi + 10)), "diff %d", -(step.hi + 10))
		}
	}
}

func TestIMPsEveryScoreDifference(t *testing.T) {
	// Every difference a duplicate score can make, in steps of 10, up to
	// past the largest possible (7NTXX= V 2980 against 7NTXX-13 V -7600).
	for diff := 0; diff <= 10600; diff += 10 {
		want := -1
		for _, step := range lawSeventyEightB {
			if diff >= step.lo && (step.hi < 0 || diff <= step.hi) {
				want = step.imps
			}
		}
		assert.Equal(t, want, IMPs(diff), "diff %d", diff)
		assert.Equal(t, -want, IMPs(-diff), "diff %d", -diff)
	}
	assert.Equal(t, 0, IMPs(15))
	assert.Equal(t, 24, IMPs(1<<30))
	assert.Equal(t, -24, IMPs(-(1 << 30)))
}

func TestIMPsOfScores(t *testing.T) {
	// 3NT+1 NV (430) at one table against 4S= NV (420) at the other: 0.
	assert.Equal(t, 0, IMPs(DuplicateScore(mustContract(t, "3NT"), false, 10)-DuplicateScore(mustContract(t, "4S"), false, 10)))
	// 4H= V (620) against 4H-1 V (-100): 720, 12 IMPs.
	assert.Equal(t, 12, IMPs(DuplicateScore(mustContract(t, "4H"), true, 10)-DuplicateScore(mustContract(t, "4H"), true, 9)))
}

func TestMatchpoints(t *testing.T) {
	// Law 78A: two units for each score beaten, one for each tie.
	scores := []int{420, 420, 450, -50, 170}
	mp := Matchpoints(scores)
	assert.Equal(t, []float64{5, 5, 8, 0, 2}, mp)
	total := 0.0
	for _, m := range mp {
		total += m
	}
	assert.Equal(t, float64(len(scores)*(len(scores)-1)), total, "the units of a board add up to n(n-1)")
	assert.Equal(t, 8.0, Top(len(scores)))
	assert.Equal(t, 100.0, Percent(mp[2], len(scores)))
	assert.Equal(t, 62.5, Percent(mp[0], len(scores)))
	assert.Equal(t, 0.0, Percent(mp[3], len(scores)))

	assert.Equal(t, []float64{3, 3, 3, 3}, Matchpoints([]int{100, 100, 100, 100}))
	assert.Equal(t, []float64{0}, Matchpoints([]int{620}))
	assert.Equal(t, []float64{}, Matchpoints(nil))
	assert.Equal(t, 0.0, Top(1))
	assert.Equal(t, 50.0, Percent(0, 1))
	assert.Equal(t, 50.0, Percent(3, 4))
}
