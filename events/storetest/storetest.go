// Package storetest is the conformance suite of events.Store: every store
// (events/bolt, events/memstore, any other) runs Run, and a store kept on disk
// also runs RunDurable. A store that passes behaves like the others in
// everything the interface promises: versions and positions, the hash chain,
// idempotent retries, atomic multi-batch appends, the errors, chunked reads
// and concurrent writers.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/events/testkit"
)

// The bolt store reads forward in chunks of 2048 events per transaction and
// backward in chunks of 64; the suite reads across those boundaries. Other
// stores are tested at the same sizes.
const (
	forwardChunk  = 2048
	backwardChunk = 64
)

// Payload returns the i-th of a varied, deterministic series of table
// payloads. Every one round-trips exactly through the codec (its slices are
// nil or non-empty), so a decoded copy is reflect.DeepEqual to it.
func Payload(i int) events.Payload {
	seat := cards.Seat(i % 4)
	card := cards.Card(1 + i%52)
	switch i % 10 {
	case 0:
		return &table.Played{Seat: seat, Card: card}
	case 1:
		return &table.Called{Seat: seat, Call: cards.NewBid(1+i%7, cards.Strain(i%5))}
	case 2:
		return &table.Dealt{Hand: i, Dealer: seat, Board: i % 32,
			Hands: []cards.Set{cards.NewSet(card), 0, cards.NewSet(1, 2, 3), cards.Set(uint64(i) << 3)},
			Widow: cards.NewSet(cards.Card(1 + (i+7)%52)), TurnUp: card, Derived: i%3 == 0,
			Vul: cards.VulNS}
	case 3:
		var target events.ID
		target[0], target[15] = byte(i), byte(i>>8)
		return &table.Noted{Target: target, Text: fmt.Sprintf("note %d", i), Glyph: "!?", By: "Ann"}
	case 4:
		return &table.Shuffled{By: seat, Seeded: true, Seed: uint64(i) * 7919, Permutation: []uint8{byte(i), 1, 2, 3}}
	case 5:
		return &table.Cut{By: seat, Top: i % 52}
	case 6:
		return &table.Claimed{Seat: seat, Tricks: i % 14}
	case 7:
		return &table.HonoursClaimed{Side: cards.Side(i % 2), Holding: "4-in-one"}
	case 8:
		return &table.Discarded{Seat: seat, Cards: []cards.Card{card, cards.Joker}}
	default:
		return &table.Called{Seat: seat, Call: cards.PassCall}
	}
}

// baseTime is deliberately not UTC and not on a whole second: stores must
// keep the instant to the nanosecond and give it back in UTC.
var baseTime = time.Date(2025, 3, 14, 19, 30, 15, 123456789, time.FixedZone("CET", 3600))

// Event returns a new event (fresh ID) carrying Payload(i), recorded at a
// time that depends on i down to the nanosecond.
func Event(i int) events.Event {
	return events.Event{ID: events.NewID(), At: baseTime.Add(time.Duration(i)*time.Second + time.Duration(i)), Data: Payload(i)}
}

// Events returns n new events, Event(from) to Event(from+n-1).
func Events(from, n int) []events.Event {
	out := make([]events.Event, n)
	for i := range out {
		out[i] = Event(from + i)
	}
	return out
}

// Collect reads a sequence to its end or its first error.
func Collect(seq iter.Seq2[events.Envelope, error]) ([]events.Envelope, error) {
	var out []events.Envelope
	for e, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
	return out, nil
}

// Verify checks a whole store with events.VerifyChain: every chain, the
// positions, the session index, and each session read back; and with
// events.VerifyLog, which reads the log once (and, in a store that lists
// its session index, checks that without reading the events again): both
// must find the same. The crash tests use it on a store reopened after a
// kill.
func Verify(ctx context.Context, s events.Store) error {
	_, err := events.VerifyChain(ctx, s, nil)
	_, once := events.VerifyLog(ctx, s, nil)
	if (err == nil) != (once == nil) {
		return fmt.Errorf("VerifyChain says %v, VerifyLog %v", err, once)
	}
	return err
}

// Run runs the conformance suite. open must return a new, empty store each
// time it is called; Run closes it when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) events.Store) {
	fresh := func(t *testing.T) events.Store {
		t.Helper()
		s := open(t)
		require.NotNil(t, s)
		t.Cleanup(func() { assert.NoError(t, s.Close()) })
		return s
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s events.Store)
	}{
		{"EmptyStore", testEmptyStore},
		{"AppendAndRead", testAppendAndRead},
		{"NewSessionConflict", testNewSessionConflict},
		{"StaleVersion", testStaleVersion},
		{"AnyVersion", testAnyVersion},
		{"Idempotent", testIdempotent},
		{"DuplicateID", testDuplicateID},
		{"AtomicBatches", testAtomicBatches},
		{"ReadSessionFrom", testReadSessionFrom},
		{"ReadSessionBackward", testReadSessionBackward},
		{"ReadAllChunks", testReadAllChunks},
		{"Reiterate", testReiterate},
		{"AppendWhileReading", testAppendWhileReading},
		{"HashChain", testHashChain},
		{"StoredBytes", testStoredBytes},
		{"Sessions", testSessions},
		{"NoSession", testNoSession},
		{"Invalid", testInvalid},
		{"Canceled", testCanceled},
		{"Concurrent", testConcurrent},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, fresh(t)) })
	}
}

