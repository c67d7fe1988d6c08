package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/simulate"
)

// simulateOptions are the flags of hoyle simulate.
type simulateOptions struct {
	IO      *Streams
	DB      *database
	Game    string
	Hands   int
	Seed    uint64
	Batch   int
	Claims  int
	Scoring string
	Options []string // --option NAME=VALUE
}

// newSimulateCmd builds the command: it binds the flags to the options and calls runSimulate.
func newSimulateCmd(f *factory) *cobra.Command {
	opts := &simulateOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "simulate --game GAME --hands N [--seed S] [--option NAME=VALUE]",
		Short: "Record N random but legal hands into a new session, as if typed",
		Long: `Record N hands of random but legal play into a new session: a seeded
shuffle and cut, the deal derived from them, and calls and cards each checked
by the laws before they are appended, exactly as the recorder does for a
scorer. The same seed gives the same session. Prints the session's ID.`,
		Example: `  hoyle simulate --game auction --hands 100 --seed 1
  hoyle --db big.db simulate --game contract --scoring duplicate --hands 10000 --batch 500`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runSimulate(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.Game, "game", "", "the game (see hoyle games)")
	cmd.Flags().IntVar(&opts.Hands, "hands", 1, "how many hands")
	cmd.Flags().Uint64Var(&opts.Seed, "seed", 1, "the random seed")
	cmd.Flags().IntVar(&opts.Batch, "batch", 1, "hands per append (one transaction and fsync each)")
	cmd.Flags().IntVar(&opts.Claims, "claims", 0, "end about one hand in N by a claim (0: never)")
	cmd.Flags().StringVar(&opts.Scoring, "scoring", "", "scoring style for games that have several")
	cmd.Flags().StringArrayVar(&opts.Options, "option", nil, "a ruleset option as NAME=VALUE (repeatable)")
	return cmd
}

// bytesPerHand is about what a simulated hand of bridge adds to the log:
// some sixty events with their indexes.
const bytesPerHand = 8 << 10

// runSimulate records random legal hands into a new session.
func runSimulate(ctx context.Context, opts *simulateOptions) error {
	switch {
	case opts.Game == "":
		return usagef("expected --game GAME: the game to simulate (hoyle games lists them)")
	case opts.Hands < 1:
		return usagef("--hands must be at least 1, not %d", opts.Hands)
	case opts.Batch < 1:
		return usagef("--batch must be at least 1, not %d", opts.Batch)
	}
	options, err := sessionOptions(opts.Scoring, opts.Options)
	if err != nil {
		return err
	}
	// The game and its options are checked before the database is made.
	if _, err := projections.DecideOpen(projections.SessionSpec{Game: opts.Game, Options: options}); err != nil {
		return err
	}
	st, err := opts.DB.openBulk(int64(opts.Hands) * bytesPerHand)
	if err != nil {
		return err
	}
	defer st.Close()
	sim := simulate.Options{Game: opts.Game, Options: options, Hands: opts.Hands, Seed: opts.Seed, Batch: opts.Batch, ClaimEvery: opts.Claims,
		Start: time.Now().UTC()}
	if opts.IO.ErrTTY {
		bar := progressBar(opts.IO, "hands")
		sim.Progress = func(done int) { bar(done, opts.Hands) }
	}
	res, err := simulate.Run(ctx, st, sim)
	if err != nil {
		return err
	}
	// The session's checkpoint, while the database is open for writing:
	// show and export then read one hand of it, not all of them.
	if err := load.Refresh(ctx, st, res.Session, 0); err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.Out, res.Session)
	return nil
}
