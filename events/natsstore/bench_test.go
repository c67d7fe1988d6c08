package natsstore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/events/table"
)

// The benchmarks run each case on the NATS store (the embedded server in
// this process, over loopback, fsync on) and on bolt (fsync on), so that
// one run gives the ratio.

func card(i int) events.Payload {
	return &table.Played{Seat: cards.Seat(i % 4), Card: cards.Card(1 + i%52)}
}

// benchStores opens an empty store of each kind, with one session opened.
func benchStores(b *testing.B) map[string]events.Store {
	b.Helper()
	srv := benchShared.get(b)
	ns := openOn(b, srv.URL(), natsstore.Options{Stream: newStream()})
	bs, err := bolt.Open(filepath.Join(b.TempDir(), "bench.db"), bolt.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ns.Close(); bs.Close() })
	return map[string]events.Store{"nats": ns, "bolt": bs}
}

func openSession(b testing.TB, st events.Store) string {
	b.Helper()
	session := events.NewID().String()
	_, err := st.Append(context.Background(), events.Batch{Session: session, Expected: events.NewSession,
		Events: []events.Event{events.NewEvent(time.Now(), &table.SessionOpened{Ruleset: "auction", Players: make([]string, 4)})}})
	if err != nil {
		b.Fatal(err)
	}
	return session
}

func forEachStore(b *testing.B, fn func(b *testing.B, st events.Store)) {
	for _, kind := range []string{"nats", "bolt"} {
		b.Run(kind, func(b *testing.B) { fn(b, benchStores(b)[kind]) })
	}
}

// BenchmarkAppendOne is one acknowledged event: what each entry at the
// table costs.
func BenchmarkAppendOne(b *testing.B) {
	forEachStore(b, func(b *testing.B, st events.Store) {
		session := openSession(b, st)
		ctx := context.Background()
		i := 0
		for b.Loop() {
			i++
			if _, err := st.Append(ctx, events.Batch{Session: session, Expected: events.AnyVersion,
				Events: []events.Event{events.NewEvent(time.Now(), card(i))}}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkAppendFew is an append of a few events at once (a deal and its
// first call): an atomic batch on NATS.
func BenchmarkAppendFew(b *testing.B) {
	forEachStore(b, func(b *testing.B, st events.Store) {
		session := openSession(b, st)
		ctx := context.Background()
		evs := make([]events.Event, 3)
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
	})
}

// BenchmarkAppendBatch appends 1,000 events per append, as an import does;
// it reports events per second.
func BenchmarkAppendBatch(b *testing.B) {
	forEachStore(b, func(b *testing.B, st events.Store) {
		session := openSession(b, st)
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
	})
}

// fill appends n events to a session of each of two tables, interleaved a
// hand's worth (60) at a time, and returns the first table's session.
func fill(b *testing.B, st events.Store, n int) string {
	b.Helper()
	ctx := context.Background()
	a, c := openSession(b, st), openSession(b, st)
	evs := make([]events.Event, 60)
	for done := 0; done < n; done += len(evs) {
		for _, s := range []string{a, c} {
			for j := range evs {
				evs[j] = events.NewEvent(time.Now(), card(done+j))
			}
			if _, err := st.Append(ctx, events.Batch{Session: s, Expected: events.AnyVersion, Events: evs}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return a
}

// readEvents is the size of each of the two sessions the read benchmarks
// fill (fewer with -short, as CI runs every benchmark once).
func readEvents() int {
	if testing.Short() {
		return 1200
	}
	return 6000
}

// BenchmarkReadSession reads a 6,000-event session (interleaved with
// another) from the start, decoded; it reports events per second.
func BenchmarkReadSession(b *testing.B) {
	forEachStore(b, func(b *testing.B, st events.Store) {
		session := fill(b, st, readEvents())
		ctx := context.Background()
		n := 0
		for b.Loop() {
			for _, err := range st.ReadSession(ctx, session, 1) {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
	})
}

// BenchmarkReadBackwardHand reads the last hand (60 events) of a session
// backward, as the prompt does for the current hand.
func BenchmarkReadBackwardHand(b *testing.B) {
	forEachStore(b, func(b *testing.B, st events.Store) {
		session := fill(b, st, readEvents())
		ctx := context.Background()
		for b.Loop() {
			n := 0
			for _, err := range st.ReadSessionBackward(ctx, session) {
				if err != nil {
					b.Fatal(err)
				}
				if n++; n == 60 {
					break
				}
			}
		}
	})
}

// BenchmarkReadAll reads the whole log (12,000 events), as verify and rebuild
// do, undecoded and decoded; it reports events per second.
func BenchmarkReadAll(b *testing.B) {
	for _, decode := range []bool{false, true} {
		name := "raw"
		if decode {
			name = "decoded"
		}
		b.Run(name, func(b *testing.B) {
			forEachStore(b, func(b *testing.B, st events.Store) {
				fill(b, st, readEvents())
				ctx := context.Background()
				n := 0
				for b.Loop() {
					for _, err := range st.ReadAll(ctx, 1, decode) {
						if err != nil {
							b.Fatal(err)
						}
						n++
					}
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
			})
		})
	}
}