// RunDurable checks a store kept in a file: what was appended is all there,
// unchanged, after the store is closed and opened again, and appends go on
// where they left off. open opens (creating if need be) the store at path;
// RunDurable closes every store it opens.
func RunDurable(t *testing.T, path string, open func(t *testing.T, path string) events.Store) {
	ctx := context.Background()
	s := open(t, path)
	var want []events.Envelope
	for i, id := range []string{"durable-b", "durable-a", "durable-c"} {
		envs, err := s.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: Events(100*i, 5+i)})
		require.NoError(t, err)
		want = append(want, envs...)
	}
	envs, err := s.Append(ctx,
		events.Batch{Session: "durable-b", Expected: 5, Events: Events(1000, 3)},
		events.Batch{Session: "durable-a", Expected: events.AnyVersion, Events: Events(2000, 2)})
	require.NoError(t, err)
	want = append(want, envs...)
	wantInfos, err := s.Sessions(ctx)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	check := func(s events.Store, want []events.Envelope, wantInfos []events.SessionInfo, last string) {
		t.Helper()
		got, err := Collect(s.ReadAll(ctx, 1, true))
		require.NoError(t, err)
		requireSameEnvelopes(t, want, got)
		infos, err := s.Sessions(ctx)
		require.NoError(t, err)
		assert.Equal(t, wantInfos, infos)
		id, err := s.LastSession(ctx)
		require.NoError(t, err)
		assert.Equal(t, last, id)
		require.NoError(t, Verify(ctx, s))
	}

	s = open(t, path)
	check(s, want, wantInfos, "durable-c")
	// Appends after a reopen continue the positions, versions and chains.
	envs, err = s.Append(ctx,
		events.Batch{Session: "durable-a", Expected: 8, Events: Events(3000, 2)},
		events.Batch{Session: "durable-d", Expected: events.NewSession, Events: Events(4000, 1)})
	require.NoError(t, err)
	require.Len(t, envs, 3)
	assert.Equal(t, uint64(len(want)+1), envs[0].Position)
	assert.Equal(t, uint64(9), envs[0].Version)
	assert.Equal(t, want[len(want)-1].Hash, envs[0].PrevHash, "durable-a's chain goes on from its last event")
	want = append(want, envs...)
	wantInfos, err = s.Sessions(ctx)
	require.NoError(t, err)
	// A retry of an append made before the reopen is still recognised.
	again, err := s.Append(ctx, events.Batch{Session: "durable-b", Expected: events.NewSession, Events: eventsOf(want[:5])})
	require.NoError(t, err)
	requireSameEnvelopes(t, want[:5], again)
	require.NoError(t, s.Close())

	s = open(t, path)
	check(s, want, wantInfos, "durable-d")
	require.NoError(t, s.Close())
}

// eventsOf turns stored envelopes back into the events that were appended.
func eventsOf(envs []events.Envelope) []events.Event {
	out := make([]events.Event, len(envs))
	for i, e := range envs {
		out[i] = events.Event{ID: e.ID, At: e.At, Data: e.Data}
	}
	return out
}

// requireSameEnvelope checks that got is want in every field (At to the
// nanosecond, in UTC; Data deeply equal).
func requireSameEnvelope(t *testing.T, want, got events.Envelope) {
	t.Helper()
	if sameEnvelope(want, got) {
		return // the checks below, without a dozen assertions per event
	}
	where := fmt.Sprintf("session %s version %d position %d", want.Session, want.Version, want.Position)
	require.Equal(t, want.Type, got.Type, where)
	require.Equal(t, want.Schema, got.Schema, where)
	require.Equal(t, want.ID, got.ID, where)
	require.Equal(t, want.Session, got.Session, where)
	require.Equal(t, want.Version, got.Version, where)
	require.Equal(t, want.Position, got.Position, where)
	require.True(t, want.At.Equal(got.At), "%s: At %v, want %v", where, got.At, want.At)
	require.Equal(t, want.At.UnixNano(), got.At.UnixNano(), where)
	require.Equal(t, time.UTC, got.At.Location(), "%s: At must be in UTC", where)
	require.Equal(t, want.PrevHash, got.PrevHash, where)
	require.Equal(t, want.Hash, got.Hash, where)
	require.True(t, bytes.Equal(want.Raw, got.Raw), "%s: Raw differs", where)
	if want.Data != nil || got.Data != nil {
		require.True(t, reflect.DeepEqual(want.Data, got.Data), "%s: Data %#v, want %#v", where, got.Data, want.Data)
	}
}

// sameEnvelope is what requireSameEnvelope checks, as one expression: the
// conformance tests compare some hundred thousand envelopes, and only a
// difference needs the assertions that say which field differs.
func sameEnvelope(want, got events.Envelope) bool {
	return want.Type == got.Type && want.Schema == got.Schema && want.ID == got.ID &&
		want.Session == got.Session && want.Version == got.Version && want.Position == got.Position &&
		want.At.Equal(got.At) && want.At.UnixNano() == got.At.UnixNano() && got.At.Location() == time.UTC &&
		want.PrevHash == got.PrevHash && want.Hash == got.Hash && bytes.Equal(want.Raw, got.Raw) &&
		(want.Data == nil && got.Data == nil || reflect.DeepEqual(want.Data, got.Data))
}

func requireSameEnvelopes(t *testing.T, want, got []events.Envelope) {
	t.Helper()
	require.Equal(t, len(want), len(got), "number of events")
	for i := range want {
		requireSameEnvelope(t, want[i], got[i])
	}
}

// logLen counts the events in the log.
func logLen(t *testing.T, s events.Store) int {
	t.Helper()
	envs, err := Collect(s.ReadAll(context.Background(), 1, false))
	require.NoError(t, err)
	return len(envs)
}

// snapshot is everything observable about a store, to show that a failed
// append changed nothing.
type snapshot struct {
	log      []events.Envelope
	sessions []events.SessionInfo
}

