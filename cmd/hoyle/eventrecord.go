package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/replay"
)

// An event's own record (events/eventrec): its roster and its hand
// record, in a stream of its own, read by every table of the event.

// readBook reads an event's record; an event with none yet has an empty
// one.
func readBook(ctx context.Context, st events.Store, event string) (*eventbook.Book, uint64, error) {
	id := eventrec.StreamID(event)
	var envs []events.Envelope
	for e, err := range st.ReadSession(ctx, id, 1) {
		if errors.Is(err, events.ErrNoSession) {
			return &eventbook.Book{Event: event, Roster: map[string][]string{}, Deals: map[int]eventrec.Deal{}}, 0, nil
		}
		if err != nil {
			return nil, 0, err
		}
		envs = append(envs, e)
	}
	b, err := eventbook.Fold(envs)
	if err != nil {
		return nil, 0, err
	}
	if b.Event == "" {
		b.Event = event
	}
	return b, uint64(len(envs)), nil
}

// appendToBook appends one entry to an event's record, which must be at
// version (0: not there yet): another director's entry meanwhile is a
// withdrawLatest retracts the latest of an event record's standing
// entries (ids, oldest first): hoyle roster --undo, hoyle boards --undo.
func withdrawLatest(ctx context.Context, st events.Store, d *database, event string, version uint64, ids []events.ID, command, none string) error {
	if len(ids) == 0 {
		return fmt.Errorf("%w: the event %q %s", eventbook.ErrNothingToUndo, event, none)
	}
	return appendToBook(ctx, st, d, event, version, &table.Retracted{Target: ids[len(ids)-1], Reason: "hoyle " + command + " --undo"})
}

// conflict, to be typed again.
func appendToBook(ctx context.Context, st events.Store, d *database, event string, version uint64, p events.Payload) error {
	at := d.typed
	if at.IsZero() {
		at = time.Now()
	}
	expected := version
	if version == 0 {
		expected = events.NewSession
	}
	_, err := st.Append(ctx, events.Batch{Session: eventrec.StreamID(event), Expected: expected,
		Events: []events.Event{events.NewEvent(at.UTC(), p)}})
	return err
}

// eventTable is one table session of an event, as it was opened.
type eventTable struct {
	id     string
	opened *table.SessionOpened
}

// eventTables lists the sessions of an event, oldest first, by their
// openings (one event read each).
func eventTables(ctx context.Context, st events.Store, event string) ([]eventTable, error) {
	infos, err := st.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	var out []eventTable
	for _, info := range eventrec.Tables(infos) {
		for e, err := range st.ReadSession(ctx, info.ID, 1) {
			if err != nil {
				return nil, err
			}
			if o, ok := e.Data.(*table.SessionOpened); ok && strings.EqualFold(strings.TrimSpace(o.Event), strings.TrimSpace(event)) {
				out = append(out, eventTable{id: info.ID, opened: o})
			}
			break
		}
	}
	return out, nil
}

// eventPlan is an event's movement: --movement if given, else its first
// table's; nil when it has none (a team match, or no table opened yet).
func eventPlan(tables []eventTable, given string) (*movement.Plan, error) {
	text := given
	if text == "" {
		for _, t := range tables {
			if t.opened.Movement != "" {
				text = t.opened.Movement
				break
			}
		}
	}
	if text == "" {
		return nil, nil
	}
	spec, err := movement.Parse(text)
	if err != nil {
		return nil, err
	}
	return spec.Plan()
}

