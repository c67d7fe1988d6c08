package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/simulate"
)

func init() { register(newSimulateCmd) }

type simulateOptions struct {
	*globals
	game    string
	hands   int
	seed    uint64
	batch   int
	claims  int
	scoring string
}

func newSimulateCmd(g *globals) *cobra.Command {
	o := &simulateOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "simulate --game GAME --hands N [--seed S]",
		Short: "Record N random but legal hands into a new session, as if typed",
		Long: `Record N hands of random but legal play into a new session: a seeded
shuffle and cut, the deal derived from them, and calls and cards each checked
by the laws before they are appended, exactly as the recorder does for a
scorer. The same seed gives the same session. Prints the session's ID.`,
		Example: `  hoyle simulate --game auction --hands 100 --seed 1
  hoyle --db big.db simulate --game contract --scoring duplicate --hands 10000 --batch 500`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runSimulate(cmd, o) },
	}
	cmd.Flags().StringVar(&o.game, "game", "", "the game (see hoyle games)")
	cmd.Flags().IntVar(&o.hands, "hands", 1, "how many hands")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "the random seed")
	cmd.Flags().IntVar(&o.batch, "batch", 1, "hands per append (one transaction and fsync each)")
	cmd.Flags().IntVar(&o.claims, "claims", 0, "end about one hand in N by a claim (0: never)")
	cmd.Flags().StringVar(&o.scoring, "scoring", "", "scoring style for games that have several")
	_ = cmd.MarkFlagRequired("game")
	return cmd
}

func runSimulate(cmd *cobra.Command, o *simulateOptions) error {
	if o.hands < 1 {
		return usagef("--hands must be at least 1, not %d", o.hands)
	}
	if o.batch < 1 {
		return usagef("--batch must be at least 1, not %d", o.batch)
	}
	st, err := o.openStore(true, true)
	if err != nil {
		return err
	}
	defer st.Close()
	opts := map[string]string{}
	if o.scoring != "" {
		opts["scoring"] = o.scoring
	}
	sim := simulate.Options{Game: o.game, Options: opts, Hands: o.hands, Seed: o.seed, Batch: o.batch, ClaimEvery: o.claims,
		Start: time.Now().UTC()}
	if o.io.IsTerminal {
		bar := progressbar.NewOptions(o.hands, progressbar.OptionSetWriter(o.io.Err), progressbar.OptionSetDescription("hands"),
			progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
		sim.Progress = func(done int) { _ = bar.Set(done) }
	}
	res, err := simulate.Run(cmd.Context(), st, sim)
	if err != nil {
		return err
	}
	fmt.Fprintln(o.io.Out, res.Session)
	return nil
}
