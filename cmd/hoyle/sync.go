package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/replay"
)

// syncOptions: hoyle sync --to nats://HOST:PORT.
type syncOptions struct {
	IO *Streams
	DB *database
	To string
}

// errDiverged is sync's exit status when a session could not be copied.
var errDiverged = errors.New("some sessions differ between the local and the shared log, and were not copied")

// newSyncCmd builds the command: it binds the flags to the options and calls runSync.
func newSyncCmd(f *factory) *cobra.Command {
	opts := &syncOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "sync --to nats://HOST:PORT",
		Short: "Copy the sessions of a local database into the club's shared log",
		Long: `Copy every session of the local database (--db, a file: a table that
recorded offline) into the shared log at --to (hoyle serve): for each, the
events the shared log does not have yet, with their IDs, times and hashes,
so that its hash chain is the same in both.

It can be run any number of times: a session already in the shared log
whole is left alone, so nothing is ever copied twice, and a sync cut
short (the server going away, the laptop closed) is taken up where the
shared log stands. A session the shared log has gone on with is reported
as ahead (the local copy is older). A session recorded differently in
the two is reported and left alone in both (exit 1): it cannot be both.`,
		Example: `  hoyle --db table3.db sync --to nats://192.168.1.10:4222`,
		Args:    exactArgs(0, "no arguments; the shared log is --to"),
		RunE:    func(cmd *cobra.Command, _ []string) error { return runSync(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.To, "to", "", "the shared log: nats://HOST:PORT")
	return cmd
}

// runSync copies the local sessions and says what became of each.
func runSync(ctx context.Context, opts *syncOptions) error {
	switch {
	case opts.To == "":
		return usagef("expected --to nats://HOST:PORT: the shared log to copy into")
	case !isSharedLog(opts.To):
		return usagef("--to %q: the shared log is nats://HOST:PORT (hoyle serve)", natsstore.Redact(opts.To))
	case isSharedLog(opts.DB.dbPath()):
		return usagef("sync copies a local database file (--db PATH) into the shared log; --db names a shared log")
	}
	local, err := opts.DB.open(false, false)
	if err != nil {
		return err
	}
	defer local.Close()
	remote := &database{streams: opts.IO, path: opts.To, tokenFile: opts.DB.tokenFile}
	defer remote.close()
	shared, err := remote.openShared(opts.To)
	if err != nil {
		return err
	}
	st := shared.(keptOpen).Store
	diverged := false
	_, err = natsstore.Sync(ctx, local, st, st.MaxBatch(), atDeal, func(r natsstore.SyncResult) {
		var what string
		switch r.State {
		case natsstore.SyncCopied:
			what = fmt.Sprintf("copied %s (now %d in the shared log)", replay.Count(r.Copied, "event"), r.Shared)
		case natsstore.SyncUpToDate:
			what = fmt.Sprintf("up to date (%s)", replay.Count(int(r.Local), "event"))
		case natsstore.SyncAhead:
			what = fmt.Sprintf("the shared log is ahead: it has %d events, this copy %d; nothing copied", r.Shared, r.Local)
		case natsstore.SyncDiverged:
			what = fmt.Sprintf("DIFFERS from the shared log (%d events here, %d there): nothing copied; compare them with hoyle log", r.Local, r.Shared)
			diverged = true
		}
		fmt.Fprintf(opts.IO.Out, "%s  %s\n", replay.Escape(r.Session), what)
	})
	if err != nil {
		if errors.Is(err, events.ErrConflict) {
			return fmt.Errorf("%w; another table wrote to the same session meanwhile: run hoyle sync again", err)
		}
		return err
	}
	if diverged {
		return errDiverged
	}
	return nil
}
