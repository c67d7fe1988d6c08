package exporttest

import (
	"context"
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
)

// Load appends what an import built to a store of its own, as hoyle import
// would, and reads each session back: its fold and its events, in the
// order of res.Sessions. It fails tb when the append is refused or a
// session does not fold without a problem.
func Load(tb testing.TB, res *build.Result) (folds []*projections.Session, envs [][]events.Envelope) {
	tb.Helper()
	st := memstore.New()
	if _, err := st.Append(context.Background(), res.Batches()...); err != nil {
		tb.Fatalf("append: %v", err)
	}
	for _, s := range res.Sessions {
		fold, e, err := load.Session(context.Background(), st, s.ID)
		if err != nil {
			tb.Fatalf("session %s does not fold: %v", s.Name, err)
		}
		if len(fold.Problems) > 0 {
			tb.Fatalf("session %s does not fold: %v", s.Name, fold.Problems)
		}
		folds, envs = append(folds, fold), append(envs, e)
	}
	return folds, envs
}
