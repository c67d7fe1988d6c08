package jsonlog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/verify"
)

// recorded makes a store with two sessions of every kind of entry: an
// auction bridge session with a deal, calls, cards, an undo (a retraction
// stays in the log), notes, a claim, honours claimed and a close; and a
// simulated contract bridge session at duplicate with claims.
func recorded(t testing.TB) (events.Store, []string) {
	ctx := context.Background()
	st := memstore.New()
	tick := time.Date(2025, 3, 14, 19, 30, 15, 123456789, time.UTC)
	rec := &recorder.Recorder{Store: st, Now: func() time.Time { tick = tick.Add(1234567 * time.Nanosecond); return tick }}
	id, err := rec.Open(ctx, projections.SessionSpec{Game: "auction", Name: "every entry", Players: map[string]string{"N": "Yves", "S": "Zoë"}})
	require.NoError(t, err)
	steps := []func() error{
		func() error {
			_, err := rec.Deal(ctx, id, projections.DealSpec{PBN: "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"})
			return err
		},
		func() error {
			_, err := rec.Calls(ctx, id, strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P"))
			return err
		},
		func() error {
			_, err := rec.Note(ctx, id, projections.NoteSpec{Text: "two no trumps overcalls", Glyph: "!", By: "Foster"})
			return err
		},
		func() error { _, err := rec.Plays(ctx, id, strings.Fields("HJ H3 H5 HA HK")); return err },
		func() error { _, err := rec.Undo(ctx, id); return err },
		func() error { _, err := rec.Claim(ctx, id, projections.ClaimSpec{Tricks: 7}); return err },
		func() error {
			seed := uint64(11)
			_, err := rec.Deal(ctx, id, projections.DealSpec{Seed: &seed})
			return err
		},
		func() error { _, err := rec.Calls(ctx, id, strings.Fields("1H P P P")); return err },
		func() error { _, err := rec.Claim(ctx, id, projections.ClaimSpec{Tricks: 8}); return err },
		func() error { _, err := rec.Close(ctx, id, "the end of the evening"); return err },
	}
	for _, step := range steps {
		require.NoError(t, step())
	}
	res, err := simulate.Run(ctx, st, simulate.Options{Game: "contract", Options: map[string]string{"scoring": "duplicate"}, Hands: 6, Seed: 3, ClaimEvery: 2, Batch: 3})
	require.NoError(t, err)
	return st, []string{id, res.Session}
}

func readAll(t testing.TB, st events.Store, id string) []events.Envelope {
	envs, err := load.Events(context.Background(), st, id)
	require.NoError(t, err)
	return envs
}

func exported(t testing.TB, st events.Store, ids []string) []byte {
	var sessions [][]events.Envelope
	for _, id := range ids {
		sessions = append(sessions, readAll(t, st, id))
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, sessions...))
	return b.Bytes()
}

// Export to JSON, restore into another database (a bbolt file): the same
// events to the byte and the nanosecond, the same hashes, verify passes,
// and the sessions fold the same.
func TestRestoreIntoAnotherDatabase(t *testing.T) {
	ctx := context.Background()
	src, ids := recorded(t)
	file := exported(t, src, ids)

	log, err := Read(bytes.NewReader(file), Options{})
	require.NoError(t, err)
	require.Len(t, log.Sessions, 2)
	dst, err := bolt.Open(filepath.Join(t.TempDir(), "other.db"), bolt.Options{Create: true})
	require.NoError(t, err)
	defer dst.Close()
	// Something already in the other database: positions differ, hashes
	// do not.
	_, err = simulate.Run(ctx, dst, simulate.Options{Game: "auction", Hands: 1, Seed: 9})
	require.NoError(t, err)
	_, err = dst.Append(ctx, log.Batches()...)
	require.NoError(t, err)

	for i, id := range ids {
		want, got := readAll(t, src, id), readAll(t, dst, id)
		require.Len(t, got, len(want))
		for k := range want {
			w, g := want[k], got[k]
			assert.NotEqual(t, w.Position, g.Position)
			assert.Equal(t, w.ID, g.ID)
			assert.Equal(t, w.Type, g.Type)
			assert.Equal(t, w.Schema, g.Schema)
			assert.Equal(t, w.Version, g.Version)
			assert.Equal(t, w.At.UnixNano(), g.At.UnixNano())
			assert.Equal(t, w.Raw, g.Raw)
			assert.Equal(t, w.PrevHash, g.PrevHash)
			assert.Equal(t, w.Hash, g.Hash)
			assert.Equal(t, w.Data, g.Data)
		}
		info, err := dst.Session(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, log.Sessions[i].Head, info.Head)
		a, err := projections.Fold(want)
		require.NoError(t, err)
		b, err := projections.Fold(got)
		require.NoError(t, err)
		assert.Equal(t, exporttest.Summary(a, exporttest.Options{}), exporttest.Summary(b, exporttest.Options{}))
		assert.Equal(t, a.Score(), b.Score())
		assert.Equal(t, a.Closed, b.Closed)
	}
	rep, err := verify.Run(ctx, dst)
	require.NoError(t, err)
	assert.Equal(t, 3, rep.Sessions)

	// Restoring again is a retry: nothing is appended.
	before, err := dst.Sessions(ctx)
	require.NoError(t, err)
	_, err = dst.Append(ctx, log.Batches()...)
	require.NoError(t, err)
	after, err := dst.Sessions(ctx)
	require.NoError(t, err)
	assert.Equal(t, before, after)

	// And the restored sessions export to the same file.
	assert.Equal(t, string(file), string(exported(t, dst, ids)))
}

