package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/export/jsonlog"
	"github.com/hoyle/hoyle/export/linsession"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// importOptions are the argument and flags of hoyle import.
type importOptions struct {
	IO        *IO
	DB        *database
	File      string // "-" is standard input
	Format    string
	Name      string
	VerifyKey string // --verify-key PUBFILE: the ed25519 key a JSON log must be signed with
}

// importFormats are the formats `hoyle import` reads, by name and by the
// file extension that selects them.
var importFormats = []string{"pbn", "lin", "json"}

// newImportCmd builds the command: it binds the flags to the options and calls runImport.
func newImportCmd(f *factory) *cobra.Command {
	opts := &importOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "import FILE [--format pbn|lin|json] [--name TEXT]",
		Short: "Import sessions from a PBN, LIN or JSON file; prints the IDs of the sessions created",
		Long: `Import a file into the database, and print the ID of each session it
creates, one to a line. The format is taken from the file's extension (.pbn,
.lin, .json) unless --format is given; FILE - reads standard input.

pbn: every game record becomes a hand recorded through the laws: the deal,
the auction (=n= notes, suffixes such as ! and commentary become notes),
the play in the order it was played (rebuilt from the trick winners), and a
claim where the play stops early (*) with Result. Records of the same
event, table and room become one session. Records without an auction (a
board not played at that table) are skipped with a warning.

lin: Bridge Base Online's hand records: players, deal, vulnerability, the
auction with its explanations (an|), the play and the claim (mc|).

json: a session's log exported with hoyle export --format json, restored
exactly (IDs, times, hashes): hoyle verify passes on the new database. The
hash chain is checked first, and a file altered by hand is refused. The
chain has no key, so whoever rewrites a log can compute it again: with
--verify-key PUBFILE the log must also carry the signature of that key's
owner (export --sign), over the head of every session in it.

An import is one transaction: a file that cannot be read, or a record the
laws refuse, is reported with its line (or token, for LIN) and nothing is
appended. Warnings go to standard error.`,
		Example: `  hoyle import realbridge-2021-teams.pbn
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
	return cmd
}

// progressBar returns a progress function that draws a bar on standard
// error, made at the first report (when the total is known) and cleared
// when the work is done. Commands use it only when standard error is a
// terminal: redirected, it would fill a file with carriage returns.
func progressBar(io *IO, what string) func(done, total int) {
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(io.Err), progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(50*time.Millisecond))
		}
		_ = bar.Set(done)
	}
}

// importPlan is what an import will append, and what to tell the user.
type importPlan struct {
	batches  []events.Batch
	warnings []string
}

// bytes is about what the plan adds to the log: the events and their
// indexes, some 200 bytes an event.
func (p *importPlan) bytes() int64 {
	n := 0
	for _, b := range p.batches {
		n += len(b.Events)
	}
	return int64(n) * 200
}

// runImport reads a file, checks all of it, and appends it in one transaction.
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
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(opts.IO.In)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return err
	}
	name := opts.Name
	if name == "" && path != "-" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	// The whole file is built in memory for its one append, and nearly all
	// of it stays live until then: at the default pace the collector spends
	// a third of an import's time finding no garbage.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	var progress func(done, total int)
	if opts.IO.ErrTTY {
		progress = progressBar(opts.IO, "records")
	}
	// The file is read and checked whole before the database is opened:
	// a refused import creates nothing.
	var verifyKey ed25519.PublicKey
	if opts.VerifyKey != "" {
		if format != "json" {
			return usagef("--verify-key checks a signed JSON log: give a .json file or --format json")
		}
		b, err := os.ReadFile(opts.VerifyKey)
		if err != nil {
			return err
		}
		if verifyKey, err = jsonlog.ParsePublicKey(b); err != nil {
			return fmt.Errorf("--verify-key %s: %w", opts.VerifyKey, err)
		}
	}
	plan, err := planImport(format, data, name, verifyKey, progress)
	if err != nil {
		return importFailed(path, err)
	}
	st, err := opts.DB.openBulk(plan.bytes())
	if err != nil {
		return err
	}
	defer st.Close()
	var present []string
	for _, b := range plan.batches {
		if _, err := st.Session(ctx, b.Session); err == nil {
			present = append(present, b.Session)
		}
	}
	// One append for the whole file: all of it, or nothing.
	if _, err := st.Append(ctx, plan.batches...); err != nil {
		return importFailed(path, err)
	}
	// What follows comes from the file: escaped, as user text.
	for _, w := range plan.warnings {
		fmt.Fprintf(opts.IO.Err, "hoyle: warning: %s\n", replay.Escape(path+": "+w))
	}
	for _, id := range present {
		fmt.Fprintf(opts.IO.Err, "hoyle: session %s was already in the database, as the file has it\n", replay.Escape(id))
	}
	for _, b := range plan.batches {
		fmt.Fprintln(opts.IO.Out, replay.Escape(b.Session))
	}
	return nil
}

// planImport reads a file in a format and builds the batches to append.
func planImport(format string, data []byte, name string, verifyKey ed25519.PublicKey, progress func(done, total int)) (importPlan, error) {
	var plan importPlan
	switch format {
	case "pbn":
		res, err := pbnsession.Read(bytes.NewReader(data), pbnsession.Options{Name: name, Progress: progress})
		if err != nil {
			return plan, err
		}
		plan.batches = res.Batches()
		for _, w := range res.Warnings {
			plan.warnings = append(plan.warnings, w.String())
		}
	case "lin":
		res, err := linsession.Import(string(data), linsession.Options{Name: name, Progress: progress})
		if err != nil {
			return plan, err
		}
		plan.batches = res.Batches()
		for _, w := range res.Warnings {
			plan.warnings = append(plan.warnings, w.String())
		}
	case "json":
		log, err := jsonlog.Read(bytes.NewReader(data), jsonlog.Options{Progress: progress, VerifyKey: verifyKey})
		if err != nil {
			return plan, err
		}
		plan.batches = log.Batches()
		if sig := log.Signature; sig != nil && verifyKey == nil {
			plan.warnings = append(plan.warnings, "the log is signed, but no key was given to check it with (--verify-key); its signature proves nothing by itself")
		}
	}
	return plan, nil
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
