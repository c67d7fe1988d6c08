package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// sessionsOptions: hoyle sessions takes nothing but the globals.
type sessionsOptions struct {
	IO *IO
	DB *database
}

// newSessionsCmd builds the command: it binds the flags to the options and calls runSessions.
func newSessionsCmd(f *factory) *cobra.Command {
	opts := &sessionsOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "sessions",
		Short: "List the sessions in the database, oldest first; closed ones are marked",
		Args:  exactArgs(0, "no arguments"),
		RunE:  func(cmd *cobra.Command, _ []string) error { return runSessions(cmd.Context(), opts) },
	}
}

// runSessions lists the sessions, each folded to say where it stands.
func runSessions(ctx context.Context, opts *sessionsOptions) error {
	// The lines are made with the database open and printed after it is
	// closed: a reader never holds the file while its output waits.
	var lines []string
	st, err := opts.DB.open(false, false)
	if err != nil {
		return err
	}
	list, err := st.Sessions(ctx)
	for _, info := range list {
		if err != nil {
			break
		}
		s, lerr := load.Tail(ctx, st, info.ID) // the latest hand is all a line says
		if lerr != nil {
			err = lerr
			break
		}
		state := "open  "
		if s.Closed {
			state = "closed"
		}
		lines = append(lines, fmt.Sprintf("%s  %s  %-9s %4d events  %q  %s\n", info.ID, state, s.Rules.Info().ID, info.Version,
			s.Opened.Name, replay.StatusLine(s))) // %q escapes what a terminal would act on
	}
	st.Close()
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(opts.IO.Out, strings.Join(lines, ""))
	return err
}
