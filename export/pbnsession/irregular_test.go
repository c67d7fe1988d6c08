package pbnsession

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// A renounce in a file's play is recorded as the irregular play it was, and
// the revoke's rectification comes out of the play (Law 64A2): West shows
// out of diamonds holding D3 D2; his side wins a later trick, so one trick
// goes to the declarer. Result counts the trick transferred (7 won in
// play, 8 scored), and the claim that gives it is found.
func TestRevokeInThePlay(t *testing.T) {
	text := "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96\"]\n" +
		"[Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"8\"]\n[Score \"NS 120\"]\n" +
		"[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nD4 D6 C6 DA\nH2 H4 H3 HA\n*\n"
	im := importText(t, []byte(text))
	// A renounce may as well be a slip of the file's: the importer says
	// what it recorded.
	require.Len(t, im.res.Warnings, 1)
	assert.Equal(t, "board 1: C6: W must follow suit to the diamonds led (holds D3 D2) (Law 44); recorded as the renounce it was (a revoke unless it was corrected)", im.res.Warnings[0].Msg)
	h := im.folds[0].Current()
	require.Len(t, h.Irregular, 1)
	irr := h.Irregular[0]
	assert.Equal(t, game.KindRevoke, irr.Kind)
	assert.Equal(t, cards.West, irr.Seat)
	assert.Equal(t, 2, irr.Established)
	assert.Equal(t, 7, h.Won[cards.NS])
	assert.Equal(t, 8, contract.DeclarerTricks(h))

	out := string(im.export(t))
	assert.Contains(t, out, "[Result \"8\"]")
	assert.Contains(t, out, "[Score \"NS 120\"]")
	again := importText(t, []byte(out))
	assert.Len(t, again.res.Warnings, 1)
	assert.Equal(t, summaries(im), summaries(again))
	assert.True(t, strings.Contains(out, "C6"))
}

// A Result the play's revokes put out of reach (every claim gives declarer
// more, once the tricks are transferred) is said, and the nearest is
// recorded with the fewest tricks claimed, so that the export's Result
// reads back to the same claim.
func TestResultOutOfReachOfTheRevokes(t *testing.T) {
	const record = "[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"8\"]\n" +
		"[Auction \"S\"]\n1C X 1NT Pass\nPass Pass\n[Play \"E\"]\nD4 C2 S2 D7\nC7 C8 S7 H2\nH7 C9 S8 D9\nDA D8 DT CA\nCQ H8 H9 D2\n*\n"
	im := importText(t, []byte(record))
	var msgs []string
	for _, w := range im.res.Warnings {
		msgs = append(msgs, w.String())
	}
	require.Contains(t, strings.Join(msgs, "\n"), "Result says 8 tricks; with the revoke penalties of the play the nearest declarer can have is 10, recorded so")
	h := im.folds[0].Hands[0]
	require.NotNil(t, h.Claim)
	out := im.export(t)
	assert.Contains(t, string(out), "[Result \"10\"]")
	back := importText(t, out)
	require.NotNil(t, back.folds[0].Hands[0].Claim)
	assert.Equal(t, h.Claim.Tricks, back.folds[0].Hands[0].Claim.Tricks, "the same claim")
	assert.Equal(t, im.folds[0].Score(), back.folds[0].Score())
}
