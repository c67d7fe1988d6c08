package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/verify"
	"github.com/hoyle/hoyle/replay"
)

// verifyOptions: hoyle verify [--repair].
type verifyOptions struct {
	IO     *Streams
	DB     *database
	Repair bool
}

// newVerifyCmd builds the command: it binds the flags to the options and calls runVerify.
func newVerifyCmd(f *factory) *cobra.Command {
	opts := &verifyOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check the whole database: hash chains, every event, every session's fold",
		Long: `Read the whole database: check every session's hash chain and versions,
decode every event, check the indexes against the log, and fold every
session under its laws. Reports the first problem by session, event number
and log position (exit 1), or a summary of what was checked (exit 0).

What is kept beside the log to read it faster (each session's checkpoint)
is folded again from the log and compared with what is kept: each record
that differs is reported by session and the event it was folded to
(exit 1). With --repair, a checkpoint that differs is dropped and written
again from the log.

The double-dummy analysis kept beside the log (each deal's table and each
play's trace, see hoyle help double-dummy) is not read: it is not the log,
and a record of it that does not hold is solved again, never believed.
--repair drops all of it; it is solved again as it is asked for.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runVerify(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.Repair, "repair", false, "drop each checkpoint that differs from the log and write it again from the log, and drop the kept double-dummy analysis")
	return cmd
}

// runVerify checks the whole database and prints what it checked.
func runVerify(ctx context.Context, opts *verifyOptions) error {
	var st events.Store
	var err error
	if opts.Repair {
		st, err = opts.DB.open(true, false)
	} else {
		st, err = opts.DB.openWhole()
	}
	if err != nil {
		return err
	}
	defer st.Close()
	rep, diffs, err := verify.All(ctx, st, opts.Repair)
	for _, d := range diffs {
		fmt.Fprintf(opts.IO.Err, "hoyle: %v\n", d)
	}
	if err != nil {
		return err
	}
	if opts.Repair {
		if err := dropKeptDD(ctx, st, opts.DB); err != nil {
			return err
		}
		fmt.Fprintln(opts.IO.Out, "dropped the kept double-dummy analysis: it is solved again as it is asked for")
	}
	switch {
	case len(diffs) > 0 && opts.Repair:
		fmt.Fprintf(opts.IO.Out, "repaired: %s dropped and written again from the log\n", replay.Count(len(diffs), "checkpoint record"))
	case len(diffs) > 0:
		return fmt.Errorf("%w: %s differ from the log (above); the log is as written: run hoyle verify --repair to write them again from it", load.ErrKeptDiffers, replay.Count(len(diffs), "checkpoint record"))
	}
	records := ""
	if rep.Records > 0 {
		records = " and " + replay.Count(rep.Records, "event's record")
		if rep.Records > 1 {
			records = fmt.Sprintf(" and %d events' records", rep.Records)
		}
	}
	fmt.Fprintf(opts.IO.Out, "ok: %s in %s (%s)%s verified; every hash chain is unbroken\n",
		replay.Count(int(rep.Events), "event"), replay.Count(rep.Sessions-rep.Records, "session"), replay.Count(rep.Hands, "hand"), records)
	return nil
}

// dropKeptDD drops the double-dummy analysis kept beside the log: in the
// store opened for the repair (a database file), else where the database
// keeps it (dd.db, for a shared log).
func dropKeptDD(ctx context.Context, st events.Store, db *database) error {
	if kept, ok := st.(events.DerivedData); ok {
		return ddkeep.Drop(ctx, kept)
	}
	place := db.ddPlace()
	if place == nil {
		return nil
	}
	kept, err := place.Open(true)
	if err != nil {
		return nil // nothing kept there yet (or in use: it is only a cache, and sealed)
	}
	defer kept.Close()
	return ddkeep.Drop(ctx, kept)
}