func takeSnapshot(t *testing.T, s events.Store) snapshot {
	t.Helper()
	ctx := context.Background()
	envs, err := Collect(s.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	infos, err := s.Sessions(ctx)
	require.NoError(t, err)
	return snapshot{envs, infos}
}

func requireUnchanged(t *testing.T, s events.Store, before snapshot) {
	t.Helper()
	after := takeSnapshot(t, s)
	requireSameEnvelopes(t, before.log, after.log)
	require.Equal(t, before.sessions, after.sessions)
}

func appendOK(t *testing.T, s events.Store, batches ...events.Batch) []events.Envelope {
	t.Helper()
	envs, err := s.Append(context.Background(), batches...)
	require.NoError(t, err)
	n := 0
	for _, b := range batches {
		n += len(b.Events)
	}
	require.Len(t, envs, n)
	return envs
}

func testEmptyStore(t *testing.T, s events.Store) {
	ctx := context.Background()
	envs, err := Collect(s.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	assert.Empty(t, envs)
	infos, err := s.Sessions(ctx)
	require.NoError(t, err)
	assert.Empty(t, infos)
	_, err = s.LastSession(ctx)
	assert.ErrorIs(t, err, events.ErrNoSession)
	require.NoError(t, Verify(ctx, s))
}

func testAppendAndRead(t *testing.T, s events.Store) {
	ctx := context.Background()
	evA := Events(0, 4)
	evB := Events(10, 3)
	a := appendOK(t, s, events.Batch{Session: "s-a", Expected: events.NewSession, Events: evA})
	b := appendOK(t, s, events.Batch{Session: "s-b", Expected: events.NewSession, Events: evB})
	evA2 := Events(20, 2)
	a2 := appendOK(t, s, events.Batch{Session: "s-a", Expected: 4, Events: evA2})
	evA = append(evA, evA2...)
	a = append(a, a2...)

	// What Append returned: versions 1..n per session, positions global.
	check := func(envs []events.Envelope, evs []events.Event, session string, positions []uint64) {
		t.Helper()
		require.Len(t, envs, len(evs))
		for i, e := range envs {
			ev := evs[i]
			assert.Equal(t, session, e.Session)
			assert.Equal(t, uint64(i+1), e.Version)
			assert.Equal(t, positions[i], e.Position)
			assert.Equal(t, ev.ID, e.ID)
			assert.Equal(t, ev.Data.EventType(), e.Type)
			info, _ := events.Lookup(e.Type)
			assert.Equal(t, info.Schema, e.Schema, "stored in its type's current schema")
			assert.True(t, ev.At.Equal(e.At), "At %v, want %v", e.At, ev.At)
			assert.Equal(t, time.UTC, e.At.Location())
			assert.Equal(t, ev.At.Nanosecond(), e.At.Nanosecond())
			assert.True(t, reflect.DeepEqual(ev.Data, e.Data))
			require.NoError(t, e.CheckHash())
		}
	}
	check(a, evA, "s-a", []uint64{1, 2, 3, 4, 8, 9})
	check(b, evB, "s-b", []uint64{5, 6, 7})

	// Read back: everything as Append reported it, Data decoded equal.
	gotA, err := Collect(s.ReadSession(ctx, "s-a", 1))
	require.NoError(t, err)
	requireSameEnvelopes(t, a, gotA)
	gotB, err := Collect(s.ReadSession(ctx, "s-b", 1))
	require.NoError(t, err)
	requireSameEnvelopes(t, b, gotB)
	// from 0 means from the start, like 1.
	got0, err := Collect(s.ReadSession(ctx, "s-a", 0))
	require.NoError(t, err)
	requireSameEnvelopes(t, a, got0)

	all, err := Collect(s.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	want := append(append(append([]events.Envelope{}, a[:4]...), b...), a[4:]...)
	requireSameEnvelopes(t, want, all)
	all0, err := Collect(s.ReadAll(ctx, 0, true))
	require.NoError(t, err)
	requireSameEnvelopes(t, want, all0)
	for i, e := range all {
		assert.Equal(t, uint64(i+1), e.Position)
	}
	require.NoError(t, Verify(ctx, s))
}

func testNewSessionConflict(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 2)})
	before := takeSnapshot(t, s)
	_, err := s.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(2, 1)})
	require.ErrorIs(t, err, events.ErrConflict)
	requireUnchanged(t, s, before)
	// Two batches opening the same session in one append conflict too.
	_, err = s.Append(ctx,
		events.Batch{Session: "t", Expected: events.NewSession, Events: Events(3, 1)},
		events.Batch{Session: "t", Expected: events.NewSession, Events: Events(4, 1)})
	require.ErrorIs(t, err, events.ErrConflict)
	requireUnchanged(t, s, before)
}

func testStaleVersion(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 3)})
	before := takeSnapshot(t, s)
	for _, expected := range []uint64{1, 2, 4, 100} {
		_, err := s.Append(ctx, events.Batch{Session: "s", Expected: expected, Events: Events(10, 2)})
		require.ErrorIs(t, err, events.ErrConflict, "expected version %d", expected)
		requireUnchanged(t, s, before)
	}
	// An explicit version on a session that does not exist is a conflict
	// (it is at version 0), and creates nothing.
	_, err := s.Append(ctx, events.Batch{Session: "missing", Expected: 2, Events: Events(20, 1)})
	require.ErrorIs(t, err, events.ErrConflict)
	requireUnchanged(t, s, before)
	// The right version works, and a batch may follow another in the same
	// session within one append.
	envs := appendOK(t, s,
		events.Batch{Session: "s", Expected: 3, Events: Events(30, 1)},
		events.Batch{Session: "s", Expected: 4, Events: Events(31, 2)})
	assert.Equal(t, []uint64{4, 5, 6}, []uint64{envs[0].Version, envs[1].Version, envs[2].Version})
	assert.Equal(t, envs[0].Hash, envs[1].PrevHash)
	require.NoError(t, Verify(ctx, s))
}

func testAnyVersion(t *testing.T, s events.Store) {
	ctx := context.Background()
	_, err := s.Append(ctx, events.Batch{Session: "missing", Expected: events.AnyVersion, Events: Events(0, 1)})
	require.ErrorIs(t, err, events.ErrNoSession)
	assert.Equal(t, 0, logLen(t, s))
	_, err = s.Session(ctx, "missing")
	require.ErrorIs(t, err, events.ErrNoSession)

	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 2)})
	envs := appendOK(t, s, events.Batch{Session: "s", Expected: events.AnyVersion, Events: Events(2, 2)})
	assert.Equal(t, uint64(3), envs[0].Version)
	assert.Equal(t, uint64(4), envs[1].Version)
	require.NoError(t, Verify(ctx, s))
}

func testIdempotent(t *testing.T, s events.Store) {
	ctx := context.Background()
	evs := Events(0, 3)
	first := appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: evs})
	appendOK(t, s, events.Batch{Session: "s", Expected: 3, Events: Events(3, 2)})
	before := takeSnapshot(t, s)

	// The same events again, with the now stale expected version (and with
	// the others): the envelopes as first stored, nothing appended.
	for _, expected := range []uint64{events.NewSession, 1, 3, 5, events.AnyVersion} {
		again, err := s.Append(ctx, events.Batch{Session: "s", Expected: expected, Events: evs})
		require.NoError(t, err, "expected version %d", expected)
		requireSameEnvelopes(t, first, again)
		requireUnchanged(t, s, before)
	}
	// Rebuilt events (fresh payload values, same IDs and content) count too.
	rebuilt := make([]events.Event, len(evs))
	for i, ev := range evs {
		rebuilt[i] = events.Event{ID: ev.ID, At: ev.At, Data: Payload(i)}
	}
	again, err := s.Append(ctx, events.Batch{Session: "s", Expected: events.NewSession, Events: rebuilt})
	require.NoError(t, err)
	requireSameEnvelopes(t, first, again)
	requireUnchanged(t, s, before)

	// A retried multi-batch append reports every batch as first stored.
	x := Events(100, 2)
	y := Events(200, 1)
	orig := appendOK(t, s,
		events.Batch{Session: "x", Expected: events.NewSession, Events: x},
		events.Batch{Session: "y", Expected: events.NewSession, Events: y})
	before = takeSnapshot(t, s)
	again, err = s.Append(ctx,
		events.Batch{Session: "x", Expected: events.NewSession, Events: x},
		events.Batch{Session: "y", Expected: events.NewSession, Events: y})
	require.NoError(t, err)
	requireSameEnvelopes(t, orig, again)
	requireUnchanged(t, s, before)

	// A retried batch beside a new one: the retry is skipped, the new one
	// appended, in one step.
	z := Events(300, 2)
	envs, err := s.Append(ctx,
		events.Batch{Session: "y", Expected: events.NewSession, Events: y},
		events.Batch{Session: "y", Expected: 1, Events: z})
	require.NoError(t, err)
	require.Len(t, envs, 3)
	requireSameEnvelope(t, orig[2], envs[0])
	assert.Equal(t, uint64(2), envs[1].Version)
	assert.Equal(t, orig[2].Hash, envs[1].PrevHash)
	require.NoError(t, Verify(ctx, s))
}

