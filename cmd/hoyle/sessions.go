package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newSessionsCmd)
}

func newSessionsCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "sessions",
		Short: "List the sessions in the database, oldest first",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := g.openStore(false, false)
			if err != nil {
				return err
			}
			defer st.Close()
			list, err := st.Sessions(cmd.Context())
			if err != nil {
				return err
			}
			for _, info := range list {
				s, err := load.Stream(cmd.Context(), st, info.ID)
				if err != nil {
					return err
				}
				fmt.Fprintf(g.io.Out, "%s  %-9s %4d events  %q  %s\n", info.ID, s.Rules.Info().ID, info.Version, s.Opened.Name, replay.StatusLine(s))
			}
			return nil
		},
	}
}
