package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/replay"
)

// movementOptions: hoyle movement KIND --tables N --boards B [--json].
type movementOptions struct {
	IO     *Streams
	Kind   string
	Tables int
	Boards int
	JSON   bool
	DB     *database
	Event  string // swiss: the event whose standings are drawn from
	VP     string // swiss: the VP scale the standings are ranked by
}

// newMovementCmd builds the command: it binds the flags to the options and calls runMovement.
func newMovementCmd(f *factory) *cobra.Command {
	opts := &movementOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "movement mitchell|howell|progressive|pivot|swiss [--tables N] [--boards B] [--event E] [--json]",
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

--boards is the boards (or deals) a round. The plan names the movement as
hoyle new --movement takes it (mitchell:7x2); a table recorded under it
has its boards checked at each deal, and hoyle compare names the pairs by
their numbers in the plan.`,
		Example: `  hoyle movement mitchell --tables 7 --boards 2
  hoyle movement howell --tables 4 --boards 3
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
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the plan as JSON")
	cmd.Flags().StringVar(&opts.Event, "event", "", "swiss: the event whose standings the next round is drawn from")
	cmd.Flags().StringVar(&opts.VP, "vp", compare.VPContinuous, "swiss: the Victory Point scale of the standings (continuous or discrete)")
	return cmd
}

// movementJSON is hoyle movement --json.
type movementJSON struct {
	Movement string        `json:"movement"`
	Tables   int           `json:"tables"`
	Rounds   int           `json:"rounds"`
	Boards   int           `json:"boards"`
	Copies   int           `json:"copies"`
	Sittings []sittingJSON `json:"sittings"`
	Bye      []int         `json:"bye_sets,omitempty"`
}

type sittingJSON struct {
	Round  int    `json:"round"`
	Table  int    `json:"table"`
	NS     string `json:"ns"`
	EW     string `json:"ew"`
	First  int    `json:"first_board,omitempty"`
	Last   int    `json:"last_board,omitempty"`
	Shares []int  `json:"shares_with,omitempty"`
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
	out := movementJSON{Movement: spec.String(), Tables: spec.Tables, Rounds: plan.Rounds, Boards: plan.TotalBoards(),
		Copies: plan.Copies, Bye: plan.Bye, Sittings: []sittingJSON{}}
	for _, row := range plan.Sittings {
		for _, st := range row {
			sj := sittingJSON{Round: st.Round, Table: st.Table, First: st.First, Last: st.Last, Shares: st.Shares}
			if st.NS.Number > 0 {
				sj.NS, sj.EW = st.NS.String(), st.EW.String()
			}
			out.Sittings = append(out.Sittings, sj)
		}
	}
	enc := json.NewEncoder(opts.IO.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
