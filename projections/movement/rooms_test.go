package movement

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

// roomSpecs is every room the property tests plan: Howells of 4 to 30
// pairs (odd with a sit-out), Mitchells of 3 to 15 tables, full and one
// pair short, without arrow-switch, switching the last round, switching
// rounds 2 and the last, and switching every round.
func roomSpecs() []Spec {
	var out []Spec
	for pairs := MinPairs; pairs <= 2*MaxHowell; pairs++ {
		s := Spec{Kind: Howell, Tables: TablesFor(pairs), Boards: 2}
		if pairs%2 == 1 {
			s.Pairs = pairs
		}
		out = append(out, s)
	}
	for tables := 3; tables <= 15; tables++ {
		every := make([]int, tables)
		for i := range every {
			every[i] = i + 1
		}
		for _, arrow := range [][]int{nil, {tables}, {2, tables}, every} {
			for _, pairs := range []int{0, 2*tables - 1} {
				out = append(out, Spec{Kind: Mitchell, Tables: tables, Boards: 3, Pairs: pairs, Arrow: arrow})
			}
		}
	}
	return out
}

// TestRoomsHoldTogether checks each plan on its own terms, not by Verify:
// no pair at two tables of a round; each two pairs meet at most once (a
// Howell: every two real pairs exactly once; a Mitchell: each North-South
// pair each East-West pair exactly once, whichever way the arrows point);
// no pair plays a board twice; a set in play at two tables of a round only
// where they share it; each real pair sits out once against the phantom
// (in a Mitchell, each pair of the other field) and no more; At finds each board at the table and round that plays it,
// and not where a pair sits out.
func TestRoomsHoldTogether(t *testing.T) {
	for _, s := range roomSpecs() {
		t.Run(s.String(), func(t *testing.T) {
			p, err := s.Plan()
			require.NoError(t, err)
			require.NoError(t, p.Verify())
			meets := map[string]int{}
			boards := map[string]int{}
			sitOuts := map[Pair]int{}
			for r, row := range p.Sittings {
				here := map[Pair]bool{}
				tablesOf := map[int][]int{}
				for _, st := range row {
					// A pair is its number and its field, whichever way it sits.
					ns, ew := st.NS, st.EW
					for _, pr := range []Pair{ns, ew} {
						require.False(t, here[pr], "round %d: %s twice", r+1, pr)
						here[pr] = true
					}
					if s.Kind == Mitchell {
						still := st.NS
						if st.Switched {
							still = st.EW
							assert.Equal(t, cards.EW, st.NS.Dir, "switched: an East-West pair sits North-South")
						}
						require.Equal(t, Pair{st.Table, cards.NS}, still, "the North-South pairs sit still")
					}
					if !st.Plays() {
						require.NotZero(t, p.Phantom.Number)
						require.True(t, ns == p.Phantom || ew == p.Phantom)
						require.NotEqual(t, p.Phantom, st.SitOut)
						sitOuts[st.SitOut]++
						assert.Empty(t, st.Boards())
						for b := st.First; b <= st.Last; b++ {
							at, ok := p.At(st.Table, b)
							assert.False(t, ok && at.Round == st.Round, "board %d is not played where a pair sits out", b)
						}
						continue
					}
					a, b := fmt.Sprint(ns), fmt.Sprint(ew)
					meets[min(a, b)+"|"+max(a, b)]++
					for _, bd := range st.Boards() {
						boards[fmt.Sprint(ns, bd)]++
						boards[fmt.Sprint(ew, bd)]++
						at, ok := p.At(st.Table, bd)
						require.True(t, ok)
						assert.Equal(t, st.Round, at.Round, "At finds board %d at table %d", bd, st.Table)
					}
					tablesOf[st.Set] = append(tablesOf[st.Set], st.Table)
				}
				for set, tables := range tablesOf {
					if len(tables) > 1 {
						for _, tb := range tables {
							assert.Subset(t, append(row[tb-1].Shares, tb), tables, "round %d set %d", r+1, set)
						}
					}
				}
			}
			for k, n := range boards {
				assert.Equal(t, 1, n, "%s: a pair plays a board twice", k)
			}
			all := p.pairs()
			for i, a := range all {
				switch {
				case p.Phantom.Number == 0:
					assert.Zero(t, sitOuts[a])
				case s.Kind == Mitchell && a.Dir == p.Phantom.Dir:
					assert.Zero(t, sitOuts[a], "%s never meets the phantom, of its own field", a)
				default:
					assert.Equal(t, 1, sitOuts[a], "%s sits out once", a)
				}
				for _, b := range all[i+1:] {
					if s.Kind == Mitchell && a.Dir == b.Dir {
						assert.Zero(t, meets[min(fmt.Sprint(a), fmt.Sprint(b))+"|"+max(fmt.Sprint(a), fmt.Sprint(b))])
						continue
					}
					x, y := fmt.Sprint(a), fmt.Sprint(b)
					assert.Equal(t, 1, meets[min(x, y)+"|"+max(x, y)], "%s meets %s once", a, b)
				}
			}
			wantPairs := 2 * s.Tables
			if s.Pairs != 0 {
				wantPairs--
			}
			assert.Len(t, all, wantPairs)
		})
	}
}

