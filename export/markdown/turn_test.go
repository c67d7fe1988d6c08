package markdown

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/recorder"
)

// TestNobodyToCallWhileAPenaltyWaits: in Draw Bridge a declaration out of
// turn by the dealer's partner stops the auction until the eldest hand
// chooses the penalty: it is nobody's turn. The write-up of that moment
// says so (it once looked up the seat of nobody, and panicked).
func TestNobodyToCallWhileAPenaltyWaits(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	clock := time.Date(1914, 1, 1, 20, 0, 0, 0, time.UTC)
	r := &recorder.Recorder{Store: st, Now: func() time.Time { clock = clock.Add(time.Second); return clock }}
	id, err := r.Open(ctx, projections.SessionSpec{Game: "draw-bridge", PlayerList: []string{"A", "B"}})
	require.NoError(t, err)
	_, err = r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Calls(ctx, id, []string{"S"})
	require.NoError(t, err)
	_, err = r.Claim(ctx, id, projections.ClaimSpec{Tricks: 9, By: "EW"})
	require.NoError(t, err)
	_, err = r.Deal(ctx, id, projections.DealSpec{})
	require.NoError(t, err)
	_, err = r.Record(ctx, id, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideIrregularCalls(stamp, "E", []string{"S"})
	})
	require.NoError(t, err)

	var envs []events.Envelope
	for e, err := range st.ReadSession(ctx, id, 1) {
		require.NoError(t, err)
		envs = append(envs, e)
	}
	got, err := Render(envs, Options{At: moment(t, fmt.Sprintf("@%d", len(envs)))})
	require.NoError(t, err)
	assert.Contains(t, string(got), "The auction is not over; nobody is to call until a penalty is chosen.")
	_, err = Render(envs, Options{Hand: 2})
	require.NoError(t, err)
}