func TestTheFileIsReadable(t *testing.T) {
	src, ids := recorded(t)
	file := exported(t, src, ids)
	var doc struct {
		Format   string `json:"format"`
		Version  int    `json:"version"`
		Sessions []struct {
			Session string  `json:"session"`
			Events  []Event `json:"events"`
		} `json:"sessions"`
	}
	require.NoError(t, json.Unmarshal(file, &doc), "one JSON document")
	assert.Equal(t, Format, doc.Format)
	require.Len(t, doc.Sessions, 2)
	first := doc.Sessions[0].Events[0]
	assert.Equal(t, "session.opened", first.Type)
	var opened map[string]any
	require.NoError(t, json.Unmarshal(first.Data, &opened))
	assert.Equal(t, "auction", opened["ruleset"])
	assert.Equal(t, "every entry", opened["name"])
	assert.Equal(t, []any{"Yves", "", "Zoë", ""}, opened["players"])
	assert.Equal(t, "2025-03-14T19:30:15.124691356Z", first.At)
	assert.Equal(t, strings.Repeat("0", 64), first.PrevHash)
	// One event to a line, so that a problem is placed by its line.
	lines := strings.Split(strings.TrimSpace(string(file)), "\n")
	assert.Equal(t, 6+len(doc.Sessions[0].Events)+len(doc.Sessions[1].Events), len(lines))
	var retractions int
	for _, e := range doc.Sessions[0].Events {
		if e.Type == "log.retraction" {
			retractions++
		}
	}
	assert.Equal(t, 1, retractions, "the undo is in the log")
}

// A file altered by hand is refused, at the line of the altered event,
// and nothing is restored.
func TestTamperedFilesAreRefused(t *testing.T) {
	src, ids := recorded(t)
	file := string(exported(t, src, ids))
	lines := strings.Split(file, "\n")
	// lines[0] the header, lines[1] the first session's head, lines[2] its
	// first event.
	edit := func(line int, f func(e map[string]any)) string {
		out := append([]string(nil), lines...)
		text := strings.TrimSuffix(out[line-1], ",")
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(text), &e))
		f(e)
		b, err := json.Marshal(e)
		require.NoError(t, err)
		out[line-1] = string(b) + strings.TrimPrefix(out[line-1], text)
		return strings.Join(out, "\n")
	}
	ev5 := 7 // the file's line of event 5 of the first session
	cases := map[string]struct {
		text string
		line int
	}{
		"a payload byte": {edit(ev5, func(e map[string]any) {
			raw := []byte(e["raw"].(string))
			raw[2] ^= 'A' ^ 'B'
			e["raw"] = string(raw)
		}), ev5},
		"the readable data alone": {edit(ev5, func(e map[string]any) {
			e["data"].(map[string]any)["call"] = "7NT"
		}), ev5},
		"the time": {edit(ev5, func(e map[string]any) { e["at"] = "2025-03-14T19:30:16Z" }), ev5},
		"the type": {edit(ev5, func(e map[string]any) { e["type"] = "play.card" }), ev5},
		"the hash": {edit(ev5, func(e map[string]any) {
			// Another hex digit, so the hash still reads as a hash.
			h := []byte(e["hash"].(string))
			if h[0] == '0' {
				h[0] = '1'
			} else {
				h[0] = '0'
			}
			e["hash"] = string(h)
		}), ev5},
		"an event left out": {strings.Join(append(append([]string(nil), lines[:ev5-1]...), lines[ev5:]...), "\n"), ev5},
		"events swapped":    {strings.Join(append(append(append([]string(nil), lines[:ev5-1]...), lines[ev5], lines[ev5-1]), lines[ev5+1:]...), "\n"), ev5},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			log, err := Read(strings.NewReader(c.text), Options{})
			assert.Nil(t, log)
			require.ErrorIs(t, err, events.ErrTampered)
			var le *Error
			require.True(t, errors.As(err, &le))
			assert.Equal(t, c.line, le.Line, err.Error())
			assert.Equal(t, ids[0], le.Session)
		})
	}
	// The untouched file reads.
	_, err := Read(strings.NewReader(file), Options{})
	require.NoError(t, err)
}

