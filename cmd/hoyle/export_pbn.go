package main

import (
	"io"

	"github.com/hoyle/hoyle/export/pbnsession"
)

// writePBN writes each hand as a PBN game record, for any bridge program.
func writePBN(w io.Writer, req exportRequest) error {
	if req.At != nil {
		return usagef("--at does not apply to --format pbn: it writes whole hands (give --hand N for one)")
	}
	return pbnsession.Write(w, req.Session, req.Envs, pbnsession.ExportOptions{Hand: req.Hand, Progress: req.Progress})
}
