package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunFunctionsTakeBuffers calls commands' run functions directly, with
// their options built by hand and buffers for streams: no cobra, no
// terminal, no process.
func TestRunFunctionsTakeBuffers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "direct.db")
	streams, out, _ := buffers()
	d := &database{streams: streams, path: db, waits: defaultWaits}

	south, west := "Z", "A"
	require.NoError(t, runNew(ctx, &newOptions{IO: streams, DB: d, Game: "auction", Dealer: "S",
		Seats: map[string]*string{"south": &south, "west": &west}}))
	assert.Regexp(t, `^[0-9A-Z]{26}\n$`, out.String())

	out.Reset()
	require.NoError(t, runDeal(ctx, &dealOptions{IO: streams, DB: d, PBN: demoPBN}))
	require.NoError(t, runCall(ctx, &tokensOptions{IO: streams, DB: d, Tokens: strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P")}))
	require.NoError(t, runPlay(ctx, &tokensOptions{IO: streams, DB: d, Tokens: []string{"HJ"}}))
	assert.Contains(t, out.String(), "trick 1 [S:HJ]")

	out.Reset()
	require.NoError(t, runScore(ctx, &scoreOptions{IO: streams, DB: d, Style: "column", JSON: true}))
	var score map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &score))
	assert.Contains(t, score, "rubbers")

	out.Reset()
	require.NoError(t, runShow(ctx, &showOptions{IO: streams, DB: d, JSON: true, Seats: "compass"}))
	var v map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &v))
	assert.Equal(t, "play", v["phase"])
	assert.Equal(t, []any{map[string]any{"seat": "S", "card": "HJ"}}, v["trick"])

	out.Reset()
	require.NoError(t, runExport(ctx, &exportOptions{IO: streams, DB: d, Format: "md", Seats: "compass"}))
	assert.Contains(t, out.String(), "Two no trumps by East", "Auction Bridge in its books' words")

	// A usage error comes back typed from the run function.
	err := runExport(ctx, &exportOptions{IO: streams, DB: d, Format: "docx", Seats: "compass"})
	assert.True(t, isUsage(err), "%v", err)
	assert.ErrorAs(t, runNew(ctx, &newOptions{IO: streams, DB: d}), new(usageError))
}

// TestUsedWronglyExitsTwo: an unknown command, an unknown flag and a
// missing required flag are usage errors by their type (exit 2), with a
// clear message, and touch nothing.
func TestUsedWronglyExitsTwo(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		msg  []string
	}{
		{[]string{"bogus"}, []string{`unknown command "bogus"`, "hoyle --help"}},
		{[]string{"shwo"}, []string{`unknown command "shwo"`, "did you mean show?"}},
		{[]string{"show", "--bogus"}, []string{"unknown flag: --bogus"}},
		{[]string{"--bogus", "show"}, []string{"unknown flag: --bogus"}},
		{[]string{"new"}, []string{"expected --game GAME", "hoyle games"}},
		{[]string{"simulate"}, []string{"expected --game GAME", "hoyle games"}},
		{[]string{"simulate", "--hands", "3"}, []string{"expected --game GAME"}},
		{[]string{"games", "extra"}, []string{"expected no arguments"}},
	} {
		dir := t.TempDir()
		r := hoyle(t, filepath.Join(dir, "nd", "fresh.db"), c.args...)
		assert.Equal(t, exitUsage, r.code, "hoyle %v: %s", c.args, r.err)
		for _, m := range c.msg {
			assert.Contains(t, r.err, m, "hoyle %v", c.args)
		}
		assert.Empty(t, r.out, "hoyle %v", c.args)
		entries, _ := os.ReadDir(dir)
		assert.Empty(t, entries, "hoyle %v created something", c.args)
	}
	// With no command at all, hoyle shows its help, grouped.
	r := hoyle(t, filepath.Join(t.TempDir(), "x.db"))
	assert.Equal(t, exitOK, r.code)
	for _, group := range []string{"Recording at the table:", "Reviewing:", "Interchange:", "The database:", "Help and the demo:"} {
		assert.Contains(t, r.out, group)
	}
}

