package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// cutForDealLong is the fixed part of cut-for-deal's help; who deals by
// each game's laws follows it, from the rulesets (see withRulesHelp).
const cutForDealLong = `Record the cut for deal before the first hand: the card each player cut (or
drew from the spread pack), and the dealer it gives by the session's code of
laws, who deals the first hand. SEAT is the seat as the game names it (N, E,
S, W; A, B, C in Five Hundred) or the player's name; CARD is written as for
play (SA, h10, JK for the Joker). Every player cuts. A tie the law has cut
again is refused: record the new cut. A mistaken cut is withdrawn with undo.`

// cutForDealOptions are the arguments of hoyle cut-for-deal.
type cutForDealOptions struct {
	IO   *Streams
	DB   *database
	Cuts []string // SEAT=CARD
}

// newCutForDealCmd builds the command: it binds the flags to the options and calls runCutForDeal.
func newCutForDealCmd(f *factory) *cobra.Command {
	opts := &cutForDealOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "cut-for-deal SEAT=CARD...",
		Short: "Record the cut for deal: each player's card, and the first dealer it gives",
		Example: `  hoyle cut-for-deal N=D7 E=C2 S=HJ W=S4
  hoyle cut-for-deal Ann=JK Bob=SA Cy=H9`,
		Args: minArgs(1, "each player's cut as SEAT=CARD, such as N=D7 E=C2 S=HJ W=S4"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Cuts = args
			return runCutForDeal(cmd.Context(), opts)
		},
	}
	withRulesHelp(f.DB, cmd, cutForDealLong, rulesHelp{about: cutAbout,
		none: func(rs game.Ruleset) string {
			return fmt.Sprintf("%s has no cut for deal: the session names the first dealer.", rs.Info().Title)
		},
		sessionHead: "Who deals in this session's game:", head: "Who deals, game by game:"})
	return cmd
}

// runCutForDeal records the cuts and prints each and the dealer they give.
func runCutForDeal(ctx context.Context, opts *cutForDealOptions) error {
	var cuts []projections.CutSpec
	for _, a := range opts.Cuts {
		seat, card, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(seat) == "" || strings.TrimSpace(card) == "" {
			return usagef("%q: give each player's cut as SEAT=CARD, such as N=D7 or Ann=JK", a)
		}
		cuts = append(cuts, projections.CutSpec{Seat: strings.TrimSpace(seat), Card: strings.TrimSpace(card)})
	}
	s, err := opts.DB.record(ctx, tableEntry{decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCutForDeal(stamp, cuts)
	}})
	if err != nil {
		return err
	}
	for _, step := range s.Steps {
		if c, ok := step.Data.(*table.CutForDeal); ok {
			var parts []string
			for _, sc := range c.Cuts {
				label := s.Seating().Names[sc.Seat]
				if p := replay.Clean(s.Player(sc.Seat)); p != "" {
					label += " (" + p + ")"
				}
				parts = append(parts, label+" "+sc.Card.String())
			}
			fmt.Fprintf(opts.IO.Out, "cut for deal: %s\n", strings.Join(parts, ", "))
		}
	}
	printStatus(opts.IO, s)
	return nil
}
