package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/replay/prompt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The helpers the tests of cmd/hoyle share: running hoyle in process and as
// a process, in a pseudo-terminal, reading what it printed, and comparing
// files and golden output.

// dirState is every file under dir with the hash of its content: the
// database, and anything a command might have written beside it.
func dirState(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[path] = sha256.Sum256(b)
		return nil
	}))
	return out
}

// hangBound is how long any hoyle command may take here before the test
// calls it a hang.
const hangBound = 20 * time.Second

// timedRun runs hoyle as its own process and measures it.
func timedRun(t *testing.T, db string, args ...string) (result, time.Duration) {
	t.Helper()
	return timedRunEnv(t, db, nil, args...)
}

// timedRunEnv is timedRun with env ("NAME=value") added to the process's
// environment.
func timedRunEnv(t *testing.T, db string, env []string, args ...string) (result, time.Duration) {
	t.Helper()
	start := time.Now()
	done := make(chan result, 1)
	go func() { done <- hoyleRunEnv(t, db, env, args...) }()
	select {
	case r := <-done:
		return r, time.Since(start)
	case <-time.After(hangBound):
		t.Fatalf("hoyle %v did not return in %v: a hang", args, hangBound)
		return result{}, 0
	}
}

// eventCount is the number of events hoyle log lists (of the latest
// session, or with "--session", ID, of that one).
func eventCount(t *testing.T, db string, session ...string) int {
	t.Helper()
	out := strings.TrimSpace(ok(t, db, append(session, "log", "--json")...))
	return len(strings.Split(out, "\n"))
}

// hoyleRun runs hoyle as its own process to the end.
func hoyleRun(t *testing.T, db string, args ...string) result {
	t.Helper()
	return hoyleRunEnv(t, db, nil, args...)
}

// hoyleRunEnv is hoyleRun with env ("NAME=value") added to the process's
// environment.
func hoyleRunEnv(t *testing.T, db string, env []string, args ...string) result {
	t.Helper()
	cmd := hoyleProcess(t, db, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{out: out.String(), err: errb.String(), code: code}
}

// hoyleEnv runs hoyle with an environment and, if terminal is true, as if
// its output were a terminal.
func hoyleEnv(t *testing.T, db string, env map[string]string, terminal bool, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	home := testHome(t)
	streams := &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: terminal, Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return env[k]
	}}
	code := run(append([]string{"--db", db}, args...), streams)
	return result{out: out.String(), err: errb.String(), code: code}
}

func writeUp(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "export", "markdown", "testdata", name+".md"))
	require.NoError(t, err)
	return string(b)
}

// scriptPart runs the lines of a fixture script up to and including the
// first line that starts with stop ("" runs them all) and returns how many
// lines it ran.
func scriptPart(t *testing.T, db, name, stop string, from int) int {
	t.Helper()
	text, err := fixtures.Script(name)
	require.NoError(t, err)
	lines := prompt.Lines(text)
	for i := from; i < len(lines); i++ {
		ok(t, db, lines[i]...)
		if stop != "" && strings.HasPrefix(strings.Join(lines[i], " "), stop) {
			return i + 1
		}
	}
	return len(lines)
}

// gamesSession folds the latest session of db, as every reader does.
func gamesSession(t *testing.T, db string) *projections.Session {
	t.Helper()
	st, err := bolt.Open(db, bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer st.Close()
	id, err := st.LastSession(context.Background())
	require.NoError(t, err)
	s, _, err := load.Session(context.Background(), st, id)
	require.NoError(t, err)
	require.Empty(t, s.Problems)
	return s
}

const realPBN = "../../export/pbn/testdata/realbridge-2021-teams.pbn"

// hoyleIn runs hoyle with stdin.
func hoyleIn(t *testing.T, db, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	streams := &Streams{In: strings.NewReader(stdin), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	code := run(append([]string{"--db", db}, args...), streams)
	return result{out: out.String(), err: errb.String(), code: code}
}

func ids(out string) []string { return strings.Fields(out) }

// result is what one run of hoyle printed and returned.
type result struct {
	out, err string
	code     int
}

// hoyle runs the command in-process against db, as a user would from a
// shell, with no terminal.
func hoyle(t *testing.T, db string, args ...string) result {
	t.Helper()
	return hoyleHome(testHome(t), db, args...)
}

// hoyleHome is hoyle with the user's home directory home.
func hoyleHome(home, db string, args ...string) result {
	var out, errb bytes.Buffer
	streams := &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}}
	code := run(append([]string{"--db", db}, args...), streams)
	return result{out: out.String(), err: errb.String(), code: code}
}

