package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The prompts of the demo hand (fixtures/scripts/demo.hoyle).
const (
	promptS  = "hand 1 · auction · S (Z) to call> "
	promptW  = "hand 1 · auction · W (A) to call> "
	leadS    = "hand 1 · 2NT by E · trick 1 · S (Z) to play> "
	playingE = "2NT by E · trick %d · E (B) to play> "
	playingN = "2NT by E · trick %d · N (Y) to play> "
	playingW = "2NT by E · trick %d · W (A, dummy) to play> "
)

// TestRecordAHandAtThePrompt types the demo hand into `hoyle record` in a
// pseudo-terminal, with short forms, a typo, an undo, a note, tab
// completion and Ctrl-C, while a second process reads the session.
func TestRecordAHandAtThePrompt(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "table.db")
	tm := startTerminal(t, db, "record", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S")
	tm.expect("opened session ")
	tm.expect("no hand yet · S (Z) deals> ")

	tm.line(`deal --pbn "`+demoPBN+`"`, promptS)
	tm.line("1s p 1c 1nt", promptS)
	tm.line(`note "One spade from the dealer simply means: I pass."`, promptS)
	out := tm.line("2c 2r p p 3c", promptW)
	assert.Contains(t, out, "· 1S Pass 1C 1NT 2C 2R Pass Pass 3C")

	// A typo is refused with the CLI's message, nothing of its line is
	// recorded, and the prompt stays where it was.
	out = tm.line("x p 2nq", promptW)
	assert.Contains(t, out, `hoyle: "2nq" is not a call`)
	assert.Equal(t, []any{"1S", "Pass", "1C", "1NT", "2C", "2R", "Pass", "Pass", "3C"}, showFrom(t, db)["calls"])

	out = tm.line("x p 2nt p p p", leadS)
	assert.Contains(t, out, "trick 1: S (Z) to lead")

	// Tab twice lists the legal cards that start with what was typed
	// (South's hearts), and the line stays open for the rest of the card.
	tm.send("h\t\t")
	out = tm.expect("hj ht h7 h6")
	assert.NotContains(t, out, "h5", "North's heart is not South's to play")
	tm.expect(leadS + "h")
	tm.line("j", fmt.Sprintf(playingW, 1))
	// Dummy must follow to the heart: one tab completes the only three.
	tm.send("3\t")
	tm.expect(fmt.Sprintf(playingW, 1) + "3H ")
	out = tm.line("", fmt.Sprintf(playingN, 1))
	assert.Contains(t, out, "[S:HJ W:H3]")

	out = tm.line("h5 ha", fmt.Sprintf(playingE, 2))
	assert.Contains(t, out, "trick 1: S ♥J  W ♥3  N ♥5  E ♥A  · won by E (B)")
	assert.Contains(t, out, "dummy W (A): ♠ A K Q J 9 2  ♥ 4  ♦ 8 2  ♣ 9 7 6")

	// A wrong card, taken back.
	tm.line("da d6", fmt.Sprintf(playingW, 2))
	out = tm.line("undo", "2NT by E · trick 2 · S (Z) to play> ")
	assert.Contains(t, out, "trick 2: E ♦A  · S (Z) to play")

	// A second process sees every acknowledged entry while record is open.
	v := showFrom(t, db)
	assert.Equal(t, "play", v["phase"])
	assert.Equal(t, "S", v["turn"])
	assert.Equal(t, []any{map[string]any{"seat": "E", "card": "DA"}}, v["trick"])
	assert.EqualValues(t, 5, v["played"])

	// Ctrl-C cancels the line being typed: nothing of it is recorded, and
	// nothing acknowledged is lost.
	tm.send("d5 d2")
	tm.expect("d5 d2") // echoed: the editor has the keys (see ctrlC)
	tm.send("\x03")
	tm.expect("line cancelled")
	tm.expect("2NT by E · trick 2 · S (Z) to play> ")
	v = showFrom(t, db)
	assert.EqualValues(t, 5, v["played"])
	assert.Equal(t, []any{map[string]any{"seat": "E", "card": "DA"}}, v["trick"])

	// The rest of the hand, a trick or two a line.
	tm.line("d5 d2 d3", fmt.Sprintf(playingE, 3))
	tm.line("hk h6 h4 h8 dk d6 d8 d7", fmt.Sprintf(playingE, 5))
	tm.line("cj c5 c6 ca", fmt.Sprintf(playingN, 6))
	tm.line(`note --glyph ?! --by Foster "North could hold up the ace once."`, fmt.Sprintf(playingN, 6))
	tm.line("ck c3 10c c7 cq c4 d9 c9", fmt.Sprintf(playingN, 8))
	tm.line("s8 s3 s6 sa", fmt.Sprintf(playingW, 9))
	tm.line("sk s4 s5 s7 sq c2 d4 st sj c8 dq dt", fmt.Sprintf(playingW, 12))
	out = tm.line("s9 dj h2 h7 s2 h9 hq ht", "hand 1 done · W (A) deals next> ")
	assert.Contains(t, out, "trick 13: W ♠2  N ♥9  E ♥Q  S ♥10  · won by W (A)")
	assert.Contains(t, out, "hand 1: 2NT by E · tricks NS 3 EW 10")
	assert.Contains(t, out, "Rubber 1", "the score pad")

	// Ctrl-C on an empty line, then again: record leaves, and exits 0.
	tm.ctrlC()
	tm.expect("line cancelled")
	tm.ctrlC()
	tm.expect("left the prompt")
	assert.Equal(t, 0, tm.exit())

	v = showFrom(t, db)
	assert.Equal(t, "done", v["phase"])
	assert.EqualValues(t, 52, v["played"])
	assert.Equal(t, map[string]any{"NS": 3.0, "EW": 10.0}, v["tricks"])
	log := ok(t, db, "log", "--json")
	assert.Contains(t, log, "One spade from the dealer simply means: I pass.")
	assert.Contains(t, log, "North could hold up the ace once.")
	assert.Equal(t, 1, strings.Count(log, `"type":"log.retraction"`), "the undo")
}

