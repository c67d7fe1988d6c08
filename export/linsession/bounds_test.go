package linsession

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/lin"
)

// TestImportKeepsABoundedRecord: a board with forty thousand an| pairs,
// forty times lin.MaxExtra (four hundred thousand, once 986 MB to import,
// proved no more at ten times the cost: what is kept and what the warning
// counts are the same at any size past the bound), keeps lin.MaxExtra of
// its pairs kept as they are, and a warning says how many more were left
// out.
func TestImportKeepsABoundedRecord(t *testing.T) {
	const pairs = 40_000
	text := "pn|a,b,c,d|st||md|1SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876|rh||ah|Board 1|sv|o|mb|p|" +
		strings.Repeat("an|x|", pairs) + "mb|p|mb|p|mb|p|pg||\n"
	im := importText(t, text)
	require.Len(t, im.folds, 1)
	assert.LessOrEqual(t, len(im.folds[0].Notes), lin.MaxExtra)
	assert.NotEmpty(t, im.folds[0].Notes)
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].Msg, fmt.Sprintf("%d more pairs of chat, explanations and other keys are not imported: a record keeps at most %d", pairs+3-1-lin.MaxExtra, lin.MaxExtra), "st|, rh| and pg| are kept too; the first an| explains the pass")
}
