package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// ddOptions are the flags of hoyle dd.
type ddOptions struct {
	IO   *Streams
	DB   *database
	JSON bool
	At   string
	Deal string
	File string
	TTMB int
}

// newDDCmd builds the command: it binds the flags to the options and calls runDD.
func newDDCmd(f *factory) *cobra.Command {
	opts := &ddOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "dd [--json] [--at MOMENT] [--deal PBN] [--file F.pbn] [--tt-mb N]",
		Short: "Double-dummy analysis: the tricks each declarer takes in each strain, par, and the cost of every card played",
		Long: `Analyse a deal double dummy, every hand open, both sides playing perfectly:
the table of the tricks each hand takes as declarer in each strain (the hand
on his left leading), and par (the score and contracts of best bidding, by
duplicate scoring, at the board's vulnerability, or nobody's for a bare deal).

For a recorded hand (the latest, or the hand of --at) it also follows the
play: the tricks the declaring side takes with best play before the opening
lead and after each card (those already won included, as DDS's AnalysePlay
counts), and the cards that cost their side a trick, with how many. --at H
is the whole of hand H; a later moment (H.T, H.T.C) follows the play to
there. The solver follows regular play: a card played out of turn or a
renounce ends the analysis, and the output says so.

The royal spades of Auction Bridge 1913 are spades for the solver. Whist
plays no contract: the analysis is the tricks each side takes, by the hand
that leads and the trumps, and the play is counted for the dealer's side
(the side on the opening leader's right). The solver analyses four hands of
13 cards: Five Hundred cannot be analysed, nor a hand whose cards were
neither recorded nor shown by the play.

--deal analyses a bare deal (PBN: "N:AKQ2.K2.A3.AQ432 ..."). --file reads a
PBN file (- for standard input) and writes one JSON object per deal, one to
a line: {"board":…,"deal":…,"table":{"N":{"S":t,"H":t,"D":t,"C":t,"NT":t},…},
"par":{"ns":score,"contracts":[…]}}, the par at the record's Vulnerable tag.
A par contract is written "4S N", "3NT NS" (either of the side), "5DX EW" (a
sacrifice, doubled); a contract par at several levels is listed at each.

--tt-mb bounds the memory of the solver's transposition tables (default
256 MB). A deal's table and par take about 0.4 s on a quiet two-core
machine (0.6 s of processor time), and a few seconds when the machine is
busy; hoyle help performance gives the measured figures. A recorded hand's
analysis is solved once: it is kept beside the log (hoyle help
double-dummy), and the next dd, show, replay or export of the hand reads
it. At the record prompt, show never waits for the solver (it says the
analysis is being solved); dd waits for it.`,
		Example: `  hoyle dd                          # the latest hand: table, par and the play
  hoyle dd --at 2 --json | jq .play.costly
  hoyle dd --at 1.8                 # hand 1, the play to trick 8
  hoyle dd --deal "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
  hoyle dd --file boards.pbn > tables.jsonl`,
		Args: exactArgs(0, "no arguments; the deal is --deal, a file --file"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDD(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the analysis as JSON")
	cmd.Flags().StringVar(&opts.At, "at", "", "analyse the hand of this moment, its play to there (H: the whole hand): "+replay.MomentSyntax)
	cmd.Flags().StringVar(&opts.Deal, "deal", "", `analyse a bare deal, as PBN writes it: "N:AKQ2.K2.A3.AQ432 ..."`)
	cmd.Flags().StringVar(&opts.File, "file", "", "analyse every deal of a PBN file (- for standard input): one JSON object a line")
	cmd.Flags().IntVar(&opts.TTMB, "tt-mb", dd.DefaultTTBytes>>20, "the memory bound of the solver's transposition tables, in MB")
	return cmd
}

// maxTTMB is the largest --tt-mb taken: 64 GB.
const maxTTMB = 64 << 10

// runDD analyses a recorded hand, a bare deal or a PBN file.
func runDD(ctx context.Context, opts *ddOptions) error {
	if opts.TTMB < 1 || opts.TTMB > maxTTMB {
		return usagef("--tt-mb %d: give the memory bound in MB, from 1 to %d", opts.TTMB, maxTTMB)
	}
	cfg := dd.Config{TTBytes: int64(opts.TTMB) << 20}
	switch {
	case opts.Deal != "" && opts.File != "":
		return usagef("--deal and --file: give one deal or one file")
	case (opts.Deal != "" || opts.File != "") && opts.At != "":
		return usagef("--at picks a recorded hand; --deal and --file analyse deals of their own")
	case opts.Deal != "":
		return ddDeal(opts, cfg)
	case opts.File != "":
		return ddFile(opts, cfg)
	}
	at, err := momentFlag(opts.At)
	if err != nil {
		return err
	}
	return opts.DB.withHand(ctx, 0, at, func(w *load.Window) error { return ddHand(opts, w, at, cfg) })
}

// ddDeal analyses the deal of --deal.
func ddDeal(opts *ddOptions, cfg dd.Config) error {
	d, err := cards.ParseDeal(opts.Deal)
	if err != nil {
		return err // a *cards.TokenError: a usage error
	}
	if err := ddhand.CheckDeal(d); err != nil {
		return usageError{fmt.Errorf("--deal: %w", err)}
	}
	t, err := ddkeep.Shared().Source(cfg, nil).Table(d) // a bare deal: kept for the process only, beside no log
	if err != nil {
		return err
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.NewDDDeal(d, t))
	}
	return replay.WriteDDDeal(opts.IO.Out, d, t)
}

// ddFileRecord is a record of a PBN file to analyse.
type ddFileRecord struct {
	board *int
	deal  cards.Deal
	vul   cards.Vulnerability
}

// ddFile analyses every deal of a PBN file: the whole file is read and
// checked first (a flaw anywhere refuses it, before anything is printed),
// then each deal is solved and written as a line of JSON.
func ddFile(opts *ddOptions, cfg dd.Config) error {
	var r io.Reader = opts.IO.In
	name := "standard input"
	if opts.File != "-" {
		f, err := os.Open(opts.File)
		if err != nil {
			return err
		}
		defer f.Close()
		r, name = f, opts.File
	}
	rd := pbn.NewReader(r)
	var recs []ddFileRecord
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w; nothing was analysed", name, err)
		}
		rec, err := ddRecord(g)
		if err != nil {
			return fmt.Errorf("%s: the record at line %d: %w; nothing was analysed", name, g.Line, err)
		}
		recs = append(recs, rec)
	}
	if len(recs) == 0 {
		return fmt.Errorf("%s: no deal in it (a PBN file gives each deal in a Deal tag)", name)
	}
	var bar func(done, total int)
	if opts.IO.ErrTTY {
		bar = progressBar(opts.IO, "deals")
	}
	out := bufio.NewWriter(opts.IO.Out)
	src := ddkeep.Shared().Source(cfg, nil) // the deals of a file: kept for the process only, beside no log
	for i, rec := range recs {
		t, err := src.Table(rec.deal)
		if err != nil {
			return err
		}
		if err := jsonview.Lines(out).Encode(jsonview.NewDDFileLine(rec.board, rec.deal, t, rec.vul)); err != nil {
			return err
		}
		if err := out.Flush(); err != nil { // each line as it is solved: a long file shows its progress
			return err
		}
		if bar != nil {
			bar(i+1, len(recs))
		}
	}
	return nil
}

// ddRecord reads what the analysis needs of a PBN record: its Deal, Board
// and Vulnerable tags.
func ddRecord(g *pbn.Game) (ddFileRecord, error) {
	var rec ddFileRecord
	d, _, err := g.Deal()
	if err != nil {
		return rec, err
	}
	if err := ddhand.CheckDeal(d); err != nil {
		return rec, err
	}
	rec.deal = d
	if n, err := g.Board(); err == nil {
		rec.board = &n
	} else if !errors.Is(err, pbn.ErrNoValue) {
		return rec, err
	}
	v, err := g.Vulnerable()
	if err != nil && !errors.Is(err, pbn.ErrNoValue) {
		return rec, err
	}
	rec.vul = v
	return rec, nil
}

// ddHand analyses a recorded hand: the hand of at (nil: the latest), its
// play to at.
func ddHand(opts *ddOptions, w *load.Window, at *replay.Moment, cfg dd.Config) error {
	v, err := replay.AnalyseDDHand(w.Session, w.Envs, at, opts.DB.dd(cfg))
	if err != nil {
		return err
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.NewDDHand(v))
	}
	return v.WriteText(opts.IO.Out)
}
