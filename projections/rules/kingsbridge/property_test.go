package kingsbridge_test

import (
	"context"
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/projections/rules/kingsbridge"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// Random legal hands recorded as a scorer would: each hand was seated as
// the hands before it say; each hand's points go to its dealer alone or to
// the three others alike; a game's balance adds up to nothing.
func TestRandomSessionsScoreEachForHimself(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		lump := rapid.Bool().Draw(rt, "lump")
		opts := map[string]string{}
		if lump {
			opts["score"] = "lump"
		}
		s, _, err := simtest.Memory(context.Background(), simulate.Options{Game: kingsbridge.ID, Options: opts, Hands: rapid.IntRange(1, 26).Draw(rt, "hands"),
			Seed: rapid.Uint64().Draw(rt, "seed"), ClaimEvery: 2})
		if err != nil {
			rt.Fatal(err)
		}
		r := kingsbridge.New()
		for i, h := range s.Hands {
			if want := r.Sitting(s.Hands[:i], s.Opened.Dealer, s.Opts); fmt.Sprint(want) != fmt.Sprint(h.Sitting) {
				rt.Fatalf("hand %d seated %v; the hands before it say %v", h.Number, h.Sitting, want)
			}
		}
		sheet := s.Score()
		for _, t := range sheet.Tally {
			h := s.Hands[t.Hand-1]
			dealer := h.Sitting.Player(h.Dealer)
			var others []int
			for p := range 4 {
				if p != dealer {
					others = append(others, t.Won[p]-t.Lost[p])
				}
			}
			mine := t.Won[dealer] - t.Lost[dealer]
			switch {
			case others[0] == 0 && others[1] == 0 && others[2] == 0:
				if !lump && mine < 0 {
					rt.Fatalf("hand %d: a minus score kept by plus scores only", t.Hand)
				}
			case lump || mine != 0 || others[0] <= 0 || others[0] != others[1] || others[1] != others[2]:
				rt.Fatalf("hand %d: the dealer %d, the others %v", t.Hand, mine, others)
			}
		}
		for _, g := range sheet.Rubbers {
			if !g.Complete {
				continue
			}
			sum := 0
			for _, b := range g.Balance {
				sum += b
			}
			if len(g.Balance) != 4 || sum != 0 || len(g.Hands) != kingsbridge.DealsAGame {
				rt.Fatalf("game %d: balance %v over %d hands", g.Number, g.Balance, len(g.Hands))
			}
		}
	})
}