// ok runs hoyle and fails the test unless it succeeds.
func ok(t *testing.T, db string, args ...string) string {
	t.Helper()
	r := hoyle(t, db, args...)
	require.Equal(t, 0, r.code, "hoyle %v: %s", args, r.err)
	return r.out
}

// script runs every line of a fixture script.
func script(t *testing.T, db, name string) {
	t.Helper()
	if copyScripted(t, db, name) {
		return
	}
	text, err := fixtures.Script(name)
	require.NoError(t, err)
	for _, words := range prompt.Lines(text) {
		ok(t, db, words...)
	}
}

// made holds the databases made once for the test binary (madeDB), each
// in a home of its own: its checkpoint key seals the checkpoints the
// commands that made it wrote.
var made struct {
	mu   sync.Mutex
	root string            // under TMPDIR; removed by TestMain
	dbs  map[string]string // name -> its database ("" if making it failed)
}

// copyScripted gives db the database the fixture script name records
// (madeDB): some scripts are started from in dozens of tests.
func copyScripted(t *testing.T, db, name string) bool {
	t.Helper()
	return madeDB(t, db, "script "+name, func(home, db string) bool {
		text, err := fixtures.Script(name)
		if err != nil {
			return false
		}
		for _, words := range prompt.Lines(text) {
			if r := hoyleHome(home, db, words...); r.code != 0 {
				return false
			}
		}
		return true
	})
}

// madeDB gives db, a file that does not exist yet, the database that make
// makes (running hoyle with hoyleHome), made once for the test binary
// under name and copied: the log, its checkpoints, and the key that seals
// them, into the test's home; the copy is the database make makes, its
// checkpoints believed as they would be. It reports false, and the test
// makes the database itself, when db is a shared log or exists already,
// when the test's home holds another key (a copy's checkpoints would not
// be believed there), or when make failed (the test's own run then says
// how).
func madeDB(t *testing.T, db, name string, make func(home, db string) bool) bool {
	t.Helper()
	if strings.Contains(db, "://") {
		return false
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	src, home := makeOnce(name, make)
	if src == "" {
		return false
	}
	keyPath := func(home string) string { return filepath.Join(home, ".config", "hoyle", "checkpoint.key") }
	key, err := os.ReadFile(keyPath(home))
	require.NoError(t, err)
	mine := keyPath(testHome(t))
	switch have, err := os.ReadFile(mine); {
	case err == nil && !bytes.Equal(have, key):
		return false
	case err != nil:
		require.NoError(t, os.MkdirAll(filepath.Dir(mine), 0o700))
		require.NoError(t, os.WriteFile(mine, key, 0o600))
	}
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(db), 0o755))
	require.NoError(t, os.WriteFile(db, b, 0o600))
	return true
}

// makeOnce is the database made under name, made by make at the first
// call, and the home it was made in; "" if make failed.
func makeOnce(name string, make func(home, db string) bool) (db, home string) {
	made.mu.Lock()
	defer made.mu.Unlock()
	if made.root == "" {
		root, err := os.MkdirTemp("", "hoyle-made-")
		if err != nil {
			return "", ""
		}
		made.root, made.dbs = root, map[string]string{}
	}
	if db, done := made.dbs[name]; done {
		return db, filepath.Join(filepath.Dir(db), "home")
	}
	dir := filepath.Join(made.root, strconv.Itoa(len(made.dbs)))
	made.dbs[name] = ""
	db, home = filepath.Join(dir, "s.db"), filepath.Join(dir, "home")
	if !make(home, db) {
		return "", ""
	}
	made.dbs[name] = db
	return db, home
}

