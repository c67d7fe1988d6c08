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
