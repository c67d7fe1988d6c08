package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// movementOptions: hoyle movement KIND --tables N --boards B [--json].
type movementOptions struct {
	IO     *Streams
	Kind   string
	Tables int
	Boards int
	// Pairs sizes a Mitchell or a Howell by its pairs (odd: a sit-out).
	Pairs int
	// ArrowSwitch is the Mitchell rounds to arrow-switch: "3,6" or "last".
	ArrowSwitch string
	JSON        bool
	DB          *database
	Event       string // swiss: the event whose standings are drawn from
	VP          string // swiss: the VP scale the standings are ranked by
}

// newMovementCmd builds the command: it binds the flags to the options and calls runMovement.
func newMovementCmd(f *factory) *cobra.Command {
	opts := &movementOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "movement mitchell|howell|progressive|pivot|swiss [--tables N | --pairs P] [--boards B] [--arrow-switch ROUNDS] [--event E] [--json]",
		Short: "Print a movement's plan: the pairs and boards at each table, round by round",
		Long: `Print the plan of a movement for an event played at several tables: round
by round, which pairs sit at each table and which boards they play.

  mitchell     the North-South pairs sit still, the East-West pairs move up
               a table and the boards down a table each round; with an even
               number of tables, a relay and a bye stand (the plan says)
  howell       every pair meets every other and plays every board once:
               2N pairs at N tables in 2N-1 rounds
  progressive  Foster's Progressive Bridge: the East-West pairs move up a
               table after every --boards deals; each table deals its own
  pivot        one table: the first dealer sits still and the others move
               round her after each rubber (or every --boards deals)
  swiss        a Swiss teams event's next round, drawn from the standings
               of --event E (hoyle compare's ranking by VPs): top-down,
               each team against the best-placed one below it it has not
               met, stepping back where that would leave two teams who
               have met; with an odd number, a bye for the lowest team
               without one

--boards is the boards (or deals) a round. A Mitchell or a Howell is sized
by --tables or by --pairs: an odd number of pairs makes a phantom pair,
and the pair due to meet it sits out that round (a Howell of 4 to 30
pairs, a Mitchell of 4 to 60). --arrow-switch 3,6 (or last) turns a
Mitchell's pairs round in those rounds: the East-West pairs sit
North-South, so every pair plays both ways and one field can be ranked.
--json gives the plan as data, a sit-out marked. The plan names the movement as
hoyle new --movement takes it (mitchell:7x2); a table recorded under it
has its boards checked at each deal, and hoyle compare names the pairs by
their numbers in the plan.`,
		Example: `  hoyle movement mitchell --tables 7 --boards 2
  hoyle movement howell --tables 4 --boards 3
  hoyle movement mitchell --pairs 13 --boards 3 --arrow-switch last
  hoyle movement howell --pairs 9 --boards 2 --json
  hoyle movement progressive --tables 5 --boards 4
  hoyle movement pivot
  hoyle movement swiss --event "Swiss teams"`,
		Args: exactArgs(1, "the movement: mitchell, howell, progressive, pivot or swiss"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Kind = args[0]
			if opts.Kind == "swiss" {
				return runSwiss(cmd.Context(), opts)
			}
			return runMovement(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Tables, "tables", 0, "the number of tables")
	cmd.Flags().IntVar(&opts.Boards, "boards", 0, "boards (or deals) a round; at a pivot, deals between changes of partner (0: after each rubber)")
	cmd.Flags().IntVar(&opts.Pairs, "pairs", 0, "the number of pairs of a Mitchell or a Howell, instead of --tables (odd: a sit-out)")
	cmd.Flags().StringVar(&opts.ArrowSwitch, "arrow-switch", "", "the Mitchell rounds to arrow-switch: 3,6 or last")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the plan as JSON")
	cmd.Flags().StringVar(&opts.Event, "event", "", "swiss: the event whose standings the next round is drawn from")
	cmd.Flags().StringVar(&opts.VP, "vp", compare.VPContinuous, "swiss: the Victory Point scale of the standings (continuous or discrete)")
	return cmd
}

// runMovement works the plan out and prints it.
func runMovement(_ context.Context, opts *movementOptions) error {
	spec, err := movementSpec(opts)
	if err != nil {
		return usageError{fmt.Errorf("hoyle movement %s%s: %w", opts.Kind, movementArgs(opts), err)}
	}
	plan, err := spec.Plan()
	if err != nil {
		return usageError{fmt.Errorf("hoyle movement %s%s: %w", opts.Kind, movementArgs(opts), err)}
	}
	if !opts.JSON {
		_, err := fmt.Fprint(opts.IO.Out, replay.MovementText(plan))
		return err
	}
	return jsonview.Write(opts.IO.Out, jsonview.NewMovement(spec, plan))
}

// movementSpec is the movement the flags describe: --tables or --pairs,
// --boards, --arrow-switch.
func movementSpec(opts *movementOptions) (movement.Spec, error) {
	spec := movement.Spec{Kind: movement.Kind(opts.Kind), Tables: opts.Tables, Boards: opts.Boards}
	if spec.Kind == movement.Pivot {
		spec.Tables = 1
	}
	var err error
	if opts.Pairs != 0 {
		if spec, err = spec.WithPairs(opts.Pairs, opts.Tables); err != nil {
			return spec, err
		}
	}
	if opts.ArrowSwitch != "" {
		if err := spec.Check(); err != nil {
			return spec, err // the size first: the rounds are counted from it
		}
		if spec, err = spec.WithArrow(opts.ArrowSwitch); err != nil {
			return spec, err
		}
	}
	return spec, nil
}

// movementArgs writes the flags given, for an error message.
func movementArgs(opts *movementOptions) string {
	var out string
	if opts.Tables != 0 || opts.Pairs == 0 {
		out += fmt.Sprintf(" --tables %d", opts.Tables)
	}
	if opts.Pairs != 0 {
		out += fmt.Sprintf(" --pairs %d", opts.Pairs)
	}
	out += fmt.Sprintf(" --boards %d", opts.Boards)
	if opts.ArrowSwitch != "" {
		out += " --arrow-switch " + opts.ArrowSwitch
	}
	return out
}
