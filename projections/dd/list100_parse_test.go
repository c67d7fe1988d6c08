package dd

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// listDeal is one deal of DDS's hands/list100.txt (see testdata/README.md).
type listDeal struct {
	Dealer, Vul, Trump, Leader int // DDS encodings: vul 0 none 1 both 2 NS 3 EW; trump 0 S 1 H 2 D 3 C 4 NT
	Deal                       cards.Deal
	Table                      [20]int   // strains S,H,D,C,NT outer, declarers N,E,S,W inner
	Par                        [4]string // "NS x", "EW y", "NS:...", "EW:..."
	Play                       []cards.Card
	Trace                      []int
}

// parseList reads the list100 format. Lines it does not use (NUMBER, FUT,
// PAR2) are skipped; each deal starts with a PBN line.
func parseList(r io.Reader) ([]listDeal, error) {
	var out []listDeal
	sc := bufio.NewScanner(r)
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		kw, rest, _ := strings.Cut(line, " ")
		fail := func(format string, a ...any) error {
			return fmt.Errorf("line %d (%s): %s", ln, kw, fmt.Sprintf(format, a...))
		}
		if kw != "PBN" && kw != "NUMBER" && len(out) == 0 {
			return nil, fail("before the first PBN line")
		}
		switch kw {
		case "NUMBER", "FUT", "PAR2":
		case "PBN":
			f, q, err := splitQuoted(rest)
			if err != nil || len(f) != 4 || len(q) != 1 {
				return nil, fail("want 4 numbers and a quoted deal")
			}
			var d listDeal
			nums, err := atoiAll(f)
			if err != nil {
				return nil, fail("%v", err)
			}
			d.Dealer, d.Vul, d.Trump, d.Leader = nums[0], nums[1], nums[2], nums[3]
			if d.Dealer > 3 || d.Vul > 3 || d.Trump > 4 || d.Leader > 3 || min(d.Dealer, d.Vul, d.Trump, d.Leader) < 0 {
				return nil, fail("number out of range")
			}
			d.Deal, err = cards.ParseDeal(q[0])
			if err != nil {
				return nil, fail("%v", err)
			}
			out = append(out, d)
		case "TABLE":
			nums, err := atoiAll(strings.Fields(rest))
			if err != nil || len(nums) != 20 {
				return nil, fail("want 20 numbers")
			}
			copy(out[len(out)-1].Table[:], nums)
		case "PAR":
			_, q, err := splitQuoted(rest)
			if err != nil || len(q) != 4 {
				return nil, fail("want 4 quoted strings")
			}
			copy(out[len(out)-1].Par[:], q)
		case "PLAY":
			f, q, err := splitQuoted(rest)
			if err != nil || len(f) != 1 || len(q) != 1 {
				return nil, fail("want a count and quoted cards")
			}
			n, err := strconv.Atoi(f[0])
			if err != nil || n < 0 || n > 52 || len(q[0]) != 2*n {
				return nil, fail("bad count")
			}
			var play []cards.Card
			for i := 0; i < n; i++ {
				c, err := cards.ParseCard(q[0][2*i : 2*i+2])
				if err != nil {
					return nil, fail("%v", err)
				}
				play = append(play, c)
			}
			out[len(out)-1].Play = play
		case "TRACE":
			nums, err := atoiAll(strings.Fields(rest))
			if err != nil || len(nums) < 1 || len(nums) != nums[0]+1 {
				return nil, fail("want a count and that many numbers")
			}
			out[len(out)-1].Trace = nums[1:]
		default:
			return nil, fail("unknown keyword")
		}
	}
	return out, sc.Err()
}

// splitQuoted splits "1 2 \"a b\" \"c\"" into the bare fields and the quoted
// strings.
func splitQuoted(s string) (fields, quoted []string, err error) {
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return fields, quoted, nil
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, nil, fmt.Errorf("unterminated quote")
			}
			quoted = append(quoted, s[1:1+end])
			s = s[end+2:]
			continue
		}
		f, rest, _ := strings.Cut(s, " ")
		fields = append(fields, f)
		s = rest
	}
}

func atoiAll(fs []string) ([]int, error) {
	out := make([]int, len(fs))
	for i, f := range fs {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// ddsStrain maps DDS's strain numbering (S H D C NT) to cards.Strain.
func ddsStrain(i int) cards.Strain {
	return [5]cards.Strain{cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs, cards.NoTrump}[i]
}