func showJSON(t *testing.T, db string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--json")), &v))
	return v
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return sha256.Sum256(b)
}

// badInput is a command that must be refused: run on a database made by
// setup, it exits with code and says each of msg.
type badInput struct {
	name  string
	setup func(t *testing.T, db string)
	args  []string
	code  int
	msg   []string
}

// refused runs each case on a fresh database and checks the refusal: the
// exit code, the messages, nothing on stdout, and the database file not
// changed by a single byte.
func refused(t *testing.T, cases []badInput) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "bad.db")
			c.setup(t, db)
			before := fileHash(t, db)
			r := hoyle(t, db, c.args...)
			assert.Equal(t, c.code, r.code, "exit code; stderr: %s", r.err)
			for _, m := range c.msg {
				assert.Contains(t, r.err, m)
			}
			assert.Empty(t, r.out, "nothing on stdout")
			assert.Equal(t, before, fileHash(t, db), "the database did not change")
		})
	}
}

// asHoyle makes the test binary behave as the hoyle command, so the tests
// below can start hoyle as a separate process (in a pseudo-terminal, or as
// a second process beside it) without building anything.
const asHoyle = "HOYLE_TEST_RUN_AS_HOYLE"

// asHoyleWriterWait, set to a duration, is how long the test binary as
// hoyle waits for another process that writes before it says the database
// is in use (lockWaits.writer; a second in hoyle): tests that hold the
// database on purpose set it short, so as not to wait out the second each
// time. (In process, such tests set the factory's waits, newFactoryWaits.)
const asHoyleWriterWait = "HOYLE_TEST_WRITER_WAIT"

func TestMain(m *testing.M) {
	if os.Getenv(asHoyle) == "1" {
		if w, err := time.ParseDuration(os.Getenv(asHoyleWriterWait)); err == nil {
			defaultWaits.writer = w
		}
		lessCollection()
		os.Exit(run(os.Args[1:], newSystemStreams()))
	}
	shm := memoryTempDir()
	lessCollection()
	moreParallel()
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	if made.root != "" {
		os.RemoveAll(made.root)
	}
	if shm != "" {
		os.RemoveAll(shm)
	}
	os.Exit(code)
}

// lessCollection lets the tests' heap grow to five times what is live
// (GOGC=400) before the collector runs, unless GOGC is set: the tests run
// some 5,800 hoyle commands in this process, each leaving a few hundred
// kilobytes to a few megabytes of garbage on a heap that holds little
// else, and at the default (100) the collector's cycles were a quarter
// of the package's processor time (the whole package took 34 s of it at
// GOGC=100, 25 s at 400, on a loaded machine). The hoyle processes the
// tests start (TestMain as hoyle) collect alike: a short command's
// process, most of it the binary's start, took 53 ms of processor time at
// GOGC=100, 39 ms at 400. It proves nothing less: what a command does
// does not depend on when the collector runs, and the memory limits
// hoyle sets itself (settle, import) hold whatever GOGC is.
func lessCollection() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}

// moreParallel runs up to four parallel tests a processor (go test's
// default is one), unless -parallel was given: most of this package's
// parallel tests spend their time waiting, on the hoyle processes they
// start, on another process's lock, on a server that does not answer,
// and hold their slot while they do. The package's run on two processors
// (load average about 7): 21 to 28 s of wall time at -parallel 2, 18 s
// at 8, for the same processor time.
func moreParallel() {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0)))
	}
}