func testDuplicateID(t *testing.T, s events.Store) {
	ctx := context.Background()
	evs := Events(0, 3)
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: evs})
	appendOK(t, s, events.Batch{Session: "other", Expected: events.NewSession, Events: Events(10, 1)})
	before := takeSnapshot(t, s)
	fail := func(what string, batches ...events.Batch) {
		t.Helper()
		_, err := s.Append(ctx, batches...)
		require.ErrorIs(t, err, events.ErrDuplicateID, what)
		requireUnchanged(t, s, before)
	}

	// A reused ID with other content.
	changed := events.Event{ID: evs[1].ID, At: evs[1].At, Data: Payload(1001)}
	fail("other content", events.Batch{Session: "s", Expected: 3, Events: []events.Event{changed}})
	fail("other content, as a retry", events.Batch{Session: "s", Expected: events.NewSession,
		Events: []events.Event{evs[0], changed, evs[2]}})
	// Same content, another session.
	fail("another session", events.Batch{Session: "other", Expected: 1, Events: evs[:1]})
	fail("a new session", events.Batch{Session: "new", Expected: events.NewSession, Events: evs})
	// A partial repeat: events of an earlier append together with new ones.
	fail("repeat plus new", events.Batch{Session: "s", Expected: 3, Events: append(append([]events.Event{}, evs...), Event(50))})
	fail("new plus repeat", events.Batch{Session: "s", Expected: 3, Events: []events.Event{Event(51), evs[2]}})
	// An ID twice in one append, in one batch or in two.
	dup := Event(60)
	fail("twice in a batch", events.Batch{Session: "s", Expected: 3, Events: []events.Event{dup, dup}})
	fail("twice in an append", events.Batch{Session: "s", Expected: 3, Events: []events.Event{dup}},
		events.Batch{Session: "s", Expected: 4, Events: []events.Event{dup}})
	fail("twice in an append, two sessions", events.Batch{Session: "s", Expected: 3, Events: []events.Event{dup}},
		events.Batch{Session: "other", Expected: 1, Events: []events.Event{dup}})
	// A reused ID in a later batch undoes the earlier batches.
	fail("after a good batch", events.Batch{Session: "fresh", Expected: events.NewSession, Events: Events(70, 2)},
		events.Batch{Session: "s", Expected: 3, Events: []events.Event{changed}})
}

func testAtomicBatches(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 2)})
	before := takeSnapshot(t, s)
	cases := []struct {
		name   string
		second events.Batch
		err    error
	}{
		{"conflict", events.Batch{Session: "s", Expected: 1, Events: Events(10, 1)}, events.ErrConflict},
		{"no session", events.Batch{Session: "nope", Expected: events.AnyVersion, Events: Events(10, 1)}, events.ErrNoSession},
		{"invalid", events.Batch{Session: "s", Expected: 4, Events: []events.Event{Event(10), {ID: events.NewID(), At: baseTime}}}, events.ErrInvalid},
	}
	for _, c := range cases {
		_, err := s.Append(ctx,
			events.Batch{Session: "s", Expected: 2, Events: Events(20, 2)},
			events.Batch{Session: "opened", Expected: events.NewSession, Events: Events(30, 1)},
			c.second)
		require.ErrorIs(t, err, c.err, c.name)
		requireUnchanged(t, s, before)
		_, err = s.Session(ctx, "opened")
		require.ErrorIs(t, err, events.ErrNoSession, "%s: the session a failed append would open does not exist", c.name)
		_, err = Collect(s.ReadSession(ctx, "opened", 1))
		require.ErrorIs(t, err, events.ErrNoSession, c.name)
		id, err := s.LastSession(ctx)
		require.NoError(t, err)
		assert.Equal(t, "s", id, c.name)
	}
	// The failed appends left no gap: the next event takes the next position.
	envs := appendOK(t, s, events.Batch{Session: "opened", Expected: events.NewSession, Events: Events(40, 1)})
	assert.Equal(t, uint64(3), envs[0].Position)
	assert.Equal(t, uint64(1), envs[0].Version)
	require.NoError(t, Verify(ctx, s))
}

func testReadSessionFrom(t *testing.T, s events.Store) {
	ctx := context.Background()
	var all []events.Envelope
	for i := range 5 {
		expected := uint64(3 * i)
		all = append(all, appendOK(t, s,
			events.Batch{Session: "s", Expected: expected, Events: Events(10*i, 3)},
			events.Batch{Session: fmt.Sprintf("noise-%d", i), Expected: events.NewSession, Events: Events(100+i, 1)})[:3]...)
	}
	for _, from := range []uint64{1, 2, 7, 14, 15} {
		got, err := Collect(s.ReadSession(ctx, "s", from))
		require.NoError(t, err)
		requireSameEnvelopes(t, all[from-1:], got)
	}
	for _, from := range []uint64{16, 100} {
		got, err := Collect(s.ReadSession(ctx, "s", from))
		require.NoError(t, err, "from past the end")
		assert.Empty(t, got)
	}
	// Stopping early.
	n := 0
	for e, err := range s.ReadSession(ctx, "s", 4) {
		require.NoError(t, err)
		requireSameEnvelope(t, all[3+n], e)
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)
}

// bigSession appends n events to session in batches of at most batch events,
// and returns them as stored.
func bigSession(t *testing.T, s events.Store, session string, from, n, batch int) []events.Envelope {
	var out []events.Envelope
	for len(out) < n {
		k := min(batch, n-len(out))
		expected := uint64(len(out))
		out = append(out, appendOK(t, s, events.Batch{Session: session, Expected: expected, Events: Events(from+len(out), k)})...)
	}
	return out
}

func reversed(envs []events.Envelope) []events.Envelope {
	out := make([]events.Envelope, len(envs))
	for i, e := range envs {
		out[len(envs)-1-i] = e
	}
	return out
}

