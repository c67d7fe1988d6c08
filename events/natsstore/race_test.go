package natsstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/storetest"
	"github.com/hoyle/hoyle/events/testkit"
)

// TestTwoWriters has two stores, each on its own connection as two tables
// would be, append to one session at the same version, again and again:
// each time exactly one wins and the other is told ErrConflict. Meanwhile
// each also writes a session of its own, and those appends all succeed.
func TestTwoWriters(t *testing.T) {
	t.Parallel()
	srv := sharedServer(t)
	stream := newStream()
	a := openOn(t, srv.URL(), natsstore.Options{Stream: stream})
	b := openOn(t, srv.URL(), natsstore.Options{Stream: stream})
	defer a.Close()
	defer b.Close()
	ctx := context.Background()
	_, err := a.Append(ctx, events.Batch{Session: "shared", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.NoError(t, err)
	_, err = a.Append(ctx, events.Batch{Session: "table-a", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.NoError(t, err)
	_, err = b.Append(ctx, events.Batch{Session: "table-b", Expected: events.NewSession, Events: storetest.Events(0, 1)})
	require.NoError(t, err)

	rounds := testkit.Rounds(10, 30) // HOYLE_FULL=1 (.ci/run) races 30 times
	wins := map[string]int{}
	for round := range rounds {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		own := make([]error, 2)
		var read sync.WaitGroup // both read the version before either appends
		read.Add(2)
		for i, st := range []*natsstore.Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				info, err := st.Session(ctx, "shared")
				read.Done()
				read.Wait()
				if err != nil {
					errs[i] = err
					return
				}
				// Two events, so that the winner's append is an atomic batch.
				_, errs[i] = st.Append(ctx, events.Batch{Session: "shared", Expected: info.Version, Events: storetest.Events(100*round+10*i, 2)})
				_, own[i] = st.Append(ctx, events.Batch{Session: fmt.Sprintf("table-%c", 'a'+i), Expected: uint64(round + 1),
					Events: storetest.Events(100*round+50+i, 1)})
			}()
		}
		wg.Wait()
		require.NoError(t, own[0], "round %d: table a's own session", round)
		require.NoError(t, own[1], "round %d: table b's own session", round)
		switch {
		case errs[0] == nil && errors.Is(errs[1], events.ErrConflict):
			wins["a"]++
		case errs[1] == nil && errors.Is(errs[0], events.ErrConflict):
			wins["b"]++
		default:
			t.Fatalf("round %d: want one success and one conflict, got %v and %v", round, errs[0], errs[1])
		}
		info, err := b.Session(ctx, "shared")
		require.NoError(t, err)
		require.Equal(t, uint64(1+2*(round+1)), info.Version, "round %d", round)
	}
	t.Logf("wins: %v", wins)
	require.NoError(t, storetest.Verify(ctx, a))
	require.NoError(t, storetest.Verify(ctx, b))
	assert.Equal(t, rounds, wins["a"]+wins["b"])
}
