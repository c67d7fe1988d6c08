package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/recorder"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newHonoursCmd)
}

func newHonoursCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "honours SIDE HOLDING",
		Short: "Record the honours a side claims at the table when the deal was not recorded",
		Long: `Record the honours a side claims for the current hand, when its deal was not
recorded (with a recorded deal hoyle counts them itself). SIDE is NS or EW,
or WE or THEY as the session's score pad names them. HOLDING is the game's:

  Auction Bridge 1913 (Law 6): 3 (simple honours), 4, 4-in-one, 5,
    5-4-in-one (four in one hand, the fifth in partner's), 5-in-one;
    at no trump 3, 4 or 4-in-one aces.
  Contract bridge, rubber and Chicago (Law 81): 4-in-one (four trump
    honours in one hand, or the four aces at no trumps), 5-in-one.

Claim once the auction is over. A mistaken claim is withdrawn with undo.`,
		Example: `  hoyle honours NS 3
  hoyle honours they 4-in-one`,
		Args: exactArgs(2, "a side (NS, EW, WE or THEY) and a holding such as 3 or 4-in-one"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return recordWith(cmd, g, func(r *recorder.Recorder, session string) ([]events.Envelope, error) {
				side, err := parseScoreSide(cmd, r.Store, session, args[0])
				if err != nil {
					return nil, err
				}
				return r.Honours(cmd.Context(), session, side, args[1])
			})
		},
	}
}

// parseScoreSide reads NS or EW, or WE or THEY by the session's option.
func parseScoreSide(cmd *cobra.Command, st events.Store, session, tok string) (cards.Side, error) {
	switch strings.ToUpper(strings.TrimSpace(tok)) {
	case "WE", "THEY":
		s, _, err := load(cmd.Context(), st, session)
		if err != nil {
			return cards.NoSide, err
		}
		we := replay.WeSide(s.Opts)
		if strings.EqualFold(tok, "they") {
			return 1 - we, nil
		}
		return we, nil
	}
	side, err := cards.ParseSide(tok)
	if err != nil {
		return cards.NoSide, usagef("%q is not a side: give NS, EW, WE or THEY", tok)
	}
	return side, nil
}
