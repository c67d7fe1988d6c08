package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// scoreOptions are the flags of hoyle score.
type scoreOptions struct {
	IO      *Streams
	DB      *database
	JSON    bool
	Style   string
	Explain bool
}

// newScoreCmd builds the command: it binds the flags to the options and calls runScore.
func newScoreCmd(f *factory) *cobra.Command {
	opts := &scoreOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "score [--json] [--style column|split] [--explain]",
		Short: "Show the session's score sheet: the score pad, or boards at duplicate",
		Long: `Show the score sheet of the session, folded from its log by the session's
code of laws. Without --json it is the score pad as players draw it: WE and
THEY columns (WE is North-South unless the session says otherwise), honours
and premiums above the line, tricks below it with a line under each game
(and beside it which game it ends, and whose), the totals and the rubber's
value; a Chicago is headed by its four deals. --style split draws Foster's
other pad, tricks beside the premiums (the honour score, in the older
codes). --explain lists every entry with the law that produced it.
Duplicate sessions show a table of boards. In a terminal the views fold to
its width.`,
		Example: `  hoyle score
  hoyle score --style split
  hoyle score --json | jq '.rubbers[0].points'`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runScore(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the score sheet as JSON")
	cmd.Flags().StringVar(&opts.Style, "style", "column", "score pad style: column (one column a side) or split (tricks and honours side by side)")
	cmd.Flags().BoolVar(&opts.Explain, "explain", false, "list every entry with the law that produced it")
	return cmd
}

// runScore prints the score sheet: the pad, or JSON.
func runScore(ctx context.Context, opts *scoreOptions) error {
	var style replay.PadStyle
	switch strings.ToLower(opts.Style) {
	case "column", "columns":
		style = replay.PadColumn
	case "split":
		style = replay.PadSplit
	default:
		return usagef("--style %q: a score pad style is column or split", opts.Style)
	}
	var s *projections.Session
	if err := opts.DB.read(ctx, func(st events.Store, session string) (err error) {
		s, err = load.Scored(ctx, st, session) // the score from the checkpoint: not every hand
		return err
	}); err != nil {
		return err
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, jsonview.NewScoreView(s))
	}
	// In a terminal the views fold to its width; into a pipe they are
	// drawn whole.
	width := 0
	if opts.IO.OutTTY {
		width = terminalWidth(opts.IO)
	}
	fmt.Fprint(opts.IO.Out, replay.ScorePadFit(s, style, width))
	if opts.Explain {
		fmt.Fprint(opts.IO.Out, "\n"+replay.ExplainScoreFit(s.Score(), s.Seating(), replay.WeSide(s.Opts), width))
	}
	return nil
}
