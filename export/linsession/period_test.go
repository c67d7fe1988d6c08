package linsession

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// Games of another period in LIN: the deal, the play and the claim are
// LIN's own; the game, its calls in its own words (ha|, with their notes)
// and what else LIN cannot say are in hoyle's pairs, which other programs
// skip. Read back, they are the same hands, calls, contracts and score.
// (LIN has no glyphs and no authors: a note's glyph is written before its
// text.)
func TestPeriodGamesRoundTrip(t *testing.T) {
	for _, script := range []string{"foster-score-pad", "demo", "bridge", "claim"} {
		t.Run(script, func(t *testing.T) {
			envs := replaytest.Record(t, script)
			s, err := projections.Fold(envs)
			require.NoError(t, err)
			var out bytes.Buffer
			require.NoError(t, Write(&out, s, ExportOptions{}))
			back := importText(t, out.String())
			require.Len(t, back.folds, 1, out.String())
			assert.Empty(t, back.res.Warnings)
			hands := func(sum string) string {
				if i := strings.Index(sum, "note on"); i >= 0 {
					sum = sum[:i]
				}
				return sum[strings.Index(sum, "hand 1 "):]
			}
			assert.Equal(t, hands(exporttest.Summary(s, exporttest.Options{})), hands(exporttest.Summary(back.folds[0], exporttest.Options{})))
			assert.Equal(t, s.Opened.Options, back.folds[0].Opened.Options)
			assert.Equal(t, s.Score(), back.folds[0].Score())
			assert.Equal(t, len(s.Notes), len(back.folds[0].Notes))
			var again bytes.Buffer
			require.NoError(t, Write(&again, back.folds[0], ExportOptions{}))
			assert.Equal(t, out.String(), again.String(), "writing is stable")
		})
	}
}

// Results given without the auction or the play (hoyle result) go out with
// their contract in hy|contract| and the declarer's tricks in mc|, and come
// back as the same result-only hands, scored the same.
func TestResultOnlyRoundTrip(t *testing.T) {
	s, _ := exporttest.Travellers(t, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}}, []exporttest.Traveller{
		{Result: projections.ResultSpec{Board: 1, Contract: "4SX", Declarer: "N", Tricks: "9"}},
		{Result: projections.ResultSpec{Board: 2, Contract: "pass"}},
		{Result: projections.ResultSpec{Board: 3, Contract: "3NT", Declarer: "E", Tricks: "="}, Seed: 4},
	})
	var out bytes.Buffer
	require.NoError(t, Write(&out, s, ExportOptions{}))
	assert.Contains(t, out.String(), "hy|contract 4SX N|mc|9|")
	assert.Contains(t, out.String(), "hy|contract Pass|")
	back := importText(t, out.String())
	require.Len(t, back.folds, 1, out.String())
	assert.Equal(t, exporttest.Summary(s, exporttest.Options{NoName: true}), exporttest.Summary(back.folds[0], exporttest.Options{NoName: true}))
	assert.Equal(t, s.Score(), back.folds[0].Score())
}
