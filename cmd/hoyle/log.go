package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// logOptions are the flags of hoyle log.
type logOptions struct {
	IO   *Streams
	DB   *database
	JSON bool
}

// newLogCmd builds the command: it binds the flags to the options and calls runLog.
func newLogCmd(f *factory) *cobra.Command {
	opts := &logOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "log [--json]",
		Short: "List the session's events, retracted ones included",
		Example: `  hoyle log
  hoyle log --json | jq -c 'select(.type=="auction.call") | .data'`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runLog(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "one JSON object per line")
	return cmd
}

// runLog prints every event of the session, retracted ones included.
func runLog(ctx context.Context, opts *logOptions) error {
	// Each event is written as it is read, into a spool: the log of a long
	// session is never held, and the database is closed before it is
	// printed.
	out := &spool{}
	defer out.Close()
	w := bufio.NewWriter(out)
	enc := jsonview.Lines(w)
	if err := opts.DB.read(ctx, func(st events.Store, session string) error {
		for e, err := range load.Read(ctx, st, session) {
			if err != nil {
				return err
			}
			if opts.JSON {
				if err := enc.Encode(jsonview.NewLogLine(e)); err != nil {
					return err
				}
				continue
			}
			data, err := json.Marshal(e.Data)
			if err != nil {
				return err
			}
			data = replay.EscapeJSON(data) // names and notes are user text
			fmt.Fprintf(w, "%4d  %s  %-22s %s\n", e.Version, e.At.Format("2006-01-02 15:04:05"), e.Type, data)
		}
		return w.Flush()
	}); err != nil {
		return err
	}
	_, err := out.WriteTo(opts.IO.Out)
	return err
}
