//go:build dds

package dd

// Differential tests against DDS 2.9.0 through the cgo oracle (go test
// -tags dds). Counts come from environment variables:
//
//	DD_DIFF_DEALS   random deals, each solved from the opening lead and at a
//	                random point of a random play (often mid-trick) (200)
//	DD_DIFF_TABLES  random deals whose whole table is compared (10)
//	DD_DIFF_PAR     random tables whose par is compared (20000)
//	DD_DIFF_TRACES  random deals and random plays whose trace is compared (10)
//
// The seed comes from -dd.seed or DD_SEED and is printed on failure.

import (
	"math/rand/v2"
	"testing"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd/internal/ddsoracle"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// ddsIndex is DDS's number for a strain: S 0, H 1, D 2, C 3, NT 4.
func ddsIndex(s cards.Strain) int {
	for i, x := range Strains {
		if x == s {
			return i
		}
	}
	return -1
}

// ddsValue is DDS's answer converted to ours: DDS counts for the side of the
// seat to play next, we count for the side of the trick's leader.
func ddsValue(t *testing.T, p Position) int {
	t.Helper()
	v, err := ddsoracle.SolveBoard(p.Hands, ddsIndex(p.Strain), int(p.Leader), p.Trick)
	if err != nil {
		t.Fatalf("%v: %+v", err, p)
	}
	if p.ToPlay().Partnership() != p.Leader.Partnership() {
		v = p.TricksLeft() - v
	}
	return v
}

func TestDDSDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed(t), 2))
	n := envInt("DD_DIFF_DEALS", 200)
	s := NewSolver(Config{}) // shared: its tables carry over from deal to deal
	for i := 0; i < n; i++ {
		d := randomDeal(r)
		p := NewDealPosition(d, allStrains[r.IntN(5)], cards.Seat(r.IntN(4)))
		for _, q := range []Position{p, randomPrefix(r, p, 1+r.IntN(47))} {
			got := mustSolve(t, s, q)
			if want := ddsValue(t, q); got != want {
				t.Fatalf("deal %d %s, %v, leader %v, trick %v: we say %d, DDS %d",
					i, cards.Deal(q.Hands[:]).PBN(cards.North), q.Strain, q.Leader, q.Trick, got, want)
			}
		}
	}
}

func TestDDSTables(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed(t), 3))
	n := envInt("DD_DIFF_TABLES", 10)
	for i := 0; i < n; i++ {
		d := randomDeal(r)
		ours, err := SolveTable(d, Config{})
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := ddsoracle.CalcDDtable([4]cards.Set(d))
		if err != nil {
			t.Fatal(err)
		}
		for si, st := range Strains {
			for seat := 0; seat < 4; seat++ {
				if ours.Tricks[st][seat] != theirs[si][seat] {
					t.Fatalf("deal %s: %v by %v: we say %d, DDS %d", d.PBN(cards.North), st, cards.Seat(seat),
						ours.Tricks[st][seat], theirs[si][seat])
				}
			}
		}
	}
}

// randomTable is a table as deals make them (the two sides' tricks add up
// to about 13) or, one time in four, any numbers at all.
func randomTable(r *rand.Rand) Table {
	var t Table
	clamp := func(x int) int { return max(0, min(13, x)) }
	wild := r.IntN(4) == 0
	for _, st := range Strains {
		x := r.IntN(14)
		for seat := 0; seat < 4; seat++ {
			switch {
			case wild:
				t.Tricks[st][seat] = r.IntN(14)
			case seat%2 == 0:
				t.Tricks[st][seat] = clamp(x + r.IntN(3) - 1)
			default:
				t.Tricks[st][seat] = clamp(13 - x + r.IntN(3) - 1)
			}
		}
	}
	return t
}

func TestDDSPar(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed(t), 4))
	n := envInt("DD_DIFF_PAR", 20000)
	for i := 0; i < n; i++ {
		tab := randomTable(r)
		vul := cards.Vulnerability(r.IntN(4))
		var dt [5][4]int
		for si, st := range Strains {
			dt[si] = tab.Tricks[st]
		}
		want, err := ddsoracle.Par(dt, [4]int{0, 2, 3, 1}[vul])
		if err != nil {
			t.Fatal(err)
		}
		if got := Par(tab, vul, contract.ParScore).DDSStrings(); got != want {
			t.Fatalf("table %v (DDS order), vul %v: we say %q, DDS %q", tab.DDSOrder(), vul, got, want)
		}
	}
}

func TestDDSTrace(t *testing.T) {
	r := rand.New(rand.NewPCG(testSeed(t), 5))
	n := envInt("DD_DIFF_TRACES", 10)
	for i := 0; i < n; i++ {
		d := randomDeal(r)
		st, leader := allStrains[r.IntN(5)], cards.Seat(r.IntN(4))
		p := NewDealPosition(d, st, leader)
		var play []cards.Card
		for k := 0; k < 1+r.IntN(52); k++ {
			ls := legalCards(p)
			c := ls[r.IntN(len(ls))]
			play = append(play, c)
			p, _ = playCard(p, c)
		}
		s := NewSolver(Config{TTBytes: 64 << 20})
		tr, err := s.Trace(d, st, leader, play)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ddsoracle.AnalysePlay([4]cards.Set(d), ddsIndex(st), int(leader), play)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) != tr.DDSLen() {
			t.Fatalf("DDS gives %d values, DDSLen says %d", len(want), tr.DDSLen())
		}
		for k := range want {
			if tr.Tricks[k] != want[k] {
				t.Fatalf("deal %s %v leader %v play %v: value %d is %d, DDS %d\n got %v\nwant %v",
					d.PBN(cards.North), st, leader, play, k, tr.Tricks[k], want[k], tr.Tricks[:len(want)], want)
			}
		}
	}
}
