package projections_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/simulate"
)

// TestSnapshotHandThatCannotBeTrueIsDamage: a checkpoint's hand record
// rewritten with hoyle's own codec keeps a valid CRC; one that says what
// no fold gives (a negative trick count once panicked in Auction Bridge's
// score, show --at 2) is refused as damaged data (events.ErrCorrupt),
// and the reader folds the log instead.
func TestSnapshotHandThatCannotBeTrueIsDamage(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 2, Seed: 5})
	require.NoError(t, err)
	s, _, err := load.Session(ctx, st, res.Session)
	require.NoError(t, err)
	hd := projections.HandDecoder{Seating: s.Seating(), Opts: s.Opts}
	for what, change := range map[string]func(h *game.Hand){
		"negative tricks":         func(h *game.Hand) { h.Won[0] = -3 },
		"more tricks than a pack": func(h *game.Hand) { h.Won[1] = 60 },
		"a seat not at the table": func(h *game.Hand) { h.Turn = cards.Seat(7) },
		"a claim below nothing":   func(h *game.Hand) { h.Claim = &game.Claim{Seat: cards.North, Tricks: -1} },
		"a contract by nobody at the table": func(h *game.Hand) {
			h.Contract = &game.Contract{Level: 1, Declarer: cards.Seat(9)}
		},
	} {
		h := s.Hands[0].Clone()
		change(h)
		_, err := hd.Decode(projections.AppendHand(nil, h))
		assert.ErrorIs(t, err, events.ErrCorrupt, what)
	}
	got, err := hd.Decode(projections.AppendHand(nil, s.Hands[0]))
	require.NoError(t, err, "a true hand decodes")
	assert.Equal(t, s.Hands[0], got)
}