// TestRecordContinuesTheSession opens the prompt on a session begun with
// the CLI; Ctrl-D leaves.
func TestRecordContinuesTheSession(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	ok(t, db, "new", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1S", "P")
	tm := startTerminal(t, db, "record")
	tm.expect("hand 1 · auction · N (Y) to call> ")
	// Tab twice with nothing typed lists the commands and the legal calls.
	tm.send("\t\t")
	out := tm.expectAll("call ", "deal ", "undo ", "note ", "show ", "score ", "Pass ", "1C ", "7NT")
	assert.NotRegexp(t, `\s1S\s`, out, "one spade does not overcall one spade")
	assert.NotRegexp(t, `\sX\s`, out, "North does not double his partner")
	assert.NotRegexp(t, `\s(new|record|completion)\s`, out, "commands that do not run at the prompt are not offered")
	tm.line("1c", "hand 1 · auction · E (B) to call> ")
	// The up arrow recalls the line before; Ctrl-U clears it again.
	tm.send("\x1b[A")
	tm.expect("hand 1 · auction · E (B) to call> 1c")
	tm.send("\x15")
	tm.send("\x04")
	tm.expect("left the prompt")
	assert.Equal(t, 0, tm.exit())
	assert.Equal(t, []any{"1S", "Pass", "1C"}, showFrom(t, db)["calls"])
}

func TestRecordFromAPipe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	input := strings.Join([]string{
		`deal --pbn "` + demoPBN + `"`,
		"1s p 1c 1nt 2c 2r p p 3c x p 2nt p p p hj h3 h5 ha",
		"da d4",      // South holds no four of diamonds: refused by the laws
		"da d5",      // the lead followed
		"undo",       // takes back the five
		"shwo",       // a mistyped command
		`note "open`, // an unclosed quote
		"claim 11",
		"show",
	}, "\n")
	r := recordPiped(t, db, input, "--game", "auction", "--dealer", "S")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "hand 1 · auction · S to call> 1s p 1c 1nt 2c 2r p p 3c x p 2nt p p p hj h3 h5 ha\n")
	assert.Contains(t, r.err, `hoyle: refused D4: S does not hold D4`)
	assert.Contains(t, r.err, `unknown command "shwo"`)
	assert.Contains(t, r.err, "a quote is not closed")
	assert.Contains(t, r.out, "hand 1: 2NT by E · tricks NS 1 EW 12 (by claim)")
	assert.Contains(t, r.out, "left the prompt")
	v := showJSON(t, db)
	assert.Equal(t, "done", v["phase"])
}

