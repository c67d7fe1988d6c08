package contract

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ParseContract never panics; a refusal unwraps to ErrBadContract, and a
// contract it accepts is valid and writes back as text that reads to the
// same contract.
func FuzzParseContract(f *testing.F) {
	for _, s := range []string{"4S", "3NTX", "6hxx", "1N", "Pass", "p", "7NTXX", "8S", "0H", "4SXXX", "4", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, pass, err := ParseContract(text)
		if err != nil {
			assert.True(t, errors.Is(err, ErrBadContract), "%q: %v", text, err)
			return
		}
		if pass {
			return
		}
		require.NoError(t, c.Validate(), "%q", text)
		again, pass, err := ParseContract(c.String())
		require.NoError(t, err, "%q written as %q", text, c)
		assert.False(t, pass)
		assert.Equal(t, c, again)
	})
}