// memoryTempDir puts the tests' temporary directories (t.TempDir, and so
// every database here) in memory, under /dev/shm, when the machine has one
// and TMPDIR is not set: each entry a test records is a bbolt commit, and
// its fsync on a shared virtual disk was most of what the serial tests
// waited on. What they prove is unchanged: bbolt's locks, mmap and
// truncation work as on disk, and the crash tests kill processes, whose
// writes the page cache keeps whatever the file system; none of them
// pulls the power. It returns the directory made, for TestMain to remove.
func memoryTempDir() string {
	if os.Getenv("TMPDIR") != "" {
		return ""
	}
	// testkit.MemoryTempDir leaves a small /dev/shm alone (a container's
	// may be 64 MB, less than the full rounds' databases need).
	dir, err := testkit.MemoryTempDir("hoyle-test-")
	if err != nil {
		return ""
	}
	os.Setenv("TMPDIR", dir)
	return dir
}

// built is the hoyle binary, built once by hoyleBinary for the benchmarks
// that measure the real command as a user runs it.
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// hoyleBinary builds cmd/hoyle with go build, once for the whole test run,
// and returns its path.
func hoyleBinary(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "hoyle-bin-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "hoyle")
		out, err := exec.Command("go", "build", "-o", built.path, ".").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, built.err)
	return built.path
}

// binaryRun runs hoyle as its own process on db with the given standard
// output and error (files, a terminal, /dev/null, /dev/full) and no
// standard input, and returns its exit code. The process is this test
// binary as hoyle (asHoyle: TestMain runs what main runs, with the
// system's streams, newSystemStreams), so no test waits for a go build.
func binaryRun(t *testing.T, db string, stdout, stderr *os.File, args ...string) int {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, append([]string{"--db", db}, args...)...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), asHoyle+"=1", "TERM=xterm", "HOME="+home, "XDG_DATA_HOME="+home, "HOYLE_DB=", "NO_COLOR=", "GLAMOUR_STYLE=", "COLORFGBG=")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	require.NoError(t, err)
	return 0
}

// testHome is the test's home directory, the same for every run of hoyle
// in one test: the user's data directory, where the key that seals the
// checkpoints is kept (a run with another home believes none of them).
func testHome(t *testing.T) string {
	if h, ok := testHomes.Load(t); ok {
		return h.(string)
	}
	h, _ := testHomes.LoadOrStore(t, t.TempDir())
	t.Cleanup(func() { testHomes.Delete(t) })
	return h.(string)
}

var testHomes sync.Map // *testing.T -> its home

// noEnv is an environment with nothing set.
func noEnv(string) string { return "" }

// buffers are Streams on buffers, for calling a command's run function
// directly: no terminal anywhere.
func buffers() (*Streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Streams{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: noEnv}, &out, &errb
}

// hoyleProcess is hoyle as a separate process on db.
func hoyleProcess(t *testing.T, db string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, append([]string{"--db", db}, args...)...)
	home := testHome(t) // the data directory as hoyle and hoyleEnv have it: the same checkpoint key
	cmd.Env = append(os.Environ(), asHoyle+"=1", "TERM=xterm", "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "HOYLE_DB=")
	return cmd
}

// showFrom runs `hoyle show --json` as its own process.
func showFrom(t *testing.T, db string) map[string]any {
	t.Helper()
	out, err := hoyleProcess(t, db, "show", "--json").Output()
	require.NoError(t, err)
	var v map[string]any
	require.NoError(t, json.Unmarshal(out, &v))
	return v
}

// terminal is hoyle running in a pseudo-terminal, typed at as a user
// would, with everything it wrote kept for expect.
type terminal struct {
	t    *testing.T
	tty  *os.File
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  bytes.Buffer // everything hoyle wrote
	seen int          // how much of the cleaned output expect has passed over
	more chan struct{}
	done chan struct{} // closed when hoyle's side of the terminal is gone
}

// expectTimeout bounds each wait for output. It is not an assertion about
// speed: a wait ends as soon as the output arrives; the bound only turns a
// hang into a failure that shows the screen.
const expectTimeout = 60 * time.Second

func startTerminal(t *testing.T, db string, args ...string) *terminal {
	t.Helper()
	return startTerminalEnv(t, db, nil, args...)
}

