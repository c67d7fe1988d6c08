package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/ruling"
	"github.com/hoyle/hoyle/replay"
)

// adjustOptions: hoyle adjust --board N [SCORE...] [--procedural SIDE=N...] [--by NAME] [--retract].
type adjustOptions struct {
	IO         *Streams
	DB         *database
	Board      int
	Score      []string
	Procedural []string
	By         string
	Retract    bool
}

// newAdjustCmd builds the command: it binds the flags to the options and calls runAdjust.
func newAdjustCmd(f *factory) *cobra.Command {
	opts := &adjustOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "adjust --event E --table T --board N [SCORE...] [--procedural SIDE=N...] [--by NAME] [--retract]",
		Short: "Record a director's ruling on a board: an adjusted score or a procedural penalty",
		Long: `Record a director's ruling on a board played at a table, by the Laws of
Duplicate Bridge (2017), in that table's session (give --event and --table,
or --session). compare scores the board by it; undo, or adjust --retract,
withdraws it (it stays in the log).

  NS=avg+ EW=avg-          an artificial adjusted score (Law 12C2): avg+,
                           avg or avg- for each side (60/50/40% of the top
                           at pairs, +3/0/-3 IMPs at teams); the two need
                           not balance. One side alone gives the other the
                           complement; "avg" alone is for both.
  NS=55%                   a percentage of the top (pairs)
  NS=+3                    IMPs (teams)
  "4S N 10"                an assigned adjusted score (Law 12C1(b)),
                           scored as if played: contract, declarer, tricks
  "4S N 10=60%,4S N 9=40%" a weighted score (Law 12C1(c)): each result's
                           matchpoints (or IMPs) weighted; the weights add
                           up to 100%
  --procedural NS=2        a procedural penalty (Law 90), taken from the
                           side's total after the board is scored:
                           matchpoints or a percentage of the top (10%) at
                           pairs, IMPs or VPs (1VP) at teams

The board must be one the table played: one its session dealt, or one the
movement brings to it. hoyle help scoring says how compare scores each.`,
		Example: `  hoyle adjust --event Tuesday --table 2 --board 5 NS=avg+ EW=avg-
  hoyle adjust --event Tuesday --table 1 --board 3 NS=55%
  hoyle adjust --event Tuesday --table 3 --board 7 "4S N 10=60%,4S N 9=40%"
  hoyle adjust --event League --table 2 --board 4 NS=+3
  hoyle adjust --event Tuesday --table 2 --board 5 --procedural EW=10%
  hoyle adjust --event Tuesday --table 2 --board 5 --retract`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Score = args
			return runAdjust(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Board, "board", 0, "the board ruled on")
	cmd.Flags().StringArrayVar(&opts.Procedural, "procedural", nil, "a procedural penalty (Law 90) as SIDE=N: NS=2, EW=10%, NS=1VP (repeatable)")
	cmd.Flags().StringVar(&opts.By, "by", "", "the director")
	cmd.Flags().BoolVar(&opts.Retract, "retract", false, "withdraw the latest ruling in force on the board")
	return cmd
}

// runAdjust records the ruling and says what was recorded.
func runAdjust(ctx context.Context, opts *adjustOptions) error {
	switch {
	case opts.Board < 1:
		return usagef("--board N: the board ruled on, numbered from 1")
	case opts.Retract && (len(opts.Score) > 0 || len(opts.Procedural) > 0):
		return usagef("--retract withdraws the latest ruling on the board; give no score or penalty with it")
	}
	spec := ruling.Spec{Board: opts.Board, Score: opts.Score, Procedural: opts.Procedural, By: opts.By, Retract: opts.Retract}
	var said []string
	_, err := opts.DB.record(ctx, tableEntry{anyTurn: true, decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		evs, err := ruling.Decide(s, stamp, spec)
		if err != nil {
			return nil, err
		}
		said = said[:0]
		where := "table " + s.Placement().Table
		for _, ev := range evs {
			switch p := ev.Data.(type) {
			case *table.RulingAdjusted:
				said = append(said, fmt.Sprintf("board %d, %s: %s, %s", p.Board, where, ruling.Text(*p), p.Law))
			case *table.Retracted:
				for _, r := range s.Rulings {
					if r.ID == p.Target {
						said = append(said, fmt.Sprintf("withdrew the ruling on board %d, %s: %s", r.Board, where, ruling.Text(r.RulingAdjusted)))
					}
				}
			}
		}
		return evs, nil
	}})
	if err != nil {
		return err
	}
	for _, line := range said {
		fmt.Fprintln(opts.IO.Out, replay.Clean(line))
	}
	return nil
}
