package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/replay"
)

// IO is where a command reads and writes, and its environment: the real
// terminal in main, buffers in tests.
type IO struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	Getenv func(string) string
	// IsTerminal reports whether Out is a terminal (colour, glamour).
	IsTerminal bool
}

func newSystemIO() *IO {
	return &IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Getenv: os.Getenv, IsTerminal: isTerminal(os.Stdout)}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// usageError marks an error in how a command was called: exit code 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// globals are the flags every command takes.
type globals struct {
	io      *IO
	db      string
	session string
}

// dbPath is --db, else $HOYLE_DB, else hoyle.db in the XDG data directory.
func (g *globals) dbPath() string {
	if g.db != "" {
		return g.db
	}
	if p := g.io.Getenv("HOYLE_DB"); p != "" {
		return p
	}
	dir := g.io.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home := g.io.Getenv("HOME")
		if home == "" {
			home = "."
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "hoyle", "hoyle.db")
}

// How long a command waits for another hoyle process to let go of the
// database, and how often it looks. Each process holds the file for one
// entry, but a stream of entries (hoyle record, a script) leaves it free
// only for moments between them; bbolt looks only every 50 ms, which such
// a stream can outrun for the whole second. So look often, and give up
// after the same second: "in use" comes as soon as it did.
const (
	lockWait = time.Second
	lockPoll = 2 * time.Millisecond
)

// openStore opens the database: for writing, or read-only. create makes it
// (and its directory) if missing.
func (g *globals) openStore(write, create bool) (*bolt.Store, error) {
	path := g.dbPath()
	if create {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
	}
	deadline := time.Now().Add(lockWait)
	for {
		// A LockTimeout under bbolt's 50 ms poll is a single try.
		st, err := bolt.Open(path, bolt.Options{ReadOnly: !write, Create: create, LockTimeout: time.Millisecond})
		if !errors.Is(err, events.ErrLocked) || time.Now().After(deadline) {
			return st, err
		}
		time.Sleep(lockPoll)
	}
}

// resolveSession is --session, else the session opened most recently.
func (g *globals) resolveSession(ctx context.Context, st events.Store) (string, error) {
	if g.session != "" {
		if _, err := st.Session(ctx, g.session); err != nil {
			return "", fmt.Errorf("%w; list the sessions with hoyle sessions", err)
		}
		return g.session, nil
	}
	id, err := st.LastSession(ctx)
	if err != nil {
		return "", fmt.Errorf("%w; start one with hoyle new --game auction", err)
	}
	return id, nil
}

// withSession opens the store and the session, and runs fn.
func (g *globals) withSession(ctx context.Context, write bool, fn func(st *bolt.Store, session string) error) error {
	st, err := g.openStore(write, false)
	if err != nil {
		return err
	}
	defer st.Close()
	session, err := g.resolveSession(ctx, st)
	if err != nil {
		return err
	}
	return fn(st, session)
}

// commands are the subcommands; each command's file registers its builder
// in an init function, so adding a command touches only its own file.
var commands []func(*globals) *cobra.Command

func register(build func(*globals) *cobra.Command) { commands = append(commands, build) }

func newRootCmd(io *IO) *cobra.Command {
	g := &globals{io: io}
	root := &cobra.Command{
		Use:   "hoyle",
		Short: "Record card games at a real table, then replay, score and write them up",
		Long: `hoyle records a card-game session at a real table as an append-only event
log (a bbolt file), and replays, scores, annotates and writes up its hands.

Start with:  hoyle demo`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	root.PersistentFlags().StringVar(&g.db, "db", "", "the database file (default $HOYLE_DB, else hoyle.db in the XDG data directory)")
	root.PersistentFlags().StringVar(&g.session, "session", "", "the session ID (default: the session opened most recently)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	for _, build := range commands {
		root.AddCommand(build(g))
	}
	return root
}

// run is the whole program: it parses args, runs the command and turns its
// error into a message and an exit code.
func run(args []string, io *IO) int {
	root := newRootCmd(io)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(io.Err, "hoyle: "+replay.Escape(explain(err))) // it may echo what was typed
	if isUsage(err) {
		return exitUsage
	}
	return exitError
}

func isUsage(err error) bool {
	var u usageError
	var tok *cards.TokenError
	return errors.As(err, &u) || errors.As(err, &tok) || errors.Is(err, rules.ErrUnknownGame) ||
		errors.Is(err, game.ErrBadOption) || errors.Is(err, game.ErrBadPlayers) || strings.HasPrefix(err.Error(), "unknown command") ||
		strings.HasPrefix(err.Error(), "unknown flag") ||
		strings.HasPrefix(err.Error(), "required flag") // cobra's, untyped: hoyle new without --game
}

// explain turns an error into what the user should read: what was wrong and
// what to do.
func explain(err error) string {
	var illegal *game.IllegalError
	switch {
	case errors.Is(err, events.ErrFutureSchema), errors.Is(err, events.ErrUnknownType):
		return err.Error() + "; a newer version of hoyle wrote it: upgrade hoyle to read it (nothing was changed)"
	case errors.Is(err, events.ErrVerify):
		return err.Error() // a problem found in the log, not a refusal of what was typed
	case errors.As(err, &illegal):
		return "refused " + err.Error() + "; nothing was recorded"
	case errors.Is(err, events.ErrLocked):
		return err.Error()
	case errors.Is(err, events.ErrNotDatabase), errors.Is(err, events.ErrFutureFormat):
		return err.Error() + "; nothing was changed (check --db)"
	case errors.Is(err, fs.ErrNotExist) && !errors.As(err, new(*fs.PathError)):
		// The store's "no database at PATH"; a file the command was given
		// to read or write (export -o) is an *fs.PathError, and says so.
		return err.Error() + "; start a session with hoyle new --game auction, or give --db"
	case errors.Is(err, events.ErrConflict):
		return err.Error() + "; another scorer recorded at the same time, run the command again"
	}
	return err.Error()
}

// exactArgs and minArgs are cobra's argument checks, as usage errors.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("expected %s", what)
		}
		return nil
	}
}

func minArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef("expected %s", what)
		}
		return nil
	}
}