// startTerminalEnv is startTerminal with more of the environment set.
func startTerminalEnv(t *testing.T, db string, env []string, args ...string) *terminal {
	t.Helper()
	cmd := hoyleProcess(t, db, args...)
	cmd.Env = append(cmd.Env, env...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 160})
	require.NoError(t, err)
	tm := &terminal{t: t, tty: tty, cmd: cmd, more: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(tm.done)
		buf := make([]byte, 4096)
		for {
			n, err := tty.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			select {
			case tm.more <- struct{}{}:
			default:
			}
			if err != nil {
				return // EIO once hoyle has exited
			}
		}
	}()
	t.Cleanup(func() {
		if tm.cmd.ProcessState == nil {
			_ = tm.cmd.Process.Kill()
			_ = tm.cmd.Wait()
		}
		tty.Close()
	})
	return tm
}

// ansi matches the terminal control sequences the line editor writes.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r|\a`)

// screen is the output so far without control sequences.
func (tm *terminal) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.ReplaceAllString(tm.out.String(), "")
}

// raw is everything hoyle wrote to the terminal, control sequences and all.
func (tm *terminal) raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}

// send types text.
func (tm *terminal) send(text string) {
	tm.t.Helper()
	_, err := tm.tty.Write([]byte(text))
	require.NoError(tm.t, err)
}

// expect waits until want appears in the output after what earlier expects
// matched, and moves past it. It returns the output up to and including it.
func (tm *terminal) expect(want string) string {
	tm.t.Helper()
	deadline := time.NewTimer(expectTimeout)
	defer deadline.Stop()
	for {
		s := tm.screen()
		if i := strings.Index(s[tm.seen:], want); i >= 0 {
			got := s[tm.seen : tm.seen+i+len(want)]
			tm.seen += i + len(want)
			return got
		}
		select {
		case <-tm.more:
		case <-tm.done:
			if s := tm.screen(); !strings.Contains(s[tm.seen:], want) {
				tm.t.Fatalf("hoyle ended without writing %q; the screen after the last match:\n%s", want, s[tm.seen:])
			}
		case <-deadline.C:
			tm.t.Fatalf("no %q from hoyle; the screen after the last match:\n%s", want, s[tm.seen:])
		}
	}
}

// expectAll waits until every one of wants has appeared after what earlier
// expects matched (in any order, as a completion list lays them out), moves
// past the last of them, and returns the output up to there.
func (tm *terminal) expectAll(wants ...string) string {
	tm.t.Helper()
	deadline := time.NewTimer(expectTimeout)
	defer deadline.Stop()
	for {
		s := tm.screen()
		end, missing := 0, ""
		for _, w := range wants {
			i := strings.Index(s[tm.seen:], w)
			if i < 0 {
				missing = w
				break
			}
			end = max(end, i+len(w))
		}
		if missing == "" {
			got := s[tm.seen : tm.seen+end]
			tm.seen += end
			return got
		}
		select {
		case <-tm.more:
		case <-tm.done:
			tm.t.Fatalf("hoyle ended without writing %q; the screen after the last match:\n%s", missing, tm.screen()[tm.seen:])
		case <-deadline.C:
			tm.t.Fatalf("no %q from hoyle; the screen after the last match:\n%s", missing, s[tm.seen:])
		}
	}
}

// line types a line and waits for the prompt that follows it.
func (tm *terminal) line(text, nextPrompt string) string {
	tm.t.Helper()
	tm.send(text + "\r")
	return tm.expect(nextPrompt)
}

// ctrlC types Ctrl-C at the prompt, on an empty line. The line editor
// reads Ctrl-C as a key only once it has the terminal (until then the
// terminal makes it a signal, which record handles between entries): so
// first a key is typed and its echo, which only the editor writes, awaited.
func (tm *terminal) ctrlC() {
	tm.t.Helper()
	tm.send("z")
	tm.expect("z")
	tm.send("\x15\x03") // Ctrl-U empties the line
}

