package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/verify"
	"github.com/hoyle/hoyle/replay"
)

func init() { register(newVerifyCmd) }

func newVerifyCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "verify",
		Short: "Check the whole database: hash chains, every event, every session's fold",
		Long: `Read the whole database: check every session's hash chain and versions,
decode every event, check the indexes against the log, and fold every
session under its laws. Reports the first problem by session, event number
and log position (exit 1), or a summary of what was checked (exit 0).`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := g.openStore(false, false)
			if err != nil {
				return err
			}
			defer st.Close()
			rep, err := verify.Run(cmd.Context(), st)
			if err != nil {
				return err
			}
			fmt.Fprintf(g.io.Out, "ok: %s in %s (%s) verified; every hash chain is unbroken\n",
				replay.Count(int(rep.Events), "event"), replay.Count(rep.Sessions, "session"), replay.Count(rep.Hands, "hand"))
			return nil
		},
	}
}
