package linsession

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections/game"
)

// A vugraph file with the flaws of testdata/README.md: its header kept and
// written back, a board whose mc| disagrees with the rs| line, an auction
// the laws refuse (its contract from rs|), a card refused, a name with an
// escape sequence. Each is said with its line and token.
func TestFlawsKeepWhatIsTrue(t *testing.T) {
	text, err := os.ReadFile("testdata/flaws.lin")
	require.NoError(t, err)
	im := importText(t, string(text))
	var msgs []string
	for _, w := range im.res.Warnings {
		msgs = append(msgs, w.String())
	}
	assert.Equal(t, []string{
		"line 5: token 28 (mc|): board 1: mc|9| gives declarer 9 tricks; the rs| line says 3NN+1 (10)",
		"line 6: token 36 (mb|): call 4: 1H: insufficient: 1H does not overcall 2S (Law 18); recorded as the rs| result gives it (2S by E), with the auction as given",
		"line 7: token 53 (pc|): DA: S does not hold DA (holds 2.653.QJT7.T9842); DA is in W's hand; the play is recorded up to it (0 cards)",
		`line 8: token 55 (qx|): the name of South "Zed\x1b[2J" holds control characters; kept as "Zed[2J"`,
	}, msgs)
	require.Len(t, im.folds, 3)
	open, closed := im.folds[0], im.folds[1]
	assert.Equal(t, "Final, Segment 1, open room", open.Opened.Name)
	assert.Equal(t, []string{"Cat", "Dan", "Ann", "Bob"}, open.Opened.Players, "the header's pn| for the open room")
	assert.Equal(t, []string{"Gil", "Hal", "Eve", "Fay"}, closed.Opened.Players, "and for the closed room")
	assert.Equal(t, "Zed[2J", im.folds[2].Opened.Players[cards.South])
	for _, r := range im.res.Sessions[0].Records {
		assert.Equal(t, build.Origin{Event: "Final, Segment 1", Room: "open", HomeTeam: "Blue", VisitTeam: "Red"}, r.Origin)
	}

	// Board 2, open room: 1H is insufficient; the contract is rs|'s, the
	// calls as given, the result mc|'s.
	h := open.Hands[1]
	require.NotNil(t, h.Given)
	assert.Len(t, h.Given.Calls, 7)
	assert.Equal(t, game.Contract{Level: 2, Strain: cards.StrainSpades, Declarer: cards.East}, *h.Contract)
	assert.Equal(t, 8, h.Won[cards.EW])
	// Board 2, closed room: the card refused; mc| claims the rest.
	h = closed.Hands[1]
	assert.Empty(t, build.Played(h))
	assert.Equal(t, 9, h.Won[cards.EW])

	// Written back: the header first, before the first record.
	out := im.export(t)
	assert.True(t, strings.HasPrefix(out, "vg|Final,Segment 1,I,1,3,Blue,0,Red,0|rs|3NN=,3NN+1,2SE=,2SE+1,,|pn|Ann,Bob,Cat,Dan,Eve,Fay,Gil,Hal|qx|o1|"), out)
	again := importText(t, out)
	assert.Equal(t, summaries(im, exporttest.Options{}), summaries(again, exporttest.Options{}))
}