func TestRecordRefusesMixedFlags(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	r := recordPiped(t, db, "", "--north", "Y")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "needs --game")
	r = recordPiped(t, db, "", "--game", "auction", "--session", "01ABC")
	assert.Equal(t, exitUsage, r.code)
	r = recordPiped(t, db, "", "--game", "whist-of-the-moon")
	assert.Equal(t, exitUsage, r.code, r.err)
}

// TestRecordLeavesOnInterrupt sends SIGINT, as a terminal without line
// editing does for Ctrl-C: record leaves at once, and the entries stay.
func TestRecordLeavesOnInterrupt(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	ok(t, db, "new", "--game", "contract")
	tm := startTerminal(t, db, "record")
	tm.expect("no hand yet · S deals> ")
	tm.line("deal --seed 7", "hand 1 · auction · S to call> ")
	tm.line("1c p", "hand 1 · auction · N to call> ")
	require.NoError(t, tm.cmd.Process.Signal(os.Interrupt))
	tm.expect("left the prompt")
	assert.Equal(t, 0, tm.exit())
	assert.Equal(t, []any{"1C", "Pass"}, showFrom(t, db)["calls"])
}

// TestRecordShowsTheRubberInPlay: at the end of a hand the prompt draws
// the rubber in play (or the one the hand finished), not every rubber of
// the session, with a line for the rubbers before it and each side's
// total over them: what it reads costs a rubber, however long the
// session (load.Running).
func TestRecordShowsTheRubberInPlay(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	input := strings.Join([]string{
		"deal", "result 4H N 10", "deal", "result 3NT S 9", // rubber 1: NS two games
		"deal", "result 3NT E 9", "deal", "result 2C W 8", // rubber 2: a game to EW, a part score
	}, "\n")
	r := recordPiped(t, db, input, "--game", "auction", "--dealer", "S")
	require.Equal(t, 0, r.code, r.err)
	ends := strings.Split(r.out, "hand 4: ")
	require.Len(t, ends, 2, r.out)
	last := ends[1]
	assert.Contains(t, last, "Rubber 2", "the rubber in play")
	assert.NotContains(t, last, "Rubber 1", "the rubber finished before it is counted, not drawn")
	assert.Regexp(t, `before it: 1 rubber, WE 312, THEY 0 in all`, last)
	assert.Contains(t, ends[0], "Rubber 1", "the hand that finished rubber 1 shows it")
}

// TestRecordShowsTheLatestHandOfAProgressiveGame: a progressive game runs
// on for the whole session; at the end of a hand the prompt draws that
// hand's entries and the totals of all, and says how many hands the totals
// count before it.
func TestRecordShowsTheLatestHandOfAProgressiveGame(t *testing.T) {
	db := filepath.Join(t.TempDir(), "table.db")
	input := strings.Join([]string{"deal", "result 4H N 10", "deal", "result 3NT E 9", "deal", "result 2C W 8"}, "\n")
	r := recordPiped(t, db, input, "--game", "auction", "--scoring", "progressive", "--dealer", "S")
	require.Equal(t, 0, r.code, r.err)
	ends := strings.Split(r.out, "hand 3: ")
	require.Len(t, ends, 2, r.out)
	last := ends[1]
	assert.Contains(t, last, "the totals count 2 hands before it")
	assert.Regexp(t, `\n   32 │   42\n`, last, "the totals of the three hands")
	assert.NotRegexp(t, `\n   32 │\s*\n`, last, "hand 1's entry is in the totals, not drawn")
}
