package contract

// impScale is the Law 78B scale: impScale[i] is the smallest difference in
// points worth i+1 IMPs. A difference below 20 is worth nothing; 4000 or
// more is worth 24.
var impScale = [24]int{
	20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
	750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
}

// IMPs converts the difference between two scores on a board into
// international matchpoints by the scale of Law 78B (the WBF scale): 0-10
// is 0 IMPs, 20-40 is 1, 50-80 is 2, 90-120 is 3, and so on up to 4000 or
// more, 24. The sign of diff is kept: IMPs(-430) is -10. Scores are
// multiples of 10, so a difference of 11 to 19 cannot occur; it counts as
// less than 20, 0 IMPs, and likewise below every other step.
func IMPs(diff int) int {
	neg := diff < 0
	if neg {
		diff = -diff
	}
	n := 0
	for _, step := range impScale {
		if diff < step {
			break
		}
		n++
	}
	if neg {
		return -n
	}
	return n
}

// Matchpoints scores the results of one board by Law 78A: each score gets
// two scoring units for every other score it beats, one for every other
// score it ties, none for those that beat it. The units are half
// matchpoints, so the top on a board of n scores is Top(n) = 2(n-1).
// The result is in the order of scores; scores are from one side's view
// (all North-South, say), the higher the better.
func Matchpoints(scores []int) []float64 {
	mp := make([]float64, len(scores))
	for i, a := range scores {
		for j, b := range scores {
			switch {
			case i == j:
			case a > b:
				mp[i] += 2
			case a == b:
				mp[i]++
			}
		}
	}
	return mp
}

// Top is the most a score can earn by Matchpoints on a board with n scores:
// two units for each of the other n-1 (Law 78A). It is 0 for n below 2.
func Top(n int) float64 {
	if n < 2 {
		return 0
	}
	return float64(2 * (n - 1))
}

// Percent is units (from Matchpoints) as a percentage of the top on a board
// with n scores. A board with fewer than two scores has nothing to compare:
// its percentage is 50, an average.
func Percent(units float64, n int) float64 {
	top := Top(n)
	if top == 0 {
		return 50
	}
	return 100 * units / top
}
