package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/export/importer"
	"github.com/hoyle/hoyle/export/jsonlog"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// importOptions are the argument and flags of hoyle import.
type importOptions struct {
	IO        *Streams
	DB        *database
	File      string // "-" is standard input
	Format    string
	Name      string
	VerifyKey string // --verify-key PUBFILE: the ed25519 key a JSON log must be signed with
	Strict    bool   // --strict: refuse the whole file at the first record that cannot be recorded as written
}

// importFormats are the formats `hoyle import` reads, by name and by the
// file extension that selects them: the interchange formats of
// export/importer, and hoyle's own JSON log.
var importFormats = append(slices.Clone(importer.Formats), "json")

// How an import of PBN or LIN holds the database: a file whose events
// number at most keepEvents is checked whole, then appended in one
// transaction (a moment: some 0.3 s for 20,000 events on the project's
// machine); a larger one is checked whole first, then read again and
// appended in transactions of about batchEvents events (0.1 to 0.5 s
// each), the database let go between them, so that a scorer is never kept
// waiting longer than one of them (an entry waits a second for a writer).
// export/importer's tests import in transactions of a few records.
const (
	keepEvents  = 20_000
	batchEvents = 10_000
	// batchPause is how long an import lets go of the database between
	// two transactions: long enough for a process waiting on it (it looks
	// every 2 ms) to take it.
	batchPause = 20 * time.Millisecond
	// importMemory is the heap an import keeps itself to (unless GOMEMLIMIT
	// says otherwise): its live data is the folds of the sessions it
	// builds (some 12 KB a hand), far below it, so the collector need not
	// work much harder; without it the heap grows to twice its live data.
	importMemory = 160 << 20
	// settleMemory is the heap a bulk writer keeps itself to while it
	// writes the checkpoints of what it wrote (database.settle): a
	// session of 100,000 boards holds some 120 MB of hands and score
	// sheet then, and the collector keeps the heap close to that.
	settleMemory = 128 << 20
)

// newImportCmd builds the command: it binds the flags to the options and calls runImport.
func newImportCmd(f *factory) *cobra.Command {
	opts := &importOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "import FILE [--format pbn|lin|json] [--name TEXT] [--strict]",
		Short: "Import sessions from a PBN, LIN or JSON file; prints the IDs of the sessions created",
		Long: `Import a file into the database, and print the ID of each session it
creates or adds to, one to a line. The format is taken from the file's
extension (.pbn, .lin, .json) unless --format is given; FILE - reads
standard input.

pbn: every game record becomes a hand recorded through the laws: the deal,
the auction (=n= notes, suffixes such as ! and commentary become notes),
the play in the order it was played (rebuilt from the trick winners), and a
claim where the play stops early (*) with Result. Records of the same
event, table and room become one session. Every tag of a record is kept
(Site, Table, teams, ScoreIMP, double-dummy tables...) and written back by
export. A record with Contract, Declarer and Result but no auction is a
result-only hand ([Contract "Pass"]: passed out).

lin: Bridge Base Online's hand records: players, deal, vulnerability, the
auction with its explanations (an|), the play and the claim (mc|); a
vugraph file's header (vg|, rs|, pn|...) is kept.

What is true is kept, and what is not is said on standard error with its
line: a record whose auction disagrees with its own Contract and Declarer
is recorded as those tags give it (the auction kept as given); a card the
laws refuse ends the play, and Result gives the rest; a record that cannot
be recorded at all is skipped. --strict refuses the whole file instead, at
the first such record.

The same file twice adds nothing: each session remembers the records it
was made from, and an import whose records a session holds already prints
that session's ID and says so; a file with more records adds only those.

json: a session's log exported with hoyle export --format json, restored
exactly (IDs, times, hashes): hoyle verify passes on the new database. The
hash chain is checked first, and a file altered by hand is refused. The
chain has no key, so whoever rewrites a log can compute it again: with
--verify-key PUBFILE the log must also carry the signature of that key's
owner (export --sign), over the head of every session in it.

A file is read a record at a time and checked whole before anything is
appended: a file that cannot be read, or that --strict refuses, appends
nothing. A file of up to some 20,000 events (a few hundred boards) is then
appended in one transaction, all or nothing; a larger one in transactions
of some 10,000 events, whole records each, the database free for other
hoyle processes between them (a scorer's entry waits a moment, never
seconds): a reader meanwhile sees the sessions grow by whole records, and
an import interrupted midway is completed by importing the file again.`,
		Example: `  hoyle import realbridge-2021-teams.pbn
  hoyle import --strict tournament.pbn      # all or nothing: refuse a file with any flaw
  hoyle --db other.db import backup.json && hoyle --db other.db verify
  curl -s https://example.org/board.lin | hoyle import --format lin -`,
		Args: exactArgs(1, "one file to import"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			return runImport(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "", "the file's format: "+strings.Join(importFormats, ", ")+" (default: from its extension)")
	cmd.Flags().StringVar(&opts.Name, "name", "", "the name of sessions the file does not name (default: the file's name)")
	cmd.Flags().StringVar(&opts.VerifyKey, "verify-key", "", "a JSON log must be signed with this ed25519 public key (PEM) or it is refused")
	cmd.Flags().BoolVar(&opts.Strict, "strict", false, "refuse the whole file at the first record that cannot be recorded as written (pbn, lin)")
	return cmd
}

// progressBar returns a progress function that draws a bar on standard
// error, made at the first report (when the total is known; an unknown
// total, 0, draws a spinner) and cleared when the work is done. Commands
// use it only when standard error is a terminal: redirected, it would fill
// a file with carriage returns.
func progressBar(streams *Streams, what string) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			if total <= 0 {
				total = -1
			}
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(streams.Err), progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(50*time.Millisecond))
		}
		_ = bar.Set(done)
	}
}