// barBytes are what a progress bar writes: carriage returns and its
// blocks.
const barBytes = "\r█"

// TestProgressGoesByStderr runs hoyle as its own process (binaryRun), with
// its streams redirected: a progress bar is drawn on standard error only
// when standard error is a terminal, whatever standard output is. (Asked
// of stdout with a ModeCharDevice check, /dev/null counted as a terminal
// and the bar went into a redirected stderr.)
func TestProgressGoesByStderr(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer devnull.Close()
	simulate := []string{"simulate", "--game", "contract", "--hands", "20", "--batch", "10"}

	// stdout and stderr to files, and stdout to /dev/null.
	for i, stdout := range []*os.File{nil, devnull} {
		errFile, err := os.Create(filepath.Join(dir, "stderr.txt"))
		require.NoError(t, err)
		if stdout == nil {
			stdout, err = os.Create(filepath.Join(dir, "stdout.txt"))
			require.NoError(t, err)
			defer stdout.Close()
		}
		code := binaryRun(t, filepath.Join(dir, "sim.db"), stdout, errFile, simulate...)
		errFile.Close()
		assert.Equal(t, 0, code, "run %d", i)
		b, err := os.ReadFile(errFile.Name())
		require.NoError(t, err)
		assert.Empty(t, string(b), "run %d: nothing on a redirected stderr, no bar", i)
	}

	// stdout a terminal, stderr a file: still no bar in the file.
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	go func() { _, _ = io.Copy(io.Discard, ptmx) }()
	errFile, err := os.Create(filepath.Join(dir, "stderr2.txt"))
	require.NoError(t, err)
	code := binaryRun(t, filepath.Join(dir, "sim.db"), tty, errFile, simulate...)
	errFile.Close()
	tty.Close()
	ptmx.Close()
	assert.Equal(t, 0, code)
	b, err := os.ReadFile(errFile.Name())
	require.NoError(t, err)
	assert.NotContains(t, string(b), "\r")
	assert.NotContains(t, string(b), "█")
	assert.Empty(t, string(b))

	// stderr a terminal, stdout /dev/null: the bar is drawn there.
	ptmx, tty, err = pty.Open()
	require.NoError(t, err)
	var seen strings.Builder
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			seen.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	code = binaryRun(t, filepath.Join(dir, "sim.db"), devnull, tty, simulate...)
	tty.Close()
	select {
	case <-copied:
	case <-time.After(5 * time.Second):
	}
	ptmx.Close()
	assert.Equal(t, 0, code)
	assert.Contains(t, seen.String(), "hands", "the bar, on a terminal stderr")
	assert.True(t, strings.ContainsAny(seen.String(), barBytes), "the bar's carriage returns and blocks")
}

// TestTerminalChecksAskTheDriver: /dev/null is a character device but not
// a terminal; a pseudo-terminal is one.
// Not parallel: it swaps the process's standard streams for a moment.
func TestTerminalChecksAskTheDriver(t *testing.T) {
	devnull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	require.NoError(t, err)
	defer devnull.Close()
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	defer tty.Close()
	saved := [3]*os.File{os.Stdin, os.Stdout, os.Stderr}
	defer func() { os.Stdin, os.Stdout, os.Stderr = saved[0], saved[1], saved[2] }()
	os.Stdin, os.Stdout, os.Stderr = devnull, tty, devnull
	got := newSystemStreams()
	os.Stdin, os.Stdout, os.Stderr = saved[0], saved[1], saved[2]
	assert.False(t, got.InTTY, "/dev/null")
	assert.True(t, got.OutTTY, "a pseudo-terminal")
	assert.False(t, got.ErrTTY, "/dev/null")
}
