package main

import (
	"context"
	"io"

	"github.com/hoyle/hoyle/export/linsession"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
)

// writePBN writes each hand as a PBN game record, for any bridge program.
func writePBN(w io.Writer, req exportRequest) error {
	if req.At != nil {
		return usagef("--at does not apply to --format pbn: it writes whole hands (give --hand N for one)")
	}
	return pbnsession.Write(w, req.Session, req.Envs, pbnsession.ExportOptions{Hand: req.Hand, Progress: req.Progress})
}

// writeEventPBN writes an event's tables as one PBN file with their scores
// (pbnsession.WriteEvent): every session that played a board of it, in the
// order compare lists them.
func writeEventPBN(ctx context.Context, db *database, w io.Writer, ev compare.Event) error {
	tables, err := comparedTables(ctx, db, ev)
	if err != nil {
		return err
	}
	return pbnsession.WriteEvent(w, tables, ev)
}

// writeEventLIN writes a teams event as LIN: each match a vugraph file of
// its two rooms (linsession.WriteMatch), one after the other.
func writeEventLIN(ctx context.Context, db *database, w io.Writer, ev compare.Event) error {
	if ev.Form != compare.FormTeams {
		return usagef("--event %q --format lin: LIN writes the matches of a teams event, and this event is %s (give --format pbn)", ev.Event, ev.Form)
	}
	tables, err := comparedTables(ctx, db, ev)
	if err != nil {
		return err
	}
	sessions := make([]*projections.Session, len(tables))
	for i, t := range tables {
		sessions[i] = t.Session
	}
	for _, m := range linsession.Matches(sessions) {
		if err := linsession.WriteMatch(w, m); err != nil {
			return err
		}
	}
	return nil
}

// comparedTables loads the sessions of an event that played a board of it,
// in the order compare lists them.
func comparedTables(ctx context.Context, db *database, ev compare.Event) ([]pbnsession.EventTable, error) {
	var ids []string
	seen := map[string]bool{}
	for _, b := range ev.Boards {
		for _, r := range b.Results {
			if !seen[r.Session] {
				seen[r.Session] = true
				ids = append(ids, r.Session)
			}
		}
	}
	st, err := db.open(false, false)
	if err != nil {
		return nil, err
	}
	book, _, err := readBook(ctx, st, ev.Event)
	if err != nil {
		st.Close()
		return nil, err
	}
	tables := make([]pbnsession.EventTable, 0, len(ids))
	for _, id := range ids {
		s, envs, err := load.Session(ctx, st, id)
		if err != nil {
			st.Close()
			return nil, err
		}
		// The players as they sat, board by board, as a table's own
		// export names them: under a movement the pairs change each round.
		if err := seatRoster(ctx, st, s); err != nil {
			st.Close()
			return nil, err
		}
		tables = append(tables, pbnsession.EventTable{Session: s, Envs: envs, Roster: book.Roster})
	}
	return tables, st.Close()
}