// seatRoster names the players of a session at a table of an event under
// a duplicate movement as they sat, board by board, from the event's
// roster and the sessions its pairs started at (projections.Session's
// SetRoster). A session in no such event is left as it is.
func seatRoster(ctx context.Context, st events.Store, s *projections.Session) error {
	p := s.Placement()
	tb, ok := p.TableNumber()
	if !p.InEvent() || !ok || p.Movement == "" {
		return nil
	}
	plan, err := p.Plan()
	if err != nil || !plan.Duplicate() {
		return nil // the session's own names stand; compare says what is wrong
	}
	book, _, err := readBook(ctx, st, p.Event)
	if err != nil {
		return err
	}
	starters := map[int][]string{}
	if rostered(plan, book) {
		// The roster names every pair: the other tables' sessions (a read
		// of each session's first event) have nothing to add.
		s.SetRoster(&eventbook.Seats{Plan: plan, Table: tb, Names: eventbook.PairNames(plan, book, starters)})
		return nil
	}
	tables, err := eventTables(ctx, st, p.Event)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if n, ok := projections.PlacementOf(t.opened).TableNumber(); ok {
			if _, seen := starters[n]; !seen {
				starters[n] = t.opened.Players
			}
		}
	}
	s.SetRoster(&eventbook.Seats{Plan: plan, Table: tb, Names: eventbook.PairNames(plan, book, starters)})
	return nil
}

// rosterOptions: hoyle roster --event E [--movement M] [--undo] PAIR=NAMES...
type rosterOptions struct {
	IO       *Streams
	DB       *database
	Movement string
	Undo     bool
	Lines    []string
}

// newRosterCmd builds the command: it binds the flags to the options and calls runRoster.
func newRosterCmd(f *factory) *cobra.Command {
	opts := &rosterOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "roster --event EVENT [--movement M] [PAIR=NAMES...] [--undo]",
		Short: "Name an event's pairs (or teams) once, for every table and every view",
		Long: `Name an event's pairs, by the numbers its movement gives them, once for the
whole event: show, replay, export, PBN and LIN then name the players who
really sat at a table on each board, and compare ranks them by name.

In a Mitchell, whose North-South and East-West pairs are numbered apart,
a pair is 3NS or 5EW; in a Howell, 7. The names are split at "&" (or at
commas): the first sits North (or East), the second South (or West). In
a team match, name a team as its sessions do: "Rovers=Ann, Bob, Cy, Di"
(kept and listed; a match's tables name their own players).
The movement is that of the event's tables, or --movement before any is
opened. Names given at a pair's starting table (hoyle new --north...)
count too; the roster's stand over them.

With no PAIR=NAMES, the roster is printed. --undo withdraws the latest
roster entry (it stays in the log).`,
		Example: `  hoyle roster --event "Tuesday pairs" 1NS="Ann Ames & Bob Birch" 1EW="Cy Cole & Di Dunn"
  hoyle roster --event "Tuesday pairs" --undo`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Lines = args
			return runRoster(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Movement, "movement", "", "the event's movement, when no table of it is opened yet (see hoyle movement)")
	cmd.Flags().BoolVar(&opts.Undo, "undo", false, "withdraw the latest roster entry")
	return cmd
}

// wholeEvent is the event an entry of the event's own record is for
// (hoyle roster, hoyle boards): it needs --event, and no --table, and
// either what it records or --undo.
func wholeEvent(db *database, command, args, what, given string, both bool) (string, error) {
	event := strings.TrimSpace(db.event)
	switch {
	case event == "":
		return "", usagef("give the event: hoyle %s --event EVENT %s", command, args)
	case db.table != "":
		return "", usagef("%s is the whole event's: give --event without --table", what)
	case both:
		return "", usagef("give %s or --undo, not both", given)
	}
	return event, nil
}

