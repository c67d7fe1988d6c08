package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// diagramOf is the lines of a write-up's diagram (its first code block).
func diagramOf(t *testing.T, md string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(md, "```\n")
	require.True(t, ok, "no diagram")
	block, _, ok := strings.Cut(rest, "\n```")
	require.True(t, ok)
	return strings.Split(block, "\n")
}

// Foster's layout: whoever deals, Z (the dealer) is drawn at the bottom,
// A on his left, Y at the top, B on his right, with the players' names
// beside the letters, and the auction's columns run Z, A, Y, B.
func TestFosterPutsZAtTheBottomForEveryDealer(t *testing.T) {
	var script strings.Builder
	script.WriteString("new --game contract --north Nora --east Ed --south Sam --west Wes --dealer N --name four\n")
	for range 4 {
		script.WriteString(`deal --pbn "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"` + "\ncall P P P P\n")
	}
	envs := replaytest.RecordText(t, script.String())
	players := []string{"Nora", "Ed", "Sam", "Wes"}
	dealt := []string{"♠ A K Q 2", "♠ J 9 3", "♠ 10 6 5 4", "♠ 8 7"}
	for hand := 1; hand <= 4; hand++ {
		dealer := cards.Seat(hand - 1) // N, E, S, W
		t.Run(dealer.Name(), func(t *testing.T) {
			got, err := Render(envs, Options{Hand: hand, Seats: replay.FosterSeats})
			require.NoError(t, err)
			md := string(got)
			lines := diagramOf(t, md)
			require.Len(t, lines, 15)
			z, a, y, b := dealer, dealer.Plus(1, 4), dealer.Plus(2, 4), dealer.Plus(3, 4)
			assert.Equal(t, "Y: "+players[y], strings.TrimSpace(lines[0]), "Y, Z's partner, at the top")
			assert.Equal(t, dealt[y], strings.TrimSpace(lines[1]))
			assert.True(t, strings.HasPrefix(lines[5], "A: "+players[a]), "A, on Z's left, on the left: %q", lines[5])
			assert.True(t, strings.HasPrefix(lines[6], dealt[a]), "%q", lines[6])
			assert.True(t, strings.HasSuffix(lines[5], "B: "+players[b]), "B, on Z's right, on the right: %q", lines[5])
			assert.Equal(t, "Z: "+players[z], strings.TrimSpace(lines[10]), "Z, the dealer, at the bottom")
			assert.Equal(t, dealt[z], strings.TrimSpace(lines[11]))
			assert.Contains(t, md, fmt.Sprintf("| Z (%s) | A (%s) | Y (%s) | B (%s) |", players[z], players[a], players[y], players[b]),
				"the auction in Foster's order, from the dealer")
			assert.Contains(t, md, fmt.Sprintf("dealer Z (%s)", players[z]))
		})
	}
}

// The problem of the issue: a title, hidden hands and no play table.
func TestProblemWriteUp(t *testing.T) {
	claim := replaytest.Record(t, "claim")
	w, err := Build(claim, Options{At: moment(t, "1.a6"), Title: "You are North: plan the play", Hide: []string{"EW"}, NoPlay: true})
	require.NoError(t, err)
	md := string(w.Markdown)
	assert.True(t, strings.HasPrefix(md, "# You are North: plan the play\n"), "the title is the first heading")
	assert.Equal(t, "You are North: plan the play", w.Title)
	diagram := strings.Join(diagramOf(t, md), "\n")
	assert.Regexp(t, `\nWest: Di +East: Bob\n— +N +—\n`, diagram, "hidden hands are a dash under their labels")
	assert.NotContains(t, diagram, "♠ J 9 3", "East's hand is hidden")
	assert.NotContains(t, diagram, "♠ 8 7", "West's hand is hidden")
	assert.Contains(t, diagram, "♠ A K Q 2", "North's hand is shown")
	assert.Contains(t, diagram, "♠ 10 6 5 4", "South's hand is shown")
	assert.NotContains(t, md, "## Play")
	assert.NotContains(t, md, "## Result")
	assert.NotContains(t, md, "The top of a sequence", "no notes on the play")
	assert.Equal(t, []bool{false, true, false, true}, w.Diagram.Hidden)

	// The play left out of a whole hand: its notes go with it, the
	// result stays.
	got, err := Render(claim, Options{NoPlay: true})
	require.NoError(t, err)
	assert.NotContains(t, string(got), "## Play")
	assert.NotContains(t, string(got), "Trick 1")
	assert.Contains(t, string(got), "## Result")
	assert.Contains(t, string(got), "The claim!", "the claim is the result's")
}

