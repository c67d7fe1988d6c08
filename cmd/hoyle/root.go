package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/replay"
)

// factory is what every command is built from, as in cli/cli: the streams
// and the database. A command's constructor copies what it needs into its
// options; its run function gets the options and nothing of cobra.
type factory struct {
	IO *Streams
	DB *database
}

// newFactory is the factory of one run of hoyle on streams.
func newFactory(streams *Streams) *factory {
	typed := streams.Typed
	if typed.IsZero() {
		typed = time.Now()
	}
	return &factory{IO: streams, DB: &database{streams: streams, waits: defaultWaits, typed: typed}}
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1 // refused by the laws or the state of the table, or failed
	exitUsage = 2 // used wrongly: a flag, an argument, a token that is not a card
)

// usageError marks an error in how a command was called: exit code 2.
type usageError struct{ err error }

// Error is the error's own message.
func (u usageError) Error() string { return u.err.Error() }

// Unwrap returns the error.
func (u usageError) Unwrap() error { return u.err }

// usagef makes a usageError.
func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// The groups of commands in hoyle --help.
var commandGroups = []*cobra.Group{
	{ID: "record", Title: "Recording at the table:"},
	{ID: "review", Title: "Reviewing:"},
	{ID: "interchange", Title: "Interchange:"},
	{ID: "database", Title: "The database:"},
	{ID: "help", Title: "Help and the demo:"},
}

// unsorted turns cobra's sorting of commands off, once.
var unsorted sync.Once

// commandGroup is a group of commandGroups and the constructors of its
// subcommands.
type commandGroup struct {
	group string
	cmds  []func(*factory) *cobra.Command
}

// commandGroupsMade are the subcommands by group, in the order the help
// lists them, the order of a hand at the table, not alphabetically. (A
// function, not a variable: demo's command runs commands.)
func commandGroupsMade() []commandGroup {
	return []commandGroup{
		{"record", []func(*factory) *cobra.Command{
			newNewCmd, newCutForDealCmd, newDealCmd, newCallCmd, newPlayCmd, newDiscardCmd,
			newClaimCmd, newWonCmd, newResultCmd, newHonoursCmd,
			newExposeCmd, newCorrectCmd, newPenaltyCmd, newNewDealCmd,
			newUndoCmd, newNoteCmd, newCloseCmd, newRecordCmd}},
		{"review", []func(*factory) *cobra.Command{
			newShowCmd, newReplayCmd, newDDCmd, newScoreCmd, newLogCmd, newSessionsCmd, newCompareCmd, newAdjustCmd, newMovementCmd,
			newRosterCmd, newBoardsCmd}},
		{"interchange", []func(*factory) *cobra.Command{newExportCmd, newImportCmd, newKeygenCmd}},
		{"database", []func(*factory) *cobra.Command{newVerifyCmd, newSimulateCmd, newServeCmd, newSyncCmd}},
		{"help", []func(*factory) *cobra.Command{newGamesCmd, newDemoCmd}},
	}
}

// newRootCmd builds hoyle and every subcommand, in one place.
func newRootCmd(f *factory) *cobra.Command { return newRootCmdOf(f, nil) }

