package movement

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Parse never panics; what it accepts can be played (Check) and written
// back as text that reads to the same movement.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"mitchell:7x2", " Howell:4x3 ", "progressive:5x4", "pivot", "PIVOT:4", "mitchell:1x2", "howell:x", "pivot:-3", "mitchell:99999999999x1", "mitchell:4x2,pairs=7,arrow=4", "howell:5x2,pairs=9", "mitchell:4x2,arrow=3+3,pairs=8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			return
		}
		require.NoError(t, s.Check())
		again, err := Parse(s.String())
		require.NoError(t, err, "%q written as %q", text, s)
		assert.Equal(t, s, again)
	})
}
