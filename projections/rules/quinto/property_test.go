package quinto_test

import (
	"context"
	"testing"

	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules/quinto"
	"github.com/hoyle/hoyle/projections/simulate"
)

// Random legal sessions, recorded as a scorer would (projections/simulate:
// the doubling, the cards, who won each trick, now and then a claim), fold
// and score consistently: every trick played has its winner from the
// record, never from hoyle; a hand played out scores thirteen tricks (the
// twelve and the cachette) at its value between the sides; the sheet adds
// up its entries and never names a winner.
func TestRandomSessionsScoreAsTheTextGives(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := memstore.New()
		res, err := simulate.Run(context.Background(), st, simulate.Options{Game: "quinto",
			Hands: rapid.IntRange(1, 4).Draw(t, "hands"), Seed: rapid.Uint64().Draw(t, "seed"), ClaimEvery: 3})
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := load.Session(context.Background(), st, res.Session)
		if err != nil || len(s.Problems) > 0 {
			t.Fatalf("fold: %v %v", err, s.Problems)
		}
		total := map[int]int{}
		for _, h := range s.Hands {
			if h.Phase != game.PhaseDone || h.Contract == nil {
				t.Fatalf("hand %d not finished", h.Number)
			}
			for i, tr := range h.Tricks {
				if len(tr.Cards) == 4 && tr.WonID == (events.ID{}) {
					t.Fatalf("hand %d, trick %d: a winner hoyle did not have from the record", h.Number, i+1)
				}
			}
			es, notes := quinto.HandEntries(h)
			pts := 0
			for _, e := range es {
				pts += e.Points
				total[int(e.Side)] += e.Points
			}
			v := quinto.TrickValue(h.Contract.Doubled)
			if h.Claim == nil && (pts != 13*v || len(notes) > 0) {
				t.Fatalf("hand %d played out: %d points at %d a trick, notes %v", h.Number, pts, v, notes)
			}
			if h.Claim != nil && pts != 12*v && pts != 13*v {
				t.Fatalf("hand %d claimed: %d points at %d a trick", h.Number, pts, v)
			}
		}
		sheet := s.Score()
		if len(sheet.Rubbers) != 1 {
			t.Fatalf("%d sheets", len(sheet.Rubbers))
		}
		r := sheet.Rubbers[0]
		if r.Winner != nil || r.Complete || !r.Running {
			t.Fatalf("the sheet settled something the text does not: %+v", r)
		}
		for side, tot := range r.Sides {
			if tot.Total != total[int(side)] {
				t.Fatalf("%s: sheet %d, hands %d", side, tot.Total, total[int(side)])
			}
		}
	})
}
