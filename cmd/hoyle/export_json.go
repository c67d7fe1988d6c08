package main

import (
	"context"
	"io"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/export/jsonlog"
	"github.com/hoyle/hoyle/projections/load"
)

// writeJSON writes the session's whole log as hoyle's own backup format.
func writeJSON(w io.Writer, req exportRequest) error {
	if err := jsonFlags(req); err != nil {
		return err
	}
	return jsonlog.WriteSigned(w, req.SignKey, req.Envs)
}

// streamJSON is writeJSON writing each event as the session is read, in
// time and memory that follow the event, not the session.
func streamJSON(ctx context.Context, st events.Store, session string, w io.Writer, req exportRequest) error {
	if err := jsonFlags(req); err != nil {
		return err
	}
	lw := jsonlog.NewWriter(w, req.SignKey)
	for e, err := range load.Read(ctx, st, session) {
		if err != nil {
			return err
		}
		if err := lw.Add(e); err != nil {
			return err
		}
	}
	return lw.Close()
}

// jsonFlags refuses the flags that choose a hand: the JSON log is whole.
func jsonFlags(req exportRequest) error {
	if req.At != nil || req.Hand != 0 {
		return usagef("--hand and --at do not apply to --format json: it writes the session's whole log")
	}
	return nil
}
