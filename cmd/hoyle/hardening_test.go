package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/testkit"
)

// The tests of the issue "Hardening: every fault and hostile input found
// so far", the CLI's part. Each failed before its fix.

// TestPromptRefusesAMovedTable: the prompt showed "S to call"; another
// process recorded 1S; the line typed for South ("1h") must not be stored
// as West's 1H. It is refused, the scorer is told why and shown the new
// table, and nothing of it is recorded.
func TestPromptRefusesAMovedTable(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "table.db")
	ok(t, db, "new", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S")
	ok(t, db, "deal", "--pbn", demoPBN)
	tm := startTerminal(t, db, "record")
	tm.expect(promptS)

	// Another scorer, another process, records South's call meanwhile.
	r := hoyleRun(t, db, "call", "1S")
	require.Equal(t, 0, r.code, r.err)

	out := tm.line("1h", promptW)
	assert.Contains(t, out, "another scorer recorded in this session meanwhile")
	assert.Contains(t, out, "nothing of the line was recorded")
	assert.Equal(t, []any{"1S"}, showFrom(t, db)["calls"], "West's 1H was not recorded")

	// The prompt now shows West to call; what is typed now is recorded.
	tm.line("1h", "hand 1 · auction · N (Y) to call> ")
	assert.Equal(t, []any{"1S", "1H"}, showFrom(t, db)["calls"])

	// A line of two commands (the calls, then the lead): the first is
	// recorded, the pin follows it, and the second is recorded after it.
	tm.line("p p p c2", "E (B, dummy) to play> ")
	v := showFrom(t, db)
	assert.Equal(t, []any{"1S", "1H", "Pass", "Pass", "Pass"}, v["calls"])
	assert.EqualValues(t, 1, v["played"])
	tm.send("\x04")
	tm.expect("left the prompt")
	assert.Equal(t, 0, tm.exit())
}

// holdForReading opens db read-only in this process, as a hoyle reader
// holds it, until release is called.
func holdForReading(t *testing.T, db string) (release func()) {
	t.Helper()
	st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	var once sync.Once
	release = func() { once.Do(func() { require.NoError(t, st.Close()) }) }
	t.Cleanup(release)
	return release
}

// TestWriterWaitsOutAReader: a reader holds the database a second and a
// half (a large score or export); a writer waits for it, says so, and
// records once it is gone, instead of being told "in use" after a second.
func TestWriterWaitsOutAReader(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "busy.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal")
	release := holdForReading(t, db)
	time.AfterFunc(1500*time.Millisecond, release)
	r, took := timedRun(t, db, "call", "1S")
	assert.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.err, "waiting for another hoyle process that is reading the database")
	assert.Equal(t, []any{"1S"}, showJSON(t, db)["calls"])
	t.Logf("a writer behind a reader of 1.5 s: recorded after %v", took.Round(time.Millisecond))
}

// TestWriterWaitIsBounded: a reader that never lets go is waited on for
// the bound, with the notice, then refused as in use; a writer in the way
// is refused within its own, shorter, bound and without the notice.
func TestWriterWaitIsBounded(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "held.db")
	ok(t, db, "new", "--game", "auction")
	hash := fileHash(t, db)
	streams, _, errb := buffers()
	f := newFactory(streams)
	f.DB.waits = lockWaits{writer: 200 * time.Millisecond, readers: 800 * time.Millisecond, notice: 100 * time.Millisecond}

	release := holdForReading(t, db)
	start := time.Now()
	err := execute(context.Background(), f, []string{"--db", db, "deal"})
	took := time.Since(start)
	release()
	require.ErrorIs(t, err, events.ErrLocked)
	assert.Contains(t, err.Error(), "have been reading it")
	assert.Contains(t, errb.String(), "waiting for another hoyle process that is reading")
	assert.GreaterOrEqual(t, took, 800*time.Millisecond, "the readers' bound")
	assert.Less(t, took, 10*time.Second, "never forever")

	errb.Reset()
	holder, err := bolt.Open(db, bolt.Options{}) // a writer
	require.NoError(t, err)
	start = time.Now()
	err = execute(context.Background(), newFactoryWaits(streams, f.DB.waits), []string{"--db", db, "deal"})
	took = time.Since(start)
	require.NoError(t, holder.Close())
	require.ErrorIs(t, err, events.ErrLocked)
	assert.NotContains(t, errb.String(), "waiting for another", "a writer in the way is not a reader")
	assert.Less(t, took, 800*time.Millisecond, "a writer in the way: the writer's bound")
	assert.Equal(t, hash, fileHash(t, db), "nothing was recorded")
}