// TestVerifyCatches: Verify refuses a plan spoiled in each way it checks.
func TestVerifyCatches(t *testing.T) {
	spoil := map[string]func(p *Plan){
		"pairs meet twice": func(p *Plan) { p.Sittings[1][0].EW = p.Sittings[0][0].EW; p.Sittings[1][1].EW = p.Sittings[0][1].EW },
		"set at two tables": func(p *Plan) {
			p.Sittings[0][1].Set = p.Sittings[0][2].Set
		},
		"board twice": func(p *Plan) { p.Sittings[1][1].Set = p.Sittings[0][1].Set },
		"sit out unmarked": func(p *Plan) {
			for i := range p.Sittings[0] {
				p.Sittings[0][i].SitOut = Pair{}
			}
		},
		"unswitched round": func(p *Plan) { p.Sittings[4][2].Switched = false },
		"round missing":    func(p *Plan) { p.Sittings = p.Sittings[1:] },
	}
	for name, f := range spoil {
		p, err := Spec{Kind: Mitchell, Tables: 5, Boards: 2, Pairs: 9, Arrow: []int{5}}.Plan()
		require.NoError(t, err)
		f(p)
		assert.ErrorIs(t, p.Verify(), ErrBadPlan, name)
	}
}

// TestSitOutAndSwitch follows a small room by hand. Seven pairs under a
// Mitchell of four tables: East-West pair 4 is the phantom, so in round 1
// North-South pair 4 sits out at table 4; round 4 arrow-switched puts
// East-West pair 1 North-South at table 4 (East-West pairs move up).
// Five pairs under a Howell of three tables: pair 6 is the phantom, and
// pair r sits out in round r at table 1.
func TestSitOutAndSwitch(t *testing.T) {
	spec, err := Parse("mitchell:4x2,pairs=7,arrow=last")
	require.Error(t, err, "last is for the flag; the spec names the round")
	spec, err = Parse("Mitchell:4x2,pairs=7,arrow=4")
	require.NoError(t, err)
	assert.Equal(t, "mitchell:4x2,pairs=7,arrow=4", spec.String())
	p, err := spec.Plan()
	require.NoError(t, err)
	assert.Equal(t, Pair{4, cards.EW}, p.Phantom)
	assert.Equal(t, Pair{4, cards.NS}, p.Sittings[0][3].SitOut)
	st := p.Sittings[3][3]
	assert.True(t, st.Switched)
	assert.Equal(t, Pair{1, cards.EW}, st.NS)
	assert.Equal(t, Pair{4, cards.NS}, st.EW)
	out := p.Sittings[0][3]
	assert.Empty(t, out.Boards(), "table 4 plays nothing in round 1")
	at, ok := p.At(4, out.First)
	assert.False(t, ok && at.Round == 1, "so the board check refuses its boards there")

	h, err := Parse("howell:3x2,pairs=5")
	require.NoError(t, err)
	hp, err := h.Plan()
	require.NoError(t, err)
	assert.Equal(t, Pair{6, NoDir}, hp.Phantom)
	for r, row := range hp.Sittings {
		assert.Equal(t, Pair{r + 1, NoDir}, row[0].SitOut, "round %d", r+1)
		for _, st := range row[1:] {
			assert.True(t, st.Plays())
		}
	}
}

// TestRoomsRefused: sizes and rounds that cannot be played.
func TestRoomsRefused(t *testing.T) {
	for _, text := range []string{
		"mitchell:4x2,pairs=6",       // 4 tables seat 7 or 8
		"howell:2x2,pairs=3",         // fewer than four pairs
		"mitchell:4x2,arrow=5",       // four rounds
		"howell:4x2,arrow=1",         // a Howell is not switched
		"progressive:4x4,pairs=7",    // no sit-out
		"mitchell:4x2,pairs=x",       // not a number
		"mitchell:4x2,arrow=0",       // no round 0
		"mitchell:4x2,relay=yes",     // not an option
		"mitchell:4x2,pairs=7,arrow", // no rounds
	} {
		_, err := Parse(text)
		assert.ErrorIs(t, err, ErrBadMovement, text)
	}
	_, err := ParseRounds("3,9", 8)
	assert.ErrorContains(t, err, "the movement has 8 rounds")
	r, err := ParseRounds("last, 3,3", 8)
	require.NoError(t, err)
	assert.Equal(t, []int{3, 8}, r)
}
