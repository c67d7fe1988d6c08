package pbn

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zeros is /dev/zero: NUL bytes without end.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// repeat is a byte repeated n times, without holding them.
type repeat struct {
	b byte
	n int64
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return int(k), nil
}

// cycle is a text repeated until n bytes are read, without holding them.
type cycle struct {
	text string
	n    int64
	at   int
}

func (c *cycle) Read(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && c.n > 0 {
		m := copy(p[k:min(len(p), k+int(c.n))], c.text[c.at:])
		c.at = (c.at + m) % len(c.text)
		k += m
		c.n -= int64(m)
	}
	return k, nil
}

// Input that is not PBN, or far larger than any PBN, is refused at once,
// with its line, and an error message that quotes some 80 characters of
// it, never all of it.
func TestReaderBounds(t *testing.T) {
	cases := []struct {
		name string
		in   io.Reader
		line int
		says []string
	}{
		{"/dev/zero", zeros{}, 1, []string{"NUL byte", "not"}},
		{"a NUL on line 3", strings.NewReader("[Event \"a\"]\n\n[Site \"b\x00\"]\n"), 3, []string{"NUL"}},
		{"a tag value of 50 MB", io.MultiReader(strings.NewReader("[Event \"ok\"]\n[Site \""), &repeat{'x', 50 << 20}, strings.NewReader("\"]\n")),
			2, []string{"tag Site", "longer than 1048576 bytes", `"xxxxxxxxxx`}},
		{"a line of 50 MB", &repeat{'y', 50 << 20}, 1, []string{"line is longer than 1048576 bytes", `"yyyyyyyy`}},
		// Lines of a kilobyte: the reader's bound, not the cost of eight
		// million empty lines, is what this measures (under load those
		// took 11 s).
		{"commentary never closed", io.MultiReader(strings.NewReader("[Event \"x\"]\n{"), &cycle{text: strings.Repeat("z", 1023) + "\n", n: 20 << 20}), 1,
			[]string{"longer than 8388608 bytes", "never closed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := Parse(c.in)
			require.Error(t, err)
			assert.Less(t, time.Since(start), 5*time.Second)
			assert.ErrorIs(t, err, ErrSyntax)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, c.line, pe.Line, err.Error())
			for _, s := range c.says {
				assert.Contains(t, err.Error(), s)
			}
			assert.Less(t, len(err.Error()), 250, "the message quotes the value cut short: %s", err)
		})
	}
}

// countingReader counts what has been read of it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// The reader holds one game at a time: the first game of a long file is
// had before much of the file has been read. The file, 5,000 games of 89
// bytes (445 KB), is more than twice the 200 KB the first game may cost:
// reading it whole would fail (20,000 games proved no more, at four times
// the cost).
func TestReaderStreams(t *testing.T) {
	const games = 5000
	game := "[Event \"e\"]\n[Board \"1\"]\n[Auction \"N\"]\n1C Pass Pass Pass\n{a comment\n\nwith an empty line}\n\n"
	require.Greater(t, len(game)*games, 300<<10, "a file well past what the first game may cost")
	in := &countingReader{r: strings.NewReader(strings.Repeat(game, games))}
	rd := NewReader(in)
	g, err := rd.Next()
	require.NoError(t, err)
	assert.Equal(t, "e", g.Event())
	assert.Less(t, in.n, 200<<10, "the first game is read without reading the file")
	n := 1
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		require.Len(t, g.Comments, 1)
		n++
	}
	assert.Equal(t, games, n)
	assert.Equal(t, int64(len(game)*games), rd.Offset())
	_, err = rd.Next()
	assert.ErrorIs(t, err, io.EOF, "and stays at the end")
}
