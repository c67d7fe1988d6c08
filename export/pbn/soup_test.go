package pbn

import (
	"bytes"
	"errors"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestTokenSoupRoundTrips is a deterministic complement to FuzzParse: it
// strings together fragments of PBN (tags, inheritance marks, sections,
// calls, cards, annotations, commentary, escape lines, line ends) at random
// and checks the FuzzParse properties on each. Random bytes seldom make a
// tag, so this reaches the parser's structure far more often.
func TestTokenSoupRoundTrips(t *testing.T) {
	frags := []string{
		`[Event "#"]`, `[Event "##x"]`, `[Event "###"]`, `[Event "e"]`, `[Site "s"]`, `[X "##"]`, `[X "#"]`, `[X "####y"]`,
		`[Auction "N"]`, `[Auction "#"]`, `[Play "E"]`, `[Play "#"]`, `[Note "1:a"]`, `[Note "2: b "]`, `[Note "z"]`,
		`[Note "##1:q"]`, `[Note "#"]`, `[T "Rank\2R"]`, `[Deal "#"]`, `[Contract "4S"]`, `[Site "a"]`, `[Site "b"] d`,
		`[Auction "N"] 1C`, `[Play "N"] SA`, `[Note "1:dup"]`, `[Note "01:x"]`, `[E "a\"b\\"]`,
		"1C", "Pass", "X", "XX", "AP", "-", "+", "*", "=1=", "=2=", "$3", "!", "?!", "^S", "1NT!", "=0=", "$", "8NT", "ap!", "-?",
		"SA", "S2", "HK", "D3", "C4", "H2", "S3", "JK", "10h",
		"{c}", "{multi\nline}", "{with\n\nblank}", "; semi", ";", "{}", "{%x}",
		"\n", "\n", "\n", "\n\n", "%esc\n", " ", "  ", "\t", `"q ;x"`, "%w", "\v", "\u00a0", "\r", "\r\n", "\ufeff", `\`,
		"1", "2", "data",
	}
	r := rand.New(rand.NewSource(1))
	for range testkit.Rounds(6000, 30000) { // HOYLE_FULL=1 (.ci/run) tries all 30,000
		var b strings.Builder
		for range r.Intn(25) {
			b.WriteString(frags[r.Intn(len(frags))])
			if r.Intn(3) > 0 {
				b.WriteString(" ")
			}
		}
		in := b.String()
		gs, err := Parse(strings.NewReader(in))
		if err != nil {
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "%q: %v", in, err)
			continue
		}
		var w bytes.Buffer
		require.NoError(t, Write(&w, gs), "%q", in)
		back, err := Parse(strings.NewReader(w.String()))
		require.NoError(t, err, "%q written as %q", in, w.String())
		require.Equal(t, canonAll(gs), canonAll(back), "%q written as %q", in, w.String())
		var w2 bytes.Buffer
		require.NoError(t, Write(&w2, back))
		require.Equal(t, w.String(), w2.String(), "%q", in)
	}
}
