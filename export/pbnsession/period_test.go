package pbnsession

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// Games of another period round-trip through PBN exactly: Foster's score
// pad (Auction Bridge by the 1913 laws: royal spades, the dealer's one
// spade), Foster's bidding example with its notes, and a rubber of Bridge
// (the dealer leaves it to his partner, doubling and re-doubling). Other
// programs read the deal, the play, the contract in contract bridge's
// strains and the score; hoyle reads back the same events: the same
// hands, calls, contracts (royal spades stay royal), notes and score.
func TestPeriodGamesRoundTrip(t *testing.T) {
	for _, script := range []string{"foster-score-pad", "demo", "bridge"} {
		t.Run(script, func(t *testing.T) {
			envs := replaytest.Record(t, script)
			s, err := projections.Fold(envs)
			require.NoError(t, err)
			var out bytes.Buffer
			require.NoError(t, Write(&out, s, envs, ExportOptions{}))
			text := out.String()
			if s.Rules.Info().ID != "contract" {
				assert.Contains(t, text, `[HoyleGame "`+s.Rules.Info().ID+`"]`)
				assert.NotContains(t, text, "[Auction ", "other programs would read the calls as contract bridge's")
			}
			back := importText(t, out.Bytes())
			require.Len(t, back.folds, 1)
			again := back.folds[0]
			assert.Empty(t, back.res.Warnings)
			// PBN signs a record's notes with one Annotator: a hand whose
			// notes have several authors comes back unsigned.
			assert.Equal(t, exporttest.Summary(s, exporttest.Options{NoBy: true}), exporttest.Summary(again, exporttest.Options{NoBy: true}))
			assert.Equal(t, s.Score(), again.Score())
			var out2 bytes.Buffer
			require.NoError(t, Write(&out2, again, back.envs[0], ExportOptions{}))
			assert.Equal(t, text, out2.String(), "writing is stable")
		})
	}
}

// Royal spades are spades in the Contract tag; the 1913 code's Scoring
// and HoyleAuction say the rest.
func TestRoyalSpadesAreSpades(t *testing.T) {
	envs := replaytest.Record(t, "foster-score-pad")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	games, err := Export(s, envs, ExportOptions{Hand: 4})
	require.NoError(t, err)
	tag := func(name string) string { v, _ := games[0].Tag(name); return v }
	assert.Equal(t, "4S", tag("Contract"))
	assert.Equal(t, "4R Pass Pass Pass", tag("HoyleAuction"))
	assert.Equal(t, "Rubber;Auction Bridge 1913", tag("Scoring"))
	assert.Equal(t, "none", tag("HoyleBoard"))
	assert.NotNil(t, games[0].Play)
}

// A contract bridge session recorded in hoyle round-trips too: its hands
// not dealt as boards are said in hoyle's tags, and so would be options
// that Scoring does not give (the score pad's WE, when it is EW). PBN has no glyph for a note that is on neither a call
// nor a card (it is commentary): that glyph alone is lost; and one
// Annotator signs a record's notes, so notes by several hands come back
// unsigned.
func TestContractSessionRoundTrip(t *testing.T) {
	envs := replaytest.Record(t, "claim")
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, Write(&out, s, envs, ExportOptions{}))
	assert.NotContains(t, out.String(), "HoyleOptions", "rubber scoring and the score pad's default WE: Scoring says it all")
	assert.Contains(t, out.String(), `[HoyleBoard "none"]`)
	back := importText(t, out.Bytes())
	require.Len(t, back.folds, 1)
	want := exporttest.Summary(s, exporttest.Options{NoBy: true})
	want = strings.Replace(want, `three clubs." "!" ""`, `three clubs." "" ""`, 1)
	assert.Equal(t, want, exporttest.Summary(back.folds[0], exporttest.Options{NoBy: true}))
	assert.Equal(t, s.Score(), back.folds[0].Score())
}

// Options a file does not say otherwise come back: the score pad's WE
// when it is not the default, in PBN's HoyleOptions.
func TestOptionsRoundTrip(t *testing.T) {
	text := strings.Replace(replaytest.Script(t, "claim"), "new --game contract", "new --game contract --option we=EW", 1)
	envs := replaytest.RecordText(t, text)
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	require.Equal(t, "EW", s.Opts["we"])
	var out bytes.Buffer
	require.NoError(t, Write(&out, s, envs, ExportOptions{}))
	assert.Contains(t, out.String(), `[HoyleOptions "scoring=rubber we=EW"]`)
	back := importText(t, out.Bytes())
	assert.Equal(t, s.Opened.Options, back.folds[0].Opened.Options)
}

// Results given without the auction or the play (hoyle result: a
// traveller's) go out as Contract, Declarer and Result with no Auction,
// and come back as the same result-only hands, scored the same: at
// duplicate, and in Auction Bridge with royal spades doubled.
func TestResultOnlyRoundTrip(t *testing.T) {
	for _, c := range []struct {
		spec    projections.SessionSpec
		results []exporttest.Traveller
	}{
		{projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": "duplicate"}}, []exporttest.Traveller{
			{Result: projections.ResultSpec{Board: 1, Contract: "4SX", Declarer: "N", Tricks: "9"}},
			{Result: projections.ResultSpec{Board: 2, Contract: "pass"}},
			{Result: projections.ResultSpec{Board: 3, Contract: "3NT", Declarer: "E", Tricks: "="}, Seed: 4},
		}},
		{projections.SessionSpec{Game: "auction"}, []exporttest.Traveller{
			{Result: projections.ResultSpec{Contract: "2RX", Declarer: "S", Tricks: "-1"}, Seed: 7},
			{Result: projections.ResultSpec{Contract: "3NT", Declarer: "W", Tricks: "9"}, Seed: 9},
		}},
	} {
		t.Run(c.spec.Game, func(t *testing.T) {
			s, envs := exporttest.Travellers(t, c.spec, c.results)
			var out bytes.Buffer
			require.NoError(t, Write(&out, s, envs, ExportOptions{}))
			assert.NotContains(t, out.String(), "[Auction ", "no auction was called")
			back := importText(t, out.Bytes())
			require.Len(t, back.folds, 1, out.String())
			assert.Empty(t, back.res.Warnings)
			assert.Equal(t, exporttest.Summary(s, exporttest.Options{NoName: true}), exporttest.Summary(back.folds[0], exporttest.Options{NoName: true}))
			assert.Equal(t, s.Score(), back.folds[0].Score())
			for i, h := range back.folds[0].Hands {
				assert.Equal(t, s.Hands[i].Result != nil, h.Result != nil, "hand %d: a result given, as it was", h.Number)
			}
		})
	}
}