// newFactoryWaits is a factory on streams with its own lock waits.
func newFactoryWaits(streams *Streams, w lockWaits) *factory {
	f := newFactory(streams)
	f.DB.waits = w
	return f
}

// blockedWriter blocks every Write until released: a pager that the user
// has not scrolled, a stalled terminal.
type blockedWriter struct {
	started chan struct{}
	release chan struct{}
	once    sync.Once
	buf     bytes.Buffer
}

// Write waits for release, then keeps p.
func (b *blockedWriter) Write(p []byte) (int, error) {
	b.once.Do(func() { close(b.started) })
	<-b.release
	return b.buf.Write(p)
}

// TestReaderHoldsNoLockWhilePrinting: a reader whose output is stalled
// (show into a pager nobody scrolls) does not hold the database: a writer
// records meanwhile at once.
func TestReaderHoldsNoLockWhilePrinting(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pager.db")
	script(t, db, "demo")
	for _, args := range [][]string{{"show"}, {"log"}, {"score"}, {"export"}, {"sessions"}, {"replay"}} {
		bw := &blockedWriter{started: make(chan struct{}), release: make(chan struct{})}
		streams := &Streams{In: strings.NewReader(""), Out: bw, Err: io.Discard, Getenv: noEnv}
		done := make(chan error, 1)
		go func() {
			done <- execute(context.Background(), newFactory(streams), append([]string{"--db", db}, args...))
		}()
		<-bw.started
		start := time.Now()
		r := hoyle(t, db, "note", "written while hoyle "+args[0]+" waits on its reader")
		assert.Equal(t, 0, r.code, "hoyle %v holds the database while it prints: %s", args, r.err)
		assert.Less(t, time.Since(start), 900*time.Millisecond, "hoyle %v: the writer did not wait for it", args)
		close(bw.release)
		require.NoError(t, <-done)
	}
}

// TestExportForceReplacesOnlyRegularFiles: --force refuses a FIFO and a
// device (through a symbolic link to /dev/null), saying what it is, and
// leaves them as they were; it replaces a regular file in place, keeping
// its mode (0600 stays 0600) and its other hard links.
func TestExportForceReplacesOnlyRegularFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	script(t, db, "demo")
	want := ok(t, db, "export") // what export prints is what it writes
	require.NotEmpty(t, want)

	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	r := hoyle(t, db, "export", "-o", fifo, "--force")
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "is a named pipe (FIFO): --force replaces only a regular file")
	st, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeNamedPipe, "still a FIFO")

	null := filepath.Join(dir, "null")
	require.NoError(t, os.Symlink(os.DevNull, null))
	r = hoyle(t, db, "export", "-o", null, "--force")
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "is a character device")
	st, err = os.Lstat(null)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeSymlink, "the link is still a link")
	st, err = os.Stat(os.DevNull)
	require.NoError(t, err)
	assert.NotZero(t, st.Mode()&os.ModeCharDevice, "/dev/null is still a device")

	r = hoyle(t, db, "export", "-o", dir, "--force")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "is a directory")

	private := filepath.Join(dir, "private.md")
	require.NoError(t, os.WriteFile(private, []byte("my notes, longer than nothing\n"), 0o600))
	require.NoError(t, os.Chmod(private, 0o600))
	ok(t, db, "export", "-o", private, "--force")
	st, err = os.Stat(private)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the mode is kept")
	b, _ := os.ReadFile(private)
	assert.Equal(t, want, string(b))

	linked := filepath.Join(dir, "linked.md")
	other := filepath.Join(dir, "other-name.md")
	require.NoError(t, os.WriteFile(linked, bytes.Repeat([]byte("an old, long write-up\n"), 500), 0o644))
	require.NoError(t, os.Link(linked, other))
	ok(t, db, "export", "-o", linked, "--force")
	a, err := os.Stat(linked)
	require.NoError(t, err)
	o, err := os.Stat(other)
	require.NoError(t, err)
	assert.True(t, os.SameFile(a, o), "the hard link survives")
	b, _ = os.ReadFile(other)
	assert.Equal(t, want, string(b), "both names have the new write-up, and none of the old")

	// --force with nothing there makes the file.
	fresh := filepath.Join(dir, "fresh.md")
	ok(t, db, "export", "-o", fresh, "--force")
	b, _ = os.ReadFile(fresh)
	assert.Equal(t, want, string(b))
}

