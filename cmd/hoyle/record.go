package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/peterh/liner"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/prompt"
)

// The live-table recorder. It is glue: each line typed is read into hoyle
// commands by replay/prompt and each command is run by execute, as the
// shell's hoyle runs it, against the same --db and a pinned --session. So
// every entry is checked, refused and acknowledged exactly as on the
// command line, and the database is opened only for the length of one
// entry: hoyle show works from another terminal.
//
// Each line is recorded against the table the prompt showed: the version
// it was read at is pinned (database.pin), so that an entry made meanwhile
// by another scorer refuses the line instead of having it recorded
// against a table that moved ("1h" typed for South, stored as West's).

// recordOptions are the flags of hoyle record: new's, to open a session.
type recordOptions struct {
	IO  *Streams
	DB  *database
	New newOptions
	// NewGiven are the flags of new given ("--game", ...): with any, record
	// opens a new session.
	NewGiven []string
	// commands and offered are the words a line may start with, and those
	// Tab offers: the CLI's commands, read from the command tree.
	commands, offered []string
}

// newRecordCmd builds the command: it binds the flags to the options and calls runRecord.
func newRecordCmd(f *factory) *cobra.Command {
	opts := &recordOptions{IO: f.IO, DB: f.DB, New: newOptions{IO: f.IO, DB: f.DB}}
	cmd := &cobra.Command{
		Use:   "record [--game GAME ...]",
		Short: "Record at the table: a prompt that takes short entries and shows the table",
		Long: `Open a prompt on the current session (or on a new one, with the flags of
hoyle new) and record as the hand is played. Every command works as a line
without "hoyle" (deal --pbn ..., call 1H P, play SA, claim 9, undo, note ...,
show, score), and bare calls and cards are enough: 1h p x sa 10h, several on
a line; whether 2s is a bid or a card is decided by the phase of the hand.

The prompt shows whose turn it is; after each entry, the trick on the table
and dummy once it is down; at the end of a hand, the result and the score.
Tab offers the legal calls or cards (twice: lists them). An entry is on disk
when it is acknowledged. Ctrl-C cancels the line being typed; Ctrl-C again,
or Ctrl-D, leaves. The database is open only while an entry is recorded, so
hoyle show, score and export work from another terminal. A line is recorded
against the table as the prompt showed it: if another scorer recorded
meanwhile, the line is refused and the new table shown.

--event and --table without --game pin the prompt to that table's session
(on a shared log, where several tables record, give them, or --session):
the prompt stays on it whatever opens elsewhere later.`,
		Example: `  hoyle record
  hoyle record --event club-2026-12-02 --table 2     # the prompt on table 2's session
  hoyle record --game auction --south Z --west A --north Y --east B --dealer S`,
		Args: exactArgs(0, "no arguments; type the entries at the prompt"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, name := range newFlagNames {
				if cmd.Flags().Changed(name) {
					opts.NewGiven = append(opts.NewGiven, "--"+name)
				}
			}
			opts.commands, opts.offered = promptWords(cmd.Root())
			return runRecord(cmd.Context(), opts)
		},
	}
	bindNewFlags(cmd.Flags(), &opts.New)
	return cmd
}

// runRecord opens a session if new's flags say so, then runs the prompt on it.
func runRecord(ctx context.Context, opts *recordOptions) error {
	if pinned(opts.NewGiven) {
		// --event and --table without --game: the prompt is pinned to that
		// table's session (a table is a place, not the latest session).
		opts.DB.event, opts.DB.table = opts.New.Place.Event, opts.New.Place.Table
		opts.NewGiven = nil
	}
	if len(opts.NewGiven) > 0 {
		if !slices.Contains(opts.NewGiven, "--game") {
			return usagef("%s starts a new session, which needs --game; without them record continues the current session", strings.Join(opts.NewGiven, " "))
		}
		if opts.DB.session != "" {
			return usagef("give --session to continue a session or --game to start one, not both")
		}
		id, err := openSession(ctx, &opts.New)
		if err != nil {
			return err
		}
		opts.DB.session = id
		fmt.Fprintf(opts.IO.Out, "opened session %s\n", id)
	}
	var id string
	if err := opts.DB.read(ctx, func(_ events.Store, session string) error { id = session; return nil }); err != nil {
		return err
	}
	if opts.commands == nil {
		opts.commands, opts.offered = promptWords(newRootCmd(newFactory(opts.IO)))
	}
	r := &recordLoop{db: opts.DB, streams: opts.IO, id: id, commands: opts.commands, offered: opts.offered}
	return r.run(ctx)
}

