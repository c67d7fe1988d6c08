package load_test

import (
	"context"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
)

// dumpSession logs a session's problems, deals, notes and retractions:
// what a failed comparison of folds needs to be read.
func dumpSession(t *testing.T, st events.Store, session string) {
	ctx := context.Background()
	full, envs, _ := load.Session(ctx, st, session)
	for _, p := range full.Problems {
		t.Logf("problem v%d %s: %v", p.Version, p.Type, p.Err)
	}
	for _, e := range envs {
		switch d := e.Data.(type) {
		case *table.Noted:
			t.Logf("v%d note %s on %s", e.Version, e.ID, d.Target)
		case *table.Retracted:
			t.Logf("v%d retract %s of %s (%s)", e.Version, e.ID, d.Target, d.Reason)
		case *table.Dealt:
			t.Logf("v%d deal %s hand %d", e.Version, e.ID, d.Hand)
		}
	}
	for _, n := range full.Notes {
		t.Logf("note in force v%d %s", n.Version, n.ID)
	}
}

// dumpNotes logs notes with their versions and targets.
func dumpNotes(t *testing.T, what string, notes []projections.Note) {
	for _, n := range notes {
		t.Logf("%s: note v%d %s on %s", what, n.Version, n.ID, n.Target)
	}
}
