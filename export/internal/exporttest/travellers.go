package exporttest

import (
	"context"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// Travellers records results given without the auction or the play, as
// hoyle result records them, in a session of a game with options: its
// fold and its events. Each result is a ResultSpec, optionally with the
// deal recorded first (Seed, not 0, deals by a seeded shuffle).
func Travellers(tb testing.TB, spec projections.SessionSpec, results []Traveller) (*projections.Session, []events.Envelope) {
	tb.Helper()
	ctx := context.Background()
	st := memstore.New()
	rec := recorder.New(st)
	id, err := rec.Open(ctx, spec)
	if err != nil {
		tb.Fatal(err)
	}
	for _, r := range results {
		if r.Seed != 0 {
			if _, err := rec.Deal(ctx, id, projections.DealSpec{Seed: &r.Seed, Board: r.Result.Board}); err != nil {
				tb.Fatal(err)
			}
			r.Result.Board = 0
		}
		res := r.Result
		if _, err := rec.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideResult(stamp, res)
		}); err != nil {
			tb.Fatal(err)
		}
	}
	s, envs, err := load.Session(ctx, st, id)
	if err != nil {
		tb.Fatal(err)
	}
	return s, envs
}

// Traveller is one result for Travellers.
type Traveller struct {
	Result projections.ResultSpec
	Seed   uint64
}