// runImport reads a file, checks all of it, and appends it (see the
// command's help for how it holds the database).
func runImport(ctx context.Context, opts *importOptions) error {
	path := opts.File
	format := strings.ToLower(opts.Format)
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
		if path == "-" || !slices.Contains(importFormats, format) {
			return usagef("cannot tell the format of %q from its extension: give --format %s", path, strings.Join(importFormats, "|"))
		}
	} else if !slices.Contains(importFormats, format) {
		return usagef("--format %q: the formats are %s", opts.Format, strings.Join(importFormats, ", "))
	}
	if opts.VerifyKey != "" && format != "json" {
		return usagef("--verify-key checks a signed JSON log: give a .json file or --format json")
	}
	if opts.Strict && format == "json" {
		return usagef("--strict is for PBN and LIN files: a JSON log is restored exactly or refused")
	}
	in, err := openInput(opts.IO, path)
	if err != nil {
		return err
	}
	defer in.Close()
	if format == "json" {
		return importJSON(ctx, opts, in)
	}
	name := opts.Name
	if name == "" && path != "-" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(importMemory))
	}
	x := &interchangeImport{opts: opts, format: format, in: in,
		base: pbnsession.Options{Name: name, Strict: opts.Strict, Size: in.size}}
	return x.run(ctx)
}

// input is the file an import reads, which a second pass reads again:
// standard input, or a file that is not a regular one (a pipe, a device),
// is kept in a temporary file as it is read.
type input struct {
	r    io.Reader
	f    *os.File // the file, or the copy of what was read
	size int64    // 0 when not known
	temp bool
	src  io.Closer // the file being copied, if any
}

func openInput(streams *Streams, path string) (*input, error) {
	var src io.Reader = streams.In
	var closer io.Closer
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return &input{r: f, f: f, size: fi.Size()}, nil
		}
		src, closer = f, f
	}
	tmp, err := os.CreateTemp("", "hoyle-import-*")
	if err != nil {
		if closer != nil {
			closer.Close()
		}
		return nil, err
	}
	return &input{r: io.TeeReader(src, tmp), f: tmp, temp: true, src: closer}, nil
}

// again is the input from its start, for a second pass.
func (in *input) again() (io.Reader, error) {
	// A copy holds all the first pass read: it read to the end, or it
	// would have ended at an error.
	if _, err := in.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return in.f, nil
}

func (in *input) Close() error {
	err := in.f.Close()
	if in.temp {
		os.Remove(in.f.Name())
	}
	if in.src != nil {
		in.src.Close()
	}
	return err
}

// interchangeImport is an import of a PBN or LIN file.
type interchangeImport struct {
	opts   *importOptions
	format string
	in     *input
	base   pbnsession.Options
	// recorded: the file's hand records have been put with a
	// transaction; warnings are what taking them found.
	recorded bool
	warnings []string
}

