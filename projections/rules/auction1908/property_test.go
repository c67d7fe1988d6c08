package auction1908_test

import (
	"context"
	"testing"

	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules/auction1908"
	"github.com/hoyle/hoyle/projections/simulate"
)

// Random legal sessions, recorded as a scorer would (projections/simulate),
// fold and score consistently: every hand ends; the declarer scores below
// the line exactly when he fulfils his contract, at the value of his tricks;
// the adversaries take 50, 100 or 200 an under-trick otherwise (at most 100
// on one spade); each rubber's columns add up its entries, and a rubber
// over has two games to one side and its 250.
func TestRandomSessionsScoreByTheLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := memstore.New()
		res, err := simulate.Run(context.Background(), st, simulate.Options{Game: "auction1908",
			Hands: rapid.IntRange(1, 5).Draw(t, "hands"), Seed: rapid.Uint64().Draw(t, "seed"), ClaimEvery: 3})
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := load.Session(context.Background(), st, res.Session)
		if err != nil || len(s.Problems) > 0 {
			t.Fatalf("fold: %v %v", err, s.Problems)
		}
		for _, h := range s.Hands {
			if h.Phase != game.PhaseDone || h.Contract == nil {
				t.Fatalf("hand %d not finished with a contract", h.Number)
			}
			c := h.Contract
			decl := h.DeclaringSide()
			odd := h.Won[decl] - 6
			es, _ := auction1908.HandEntries(h)
			below, under := 0, 0
			for _, e := range es {
				switch {
				case !e.Above:
					if e.Side != decl {
						t.Fatalf("hand %d: the adversaries scored below the line: %+v", h.Number, e)
					}
					below += e.Points
				case e.Law == auction1908.LawUnder || e.Law == auction1908.LawOneSpade:
					under += e.Points
				}
			}
			if made := odd >= c.Level; made != (below > 0) {
				t.Fatalf("hand %d: %d odd on %+v, %d below", h.Number, odd, c, below)
			}
			if odd >= c.Level && below != odd*auction1908.TrickValue(c.Strain)<<c.Doubled {
				t.Fatalf("hand %d: %d below for %d odd on %+v", h.Number, below, odd, c)
			}
			if odd < c.Level {
				want := (c.Level - odd) * 50 << c.Doubled
				if c.Level == 1 && c.Strain == cards.StrainSpades {
					want = min(want, 100)
				}
				if under != want {
					t.Fatalf("hand %d: %d under for %+v with %d odd", h.Number, under, c, odd)
				}
			}
		}
		sheet := s.Score()
		for _, r := range sheet.Rubbers {
			for side, tot := range r.Sides {
				n := 0
				for _, e := range r.Entries {
					if e.Side == side {
						n += e.Points
					}
				}
				if n != tot.Total || tot.Above+tot.Below != tot.Total {
					t.Fatalf("rubber %d: %s's column %+v, entries %d", r.Number, side, tot, n)
				}
			}
			if r.Complete {
				last := r.Entries[len(r.Entries)-1]
				wins := 0
				for _, g := range r.Games {
					if g == last.Side {
						wins++
					}
				}
				if last.Points != auction1908.RubberPoints || wins != 2 {
					t.Fatalf("rubber %d over: games %v, last entry %+v", r.Number, r.Games, last)
				}
			}
		}
	})
}
