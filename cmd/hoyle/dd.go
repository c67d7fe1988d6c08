package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// ddOptions are the flags of hoyle dd.
type ddOptions struct {
	IO   *IO
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
256 MB; a table takes a few hundred milliseconds on two cores).`,
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
	t, err := ddhand.Table(d, cfg)
	if err != nil {
		return err
	}
	par := dd.Par(t, cards.VulNone, contract.ParScore)
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.DDDeal{Deal: d.PBN(cards.North), Vulnerable: cards.VulNone.PBN(), Table: jsonview.DDTable(t), Par: jsonview.NewPar(par)})
	}
	names := compassNames()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", d.PBN(cards.North))
	writeDDTable(&b, t, names)
	fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", cards.VulNone.Text(names.Side), replay.ParText(par, names, false))
	_, err = opts.IO.Out.Write(b.Bytes())
	return err
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
	for i, rec := range recs {
		t, err := ddhand.Table(rec.deal, cfg)
		if err != nil {
			return err
		}
		line := jsonview.DDFileLine{Board: rec.board, Deal: rec.deal.PBN(cards.North), Table: jsonview.DDTable(t), Par: jsonview.NewPar(dd.Par(t, rec.vul, contract.ParScore))}
		if err := jsonview.Lines(out).Encode(line); err != nil {
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
	s := w.Session
	number := len(s.Hands)
	upto := -1 // cards of the play analysed; -1: all of them, -2: none (the moment is in the auction)
	var atText *string
	if at != nil {
		p, err := replay.Resolve(s, *at)
		if err != nil {
			return err
		}
		if p.Hand == 0 {
			return &replay.MomentError{Moment: *at, Reason: "it is before the first deal"}
		}
		number = p.Hand
		if at.Kind != replay.Dealt {
			state, err := replay.FoldAt(s, w.Envs, p)
			if err != nil {
				return err
			}
			then := state.Hands[number-1]
			upto = replay.DDPlayed(then)
			if then.Contract == nil {
				upto = -2 // the auction: no contract yet, so no play to tell
			}
			m := at.String()
			atText = &m
		}
	}
	if number == 0 {
		return fmt.Errorf("%w: no hand has been dealt in this session yet", replay.ErrNoMoment)
	}
	h := s.Hands[number-1]
	a, err := ddhand.Analyse(h, cfg, contract.ParScore)
	if err != nil {
		return fmt.Errorf("hand %d cannot be analysed: %w", number, err)
	}
	if upto == -2 {
		a.Play = nil
	}
	if a.Play != nil && upto >= 0 {
		// The play to the moment: the cards after it are not told.
		p := *a.Play
		p.Cards = p.Cards[:min(upto, len(p.Cards))]
		p.Recorded = min(upto, p.Recorded)
		if p.Recorded <= len(p.Cards) {
			p.Stopped, p.Stop = nil, ""
		}
		a.Play = &p
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.NewDDHand(s, h, a, atText))
	}
	return writeHandText(opts.IO.Out, s, h, a, atText)
}

// compassNames names the seats and sides by the compass.
func compassNames() replay.Names {
	n, _ := replay.SeatNames(game.Compass, cards.North, replay.CompassSeats)
	return n
}

// writeDDTable writes the table as text: a row per declarer, a column per
// strain.
func writeDDTable(w io.Writer, t dd.Table, names replay.Names) {
	writeSeatTable(w, "Declarer", names, func(seat cards.Seat) []string { return replay.DDRow(t, seat) })
}

// writeLeadTable writes a whist table: the tricks NS take, by the hand
// that leads and the trumps.
func writeLeadTable(w io.Writer, t dd.Table, names replay.Names) {
	writeSeatTable(w, "Leader", names, func(seat cards.Seat) []string { return replay.DDLeadRow(t, seat) })
}

// writeSeatTable writes a row of values by strain for each seat, under a
// head naming what the seat is.
func writeSeatTable(w io.Writer, head string, names replay.Names, row func(cards.Seat) []string) {
	fmt.Fprintf(w, "%-10s", head)
	for _, h := range replay.DDStrainHeads(false) {
		fmt.Fprintf(w, "%4s", h)
	}
	fmt.Fprintln(w)
	for seat := cards.North; seat <= cards.West; seat++ {
		fmt.Fprintf(w, "%-10s", names.Long[seat])
		for _, v := range row(seat) {
			fmt.Fprintf(w, "%4s", v)
		}
		fmt.Fprintln(w)
	}
}

// writeHandText writes the analysis of a recorded hand for people.
func writeHandText(w io.Writer, s *projections.Session, h *game.Hand, a *ddhand.Analysis, at *string) error {
	names := compassNames()
	var b bytes.Buffer
	title := replay.Clean(s.Opened.Name)
	if title == "" {
		title = "Session " + s.ID
	}
	head := fmt.Sprintf("%s, hand %d: %s", title, h.Number, s.Rules.Info().Title)
	if h.Board != 0 {
		head += fmt.Sprintf(", board %d", h.Board)
	}
	head += ", dealer " + names.Long[h.Dealer]
	if at != nil {
		head += ", at " + *at
	}
	fmt.Fprintf(&b, "%s\n%s\n\n", replay.Escape(head), a.Deal.PBN(cards.North))
	if a.BySide {
		fmt.Fprintf(&b, "Double dummy: the tricks %s take, by the hand that leads and the trumps\n", names.Sides[cards.NS])
		writeLeadTable(&b, a.Table, names)
	} else {
		fmt.Fprintln(&b, "Double dummy: the tricks each hand takes as declarer, the hand on his left leading")
		writeDDTable(&b, a.Table, names)
		fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", a.Vul.Text(names.Side), replay.ParText(a.Par, names, false))
	}
	if p := a.Play; p != nil {
		writePlayText(&b, h, p, names)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writePlayText writes the play trick by trick, each card with its cost
// when it cost its side, and the counted side's tricks after each trick.
func writePlayText(b *bytes.Buffer, h *game.Hand, p *ddhand.Play, names replay.Names) {
	side := names.Sides[p.Side]
	fmt.Fprintln(b)
	if p.Declarer != cards.NoSeat {
		fmt.Fprintf(b, "%s by %s", replay.ContractShort(h.Contract, false), names.Long[p.Declarer])
		if h.Contract.Strain != p.Strain {
			fmt.Fprintf(b, " (%s for the solver)", p.Strain.Name())
		}
		fmt.Fprintf(b, ", %s leading: %s take %s with best play.\n", names.Long[p.Leader], side, replay.Count(p.Start, "trick"))
	} else {
		fmt.Fprintf(b, "%s trumps, %s leading: %s take %s with best play, %s %d.\n", capitalize(p.Strain.Name()), names.Long[p.Leader],
			side, replay.Count(p.Start, "trick"), names.Sides[1-p.Side], 13-p.Start)
	}
	cell := func(text string) string { return text + strings.Repeat(" ", max(1, 12-replay.Width(text))) }
	if len(p.Cards) > 0 {
		fmt.Fprintf(b, "After each trick, the tricks %s take in all (those won included) with best play\nfrom there. [−N] marks a card that cost its side N tricks.\n", side)
		fmt.Fprintf(b, "\nTrick  %s%s%s%s%s\n", cell("1st"), cell("2nd"), cell("3rd"), cell("4th"), side)
	}
	for i := 0; i < len(p.Cards); {
		trick := p.Cards[i].Trick
		line := fmt.Sprintf("%5d  ", trick+1)
		k := 0
		for ; i < len(p.Cards) && p.Cards[i].Trick == trick; i, k = i+1, k+1 {
			c := p.Cards[i]
			text := names.Short[c.Seat] + " " + replay.CardText(c.Card, false)
			if c.Cost > 0 {
				text += " [−" + strconv.Itoa(c.Cost) + "]"
			}
			line += cell(text)
		}
		line += strings.Repeat(cell(""), 4-k)
		fmt.Fprintf(b, "%s%d\n", line, p.Cards[i-1].Tricks)
	}
	if costly := p.Costly(); len(costly) > 0 {
		var cs []string
		for _, c := range costly {
			cs = append(cs, fmt.Sprintf("%s %s (%s) %s", names.Short[c.Seat], replay.CardText(c.Card, false),
				replay.CardMoment(h, c.Trick, c.Place), replay.Count(c.Cost, "trick")))
		}
		fmt.Fprintf(b, "\nCards that cost their side tricks: %s.\n", strings.Join(cs, "; "))
	} else if len(p.Cards) > 0 {
		fmt.Fprintln(b, "\nNo card cost its side a trick.")
	}
	if p.Recorded > len(p.Cards) && p.Stopped != nil {
		fmt.Fprintf(b, "Not analysed from %s on: %s.\n", replay.DDStoppedCard(p, names, false), p.Stop)
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
