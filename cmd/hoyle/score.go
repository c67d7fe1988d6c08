package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newScoreCmd)
}

type scoreOptions struct {
	*globals
	json    bool
	style   string
	explain bool
}

func newScoreCmd(g *globals) *cobra.Command {
	o := &scoreOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "score [--json] [--style column|split] [--explain]",
		Short: "Show the session's score sheet: the score pad, or boards at duplicate",
		Long: `Show the score sheet of the session, folded from its log by the session's
code of laws. Without --json it is the score pad as players draw it: WE and
THEY columns (WE is North-South unless the session says otherwise), honours
and premiums above the line, tricks below it with a line under each game,
the totals and the rubber's value. --style split draws Foster's other pad,
tricks and honours side by side. --explain lists every entry with the law
that produced it. Duplicate sessions show a table of boards.`,
		Example: `  hoyle score
  hoyle score --style split
  hoyle score --json | jq '.rubbers[0].points'`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runScore(cmd, o) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the score sheet as JSON")
	cmd.Flags().StringVar(&o.style, "style", "column", "score pad style: column (one column a side) or split (tricks and honours side by side)")
	cmd.Flags().BoolVar(&o.explain, "explain", false, "list every entry with the law that produced it")
	return cmd
}

func runScore(cmd *cobra.Command, o *scoreOptions) error {
	var style replay.PadStyle
	switch strings.ToLower(o.style) {
	case "column", "columns":
		style = replay.PadColumn
	case "split":
		style = replay.PadSplit
	default:
		return usagef("--style %q: a score pad style is column or split", o.style)
	}
	return o.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
		s, err := load.Stream(cmd.Context(), st, session)
		if err != nil {
			return err
		}
		if o.json {
			enc := json.NewEncoder(o.io.Out)
			enc.SetIndent("", "  ")
			return enc.Encode(replay.NewScoreView(s))
		}
		fmt.Fprint(o.io.Out, replay.ScorePad(s, style))
		if o.explain {
			fmt.Fprint(o.io.Out, "\n"+replay.ExplainScore(s.Score(), s.Seating(), replay.WeSide(s.Opts)))
		}
		return nil
	})
}
