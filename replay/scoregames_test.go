package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/prompt"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// scriptUpTo records the lines of a fixture script before the n-th line
// that starts with stop.
func scriptUpTo(t *testing.T, name, stop string, n int) *projections.Session {
	t.Helper()
	text := replaytest.Script(t, name)
	var lines [][]string
	for _, l := range prompt.Lines(text) {
		if strings.HasPrefix(strings.Join(l, " "), stop) {
			if n--; n == 0 {
				break
			}
		}
		lines = append(lines, l)
	}
	s, err := projections.Fold(replaytest.RecordLines(t, lines))
	require.NoError(t, err)
	return s
}

// A game to 500 in play: the WON, LOST and net columns so far, and the
// target still to reach.
func TestScorePadOfAGameInPlay(t *testing.T) {
	s := scriptUpTo(t, "five-hundred", "deal", 3) // hands 1 and 2
	pad := replay.ScorePad(s, replay.PadColumn)
	assert.Contains(t, pad, "Game 1, to 500\n")
	assert.Contains(t, pad, "in play: the first to 500 wins\n")
	assert.Regexp(t, `(?m)^\s+total │\s+0 │\s+220 │\s+-220 │\s+110 │\s+0 │\s+110 │\s+0 │\s+0 │\s+0$`, pad)
	assert.Equal(t, "A -220, B 110, C 0", replay.ScoreSummary(s.Score(), mustNames(t, s)))
}

// A whist rubber in play: the game's running score, and the summary line
// says how far each side is towards five.
func TestScorePadOfAWhistGameInPlay(t *testing.T) {
	s := scriptUpTo(t, "whist", "deal", 4) // hands 1 to 3
	pad := replay.ScorePad(s, replay.PadColumn)
	assert.Regexp(t, `(?m)^\s+3 │\s+0 │\s+1$`, pad, "the second game: EW one up")
	assert.Contains(t, pad, "in play (games: WE)")
	assert.Equal(t, "rubber 1, game 2 to 5: NS 0, EW 1 (games: NS)", replay.ScoreSummary(s.Score(), mustNames(t, s)))
}

func mustNames(t *testing.T, s *projections.Session) replay.Names {
	t.Helper()
	n, err := replay.SeatNames(s.Seating(), s.Current().Dealer, replay.CompassSeats)
	require.NoError(t, err)
	return n
}