// pinned reports whether record was given only --event and --table of
// new's flags: the table to record at, not a session to open.
func pinned(given []string) bool {
	if len(given) == 0 {
		return false
	}
	for _, g := range given {
		if g != "--event" && g != "--table" {
			return false
		}
	}
	return true
}

// promptWords are the words a line may start with: the CLI's commands
// (and their aliases) and the prompt's own exit and quit; and of them those
// Tab offers, the ones the prompt runs.
func promptWords(root *cobra.Command) (commands, offered []string) {
	for _, c := range root.Commands() {
		if c.Hidden {
			continue
		}
		commands = append(commands, c.Name())
		commands = append(commands, c.Aliases...)
	}
	commands = append(commands, "exit", "quit")
	for _, name := range commands {
		if _, no := notAtThePrompt[name]; !no {
			offered = append(offered, name)
		}
	}
	return commands, offered
}

// notAtThePrompt are commands a line may name but that the prompt does
// not run (or offer), with what to do instead: one session is recorded at
// a time, and completion scripts are for shells.
var notAtThePrompt = map[string]string{
	"new":        "leave it (Ctrl-D) and run hoyle record --game GAME to record a new session",
	"record":     "this is the prompt already",
	"completion": "run hoyle completion in a shell",
	"serve":      "run hoyle serve in a terminal of its own",
	"sync":       "leave it (Ctrl-D) and run hoyle sync",
}

// recordLoop is one run of the prompt on one session.
type recordLoop struct {
	db       *database
	streams  *Streams
	id       string   // pinned: a session opened meanwhile elsewhere does not take over
	commands []string // the words a line may start with
	offered  []string // the commands Tab offers
	// s is the session as last loaded: the prompt, completion and the
	// short forms are read against it.
	s *projections.Session
	// state says what the loop is doing, for the SIGINT handler; a
	// Ctrl-C that came as a signal between prompts is kept in interrupted
	// and counts as a Ctrl-C at the next prompt; cancelled says the last
	// thing at the prompt was a Ctrl-C, so another one leaves.
	state                  atomic.Int32
	interrupted, cancelled atomic.Bool
}

// What the loop is doing, for the SIGINT handler.
const (
	between   int32 = iota // reading the session, printing
	recording              // an entry is being recorded
	prompting              // waiting at the prompt
)

// lineEditor reads a line at a prompt: a terminal with editing, history
// and completion, or plain lines from a pipe.
type lineEditor interface {
	// Prompt returns the line typed; cancelled when Ctrl-C dropped it;
	// io.EOF at the end of input (Ctrl-D).
	Prompt(p string) (line string, cancelled bool, err error)
	AppendHistory(line string)
	Close() error
}

// run is the prompt: read the table, prompt, record the line, until the
// scorer leaves.
func (r *recordLoop) run(ctx context.Context) error {
	s, err := r.loadTail(ctx)
	if err != nil {
		return err
	}
	r.s = s
	ed := r.editor()
	defer ed.Close()
	if _, ok := ed.(*termEditor); ok {
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt)
		defer signal.Stop(sigs)
		go r.onInterrupt(sigs, ed)
	}
	for {
		if s, err := r.loadTail(ctx); err == nil {
			r.s = s
		} else {
			// Another scorer may hold the file for a moment; the prompt
			// stays on the state last read and the next entry tries again.
			fmt.Fprintln(r.streams.Err, "hoyle: "+replay.Escape(explain(err)))
		}
		if r.interrupted.Swap(false) {
			if r.cancelled.Load() {
				return r.leave()
			}
			r.cancelled.Store(true)
			fmt.Fprintln(r.streams.Out, "(Ctrl-C: everything acknowledged is recorded; Ctrl-C again or Ctrl-D leaves)")
		}
		r.state.Store(prompting)
		line, cancel, err := ed.Prompt(prompt.Prompt(r.s))
		r.state.Store(between)
		switch {
		case cancel && r.cancelled.Load():
			return r.leave()
		case cancel:
			r.cancelled.Store(true)
			fmt.Fprintln(r.streams.Out, "(line cancelled, nothing recorded from it; Ctrl-C again or Ctrl-D leaves)")
			continue
		case errors.Is(err, io.EOF):
			return r.leave()
		case err != nil:
			return err
		}
		r.cancelled.Store(false)
		if strings.TrimSpace(line) == "" {
			continue
		}
		ed.AppendHistory(line)
		if r.entry(ctx, line) {
			return r.leave()
		}
	}
}