// run imports the file (export/importer) and says what it did.
func (x *interchangeImport) run(ctx context.Context) error {
	opts, path := x.opts, x.opts.File
	iopts := importer.Options{Format: x.format, Read: x.base, KeepEvents: keepEvents, BatchEvents: batchEvents, Pause: batchPause,
		Existing: func() (events.Store, error) {
			if _, err := os.Stat(opts.DB.dbPath()); errors.Is(err, fs.ErrNotExist) {
				return nil, nil
			}
			return opts.DB.open(false, false)
		},
		Append: func(ctx context.Context, batches []events.Batch) ([]events.Envelope, error) {
			st, err := opts.DB.openBulk(appendBytes(batches))
			if err != nil {
				return nil, err
			}
			// The file's hand records go in with its first transaction,
			// all or nothing with it: an import cut short leaves no
			// record without its results, nor results without theirs.
			var extra []events.Batch
			if x.format == "pbn" && !x.recorded {
				x.recorded = true
				if extra, err = x.handRecords(ctx, st); err != nil {
					st.Close()
					return nil, err
				}
			}
			out, err := st.Append(ctx, append(batches, extra...)...)
			if cerr := st.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				x.recorded = x.recorded && len(extra) == 0 // taken again with the transaction retried
				return nil, err
			}
			return out[:len(out)-len(extra)], nil // the importer's own events, as it counts them
		}}
	if opts.IO.ErrTTY {
		iopts.Progress = func(what string) func(done, total int) { return progressBar(opts.IO, what) }
	}
	imp, err := importer.Run(ctx, x.in.r, x.in.again, iopts)
	var failed *importer.FileError
	var stopped *importer.StoppedError
	switch {
	case errors.As(err, &stopped):
		return fmt.Errorf("%s: %w; the import stopped after %d of its transactions: import the file again to add the rest", path, stopped.Err, stopped.Done)
	case errors.As(err, &failed):
		return importFailed(path, failed.Err)
	case err != nil:
		return err
	}
	x.report(imp)
	for _, w := range x.warnings {
		fmt.Fprintf(opts.IO.Err, "hoyle: warning: %s\n", replay.Escape(path+": "+w))
	}
	return nil
}

