package replay_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

func diagram(t *testing.T, labels []string, ascii bool) []string {
	t.Helper()
	deal, err := cards.ParseDeal("N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96")
	require.NoError(t, err)
	return replay.Diagram{Hands: deal, Known: []bool{true, true, true, true}, Labels: labels,
		Rose: []string{"N", "E", "S", "W"}, ASCII: ascii}.Lines()
}

// column is the display column at which the text after the first run of
// two or more spaces begins (East's column on the rows West shares).
func column(line string) int {
	i := strings.LastIndex(line, "  ")
	return replay.Width(line[:i+2])
}

func TestDiagramLinesUp(t *testing.T) {
	for _, labels := range [][]string{
		{"North", "East", "South", "West"},
		{"North: Ann", "East: Bob", "South: Cy", "West: a very long name that will not fit in a column"},
		{"North: 山田", "East: Zoë", "South: Ἀθηνᾶ", "West: 李小龍"},
	} {
		for _, ascii := range []bool{false, true} {
			lines := diagram(t, labels, ascii)
			require.Len(t, lines, 15)
			// North and South start in the same column.
			nIndent := len(lines[0]) - len(strings.TrimLeft(lines[0], " "))
			sIndent := len(lines[10]) - len(strings.TrimLeft(lines[10], " "))
			assert.Equal(t, nIndent, sIndent)
			// East's label and suits start in one column, past West's.
			east := column(lines[5])
			for _, l := range lines[6:10] {
				assert.Equal(t, east, column(l), "%q", l)
			}
			for _, l := range lines {
				assert.LessOrEqual(t, replay.Width(l), 80, "fits an 80-column terminal: %q", l)
			}
		}
	}
	lines := diagram(t, []string{"North", "East", "South", "West"}, false)
	assert.Equal(t, "                 ♠ A K Q 2", lines[1])
	assert.Equal(t, "♥ 10 7 6 3       W   E    ♥ Q J 9", lines[7])
	ascii := diagram(t, []string{"North", "East", "South", "West"}, true)
	assert.Equal(t, "H 10 7 6 3       W   E    H Q J 9", ascii[7])
	for _, l := range ascii {
		for _, r := range l {
			assert.Less(t, r, rune(utf8.RuneSelf), "ASCII only: %q", l)
		}
	}
}

func TestDiagramUnknownHandAndVoid(t *testing.T) {
	hands := []cards.Set{0, 0, cards.NewSet(cards.MustCard("SA")), 0}
	lines := replay.Diagram{Hands: hands, Known: []bool{false, false, true, false}, Labels: []string{"N", "E", "S", "W"},
		Rose: []string{"N", "E", "S", "W"}}.Lines()
	assert.Contains(t, lines[1], "(not recorded)")
	text := strings.Join(lines, "\n")
	assert.Contains(t, text, "♠ A\n")
	assert.Contains(t, text, "♥ —")
}

func TestClean(t *testing.T) {
	cases := map[string]string{
		"Ann":                         "Ann",
		"  Ann  ":                     "Ann",
		"a\nb\r\nc\td\r":              "a b c d",
		"two\n\nlines":                "two  lines",
		"red \x1b[31mtext\x1b[0m":     "red [31mtext[0m",
		"bell\a and \u009b31m C1":     "bell and 31m C1",
		"raw \x9b byte":               "raw \ufffd byte",
		"del\x7f":                     "del",
		"evil\u202e txt.exe":          "evil txt.exe",
		"iso\u2066late\u2069":         "isolate",
		"bad \xff utf8":               "bad \ufffd utf8",
		"♠ A K — Zoë 山田":              "♠ A K — Zoë 山田",
		"\x1b]0;title\x07":            "]0;title",
		"line\u2028sep\u2029para":     "line sep para",
		"ok | <b>not html</b> & more": "ok | <b>not html</b> & more",
	}
	for in, want := range cases {
		assert.Equal(t, want, replay.Clean(in), "%q", in)
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "Ann", "\x1b[2J", "a\nb", "\xff\xfe", "\u202e", "\x9b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := replay.Clean(s)
		if !utf8.ValidString(out) {
			t.Fatalf("%q cleaned to invalid UTF-8 %q", s, out)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
				t.Fatalf("%q cleaned to %q, which holds %U", s, out, r)
			}
		}
		if again := replay.Clean(out); again != out {
			t.Fatalf("Clean is not idempotent: %q -> %q -> %q", s, out, again)
		}
	})
}