// TestFullOutputIsAFailure runs the real binary with standard output on
// /dev/full: every command that prints must exit 1 and say the output
// was not written, not exit 0.
func TestFullOutputIsAFailure(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "full.db")
	script(t, db, "demo")
	backup := filepath.Join(dir, "backup.json")
	ok(t, db, "export", "--format", "json", "-o", backup)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	commands := [][]string{
		{"log"}, {"log", "--json"}, {"score"}, {"sessions"}, {"verify"}, {"games"},
		{"show"}, {"export"},
		{"--db", filepath.Join(dir, "other.db"), "import", backup},
		{"new", "--game", "auction"},
	}
	// In the full rounds (HOYLE_FULL) every command runs as its own
	// process. In the short run the first (a reader) and the last (a
	// writer) do, for what a process makes of it (its exit code through
	// os.Exit, stderr); the rest run in process, with the same /dev/full
	// as standard output, where run, the same code as main's, checks the
	// writes: eight processes fewer, each paying the binary's start.
	process := func(i int) bool { return i == 0 || i == len(commands)-1 || testkit.Rounds(0, 1) == 1 }
	for i, args := range commands {
		var code int
		var b []byte
		if process(i) {
			errFile, err := os.Create(filepath.Join(dir, "stderr.txt"))
			require.NoError(t, err)
			code = binaryRun(t, db, full, errFile, args...)
			errFile.Close()
			b, _ = os.ReadFile(errFile.Name())
		} else {
			var errb bytes.Buffer
			home := testHome(t)
			code = run(append([]string{"--db", db}, args...), &Streams{In: strings.NewReader(""), Out: full, Err: &errb, Getenv: func(k string) string {
				if k == "HOME" {
					return home
				}
				return ""
			}})
			b = errb.Bytes()
		}
		assert.Equal(t, 1, code, "hoyle %v > /dev/full: %s", args, b)
		assert.Contains(t, string(b), "hoyle: writing the output: ", "hoyle %v", args)
		assert.Contains(t, string(b), "no space left on device", "hoyle %v", args)
	}
}

// failAfter is an output that takes n bytes, then fails as a full disk does.
type failAfter struct{ n int }

// Write takes what fits in the n bytes left and fails with ENOSPC past them.
func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return len(p), nil
	}
	n := f.n
	f.n = 0
	return n, syscall.ENOSPC
}

// TestOutputCutShortIsAFailure: in process, an output that fails part-way
// (after N bytes) makes the command exit 1, however it writes.
func TestOutputCutShortIsAFailure(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "short.db")
	script(t, db, "demo")
	for _, c := range []struct {
		args []string
		n    int
	}{
		{[]string{"log"}, 100}, {[]string{"log", "--json"}, 5000}, {[]string{"score"}, 10}, {[]string{"score", "--json"}, 200},
		{[]string{"sessions"}, 20}, {[]string{"verify"}, 5}, {[]string{"games"}, 300}, {[]string{"show", "--json"}, 50},
		{[]string{"export"}, 1000}, {[]string{"replay"}, 2000}, {[]string{"new", "--game", "contract"}, 10},
	} {
		var errb bytes.Buffer
		streams := &Streams{In: strings.NewReader(""), Out: &failAfter{n: c.n}, Err: &errb, Getenv: noEnv}
		code := run(append([]string{"--db", db}, c.args...), streams)
		assert.Equal(t, 1, code, "hoyle %v cut after %d bytes: %s", c.args, c.n, errb.String())
		assert.Contains(t, errb.String(), "hoyle: writing the output: no space left on device", "hoyle %v", c.args)
	}
}

