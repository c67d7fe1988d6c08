package pbnsession

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// A session of the whist family goes out as PBN and comes back the same
// (issue 28, item 5): random whist and duplicate whist sessions of a few
// hands, each dealt from a seed (its card turned up for trump), played
// card by card at random among the lawful cards, some stopped by a claim
// part way, some closed. The PBN has no contract; other programs read its
// deal, players and play.
func TestTrickGamesRoundTrip(t *testing.T) {
	seed := testkit.Seed(t)
	rng := rand.New(rand.NewPCG(seed, 28))
	ctx := context.Background()
	for round := range testkit.Rounds(8, 200) {
		rec := recorder.New(memstore.New())
		id := []string{"whist", "duplicate-whist"}[round%2]
		sid, err := rec.Open(ctx, projections.SessionSpec{Game: id,
			Players: map[string]string{"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}})
		require.NoError(t, err)
		hands := 1 + rng.IntN(3)
		for n := 1; n <= hands; n++ {
			s := rng.Uint64()
			spec := projections.DealSpec{Seed: &s}
			if id == "duplicate-whist" {
				spec.Board = n
			}
			_, err := rec.Deal(ctx, sid, spec)
			require.NoError(t, err, "round %d hand %d", round, n)
			claimAt := 52
			if rng.IntN(3) == 0 {
				claimAt = 4 * rng.IntN(13)
			}
			for k := 0; k < claimAt; k++ {
				fold, _, err := load.Session(ctx, rec.Store, sid)
				require.NoError(t, err)
				h := fold.Hands[len(fold.Hands)-1]
				legal := h.LegalCards(fold.Rules)
				require.NotEmpty(t, legal)
				_, err = rec.Plays(ctx, sid, []string{legal[rng.IntN(len(legal))].String()})
				require.NoError(t, err)
			}
			if claimAt < 52 {
				_, err := rec.Claim(ctx, sid, projections.ClaimSpec{Tricks: rng.IntN(13 - claimAt/4 + 1), By: "N"})
				require.NoError(t, err)
			}
		}
		if rng.IntN(2) == 0 {
			_, err := rec.Close(ctx, sid, "the evening is over")
			require.NoError(t, err)
		}
		fold, envs, err := load.Session(ctx, rec.Store, sid)
		require.NoError(t, err)
		games, err := Export(fold, envs, ExportOptions{})
		require.NoError(t, err)
		require.Len(t, games, hands)
		var buf bytes.Buffer
		require.NoError(t, pbn.Write(&buf, games))
		text := buf.String()
		assert.Contains(t, text, "[HoyleGame \""+id+"\"]")
		assert.Contains(t, text, "[Contract \"?\"]", "no contract")
		assert.NotContains(t, text, "[Auction")

		back := importText(t, buf.Bytes())
		require.Empty(t, back.res.Warnings, "round %d:\n%s", round, text)
		require.Len(t, back.folds, 1, "round %d:\n%s", round, text)
		opt := exporttest.Options{NoName: true}
		require.Equal(t, exporttest.Summary(fold, opt), exporttest.Summary(back.folds[0], opt), "round %d:\n%s", round, text)
		// And out again: the same text.
		again, err := Export(back.folds[0], back.envs[0], ExportOptions{})
		require.NoError(t, err)
		var buf2 bytes.Buffer
		require.NoError(t, pbn.Write(&buf2, again))
		assert.Equal(t, strings.ReplaceAll(text, "[Event \""+fold.Opened.Name+"\"]", ""), strings.ReplaceAll(buf2.String(), "[Event \""+back.folds[0].Opened.Name+"\"]", ""))
	}
}

// A whist record read from a file: its claim and its trump; a Deal that is
// not a deal (West holds twelve cards) is said, and the hands recorded as
// unknown; a record without the card turned up is skipped, said.
func TestTrickGameRecordFlaws(t *testing.T) {
	const rec = "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.765\"]\n" +
		"[HoyleGame \"whist\"]\n%s[Play \"E\"]\nST S6 S2 SA\n*\n[HoyleClaim \"N 6\"]\n"
	im := importText(t, []byte(strings.Replace(rec, "%s", "[HoyleTurnUp \"C2\"]\n", 1)))
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].Msg, "the hands are recorded as unknown")
	h := im.folds[0].Hands[0]
	assert.Equal(t, "C2", h.TurnUp.String())
	require.NotNil(t, h.Claim)
	assert.Equal(t, 6, h.Claim.Tricks)
	assert.Equal(t, 7, h.Won[0], "North-South: the first trick and six claimed")

	res, err := Read(strings.NewReader(strings.Replace(rec, "%s", "", 1)), Options{Now: clock})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNothingToImport)
	assert.Contains(t, err.Error(), "does not say the card turned up")
	assert.Nil(t, res)
}
