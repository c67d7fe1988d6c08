package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/export/eventreport"
	"github.com/hoyle/hoyle/export/html"
	"github.com/hoyle/hoyle/export/jsonlog"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/export/site"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// exportRequest is what an export format is given: the session's log and
// its fold, and the options of `hoyle export`. Formats read what they need.
type exportRequest struct {
	Envs    []events.Envelope
	Session *projections.Session
	// Hand is --hand, or 0 when it was not given (md then writes the hand
	// of --at, or the latest hand).
	Hand int
	// At is --at, or nil.
	At    *replay.Moment
	Seats replay.SeatStyle
	ASCII bool
	// Writeup holds what shapes a write-up (md and html): --title, --hide,
	// --no-play, --from, --labels.
	Writeup markdown.Options
	// DD is --dd: the analysis goes into a write-up for readers, which
	// leaves it out by default (the viewer gives it unless --no-dd).
	DD bool
	// SignKey, with --format json, signs the log (--sign KEYFILE).
	SignKey ed25519.PrivateKey
	// Progress, if set, draws a progress bar on the terminal: a format
	// that writes many hands tells it how many of all are done.
	Progress func(done, total int)
}

// exportFormat is one format `hoyle export --format` can write.
type exportFormat struct {
	summary string
	write   func(w io.Writer, req exportRequest) error
	// json says the output is JSON: on a terminal its user text is
	// escaped as JSON escapes (the same data), not as Go escapes.
	json bool
	// writeup says the format is a write-up of one hand, which the
	// shaping flags (--title, --hide...) shape.
	writeup bool
	// hand says the format writes one hand: the session is read for that
	// hand alone (Session and Envs are then that read's).
	hand bool
	// stream, when set, writes the format as the session is read, in
	// place of write: the session is not held.
	stream func(ctx context.Context, st events.Store, session string, w io.Writer, req exportRequest) error
}

// exportFormats are the formats by name, all of them here.
var exportFormats = map[string]exportFormat{
	"md":   {summary: "Markdown: the hand written up as an illustrative hand (diagram, auction, play, notes, result)", write: writeMarkdown, writeup: true, hand: true},
	"html": {summary: "HTML: the same write-up as one self-contained page (CSS inside, red hearts and diamonds, the diagram a grid; prints on A4 and Letter)", write: writeHTML, writeup: true, hand: true},
	"pbn":  {summary: "PBN 2.1: each hand as a game record (tags, auction with notes, play, score), for any bridge program", write: writePBN},
	"lin":  {summary: "LIN: each hand as a Bridge Base Online hand record, one to a line", write: writeLIN},
	"json": {summary: "JSON: the session's whole event log, losslessly (IDs, times, hashes); hoyle import restores it", write: writeJSON, stream: streamJSON, json: true},
}

