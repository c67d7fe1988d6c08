package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newShowCmd)
}

type showOptions struct {
	*globals
	json bool
}

func newShowCmd(g *globals) *cobra.Command {
	o := &showOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "show [--json]",
		Short: "Show the current hand",
		Example: `  hoyle show
  hoyle show --json | jq .contract`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
				s, _, err := load(cmd.Context(), st, session)
				if err != nil {
					return err
				}
				v := replay.NewView(s)
				if o.json {
					enc := json.NewEncoder(g.io.Out)
					enc.SetIndent("", "  ")
					return enc.Encode(v)
				}
				fmt.Fprint(g.io.Out, replay.TextTable(s))
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the table as JSON")
	return cmd
}
