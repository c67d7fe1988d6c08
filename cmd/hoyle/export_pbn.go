package main

import (
	"io"

	"github.com/hoyle/hoyle/export/pbnsession"
)

func init() {
	registerFormat("pbn", "PBN 2.1: each hand as a game record (tags, auction with notes, play, score), for any bridge program", writePBN)
}

func writePBN(w io.Writer, req exportRequest) error {
	if req.At != nil {
		return usagef("--at does not apply to --format pbn: it writes whole hands (give --hand N for one)")
	}
	return pbnsession.Write(w, req.Session, req.Envs, pbnsession.ExportOptions{Hand: req.Hand, Progress: req.Progress})
}
