package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// showOptions are the flags of hoyle show.
type showOptions struct {
	IO    *Streams
	DB    *database
	JSON  bool
	At    string
	Seats string
	ASCII bool
	Style string // glamour's style in a terminal; "" decides by the environment
	// Writeup shapes the write-up: --title, --hide, --no-play, --from,
	// --labels (moments by default: show is for reviewing).
	Writeup writeupFlags
	// shaped are the shaping flags given, which --json refuses.
	shaped []string
}

// newShowCmd builds the command: it binds the flags to the options and calls runShow.
func newShowCmd(f *factory) *cobra.Command {
	opts := &showOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "show [--at MOMENT] [--json] [--seats compass|foster] [--ascii] [--style dark|light|notty|ascii] [--title TEXT] [--hide SEATS] [--no-play] [--from MOMENT] [--labels none|moments] [--no-dd]",
		Short: "Show the table now, or at a moment: the hands, the auction, the play, the score",
		Long: `Show the current hand, or the table at a moment given by --at: the cards
remaining, the trick on the table, the auction so far, the score so far. A
moment is one of
  ` + replay.MomentSyntax + `.

In a terminal the hand is the Markdown write-up of hoyle export, rendered
with glamour and folded to the terminal's width (a table too wide becomes a
list); into a pipe it is the Markdown itself. --json prints the table as one
JSON object.

--seats foster names the seats by Foster's letters and turns the diagram so
that Z, the dealer, is at the bottom. The write-up is shaped as hoyle export
shapes it: --title, --hide, --no-play, --from; --labels moments (the
default here) gives each note its moment, as --at and note --at take it.

Under the diagram is the double-dummy analysis of the deal (the tricks
each hand takes as declarer in each strain, and par); in the play, a card
that cost its side tricks is marked [−N], and at a moment in the play the
position's value is given. --no-dd leaves it out.

The style is --style, else none with NO_COLOR set (https://no-color.org),
else GLAMOUR_STYLE, else light or dark by COLORFGBG's background, else
dark. hoyle never asks the terminal for its background: a terminal that
does not answer would hold show up, and at the record prompt eat what is
typed meanwhile.`,
		Example: `  hoyle show
  hoyle show --at 1.8              # the end position after trick 8 of hand 1
  hoyle show --at 1.a4 --json | jq .calls
  hoyle show --style light
  hoyle show --seats foster --from 1.8     # Z at the bottom; the play from trick 9`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.shaped = opts.Writeup.given(cmd.Flags())
			return runShow(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the table as JSON")
	cmd.Flags().StringVar(&opts.At, "at", "", "show the table at this moment: "+replay.MomentSyntax)
	cmd.Flags().StringVar(&opts.Seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&opts.ASCII, "ascii", false, "write suits as S H D C instead of symbols")
	cmd.Flags().StringVar(&opts.Style, "style", "", "in a terminal: dark, light, notty (no colour) or ascii (default: from NO_COLOR, GLAMOUR_STYLE, COLORFGBG, else dark)")
	opts.Writeup.bind(cmd.Flags(), markdown.LabelsMoments)
	return cmd
}

// runShow prints the table now or at a moment: JSON, the write-up in a terminal, or its Markdown.
func runShow(ctx context.Context, opts *showOptions) error {
	style, at, err := tableFlags(opts.Seats, opts.At)
	if err != nil {
		return err
	}
	term, err := termStyle(opts.IO, opts.Style)
	if err != nil {
		return err
	}
	if opts.JSON && len(opts.shaped) > 0 {
		return usagef("%s shape the write-up; --json prints the table as it stands", strings.Join(opts.shaped, ", "))
	}
	mdOpts := markdown.Options{Seats: style, ASCII: opts.ASCII}
	if err := opts.Writeup.options(&mdOpts); err != nil {
		return err
	}
	mdOpts.DD = opts.DB.dd(dd.Config{})
	if opts.IO.AtPrompt {
		// The record prompt never waits for the solver: the table at
		// once, the analysis when it is ready.
		mdOpts.DD = opts.DB.ddReady(dd.Config{})
	}
	return opts.DB.withHand(ctx, 0, handOf(at, 0, mdOpts.From), func(w *load.Window) error { return show(opts, w, at, mdOpts, term) })
}

// show prints the table at the moment at (nil: now) of a session read for
// that moment's hand, written up with mdOpts.
func show(opts *showOptions, w *load.Window, at *replay.Moment, mdOpts markdown.Options, term markdown.TermOptions) error {
	s, envs := w.Session, w.Envs
	state := s
	if at != nil {
		p, err := replay.Resolve(s, *at)
		if err != nil {
			return err
		}
		if state, err = replay.FoldAt(s, envs, p); err != nil {
			return err
		}
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.NewShow(state, at))
	}
	h := state.Current()
	if h == nil {
		fmt.Fprintln(opts.IO.Out, replay.Clean(replay.StatusLine(state)))
		return nil
	}
	mdOpts.Hand, mdOpts.At = h.Number, at
	if opts.IO.OutTTY {
		mdOpts.Width = term.Width
	}
	if at == nil && h.Phase != game.PhaseDone {
		// A hand in progress is shown as it stands: the cards still held.
		c, err := replay.NewCursor(envs, s, h.Number)
		if err != nil {
			return err
		}
		c.Last()
		m := c.Point().Moment
		mdOpts.At = &m
	}
	md, err := markdown.RenderFolded(s, envs, mdOpts)
	if err != nil {
		return err
	}
	if !opts.IO.OutTTY {
		_, err := opts.IO.Out.Write(md)
		return err
	}
	out, err := markdown.Terminal(md, term)
	if err != nil {
		return err
	}
	_, err = opts.IO.Out.Write(out)
	return err
}

