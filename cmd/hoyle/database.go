package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/replay"
)

// database is how a command reaches the database: the global flags --db
// and --session (filled in when the command line is parsed), and how long
// to wait for another hoyle process.
type database struct {
	streams *Streams
	path    string // --db
	session string // --session
	// event and table are --event and --table: the session of that table
	// (resolveSession).
	event, table string
	// pin, when set, is the session's version as the record prompt showed
	// it: a table entry is recorded only if the session is still at that
	// version (recorder.RecordAt), and the pin then moves to the version
	// the entry made, so that the next command of the same line follows on.
	pin *uint64
	// typed is when the command was typed (Streams.Typed): without a pin,
	// an entry is refused if the table moved after it
	// (recorder.RecordTyped).
	typed time.Time
	waits lockWaits
	// shared is the connection to a shared log (--db nats://...), made at
	// the first open and kept until the command ends (close): the record
	// prompt opens the database for every entry, and a connection costs
	// round trips that a file does not.
	shared *natsstore.Store
	// parent, when set, is the database of the command this one runs
	// within (a line at the record prompt): its connection is used.
	parent *database
	// bulk: the command opened the database to write in bulk (see settle).
	bulk bool
	// tokenFile is --token-file: the shared log's token, kept out of the
	// command line (and so out of ps).
	tokenFile string
}

// lockWaits say how long a command waits for another hoyle process to let
// go of the database.
type lockWaits struct {
	// writer bounds the wait for a process that writes: it holds the file
	// for one entry, or for a whole import or simulation; after this a
	// command is told the database is in use.
	writer time.Duration
	// readers bounds a writer's wait for processes that read. Readers hold
	// the file only while they load (never while they print), so this is
	// longer: the scorer's entry waits out a large score or export.
	readers time.Duration
	// notice is how long a writer waits on readers before it says so.
	notice time.Duration
}

// defaultWaits: "in use" within the second it always came in, and a scorer
// who waits on a reader is told so after half a second and waits ten at
// most, never forever.
var defaultWaits = lockWaits{writer: time.Second, readers: 10 * time.Second, notice: 500 * time.Millisecond}

// lockPoll is how often a command looks again. Each process holds the file
// for one entry, but a stream of entries (hoyle record, a script) leaves it
// free only for moments between them; bbolt looks only every 50 ms, which
// such a stream can outrun. So look often.
const lockPoll = 2 * time.Millisecond

// dbPath is --db, else $HOYLE_DB, else hoyle.db in the XDG data directory.
func (d *database) dbPath() string {
	if d.path != "" {
		return d.path
	}
	if p := d.streams.Getenv("HOYLE_DB"); p != "" {
		return p
	}
	return d.dbPathFile()
}

// dbPathFile is hoyle.db in the XDG data directory.
func (d *database) dbPathFile() string {
	dir := d.streams.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home := d.streams.Getenv("HOME")
		if home == "" {
			home = "."
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "hoyle", "hoyle.db")
}

// isSharedLog reports whether a database is a NATS JetStream server's
// shared log (hoyle serve, or a club's own nats-server): nats://HOST:PORT,
// several comma-separated for a cluster, or tls://HOST:PORT.
func isSharedLog(path string) bool {
	return strings.HasPrefix(path, "nats://") || strings.HasPrefix(path, "tls://")
}

// sharedTimeout bounds each request to the shared log's server, and the
// connection: a server that is down or does not answer fails a command
// within a few seconds, never holds it up. $HOYLE_NATS_TIMEOUT (a Go
// duration, "10s") changes it. $HOYLE_NATS_REPLICAS says how many servers
// of a club's own cluster keep the log's streams, when hoyle creates them.
const sharedTimeout = 3 * time.Second