// Foster draws Z, the dealer, at the bottom of every diagram, A on his
// left, Y at the top and B on his right, whoever deals; the compass style
// always draws South at the bottom.
func TestFosterDiagramPutsZAtTheBottomForEveryDealer(t *testing.T) {
	deal, err := cards.ParseDeal("N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96")
	require.NoError(t, err)
	players := []string{"Nora", "Ed", "Sam", "Wes"}
	for dealer := cards.North; dealer <= cards.West; dealer++ {
		t.Run(dealer.Name(), func(t *testing.T) {
			names, err := replay.SeatNames(game.Compass, dealer, replay.FosterSeats)
			require.NoError(t, err)
			dg := replay.Diagram{Hands: deal, Known: []bool{true, true, true, true}, Labels: make([]string, 4),
				Rose: names.Short, Turn: names.Turn}
			for seat := range 4 {
				dg.Labels[seat] = names.Long[seat] + ": " + players[seat]
			}
			top, left, right, bottom := dg.Places()
			assert.Equal(t, dealer, bottom, "Z, the dealer, at the bottom")
			assert.Equal(t, dealer.Plus(1, 4), left, "A, on Z's left, on the left")
			assert.Equal(t, dealer.Plus(2, 4), top, "Y, Z's partner, at the top")
			assert.Equal(t, dealer.Plus(3, 4), right, "B, on Z's right, on the right")
			lines := dg.Lines()
			require.Len(t, lines, 15)
			assert.Equal(t, "Y: "+players[top], strings.TrimSpace(lines[0]))
			assert.True(t, strings.HasPrefix(lines[5], "A: "+players[left]), "%q", lines[5])
			assert.True(t, strings.HasSuffix(lines[5], "B: "+players[right]), "%q", lines[5])
			assert.Equal(t, "Z: "+players[bottom], strings.TrimSpace(lines[10]))
			// The rose turns with the hands: Y over Z, A left of B.
			assert.Regexp(t, `\S\s{2,}Y\s{2,}\S`, lines[6])
			assert.Regexp(t, `\s{2,}A   B\s{2,}`, lines[7])
			assert.Regexp(t, `\S\s{2,}Z\s{2,}\S`, lines[8])
			// The bottom hand is the dealer's own cards.
			assert.Equal(t, replay.HandLines(deal[dealer], false)[0], strings.TrimSpace(lines[11]))

			compass, err := replay.SeatNames(game.Compass, dealer, replay.CompassSeats)
			require.NoError(t, err)
			dg.Turn = compass.Turn
			_, _, _, bottom = dg.Places()
			assert.Equal(t, cards.South, bottom, "by the compass South is at the bottom whoever deals")
		})
	}
}

func TestDiagramHidesHandsAndFitsAWidth(t *testing.T) {
	deal, err := cards.ParseDeal("N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96")
	require.NoError(t, err)
	dg := replay.Diagram{Hands: deal, Known: []bool{true, true, true, true}, Hidden: []bool{false, true, false, true},
		Labels: []string{"North: Ann", "East: Bob", "South: Cy", "West: Di"}, Rose: []string{"N", "E", "S", "W"}}
	text := strings.Join(dg.Lines(), "\n")
	assert.Contains(t, text, "East: Bob")
	assert.Contains(t, text, "West: Di")
	assert.NotContains(t, text, "♠ J 9 3", "East's spades are hidden")
	assert.NotContains(t, text, "♠ 8 7", "West's spades are hidden")
	assert.Contains(t, text, "♠ A K Q 2", "North's are shown")
	assert.Equal(t, 2, strings.Count(text, "—"), "a hidden hand is a dash")

	long := strings.Repeat("x", 40)
	dg = replay.Diagram{Hands: deal, Known: []bool{true, true, true, true},
		Labels: []string{"North: " + long, "East: " + long, "South: " + long, "West: " + long}, Rose: []string{"N", "E", "S", "W"}}
	wide := dg.Lines()
	assert.Greater(t, widestLine(wide), 56)
	dg.Width = 56
	for _, l := range dg.Lines() {
		assert.LessOrEqual(t, replay.Width(l), 56, "%q", l)
	}
}

func widestLine(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, replay.Width(l))
	}
	return w
}
