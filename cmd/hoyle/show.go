package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newShowCmd)
}

type showOptions struct {
	*globals
	json  bool
	at    string
	seats string
	ascii bool
}

// showView is `show --json`: the View's fields as they always were, the
// moment shown (when --at is given) and the score so far, its sides named
// by the game's seating (A, B, C at Five Hundred; NS and EW at bridge).
type showView struct {
	replay.View
	At    *string          `json:"at,omitempty"`
	Score replay.ScoreView `json:"score"`
}

func newShowCmd(g *globals) *cobra.Command {
	o := &showOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "show [--at MOMENT] [--json] [--seats compass|foster] [--ascii]",
		Short: "Show the table now, or at a moment: the hands, the auction, the play, the score",
		Long: `Show the current hand, or the table at a moment given by --at: the cards
remaining, the trick on the table, the auction so far, the score so far. A
moment is one of
  ` + replay.MomentSyntax + `.

In a terminal the hand is the Markdown write-up of hoyle export, rendered
with colours for a dark or light background (GLAMOUR_STYLE names another
style); with NO_COLOR set it is rendered without colour, and into a pipe it
is the Markdown itself. --json prints the table as one JSON object.`,
		Example: `  hoyle show
  hoyle show --at 1.8              # the end position after trick 8 of hand 1
  hoyle show --at 1.a4 --json | jq .calls`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runShow(cmd, o) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the table as JSON")
	cmd.Flags().StringVar(&o.at, "at", "", "show the table at this moment: "+replay.MomentSyntax)
	cmd.Flags().StringVar(&o.seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "write suits as S H D C instead of symbols")
	return cmd
}

func runShow(cmd *cobra.Command, o *showOptions) error {
	style, at, err := tableFlags(o.seats, o.at)
	if err != nil {
		return err
	}
	return o.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
		s, envs, err := load.Session(cmd.Context(), st, session)
		if err != nil {
			return err
		}
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
		if o.json {
			v := showView{View: replay.NewView(state), Score: replay.NewScoreView(state)}
			if at != nil {
				m := at.String()
				v.At = &m
			}
			enc := json.NewEncoder(o.io.Out)
			enc.SetIndent("", "  ")
			return enc.Encode(v)
		}
		h := state.Current()
		if h == nil {
			fmt.Fprintln(o.io.Out, replay.Clean(replay.StatusLine(state)))
			return nil
		}
		opts := markdown.Options{Hand: h.Number, At: at, Seats: style, ASCII: o.ascii}
		if at == nil && h.Phase != game.PhaseDone {
			// A hand in progress is shown as it stands: the cards still held.
			c, err := replay.NewCursor(envs, s, h.Number)
			if err != nil {
				return err
			}
			c.Last()
			m := c.Point().Moment
			opts.At = &m
		}
		var md bytes.Buffer
		if err := markdown.Write(&md, envs, opts); err != nil {
			return err
		}
		if !o.io.IsTerminal {
			_, err := o.io.Out.Write(md.Bytes())
			return err
		}
		out, err := markdown.Terminal(md.Bytes(), showTermOptions(o.io))
		if err != nil {
			return err
		}
		_, err = o.io.Out.Write(out)
		return err
	})
}

// showTermOptions picks how glamour draws for this terminal: no colour when
// NO_COLOR is set (https://no-color.org), else the style GLAMOUR_STYLE names
// if glamour has it, else dark or light by the terminal's background; the
// width is the terminal's.
func showTermOptions(io *IO) markdown.TermOptions {
	o := markdown.TermOptions{Style: "notty", Profile: termenv.Ascii, Width: 80}
	f, isFile := io.Out.(*os.File)
	if isFile && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 20 {
			o.Width = min(w, 120)
		}
	} else if w, err := strconv.Atoi(io.Getenv("COLUMNS")); err == nil && w > 20 {
		o.Width = min(w, 120)
	}
	if io.Getenv("NO_COLOR") != "" {
		return o
	}
	named := false
	for _, name := range markdown.Styles() {
		if name == io.Getenv("GLAMOUR_STYLE") {
			o.Style, named = name, true
		}
	}
	if !named {
		o.Style = "light"
		if !isFile || termenv.NewOutput(f).HasDarkBackground() {
			o.Style = "dark"
		}
	}
	o.Profile = termenv.ANSI256
	if isFile {
		o.Profile = termenv.NewOutput(f, termenv.WithEnvironment(ioEnviron{io})).EnvColorProfile()
	}
	return o
}

// ioEnviron lets termenv read the environment through IO.
type ioEnviron struct{ io *IO }

// Environ implements termenv.Environ.
func (e ioEnviron) Environ() []string { return os.Environ() }

// Getenv implements termenv.Environ, through IO.
func (e ioEnviron) Getenv(key string) string { return e.io.Getenv(key) }