// openShared connects to the shared log (once a command), creating its
// streams on a server that has none. Nothing is ever written anywhere else
// when it cannot be reached: the command fails.
func (d *database) openShared(url string) (events.Store, error) {
	if d.parent != nil && d.parent.dbPath() == url {
		return d.parent.openShared(url)
	}
	if d.shared == nil {
		timeout := sharedTimeout
		if v := d.streams.Getenv("HOYLE_NATS_TIMEOUT"); v != "" {
			t, err := time.ParseDuration(v)
			if err != nil || t <= 0 {
				return nil, usagef("$HOYLE_NATS_TIMEOUT %q is not a duration such as 5s", v)
			}
			timeout = t
		}
		replicas := 0
		if v := d.streams.Getenv("HOYLE_NATS_REPLICAS"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 5 {
				return nil, usagef("$HOYLE_NATS_REPLICAS %q: the servers that keep each stream, 1 to 5", v)
			}
			replicas = n
		}
		opt := natsstore.Options{Timeout: timeout, Replicas: replicas, Warn: d.warn}
		token, err := d.token()
		if err != nil {
			return nil, err
		}
		if token != "" && natsstore.Redact(url) == url {
			// (A token in the address itself wins: the client takes one.)
			opt.NATS = append(opt.NATS, nats.Token(token))
		}
		known, statePath, err := d.knownLog(url)
		if err != nil {
			return nil, err
		}
		if known.LogID != "" {
			opt.Expect = &natsstore.Expectation{Identity: known, Where: statePath}
		}
		st, err := natsstore.Open(context.Background(), url, opt)
		if err != nil {
			return nil, err
		}
		if id := st.Identity(); id.LogID != "" && id != known {
			// The first read of this log (or its server's key, named
			// since): remembered, so that the log deleted or replaced is
			// refused. A failure to remember costs only that check.
			_ = d.rememberLog(url, id)
		}
		d.shared = st
	}
	return keptOpen{d.shared}, nil
}

// sharedLogsFile is where this user's hoyle remembers the identity of
// each shared log it has read (natsstore.Identity), beside the default
// database in the XDG data directory.
func (d *database) sharedLogsFile() string {
	return filepath.Join(filepath.Dir(d.dbPathFile()), "shared-logs.json")
}

// hasDataHome reports whether the user has a data directory
// ($XDG_DATA_HOME or $HOME) to remember shared logs in: without one,
// hoyle writes nothing beside the working directory for a shared log.
func (d *database) hasDataHome() bool {
	return d.streams.Getenv("XDG_DATA_HOME") != "" || d.streams.Getenv("HOME") != ""
}

// logKey names a shared log in that file: its servers, without
// credentials.
func logKey(url string) string {
	return strings.ReplaceAll(natsstore.Redact(url), "***@", "") + " " + natsstore.DefaultStream
}

// knownLog is the identity remembered for the shared log at url (zero if
// none), and the file it is kept in.
func (d *database) knownLog(url string) (natsstore.Identity, string, error) {
	path := d.sharedLogsFile()
	if !d.hasDataHome() {
		return natsstore.Identity{}, path, nil
	}
	known := map[string]natsstore.Identity{}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return natsstore.Identity{}, path, nil
	case err != nil:
		return natsstore.Identity{}, path, err
	}
	if err := json.Unmarshal(b, &known); err != nil {
		return natsstore.Identity{}, path, fmt.Errorf("%s is damaged (%v): remove it, and hoyle remembers each shared log again at its next read", path, err)
	}
	return known[logKey(url)], path, nil
}

// rememberLog keeps the identity of the shared log at url.
func (d *database) rememberLog(url string, id natsstore.Identity) error {
	if !d.hasDataHome() {
		return nil
	}
	path := d.sharedLogsFile()
	known := map[string]natsstore.Identity{}
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &known)
	}
	known[logKey(url)] = id
	b, err := json.MarshalIndent(known, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// token is the shared log's token: the contents of --token-file, else
// $HOYLE_NATS_TOKEN, else none (or the one in the nats:// address).
func (d *database) token() (string, error) {
	if d.tokenFile != "" {
		return readToken("--token-file", d.tokenFile)
	}
	return d.streams.Getenv("HOYLE_NATS_TOKEN"), nil
}

// readToken reads a token from a file: its first line, without the line
// ending or spaces around it. The file's contents are never printed.
func readToken(flag, path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", usagef("%s: %v", flag, err)
	}
	tok, _, _ := strings.Cut(string(b), "\n")
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", usagef("%s %s holds no token: put the token on its first line", flag, path)
	}
	return tok, nil
}

