package jsonlog

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/recorder"
)

// FuzzImportJSON: Read never panics; what it refuses is an *Error placed
// at a line; what it accepts appends to a store with exactly the chain the
// file gives, and writes back to a file that reads as the same sessions.
func FuzzImportJSON(f *testing.F) {
	// Small logs, so that the fuzzer's mutations stay small: a session
	// just opened, and one with a deal, calls, a note and an undo.
	ctx := context.Background()
	small := memstore.New()
	rec := recorder.New(small)
	opened, err := rec.Open(ctx, projections.SessionSpec{Game: "contract", Name: "x"})
	require.NoError(f, err)
	played, err := rec.Open(ctx, projections.SessionSpec{Game: "auction", Players: map[string]string{"N": "Ann"}})
	require.NoError(f, err)
	_, err = rec.Deal(ctx, played, projections.DealSpec{PBN: "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"})
	require.NoError(f, err)
	_, err = rec.Calls(ctx, played, []string{"1S", "P", "1C"})
	require.NoError(f, err)
	_, err = rec.Note(ctx, played, projections.NoteSpec{Text: "n", Glyph: "?"})
	require.NoError(f, err)
	_, err = rec.Undo(ctx, played)
	require.NoError(f, err)
	f.Add(exported(f, small, []string{opened}))
	f.Add(exported(f, small, []string{played}))
	f.Add(exported(f, small, []string{opened, played}))
	f.Add([]byte(`{"format":"hoyle-log","version":1,"sessions":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, err := Read(bytes.NewReader(data), Options{})
		if err != nil {
			var le *Error
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("error %v is not placed at a line", err)
			}
			return
		}
		ctx := context.Background()
		st := memstore.New()
		if _, err := st.Append(ctx, log.Batches()...); err != nil {
			if errors.Is(err, events.ErrDuplicateID) {
				return // one event ID in two sessions of the file: the store refuses it
			}
			t.Fatalf("append: %v", err)
		}
		var sessions [][]events.Envelope
		for _, s := range log.Sessions {
			info, err := st.Session(ctx, s.ID)
			if err != nil || info.Head != s.Head || info.Version != uint64(len(s.Events)) {
				t.Fatalf("session %s is not stored as the file gives it: %v", s.ID, err)
			}
			var envs []events.Envelope
			for e, err := range st.ReadSession(ctx, s.ID, 1) {
				if err != nil {
					t.Fatal(err)
				}
				envs = append(envs, e)
			}
			sessions = append(sessions, envs)
		}
		var out bytes.Buffer
		if len(sessions) == 0 {
			return
		}
		if err := Write(&out, sessions...); err != nil {
			t.Fatalf("write: %v", err)
		}
		again, err := Read(bytes.NewReader(out.Bytes()), Options{})
		if err != nil {
			t.Fatalf("the written file does not read: %v", err)
		}
		if len(again.Sessions) != len(log.Sessions) {
			t.Fatalf("%d sessions, then %d", len(log.Sessions), len(again.Sessions))
		}
		for i := range again.Sessions {
			if again.Sessions[i].Head != log.Sessions[i].Head {
				t.Fatalf("session %s changed", log.Sessions[i].ID)
			}
		}
	})
}