// TestRefusedCommandsCreateNothing: a command refused for what it was
// given creates neither the database nor its directory.
func TestRefusedCommandsCreateNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		msg   string
	}{
		{[]string{"new", "--game", "nonesuch"}, "", 2, `unknown game "nonesuch"`},
		{[]string{"new", "--game", "auction", "--dealer", "Q"}, "", 2, `"Q"`},
		{[]string{"new", "--game", "contract", "--option", "scoring=golf"}, "", 2, `"golf"`},
		{[]string{"new", "--game", "auction", "--option", "nonsense=1"}, "", 2, `"nonsense"`},
		{[]string{"new", "--game", "auction", "--north", "Ann", "--south", "ann"}, "", 2, "two seats are given the name"},
		{[]string{"record", "--game", "nonesuch"}, "1s\n", 2, `unknown game "nonesuch"`},
		{[]string{"record", "--game", "auction", "--dealer", "Q"}, "1s\n", 2, `"Q"`},
		{[]string{"simulate", "--game", "nonesuch"}, "", 2, `unknown game "nonesuch"`},
		{[]string{"simulate", "--game", "contract", "--scoring", "golf"}, "", 2, `"golf"`},
		{[]string{"import", "no-such-file.pbn"}, "", 1, "no-such-file.pbn"},
		{[]string{"import", "--format", "pbn", "-"}, "[Event \"x\"]\n[Deal \"bad\"]\n", 1, "nothing was imported"},
	} {
		dir := t.TempDir()
		r := hoyleIn(t, filepath.Join(dir, "nd", "fresh.db"), c.stdin, c.args...)
		assert.Equal(t, c.code, r.code, "hoyle %v: %s", c.args, r.err)
		assert.Contains(t, r.err, c.msg, "hoyle %v", c.args)
		entries, _ := os.ReadDir(dir)
		assert.Empty(t, entries, "hoyle %v left files behind", c.args)
	}
}

// TestSmallerHardenings: undo says what it undid, as a note names its
// entry (replay.EntryText); after close, a card is
// refused because the session is closed; sessions marks closed sessions;
// two players of one name are refused at new.
func TestSmallerHardenings(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "small.db")
	ok(t, db, "new", "--game", "auction", "--dealer", "S")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1S", "1H")
	out := ok(t, db, "undo")
	assert.True(t, strings.HasPrefix(out, "undid W 1♥, call 2\n"), out)
	ok(t, db, "call", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	ok(t, db, "play", "HJ")
	ok(t, db, "play", "H3")
	out = ok(t, db, "undo")
	assert.True(t, strings.HasPrefix(out, "undid W ♥3, trick 1\n"), out)
	ok(t, db, "claim", "9")
	out = ok(t, db, "undo")
	assert.True(t, strings.HasPrefix(out, "undid E's claim of 9 tricks\n"), out)
	ok(t, db, "claim", "9")
	ok(t, db, "close")
	assert.Contains(t, ok(t, db, "sessions"), "  closed  auction")

	for _, args := range [][]string{{"play", "SA"}, {"call", "P"}, {"claim", "1"}} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 1, r.code, "%v", args)
		assert.Contains(t, r.err, "the session is closed", "%v", args)
		assert.NotContains(t, r.err, "record the deal", "%v", args)
	}
	ok(t, db, "new", "--game", "contract")
	assert.Contains(t, ok(t, db, "sessions"), "  open    contract")

	for _, args := range [][]string{
		{"new", "--game", "auction", "--north", "Ann", "--south", "Ann"},
		{"new", "--game", "five-hundred", "--players", "Ann,Bob,ANN"},
		{"record", "--game", "auction", "--east", "Cy", "--west", " cy "},
	} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 2, r.code, "%v: %s", args, r.err)
		assert.Contains(t, r.err, "two seats are given the name", "%v", args)
	}
	r := hoyle(t, db, "note")
	assert.Equal(t, 2, r.code)
}