// warn prints a store's warning (a message in the shared log that is not
// a hoyle event, a summary not the server's) on standard error.
func (d *database) warn(msg string) {
	fmt.Fprintf(d.streams.Err, "hoyle: warning: %s\n", replay.Escape(msg))
}

// keptOpen is the shared log as a command's open gives it: its Close
// leaves the connection for the command's next open (database.close ends
// it).
type keptOpen struct{ *natsstore.Store }

// Close keeps the connection open.
func (keptOpen) Close() error { return nil }

// keptBulk is the shared log for a bulk writer, kept open as keptOpen is.
type keptBulk struct{ natsstore.Bulk }

// Close keeps the connection open.
func (keptBulk) Close() error { return nil }

// close ends the connection to a shared log, if one was made.
func (d *database) close() {
	if d.shared != nil {
		d.shared.Close()
		d.shared = nil
	}
}

// atDeal lets a bulk append to the shared log be split before a deal, so
// that a reader never sees half a hand.
func atDeal(evs []events.Event, i int) bool {
	_, ok := evs[i].Data.(*table.Dealt)
	return ok
}

// open opens the database for writing, or read-only. create makes it (and
// its directory) if missing: only once the command has checked everything
// it was given, so that a refused command leaves no file behind.
//
// A command waits for another process up to waits.writer. A writer that
// finds only readers in its way waits longer, up to waits.readers, and
// says on standard error that it is waiting, so the scorer is never left
// staring at a prompt that does not answer.
func (d *database) open(write, create bool) (events.Store, error) {
	if path := d.dbPath(); isSharedLog(path) {
		return d.openShared(path)
	}
	opt := bolt.Options{ReadOnly: !write, Create: create}
	if !write {
		// A long read lets go of the file now and then (a JSON export, the
		// log of a long session): a scorer's entry is held up a moment.
		opt.LetGo = readerLetGo
	}
	st, err := d.openStore(opt)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// openAtOnce opens the database read-only as open does, but only if the
// file is there and free at once: for what must never create a database
// nor keep anyone waiting (a command's help). A shared log is not reached:
// help asks no server.
func (d *database) openAtOnce() (events.Store, error) {
	path := d.dbPath()
	if isSharedLog(path) {
		return nil, errNotAtOnce
	}
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	now := *d
	now.waits = lockWaits{} // one try: a database in use is not waited for
	return now.open(false, false)
}

// errNotAtOnce: the database cannot be opened without waiting.
var errNotAtOnce = errors.New("the database is not opened without waiting")

// readerLetGo is how long a reader holds the database before it lets a
// waiting writer in (bolt.Options.LetGo).
const readerLetGo = 50 * time.Millisecond

// openWhole opens the database read-only, holding it until it is closed:
// for verify, which checks the file as one state.
func (d *database) openWhole() (events.Store, error) {
	if path := d.dbPath(); isSharedLog(path) {
		return d.openShared(path)
	}
	st, err := d.openStore(bolt.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// openBulk opens the database, creating it if missing, for a command that
// writes about n bytes at once (import, simulate): bbolt maps room for them
// up front.
// On a shared log, an append larger than one atomic batch is split before
// deals (natsstore.Bulk): it lands in parts, each whole.
func (d *database) openBulk(n int64) (events.Store, error) {
	if path := d.dbPath(); isSharedLog(path) {
		st, err := d.openShared(path)
		if err != nil {
			return nil, err
		}
		return keptBulk{natsstore.Bulk{Store: st.(keptOpen).Store, Cut: atDeal}}, nil
	}
	st, err := d.openStore(bolt.Options{Create: true, Bulk: n})
	if err != nil {
		return nil, err
	}
	d.bulk = true
	return st, nil
}

// settle runs after a command: one that wrote in bulk (an import) leaves
// every session's checkpoint at its head, so that show and export read one
// hand of what it wrote, not all of it. The checkpoints are a cache: if
// the database is taken meanwhile, the next writer brings them up.
func (d *database) settle(ctx context.Context) {
	if !d.bulk {
		return
	}
	d.bulk = false
	st, err := bolt.Open(d.dbPath(), bolt.Options{LockTimeout: time.Millisecond, SnapshotKey: d.checkpointKey(true)})
	if err != nil {
		return
	}
	defer st.Close()
	list, err := st.Sessions(ctx)
	if err != nil {
		return
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// A checkpoint is folded from the session's every hand, and scored:
		// written after a large import, its memory is kept near what it
		// holds (settleMemory).
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(settleMemory))
	}
	// What the command held (an import's folds) is garbage: given back
	// before the checkpoints are folded, not kept beside them.
	debug.FreeOSMemory()
	for _, info := range eventrec.Tables(list) {
		if load.Refresh(ctx, st, info.ID, 1) != nil {
			return
		}
	}
}

func (d *database) openStore(opt bolt.Options) (*bolt.Store, error) {
	write, create := !opt.ReadOnly, opt.Create
	path := d.dbPath()
	opt.SnapshotKey = d.checkpointKey(write) // a reader makes no file
	if create {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	writerSince := start // since when a writer, not readers, has been in the way
	told := false
	for {
		// A LockTimeout under bbolt's 50 ms poll is a single try.
		opt.LockTimeout = time.Millisecond
		st, err := bolt.Open(path, opt)
		if !errors.Is(err, events.ErrLocked) {
			if told && err == nil {
				fmt.Fprintln(d.streams.Err, "hoyle: the reader has let go of the database")
			}
			return st, err
		}
		waited := time.Since(start)
		readers := write && heldByReaders(path)
		if readers {
			writerSince = time.Now()
		}
		switch {
		case !readers && time.Since(writerSince) > d.waits.writer:
			return nil, err
		case readers && waited > d.waits.readers:
			return nil, fmt.Errorf("%w; other hoyle processes have been reading it for %v", err, waited.Round(time.Second))
		case readers && !told && waited > d.waits.notice:
			fmt.Fprintln(d.streams.Err, "hoyle: waiting for another hoyle process that is reading the database (show, score, export...) to finish...")
			told = true
		}
		time.Sleep(lockPoll)
	}
}

// resolveSession is the session a command is for: --session, else the
// session of --event and --table, else $HOYLE_SESSION, else the one open
// table. On a file with several sessions open it is the session opened
// most recently (one scorer's own file: the table in hand). On a shared
// log, where every table of the room records, that would be a guess:
// with more than one table open the command is refused with the list of
// them and how to choose.
func (d *database) resolveSession(ctx context.Context, st events.Store) (string, error) {
	if d.session != "" && (d.event != "" || d.table != "") {
		return "", usagef("give --session, or --event and --table, not both")
	}
	if d.event != "" || d.table != "" {
		return d.tableSession(ctx, st)
	}
	id := d.session
	if id == "" {
		id = d.streams.Getenv("HOYLE_SESSION")
	}
	if id != "" {
		if _, err := st.Session(ctx, id); err != nil {
			return "", fmt.Errorf("%w; list the sessions with hoyle sessions", err)
		}
		return id, nil
	}
	if isSharedLog(d.dbPath()) {
		tables, err := listTables(ctx, st)
		if err != nil {
			return "", err
		}
		var open []tableSession
		for _, t := range tables {
			if !t.closed {
				open = append(open, t)
			}
		}
		switch {
		case len(open) == 1:
			return open[0].id, nil
		case len(open) > 1:
			return "", usageError{&chooseTableError{open: open}}
		}
	}
	id, err := st.LastSession(ctx)
	if err == nil && eventrec.IsStream(id) {
		// The last stream opened is an event's record (a roster or hand
		// record loaded after the tables opened): the table is the last
		// session before it.
		id, err = lastTable(ctx, st)
	}
	if err != nil {
		return "", fmt.Errorf("%w; start one with hoyle new --game auction", err)
	}
	return id, nil
}

// tableSession is one session as the choice of a table sees it.
type tableSession struct {
	id           string
	event, table string
	closed       bool
}

// text is a table's line in a list: "club · table 2   session 01J...".
func (t tableSession) text() string {
	where := "(in no event)"
	if t.event != "" {
		where = replay.Clean(t.event)
		if t.table != "" {
			where += " · table " + replay.Clean(t.table)
		}
	}
	state := ""
	if t.closed {
		state = "  (closed)"
	}
	return fmt.Sprintf("  %-32s session %s%s", where, t.id, state)
}

// listTables reads every session's place and whether it is closed, oldest
// first.
func listTables(ctx context.Context, st events.Store) ([]tableSession, error) {
	infos, err := st.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	var out []tableSession
	for _, info := range eventrec.Tables(infos) {
		s, err := load.Tail(ctx, st, info.ID)
		if err != nil {
			return nil, err
		}
		p := s.Placement()
		out = append(out, tableSession{id: info.ID, event: p.Event, table: p.Table, closed: s.Closed})
	}
	return out, nil
}

// errChooseTable: a command on a shared log named no session and more than
// one table is open (a *chooseTableError lists them).
var errChooseTable = errors.New("more than one table is open in the shared log, and the command did not say which it is for")

// chooseTableError lists the open tables a command could be for.
type chooseTableError struct{ open []tableSession }

// Error lists the tables and how to choose one.
func (e *chooseTableError) Error() string {
	lines := []string{errChooseTable.Error() + "; the open tables:"}
	for _, t := range e.open {
		lines = append(lines, t.text())
	}
	lines = append(lines, "give --event EVENT --table TABLE (or --session ID, or set HOYLE_SESSION=ID) with the command; "+
		"hoyle record --event EVENT --table TABLE keeps a prompt on one table")
	return strings.Join(lines, "\n")
}

// Unwrap is errChooseTable.
func (e *chooseTableError) Unwrap() error { return errChooseTable }

// errNoSuchTable: --event and --table name no session.
var errNoSuchTable = errors.New("no session is at that table")

// tableSession is the session of --event and --table (either may be
// left out if the other is enough): the open one, else the one opened
// last. Several open at one table, or none there, are refused with the
// list.
func (d *database) tableSession(ctx context.Context, st events.Store) (string, error) {
	tables, err := listTables(ctx, st)
	if err != nil {
		return "", err
	}
	var at, open []tableSession
	for _, t := range tables {
		if (d.event == "" || strings.EqualFold(t.event, d.event)) && (d.table == "" || strings.EqualFold(t.table, d.table)) {
			at = append(at, t)
			if !t.closed {
				open = append(open, t)
			}
		}
	}
	asked := strings.TrimSpace(strings.Join([]string{flagText("--event", d.event), flagText("--table", d.table)}, " "))
	switch {
	case len(open) == 1:
		return open[0].id, nil
	case len(open) > 1:
		lines := []string{fmt.Sprintf("%s: %d sessions are open there:", asked, len(open))}
		for _, t := range open {
			lines = append(lines, t.text())
		}
		lines = append(lines, "give --event and --table both, or --session ID")
		return "", usagef("%s", strings.Join(lines, "\n"))
	case len(at) > 0:
		return at[len(at)-1].id, nil // a finished table: shown, exported
	}
	var list []string
	for _, t := range tables {
		if t.event != "" {
			list = append(list, t.text())
		}
	}
	if len(list) == 0 {
		return "", usageError{fmt.Errorf("%s: %w, and no session is in an event; open one with hoyle new --event EVENT --table TABLE", asked, errNoSuchTable)}
	}
	return "", usageError{fmt.Errorf("%s: %w; the sessions in events:\n%s", asked, errNoSuchTable, strings.Join(list, "\n"))}
}

// flagText is a flag as typed, or "" if it was not given.
func flagText(name, value string) string {
	if value == "" {
		return ""
	}
	return name + " " + value
}

// read opens the database read-only, runs load on the session, and closes
// the database before anything is printed: a reader holds the file only
// while it reads, never while its output waits on a pager or a slow
// terminal, so it never holds up a scorer for long.
func (d *database) read(ctx context.Context, load func(st events.Store, session string) error) error {
	st, err := d.open(false, false)
	if err != nil {
		return err
	}
	defer st.Close()
	session, err := d.resolveSession(ctx, st)
	if err != nil {
		return err
	}
	return load(st, session)
}

// tableEntry is one table entry for database.record: the decision the recorder
// appends (one of the Decide methods of projections.Session; the recorder
// reads the whole session when the decision needs it), and what it must
// read first with the database open (a moment's event, the WE side).
type tableEntry struct {
	decide  recorder.Decision
	prepare func(ctx context.Context, st events.Store, session string) error
	// anyTurn: the entry means the same whatever the table recorded
	// meanwhile (a director's ruling names its board), so it is decided
	// on the table as it stands, not refused as typed against another.
	anyTurn bool
}

// record appends one entry to the session and returns the session's latest
// hand after it. The database is open for writing only while it does.
func (d *database) record(ctx context.Context, e tableEntry) (*projections.Session, error) {
	st, err := d.open(true, false)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	session, err := d.resolveSession(ctx, st)
	if err != nil {
		return nil, err
	}
	if e.prepare != nil {
		if err := e.prepare(ctx, st, session); err != nil {
			return nil, err
		}
	}
	r := recorder.New(st)
	var stored []events.Envelope
	if d.pin != nil {
		stored, err = r.RecordAt(ctx, session, *d.pin, e.decide)
	} else if !d.typed.IsZero() && !e.anyTurn {
		stored, err = r.RecordTyped(ctx, session, d.typed, e.decide)
	} else {
		// A database made without a moment of typing (a run function
		// called directly): the entry is decided on the table as read.
		stored, err = r.Record(ctx, session, e.decide)
	}
	if err != nil {
		return nil, err
	}
	if d.pin != nil && len(stored) > 0 {
		*d.pin = stored[len(stored)-1].Version
	}
	// Every dozen hands or so an entry also brings the session's
	// checkpoint up (what show and export read the earlier hands from);
	// the rest cost their append alone. It is a cache: if it cannot be
	// written now, the next entry writes it.
	_ = load.Refresh(ctx, st, session, load.MinLag)
	s, err := load.Tail(ctx, st, session)
	if err != nil {
		return nil, err
	}
	return s, seatRoster(ctx, st, s) // the status line names who sits there
}

// printStatus prints the table's state in one line after an entry; at
// the record prompt without whose turn it is, which the prompt says.
func printStatus(streams *Streams, s *projections.Session) {
	if streams.AtPrompt {
		fmt.Fprintln(streams.Out, replay.StatusLineAtPrompt(s))
		return
	}
	fmt.Fprintln(streams.Out, replay.StatusLine(s))
}

// checkpointKeyFile is the key that seals this user's checkpoints (see
// events.SessionSnapshots.SnapshotKey), in the user's configuration
// directory ($XDG_CONFIG_HOME/hoyle, or ~/.config/hoyle), readable by the
// user only. It is never kept beside a database, the default one (in the
// data directory) included: whoever can write a database (a club's shared
// drive, a copy sent by mail) cannot seal a checkpoint this user's hoyle
// believes. "" when the user has no configuration directory.
func (d *database) checkpointKeyFile() string {
	dir := d.streams.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := d.streams.Getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "hoyle", "checkpoint.key")
}

// checkpointKey reads the key that seals checkpoints, making it first if
// create is set (a writer) and there is none. Nil when there is no data
// directory, a reader finds no key, or it cannot be read or made: then the
// store keeps no checkpoint and believes none, and every reader folds the
// log (correct, only slower on long sessions).
func (d *database) checkpointKey(create bool) []byte {
	path := d.checkpointKeyFile()
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err == nil {
		key, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(key) < checkpointKeySize {
			return nil // damaged: checkpoints are not believed until it is removed
		}
		return key
	}
	if !create || !errors.Is(err, os.ErrNotExist) {
		return nil
	}
	key := make([]byte, checkpointKeySize)
	if _, err := rand.Read(key); err != nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil
	}
	// O_EXCL: two writers making it at once agree on the first one's.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		return d.checkpointKey(false)
	}
	if err != nil {
		return nil
	}
	_, werr := f.WriteString(base64.StdEncoding.EncodeToString(key) + "\n")
	if cerr := f.Close(); werr != nil || cerr != nil {
		os.Remove(path)
		return nil
	}
	return key
}

