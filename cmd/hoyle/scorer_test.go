package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A duplicate board at the record prompt, as a scorer met it: board 1 is
// dealt by North (the prompt once said the session's first dealer, S);
// the status after an entry is said once, the prompt saying whose turn it
// is (it once printed "N (Y) (dummy)" and then "N (Y, dummy)"); a card
// named at West's turn that East holds says where it is and names the
// command for a lead out of turn; the board's score has no line to be
// "above" or "below"; and the write-up of a board has no running "score
// before the hand".
func TestScorerAtTheDuplicatePrompt(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dup.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "duplicate", "--north", "Ann", "--south", "Bob", "--east", "Cy", "--west", "Di")
	r := recordPiped(t, db, strings.Join([]string{
		`deal --board 1 --pbn "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87"`,
		"p p 1nt p p p",
		"!dj",
		"d5",
		"dk d8 da",
		"claim 8",
	}, "\n")+"\n")
	require.Equal(t, 0, r.code, r.err)
	id := regexp.MustCompile(`session [0-9A-Z]{26}`)
	text := "stdout:\n" + id.ReplaceAllString(r.out, "session (ID)") + "stderr:\n" + r.err +
		"$ hoyle export --no-dd --title Board 1\n" + ok(t, db, "export", "--no-dd", "--title", "Board 1")
	golden(t, "scorer-duplicate-prompt.golden", text)
}
