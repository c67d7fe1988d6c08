package compare

import (
	"errors"
	"fmt"
	"math"
)

// The Victory Point scales of a teams event (hoyle compare --vp).
const (
	// VPContinuous is the WBF 2013 continuous 20-point scale: a VP score
	// to two decimals for each whole IMP margin.
	VPContinuous = "continuous"
	// VPDiscrete is the WBF 2013 discrete 20-point scale: whole VPs, each
	// for a band of IMP margins, drawn from the continuous scale.
	VPDiscrete = "discrete"
)

// ErrVPScale is a Victory Point scale hoyle does not know.
var ErrVPScale = errors.New("unknown Victory Point scale")

// CheckVPScale says whether scale is one of the VP scales ("" is the
// continuous one).
func CheckVPScale(scale string) error {
	switch scale {
	case "", VPContinuous, VPDiscrete:
		return nil
	}
	return fmt.Errorf("%w %q: the scales are %s and %s", ErrVPScale, scale, VPContinuous, VPDiscrete)
}

// VPTable is a Victory Point scale for matches of one length: VP[m] is the
// winner's Victory Points for a margin of m IMPs, up to the blitz margin
// (20 VPs), beyond which every margin is 20.
type VPTable struct {
	Boards int
	Scale  string
	VP     []float64
}

// NewVPTable builds the WBF 2013 scale for a match of boards boards, as
// the Technical Report of the WBF Scoring Panel (Bavin, Bethe, Bramley,
// Buchen) defines it:
//
//   - continuous: with the blitz margin X = 15·√N and τ = (√5−1)/2, the
//     winner of a margin of M IMPs gets 10 + 10·(1 − τ^(3M/X))/(1 − τ³),
//     at most 20, rounded to two decimals; then, since each extra IMP
//     must be worth no more than the one before it (the scale is
//     concave), a rounded value that would make an IMP worth more than
//     its predecessor is raised by 0.01, from the smallest margin up,
//     until no such step is left (the report's "minor corrections");
//   - discrete: the continuous scale rounded to whole VPs, its bands then
//     made no narrower as the VPs rise (the report's concavity rule for
//     the discrete scale), the draw band (−b…b) counting as 2b+1 IMPs.
//
// The loser gets 20 less the winner's VPs.
func NewVPTable(boards int, scale string) VPTable {
	if boards < 1 {
		boards = 1
	}
	if scale == "" {
		scale = VPContinuous
	}
	raw := rawVPs(boards)
	t := VPTable{Boards: boards, Scale: scale, VP: continuousVPs(raw)}
	if scale == VPDiscrete {
		t.VP = discreteVPs(raw)
	}
	return t
}

// rawVPs is the formula's value for each margin up to the blitz, unrounded.
func rawVPs(boards int) []float64 {
	tau := (math.Sqrt(5) - 1) / 2
	blitz := 15 * math.Sqrt(float64(boards))
	var out []float64
	for m := 0; ; m++ {
		v := 10 + 10*(1-math.Pow(tau, 3*float64(m)/blitz))/(1-math.Pow(tau, 3))
		if v >= 20 {
			return append(out, 20)
		}
		out = append(out, v)
	}
}

// continuousVPs is the continuous scale from the formula's values,
// in hundredths while it is corrected so that no rounding error creeps in.
func continuousVPs(raw []float64) []float64 {
	hund := make([]int, len(raw))
	for i, v := range raw {
		hund[i] = int(math.Round(v * 100))
	}
	// Concavity: each step no larger than the one before. A step larger
	// than its predecessor is cured by raising the value between them.
	for fixed := true; fixed; {
		fixed = false
		for i := 2; i < len(hund); i++ {
			if hund[i]-hund[i-1] > hund[i-1]-hund[i-2] {
				hund[i-1]++
				fixed = true
				break
			}
		}
	}
	out := make([]float64, len(hund))
	for i, h := range hund {
		out[i] = float64(h) / 100
	}
	return out
}

// discreteVPs is the discrete scale drawn from the continuous one: each
// margin's VPs by the formula rounded to a whole number (the margin where
// the scale reaches 11.5 VPs is the first of 12), then the bands of margins that
// give each VP score made non-decreasing in width (a band narrower than
// the one below it gives its lowest margin to the band below).
func discreteVPs(raw []float64) []float64 {
	// upper[k] is the largest margin that scores 10+k VPs, k = 0..9.
	upper := make([]int, 10)
	for k := range upper {
		upper[k] = -1
	}
	for m, v := range raw {
		k := int(math.Floor(v + 0.5))
		if k >= 10 && k < 20 {
			upper[k-10] = m
		}
	}
	for k := 1; k < 10; k++ { // a VP score no margin rounds to (a long match) is an empty band
		upper[k] = max(upper[k], upper[k-1])
	}
	width := func(k int) int {
		if k == 0 {
			return 2*upper[0] + 1 // the draw band runs from −upper[0] to upper[0]
		}
		return upper[k] - upper[k-1]
	}
	for fixed := true; fixed; {
		fixed = false
		for k := 1; k < 10; k++ {
			if width(k) < width(k-1) && upper[k-1] > 0 {
				upper[k-1]--
				fixed = true
				break
			}
		}
	}
	out := make([]float64, upper[9]+2)
	for m := range out {
		out[m] = 20
		for k := 0; k < 10; k++ {
			if m <= upper[k] {
				out[m] = float64(10 + k)
				break
			}
		}
	}
	return out
}

// VPs converts a match's IMPs to each team's Victory Points. A margin
// that is not whole (an average over rooms) is rounded to the nearest
// IMP first, half away from zero, since the scales are tables of whole
// margins.
func (t VPTable) VPs(home, visit float64) [2]float64 {
	margin := int(math.Round(math.Abs(home - visit)))
	win := 20.0
	if margin < len(t.VP) {
		win = t.VP[margin]
	}
	lose := math.Round((20-win)*100) / 100
	if home >= visit {
		return [2]float64{win, lose}
	}
	return [2]float64{lose, win}
}
