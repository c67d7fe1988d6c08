package dd

import (
	"bytes"
	"testing"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// FuzzParseList feeds the list100 parser arbitrary text: it must return
// deals or an error, never panic, and whatever it accepts must be usable.
func FuzzParseList(f *testing.F) {
	f.Add([]byte("PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\nTABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6\nPAR \"NS -110\" \"EW 110\" \"NS:EW 2S\" \"EW:EW 2S\"\nPLAY 2 \"CTC4\"\nTRACE 3 8 8 8\n"))
	f.Add([]byte("NUMBER 1\nPBN 1 2 4 1 \"E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63\"\n"))
	f.Add([]byte("TABLE 1 2 3\n"))
	f.Add([]byte("PBN 0 0 0 0 \"N:"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := parseList(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, d := range ds {
			if len(d.Deal) != 4 || d.Trump > 4 || d.Leader > 3 || d.Vul > 3 {
				t.Fatalf("accepted %+v", d)
			}
			_ = Par(tableFromDDS(d.Table), ddsVul(d.Vul), contract.ParScore).DDSStrings()
		}
	})
}

// FuzzPar checks Par on arbitrary tables: every par contract scores the par
// score, by Law 77, for the side that bid first's view, and the strings are
// well formed.
func FuzzPar(f *testing.F) {
	f.Add([]byte{5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6, 0})
	f.Add([]byte{13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 13, 0, 3})
	f.Add(make([]byte, 21))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 21 {
			return
		}
		var nums [20]int
		for i := range nums {
			nums[i] = int(data[i]) % 14
		}
		tab := tableFromDDS(nums)
		vul := cards.Vulnerability(data[20] % 4)
		r := Par(tab, vul, contract.ParScore)
		s := r.DDSStrings()
		if !bytes.HasPrefix([]byte(s[2]), []byte("NS:")) || !bytes.HasPrefix([]byte(s[3]), []byte("EW:")) {
			t.Fatalf("%q", s)
		}
		for _, v := range []ParView{r.NSFirst, r.EWFirst} {
			for _, c := range v.Contracts {
				side := c.Side()
				declTricks := 0
				for _, d := range c.Declarers {
					declTricks = max(declTricks, tab.Get(c.Strain, d))
				}
				if declTricks != c.Tricks() {
					t.Fatalf("%+v: declarer takes %d tricks, the contract says %d (table %v)", c, declTricks, c.Tricks(), nums)
				}
				for l := c.Level; l <= c.Level+c.Overtricks; l++ {
					k := contract.Contract{Level: c.Level, Strain: c.Strain}
					if c.Doubled {
						k.Doubled = contract.Doubled
					}
					k.Level = l
					sc := contract.DuplicateScore(k, vul.Vulnerable(side), c.Tricks())
					if side == cards.EW {
						sc = -sc
					}
					if sc != v.Score {
						t.Fatalf("%v at level %d scores %d for NS, par is %d (table %v vul %v)", c, l, sc, v.Score, nums, vul)
					}
				}
			}
		}
	})
}
