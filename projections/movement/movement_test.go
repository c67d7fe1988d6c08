package movement

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func TestParse(t *testing.T) {
	for text, want := range map[string]Spec{
		"mitchell:7x2":    {Kind: Mitchell, Tables: 7, Boards: 2},
		" Howell:4x3 ":    {Kind: Howell, Tables: 4, Boards: 3},
		"progressive:5x4": {Kind: Progressive, Tables: 5, Boards: 4},
		"pivot":           {Kind: Pivot, Tables: 1, Boards: 0},
		"PIVOT:4":         {Kind: Pivot, Tables: 1, Boards: 4},
	} {
		got, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		again, err := Parse(got.String())
		require.NoError(t, err)
		assert.Equal(t, got, again, "String reads back")
	}
	for _, text := range []string{"", "mitchel:7x2", "mitchell", "mitchell:7", "mitchell:1x2", "mitchell:7x0",
		"howell:16x2", "mitchell:31x2", "mitchell:7x9", "pivot:x", "pivot:9", "howell:ax2"} {
		_, err := Parse(text)
		require.ErrorIs(t, err, ErrBadMovement, "%q", text)
		var tok *cards.TokenError
		require.ErrorAs(t, err, &tok, "a usage error")
	}
}

// TestMitchell: every North-South pair meets every East-West pair once,
// and every pair plays every set of boards once; no set is at two tables
// in a round but the relay's, and the set on the bye stand is not played.
func TestMitchell(t *testing.T) {
	for n := 2; n <= MaxTables; n++ {
		p, err := Spec{Kind: Mitchell, Tables: n, Boards: 2}.Plan()
		require.NoError(t, err)
		require.Equal(t, n, p.Rounds)
		require.Equal(t, 2*n, p.TotalBoards())
		met := map[[2]int]int{}
		nsSets := map[[2]int]int{}
		ewSets := map[[2]int]int{}
		for r, row := range p.Sittings {
			at := map[int][]int{}
			for _, st := range row {
				require.Equal(t, r+1, st.Round)
				met[[2]int{st.NS.Number, st.EW.Number}]++
				nsSets[[2]int{st.NS.Number, st.Set}]++
				ewSets[[2]int{st.EW.Number, st.Set}]++
				at[st.Set] = append(at[st.Set], st.Table)
				assert.Equal(t, (st.Set-1)*2+1, st.First)
			}
			for set, tables := range at {
				if n%2 == 0 && len(tables) == 2 {
					assert.Equal(t, []int{1, n}, tables, "n=%d round %d: only the relay shares", n, r+1)
					assert.Equal(t, []int{n}, row[0].Shares)
				} else {
					assert.Len(t, tables, 1, "n=%d round %d set %d", n, r+1, set)
				}
			}
			if n%2 == 0 {
				assert.NotContains(t, at, p.Bye[r], "the bye set rests")
			}
		}
		for ns := 1; ns <= n; ns++ {
			for x := 1; x <= n; x++ {
				assert.Equal(t, 1, met[[2]int{ns, x}], "n=%d: NS %d meets EW %d once", n, ns, x)
				assert.LessOrEqual(t, ewSets[[2]int{x, ns}], 1, "n=%d: EW %d plays set %d at most once", n, x, ns)
				assert.LessOrEqual(t, nsSets[[2]int{x, ns}], 1, "n=%d: NS %d plays set %d at most once", n, x, ns)
			}
		}
		// Every board is played: at tables 1..n, or by the relay.
		for b := 1; b <= p.TotalBoards(); b++ {
			played := 0
			for tb := 1; tb <= n; tb++ {
				if _, ok := p.At(tb, b); ok {
					played++
				}
			}
			assert.Positive(t, played, "n=%d board %d", n, b)
		}
	}
}

// TestHowell: every pair meets every other once and plays every set once;
// from four tables up no two tables of a round need the same set.
func TestHowell(t *testing.T) {
	for n := 2; n <= MaxHowell; n++ {
		p, err := Spec{Kind: Howell, Tables: n, Boards: 1}.Plan()
		require.NoError(t, err)
		m := 2*n - 1
		require.Equal(t, m, p.Rounds)
		met := map[[2]int]int{}
		sets := map[[2]int]int{}
		for _, row := range p.Sittings {
			seen := map[int]bool{}
			tables := map[int]int{}
			for _, st := range row {
				a, b := min(st.NS.Number, st.EW.Number), max(st.NS.Number, st.EW.Number)
				met[[2]int{a, b}]++
				sets[[2]int{st.NS.Number, st.Set}]++
				sets[[2]int{st.EW.Number, st.Set}]++
				assert.False(t, seen[st.NS.Number] || seen[st.EW.Number], "a pair at two tables")
				seen[st.NS.Number], seen[st.EW.Number] = true, true
				tables[st.Set]++
			}
			if n >= 4 {
				for set, k := range tables {
					assert.Equal(t, 1, k, "n=%d: set %d at %d tables", n, set, k)
				}
			}
		}
		for a := 1; a <= 2*n; a++ {
			for b := a + 1; b <= 2*n; b++ {
				assert.Equal(t, 1, met[[2]int{a, b}], "n=%d: %d meets %d once", n, a, b)
			}
			for s := 1; s <= m; s++ {
				assert.Equal(t, 1, sets[[2]int{a, s}], "n=%d: pair %d plays set %d once", n, a, s)
			}
		}
		if n >= 4 {
			assert.Equal(t, 1, p.Copies)
		} else {
			assert.Equal(t, n, p.Copies)
		}
	}
}

// TestPivot follows Foster: after each rubber the player on the first
// dealer's left passes behind her to her right; in three rubbers each of
// the others partners her once, and then they are back where they began.
func TestPivot(t *testing.T) {
	p, err := Spec{Kind: Pivot, Tables: 1, Boards: 0}.Plan()
	require.NoError(t, err)
	first := cards.South // she sits still
	// Rubber 1: as seated. Rubber 2: the one who began West (her left) is East.
	_, s := p.Origin(1, 2, cards.East, first)
	assert.Equal(t, cards.West, s)
	_, s = p.Origin(1, 2, cards.North, first)
	assert.Equal(t, cards.East, s, "the one on her right moves opposite")
	_, s = p.Origin(1, 2, cards.West, first)
	assert.Equal(t, cards.North, s, "her partner moves to her left")
	partners := map[cards.Seat]bool{}
	for r := 1; r <= 3; r++ {
		_, s := p.Origin(1, r, cards.North, first)
		partners[s] = true
		_, still := p.Origin(1, r, first, first)
		assert.Equal(t, first, still)
	}
	assert.Len(t, partners, 3, "each partners her once")
	_, s = p.Origin(1, 4, cards.East, first)
	assert.Equal(t, cards.East, s, "the fourth rubber starts again")
}

func TestProgressive(t *testing.T) {
	p, err := Spec{Kind: Progressive, Tables: 4, Boards: 4}.Plan()
	require.NoError(t, err)
	assert.Equal(t, 1, p.Round(4))
	assert.Equal(t, 2, p.Round(5))
	// Round 2: the East-West pair that began at table 1 is at table 2.
	tb, s := p.Origin(2, 2, cards.East, cards.South)
	assert.Equal(t, 1, tb)
	assert.Equal(t, cards.East, s)
	tb, _ = p.Origin(2, 2, cards.North, cards.South)
	assert.Equal(t, 2, tb, "North-South sit still")
}
