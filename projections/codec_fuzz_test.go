package projections_test

import (
	"context"
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/simulate"
)

// Kinds of checkpoint record the fuzz target decodes.
const (
	recordHand = iota
	recordSheet
	recordNote
	recordIDs
	recordKinds
)

// A checkpoint is a cache on disk that a damaged file, or a build with
// another codec, can garble: its decoders refuse what they cannot read,
// never panic, and what they accept encodes to bytes that decode to the
// same value (so a checkpoint written again from it says the same).
func FuzzDecodeCheckpointRecord(f *testing.F) {
	ctx := context.Background()
	st := memstore.New()
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "auction", Hands: 3, Seed: 5, ClaimEvery: 2})
	require.NoError(f, err)
	s, _, err := load.Session(ctx, st, res.Session)
	require.NoError(f, err)
	for _, h := range s.Hands {
		f.Add(byte(recordHand), projections.AppendHand(nil, h))
		f.Add(byte(recordHand), projections.AppendHand(nil, partway(h)))
	}
	f.Add(byte(recordSheet), projections.AppendSheet(nil, s.Score()))
	f.Add(byte(recordNote), projections.AppendNote(nil, projections.Note{ID: s.Hands[0].DealID, Target: s.Hands[1].DealID,
		Version: 9, Text: "a *fine* lead", Glyph: "!", By: "Foster"}))
	f.Add(byte(recordIDs), projections.AppendIDs(nil, map[events.ID]bool{s.Hands[0].DealID: true, s.Hands[2].DealID: true}))
	hd := projections.HandDecoder{Seating: s.Seating(), Opts: s.Opts}

	f.Fuzz(func(t *testing.T, kind byte, b []byte) {
		switch kind % recordKinds {
		case recordHand:
			h, err := hd.Decode(b)
			if err != nil {
				return
			}
			again, err := hd.Decode(projections.AppendHand(nil, h))
			require.NoError(t, err)
			assert.Equal(t, h, again)
		case recordSheet:
			sheet, err := projections.DecodeSheet(b)
			if err != nil {
				return
			}
			again, err := projections.DecodeSheet(projections.AppendSheet(nil, sheet))
			require.NoError(t, err)
			assert.Equal(t, sheet, again)
		case recordNote:
			n, err := projections.DecodeNote(b)
			if err != nil {
				return
			}
			again, err := projections.DecodeNote(projections.AppendNote(nil, n))
			require.NoError(t, err)
			assert.Equal(t, n, again)
		case recordIDs:
			ids, err := projections.DecodeIDs(b)
			if err != nil {
				return
			}
			again, err := projections.DecodeIDs(projections.AppendIDs(nil, ids))
			require.NoError(t, err)
			assert.Equal(t, ids, again)
		}
	})
}

// A length in a damaged record is weighed against the bytes left before
// anything is allocated for it: sixteen million card sets claimed by a
// record of two dozen bytes cost nothing (they once cost 128 MB).
func TestDamagedLengthAllocatesNothing(t *testing.T) {
	b := []byte{2, 0, 0}               // hand 1, no board, dealt by the first seat
	b = append(b, make([]byte, 16)...) // its deal's ID
	b = binary.AppendUvarint(b, 1<<24) // the dealt hands: 16M of them, it says
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := (&projections.HandDecoder{}).Decode(b)
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, events.ErrCorrupt)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated for a damaged length")
}
