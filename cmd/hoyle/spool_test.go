package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A spool keeps a small output in memory and a large one in a temporary
// file that no one else sees and nothing leaves behind; either way it
// gives back exactly what was written.
func TestSpoolKeepsWhatIsWritten(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	for _, size := range []int{0, 10, spoolMemory, spoolMemory + 1, 3*spoolMemory + 17} {
		want := bytes.Repeat([]byte("0123456789abcdef"), size/16+1)[:size]
		s := &spool{}
		for rest := want; len(rest) > 0; {
			n := min(len(rest), 100_003)
			_, err := s.Write(rest[:n])
			require.NoError(t, err)
			rest = rest[n:]
		}
		var got bytes.Buffer
		_, err := s.WriteTo(&got)
		require.NoError(t, err)
		assert.Equal(t, string(want), got.String(), "%d bytes", size)
		b, err := s.Bytes()
		require.NoError(t, err)
		assert.Equal(t, string(want), string(b))
		left, _ := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "*"))
		assert.Empty(t, left, "the temporary file is not to be seen, even while in use")
		require.NoError(t, s.Close())
	}
}
