package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/eventrec"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// sessionsOptions: hoyle sessions [--json].
type sessionsOptions struct {
	IO   *Streams
	DB   *database
	JSON bool
}

// newSessionsCmd builds the command: it binds the flags to the options and calls runSessions.
func newSessionsCmd(f *factory) *cobra.Command {
	opts := &sessionsOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "sessions [--json]",
		Short: "List the sessions in the database, oldest first; closed ones are marked",
		Long: `List the sessions in the database, oldest first, each with its game, its
events, its name and where it stands; closed ones are marked.

With --json, one array of objects: id, game, name, event, table, room,
teams (null, or {"home", "visit"}), movement, players (by seat), hands
(the hands dealt), events and closed.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runSessions(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the sessions as a JSON array")
	return cmd
}

// runSessions lists the sessions, each folded to say where it stands.
func runSessions(ctx context.Context, opts *sessionsOptions) error {
	// The lines are made with the database open and printed after it is
	// closed: a reader never holds the file while its output waits.
	var lines []string
	list := []jsonview.Session{}
	st, err := opts.DB.open(false, false)
	if err != nil {
		return err
	}
	infos, err := st.Sessions(ctx)
	infos = eventrec.Tables(infos) // an event's record is listed by hoyle roster and hoyle boards
	for _, info := range infos {
		if err != nil {
			break
		}
		s, lerr := load.Tail(ctx, st, info.ID) // the latest hand is all a line says
		if lerr != nil {
			err = lerr
			break
		}
		if opts.JSON {
			list = append(list, jsonview.NewSession(s, info.Version))
			continue
		}
		state := "open  "
		if s.Closed {
			state = "closed"
		}
		where := ""
		if p := s.Placement(); p.InEvent() {
			where = "  " + replay.Escape(placeText(p))
		}
		lines = append(lines, fmt.Sprintf("%s  %s  %-9s %4d events  %q%s  %s\n", info.ID, state, s.Rules.Info().ID, info.Version,
			s.Opened.Name, where, replay.StatusLine(s))) // %q escapes what a terminal would act on
	}
	st.Close()
	if err != nil {
		return err
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, list)
	}
	_, err = fmt.Fprint(opts.IO.Out, strings.Join(lines, ""))
	return err
}

// placeText says where a session sits in its event: "[Tuesday pairs,
// table 3]", "[League, table 1, open room, Rovers v Wanderers]".
func placeText(p projections.Placement) string {
	parts := []string{p.Event}
	if p.Table != "" {
		parts = append(parts, "table "+p.Table)
	}
	if p.Room != "" {
		parts = append(parts, p.Room+" room")
	}
	if p.HomeTeam != "" {
		parts = append(parts, p.HomeTeam+" v "+p.VisitTeam)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
