package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/verify"
	"github.com/hoyle/hoyle/replay"
)

// verifyOptions: hoyle verify takes nothing but the globals.
type verifyOptions struct {
	IO *Streams
	DB *database
}

// newVerifyCmd builds the command: it binds the flags to the options and calls runVerify.
func newVerifyCmd(f *factory) *cobra.Command {
	opts := &verifyOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "verify",
		Short: "Check the whole database: hash chains, every event, every session's fold",
		Long: `Read the whole database: check every session's hash chain and versions,
decode every event, check the indexes against the log, and fold every
session under its laws. Reports the first problem by session, event number
and log position (exit 1), or a summary of what was checked (exit 0).`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runVerify(cmd.Context(), opts) },
	}
}

// runVerify checks the whole database and prints what it checked.
func runVerify(ctx context.Context, opts *verifyOptions) error {
	st, err := opts.DB.openWhole()
	if err != nil {
		return err
	}
	rep, err := verify.Run(ctx, st)
	st.Close()
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "ok: %s in %s (%s) verified; every hash chain is unbroken\n",
		replay.Count(int(rep.Events), "event"), replay.Count(rep.Sessions, "session"), replay.Count(rep.Hands, "hand"))
	return nil
}