// newRootCmdOf builds hoyle with the subcommand only (its group and place
// in commandGroupsMade), or every subcommand if only is nil.
func newRootCmdOf(f *factory, only *commandPlace) *cobra.Command {
	// The help lists commands in the order they are added below. (A cobra
	// global: set once, before any command is built, so that builds that
	// run at once, in tests, read it after the write.)
	unsorted.Do(func() { cobra.EnableCommandSorting = false })
	root := &cobra.Command{
		Use:   "hoyle",
		Short: "Record card games at a real table, then replay, score and write them up",
		Long: `hoyle records a card-game session at a real table as an append-only event
log (a bbolt file, or a club's shared log on NATS JetStream: hoyle serve),
and replays, scores, annotates and writes up its hands.

Exit codes: 0 done, 1 refused (by the laws, the state of the table or the
database) or failed, 2 used wrongly (a flag, an argument, a token that is
not a card or a call).

Start with:  hoyle demo
Read more:   hoyle help TOPIC (the topics are listed at the end)`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// An unknown command is the root's own argument: refused here, as a
		// usage error, with cobra's suggestions.
		Args:                       unknownCommand,
		RunE:                       func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		SuggestionsMinimumDistance: 2,
	}
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.Err)
	root.PersistentFlags().StringVar(&f.DB.path, "db", "", "the database file, or nats://HOST:PORT for a club's shared log (hoyle serve) (default $HOYLE_DB, else hoyle.db in the XDG data directory)")
	root.PersistentFlags().StringVar(&f.DB.session, "session", "", "the session ID (default $HOYLE_SESSION, else the one open table; on a file, the session opened most recently)")
	// new, record, compare and export have --event and --table of their
	// own (a new session's place, the event compared); elsewhere they name
	// the table a command is for.
	root.PersistentFlags().StringVar(&f.DB.event, "event", "", "with --table: the session of that table of the event (instead of --session)")
	root.PersistentFlags().StringVar(&f.DB.table, "table", "", "with --event: the table whose session the command is for")
	root.PersistentFlags().StringVar(&f.DB.tokenFile, "token-file", "", "a file holding the shared log's token (default $HOYLE_NATS_TOKEN); for hoyle serve, the tables' token")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddGroup(commandGroups...)

	var named map[string]commandPlace
	if only == nil {
		named = map[string]commandPlace{}
	}
	for g, group := range commandGroupsMade() {
		for i, build := range group.cmds {
			if only != nil && (only.group != g || only.index != i) {
				continue
			}
			c := build(f)
			c.GroupID = group.group
			root.AddCommand(c)
			if named != nil {
				for _, name := range append([]string{c.Name()}, c.Aliases...) {
					named[name] = commandPlace{g, i}
				}
			}
		}
	}
	// hoyle help is hoyle's own, for its topics; the root's help ends with
	// their list (a command's help, which asks its parent's, does not).
	root.SetHelpCommand(newHelpCmd(f, root))
	commandHelp := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		commandHelp(c, args)
		if c == root {
			printTopicList(c.OutOrStdout())
		}
	})
	root.SetHelpCommandGroupID("help")
	root.SetCompletionCommandGroupID("help")
	if only != nil {
		// A tree of one command is run only by its name: the completion
		// command, which cobra would build for it, cannot be.
		root.CompletionOptions.DisableDefaultCmd = true
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	argsAreUsage(root)
	if named != nil && places.Load() == nil {
		places.Store(indexOf(root, named))
	}
	return root
}

// commandPlace is a subcommand's place in commandGroupsMade.
type commandPlace struct{ group, index int }

// commandIndex is what commandIn reads: the subcommands' places by their
// names and aliases, and the root's own flags that take a value.
type commandIndex struct {
	named  map[string]commandPlace
	valued map[string]bool // "--db", "--session", ...
}

// places is the index learnt from the first tree of every command a
// process builds (its first run): a process that runs one command, as
// hoyle from a shell does, builds the tree once, as it always did; one
// that runs many (the record prompt, the demo, the tests) builds only the
// command named from its second run on.
var places atomic.Pointer[commandIndex]

// indexOf is the index of root, the tree of every command, whose
// subcommands' places are named.
func indexOf(root *cobra.Command, named map[string]commandPlace) *commandIndex {
	idx := &commandIndex{named: named, valued: map[string]bool{}}
	root.PersistentFlags().VisitAll(func(fl *pflag.Flag) {
		if fl.NoOptDefVal == "" { // a flag that needs its value (not a bool)
			idx.valued["--"+fl.Name] = true
			if fl.Shorthand != "" {
				idx.valued["-"+fl.Shorthand] = true
			}
		}
	})
	return idx
}

// wholeTree are the commands that need every other beside them: record
// offers them at its prompt (cmd.Root); help names and completes them.
var wholeTree = map[string]bool{"record": true, "help": true}

