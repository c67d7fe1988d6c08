package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

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
	JSON   bool
}

// newMovementCmd builds the command: it binds the flags to the options and calls runMovement.
func newMovementCmd(f *factory) *cobra.Command {
	opts := &movementOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "movement mitchell|howell|progressive|pivot [--tables N] [--boards B] [--json]",
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

--boards is the boards (or deals) a round. The plan names the movement as
hoyle new --movement takes it (mitchell:7x2); a table recorded under it
has its boards checked at each deal, and hoyle compare names the pairs by
their numbers in the plan.`,
		Example: `  hoyle movement mitchell --tables 7 --boards 2
  hoyle movement howell --tables 4 --boards 3
  hoyle movement progressive --tables 5 --boards 4
  hoyle movement pivot`,
		Args: exactArgs(1, "the movement: mitchell, howell, progressive or pivot"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Kind = args[0]
			return runMovement(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Tables, "tables", 0, "the number of tables")
	cmd.Flags().IntVar(&opts.Boards, "boards", 0, "boards (or deals) a round; at a pivot, deals between changes of partner (0: after each rubber)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the plan as JSON")
	return cmd
}

// runMovement works the plan out and prints it.
func runMovement(_ context.Context, opts *movementOptions) error {
	spec := movement.Spec{Kind: movement.Kind(opts.Kind), Tables: opts.Tables, Boards: opts.Boards}
	if spec.Kind == movement.Pivot {
		spec.Tables = 1
	}
	plan, err := spec.Plan()
	if err != nil {
		return usageError{fmt.Errorf("hoyle movement %s --tables %d --boards %d: %w", opts.Kind, opts.Tables, opts.Boards, err)}
	}
	if !opts.JSON {
		_, err := fmt.Fprint(opts.IO.Out, replay.MovementText(plan))
		return err
	}
	return jsonview.Write(opts.IO.Out, jsonview.NewMovement(spec, plan))
}
