package dd

import (
	"os"
	"strconv"
	"testing"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// The list100 tests check the solver, par and trace entry for entry
// against DDS's own output for its 100 test deals. Solving all 100 tables
// and traces takes about half a minute on two idle cores, so by default
// only every 40th deal's table and every 5th deal's trace are solved (every
// 100th and 20th under -short); DD_LIST100=all solves every deal (.ci/run),
// DD_LIST100=k every k-th. A table costs as much as eight traces: the three
// tables, the twenty traces (thousands of positions held to DDS's values)
// and the random tables held to single solves (TestPropTable) find what a
// few more tables would. Par needs no solving and is checked on all 100.

func loadList(t testing.TB) []listDeal {
	f, err := os.Open("testdata/dds-list100.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ds, err := parseList(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 100 {
		t.Fatalf("list100 has %d deals", len(ds))
	}
	return ds
}

// listSubset is the indexes of the deals to solve: every stride-th by
// default, every short-th under -short.
func listSubset(t testing.TB, n, stride, short int) []int {
	if testing.Short() {
		stride = short
	}
	if v := os.Getenv("DD_LIST100"); v == "all" {
		stride = 1
	} else if k, err := strconv.Atoi(v); err == nil && k > 0 {
		stride = k
	}
	var out []int
	for i := 0; i < n; i += stride {
		out = append(out, i)
	}
	return out
}

func ddsVul(v int) cards.Vulnerability {
	return [4]cards.Vulnerability{cards.VulNone, cards.VulAll, cards.VulNS, cards.VulEW}[v]
}

// tableFromDDS is a Table from a TABLE line.
func tableFromDDS(nums [20]int) Table {
	var t Table
	for i, s := range Strains {
		for d := 0; d < 4; d++ {
			t.Tricks[s][d] = nums[4*i+d]
		}
	}
	return t
}

func TestList100Table(t *testing.T) {
	ds := loadList(t)
	for _, i := range listSubset(t, len(ds), 40, 100) {
		d := ds[i]
		tab, err := SolveTable(d.Deal, Config{})
		if err != nil {
			t.Fatalf("deal %d: %v", i+1, err)
		}
		if got := tab.DDSOrder(); got != d.Table {
			t.Errorf("deal %d %s:\n got TABLE %v\nwant TABLE %v", i+1, d.Deal.PBN(cards.North), got, d.Table)
		}
	}
}

func TestList100Par(t *testing.T) {
	ds := loadList(t)
	for i, d := range ds {
		r := Par(tableFromDDS(d.Table), ddsVul(d.Vul), contract.ParScore)
		if got := r.DDSStrings(); got != d.Par {
			t.Errorf("deal %d (vul %v, table %v):\n got PAR %q\nwant PAR %q", i+1, ddsVul(d.Vul), d.Table, got, d.Par)
		}
	}
}

func TestList100Trace(t *testing.T) {
	ds := loadList(t)
	for _, i := range listSubset(t, len(ds), 5, 20) {
		d := ds[i]
		s := NewSolver(Config{TTBytes: 64 << 20})
		tr, err := s.Trace(d.Deal, ddsStrain(d.Trump), cards.Seat(d.Leader), d.Play)
		if err != nil {
			t.Fatalf("deal %d: %v", i+1, err)
		}
		if n := tr.DDSLen(); n != len(d.Trace) {
			t.Fatalf("deal %d: DDSLen %d, DDS gives %d values", i+1, n, len(d.Trace))
		}
		for k, want := range d.Trace {
			if tr.Tricks[k] != want {
				t.Errorf("deal %d: trace value %d (after %d cards) is %d, DDS says %d\n got %v\nwant %v",
					i+1, k, k, tr.Tricks[k], want, tr.Tricks[:len(d.Trace)], d.Trace)
				break
			}
		}
		for k, c := range tr.Cost {
			if c < 0 {
				t.Errorf("deal %d: card %d has negative cost %d", i+1, k+1, c)
			}
		}
	}
}
