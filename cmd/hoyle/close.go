package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newCloseCmd)
}

func newCloseCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "close [REASON...]",
		Short: "End the session by agreement; an unfinished rubber is made up by its code's law",
		Long: `End the session by agreement. No hand may be dealt after it. A rubber left
unfinished is made up by the law of the session's code (Auction Bridge 1913:
Law 11, 125 to the winners of a game; rubber bridge: Law 80). A hand in
progress must be finished, or undone, first. The score sheet is printed.`,
		Example: `  hoyle close "stopped at midnight"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withSession(cmd.Context(), true, func(st *bolt.Store, session string) error {
				if _, err := recorder.New(st).Close(cmd.Context(), session, joinArgs(args)); err != nil {
					return err
				}
				s, err := load.Stream(cmd.Context(), st, session)
				if err != nil {
					return err
				}
				fmt.Fprintln(g.io.Out, "session closed")
				fmt.Fprint(g.io.Out, replay.ScorePad(s, replay.PadColumn))
				return nil
			})
		},
	}
}
