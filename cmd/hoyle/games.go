package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/rules"
)

func init() {
	register(newGamesCmd)
}

func newGamesCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the games and the code of laws each follows",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, rs := range rules.All() {
				info := rs.Info()
				fmt.Fprintf(g.io.Out, "%-16s %s\n", info.ID, info.Title)
				fmt.Fprintf(g.io.Out, "%-16s laws: %s\n", "", info.Code)
				for _, o := range info.Options {
					fmt.Fprintf(g.io.Out, "%-16s new --option %s=%s: %s\n", "", o.Name, strings.Join(o.Values, "|"), o.Summary)
				}
			}
			return nil
		},
	}
}