func TestMalformedFiles(t *testing.T) {
	src, ids := recorded(t)
	file := string(exported(t, src, ids[:1]))
	cases := map[string]struct {
		text string
		line int
		is   error
	}{
		"not JSON":          {"hello", 1, ErrSyntax},
		"empty":             {"", 1, ErrSyntax},
		"cut short":         {file[:len(file)/2], strings.Count(file[:len(file)/2], "\n") + 1, ErrSyntax},
		"another format":    {strings.Replace(file, `"hoyle-log"`, `"pgn"`, 1), 1, ErrFormat},
		"a newer version":   {strings.Replace(file, `"version":1,"sessions"`, `"version":2,"sessions"`, 1), 1, ErrFormat},
		"an unknown field":  {strings.Replace(file, `"version":3,`, `"version":3,"colour":"red",`, 1), 5, ErrSyntax},
		"bad base64":        {strings.Replace(file, `"raw":"`, `"raw":"!`, 1), 3, ErrSyntax},
		"bad ID":            {strings.Replace(file, `{"version":2,"id":"`, `{"version":2,"id":"x`, 1), 4, ErrSyntax},
		"trailing garbage":  {file + "{}", strings.Count(file, "\n") + 1, ErrSyntax},
		"no sessions":       {`{"format":"hoyle-log","version":1}`, 1, ErrSyntax},
		"a session twice":   {strings.Replace(file, "]}\n]}", "]},\n"+strings.Join(strings.Split(file, "\n")[1:len(strings.Split(file, "\n"))-2], "\n")+"\n]}", 1), 0, ErrSyntax},
		"a renamed event":   {strings.Replace(file, `"type":"deal.dealt"`, `"type":"deal.dreamt"`, 1), 4, events.ErrTampered},
		"a session with no": {`{"format":"hoyle-log","version":1,"sessions":[{"session":"x","events":[]}]}`, 1, ErrSyntax},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			log, err := Read(strings.NewReader(c.text), Options{})
			assert.Nil(t, log)
			require.ErrorIs(t, err, c.is)
			var le *Error
			require.True(t, errors.As(err, &le), "%v", err)
			if c.line > 0 {
				assert.Equal(t, c.line, le.Line, err.Error())
			}
			assert.Contains(t, err.Error(), "line ")
		})
	}
}

// A session that does not fold under its laws is refused too, though its
// chain is sound: a log made by something other than hoyle's recorder.
func TestSessionsMustFold(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	rec := recorder.New(st)
	id, err := rec.Open(ctx, projections.SessionSpec{Game: "contract"})
	require.NoError(t, err)
	// A card before any deal, appended behind the recorder's back.
	_, err = st.Append(ctx, events.Batch{Session: id, Expected: 1, Events: []events.Event{
		events.NewEvent(time.Now(), &table.Played{Seat: cards.North, Card: cards.MustCard("SA")})}})
	require.NoError(t, err)
	file := exported(t, st, []string{id})
	_, err = Read(bytes.NewReader(file), Options{})
	var le *Error
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, 4, le.Line)
	assert.Equal(t, uint64(2), le.Version)
	assert.Contains(t, err.Error(), "does not fold")
}

func TestProgress(t *testing.T) {
	src, ids := recorded(t)
	file := exported(t, src, ids)
	last := 0
	_, err := Read(bytes.NewReader(file), Options{Progress: func(done, total int) {
		assert.Equal(t, len(file), total)
		assert.GreaterOrEqual(t, done, last)
		last = done
	}})
	require.NoError(t, err)
	assert.Greater(t, last, len(file)*9/10)
}

func TestWriteRefusesPartialSessions(t *testing.T) {
	src, ids := recorded(t)
	envs := readAll(t, src, ids[0])
	assert.Error(t, Write(&bytes.Buffer{}, envs[1:]))
	assert.Error(t, Write(&bytes.Buffer{}, nil))
}

// An event of a type this hoyle does not know is refused, even with its
// hash recomputed to match.
func TestUnknownTypes(t *testing.T) {
	src, ids := recorded(t)
	envs := readAll(t, src, ids[1])
	last := &envs[len(envs)-1]
	last.Type = "deal.dreamt"
	last.Seal()
	var b bytes.Buffer
	require.NoError(t, Write(&b, envs))
	_, err := Read(&b, Options{})
	require.ErrorIs(t, err, events.ErrUnknownType)
	var le *Error
	require.True(t, errors.As(err, &le))
	assert.Equal(t, len(envs)+2, le.Line)
}
