// Package ddlist reads DDS's list of 100 test deals (testdata/dds-list100.txt
// of projections/dd, from DDS's hands/list100.txt; see that directory's
// README) for the tests of the packages that use the solver: each deal
// with the vulnerability, the strain and opening leader of its play, and
// DDS's answers (TABLE, PAR, TRACE).
//
// It is for tests only; nothing in hoyle's commands imports it.
package ddlist

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
)

// Deal is one deal of the list and DDS's answers for it.
type Deal struct {
	Number int // from 0, in the order of the file
	Dealer cards.Seat
	Vul    cards.Vulnerability
	Strain cards.Strain // of the play
	Leader cards.Seat   // the play's opening leader
	Deal   cards.Deal
	// Table is DDS's TABLE: strains S, H, D, C, NT (outer), declarers N,
	// E, S, W (inner), as dd.Table.DDSOrder gives it.
	Table [20]int
	// Par is DDS's PAR line: "NS x", "EW y", "NS:...", "EW:...", as
	// dd.ParResult.DDSStrings gives it.
	Par [4]string
	// Play is the played sequence from the opening lead, and Trace DDS's
	// trace of it: declarer's tricks (the seat on the leader's right)
	// before the first card and after each, at most 48 cards.
	Play  []cards.Card
	Trace []int
}

// Path is where the list is in the repository.
func Path() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "dds-list100.txt")
}

// Load reads the list from Path.
func Load() ([]Deal, error) {
	f, err := os.Open(Path())
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f)
}

// DDS's encodings.
var (
	ddsStrains = [5]cards.Strain{cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs, cards.NoTrump}
	ddsVul     = [4]cards.Vulnerability{cards.VulNone, cards.VulAll, cards.VulNS, cards.VulEW}
)

// Read reads the list's format: a PBN line starts each deal, TABLE, PAR,
// PLAY and TRACE follow it; NUMBER, FUT and PAR2 are skipped.
func Read(r io.Reader) ([]Deal, error) {
	var out []Deal
	sc := bufio.NewScanner(r)
	for ln := 1; sc.Scan(); ln++ {
		words, quoted := fieldsAndQuotes(sc.Text())
		if len(words) == 0 {
			continue
		}
		bad := func(why string) error { return fmt.Errorf("ddlist: line %d (%s): %s", ln, words[0], why) }
		nums := make([]int, 0, len(words))
		for _, w := range words[1:] {
			n, err := strconv.Atoi(w)
			if err != nil {
				return nil, bad("not a number: " + w)
			}
			nums = append(nums, n)
		}
		if words[0] != "PBN" && words[0] != "NUMBER" && len(out) == 0 {
			return nil, bad("before the first PBN line")
		}
		var cur *Deal
		if len(out) > 0 {
			cur = &out[len(out)-1]
		}
		switch words[0] {
		case "NUMBER", "FUT", "PAR2":
		case "PBN":
			if len(nums) != 4 || len(quoted) != 1 || nums[0] > 3 || nums[1] > 3 || nums[2] > 4 || nums[3] > 3 || min(nums[0], nums[1], nums[2], nums[3]) < 0 {
				return nil, bad("want dealer, vulnerability, strain, leader and a quoted deal")
			}
			d, err := cards.ParseDeal(quoted[0])
			if err != nil {
				return nil, bad(err.Error())
			}
			out = append(out, Deal{Number: len(out), Dealer: cards.Seat(nums[0]), Vul: ddsVul[nums[1]],
				Strain: ddsStrains[nums[2]], Leader: cards.Seat(nums[3]), Deal: d})
		case "TABLE":
			if len(nums) != 20 {
				return nil, bad("want 20 numbers")
			}
			copy(cur.Table[:], nums)
		case "PAR":
			if len(quoted) != 4 {
				return nil, bad("want 4 quoted strings")
			}
			copy(cur.Par[:], quoted)
		case "PLAY":
			if len(nums) != 1 || len(quoted) != 1 || nums[0] > 52 || len(quoted[0]) != 2*nums[0] {
				return nil, bad("want a count and that many cards, quoted")
			}
			if cur.Play != nil {
				return nil, bad("a second PLAY line for the deal")
			}
			for i := 0; i < len(quoted[0]); i += 2 {
				c, err := cards.ParseCard(quoted[0][i : i+2])
				if err != nil {
					return nil, bad(err.Error())
				}
				cur.Play = append(cur.Play, c)
			}
		case "TRACE":
			if len(nums) < 1 || len(nums) != nums[0]+1 {
				return nil, bad("want a count and that many numbers")
			}
			cur.Trace = nums[1:]
		default:
			return nil, bad("unknown keyword")
		}
	}
	return out, sc.Err()
}

// fieldsAndQuotes splits a line into its bare words and its quoted
// strings (which hold spaces).
func fieldsAndQuotes(line string) (words, quoted []string) {
	for i, part := range strings.Split(line, `"`) {
		if i%2 == 1 {
			quoted = append(quoted, part)
			continue
		}
		words = append(words, strings.Fields(part)...)
	}
	return words, quoted
}

// Tricks is the table as a dd.Table.
func (d Deal) Tricks() dd.Table {
	var t dd.Table
	for i, s := range dd.Strains {
		for seat := 0; seat < 4; seat++ {
			t.Tricks[s][seat] = d.Table[4*i+seat]
		}
	}
	return t
}
