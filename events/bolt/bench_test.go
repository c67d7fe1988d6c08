package bolt_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
)

func benchStore(b *testing.B) (*bolt.Store, string) {
	b.Helper()
	st, err := bolt.Open(filepath.Join(b.TempDir(), "bench.db"), bolt.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	session := events.NewID().String()
	_, err = st.Append(context.Background(), events.Batch{Session: session, Expected: events.NewSession,
		Events: []events.Event{events.NewEvent(time.Now(), &table.SessionOpened{Ruleset: "auction", Players: make([]string, 4)})}})
	if err != nil {
		b.Fatal(err)
	}
	return st, session
}

func card(i int) events.Payload {
	return &table.Played{Seat: cards.Seat(i % 4), Card: cards.Card(1 + i%52)}
}

// BenchmarkAppendOne is one acknowledged event: a transaction and its
// fsync, what each entry at the table costs.
func BenchmarkAppendOne(b *testing.B) {
	st, session := benchStore(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		i++
		if _, err := st.Append(ctx, events.Batch{Session: session, Expected: events.AnyVersion,
			Events: []events.Event{events.NewEvent(time.Now(), card(i))}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendBatch appends 1,000 events per transaction, as an import
// does; it reports events per second.
func BenchmarkAppendBatch(b *testing.B) {
	st, session := benchStore(b)
	ctx := context.Background()
	const batch = 1000
	evs := make([]events.Event, batch)
	i := 0
	for b.Loop() {
		for j := range evs {
			i++
			evs[j] = events.NewEvent(time.Now(), card(i))
		}
		if _, err := st.Append(ctx, events.Batch{Session: session, Expected: events.AnyVersion, Events: evs}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(batch*b.N)/b.Elapsed().Seconds(), "events/s")
}
