package prompt_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/replay/prompt"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// table is a session recorded through the recorder, as the CLI records it.
type table struct {
	t  *testing.T
	r  *recorder.Recorder
	id string
}

// newTable opens a session of Auction Bridge seated as in the demo script.
func newTable(t *testing.T) *table {
	t.Helper()
	r := recorder.New(memstore.New())
	id, err := r.Open(context.Background(), projections.SessionSpec{Game: "auction", Dealer: "S",
		Players: map[string]string{"south": "Z", "west": "A", "north": "Y", "east": "B"}})
	require.NoError(t, err)
	return &table{t: t, r: r, id: id}
}

// demoDeal is the deal of fixtures/scripts/demo.hoyle.
const demoDeal = "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"

var demoAuction = "1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P"

// do records one command line, as the CLI's commands do.
func (tb *table) do(words ...string) {
	tb.t.Helper()
	ctx := context.Background()
	var err error
	switch words[0] {
	case "deal":
		_, err = tb.r.Deal(ctx, tb.id, projections.DealSpec{PBN: demoDeal})
	case "call":
		_, err = tb.r.Calls(ctx, tb.id, words[1:])
	case "play":
		_, err = tb.r.Plays(ctx, tb.id, words[1:])
	case "claim":
		n, _ := strconv.Atoi(words[1])
		_, err = tb.r.Claim(ctx, tb.id, projections.ClaimSpec{Tricks: n})
	case "undo":
		_, err = tb.r.Undo(ctx, tb.id)
	default:
		tb.t.Fatalf("the test table does not know %q", words[0])
	}
	require.NoError(tb.t, err, "%v", words)
}

func (tb *table) session() *projections.Session {
	tb.t.Helper()
	s, _, err := load.Session(context.Background(), tb.r.Store, tb.id)
	require.NoError(tb.t, err)
	return s
}

// The states a line can be typed in.
func noHand(t *testing.T) *projections.Session { return newTable(t).session() }

func auctionStart(t *testing.T) *projections.Session {
	tb := newTable(t)
	tb.do("deal")
	return tb.session()
}

func openingLead(t *testing.T) *projections.Session {
	tb := newTable(t)
	tb.do("deal")
	tb.do(append([]string{"call"}, strings.Fields(demoAuction)...)...)
	return tb.session()
}

func handDone(t *testing.T) *projections.Session {
	tb := newTable(t)
	tb.do("deal")
	tb.do(append([]string{"call"}, strings.Fields(demoAuction)...)...)
	tb.do("play", "HJ")
	tb.do("claim", "9")
	return tb.session()
}

var commands = []string{"call", "claim", "deal", "log", "note", "play", "score", "show", "undo"}

func isCommand(name string) bool {
	for _, c := range commands {
		if c == name {
			return true
		}
	}
	return false
}

func TestWords(t *testing.T) {
	w, err := prompt.Words(`note --glyph '?!' "the heart switch"  lets it through`)
	require.NoError(t, err)
	assert.Equal(t, []string{"note", "--glyph", "?!", "the heart switch", "lets", "it", "through"}, w)
	w, err = prompt.Words(`note --glyph='!'`)
	require.NoError(t, err)
	assert.Equal(t, []string{"note", "--glyph=!"}, w)
	_, err = prompt.Words(`note "unfinished`)
	assert.ErrorIs(t, err, prompt.ErrUnclosedQuote)
}

func TestPlanPassesCommandsThrough(t *testing.T) {
	s := auctionStart(t)
	for line, want := range map[string][][]string{
		`deal --pbn "` + demoDeal + `"`:   {{"deal", "--pbn", demoDeal}},
		"hoyle call 1h p":                 {{"call", "1h", "p"}},
		"Call 1h":                         {{"call", "1h"}},
		`note "one spade means: I pass."`: {{"note", "one spade means: I pass."}},
		"shwo":                            {{"shwo"}}, // the CLI names an unknown command
		"   ":                             nil,
		"hoyle":                           nil,
	} {
		got, err := prompt.Plan(line, s, isCommand)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, line)
	}
}

