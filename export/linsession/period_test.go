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