// handRecords takes each event's hand record from an imported PBN file
// whose games name their Event: the deal of each board, loaded into the
// event's record as hoyle boards loads it. A board dealt two ways in the
// file (a fouled board), or not whole, is left out with a warning; so is
// an event whose record holds other deals already. The results imported
// stand either way. It returns the batches to append to the records, and
// keeps the warnings for after the import's report.
func (x *interchangeImport) handRecords(ctx context.Context, st events.Store) ([]events.Batch, error) {
	// The file is read again through a handle of its own (the importer
	// holds the input's): the file itself, or the copy of standard input.
	name := x.opts.File
	if x.in.temp {
		name = x.in.f.Name()
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	games, err := pbn.Parse(f)
	f.Close()
	if err != nil {
		return nil, nil // the importer read it; what it could not read has no deals to take
	}
	warn := func(format string, a ...any) { x.warnings = append(x.warnings, fmt.Sprintf(format, a...)) }
	byEvent := map[string][]eventrec.Deal{}
	var names []string
	for i := range games {
		event := strings.TrimSpace(games[i].Event())
		if event == "" {
			continue
		}
		deals, err := handRecord(games[i : i+1])
		if err != nil || len(deals) == 0 || eventbook.CheckDeal(deals[0]) != nil {
			continue // a game with no whole deal gives the record nothing
		}
		if _, seen := byEvent[event]; !seen {
			names = append(names, event)
		}
		byEvent[event] = append(byEvent[event], deals[0])
	}
	var out []events.Batch
	at := x.opts.DB.typed
	if at.IsZero() {
		at = time.Now()
	}
	for _, event := range names {
		first := map[int]eventrec.Deal{}
		fouled := map[int]bool{}
		var order []int
		for _, d := range byEvent[event] {
			f, ok := first[d.Board]
			switch {
			case !ok:
				first[d.Board] = d
				order = append(order, d.Board)
			case f.Hands != d.Hands:
				fouled[d.Board] = true
			}
		}
		var deals []eventrec.Deal
		for _, n := range order {
			if fouled[n] {
				warn("board %d of %q is dealt two ways: left out of the event's hand record", n, event)
				continue
			}
			deals = append(deals, first[n])
		}
		book, version, err := readBook(ctx, st, event)
		if err != nil {
			return nil, err
		}
		fresh, err := eventbook.CheckBoards(book, deals)
		if err != nil {
			warn("the hand record of %q is not taken from the file: %v", event, err)
			continue
		}
		if len(fresh) == 0 {
			continue
		}
		// Said by hoyle boards --event, not here: an import's output is
		// its sessions' IDs, and its standard error its warnings.
		expected := version
		if version == 0 {
			expected = events.NewSession
		}
		out = append(out, events.Batch{Session: eventrec.StreamID(event), Expected: expected,
			Events: []events.Event{events.NewEvent(at.UTC(), &eventrec.Boards{Event: event, Source: x.opts.File, Deals: fresh})}})
	}
	return out, nil
}

// report says what the import did: the warnings of the records written,
// what was in the database already, and the ID of every session the file's
// records are in, one to a line.
func (x *interchangeImport) report(imp *importer.Import) {
	streams, path := x.opts.IO, x.opts.File
	// What follows comes from the file: escaped, as user text.
	for _, w := range imp.Warnings() {
		fmt.Fprintf(streams.Err, "hoyle: warning: %s\n", replay.Escape(path+": "+w.String()))
	}
	for i, s := range imp.Result.Sessions {
		switch t := imp.Targets[i]; {
		case t.Skip():
			fmt.Fprintf(streams.Err, "hoyle: session %s holds these records already (%s, %s): nothing added\n",
				replay.Escape(imp.Existing[i]), replay.Escape(s.Name), count(t.Count, "record"))
		case t.Into != nil:
			fmt.Fprintf(streams.Err, "hoyle: session %s held the first %s of %s; added the %s after them\n",
				replay.Escape(t.ID), count(t.From, "record"), replay.Escape(s.Name), count(t.Count-t.From, "new record"))
		}
	}
	if imp.Added() == 0 {
		fmt.Fprintf(streams.Err, "hoyle: every record of %s is in the database already; nothing was added\n", replay.Escape(path))
	}
	for _, id := range imp.IDs() {
		fmt.Fprintln(streams.Out, replay.Escape(id))
	}
}

// count writes n things: "1 record", "3 records".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// importJSON restores a JSON log in one transaction (jsonlog: the
// events as they were, IDs, times and hashes).
func importJSON(ctx context.Context, opts *importOptions, in *input) error {
	path := opts.File
	var verifyKey ed25519.PublicKey
	if opts.VerifyKey != "" {
		b, err := os.ReadFile(opts.VerifyKey)
		if err != nil {
			return err
		}
		if verifyKey, err = jsonlog.ParsePublicKey(b); err != nil {
			return fmt.Errorf("--verify-key %s: %w", opts.VerifyKey, err)
		}
	}
	var progress func(done, total int)
	if opts.IO.ErrTTY {
		progress = progressBar(opts.IO, "records")
	}
	log, err := jsonlog.Read(in.r, jsonlog.Options{Progress: progress, VerifyKey: verifyKey})
	if err != nil {
		return importFailed(path, err)
	}
	batches := log.Batches()
	st, err := opts.DB.openBulk(appendBytes(batches))
	if err != nil {
		return err
	}
	defer st.Close()
	var present []string
	for _, b := range batches {
		if _, err := st.Session(ctx, b.Session); err == nil {
			present = append(present, b.Session)
		}
	}
	// One append for the whole file: all of it, or nothing.
	if _, err := st.Append(ctx, batches...); err != nil {
		return importFailed(path, err)
	}
	if sig := log.Signature; sig != nil && verifyKey == nil {
		fmt.Fprintf(opts.IO.Err, "hoyle: warning: %s\n", replay.Escape(path+": the log is signed, but no key was given to check it with (--verify-key); its signature proves nothing by itself"))
	}
	for _, id := range present {
		fmt.Fprintf(opts.IO.Err, "hoyle: session %s was already in the database, as the file has it\n", replay.Escape(id))
	}
	for _, b := range batches {
		fmt.Fprintln(opts.IO.Out, replay.Escape(b.Session))
	}
	return nil
}

// appendBytes is about what batches add to the log: the events and their
// indexes, some 200 bytes an event (bbolt maps room for them up front).
func appendBytes(batches []events.Batch) int64 {
	n := 0
	for _, b := range batches {
		n += len(b.Events)
	}
	return int64(n) * 200
}

// importFailed says that nothing was imported (explain says it already of
// a refusal by the laws).
func importFailed(path string, err error) error {
	var illegal *game.IllegalError
	if errors.As(err, &illegal) {
		return fmt.Errorf("%s: %w", path, err)
	}
	return fmt.Errorf("%s: %w; nothing was imported", path, err)
}
