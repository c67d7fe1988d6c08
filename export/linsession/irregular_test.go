package linsession

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// A renounce in a LIN play is recorded as the irregular play it was; mc|
// is the claim at the table, tricks in play, and the revoke's trick is
// transferred after it (Law 64A2).
func TestRevokeInThePlay(t *testing.T) {
	text := "md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|ah|Board 1|sv|o|" +
		"mb|1N|mb|p|mb|p|mb|p|pc|D4|pc|D6|pc|C6|pc|DA|pc|HA|pc|H2|pc|H4|pc|H3|mc|7|"
	im := importText(t, text)
	h := im.folds[0].Current()
	require.Len(t, h.Irregular, 1)
	assert.Equal(t, game.KindRevoke, h.Irregular[0].Kind)
	assert.Equal(t, cards.West, h.Irregular[0].Seat)
	assert.Equal(t, 7, h.Won[cards.NS])
	assert.Equal(t, 8, contract.DeclarerTricks(h))

	out := im.export(t)
	assert.Contains(t, out, "pc|C6|")
	assert.Contains(t, out, "mc|7|")
	again := importText(t, out)
	assert.Equal(t, summaries(im, exporttest.Options{}), summaries(again, exporttest.Options{}))
}
