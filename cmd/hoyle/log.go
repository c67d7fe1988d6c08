package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newLogCmd)
}

type logOptions struct {
	*globals
	json bool
}

// logLine is one event as `hoyle log --json` prints it (one object a line).
type logLine struct {
	Seq    uint64         `json:"seq"`
	Pos    uint64         `json:"pos"`
	ID     string         `json:"id"`
	Type   string         `json:"type"`
	Schema uint16         `json:"schema"`
	At     string         `json:"at"`
	Hash   string         `json:"hash"`
	Prev   string         `json:"prev"`
	Data   events.Payload `json:"data"`
}

func newLogCmd(g *globals) *cobra.Command {
	o := &logOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "log [--json]",
		Short: "List the session's events, retracted ones included",
		Example: `  hoyle log
  hoyle log --json | jq -c 'select(.type=="auction.call") | .data'`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return g.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
				envs, err := load.Events(cmd.Context(), st, session)
				if err != nil {
					return err
				}
				if o.json {
					enc := json.NewEncoder(replay.JSONWriter{W: g.io.Out}) // names and notes are user text
					for _, e := range envs {
						if err := enc.Encode(logLine{Seq: e.Version, Pos: e.Position, ID: e.ID.String(), Type: e.Type,
							Schema: e.Schema, At: e.At.Format(time.RFC3339Nano), Hash: e.Hash.String(), Prev: e.PrevHash.String(), Data: e.Data}); err != nil {
							return err
						}
					}
					return nil
				}
				for _, e := range envs {
					data, _ := json.Marshal(e.Data)
					data = replay.EscapeJSON(data) // names and notes are user text
					fmt.Fprintf(g.io.Out, "%4d  %s  %-22s %s\n", e.Version, e.At.Format("2006-01-02 15:04:05"), e.Type, data)
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "one JSON object per line")
	return cmd
}