func testReadSessionBackward(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "before", Expected: events.NewSession, Events: Events(0, 1)})
	// 3 full backward chunks and some: 197 events.
	n := 3*backwardChunk + 5
	envs := bigSession(t, s, "s", 1, n, 50)
	appendOK(t, s, events.Batch{Session: "after", Expected: events.NewSession, Events: Events(0, 1)})
	appendOK(t, s, events.Batch{Session: "one", Expected: events.NewSession, Events: Events(0, 1)})

	got, err := Collect(s.ReadSessionBackward(ctx, "s"))
	require.NoError(t, err)
	requireSameEnvelopes(t, reversed(envs), got)

	// Stopping early, at and around the chunk boundaries.
	for _, stop := range []int{1, 2, backwardChunk - 1, backwardChunk, backwardChunk + 1, 2 * backwardChunk, 2*backwardChunk + 1, n - 1} {
		var got []events.Envelope
		for e, err := range s.ReadSessionBackward(ctx, "s") {
			require.NoError(t, err)
			got = append(got, e)
			if len(got) == stop {
				break
			}
		}
		requireSameEnvelopes(t, reversed(envs)[:stop], got)
	}

	one, err := Collect(s.ReadSessionBackward(ctx, "one"))
	require.NoError(t, err)
	require.Len(t, one, 1)
	assert.Equal(t, uint64(1), one[0].Version)

	// A session of exactly one backward chunk.
	exact := bigSession(t, s, "exact", 5000, backwardChunk, backwardChunk)
	got, err = Collect(s.ReadSessionBackward(ctx, "exact"))
	require.NoError(t, err)
	requireSameEnvelopes(t, reversed(exact), got)
}

func testReadAllChunks(t *testing.T, s events.Store) {
	ctx := context.Background()
	// Two sessions interleaved, batch by batch, so that positions and
	// versions differ: 2*2150 = 4300 events, more than two forward chunks.
	const perSession, batch = 2150, 250
	var all, a, b []events.Envelope
	for len(a) < perSession {
		k := min(batch, perSession-len(a))
		expA, expB := uint64(len(a)), uint64(len(b))
		envs := appendOK(t, s,
			events.Batch{Session: "a", Expected: expA, Events: Events(len(a), k)},
			events.Batch{Session: "b", Expected: expB, Events: Events(100000+len(b), k)})
		a = append(a, envs[:k]...)
		b = append(b, envs[k:]...)
		all = append(all, envs...)
	}
	require.Len(t, all, 2*perSession)
	for i, e := range all {
		require.Equal(t, uint64(i+1), e.Position)
	}

	got, err := Collect(s.ReadAll(ctx, 1, true))
	require.NoError(t, err)
	requireSameEnvelopes(t, all, got)

	// Without decoding: Data is nil, the rest the same. Raw is checked
	// inside the loop: it need not outlive the iteration.
	i := 0
	for e, err := range s.ReadAll(ctx, 1, false) {
		require.NoError(t, err)
		require.Nil(t, e.Data, "position %d decoded", e.Position)
		w := all[i]
		w.Data = nil
		requireSameEnvelope(t, w, e)
		require.NoError(t, e.CheckHash())
		i++
	}
	require.Equal(t, len(all), i)

	last := uint64(len(all))
	// Each start is read decoded and not. go test ./... reads each in one
	// way only, the two ways taking turns (each start read whole is most
	// of this test's time): both ways are read whole from the first event
	// above, across every chunk boundary, and each start is still read.
	// HOYLE_FULL=1 reads every start both ways.
	modes := [][]bool{{true}, {false}}
	if testkit.Rounds(1, 2) > 1 {
		modes = [][]bool{{true, false}}
	}
	for k, from := range []uint64{2, forwardChunk - 1, forwardChunk, forwardChunk + 1, forwardChunk + 2,
		2*forwardChunk - 1, 2 * forwardChunk, 2*forwardChunk + 1, last - 1, last} {
		for _, decode := range modes[k%len(modes)] {
			var got []events.Envelope
			for e, err := range s.ReadAll(ctx, from, decode) {
				require.NoError(t, err)
				if !decode {
					require.Nil(t, e.Data)
					e.Raw = bytes.Clone(e.Raw)
				}
				got = append(got, e)
			}
			want := all[from-1:]
			if !decode {
				want = make([]events.Envelope, len(all)-int(from-1))
				for j := range want {
					want[j] = all[int(from)-1+j]
					want[j].Data = nil
				}
			}
			requireSameEnvelopes(t, want, got)
		}
	}
	got, err = Collect(s.ReadAll(ctx, last+1, true))
	require.NoError(t, err)
	assert.Empty(t, got, "from past the end")

	// Stopping early around the chunk boundaries.
	for _, stop := range []int{forwardChunk - 1, forwardChunk, forwardChunk + 1, 2 * forwardChunk} {
		n := 0
		for e, err := range s.ReadAll(ctx, 1, false) {
			require.NoError(t, err)
			n++
			require.Equal(t, uint64(n), e.Position)
			if n == stop {
				break
			}
		}
		require.Equal(t, stop, n)
	}

	// The sessions read across their chunk boundaries too.
	for _, c := range []struct {
		id   string
		envs []events.Envelope
	}{{"a", a}, {"b", b}} {
		for _, from := range []uint64{1, 2, forwardChunk, forwardChunk + 1, perSession} {
			got, err := Collect(s.ReadSession(ctx, c.id, from))
			require.NoError(t, err)
			requireSameEnvelopes(t, c.envs[from-1:], got)
		}
		got, err := Collect(s.ReadSessionBackward(ctx, c.id))
		require.NoError(t, err)
		requireSameEnvelopes(t, reversed(c.envs), got)
	}
	require.NoError(t, Verify(ctx, s))
}

// testReiterate ranges over each sequence again and again: an iter.Seq2
// from a store starts from the beginning each time it is ranged over. The
// second time shows it (each time reads the whole sequence, across chunk
// boundaries, and compares every event); HOYLE_FULL=1 ranges a third time.
func testReiterate(t *testing.T, s events.Store) {
	ctx := context.Background()
	n := forwardChunk + 100
	envs := bigSession(t, s, "s", 0, n, 1000)
	seqs := []struct {
		name string
		seq  iter.Seq2[events.Envelope, error]
		want []events.Envelope
	}{
		{"ReadAll", s.ReadAll(ctx, 1, true), envs},
		{"ReadAll from 0", s.ReadAll(ctx, 0, true), envs},
		{"ReadAll from 10", s.ReadAll(ctx, 10, true), envs[9:]},
		{"ReadSession", s.ReadSession(ctx, "s", 1), envs},
		{"ReadSession from 0", s.ReadSession(ctx, "s", 0), envs},
		{"ReadSession from 10", s.ReadSession(ctx, "s", 10), envs[9:]},
		{"ReadSessionBackward", s.ReadSessionBackward(ctx, "s"), reversed(envs)},
	}
	for _, c := range seqs {
		for round := range testkit.Rounds(2, 3) {
			got, err := Collect(c.seq)
			require.NoError(t, err, c.name)
			require.Equal(t, len(c.want), len(got), "%s, ranged over %d times before", c.name, round)
			requireSameEnvelopes(t, c.want, got)
		}
	}
}