// TestTerminalOutputIsClean: with standard output a terminal, nothing a
// player's name or a note holds reaches it as a control sequence: not the
// JSON of show, score and log, not an export in any format (export
// --format json wrote U+202E, U+2066, DEL and 8-bit CSI raw), not the
// prompt's echo and messages.
func TestTerminalOutputIsClean(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "hostile.db")
	// The PBN writer refuses a tag with a line break, so the names have none.
	openHostile(t, db, "contract", nil, hostile[4]+" \x7f\u009b2J", hostile[0], hostile[1], hostile[2], hostile[3])
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, "call", "1S")
	ok(t, db, "note", "--by", hostile[1], "bidi \u202e, isolate \u2066, DEL \x7f, 8-bit CSI \u009b2J, "+strings.Join(hostile, " "))
	env := map[string]string{"TERM": "xterm-256color"}
	for _, args := range [][]string{
		{"export", "--format", "json"}, {"export", "--format", "pbn"}, {"export", "--format", "lin"}, {"export"},
		{"show"}, {"show", "--json"}, {"score", "--json"}, {"log"}, {"log", "--json"}, {"sessions"},
	} {
		r := hoyleEnv(t, db, env, true, args...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.err)
		if what, bad := unsafeFor(stripSGR(r.out)); bad {
			t.Errorf("hoyle %v to a terminal holds %s: %q", args, what, clip(r.out, what))
		}
	}
	r := recordPiped(t, db, "note \u202eevil\x1b[2J\n"+hostile[1]+" \u2066x\n")
	for _, text := range []string{r.out, r.err} {
		if what, bad := unsafeFor(text); bad {
			t.Errorf("the prompt wrote %s: %q", what, clip(text, what))
		}
	}
	// The JSON to a terminal is still the same data.
	r = hoyleEnv(t, db, env, true, "export", "--format", "json")
	backup := filepath.Join(t.TempDir(), "backup.json")
	require.NoError(t, os.WriteFile(backup, []byte(r.out), 0o600))
	other := filepath.Join(t.TempDir(), "other.db")
	ok(t, other, "import", backup)
	assert.Contains(t, ok(t, other, "log", "--json"), `\u202e`)
}

// stripSGR drops glamour's own colour sequences (ESC [ ... m), which are
// hoyle's, not user text, before the output is checked.
func stripSGR(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
			j++
		}
		if j < len(s) && s[j] == 'm' {
			b.WriteString(s[:i])
			s = s[j+1:]
			continue
		}
		b.WriteString(s[:i+2])
		s = s[i+2:]
	}
}

// TestShowNeverAsksTheTerminal: in a terminal that never answers, show
// does not ask it for its background colour (an OSC 11 query, on which
// termenv waited five seconds), and neither does show at the record
// prompt, where the wait ate the lines typed meanwhile.
func TestShowNeverAsksTheTerminal(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "show.db")
	script(t, db, "demo")
	// Nothing in the environment names a style: the old code asked.
	env := []string{"NO_COLOR=", "GLAMOUR_STYLE=", "COLORFGBG=", "CI=", "TERM=xterm-256color"}
	start := time.Now()
	tm := startTerminalEnv(t, db, env, "show")
	tm.expect("Foster's bidding example")
	assert.Equal(t, 0, tm.exit())
	took := time.Since(start)
	assert.NotContains(t, tm.raw(), "\x1b]11;", "show asked the terminal for its background")
	assert.Contains(t, tm.raw(), "\x1b[", "in colour: dark, the default")
	t.Logf("show in a terminal that never answers: %v", took.Round(time.Millisecond))

	tm = startTerminalEnv(t, db, env, "record")
	const done = "hand 1 done · W (A) deals next> "
	tm.expect(done)
	tm.line("show", done)
	tm.send("\x04")
	tm.expect("left the prompt")
	assert.Equal(t, 0, tm.exit())
	assert.NotContains(t, tm.raw(), "\x1b]11;", "show at the prompt asked the terminal")
}
