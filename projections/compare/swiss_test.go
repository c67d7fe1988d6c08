package compare_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/compare"
)

// history is the matches played so far, either way round.
type history map[[2]string]bool

func (h history) met(a, b string) bool { return h[[2]string{a, b}] }
func (h history) add(a, b string)      { h[[2]string{a, b}], h[[2]string{b, a}] = true, true }

// TestSwissFourTeams: four teams drawn round after round never meet twice;
// after three rounds (a complete round robin) no fourth can be drawn.
func TestSwissFourTeams(t *testing.T) {
	h := history{}
	noBye := func(string) bool { return false }
	// Round 1 from the seeding: top-down, 1 v 2 and 3 v 4.
	d, err := compare.DrawSwiss([]string{"A", "B", "C", "D"}, h.met, noBye)
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"A", "B"}, {"C", "D"}}, d.Matches)
	assert.Empty(t, d.Bye)
	for _, m := range d.Matches {
		h.add(m[0], m[1])
	}
	// Standings B, A, D, C: B would meet A again, so B v D, then A v C.
	d, err = compare.DrawSwiss([]string{"B", "A", "D", "C"}, h.met, noBye)
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"B", "D"}, {"A", "C"}}, d.Matches)
	for _, m := range d.Matches {
		h.add(m[0], m[1])
	}
	// Standings A, B, C, D: A's first choice left is D, then B v C, the
	// only draw left.
	d, err = compare.DrawSwiss([]string{"A", "B", "C", "D"}, h.met, noBye)
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"A", "D"}, {"B", "C"}}, d.Matches)
	for _, m := range d.Matches {
		h.add(m[0], m[1])
	}
	_, err = compare.DrawSwiss([]string{"A", "B", "C", "D"}, h.met, noBye)
	assert.True(t, errors.Is(err, compare.ErrNoSwissDraw), "%v", err)
}

// TestSwissBacktracks: the greedy draw would strand the last two teams,
// who have met; the draw takes a step back instead.
func TestSwissBacktracks(t *testing.T) {
	h := history{}
	h.add("A", "B")
	h.add("B", "D")
	// Greedy top-down: A v C (A has met B), leaving B v D, who have met.
	// Backtracking: A v D, B v C.
	d, err := compare.DrawSwiss([]string{"A", "B", "C", "D"}, h.met, func(string) bool { return false })
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"A", "D"}, {"B", "C"}}, d.Matches)
}

// TestSwissBye: with an odd number the lowest team without a bye sits out.
func TestSwissBye(t *testing.T) {
	had := map[string]bool{"E": true}
	d, err := compare.DrawSwiss([]string{"A", "B", "C", "D", "E"}, history{}.met, func(s string) bool { return had[s] })
	require.NoError(t, err)
	assert.Equal(t, "D", d.Bye, "E has had its bye")
	assert.Equal(t, [][2]string{{"A", "B"}, {"C", "E"}}, d.Matches)
}

// TestSwissNeverRepeats: over random standings, round after round, a draw
// never repeats a match, seats every team once (or gives it the bye, to a
// team without one unless no draw leaves one of those out), and fails only when no draw
// exists at all (checked by trying every pairing).
func TestSwissNeverRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(testkit.Seed(t), 0))
	for range testkit.Rounds(200, 5000) {
		n := 3 + rng.IntN(8)
		teams := make([]string, n)
		for i := range teams {
			teams[i] = fmt.Sprintf("T%d", i+1)
		}
		h := history{}
		byes := map[string]bool{}
		for round := 1; ; round++ {
			rng.Shuffle(n, func(i, j int) { teams[i], teams[j] = teams[j], teams[i] })
			before := maps.Clone(h)
			d, err := compare.DrawSwiss(teams, h.met, func(s string) bool { return byes[s] })
			if err != nil {
				require.True(t, errors.Is(err, compare.ErrNoSwissDraw))
				require.False(t, anyDraw(teams, h), "round %d of %d teams: a draw exists, but none was found", round, n)
				break
			}
			seen := map[string]bool{}
			for _, m := range d.Matches {
				require.False(t, h.met(m[0], m[1]), "round %d: %s and %s meet again", round, m[0], m[1])
				require.False(t, seen[m[0]] || seen[m[1]], "round %d: a team twice", round)
				seen[m[0]], seen[m[1]] = true, true
				h.add(m[0], m[1])
			}
			if n%2 == 1 {
				require.NotEmpty(t, d.Bye)
				require.False(t, seen[d.Bye])
				seen[d.Bye] = true
				if byes[d.Bye] {
					for i, t2 := range teams {
						rest := append(append([]string{}, teams[:i]...), teams[i+1:]...)
						require.True(t, byes[t2] || !anyDraw(rest, before), "round %d: %s has a second bye, but %s could have had one", round, d.Bye, t2)
					}
				}
				byes[d.Bye] = true
			}
			require.Len(t, seen, n)
			if round > n {
				t.Fatalf("%d teams drawn for %d rounds: more than there are opponents", n, round)
			}
		}
	}
}

// anyDraw says whether the teams (with one left out when odd) can be
// paired without a repeat, trying every way.
func anyDraw(teams []string, h history) bool {
	if len(teams)%2 == 1 {
		for i := range teams {
			rest := append(append([]string{}, teams[:i]...), teams[i+1:]...)
			if anyDraw(rest, h) {
				return true
			}
		}
		return false
	}
	if len(teams) == 0 {
		return true
	}
	for j := 1; j < len(teams); j++ {
		if h.met(teams[0], teams[j]) {
			continue
		}
		rest := append(append([]string{}, teams[1:j]...), teams[j+1:]...)
		if anyDraw(rest, h) {
			return true
		}
	}
	return false
}

// TestNextSwissRoundFromStandings: the round robin's first round compared,
// the next is drawn from its ranking with no match repeated.
func TestNextSwissRoundFromStandings(t *testing.T) {
	var first []compare.Table
	for _, tb := range roundRobin() {
		if tb.Place.Table == "1" || tb.Place.Table == "2" { // round 1: Rovers v Wanderers, City v United
			first = append(first, tb)
		}
	}
	ev := compare.Compare(first, "").Events[0]
	d, err := ev.NextSwissRound()
	require.NoError(t, err)
	assert.Equal(t, 2, d.Round)
	// Standings: Rovers 13.15, City =United 10 (equal IMPs, in the order
	// met), Wanderers 6.85. Rovers v City, United v Wanderers.
	require.Len(t, d.Matches, 2)
	assert.Equal(t, [2]string{"Rovers", ev.Totals[1].Name}, d.Matches[0])
	for _, m := range d.Matches {
		assert.NotEqual(t, [2]string{"City", "United"}, m)
		assert.NotEqual(t, [2]string{"United", "City"}, m)
	}

	pairs := compare.Event{Event: "Tuesday", Form: compare.FormPairs}
	_, err = pairs.NextSwissRound()
	assert.True(t, errors.Is(err, compare.ErrNoStandings))
}