func TestPlanShortForms(t *testing.T) {
	cases := []struct {
		name  string
		state func(*testing.T) *projections.Session
		line  string
		want  [][]string
	}{
		{"calls", auctionStart, "1s p 1c 1nt", [][]string{{"call", "1s", "p", "1c", "1nt"}}},
		{"two spades is a bid in the auction", auctionStart, "2s", [][]string{{"call", "2s"}}},
		{"the auction runs into the play", auctionStart, strings.ToLower(demoAuction) + " hj h3 h5 ha",
			[][]string{append([]string{"call"}, strings.Fields(strings.ToLower(demoAuction))...), {"play", "hj", "h3", "h5", "ha"}}},
		{"a card in the auction goes to play, which the laws refuse", auctionStart, "sa", [][]string{{"play", "sa"}}},
		{"a refused call keeps the rest of the line with it", auctionStart, "1nt 1c p p p hj",
			[][]string{{"call", "1nt", "1c", "p", "p", "p", "hj"}}},
		{"a typo in the auction is refused as a call", auctionStart, "1s xq", [][]string{{"call", "1s", "xq"}}},
		{"cards, either order, ten as 10", openingLead, "hj 3h h5 10h", [][]string{{"play", "hj", "3h", "h5", "10h"}}},
		{"two spades is a card in the play", openingLead, "2s", [][]string{{"play", "2s"}}},
		{"a call in the play goes to call, which the laws refuse", openingLead, "x", [][]string{{"call", "x"}}},
		{"a typo in the play is refused as a card", openingLead, "sx", [][]string{{"play", "sx"}}},
		{"before any deal", noHand, "1h sa", [][]string{{"call", "1h", "sa"}}},
		{"after the hand", handDone, "sa", [][]string{{"play", "sa"}}},
		{"a card marked irregular is its own command", openingLead, "hj !d2 h5",
			[][]string{{"play", "hj"}, {"play", "--irregular", "d2"}, {"play", "h5"}}},
		{"a call marked irregular", auctionStart, "1s p 1c !1d",
			[][]string{{"call", "1s", "p", "1c"}, {"call", "--irregular", "1d"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := prompt.Plan(c.line, c.state(t), isCommand)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestPlanLeavesTheSessionAlone(t *testing.T) {
	s := openingLead(t)
	before := fmt.Sprintf("%+v", *s.Current())
	_, err := prompt.Plan("hj h3 h5 ha da d5 d2 d3", s, isCommand)
	require.NoError(t, err)
	prompt.Complete("hj h3 h5 ha da ", 15, s, commands)
	assert.Equal(t, before, fmt.Sprintf("%+v", *s.Current()))
}

func complete(t *testing.T, s *projections.Session, line string) []string {
	t.Helper()
	head, items, tail := prompt.Complete(line, len([]rune(line)), s, commands)
	assert.Empty(t, tail)
	assert.True(t, strings.HasPrefix(line, head), "head %q of %q", head, line)
	return items
}

func TestCompleteOffersOnlyLegalEntries(t *testing.T) {
	lead := openingLead(t)
	// South (T76.JT76.T965.T5) is on lead: every card, spades first.
	assert.Equal(t, append(append([]string{}, commands...), "ST", "S7", "S6", "HJ", "HT", "H7", "H6", "DT", "D9", "D6", "D5", "CT", "C5"),
		complete(t, lead, ""))
	assert.Empty(t, complete(t, lead, "x "), "after a refused token nothing is offered")
	assert.Equal(t, []string{"HJ", "HT", "H7", "H6"}, complete(t, lead, "H"))
	assert.Equal(t, []string{"hj", "ht", "h7", "h6"}, complete(t, lead, "h"), "in the case typed")
	assert.Equal(t, []string{"10S", "10H", "10D", "10C"}, complete(t, lead, "1"), "rank first as typed")
	assert.Equal(t, []string{"S10 "}, complete(t, lead, "S1"))
	// West (dummy, AKQJ92.43.82.976) must follow the heart.
	assert.Equal(t, []string{"H4", "H3"}, complete(t, lead, "hj "))
	assert.Equal(t, []string{"H4", "H3"}, complete(t, lead, "play hj "))
	assert.Equal(t, []string{"3H "}, complete(t, lead, "hj 3"), "rank first as typed")
	assert.Equal(t, []string{"h3 "}, complete(t, lead, "hj h3"))
	// North (84.985.J73.AKQ82) follows to the heart: no spade is offered.
	assert.Empty(t, complete(t, lead, "hj h3 s"))
	// The first word may also be a command.
	assert.Equal(t, []string{"call", "claim", "ct", "c5"}, complete(t, lead, "c"))
	assert.Equal(t, []string{"CALL", "CLAIM", "CT", "C5"}, complete(t, lead, "C"), "commands are read in any case")
	assert.Equal(t, []string{"undo "}, complete(t, lead, "un"))
	assert.Len(t, complete(t, lead, "claim "), 14, "0 to 13 tricks")
	assert.Empty(t, complete(t, lead, "note "), "a note is free text")
	assert.Empty(t, complete(t, lead, `note "h`))

	start := auctionStart(t)
	assert.Empty(t, complete(t, start, "x"), "nothing to double yet")
	assert.Equal(t, []string{"1S", "1C", "1D", "1H", "1R", "1NT"}, complete(t, start, "1"))
	assert.Contains(t, complete(t, start, "1s "), "X")
	// In Auction Bridge a bid overcalls by its value (Law 44): one club
	// (6) overcalls one spade (2); two spades (4) does not overcall one
	// no trump (10).
	assert.Contains(t, complete(t, start, "1s p "), "1C")
	assert.Equal(t, []string{"2C", "2D", "2H", "2R", "2NT"}, complete(t, start, "1nt p 2"))
	assert.Empty(t, complete(t, start, "call "+demoAuction+" "), "the auction is over")
	assert.Contains(t, complete(t, start, strings.ToLower(demoAuction)+" "), "HJ", "the opening lead, after the auction on the same line")

	assert.Equal(t, []string{"deal "}, complete(t, noHand(t), "d"))
	assert.Empty(t, complete(t, handDone(t), "h"))
}

// TestDemoTranscript records the demo script and writes, after each line,
// the prompt, the table and (at the end) the result, as `hoyle record`
// shows them.
func TestDemoTranscript(t *testing.T) {
	script := replaytest.Script(t, "demo")
	tb := newTable(t)
	var out strings.Builder
	out.WriteString(prompt.Prompt(tb.session()) + "\n")
	for _, words := range prompt.Lines(script)[1:] {
		if words[0] == "note" {
			continue
		}
		tb.do(words...)
		s := tb.session()
		fmt.Fprintf(&out, "$ %s\n%s%s\n", strings.Join(words, " "), prompt.Table(s), prompt.Prompt(s))
	}
	golden(t, "demo.golden", out.String())
	// The result is checked apart from the golden file: its entries are
	// the ruleset's labels, which are the ruleset's to word.
	res := prompt.Result(tb.session())
	lines := strings.Split(strings.TrimSpace(res), "\n")
	require.Len(t, lines, 3, res)
	assert.Equal(t, "hand 1: 2NT by E · tricks NS 3 EW 10", lines[0])
	assert.Regexp(t, `^  EW +40 below  .*Law`, lines[1], "the tricks")
	assert.Regexp(t, `^  EW +30 above  .*Law`, lines[2], "three aces")
}

func TestResultAfterAClaim(t *testing.T) {
	s := handDone(t)
	assert.Contains(t, prompt.Result(s), "hand 1: 2NT by E · tricks NS 4 EW 9 (by claim)")
	assert.Contains(t, prompt.Prompt(s), "hand 1 done · W (A) deals next> ")
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	testkit.Golden(t, filepath.Join("testdata", name), got)
}

// A line that starts with a double quote is a note: on the latest trick
// once it is complete, and until the next card is led; otherwise on the
// latest entry.
func TestQuoteNotesTheLatestTrickOnceComplete(t *testing.T) {
	tb := newTable(t)
	tb.do("deal")
	tb.do(append([]string{"call"}, strings.Fields(demoAuction)...)...)
	plan := func(line string) [][]string {
		t.Helper()
		got, err := prompt.Plan(line, tb.session(), isCommand)
		require.NoError(t, err)
		return got
	}
	assert.Equal(t, [][]string{{"note", "a sound contract"}}, plan(`"a sound contract`), "in the auction: the latest call")
	tb.do("play", "HJ", "H3", "H5")
	assert.Equal(t, [][]string{{"note", "the only heart"}}, plan(`"the only heart"`), "a trick not complete: the latest card")
	tb.do("play", "HA")
	assert.Equal(t, [][]string{{"note", "--trick", "1", "East wins cheaply"}}, plan(`  "East wins cheaply`))
	require.NoError(t, func() error {
		_, err := tb.r.Note(context.Background(), tb.id, projections.NoteSpec{Text: "a note meanwhile"})
		return err
	}())
	assert.Equal(t, [][]string{{"note", "--trick", "1", "still the trick"}}, plan(`"still the trick`), "a note in between does not move on")
	tb.do("play", "DA")
	assert.Equal(t, [][]string{{"note", "a new suit"}}, plan(`"a new suit`), "the next lead: the card")
	assert.Equal(t, [][]string{{"note"}}, plan(`"`), "no text: the CLI asks for it")
	tb.do("claim", "9")
	assert.Equal(t, [][]string{{"note", "claimed"}}, plan(`"claimed`), "after a claim: the claim")
}
