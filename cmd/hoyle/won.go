package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
)

// wonOptions: hoyle won SEAT.
type wonOptions struct {
	IO  *Streams
	DB  *database
	Who string // a seat or a player's name, as typed
}

// newWonCmd builds the command: it binds the arguments to the options and
// calls runWon.
func newWonCmd(f *factory) *cobra.Command {
	opts := &wonOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "won SEAT",
		Short: "Record who won the trick just played, where the game's laws do not say which card wins",
		Long: `Record who won the trick whose cards are all played, in a game whose laws
as hoyle has them do not say which card wins a trick: Quinto, whose text in
Hoyle's Games Modernized (1909) breaks off before it does. The winner leads
to the next trick. In every other game hoyle names the winner itself and
refuses this.`,
		Example: `  hoyle play S4 S9 SK S2
  hoyle won N                      # North won the trick, and leads to the next
  hoyle won Ann                    # or by the player's name`,
		Args: exactArgs(1, "the seat (or player) who won the trick"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Who = args[0]
			return runWon(cmd.Context(), opts)
		},
	}
}

// runWon records the trick's winner, as the laws allow.
func runWon(ctx context.Context, opts *wonOptions) error {
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideTrickWon(stamp, opts.Who)
	})
}