// onInterrupt handles SIGINT. At the prompt the line editor takes Ctrl-C
// as a key, so the signal comes only between prompts, and counts as a
// Ctrl-C at the next one: an entry being recorded is finished first. At a
// prompt without line editing (a dumb terminal), where the line cannot be
// given back, it leaves; nothing is open then.
func (r *recordLoop) onInterrupt(sigs <-chan os.Signal, ed lineEditor) {
	for range sigs {
		if r.state.Load() != prompting {
			r.interrupted.Store(true)
			continue
		}
		ed.Close()
		_ = r.leave()
		os.Exit(exitOK)
	}
}

// leave says where the session was left, so the scorer who comes back
// knows where to take up.
func (r *recordLoop) leave() error {
	fmt.Fprintf(r.streams.Out, "\nleft the prompt; session %s: %s\n", r.id, replay.StatusLine(r.s))
	return nil
}

// editor is the terminal's line editor when the prompt has the terminal,
// else plain lines from the input (a pipe, a file).
func (r *recordLoop) editor() lineEditor {
	// The line editor drives the process's own terminal: standard input
	// for the keys, standard output for the line.
	if f, ok := r.streams.In.(*os.File); ok && f == os.Stdin && r.streams.InTTY && r.streams.OutTTY {
		return newTermEditor(func(line string, pos int) (string, []string, string) {
			head, items, tail := prompt.Complete(line, pos, r.s, r.offered)
			// liner lists the candidates down its columns: arranged so
			// that they read across in rank order, at the width now.
			width, _, err := term.GetSize(int(os.Stdout.Fd()))
			if err != nil {
				width = r.streams.Width
			}
			return head, prompt.InColumns(items, width), tail
		})
	}
	return &plainEditor{in: bufio.NewReader(r.streams.In), out: r.streams.Out}
}

// loadTail reads and folds the session's latest hand (what the prompt shows
// and completes), holding the database only for that: an entry costs the
// same in a session of a thousand hands as in a new one.
func (r *recordLoop) loadTail(ctx context.Context) (*projections.Session, error) {
	return r.read(ctx, load.Tail)
}

// loadAll reads the session for the score at the end of a hand: its
// running part (load.Running: the rubber in play and the rubbers before it
// counted), whose cost is a rubber's, not the session's.
func (r *recordLoop) loadAll(ctx context.Context) (*projections.Session, error) {
	return r.read(ctx, load.Running)
}

// read opens the database read-only for one fold of the session.
func (r *recordLoop) read(ctx context.Context, fold func(context.Context, events.Store, string) (*projections.Session, error)) (*projections.Session, error) {
	st, err := r.db.open(false, false)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	s, err := fold(ctx, st, r.id)
	if err != nil {
		return nil, err
	}
	return s, seatRoster(ctx, st, s) // the prompt names who sits there on this board
}

// isCommand reports whether a line's first word names a command.
func (r *recordLoop) isCommand(name string) bool { return slices.Contains(r.commands, name) }

// exec runs one command of a line as the command line runs it, on the
// session pinned at version: a table entry is recorded only if the session
// is still there, and version moves on to what it recorded.
func (r *recordLoop) exec(ctx context.Context, version *uint64, args []string) error {
	streams := *r.streams
	streams.AtPrompt = true
	f := newFactory(&streams)
	f.DB.waits = r.db.waits
	f.DB.pin = version
	f.DB.parent = r.db // one connection to a shared log for the whole prompt
	return execute(ctx, f, append([]string{"--db", r.db.dbPath(), "--session", r.id}, args...))
}

