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
)

// closeOptions are the arguments of hoyle close.
type closeOptions struct {
	IO     *Streams
	DB     *database
	Reason string
}

// newCloseCmd builds the command: it binds the flags to the options and calls runClose.
func newCloseCmd(f *factory) *cobra.Command {
	opts := &closeOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "close [REASON...]",
		Short: "End the session by agreement; an unfinished rubber is made up by its code's law",
		Long: `End the session by agreement. No hand may be dealt after it. A rubber left
unfinished is made up by the law of the session's code (Auction Bridge 1913:
Law 11, 125 to the winners of a game; rubber bridge: Law 80). A hand in
progress must be finished, or undone, first. The score sheet is printed.`,
		Example: `  hoyle close "stopped at midnight"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Reason = strings.Join(args, " ")
			return runClose(cmd.Context(), opts)
		},
	}
}

// runClose records the close, then prints the score sheet as the close made it up.
func runClose(ctx context.Context, opts *closeOptions) error {
	if _, err := opts.DB.record(ctx, tableEntry{decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideClose(stamp, opts.Reason)
	}}); err != nil {
		return err
	}
	var s *projections.Session
	if err := opts.DB.read(ctx, func(st events.Store, session string) (err error) {
		s, err = load.Summary(ctx, st, session)
		return err
	}); err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.Out, "session closed")
	fmt.Fprint(opts.IO.Out, replay.ScorePad(s, replay.PadColumn))
	return nil
}