// testAppendWhileReading appends from inside a read loop: the reads must not
// hold the store locked while the caller works.
func testAppendWhileReading(t *testing.T, s events.Store) {
	ctx := context.Background()
	n := forwardChunk + 10
	envs := bigSession(t, s, "s", 0, n, 1100)
	done := make(chan error, 1)
	go func() {
		done <- func() error {
			i := 0
			for e, err := range s.ReadAll(ctx, 1, true) {
				if err != nil {
					return err
				}
				if i < n && e.ID != envs[i].ID {
					return fmt.Errorf("position %d: got %s, want %s", i+1, e.ID, envs[i].ID)
				}
				if i%1000 == 0 {
					if _, err := s.Append(ctx, events.Batch{Session: "other", Expected: events.AnyVersion, Events: Events(i, 1)}); errors.Is(err, events.ErrNoSession) {
						_, err = s.Append(ctx, events.Batch{Session: "other", Expected: events.NewSession, Events: Events(i, 1)})
						if err != nil {
							return err
						}
					} else if err != nil {
						return err
					}
				}
				i++
			}
			if i < n {
				return fmt.Errorf("read %d events, want at least %d", i, n)
			}
			for e, err := range s.ReadSessionBackward(ctx, "s") {
				if err != nil {
					return err
				}
				if _, err := s.Append(ctx, events.Batch{Session: "other", Expected: events.AnyVersion, Events: Events(int(e.Version), 1)}); err != nil {
					return err
				}
				if e.Version < uint64(n)-backwardChunk-2 {
					break
				}
			}
			return nil
		}()
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(60 * time.Second):
		t.Fatal("appending inside a read loop deadlocked")
	}
	require.NoError(t, Verify(ctx, s))
}

func testHashChain(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 3)})
	appendOK(t, s, events.Batch{Session: "t", Expected: events.NewSession, Events: Events(10, 2)})
	appendOK(t, s, events.Batch{Session: "s", Expected: 3, Events: Events(20, 2)},
		events.Batch{Session: "t", Expected: 2, Events: Events(30, 1)})

	for _, id := range []string{"s", "t"} {
		envs, err := Collect(s.ReadSession(ctx, id, 1))
		require.NoError(t, err)
		var prev events.Hash
		assert.Equal(t, events.Hash{}, envs[0].PrevHash, "the first event's PrevHash is zero")
		for _, e := range envs {
			require.Equal(t, prev, e.PrevHash)
			require.NoError(t, e.CheckHash())
			require.Equal(t, events.ComputeHash(e.PrevHash, e.Type, e.Schema, e.ID, e.Session, e.Version, e.At, e.Raw), e.Hash)
			assert.NotEqual(t, events.Hash{}, e.Hash)
			prev = e.Hash
		}
		info, err := s.Session(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, prev, info.Head)
	}
	require.NoError(t, Verify(ctx, s))

	// Any change to a stored event breaks its hash.
	envs, err := Collect(s.ReadAll(ctx, 1, false))
	require.NoError(t, err)
	e := envs[3]
	tamper := map[string]func(e *events.Envelope){
		"Raw":      func(e *events.Envelope) { e.Raw = append(bytes.Clone(e.Raw[:len(e.Raw)-1]), e.Raw[len(e.Raw)-1]^1) },
		"Raw grew": func(e *events.Envelope) { e.Raw = append(bytes.Clone(e.Raw), 0) },
		"At":       func(e *events.Envelope) { e.At = e.At.Add(time.Nanosecond) },
		"Version":  func(e *events.Envelope) { e.Version++ },
		"Session":  func(e *events.Envelope) { e.Session = "u" },
		"ID":       func(e *events.Envelope) { e.ID[0] ^= 1 },
		"Type":     func(e *events.Envelope) { e.Type = table.TypeNoted },
		"Schema":   func(e *events.Envelope) { e.Schema++ },
		"PrevHash": func(e *events.Envelope) { e.PrevHash[0] ^= 1 },
		"Hash":     func(e *events.Envelope) { e.Hash[31] ^= 1 },
	}
	for what, change := range tamper {
		m := e
		change(&m)
		err := m.CheckHash()
		require.ErrorIs(t, err, events.ErrTampered, what)
		var pe *events.PositionError
		require.ErrorAs(t, err, &pe, what)
		assert.Equal(t, m.Position, pe.Position, what)
	}
	// The position is not hashed: a session can move to another log.
	m := e
	m.Position += 100
	assert.NoError(t, m.CheckHash())
}

func testSessions(t *testing.T, s events.Store) {
	ctx := context.Background()
	// Opened in an order that is not the order of their names.
	appendOK(t, s, events.Batch{Session: "charlie", Expected: events.NewSession, Events: Events(0, 2)})
	appendOK(t, s, events.Batch{Session: "alpha", Expected: events.NewSession, Events: Events(10, 1)})
	id, err := s.LastSession(ctx)
	require.NoError(t, err)
	assert.Equal(t, "alpha", id)
	// One append opening two sessions, and extending an older one.
	appendOK(t, s,
		events.Batch{Session: "charlie", Expected: 2, Events: Events(20, 1)},
		events.Batch{Session: "zulu", Expected: events.NewSession, Events: Events(30, 2)},
		events.Batch{Session: "bravo", Expected: events.NewSession, Events: Events(40, 1)})
	// Appending to an old session does not make it the last opened.
	appendOK(t, s, events.Batch{Session: "charlie", Expected: 3, Events: Events(50, 1)})

	infos, err := s.Sessions(ctx)
	require.NoError(t, err)
	ids := make([]string, len(infos))
	for i, info := range infos {
		ids[i] = info.ID
	}
	assert.Equal(t, []string{"charlie", "alpha", "zulu", "bravo"}, ids)
	want := map[string][3]uint64{ // version, first, last
		"charlie": {4, 1, 8}, "alpha": {1, 3, 3}, "zulu": {2, 5, 6}, "bravo": {1, 7, 7},
	}
	for _, info := range infos {
		w := want[info.ID]
		assert.Equal(t, w[0], info.Version, info.ID)
		assert.Equal(t, w[1], info.First, info.ID)
		assert.Equal(t, w[2], info.Last, info.ID)
		envs, err := Collect(s.ReadSessionBackward(ctx, info.ID))
		require.NoError(t, err)
		assert.Equal(t, envs[0].Hash, info.Head, info.ID)
		one, err := s.Session(ctx, info.ID)
		require.NoError(t, err)
		assert.Equal(t, info, one)
	}
	id, err = s.LastSession(ctx)
	require.NoError(t, err)
	assert.Equal(t, "bravo", id)
	require.NoError(t, Verify(ctx, s))
}

