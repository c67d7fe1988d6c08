package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// honoursLong is the fixed part of honours' help; the holdings follow it,
// listed from the rulesets (see withRulesHelp).
const honoursLong = `Record the honours a side claims for the current hand, when its deal was not
recorded (with a recorded deal hoyle counts them itself). SIDE is NS or EW,
or WE or THEY as the session's score pad names them; at Humbug Whist, whose
players are its sides, a player (or his seat). Claim once the auction
is over (in whist, once the card is turned up). A mistaken claim is withdrawn
with undo. HOLDING is one of those the game's code of laws names.`

// honoursOptions are the arguments of hoyle honours.
type honoursOptions struct {
	IO      *Streams
	DB      *database
	Side    string // NS, EW, WE or THEY
	Holding string
}

// newHonoursCmd builds the command: it binds the flags to the options and calls runHonours.
func newHonoursCmd(f *factory) *cobra.Command {
	opts := &honoursOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "honours SIDE HOLDING",
		Short: "Record the honours a side claims at the table when the deal was not recorded",
		Example: `  hoyle honours NS 3
  hoyle honours they 4-in-one`,
		Args: exactArgs(2, "a side (NS, EW, WE or THEY; a player where the players are the sides) and a holding such as 3 or 4-in-one"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Side, opts.Holding = args[0], args[1]
			return runHonours(cmd.Context(), opts)
		},
	}
	withRulesHelp(f.DB, cmd, honoursLong, rulesHelp{about: honoursAbout,
		none: func(rs game.Ruleset) string {
			return fmt.Sprintf("%s scores no honours in this session: there is nothing to claim.", rs.Info().Title)
		},
		sessionHead: "The holdings of this session's game:", head: "The holdings, game by game:"})
	return cmd
}

// runHonours records the honours claimed by a side.
func runHonours(ctx context.Context, opts *honoursOptions) error {
	var side cards.Side
	return recordEntry(ctx, opts.IO, opts.DB, tableEntry{
		prepare: func(ctx context.Context, st events.Store, session string) (err error) {
			side, err = parseScoreSide(ctx, st, session, opts.Side)
			return err
		},
		decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideHonours(stamp, side, opts.Holding)
		},
	})
}

// parseScoreSide reads NS or EW, or WE or THEY by the session's option;
// where the sides are not the compass partnerships (Humbug Whist, whose
// players are its sides), a player or his seat.
func parseScoreSide(ctx context.Context, st events.Store, session, tok string) (cards.Side, error) {
	s, err := load.Tail(ctx, st, session)
	if err != nil {
		return cards.NoSide, err
	}
	compass := s.Seating().CompassSides()
	switch strings.ToUpper(strings.TrimSpace(tok)) {
	case "WE", "THEY":
		if !compass {
			break
		}
		we := replay.WeSide(s.Opts)
		if strings.EqualFold(strings.TrimSpace(tok), "they") {
			return 1 - we, nil
		}
		return we, nil
	}
	if compass {
		side, err := cards.ParseSide(tok)
		if err != nil {
			return cards.NoSide, usagef("%q is not a side: give NS, EW, WE or THEY", tok)
		}
		return side, nil
	}
	if seat, err := s.SeatOf(tok); err == nil {
		return s.Seating().SideOf(seat), nil
	}
	return cards.NoSide, usagef("%q is not a side: give a player, or his seat (%s)", tok, strings.Join(s.Seating().Names, ", "))
}