// commandIn is the place of the subcommand args run, if they name one
// plainly: after only the root's own flags that take a value (--db PATH
// or --db=PATH ...), a name that is a subcommand's. Anything else (no
// command, an unknown one, another flag first, help, completion), or a
// process's first run, before its index is learnt, is nil: the whole tree
// is built, for the help, the suggestions and the completions that need
// it.
func commandIn(args []string) *commandPlace {
	idx := places.Load()
	if idx == nil {
		return nil
	}
	named, valued := idx.named, idx.valued
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			name, _, withValue := strings.Cut(a, "=")
			if !valued[name] {
				return nil
			}
			if !withValue {
				i++ // its value
			}
			continue
		}
		if wholeTree[a] {
			return nil
		}
		if p, ok := named[a]; ok {
			return &p
		}
		return nil
	}
	return nil
}

// unknownCommand is the root's argument check: hoyle takes no arguments of
// its own, so one is a command it does not have.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for hoyle", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return usageError{errors.New(msg + " (hoyle --help lists the commands)")}
}

// argsAreUsage makes every argument check in the tree, cobra's own (those
// of completion) included, report a usage error: wrong arguments are a
// command used wrongly, whatever the check's message says.
func argsAreUsage(c *cobra.Command) {
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				var u usageError
				if errors.As(err, &u) {
					return err
				}
				return usageError{err}
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		argsAreUsage(sub)
	}
}

// run is the whole program: it parses args, runs the command and turns its
// error into a message and an exit code. Standard output is checked: a
// command whose output was lost (a full disk) exits 1, not 0.
func run(args []string, streams *Streams) int {
	out := &checkedWriter{w: streams.Out}
	checked := *streams
	checked.Out = out
	err := execute(context.Background(), newFactory(&checked), args)
	if err == nil && out.err != nil {
		err = out.err
	}
	return report(streams, err)
}

// execute builds hoyle on the factory and runs the command args name,
// returning its error.
//
// It builds the one command args name, not every command: cobra's tree of
// every command and its flags was a quarter of what a short command took
// in process (each line at the record prompt, each step of the demo, each
// of the thousands of runs of the tests).
func execute(ctx context.Context, f *factory, args []string) error {
	root := newRootCmdOf(f, commandIn(args))
	root.SetArgs(args)
	defer f.DB.close()
	err := root.ExecuteContext(ctx)
	if err == nil {
		f.DB.settle(ctx) // a refused command leaves the file as it was
	}
	return err
}

// report prints what went wrong, if anything, and returns the exit code.
func report(streams *Streams, err error) int {
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(streams.Err, "hoyle: "+replay.Escape(explain(err))) // it may echo what was typed
	if isUsage(err) {
		return exitUsage
	}
	return exitError
}

// isUsage reports whether err says the command was used wrongly (exit 2),
// by its type: never by its text.
func isUsage(err error) bool {
	var u usageError
	var tok *cards.TokenError
	return errors.As(err, &u) || errors.As(err, &tok) || errors.Is(err, rules.ErrUnknownGame) ||
		errors.Is(err, game.ErrBadOption) || errors.Is(err, game.ErrBadPlayers)
}

// explain turns an error into what the user should read: what was wrong and
// what to do.
func explain(err error) string {
	var illegal *game.IllegalError
	var moved *recorder.MovedError
	var output *outputError
	var unavailable *natsstore.UnavailableError
	switch {
	case errors.As(err, &output):
		return output.Error()
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
	case errors.As(err, &moved):
		return replay.MeanwhileText(moved.Session, moved.Steps, moved.Withdrawn)
	case errors.Is(err, events.ErrConflict):
		return err.Error() + "; another scorer recorded at the same time, run the command again"
	case errors.As(err, &unavailable) && unavailable.Op == "append":
		return err.Error() + "; the server went away while the entry was being recorded, so it may or may not be in the log: when the server is back, hoyle show (or hoyle log) says which"
	case errors.As(err, &unavailable):
		return err.Error() + "; nothing was recorded (is hoyle serve running there? check --db)"
	}
	return err.Error()
}

// exactArgs and minArgs are argument checks that say what was expected.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("expected %s", what)
		}
		return nil
	}
}

// minArgs: at least n arguments.
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef("expected %s", what)
		}
		return nil
	}
}