// terminalWidth is the terminal's width in columns, else COLUMNS, else 80.
func terminalWidth(streams *Streams) int {
	if streams.Width > 20 {
		return streams.Width
	}
	if w, err := strconv.Atoi(streams.Getenv("COLUMNS")); err == nil && w > 20 {
		return w
	}
	return 80
}

// plainStyles are the styles without colour.
var plainStyles = []string{"notty", "ascii"}

// termStyle decides how glamour draws for this terminal without asking the
// terminal anything: --style, else no colour when NO_COLOR is set, else the
// style GLAMOUR_STYLE names, else light or dark by the background COLORFGBG
// gives, else dark. (termenv's HasDarkBackground asks with an OSC 11 query
// and waits five seconds for a terminal that does not answer; inside the
// record prompt, its wait would eat keys typed meanwhile.) The width is the
// terminal's, or COLUMNS, at most 120.
func termStyle(streams *Streams, flag string) (markdown.TermOptions, error) {
	o := markdown.TermOptions{Style: "dark", Width: min(terminalWidth(streams), 120)}
	switch {
	case flag != "":
		if !slices.Contains(markdown.Styles(), flag) {
			return o, usagef("--style %q: the styles are dark, light, notty and ascii (and glamour's %s)", flag, strings.Join(markdown.Styles(), ", "))
		}
		o.Style = flag
	case streams.Getenv("NO_COLOR") != "":
		o.Style = "notty"
	case slices.Contains(markdown.Styles(), streams.Getenv("GLAMOUR_STYLE")):
		o.Style = streams.Getenv("GLAMOUR_STYLE")
	case lightBackground(streams.Getenv("COLORFGBG")):
		o.Style = "light"
	}
	o.Profile = termenv.Ascii
	if !slices.Contains(plainStyles, o.Style) {
		o.Profile = termenv.NewOutput(streams.Out, termenv.WithEnvironment(ioEnviron{streams}), termenv.WithTTY(streams.OutTTY)).EnvColorProfile()
	}
	return o, nil
}

// lightBackground reads COLORFGBG ("15;0": white on black), which rxvt,
// Konsole and others set: the last field is the background's ANSI colour,
// and 7 (white) and 9 to 15 (the bright colours but dark grey) are light.
func lightBackground(colorfgbg string) bool {
	fields := strings.Split(colorfgbg, ";")
	if len(fields) < 2 {
		return false
	}
	bg, err := strconv.Atoi(fields[len(fields)-1])
	return err == nil && (bg == 7 || (bg >= 9 && bg <= 15))
}

// ioEnviron lets termenv read the environment through the command's Streams.
type ioEnviron struct{ streams *Streams }

// Environ implements termenv.Environ; termenv reads variables only by
// Getenv.
func (e ioEnviron) Environ() []string { return nil }

// Getenv implements termenv.Environ, through Streams.
func (e ioEnviron) Getenv(key string) string { return e.streams.Getenv(key) }