// runRoster names the pairs, or withdraws or prints the roster.
func runRoster(ctx context.Context, opts *rosterOptions) error {
	event, err := wholeEvent(opts.DB, "roster", "PAIR=NAMES...", "a roster", "PAIR=NAMES", opts.Undo && len(opts.Lines) > 0)
	if err != nil {
		return err
	}
	var entries []eventrec.Entry
	st, err := opts.DB.open(len(opts.Lines) > 0 || opts.Undo, len(opts.Lines) > 0)
	if err != nil {
		return err
	}
	defer st.Close()
	book, version, err := readBook(ctx, st, event)
	if err != nil {
		return err
	}
	tables, err := eventTables(ctx, st, event)
	if err != nil {
		return err
	}
	plan, err := eventPlan(tables, opts.Movement)
	if err != nil {
		return err
	}
	switch {
	case opts.Undo:
		if err := withdrawLatest(ctx, st, opts.DB, event, version, book.RosterIDs, "roster", "has no roster entry standing"); err != nil {
			return err
		}
		fmt.Fprintln(opts.IO.Out, "withdrew the latest roster entry")
		book, _, err = readBook(ctx, st, event)
		if err != nil {
			return err
		}
	case len(opts.Lines) > 0:
		for _, line := range opts.Lines {
			who, names, ok := strings.Cut(line, "=")
			if !ok {
				return usagef("%q: write a roster line as PAIR=NAMES, such as 1NS=\"Ann Ames & Bob Birch\"", line)
			}
			if plan == nil && isNumber(who) {
				return usagef("%q: the event %q has no movement yet to number its pairs: give --movement, or open its tables first", line, event)
			}
			key, err := eventbook.ParseWho(plan, who)
			if err != nil {
				return usageError{err}
			}
			entries = append(entries, eventrec.Entry{Who: key, Names: eventbook.SplitNames(names)})
		}
		if err := eventbook.CheckRoster(plan, entries); err != nil {
			return usageError{err}
		}
		if err := appendToBook(ctx, st, opts.DB, event, version, &eventrec.Roster{Event: event, Entries: entries}); err != nil {
			return err
		}
		for _, x := range entries {
			book.Roster[x.Who] = x.Names
		}
	}
	printRoster(opts.IO.Out, book, plan)
	return nil
}

// isNumber reports whether text is a pair number, with or without its
// direction.
func isNumber(text string) bool {
	t := strings.TrimSpace(strings.ToUpper(text))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "NS"), "EW")
	return t != "" && strings.Trim(t, "0123456789 ") == ""
}

// printRoster prints the roster, pair by pair in the movement's order.
func printRoster(w io.Writer, b *eventbook.Book, plan *movement.Plan) {
	done := map[string]bool{}
	for _, p := range eventbook.Pairs(plan) {
		names := b.Roster[p.String()]
		done[p.String()] = true
		text := "(not named)"
		if len(names) > 0 {
			text = strings.Join(names, " & ")
		}
		fmt.Fprintf(w, "%-8s %s\n", p, replay.Clean(text))
	}
	for who, names := range b.Roster {
		if !done[who] {
			fmt.Fprintf(w, "%-8s %s\n", replay.Clean(who), replay.Clean(strings.Join(names, " & ")))
		}
	}
}

// boardsOptions: hoyle boards --event E FILE.pbn | --undo.
type boardsOptions struct {
	IO   *Streams
	DB   *database
	File string
	Undo bool
}

// newBoardsCmd builds the command: it binds the flags to the options and calls runBoards.
func newBoardsCmd(f *factory) *cobra.Command {
	opts := &boardsOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "boards --event EVENT [FILE.pbn | --undo]",
		Short: "Load an event's hand record (a dealing machine's PBN file) once, for every table",
		Long: `Load an event's hand record: a dealing machine's PBN file, each board a Board
and a Deal tag (Dealer and Vulnerable may be given; by the board's number
otherwise). At every table of the event, hoyle deal --board N then takes
the board's cards from it, and cards typed that differ are refused, naming
the difference, unless the board is recorded as fouled (--fouled).

A file with a card missing or dealt twice, or a board given twice with two
deals, is refused whole; so is a board the record already holds with
another deal (withdraw that load first with --undo). With no FILE, the
hand record is printed.`,
		Example: `  hoyle boards --event "Tuesday pairs" tuesday.pbn
  hoyle boards --event "Tuesday pairs" --undo`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("expected one PBN file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.File = args[0]
			}
			return runBoards(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Undo, "undo", false, "withdraw the latest load of the hand record")
	return cmd
}

