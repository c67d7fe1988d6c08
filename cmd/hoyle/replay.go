package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// replayOptions are the flags of hoyle replay.
type replayOptions struct {
	IO    *Streams
	DB    *database
	At    string
	Hand  *int // nil: not given
	Seats string
	ASCII bool
	NoDD  bool
}

// newReplayCmd builds the command: it binds the flags to the options and calls runReplay.
func newReplayCmd(f *factory) *cobra.Command {
	opts := &replayOptions{IO: f.IO, DB: f.DB}
	var hand int
	cmd := &cobra.Command{
		Use:   "replay [--at MOMENT] [--hand N] [--seats compass|foster] [--ascii] [--no-dd]",
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
--hand starts at the deal of hand N (default: the latest hand).

Each card is shown with its double-dummy value: "dd EW 8" is the tricks
the side counted (the declarer's; at whist the dealer's) takes in all
after it, those won included, with best play by both sides from there;
"cost 1 trick" is what the card cost the side that played it. During the
auction the frame gives par; in the play, the value of the position.
--no-dd leaves the analysis out (a hand that is not four hands of 13
cards, or whose cards are not all known, has none).`,
		Example: `  hoyle replay
  hoyle replay --at 1.a12
  hoyle replay --at 2.7 | less`,
		Args: exactArgs(0, "no arguments; the moment is --at"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("hand") {
				opts.Hand = &hand
			}
			return runReplay(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.At, "at", "", "start at this moment: "+replay.MomentSyntax)
	cmd.Flags().IntVar(&hand, "hand", 0, "replay this hand (default: the latest, or the hand of --at)")
	cmd.Flags().StringVar(&opts.Seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&opts.ASCII, "ascii", false, "write suits as S H D C instead of symbols")
	cmd.Flags().BoolVar(&opts.NoDD, "no-dd", false, "leave out the double-dummy value and cost of each card")
	return cmd
}

// runReplay steps through a hand on a terminal, or prints its transcript.
func runReplay(ctx context.Context, opts *replayOptions) error {
	style, at, err := tableFlags(opts.Seats, opts.At)
	if err != nil {
		return err
	}
	hand := 0
	if opts.Hand != nil {
		if *opts.Hand < 1 {
			return usagef("--hand %d: hands are numbered from 1", *opts.Hand)
		}
		hand = *opts.Hand
	}
	// The hand is read, and the database closed, before the stepping
	// begins: a replay held open in a terminal does not hold up the scorer.
	// A jump to another hand reads that hand (see open).
	c, err := opts.cursor(ctx, hand, at)
	if err != nil {
		return err
	}
	frame := replay.FrameOptions{Seats: style, ASCII: opts.ASCII, NoDD: opts.NoDD, DD: opts.DB.dd(dd.Config{})}
	in, isFile := opts.IO.In.(*os.File)
	if !opts.IO.InTTY || !opts.IO.OutTTY || !isFile {
		return replay.Transcript(opts.IO.Out, c, frame)
	}
	restore, err := replay.MakeRaw(in)
	if err != nil {
		return replay.Transcript(opts.IO.Out, c, frame)
	}
	defer restore()
	return (&replay.Stepper{Cursor: c, Options: frame, In: in, Out: opts.IO.Out,
		Open: func(m replay.Moment) (*replay.Cursor, error) { return opts.cursor(ctx, 0, &m) }}).Run()
}

// cursor reads the hand of the moment at (or hand n, 0 the latest) and
// makes a cursor over it, at the moment or at the deal.
func (opts *replayOptions) cursor(ctx context.Context, n int, at *replay.Moment) (*replay.Cursor, error) {
	var c *replay.Cursor
	err := opts.DB.withHand(ctx, n, at, func(w *load.Window) error {
		s := w.Session
		var start *replay.Point
		hand := n
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
		var err error
		if c, err = replay.NewCursor(w.Envs, s, hand); err != nil {
			return err
		}
		// A moment @N of the hand (a claim, a discard) that the hand alone
		// cannot fold asks for the whole log now, not half-way through.
		for i, p := range c.Points() {
			if p.Moment.Kind == replay.AfterEvent {
				c.Seek(i)
				if _, err := c.State(); err != nil {
					return err
				}
			}
		}
		c.First()
		if start != nil {
			return c.JumpTo(*start)
		}
		return nil
	})
	return c, err
}
