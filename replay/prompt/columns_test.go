package prompt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInColumnsReadsAcrossInOrder: liner lists candidates down the
// columns; arranged by InColumns they read across the rows in the order
// given (the auction's calls in rank order once came out "2C 3R 7C 1S 6S").
func TestInColumnsReadsAcrossInOrder(t *testing.T) {
	calls := []string{"P", "X", "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C"}
	for _, width := range []int{12, 20, 33, 80} {
		got := InColumns(calls, width)
		assert.ElementsMatch(t, calls, got, "the same candidates")
		// liner's layout: as many columns as fit the widest item and a
		// space, filled top to bottom.
		cols := width / 4
		rows := (len(got) + cols - 1) / cols
		var read []string
		for r := range rows {
			for c := range cols {
				if i := r + c*rows; i < len(got) {
					read = append(read, got[i])
				}
			}
		}
		assert.Equal(t, calls, read, "width %d: read across the rows, in rank order", width)
	}
	assert.Equal(t, calls, InColumns(calls, 0), "no width known: as given")
}
