package replay_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

func transcript(t *testing.T, name, at string, o replay.FrameOptions) string {
	t.Helper()
	envs := replaytest.Record(t, name)
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	m, err := replay.ParseMoment(at)
	require.NoError(t, err)
	require.NoError(t, c.Jump(m))
	var out bytes.Buffer
	require.NoError(t, replay.Transcript(&out, c, o))
	return out.String()
}

// Each card of a replay carries the tricks the declaring side takes in all
// after it, and what it cost the side that played it; the frame gives par
// in the auction and the position's value in the play.
func TestReplayShowsEachCardsCost(t *testing.T) {
	text := transcript(t, "demo", "1.a14", replay.FrameOptions{})
	assert.Contains(t, text, "Double dummy par (duplicate scoring, neither side vulnerable): EW 420 (4♠ by EW)\n")
	lines := strings.Split(text, "\n")
	for _, want := range []string{
		"1.1.1    S ♥J · dd EW 12 · cost 4 tricks",
		"1.1.2    W ♥3 · dd EW 12",
		"1.5.1    E ♣J · dd EW 8 · cost 4 tricks",
		"1.8.1    N ♠8 · dd EW 10 · cost 2 tricks",
		"1.13     S ♥10: trick 13 to W (NS 3, EW 10) · dd EW 10",
	} {
		assert.Contains(t, lines, want)
	}
	at := transcript(t, "demo", "1.5.1", replay.FrameOptions{})
	assert.Contains(t, at, "> E ♣J · dd EW 8 · cost 4 tricks\n")
	assert.Contains(t, at, "Double dummy: EW take 8 tricks in all with best play from here (those won included).\n")

	off := transcript(t, "demo", "1.a14", replay.FrameOptions{NoDD: true})
	assert.NotContains(t, off, "dd ")
	assert.NotContains(t, off, "Double dummy")
	assert.Contains(t, strings.Split(off, "\n"), "1.1.1    S ♥J")
}

// Five Hundred is not analysed, and its replay says nothing of it.
func TestReplayOfFiveHundredHasNoDD(t *testing.T) {
	text := transcript(t, "five-hundred", "1", replay.FrameOptions{})
	assert.NotContains(t, text, "dd ")
	assert.NotContains(t, text, "ouble dummy")
}

func TestParText(t *testing.T) {
	names, err := replay.SeatNames(game.Compass, cards.North, replay.CompassSeats)
	require.NoError(t, err)
	foster, err := replay.SeatNames(game.Compass, cards.South, replay.FosterSeats)
	require.NoError(t, err)
	made := func(score int, cs ...dd.ParContract) dd.ParResult {
		v := dd.ParView{Score: score, Contracts: cs}
		return dd.ParResult{NSFirst: v, EWFirst: v}
	}
	for _, c := range []struct {
		r     dd.ParResult
		names replay.Names
		ascii bool
		want  string
	}{
		{dd.ParResult{}, names, false, "0 (passed out)"},
		{made(420, dd.ParContract{Level: 4, Strain: cards.StrainHearts, Declarers: []cards.Seat{cards.South}}), names, false, "NS 420 (4♥ by South)"},
		{made(-400, dd.ParContract{Level: 3, Overtricks: 1, Strain: cards.NoTrump, Declarers: []cards.Seat{cards.East, cards.West}}), names, false, "EW 400 (3NT or 4NT by EW)"},
		{made(130, dd.ParContract{Level: 2, Overtricks: 2, Strain: cards.StrainClubs, Declarers: []cards.Seat{cards.North, cards.South}}), names, true, "NS 130 (2C, 3C or 4C by NS)"},
		{made(-100, dd.ParContract{Level: 5, Strain: cards.StrainDiamonds, Declarers: []cards.Seat{cards.North}, Doubled: true, Undertricks: 1}), names, false, "EW 100 (5♦X by North, 1 down)"},
		{made(600, dd.ParContract{Level: 3, Strain: cards.NoTrump, Declarers: []cards.Seat{cards.North}},
			dd.ParContract{Level: 5, Strain: cards.StrainClubs, Declarers: []cards.Seat{cards.North, cards.South}}), names, false, "NS 600 (3NT by North; 5♣ by NS)"},
		// Foster's letters: the sides are YZ and AB.
		{made(420, dd.ParContract{Level: 4, Strain: cards.StrainSpades, Declarers: []cards.Seat{cards.North, cards.South}}), foster, false, "YZ 420 (4♠ by YZ)"},
		// Both sides make one no trump: par depends on who bids first.
		{dd.ParResult{
			NSFirst: dd.ParView{Score: 90, Contracts: []dd.ParContract{{Level: 1, Strain: cards.NoTrump, Declarers: []cards.Seat{cards.North}}}},
			EWFirst: dd.ParView{Score: -90, Contracts: []dd.ParContract{{Level: 1, Strain: cards.NoTrump, Declarers: []cards.Seat{cards.East}}}},
		}, names, false, "NS 90 (1NT by North) with NS first to bid; EW 90 (1NT by East) with EW first"},
	} {
		assert.Equal(t, c.want, replay.ParText(c.r, c.names, c.ascii))
	}
	assert.Equal(t, "neither side vulnerable", cards.VulNone.Text(names.Side))
	assert.Equal(t, "EW vulnerable", cards.VulEW.Text(names.Side))
	assert.Equal(t, "both sides vulnerable", cards.VulAll.Text(names.Side))
}