// runBoards loads, withdraws or prints the hand record.
func runBoards(ctx context.Context, opts *boardsOptions) error {
	event, err := wholeEvent(opts.DB, "boards", "FILE.pbn", "a hand record", "FILE", opts.Undo && opts.File != "")
	if err != nil {
		return err
	}
	var deals []eventrec.Deal
	if opts.File != "" {
		f, err := os.Open(opts.File)
		if err != nil {
			return err
		}
		games, err := pbn.Parse(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", opts.File, err)
		}
		if deals, err = handRecord(games); err != nil {
			return usageError{fmt.Errorf("%s: %w; nothing was loaded", opts.File, err)}
		}
		if len(deals) == 0 {
			return usagef("%s: no board with a Deal tag; nothing was loaded", opts.File)
		}
	}
	st, err := opts.DB.open(opts.File != "" || opts.Undo, opts.File != "")
	if err != nil {
		return err
	}
	defer st.Close()
	book, version, err := readBook(ctx, st, event)
	if err != nil {
		return err
	}
	switch {
	case opts.Undo:
		if err := withdrawLatest(ctx, st, opts.DB, event, version, book.BoardsIDs, "boards", "has no hand record loaded"); err != nil {
			return err
		}
		fmt.Fprintln(opts.IO.Out, "withdrew the latest load of the hand record")
	case opts.File != "":
		fresh, err := eventbook.CheckBoards(book, deals)
		if err != nil {
			return usageError{fmt.Errorf("%s: %w; nothing was loaded", opts.File, err)}
		}
		if len(fresh) == 0 {
			fmt.Fprintf(opts.IO.Out, "the hand record already holds these %d boards as they are: nothing to load\n", len(deals))
			return nil
		}
		if err := appendToBook(ctx, st, opts.DB, event, version, &eventrec.Boards{Event: event, Source: opts.File, Deals: fresh}); err != nil {
			return err
		}
		fmt.Fprintf(opts.IO.Out, "loaded %d boards into the hand record of %q\n", len(fresh), replay.Clean(event))
		return nil
	}
	book, _, err = readBook(ctx, st, event)
	if err != nil {
		return err
	}
	for _, n := range book.Boards() {
		d := book.Deals[n]
		fmt.Fprintf(opts.IO.Out, "board %-3d %s\n", n, cards.Deal(d.Hands[:]).PBN(cards.North))
	}
	return nil
}

// handRecord reads a dealing machine's PBN games as a hand record: each
// game's Board and Deal (Dealer and Vulnerable, when not given, by the
// board's number). A game with no Deal is skipped.
func handRecord(games []pbn.Game) ([]eventrec.Deal, error) {
	var out []eventrec.Deal
	for _, g := range games {
		if _, ok := g.Tag("Deal"); !ok {
			continue
		}
		n, err := g.Board()
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%w: a deal with no board number (a Board tag of 1 or more)", eventbook.ErrBadDeal)
		}
		deal, _, err := g.Deal()
		if err != nil {
			return nil, fmt.Errorf("%w: board %d: %w", eventbook.ErrBadDeal, n, err)
		}
		d := eventrec.Deal{Board: n, Dealer: contract.BoardDealer(n), Vul: contract.BoardVulnerability(n)}
		if _, ok := g.Tag("Dealer"); ok {
			if d.Dealer, err = g.Dealer(); err != nil {
				return nil, fmt.Errorf("board %d: %w", n, err)
			}
		}
		if _, ok := g.Tag("Vulnerable"); ok {
			if d.Vul, err = g.Vulnerable(); err != nil {
				return nil, fmt.Errorf("board %d: %w", n, err)
			}
		}
		copy(d.Hands[:], deal)
		out = append(out, d)
	}
	return out, nil
}

// rostered reports whether the roster names every pair of the movement.
func rostered(plan *movement.Plan, b *eventbook.Book) bool {
	for _, p := range eventbook.Pairs(plan) {
		if len(b.Roster[p.String()]) == 0 {
			return false
		}
	}
	return true
}
