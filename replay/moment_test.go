package replay_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

func TestParseMoment(t *testing.T) {
	good := map[string]replay.Moment{
		"1":        {Kind: replay.Dealt, Hand: 1},
		" 12 ":     {Kind: replay.Dealt, Hand: 12},
		"1.a3":     {Kind: replay.AfterCall, Hand: 1, Call: 3},
		"2.A15":    {Kind: replay.AfterCall, Hand: 2, Call: 15},
		"1.5":      {Kind: replay.AfterTrick, Hand: 1, Trick: 5},
		"3.13.4":   {Kind: replay.AfterCard, Hand: 3, Trick: 13, Card: 4},
		"@40":      {Kind: replay.AfterEvent, Event: 40},
		"007.01.2": {Kind: replay.AfterCard, Hand: 7, Trick: 1, Card: 2},
	}
	for text, want := range good {
		got, err := replay.ParseMoment(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		back, err := replay.ParseMoment(got.String())
		require.NoError(t, err)
		assert.Equal(t, got, back, "String round-trips %q", text)
	}
	bad := map[string]string{
		"":            "a moment is",
		"x":           "a moment is",
		"0":           "hands are numbered from 1",
		"1.a0":        "calls are numbered from 1",
		"1.0":         "tricks are numbered from 1",
		"1.2.0":       "cards of a trick are numbered from 1",
		"@0":          "events are numbered from 1",
		"@":           "a moment is",
		"@-1":         "a moment is",
		"1.2.3.4":     "a moment is",
		"1.a2.3":      "a moment is",
		"1.":          "a moment is",
		".1":          "a moment is",
		"1..2":        "a moment is",
		"+1":          "a moment is",
		"1 .2":        "a moment is",
		"99999999999": "a moment is",
		"1.t3":        "a moment is",
	}
	for text, reason := range bad {
		_, err := replay.ParseMoment(text)
		require.Error(t, err, "%q", text)
		assert.ErrorIs(t, err, replay.ErrBadMoment, text)
		var tok *cards.TokenError
		require.True(t, errors.As(err, &tok), text)
		assert.Equal(t, text, tok.Token)
		assert.Contains(t, err.Error(), reason, text)
	}
}

func FuzzParseMoment(f *testing.F) {
	for _, s := range []string{"1", "1.a3", "1.5", "1.5.2", "@40", "", "1.", "@", "1.a", "9999999999.1", "1.2.3.4", "\x00", "١"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := replay.ParseMoment(s)
		if err != nil {
			if !errors.Is(err, replay.ErrBadMoment) {
				t.Fatalf("%q: error %v does not unwrap to ErrBadMoment", s, err)
			}
			return
		}
		text := m.String()
		back, err := replay.ParseMoment(text)
		if err != nil || back != m {
			t.Fatalf("%q parsed as %+v, written %q, read back %+v (%v)", s, m, text, back, err)
		}
		for _, r := range text {
			if !(r >= '0' && r <= '9' || r == '.' || r == 'a' || r == '@') {
				t.Fatalf("%q written as %q", s, text)
			}
		}
	})
}

func TestResolve(t *testing.T) {
	envs := replaytest.Record(t, "demo")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	h := s.Hands[0]
	at := func(text string) replay.Point {
		t.Helper()
		m, err := replay.ParseMoment(text)
		require.NoError(t, err)
		p, err := replay.Resolve(s, m)
		require.NoError(t, err, text)
		return p
	}
	deal, _ := s.StepOf(h.DealID)
	assert.Equal(t, deal.Version, at("1").Version)
	assert.Equal(t, table.TypeDealt, at("1").Step.Type)
	call12, _ := s.StepOf(h.Calls[11].ID)
	assert.Equal(t, call12.Version, at("1.a12").Version)
	assert.Equal(t, at("1.1.4").Version, at("1.1").Version, "after trick 1 is after its fourth card")
	first, _ := s.StepOf(h.Tricks[0].Cards[0].ID)
	assert.Equal(t, first.Version, at("1.1.1").Version)
	assert.Equal(t, uint64(3), at("@3").Version)
	assert.Equal(t, 1, at("@3").Hand)
	assert.Equal(t, 0, at("@1").Hand, "the session's opening is before the first deal")

	none := map[string]string{
		"2":      "the session has 1 hand",
		"1.a16":  "hand 1 has 15 calls",
		"1.14":   "hand 1 has 13 tricks played",
		"1.13.5": "trick 13 of hand 1 has 4 cards",
		"@999":   "the session has",
	}
	for text, reason := range none {
		m, err := replay.ParseMoment(text)
		require.NoError(t, err)
		_, err = replay.Resolve(s, m)
		require.Error(t, err, text)
		assert.ErrorIs(t, err, replay.ErrNoMoment, text)
		var me *replay.MomentError
		require.ErrorAs(t, err, &me)
		assert.Contains(t, err.Error(), reason, text)
		assert.Contains(t, err.Error(), text)
	}
}

func TestResolveClaimedTrick(t *testing.T) {
	envs := replaytest.Record(t, "claim")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	m, _ := replay.ParseMoment("1.4")
	_, err = replay.Resolve(s, m)
	assert.ErrorIs(t, err, replay.ErrNoMoment)
	assert.Contains(t, err.Error(), "ended by a claim")
	m, _ = replay.ParseMoment("1.4.2")
	p, err := replay.Resolve(s, m)
	require.NoError(t, err)
	assert.Equal(t, table.TypePlayed, p.Step.Type)
}

func TestTarget(t *testing.T) {
	envs := replaytest.Record(t, "demo")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	m, _ := replay.ParseMoment("1.5")
	id, err := replay.Target(s, m)
	require.NoError(t, err)
	assert.Equal(t, s.Hands[0].Tricks[4].Cards[3].ID, id, "a note after trick 5 is on its last card")
	var noteAt uint64
	for _, st := range s.Steps {
		if st.Type == table.TypeNoted {
			noteAt = st.Version
			break
		}
	}
	_, err = replay.Target(s, replay.Moment{Kind: replay.AfterEvent, Event: noteAt})
	assert.ErrorIs(t, err, replay.ErrNoMoment)
	assert.Contains(t, err.Error(), "is a note")
}

func TestFoldAtSkipsWhatWasUndone(t *testing.T) {
	envs := replaytest.RecordText(t, `
new --game auction --name undo
deal --pbn "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"
call 1S P 1C 1NT
call 2H
undo
call 2C
`)
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	m, _ := replay.ParseMoment("1.a5")
	p, err := replay.Resolve(s, m)
	require.NoError(t, err)
	assert.Equal(t, "2C", p.Step.Data.(*table.Called).Call.String(), "the moment is the call in force")
	st, err := replay.FoldAt(nil, envs, p)
	require.NoError(t, err)
	assert.Len(t, st.Current().Calls, 5)
	// @N is the log as it stood: after event 7 the 2H was on the table.
	asStood, err := replay.FoldAt(nil, envs, replay.Point{Moment: replay.Moment{Kind: replay.AfterEvent, Event: 7}, Version: 7})
	require.NoError(t, err)
	assert.Equal(t, "2H", asStood.Current().Calls[4].Call.String())
}
