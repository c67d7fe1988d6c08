package replay_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// step runs the stepper over the demo hand with the given keys and returns
// where it stopped and what it drew.
func step(t *testing.T, name, keys string) (*replay.Stepper, string) {
	t.Helper()
	envs := replaytest.Record(t, name)
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	var out bytes.Buffer
	s := &replay.Stepper{Cursor: c, In: strings.NewReader(keys), Out: &out}
	require.NoError(t, s.Run())
	return s, out.String()
}

func TestStepperKeys(t *testing.T) {
	right, left, down, up := "\x1b[C", "\x1b[D", "\x1b[B", "\x1b[A"
	cases := []struct {
		keys, at string
	}{
		{"", "1"},
		{right + right + " ", "1.a3"},
		{right + right + left, "1.a1"},
		{"lllb", "1.a2"},
		{down, "1.a15"},
		{down + down + "n", "1.2"},
		{"G", "1.13"},
		{"G" + up + "p", "1.11"},
		{"G\x1b[H", "1"},
		{"\x1b[F", "1.13"},
		{"\x1bOC\x1bOC", "1.a2"},
		{"j1.5.2\r", "1.5.2"},
		{"j1.5.9\r", "1" /* refused: trick 5 has 4 cards */},
		{"j1.x\x7f5\r", "1.5"},
		{"jzz\x1b" + "ll", "1.a2"},
		{"G" + left + "q" + left, "1.13.3"},
		{"\x1bq" + left, "1"}, // a lone Esc quits
		{"x?%" + right, "1.a1"},
	}
	for _, c := range cases {
		s, out := step(t, "demo", c.keys)
		assert.Equal(t, c.at, s.Cursor.Point().Moment.String(), "keys %q", c.keys)
		assert.True(t, strings.HasPrefix(out, "\x1b[?1049h"), "enters the alternate screen")
		assert.True(t, strings.HasSuffix(out, "\x1b[?25h\x1b[?1049l"), "leaves it")
	}
}

func TestStepperDraws(t *testing.T) {
	_, out := step(t, "demo", "j1.5\r")
	frames := strings.Split(out, "\x1b[H\x1b[2J")
	last := frames[len(frames)-1]
	assert.Contains(t, last, "hand 1 · 1.5 · step")
	assert.Contains(t, last, "> N ♣A: trick 5 to N (NS 1, EW 4)")
	assert.Contains(t, last, "?! North could hold up the ace once to cut East off from the clubs. (Foster)")
	assert.Contains(t, last, "\r\n", "raw mode needs carriage returns")
	assert.NotContains(t, frames[1], "North could hold up", "the note is not shown before its step")

	_, out = step(t, "demo", "jzz\r")
	assert.Contains(t, out, `"zz" is not a moment`)
	_, out = step(t, "demo", "j2\r")
	assert.Contains(t, out, "no such moment 2: the session has 1 hand")
}

func TestStepperJumpsToAnotherHand(t *testing.T) {
	envs := replaytest.RecordText(t, `
new --game contract --name two
deal --pbn "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
call P P P P
deal --pbn "E:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
call 1NT P P P
play S8
`)
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	var out bytes.Buffer
	// Without the double-dummy analysis (dd_test.go tests it in the
	// frames): this deal costs the solver a second, and the jump is the
	// point.
	s := &replay.Stepper{Cursor: c, Options: replay.FrameOptions{NoDD: true}, In: strings.NewReader("j2.1.1\r"), Out: &out}
	require.NoError(t, s.Run())
	assert.Equal(t, 2, s.Cursor.Hand())
	assert.Equal(t, "2.1.1", s.Cursor.Point().Moment.String())
}

func TestTranscript(t *testing.T) {
	envs := replaytest.Record(t, "demo")
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	m, _ := replay.ParseMoment("1.a8")
	require.NoError(t, c.Jump(m))
	var out bytes.Buffer
	require.NoError(t, replay.Transcript(&out, c, replay.FrameOptions{Seats: replay.FosterSeats}))
	text := out.String()
	assert.NotContains(t, text, "\x1b", "plain text")
	assert.Contains(t, text, "hand 1 · 1.a8 · step 9 of 68")
	assert.Contains(t, text, "> B Pass")
	lines := strings.Split(text, "\n")
	i := indexOf(lines, "1.a9     Z 3♣")
	require.Positive(t, i, text)
	assert.Equal(t, "           ! Three clubs is worth no more than two royals (18), but offers more tricks, so it is the higher bid (Law 44).", lines[i+1])
	assert.Contains(t, text, "1.13     Z ♥10: trick 13 to A (YZ 3, AB 10)")
	assert.NotContains(t, text, "One spade from the dealer", "a note before the starting moment is not repeated")
	assert.Contains(t, text, "Score so far: rubber 1")
}

func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}