func TestHideNamesSeatsPlayersAndSides(t *testing.T) {
	claim := replaytest.Record(t, "claim")
	for _, c := range []struct {
		hide  []string
		seats replay.SeatStyle
		want  []bool
	}{
		{[]string{"E", "W"}, replay.CompassSeats, []bool{false, true, false, true}},
		{[]string{"east,west"}, replay.CompassSeats, []bool{false, true, false, true}},
		{[]string{"EW"}, replay.CompassSeats, []bool{false, true, false, true}},
		{[]string{"Ann"}, replay.CompassSeats, []bool{true, false, false, false}},
		{[]string{"NS"}, replay.CompassSeats, []bool{true, false, true, false}},
		// North deals: Z North, A East, Y South, B West.
		{[]string{"AB"}, replay.FosterSeats, []bool{false, true, false, true}},
		{[]string{"A", "y"}, replay.FosterSeats, []bool{false, true, true, false}},
	} {
		w, err := Build(claim, Options{Hide: c.hide, Seats: c.seats})
		require.NoError(t, err, "%v", c.hide)
		assert.Equal(t, c.want, w.Diagram.Hidden, "%v", c.hide)
	}
	_, err := Build(claim, Options{Hide: []string{"Q"}})
	assert.ErrorIs(t, err, ErrBadSeat)
	var tok *cards.TokenError
	assert.ErrorAs(t, err, &tok, "a usage error, exit 2")
	_, err = Build(claim, Options{Hide: []string{"N"}, Seats: replay.FosterSeats})
	assert.ErrorIs(t, err, ErrBadSeat, "Foster's seats are lettered, not N")
}

func TestFromStartsTheNarrative(t *testing.T) {
	demo := replaytest.Record(t, "demo")
	got, err := Render(demo, Options{From: moment(t, "1.8"), NoDD: true})
	require.NoError(t, err)
	md := string(got)
	assert.Contains(t, md, "# Foster's bidding example: hand 1, from after trick 8\n")
	diagram := strings.Join(diagramOf(t, md), "\n")
	assert.Contains(t, diagram, "♠ K Q J 9 2", "the position after trick 8")
	assert.NotContains(t, diagram, "♠ A K Q J 9 2")
	assert.Contains(t, md, "Tricks so far: NS 3, EW 5; West (dummy) to play.")
	assert.NotContains(t, md, "\n| 8 |", "trick 8 is before the moment")
	assert.Contains(t, md, "| 9 | **W ♠K** | N ♠4 | E ♠5 | S ♠7 | W | 3 | 6 |", "the counts run on from the moment")
	assert.NotContains(t, md, "North could hold up the ace", "a note before the moment is not told")
	assert.Contains(t, md, "| one spade | Pass | one club | one no trump |", "the auction is given whole")
	assert.NotContains(t, md, "One spade from the dealer simply means", "but not its notes")
	assert.Contains(t, md, "## Result")

	// In the middle of a trick: its row is shown, from the lead.
	got, err = Render(demo, Options{From: moment(t, "1.5.2"), NoDD: true})
	require.NoError(t, err)
	assert.Contains(t, string(got), "| 5 | E ♣J | S ♣5 | W ♣6 | **N ♣A**?! (1) |")
	assert.Contains(t, string(got), "On the table, trick 5: E ♣J, S ♣5.")

	_, err = Render(demo, Options{From: moment(t, "1.9"), At: moment(t, "1.4")})
	assert.ErrorIs(t, err, ErrFromAfterAt)
	twoHands := replaytest.Record(t, "column")
	_, err = Render(twoHands, Options{Hand: 2, From: moment(t, "1.3")})
	assert.ErrorIs(t, err, ErrHandMismatch)
	_, err = Render(demo, Options{From: moment(t, "1.14")})
	assert.ErrorIs(t, err, replay.ErrNoMoment)
}

func TestLabelsAreForReviewers(t *testing.T) {
	demo := replaytest.Record(t, "demo")
	plain, err := Render(demo, Options{})
	require.NoError(t, err)
	labelled, err := Render(demo, Options{Labels: LabelsMoments})
	require.NoError(t, err)
	assert.Contains(t, string(plain), "- (1) S one spade: One spade")
	assert.Contains(t, string(labelled), "- (1) S one spade (1.a1): One spade")
	assert.Contains(t, string(labelled), "- (4) Trick 5, N ♣A?! (1.5): North")
	assert.NotRegexp(t, `\(1\.a?\d+\)`, string(plain))
	for _, tok := range []string{"none", "moments", " Moments "} {
		_, err := ParseLabels(tok)
		assert.NoError(t, err, tok)
	}
	_, err = ParseLabels("all")
	assert.ErrorIs(t, err, ErrBadLabels)
}

