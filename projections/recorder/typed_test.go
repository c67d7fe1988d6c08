package recorder_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// call1H decides one call for whoever's turn it is.
func call1H(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
	return s.DecideCalls(stamp, []string{"1H"})
}

// TestRecordTypedRefusesAfterTheTableMoved: an entry typed before another
// scorer's call got in is refused, naming that call, and appends nothing;
// typed after it, or with only a note in between, or beside an event dated
// in the future (a fast clock elsewhere), it is recorded.
func TestRecordTypedRefusesAfterTheTableMoved(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	tick := func() time.Time { clock = clock.Add(time.Second); return clock }
	r, id := newAuction(t)
	r.Now = tick
	_, err := r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)

	typed := tick() // the second scorer types 1H at South's turn...
	_, err = r.Calls(ctx, id, []string{"1S"})
	require.NoError(t, err) // ...and the first scorer's 1S gets in first
	before, err := load.Tail(ctx, r.Store, id)
	require.NoError(t, err)
	_, err = r.RecordTyped(ctx, id, typed, call1H)
	var moved *recorder.MovedError
	require.ErrorAs(t, err, &moved)
	assert.True(t, errors.Is(err, recorder.ErrMovedMeanwhile))
	require.Len(t, moved.Steps, 1)
	assert.Equal(t, table.TypeCalled, moved.Steps[0].Type, "the call recorded meanwhile is named")
	assert.Equal(t, before.Version, moved.Session.Version, "the table as it is now")
	after, err := load.Tail(ctx, r.Store, id)
	require.NoError(t, err)
	assert.Equal(t, before.Version, after.Version, "nothing appended")

	// Typed after the 1S: West's 1H, recorded.
	_, err = r.RecordTyped(ctx, id, tick(), call1H)
	require.NoError(t, err)

	// Only a note came in meanwhile: the entry means what it meant.
	typed = tick()
	_, err = r.Note(ctx, id, projections.NoteSpec{Text: "a note"})
	require.NoError(t, err)
	_, err = r.RecordTyped(ctx, id, typed, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(stamp, []string{"P"})
	})
	require.NoError(t, err, "a note does not move the table")

	// An event dated an hour ahead (a fast clock) is not counted as made
	// meanwhile.
	typed = tick()
	fast := clock.Add(time.Hour)
	r.Now = func() time.Time { return fast }
	_, err = r.Calls(ctx, id, []string{"P"})
	require.NoError(t, err)
	r.Now = tick
	_, err = r.RecordTyped(ctx, id, typed, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(stamp, []string{"2H"})
	})
	require.NoError(t, err)
}