func testNoSession(t *testing.T, s events.Store) {
	ctx := context.Background()
	check := func() {
		t.Helper()
		_, err := s.Session(ctx, "nobody")
		require.ErrorIs(t, err, events.ErrNoSession)
		for name, seq := range map[string]iter.Seq2[events.Envelope, error]{
			"ReadSession":         s.ReadSession(ctx, "nobody", 1),
			"ReadSession from 5":  s.ReadSession(ctx, "nobody", 5),
			"ReadSessionBackward": s.ReadSessionBackward(ctx, "nobody"),
		} {
			got, err := Collect(seq)
			require.ErrorIs(t, err, events.ErrNoSession, name)
			assert.Empty(t, got, name)
		}
	}
	check()
	appendOK(t, s, events.Batch{Session: "somebody", Expected: events.NewSession, Events: Events(0, 2)})
	check()
	// A name that differs only in case, or is a prefix, is another session.
	for _, id := range []string{"Somebody", "some", "somebody "} {
		_, err := s.Session(ctx, id)
		require.ErrorIs(t, err, events.ErrNoSession, id)
	}
}

func testInvalid(t *testing.T, s events.Store) {
	ctx := context.Background()
	evs := Events(0, 2)
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: evs})
	before := takeSnapshot(t, s)
	cases := map[string][]events.Event{
		"zero ID":                   {{At: baseTime, Data: Payload(1)}},
		"nil Data":                  {{ID: events.NewID(), At: baseTime}},
		"zero ID after a good one":  {Event(5), {At: baseTime, Data: Payload(1)}},
		"nil Data after a good one": {Event(6), {ID: events.NewID(), At: baseTime}},
		"two zero IDs":              {{At: baseTime, Data: Payload(1)}, {At: baseTime, Data: Payload(2)}},
		// An ID already in the log with no payload: not a retry, and no panic.
		"nil Data, stored ID": {{ID: evs[0].ID, At: evs[0].At}},
	}
	for name, evs := range cases {
		for _, expected := range []uint64{2, events.AnyVersion} {
			_, err := s.Append(ctx, events.Batch{Session: "s", Expected: expected, Events: evs})
			require.ErrorIs(t, err, events.ErrInvalid, name)
			requireUnchanged(t, s, before)
		}
		_, err := s.Append(ctx, events.Batch{Session: "new", Expected: events.NewSession, Events: evs})
		require.ErrorIs(t, err, events.ErrInvalid, name)
		requireUnchanged(t, s, before)
	}
	// A session needs a name.
	_, err := s.Append(ctx, events.Batch{Session: "", Expected: events.NewSession, Events: Events(10, 1)})
	require.ErrorIs(t, err, events.ErrInvalid, "empty session ID")
	requireUnchanged(t, s, before)
}

