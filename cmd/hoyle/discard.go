package main

import (
	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/recorder"
)

func init() {
	register(newDiscardCmd)
}

func newDiscardCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "discard CARD...",
		Short: "Record the cards the bidder lays away after taking the widow (Five Hundred)",
		Long: `Record the cards the player to act lays away: in Five Hundred the bidder
takes the widow into his hand and lays away three cards face down, then
leads. Cards are written as for play (C7, d10, JK for the Joker). If the
discard is not allowed, nothing is recorded.`,
		Example: `  hoyle discard C7 C8 D9`,
		Args:    minArgs(1, "the cards laid away, such as C7 C8 D9"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Discard(cmd.Context(), s, args)
			})
		},
	}
}