// checkpointKeySize is the length of the key, in bytes.
const checkpointKeySize = 32

// lastTable is the table session opened most recently: the last of the
// sessions that is not an event's record.
func lastTable(ctx context.Context, st events.Store) (string, error) {
	infos, err := st.Sessions(ctx)
	if err != nil {
		return "", err
	}
	tables := eventrec.Tables(infos)
	if len(tables) == 0 {
		return "", fmt.Errorf("%w: the database has no table sessions yet, only an event's record", events.ErrNoSession)
	}
	return tables[len(tables)-1].ID, nil
}

// dd is where this command's double-dummy analysis comes from: the
// process's keeper (projections/ddkeep: what the process solved, the
// record prompt's every command included), which looks for what it lacks
// beside the log (ddPlace) and keeps there what it solves.
func (d *database) dd(cfg dd.Config) ddhand.Solutions {
	return ddkeep.Shared().Source(cfg, d.ddPlace())
}

// ddReady is dd for the record prompt, which never waits for the solver:
// an analysis not yet solved is solved in the background of the prompt's
// process (and kept), and the command shows the hand without it meanwhile.
func (d *database) ddReady(cfg dd.Config) ddhand.Solutions {
	return ddkeep.Shared().Ready(cfg, d.ddPlace())
}

// ddPlace is where the double-dummy analysis is kept beside the log: in
// the database file itself (its "derived" bucket), or, for a shared log,
// in dd.db beside this user's default database. A shared log keeps none on
// the server: the records are sealed with this user's key (checkpoint.key),
// which no other user holds, so another table could believe none of them;
// a table's credentials allow it to write its own session's subjects only;
// and each deal costs one solve per user. Nil (the process's memory only)
// when the user has no data directory.
func (d *database) ddPlace() ddkeep.Place {
	path := d.dbPath()
	if isSharedLog(path) {
		if !d.hasDataHome() {
			return nil
		}
		return keptFile{path: filepath.Join(filepath.Dir(d.dbPathFile()), "dd.db"), create: true, key: d.checkpointKey}
	}
	return keptFile{path: path, key: d.checkpointKey}
}

// keptFile is a bbolt file the analysis is kept in, opened for each read
// and write and let go at once. It never waits: a file another process
// holds is not read from, nor written to, this time (the deal is solved,
// or not kept). A reader (show, replay, export) that solved a deal writes
// its answers in one short transaction: the log is never touched, only the
// derived bucket beside it.
type keptFile struct {
	path   string
	create bool // make the file if it is missing (dd.db; never the log)
	key    func(create bool) []byte
}

// Open implements ddkeep.Place.
func (f keptFile) Open(write bool) (ddkeep.Store, error) {
	return bolt.Open(f.path, bolt.Options{ReadOnly: !write, Create: write && f.create, LockTimeout: time.Millisecond, SnapshotKey: f.key(write)})
}