// formatNames lists the formats, sorted.
func formatNames() []string {
	var out []string
	for name := range exportFormats {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// writeupOptions are the write-up's options from the request: a write-up
// is for readers, and gives the machine's analysis only when asked (--dd).
func writeupOptions(req exportRequest) markdown.Options {
	o := req.Writeup
	o.Hand, o.At, o.Seats, o.ASCII = req.Hand, req.At, req.Seats, req.ASCII
	o.NoDD = o.NoDD || !req.DD
	return o
}

// writeMarkdown writes one hand up, as export/markdown lays it out.
func writeMarkdown(w io.Writer, req exportRequest) error {
	b, err := markdown.RenderFolded(req.Session, req.Envs, writeupOptions(req))
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// writeHTML writes one hand as a page: the hand viewer, which steps
// through it and carries its write-up (export/html.WriteViewer); or,
// when the write-up is shaped to tell part of the hand (--at, --from,
// --hide, --no-play: an end position, a problem), the write-up alone,
// as export/html lays it out, so that a page that hides hands does not
// show them.
func writeHTML(w io.Writer, req exportRequest) error {
	o := writeupOptions(req)
	if o.At == nil && o.From == nil && len(o.Hide) == 0 && !o.NoPlay {
		// The viewer is a review view: it keeps the analysis unless --no-dd.
		o.NoDD = req.Writeup.NoDD
		return html.WriteViewer(w, req.Session, req.Envs, req.Hand, html.ViewerOptions{Writeup: o})
	}
	wu, err := markdown.BuildFolded(req.Session, req.Envs, o)
	if err != nil {
		return err
	}
	page, err := html.Page(wu)
	if err != nil {
		return err
	}
	_, err = w.Write(page)
	return err
}

// exportOptions are the flags of hoyle export.
type exportOptions struct {
	IO     *Streams
	DB     *database
	Format string
	Hand   *int // nil: not given
	At     string
	Seats  string
	ASCII  bool
	Output string
	Force  bool
	Sign   string // --sign KEYFILE: an ed25519 private key, for --format json
	// Writeup shapes a write-up (md, html); none by default: export is
	// for readers.
	Writeup writeupFlags
	shaped  []string // the shaping flags given
	Event   string   // --event NAME: the event's comparison, as Markdown or a site (html)
}

// newExportCmd builds the command: it binds the flags to the options and calls runExport.
func newExportCmd(f *factory) *cobra.Command {
	opts := &exportOptions{IO: f.IO, DB: f.DB}
	var hand int
	cmd := &cobra.Command{
		Use:   "export [--format md|html|pbn|lin|json] [--hand N] [--at MOMENT] [--seats compass|foster] [--ascii] [--title TEXT] [--hide SEATS] [--no-play] [--from MOMENT] [--labels none|moments] [--notes footnotes|inline] [--dd|--no-dd] [-o FILE] [--force]",
		Short: "Write a hand up (Markdown, HTML) or export the session in another format",
		Long: `Write a hand of the session in a format. --format md writes it up as an
illustrative hand in Markdown: a title line (session, hand, dealer, score and
vulnerability), the four hands as a diagram, the auction in columns from the
dealer, the play trick by trick with the winner in bold, each note in its
place with its glyph (on a call or card, on a trick, or in the hand's
commentary), and the result with the score entries and their laws.
--format html writes the hand viewer: one self-contained page (nothing is
fetched) that steps through the hand call by call and card by card, with
its buttons or the arrow keys (→ ← a step, ↓ ↑ a trick, Home, End): the
four hands, the trick on the table, the auction, the notes, each
irregularity and its remedy, the score, and the double-dummy value and cost
of each card (--no-dd leaves it out). Its address names the moment shown
(hand.html#1.5.2) and opens there. The write-up follows it, and is all the
page shows without JavaScript; it prints on A4 and Letter paper. With --at,
--from, --hide or --no-play the page is the write-up alone, shaped so.

--hand N picks the hand (default: the latest). --at MOMENT writes the hand as
it stood at that moment, the diagram showing the cards remaining: an end
position. A moment is one of
  ` + replay.MomentSyntax + `.

A write-up is shaped for a column by --title TEXT (the first heading),
--hide SEATS (hands left out of the diagram, for a problem: E,W or EW, or
Foster's A,B), --no-play (no play table), --from MOMENT (the narrative and
the play table start at a moment, the diagram showing the position then),
--labels moments (each note with its moment, for a reviewer; none, the
default, for readers) and --notes inline (each note as prose after the
trick it belongs to, the play table taking up again after it, as a column
prints them; footnotes, the default, numbers them under each table).

A write-up is for readers: the title names the session, else the event
and board, else the players. --dd adds the double-dummy analysis, as hoyle
dd computes it: the table and par under the diagram, and a mark [−N] on
each card of the play that cost its side N tricks (the machine's, told
apart from people's notes, which are numbered). The review views (show,
replay, the viewer) give it unless --no-dd. A game that is not four hands
of 13 cards (Five Hundred) has none.

--seats foster names the seats by Foster's letters, Z the dealer, A on his
left, Y his partner, B on his right, and turns the diagram so that Z is at
the bottom, as Foster draws every hand. --ascii writes suits as S H D C.

--event NAME writes the event's comparison instead (hoyle compare): a
traveller for each board and the ranking, as Markdown; with --format pbn,
the records of every table that played a board, each with what it earned
(ScoreIMP, or ScoreMP and ScorePercentage), each board's ScoreTable and the
event's TotalScoreTable (PBN 2.1 section 5), which hoyle import reads back
into the same event; with --format lin (a teams event), each match as a
vugraph file of its two rooms (vg|, rs|, pn|, qx|o1|, qx|c1|...), the
matches one after the other.

--event NAME --format html -o DIR writes the event's site into the folder
DIR: an index with the ranking of each field, a score card for each pair
or team, a page for each board (its hand record with the double-dummy
table and par, and its traveller, each result linking to the page of its
hand when the play was recorded), and the hand record for printing, four
boards to a page. --no-dd leaves the double-dummy tables out (the solver
takes a tenth of a second or more a board). The links are relative: the
folder works opened from disk or put on any web server. hoyle serve
--http serves the same site live.

--format json --sign KEYFILE signs the log with an ed25519 private key
(hoyle keygen makes a pair): hoyle import --verify-key with the public key
then refuses a log that is not the one signed.

-o FILE writes to a file, and will not replace one that exists without
--force. --force replaces only a regular file (never a device, a FIFO or a
directory), and writes into it where it is, once the whole export is made:
its permissions, its owner and its other hard links are kept.`,
		Example: `  hoyle export --format md -o hand1.md
  hoyle export --hand 2 --seats foster
  hoyle export --at 1.9 --ascii          # the end position after trick 9
  hoyle export --format html --hand 1 -o hand1.html   # the viewer; open hand1.html#1.5.2
  hoyle export --dd                      # the write-up with the double-dummy analysis
  hoyle export --at 1.a15 --hide E,W --no-play --title "You are South: plan the play"
  hoyle export --from 1.8                # the ending, from the position after trick 8
  hoyle export --event "Tuesday pairs" -o tuesday.md
  hoyle export --event "Tuesday pairs" --format pbn -o tuesday.pbn
  hoyle export --event "Tuesday pairs" --format html -o tuesday/`,
		Args: exactArgs(0, "no arguments; the hand and moment are flags"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("hand") {
				opts.Hand = &hand
			}
			opts.shaped = opts.Writeup.given(cmd.Flags())
			return runExport(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "md", "the format: "+strings.Join(formatNames(), ", "))
	cmd.Flags().IntVar(&hand, "hand", 0, "the hand to write (default: the latest, or the hand of --at)")
	cmd.Flags().StringVar(&opts.At, "at", "", "write the hand as it stood at this moment: "+replay.MomentSyntax)
	cmd.Flags().StringVar(&opts.Seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&opts.ASCII, "ascii", false, "write suits as S H D C instead of symbols")
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write to FILE instead of standard output")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "with -o, replace FILE if it exists and is a regular file")
	cmd.Flags().StringVar(&opts.Event, "event", "", "write the event's comparison (travellers and ranking) as Markdown, or with --format html its site into the folder -o DIR")
	cmd.Flags().StringVar(&opts.Sign, "sign", "", "with --format json, sign the log with this ed25519 private key (PEM; hoyle keygen makes one)")
	opts.Writeup.bind(cmd.Flags(), markdown.LabelsNone)
	return cmd
}

// runExport writes the session, or a hand of it, in a format: to standard output or to -o.
func runExport(ctx context.Context, opts *exportOptions) error {
	format, ok := exportFormats[strings.ToLower(opts.Format)]
	if !ok {
		return usagef("--format %q: the formats are %s", opts.Format, strings.Join(formatNames(), ", "))
	}
	if len(opts.shaped) > 0 && !format.writeup {
		return usagef("%s shape a write-up: give --format md or html", strings.Join(opts.shaped, ", "))
	}
	req := exportRequest{ASCII: opts.ASCII, DD: opts.Writeup.DD}
	if err := opts.Writeup.options(&req.Writeup); err != nil {
		return err
	}
	req.Writeup.DD = opts.DB.dd(dd.Config{})
	if opts.IO.ErrTTY {
		req.Progress = progressBar(opts.IO, "hands")
	}
	if opts.Hand != nil {
		if *opts.Hand < 1 {
			return usagef("--hand %d: hands are numbered from 1", *opts.Hand)
		}
		req.Hand = *opts.Hand
	}
	var err error
	if req.Seats, req.At, err = tableFlags(opts.Seats, opts.At); err != nil {
		return err
	}
	if opts.Writeup.DD && opts.Writeup.NoDD {
		return usagef("--dd puts the analysis in, --no-dd leaves it out: give one of them")
	}
	if opts.Force && opts.Output == "" {
		return usagef("--force replaces the file given by -o; give -o FILE")
	}
	if opts.Event != "" && strings.ToLower(opts.Format) == "html" {
		return exportSite(ctx, opts)
	}
	if opts.Event != "" {
		f := strings.ToLower(opts.Format)
		if f != "md" && f != "pbn" && f != "lin" || opts.Hand != nil || opts.At != "" || opts.Sign != "" {
			return usagef("--event writes the event's comparison as Markdown, its tables as PBN or LIN, or with --format html its site: not with --format %s, --hand, --at or --sign", opts.Format)
		}
		rep, err := loadComparison(ctx, opts.DB, opts.Event)
		if err != nil {
			return err
		}
		doc := &spool{}
		defer doc.Close()
		switch f {
		case "pbn":
			if err := writeEventPBN(ctx, opts.DB, doc, rep.Events[0]); err != nil {
				return err
			}
			return writeExport(opts, doc, false)
		case "lin":
			if err := writeEventLIN(ctx, opts.DB, doc, rep.Events[0]); err != nil {
				return err
			}
			return writeExport(opts, doc, false)
		}
		doc.Write([]byte(eventreport.Render(rep)))
		return writeExport(opts, doc, false)
	}
	if opts.Sign != "" {
		if !format.json {
			return usagef("--sign signs a JSON log: give --format json")
		}
		b, err := os.ReadFile(opts.Sign)
		if err != nil {
			return err
		}
		if req.SignKey, err = jsonlog.ParsePrivateKey(b); err != nil {
			return fmt.Errorf("--sign %s: %w", opts.Sign, err)
		}
	}
	// The whole document is made before any of it is written, so a
	// failure never leaves half a file behind; it is spooled (in memory,
	// or in a temporary file when large), and the database is closed
	// before it is written.
	doc := &spool{}
	defer doc.Close()
	switch {
	case format.hand:
		// One hand is written up: it is read alone (see readHand).
		var buf bytes.Buffer
		if err := opts.DB.withHand(ctx, req.Hand, handOf(req.At, req.Hand, req.Writeup.From), func(w *load.Window) error {
			buf.Reset()
			req.Session, req.Envs = w.Session, w.Envs
			return format.write(&buf, req)
		}); err != nil {
			return err
		}
		doc.Write(buf.Bytes())
	case format.stream != nil:
		// Written as the session is read: the session is never held.
		if err := opts.DB.read(ctx, func(st events.Store, session string) error {
			return format.stream(ctx, st, session, doc, req)
		}); err != nil {
			return err
		}
	default:
		if err := opts.DB.read(ctx, func(st events.Store, session string) (err error) {
			if req.Session, req.Envs, err = load.Session(ctx, st, session); err != nil {
				return err
			}
			return seatRoster(ctx, st, req.Session)
		}); err != nil {
			return err
		}
		if err := format.write(doc, req); err != nil {
			return err
		}
	}
	return writeExport(opts, doc, format.json)
}

// writeExport writes a whole export, spooled in doc, to standard output
// (user text escaped on a terminal) or to -o.
func writeExport(opts *exportOptions, doc *spool, isJSON bool) error {
	if opts.Output == "" || opts.Output == "-" {
		if !opts.IO.OutTTY {
			_, err := doc.WriteTo(opts.IO.Out)
			return err
		}
		// Names and notes are user text: on a terminal they must not act
		// as control sequences (the formats write them as given).
		data, err := doc.Bytes()
		if err != nil {
			return err
		}
		if isJSON {
			data = replay.EscapeJSON(data)
		} else {
			data = []byte(replay.Escape(string(data)))
		}
		_, err = opts.IO.Out.Write(data)
		return err
	}
	return writeFileFrom(opts.Output, doc, opts.Force, 0o644)
}

// writeFileMode writes data to path, a new file made with the given
// permissions (see writeFileFrom).
func writeFileMode(path string, data []byte, force bool, mode os.FileMode) error {
	return writeFileFrom(path, bytes.NewReader(data), force, mode)
}

// writeFileFrom writes what src holds to path. Without force it makes a
// new file and refuses a path that exists (created exclusively, so a file
// made meanwhile is not replaced either).
//
// With force it replaces only a regular file, and it writes into that
// file's own inode (truncate, write, fsync) rather than renaming a new file
// over it. A rename would be atomic, but it makes a new file: the old one's
// permissions (a 0600 file would turn 0644), owner, ACLs and other hard
// links would not carry over, and a name that is a device or a FIFO would
// be replaced by a regular file (as root, /dev/full itself). Writing in
// place keeps the file the user named; the document is made whole in
// memory first, so the file is incomplete only for the time of one write,
// and only if that write fails (a full disk), which is reported.
func writeFileFrom(path string, src io.WriterTo, force bool, mode os.FileMode) error {
	if !force {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%w; give --force to replace it (nothing was written)", err)
			}
			return err
		}
		err = writeAll(f, src)
		if err != nil {
			os.Remove(path)
		}
		return err
	}
	before, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return writeFileFrom(path, src, false, mode) // nothing to replace
	}
	if err != nil {
		return err
	}
	if !before.Mode().IsRegular() {
		return fmt.Errorf("%s is %s: --force replaces only a regular file (nothing was written)", path, fileKind(before.Mode()))
	}
	// O_NONBLOCK: should a FIFO be put at path meanwhile, opening it fails
	// at once instead of waiting for a reader; then it is refused below.
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	now, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	if !now.Mode().IsRegular() || !os.SameFile(before, now) {
		f.Close()
		return fmt.Errorf("%s changed while it was being replaced (now %s); nothing was written", path, fileKind(now.Mode()))
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return err
	}
	if err := writeAll(f, src); err != nil {
		return fmt.Errorf("%w; %s is left incomplete", err, path)
	}
	return nil
}

// writeAll writes what src holds to f, syncs it to disk, and closes f,
// reporting the first error: a file on a full disk is not reported
// written.
func writeAll(f *os.File, src io.WriterTo) error {
	_, err := src.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fileKind names what a file is, for a refusal: "a named pipe (FIFO)".
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// exportSite writes an event's site (export/site) into the folder -o DIR:
// made whole from the database first, then written.
func exportSite(ctx context.Context, opts *exportOptions) error {
	if opts.Hand != nil || opts.At != "" || opts.Sign != "" || len(opts.shaped) > 0 && !slices.Equal(opts.shaped, []string{"--no-dd"}) {
		return usagef("--event --format html writes the event's site: not with --hand, --at, --sign or a write-up's shaping flags but --no-dd")
	}
	if opts.Output == "" || opts.Output == "-" {
		return usagef("--event --format html writes a site of many pages: give -o DIR, the folder to write it into")
	}
	if fi, err := os.Stat(opts.Output); err == nil && !fi.IsDir() {
		return usagef("-o %s: a site is written into a folder, and this is a file", opts.Output)
	}
	st, err := opts.DB.open(false, false)
	if err != nil {
		return err
	}
	// Closed once the site is made, before it is written.
	s, err := buildSite(ctx, opts, st)
	st.Close()
	if err != nil {
		return err
	}
	if err := s.Write(opts.Output, opts.Force); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Err, "hoyle export: wrote the site of %s, %d pages, into %s (open %s)\n", replay.Escape(opts.Event), len(s.Files), opts.Output, filepath.Join(opts.Output, site.IndexFile))
	return nil
}

// buildSite makes the site of --event from an open store.
func buildSite(ctx context.Context, opts *exportOptions, st events.Store) (*site.Site, error) {
	rep, tables, err := compareStore(ctx, opts.DB, st, compare.Options{Event: opts.Event})
	if err != nil {
		return nil, err
	}
	return site.Build(ctx, site.Input{Event: rep.Events[0], Tables: tables, Hands: func(ctx context.Context, id string) (*projections.Session, []events.Envelope, error) {
		return load.Session(ctx, st, id)
	}}, site.Options{NoDD: opts.Writeup.NoDD})
}
