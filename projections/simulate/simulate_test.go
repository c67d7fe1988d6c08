package simulate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/verify"
)

// TestEveryGameSimulates records hands of every ruleset hoyle knows and
// checks that the log verifies and every hand is finished.
func TestEveryGameSimulates(t *testing.T) {
	for _, rs := range rules.All() {
		t.Run(rs.Info().ID, func(t *testing.T) {
			ctx := context.Background()
			st := memstore.New()
			res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Hands: 12, Seed: 7, Batch: 5, ClaimEvery: 4})
			require.NoError(t, err)
			assert.Equal(t, 12, res.Hands)
			rep, err := verify.Run(ctx, st)
			require.NoError(t, err)
			assert.Equal(t, 12, rep.Hands)
			s, envs, err := load.Session(ctx, st, res.Session)
			require.NoError(t, err)
			assert.Equal(t, res.Events, len(envs))
			for _, h := range s.Hands {
				assert.Equal(t, game.PhaseDone, h.Phase, "hand %d", h.Number)
			}
			_ = s.Score() // every ruleset scores what it recorded without panicking
		})
	}
}

func TestSameSeedSameHands(t *testing.T) {
	ctx := context.Background()
	var plays [2][]string
	for i := range plays {
		st := memstore.New()
		res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 3, Seed: 99})
		require.NoError(t, err)
		envs, err := load.Events(ctx, st, res.Session)
		require.NoError(t, err)
		for _, e := range envs[1:] {
			plays[i] = append(plays[i], e.Type+string(e.Raw))
		}
	}
	assert.Equal(t, plays[0], plays[1])
}

// TestFoldOfAnyPrefixIsConsistent is a property test: for a random
// simulated session and a random cut point, folding the prefix gives a
// session whose every hand but the last is finished and whose tricks never
// exceed the cards played.
func TestFoldOfAnyPrefixIsConsistent(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		ids := []string{}
		for _, rs := range rules.All() {
			ids = append(ids, rs.Info().ID)
		}
		gameID := rapid.SampledFrom(ids).Draw(rt, "game")
		seed := rapid.Uint64().Draw(rt, "seed")
		st := memstore.New()
		res, err := simulate.Run(ctx, st, simulate.Options{Game: gameID, Hands: 3, Seed: seed, ClaimEvery: 3})
		if err != nil {
			rt.Fatalf("simulate: %v", err)
		}
		envs, err := load.Events(ctx, st, res.Session)
		if err != nil {
			rt.Fatal(err)
		}
		n := rapid.IntRange(1, len(envs)).Draw(rt, "prefix")
		s, err := projections.Fold(envs[:n])
		if err != nil {
			rt.Fatal(err)
		}
		if len(s.Problems) > 0 {
			rt.Fatalf("problems folding a prefix: %v", s.Problems[0].Err)
		}
		for i, h := range s.Hands {
			if i < len(s.Hands)-1 && h.Phase != game.PhaseDone {
				rt.Fatalf("hand %d unfinished before hand %d", h.Number, h.Number+1)
			}
			won := 0
			for _, w := range h.Won {
				won += w
			}
			if h.Claim == nil && won*h.Playing() > h.Played.Len() { // a trick is a card from each hand that plays
				rt.Fatalf("hand %d: %d tricks won with %d cards played", h.Number, won, h.Played.Len())
			}
		}
		if s.Version != envs[n-1].Version {
			rt.Fatalf("folded to version %d, want %d", s.Version, envs[n-1].Version)
		}
	})
}

func TestBadOptions(t *testing.T) {
	_, err := simulate.Run(context.Background(), memstore.New(), simulate.Options{Game: "auction", Hands: -1})
	assert.ErrorIs(t, err, simulate.ErrBadOptions)
	_, err = simulate.Run(context.Background(), memstore.New(), simulate.Options{Game: "snap", Hands: 1})
	assert.ErrorIs(t, err, rules.ErrUnknownGame)
	var _ events.Store = memstore.New()
}