// exit waits for hoyle to end and returns its exit code.
func (tm *terminal) exit() int {
	tm.t.Helper()
	waited := make(chan error, 1)
	go func() { waited <- tm.cmd.Wait() }()
	select {
	case err := <-waited:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		require.NoError(tm.t, err)
		return 0
	case <-time.After(expectTimeout):
		tm.t.Fatalf("hoyle did not exit; the screen:\n%s", tm.screen()[tm.seen:])
		return -1
	}
}

const demoPBN = "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"

// recordPiped runs record in-process with lines on its input, as
// `hoyle record < entries` does.
func recordPiped(t *testing.T, db, input string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	streams := &Streams{In: strings.NewReader(input), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	code := run(append([]string{"--db", db, "record"}, args...), streams)
	return result{out: out.String(), err: errb.String(), code: code}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	testkit.Golden(t, filepath.Join("testdata", name), got)
}

func scoreJSON(t *testing.T, db string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "score", "--json")), &v))
	return v
}

func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// hostile are texts a player's name or a note could hold that a terminal
// would act on rather than show: escape sequences (clear the screen, set
// the window title, colour), the same as C1 controls, bidirectional
// overrides and isolates (text shown in another order than it is read), a
// line break that forges a line of hoyle's own, and bytes that are not
// UTF-8.
var hostile = []string{
	"\x1b[2J\x1b[H\x1b[31mAnn",        // clear the screen, home, red
	"Bob\x1b]0;pwned\x07",             // set the window title
	"Cy\u009b31m\u009d0;t\u009c",      // the same, in C1 controls
	"\u202eiD\u202c",                  // right-to-left override
	"\u2066Ed\u2069\u202d",            // isolates, left-to-right override
	"Fay\nhoyle: the log was altered", // a forged line
	"Gus\r\x08\x7f\x00",               // carriage return, backspace, DEL, NUL
	"Hal\xff\xfe\xc0",                 // not UTF-8
}

// unsafeFor reports the first rune in out that a terminal would act on:
// C0 controls but newline and tab, DEL, C1 controls, bidi controls, and
// bytes that are not UTF-8.
func unsafeFor(out string) (string, bool) {
	for i, r := range out {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(out[i:]); size == 1 {
				return fmt.Sprintf("byte %#x at %d", out[i], i), true
			}
		case r == '\n' || r == '\t':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return fmt.Sprintf("%U at %d", r, i), true
		}
	}
	return "", false
}

// clip is the part of text around the position named in what, for a
// readable failure.
func clip(text, what string) string {
	var at int
	if i := strings.LastIndex(what, " at "); i >= 0 {
		fmt.Sscan(what[i+4:], &at)
	}
	lo, hi := max(0, at-60), min(len(text), at+60)
	return text[lo:hi]
}

// openHostile makes a database at db holding a session opened with names
// that hoyle new refuses (control characters, bidi overrides), as an older
// hoyle wrote them: what the views must still print safely. It returns the
// session's ID; entries then go through hoyle as usual.
func openHostile(t *testing.T, db, game string, options map[string]string, name string, players ...string) string {
	t.Helper()
	st, err := bolt.Open(db, bolt.Options{Create: true})
	require.NoError(t, err)
	defer st.Close()
	rs, err := rules.Lookup(game)
	require.NoError(t, err)
	opened := &table.SessionOpened{Ruleset: game, Name: name, Players: make([]string, rs.Seating().Seats), Dealer: cards.South}
	copy(opened.Players, players)
	for _, o := range rs.Info().Options {
		v := o.Values[0]
		if given, ok := options[o.Name]; ok {
			v = given
		}
		opened.Options = append(opened.Options, table.Option{Name: o.Name, Value: v})
	}
	table.SortOptions(opened.Options)
	id := events.NewID().String()
	_, err = st.Append(context.Background(), events.Batch{Session: id, Expected: events.NewSession,
		Events: []events.Event{events.NewEvent(time.Now(), opened)}})
	require.NoError(t, err)
	return id
}