// entry records one line: its commands in order, each through exec, until
// one is refused. It reports whether the scorer asked to leave.
func (r *recordLoop) entry(ctx context.Context, line string) (leave bool) {
	before := r.s
	plan, err := prompt.Plan(line, before, r.isCommand)
	if err != nil {
		fmt.Fprintln(r.streams.Err, "hoyle: "+replay.Escape(explain(usageError{err}))+"; nothing was recorded")
		return false
	}
	version := before.Version // the table as shown
	moved := false            // whether anything but a note was recorded
	conflict := false
	for i, args := range plan {
		switch args[0] {
		case "exit", "quit":
			return true
		}
		if instead, ok := notAtThePrompt[args[0]]; ok {
			fmt.Fprintf(r.streams.Err, "hoyle: %s does not run at the prompt; %s\n", replay.Escape(args[0]), instead)
			return false
		}
		r.state.Store(recording)
		err := r.exec(ctx, &version, args)
		r.state.Store(between)
		if err != nil {
			conflict = errors.Is(err, events.ErrConflict)
			if conflict {
				fmt.Fprintln(r.streams.Err, "hoyle: another scorer recorded in this session meanwhile, so the table is not as shown; "+
					"nothing of the line was recorded from here on: the table now:")
			} else {
				report(r.streams, err)
			}
			if i < len(plan)-1 {
				var rest []string
				for _, a := range plan[i+1:] {
					rest = append(rest, a[1:]...)
				}
				fmt.Fprintf(r.streams.Err, "hoyle: the rest of the line (%s) was not recorded\n", replay.Escape(strings.Join(rest, " ")))
			}
			break
		}
		moved = moved || args[0] != "note"
	}
	after, err := r.loadTail(ctx)
	if err != nil || after.Version == before.Version {
		return false
	}
	r.s = after
	if !moved && !conflict {
		return false // a note leaves the table as it was shown
	}
	fmt.Fprint(r.streams.Out, prompt.Table(after))
	if finished(before, after) {
		full, err := r.loadAll(ctx)
		if err != nil {
			fmt.Fprintln(r.streams.Err, "hoyle: "+replay.Escape(explain(err)))
			return false
		}
		fmt.Fprint(r.streams.Out, prompt.Result(full))
		fmt.Fprint(r.streams.Out, prompt.ScorePad(full))
	}
	return false
}

// finished reports whether the entry finished a hand.
func finished(before, after *projections.Session) bool {
	h := after.Current()
	if h == nil || h.Phase != game.PhaseDone {
		return false
	}
	b := before.Current()
	return b == nil || b.Number != h.Number || b.Phase != game.PhaseDone
}

// termEditor is the terminal's line editor: peterh/liner, for editing,
// history and completion. Ctrl-C cancels the line rather than raising
// SIGINT; two Tabs list the candidates.
type termEditor struct{ st *liner.State }

// newTermEditor makes the line editor with the prompt's completion.
func newTermEditor(complete liner.WordCompleter) *termEditor {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	st.SetTabCompletionStyle(liner.TabPrints)
	st.SetWordCompleter(complete)
	return &termEditor{st: st}
}

// Prompt implements lineEditor: liner's Ctrl-C comes back as a cancelled
// line, not an error.
func (e *termEditor) Prompt(p string) (string, bool, error) {
	line, err := e.st.Prompt(p)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", true, nil
	}
	return line, false, err
}

// AppendHistory implements lineEditor: the arrows and Ctrl-R recall it.
func (e *termEditor) AppendHistory(line string) { e.st.AppendHistory(line) }

// Close implements lineEditor: it gives the terminal back as it was.
func (e *termEditor) Close() error { return e.st.Close() }

// plainEditor reads lines from a pipe or a file (hoyle record < entries),
// echoing each after its prompt so the output reads as a transcript.
type plainEditor struct {
	in  *bufio.Reader
	out io.Writer
}

// Prompt implements lineEditor: the prompt, then the line read, echoed.
func (e *plainEditor) Prompt(p string) (string, bool, error) {
	fmt.Fprint(e.out, p)
	line, err := e.in.ReadString('\n')
	if err != nil && (!errors.Is(err, io.EOF) || line == "") {
		return "", false, err
	}
	line = strings.TrimRight(line, "\r\n")
	fmt.Fprintln(e.out, replay.Escape(line)) // the transcript shows what was typed, escapes as escapes
	return line, false, nil
}

// AppendHistory implements lineEditor: a pipe has no history.
func (e *plainEditor) AppendHistory(string) {}

// Close implements lineEditor: there is nothing to give back.
func (e *plainEditor) Close() error { return nil }
