package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newReplayCmd)
}

type replayOptions struct {
	*globals
	at    string
	hand  int
	seats string
	ascii bool
}

func newReplayCmd(g *globals) *cobra.Command {
	o := &replayOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "replay [--at MOMENT] [--hand N] [--seats compass|foster] [--ascii]",
		Short: "Step through a hand, card by card and trick by trick, forwards and backwards",
		Long: `Step through a hand as it was played: the deal, each call, each card, with
the cards remaining, the auction so far, the trick on the table and the score
so far. Notes show when the step they are on is reached.

In a terminal, keys move: → or space next, ← or b back, ↓ or n to the end of
the next trick, ↑ or p back a trick, g the deal, G the end, j to jump to a
moment (in any hand), q to quit. Not in a terminal (a pipe, a file), replay
prints the table at the starting moment and then every later step of the
hand on a line, with its notes.

--at starts at a moment, one of
  ` + replay.MomentSyntax + `.
--hand starts at the deal of hand N (default: the latest hand).`,
		Example: `  hoyle replay
  hoyle replay --at 1.a12
  hoyle replay --at 2.7 | less`,
		Args: exactArgs(0, "no arguments; the moment is --at"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runReplay(cmd, o) },
	}
	cmd.Flags().StringVar(&o.at, "at", "", "start at this moment: "+replay.MomentSyntax)
	cmd.Flags().IntVar(&o.hand, "hand", 0, "replay this hand (default: the latest, or the hand of --at)")
	cmd.Flags().StringVar(&o.seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "write suits as S H D C instead of symbols")
	return cmd
}

func runReplay(cmd *cobra.Command, o *replayOptions) error {
	style, at, err := tableFlags(o.seats, o.at)
	if err != nil {
		return err
	}
	if cmd.Flags().Changed("hand") && o.hand < 1 {
		return usagef("--hand %d: hands are numbered from 1", o.hand)
	}
	return o.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
		s, envs, err := load.Session(cmd.Context(), st, session)
		if err != nil {
			return err
		}
		hand := o.hand
		var start *replay.Point
		if at != nil {
			p, err := replay.Resolve(s, *at)
			if err != nil {
				return err
			}
			if p.Hand == 0 {
				return &replay.MomentError{Moment: *at, Reason: "it is before the first deal"}
			}
			if hand != 0 && hand != p.Hand {
				return usagef("--at %s is in hand %d, not hand %d", at, p.Hand, hand)
			}
			hand, start = p.Hand, &p
		}
		if hand == 0 {
			hand = len(s.Hands)
		}
		if hand == 0 {
			return fmt.Errorf("%w: no hand has been dealt in this session yet", replay.ErrNoMoment)
		}
		c, err := replay.NewCursor(envs, s, hand)
		if err != nil {
			return err
		}
		if start != nil {
			if err := c.JumpTo(*start); err != nil {
				return err
			}
		}
		opts := replay.FrameOptions{Seats: style, ASCII: o.ascii}
		in, isFile := o.io.In.(*os.File)
		if !o.io.IsTerminal || !isFile || !replay.IsTerminal(in) {
			return replay.Transcript(o.io.Out, c, opts)
		}
		restore, err := replay.MakeRaw(in)
		if err != nil {
			return replay.Transcript(o.io.Out, c, opts)
		}
		defer restore()
		return (&replay.Stepper{Cursor: c, Options: opts, In: in, Out: o.io.Out}).Run()
	})
}