func testCanceled(t *testing.T, s events.Store) {
	appendOK(t, s, events.Batch{Session: "s", Expected: events.NewSession, Events: Events(0, 3)})
	before := takeSnapshot(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Append(ctx, events.Batch{Session: "s", Expected: 3, Events: Events(10, 1)})
	require.ErrorIs(t, err, context.Canceled)
	requireUnchanged(t, s, before)
	for name, seq := range map[string]iter.Seq2[events.Envelope, error]{
		"ReadSession":         s.ReadSession(ctx, "s", 1),
		"ReadSessionBackward": s.ReadSessionBackward(ctx, "s"),
		"ReadAll":             s.ReadAll(ctx, 1, true),
	} {
		_, err := Collect(seq)
		require.ErrorIs(t, err, context.Canceled, name)
	}
}

// testConcurrent has several goroutines append to one session at once, each
// reading the version and retrying on ErrConflict, while others open and
// fill sessions of their own: nothing is lost and the chains hold.
func testConcurrent(t *testing.T, s events.Store) {
	ctx := context.Background()
	appendOK(t, s, events.Batch{Session: "shared", Expected: events.NewSession, Events: Events(0, 1)})
	const writers, each = 6, 15
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		ids       = map[events.ID]string{}
		conflicts int
		errs      = make(chan error, 2*writers)
		// Every writer reads the version before any appends, so that all
		// but one of the first appends conflict.
		readFirst sync.WaitGroup
	)
	readFirst.Add(writers)
	for w := range writers {
		wg.Add(2)
		go func() {
			defer wg.Done()
			first := true
			for i := range each {
				ev := Event(1000*w + i)
				for {
					info, err := s.Session(ctx, "shared")
					if first {
						readFirst.Done()
						readFirst.Wait()
						first = false
					}
					if err != nil {
						errs <- err
						return
					}
					envs, err := s.Append(ctx, events.Batch{Session: "shared", Expected: info.Version, Events: []events.Event{ev}})
					if errors.Is(err, events.ErrConflict) {
						mu.Lock()
						conflicts++
						mu.Unlock()
						continue
					}
					if err != nil {
						errs <- err
						return
					}
					if len(envs) != 1 || envs[0].Version != info.Version+1 {
						errs <- fmt.Errorf("append at version %d stored %+v", info.Version, envs)
						return
					}
					mu.Lock()
					ids[ev.ID] = "shared"
					mu.Unlock()
					break
				}
			}
		}()
		go func() {
			defer wg.Done()
			own := fmt.Sprintf("own-%d", w)
			for i := range each {
				expected := uint64(i)
				ev := Event(100000 + 1000*w + i)
				if _, err := s.Append(ctx, events.Batch{Session: own, Expected: expected, Events: []events.Event{ev}}); err != nil {
					errs <- err
					return
				}
				mu.Lock()
				ids[ev.ID] = own
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	t.Logf("%d writers, %d conflicts retried", writers, conflicts)
	assert.GreaterOrEqual(t, conflicts, writers-1, "the first appends raced")

	info, err := s.Session(ctx, "shared")
	require.NoError(t, err)
	assert.Equal(t, uint64(1+writers*each), info.Version)
	found := map[events.ID]string{}
	for e, err := range s.ReadAll(ctx, 1, true) {
		require.NoError(t, err)
		_, dup := found[e.ID]
		require.False(t, dup, "event %s stored twice", e.ID)
		found[e.ID] = e.Session
	}
	for id, session := range ids {
		require.Equal(t, session, found[id], "event %s", id)
	}
	assert.Equal(t, 1+2*writers*each, len(found))
	require.NoError(t, Verify(ctx, s))
}

// schemaTwo is an event type the suite registers for itself (see
// registerSchemaTwo): its schema 2 holds a name and a count; schema 1 held
// the name alone and is upcast with a count of 1. No table event has an
// older schema yet, and restoring one byte for byte is what testStoredBytes
// checks.
type schemaTwo struct {
	Name  string
	Count uint64
}

const schemaTwoType = "storetest.schema_two"

func (*schemaTwo) EventType() string { return schemaTwoType }

func (p *schemaTwo) MarshalWire(e *events.Encoder) {
	e.String(p.Name)
	e.Uint(p.Count)
}

func (p *schemaTwo) UnmarshalWire(d *events.Decoder) error {
	p.Name = d.String()
	p.Count = d.Uint()
	return d.Err()
}

var registerSchemaTwo sync.Once

// unregistered is a payload whose type no one registers.
type unregistered struct{}

func (unregistered) EventType() string                   { return "storetest.unregistered" }
func (unregistered) MarshalWire(*events.Encoder)         {}
func (unregistered) UnmarshalWire(*events.Decoder) error { return nil }

// testStoredBytes: an event appended with its stored bytes (Event.Raw and
// Schema, as a restored backup gives them) is stored as those bytes and
// that schema, not re-encoded, so an event of an older schema keeps the hash
// it had in the log it came from; the bytes must decode, under a schema
// this hoyle knows, for a registered type; a retry is recognised by the
// bytes.
func testStoredBytes(t *testing.T, s events.Store) {
	ctx := context.Background()
	registerSchemaTwo.Do(func() {
		events.Register(events.TypeInfo{Name: schemaTwoType, Schema: 2, New: func() events.Payload { return &schemaTwo{} },
			Upcasters: map[uint16]events.Upcaster{1: func(raw []byte) (events.Payload, error) {
				d := events.NewDecoder(raw)
				p := &schemaTwo{Name: d.String(), Count: 1}
				return p, d.Err()
			}},
			Doc: "an event type of the store conformance suite"})
	})
	v1 := events.NewEncoder(nil)
	v1.String("old")
	oldRaw := v1.Bytes() // schema 1: the name alone

	normal := Events(0, 2)
	_, _, normalRaw, err := events.EncodePayload(normal[1].Data)
	require.NoError(t, err)
	evs := []events.Event{
		normal[0], // encoded from Data, as usual
		{ID: normal[1].ID, At: normal[1].At, Data: normal[1].Data, Schema: 1, Raw: normalRaw},
		{ID: events.NewID(), At: baseTime.Add(time.Minute), Data: &schemaTwo{}, Schema: 1, Raw: oldRaw},
	}
	// What the log the events came from stored: the hashes an append must
	// reproduce.
	want, err := events.Prepare("restored", 0, events.Hash{}, evs)
	require.NoError(t, err)
	assert.Equal(t, events.ComputeHash(want[1].Hash, schemaTwoType, 1, evs[2].ID, "restored", 3, evs[2].At, oldRaw), want[2].Hash,
		"the old event is hashed over its own bytes and schema")

	got := appendOK(t, s, events.Batch{Session: "restored", Expected: events.NewSession, Events: evs})
	read, err := Collect(s.ReadSession(ctx, "restored", 1))
	require.NoError(t, err)
	for i := range want {
		want[i].Position = got[i].Position
		requireSameEnvelope(t, want[i], got[i])
		requireSameEnvelope(t, want[i], read[i])
	}
	assert.Equal(t, uint16(1), read[2].Schema)
	assert.Equal(t, oldRaw, read[2].Raw, "stored byte for byte")
	assert.Equal(t, &schemaTwo{Name: "old", Count: 1}, read[2].Data, "read back upcast")
	require.NoError(t, Verify(ctx, s))

	// A retry with the same bytes is recognised; other bytes under the same
	// ID are not the same event.
	again, err := s.Append(ctx, events.Batch{Session: "restored", Expected: events.NewSession, Events: evs})
	require.NoError(t, err)
	requireSameEnvelopes(t, got, again)
	before := takeSnapshot(t, s)
	v1b := events.NewEncoder(nil)
	v1b.String("other")
	changed := evs[2]
	changed.Raw = v1b.Bytes()
	_, err = s.Append(ctx, events.Batch{Session: "restored", Expected: 3, Events: []events.Event{changed}})
	require.ErrorIs(t, err, events.ErrDuplicateID)
	requireUnchanged(t, s, before)

	// Bytes that cannot be stored: nothing is appended.
	bad := map[string]struct {
		ev  events.Event
		err error
	}{
		"undecodable":   {events.Event{ID: events.NewID(), At: baseTime, Data: &schemaTwo{}, Schema: 1, Raw: []byte{0x05, 'a'}}, events.ErrCorrupt},
		"left over":     {events.Event{ID: events.NewID(), At: baseTime, Data: &schemaTwo{}, Schema: 2, Raw: append(bytes.Clone(oldRaw), 1, 2)}, events.ErrCorrupt},
		"future schema": {events.Event{ID: events.NewID(), At: baseTime, Data: &schemaTwo{}, Schema: 3, Raw: oldRaw}, events.ErrFutureSchema},
		"no schema":     {events.Event{ID: events.NewID(), At: baseTime, Data: &schemaTwo{}, Raw: oldRaw}, events.ErrInvalid},
		"unknown type":  {events.Event{ID: events.NewID(), At: baseTime, Data: unregistered{}, Schema: 1, Raw: []byte{}}, events.ErrUnknownType},
	}
	for name, c := range bad {
		_, err := s.Append(ctx, events.Batch{Session: "restored", Expected: 3, Events: []events.Event{Event(5), c.ev}})
		require.ErrorIs(t, err, c.err, name)
		requireUnchanged(t, s, before)
		_, err = s.Append(ctx, events.Batch{Session: "other", Expected: events.NewSession, Events: []events.Event{c.ev}})
		require.ErrorIs(t, err, c.err, name)
		requireUnchanged(t, s, before)
	}
}
