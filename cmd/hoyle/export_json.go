package main

import (
	"io"

	"github.com/hoyle/hoyle/export/jsonlog"
)

// writeJSON writes the session's whole log as hoyle's own backup format.
func writeJSON(w io.Writer, req exportRequest) error {
	if req.At != nil || req.Hand != 0 {
		return usagef("--hand and --at do not apply to --format json: it writes the session's whole log")
	}
	return jsonlog.WriteSigned(w, req.SignKey, req.Envs)
}