// Notes on a trick mark the trick, not its last card; notes on the hand are
// its commentary, at the end.
func TestTrickAndHandNotesArePlaced(t *testing.T) {
	column := replaytest.Record(t, "column")
	got, err := Render(column, Options{Hand: 1})
	require.NoError(t, err)
	md := string(got)
	assert.Contains(t, md, "| 4 (3) | **E ♦K** | S ♦6 | W ♦8 | N ♦7 | E | 0 | 4 |", "the trick's number carries the mark, not N ♦7")
	assert.Contains(t, md, "- (3) Trick 4: East has cashed")
	commentary := md[strings.Index(md, "## Commentary"):]
	assert.Contains(t, commentary, "A hand that turns on one card")
	assert.Greater(t, strings.Index(md, "## Commentary"), strings.Index(md, "## Result"))
	assert.NotContains(t, md, "North makes nine tricks", "hand 2's commentary is hand 2's")

	// A hand note is told from any moment; a trick's note once the trick
	// is complete.
	got, err = Render(column, Options{At: moment(t, "1.4.3")})
	require.NoError(t, err)
	assert.NotContains(t, string(got), "East has cashed")
	assert.Contains(t, string(got), "A hand that turns on one card")
	got, err = Render(column, Options{From: moment(t, "1.6")})
	require.NoError(t, err)
	assert.Contains(t, string(got), "A hand that turns on one card")
}

// The write-up leaves a place under the diagram for an analysis of the
// deal (a double-dummy table): given the hand and the cards shown.
func TestUnderDiagram(t *testing.T) {
	claim := replaytest.Record(t, "claim")
	var seen []cards.Set
	got, err := Render(claim, Options{Hide: []string{"W"}, UnderDiagram: func(h *game.Hand, shown []cards.Set) (string, error) {
		seen = shown
		return "## Double dummy\n\nNorth makes 3NT.\n", nil
	}})
	require.NoError(t, err)
	md := string(got)
	at := strings.Index(md, "## Double dummy")
	require.Positive(t, at)
	assert.Less(t, strings.Index(md, "```\n\n"), at, "under the diagram")
	assert.Less(t, at, strings.Index(md, "## Auction"), "before the auction")
	require.Len(t, seen, 4)
	assert.Zero(t, seen[cards.West], "a hidden hand is not given")
	assert.Equal(t, 13, seen[cards.North].Len())
}

// In a terminal of 60 columns every table and the diagram fit: a table
// too wide is folded into a list (the play's NS and EW columns were cut
// off), and the diagram's labels are cut.
func TestFoldsToSixtyColumns(t *testing.T) {
	for _, name := range []string{"demo", "claim", "column"} {
		for _, style := range []string{"notty", "dark"} {
			got, err := Render(replaytest.Record(t, name), Options{Width: 60, Seats: replay.FosterSeats})
			require.NoError(t, err)
			out, err := Terminal(got, TermOptions{Style: style, Width: 60})
			require.NoError(t, err)
			text := stripANSI(string(out))
			plain := strings.ReplaceAll(text, "*", "")
			for _, line := range strings.Split(text, "\n") {
				assert.LessOrEqual(t, replay.Width(line), 60, "%s, %s: %q", name, style, line)
			}
			assert.NotContains(t, text, "…", "%s: nothing cut", name)
			if name == "demo" {
				assert.Contains(t, plain, "Trick 13: A ♠2, Y ♥9, B ♥Q, Z ♥10; YZ 3, AB 10", "the play's counts are there")
			}
		}
	}
	// Wide enough, the tables stay tables.
	got, err := Render(replaytest.Record(t, "demo"), Options{Width: 100})
	require.NoError(t, err)
	assert.Contains(t, string(got), "| Trick | 1st |")
}

// stripANSI removes the SGR sequences glamour colours with.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// The writer's title is user text like any other.
func TestTitleIsText(t *testing.T) {
	got, err := Render(replaytest.Record(t, "demo"), Options{Title: "# A | <b>bold</b>\x1b[2J\nline"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(got), `# \# A \| \<b\>bold\</b\>\[2J line`+"\n\n"), "%q", string(got)[:60])
}
