package main

import (
	"io"

	"github.com/hoyle/hoyle/export/linsession"
)

// writeLIN writes each hand as a BBO hand record, for Bridge Base Online.
func writeLIN(w io.Writer, req exportRequest) error {
	if req.At != nil {
		return usagef("--at does not apply to --format lin: it writes whole hands (give --hand N for one)")
	}
	return linsession.Write(w, req.Session, linsession.ExportOptions{Hand: req.Hand, Progress: req.Progress})
}
