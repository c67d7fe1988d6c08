package markdown

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// A write-up's default title names the hand as a column would (the
// session's name, else the event and board, else the players, else the
// game), never by the session's ID (issue 27, item 4).
func TestDefaultTitleNeverTheID(t *testing.T) {
	const deal = `deal --pbn "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"`
	for _, c := range []struct {
		name, open, deal, want string
	}{
		{"named", `new --game contract --name "Tuesday rubber" --dealer N`, deal, "# Tuesday rubber: hand 1\n"},
		{"players", `new --game contract --north Ann --east Bob --south Cy --west Di --dealer N`, deal, "# Ann and Cy v Bob and Di: hand 1\n"},
		{"event and board", `new --game contract --event "Club pairs" --north Ann --east Bob --south Cy --west Di --dealer N`,
			strings.Replace(deal, "deal ", "deal --board 3 ", 1), "# Club pairs: board 3\n"},
		{"board", `new --game contract --dealer N`, strings.Replace(deal, "deal ", "deal --board 3 ", 1), "# Board 3\n"},
		{"nothing named", `new --game contract --dealer N`, deal, "# Contract Bridge: hand 1\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			envs := replaytest.RecordText(t, c.open+"\n"+c.deal+"\n")
			full, err := projections.Fold(envs)
			require.NoError(t, err)
			b, err := Render(envs, Options{NoDD: true})
			require.NoError(t, err)
			assert.True(t, strings.HasPrefix(string(b), c.want), "%s", strings.SplitN(string(b), "\n", 2)[0])
			assert.NotContains(t, string(b), full.ID)
		})
	}
}

// A period game is written in its books' words, without par, which is
// duplicate contract bridge's measure; contract bridge keeps both.
func TestPeriodGamesInTheirOwnWords(t *testing.T) {
	demo, err := Render(replaytest.Record(t, "demo"), Options{})
	require.NoError(t, err)
	assert.Contains(t, string(demo), "| two clubs | two royals | Pass | Pass |", "Foster's two royals, not 2R♠")
	assert.Contains(t, string(demo), "Two no trumps by East, West dummy; South leads.")
	assert.NotContains(t, string(demo), "R♠")
	assert.NotContains(t, string(demo), "Par by")

	claim, err := Render(replaytest.Record(t, "claim"), Options{})
	require.NoError(t, err)
	assert.Contains(t, string(claim), "| 2NT! (2) |")
	assert.Contains(t, string(claim), "Par by duplicate scoring")
}

// revokeScript is hand 1 of Foster's example of the revoke: B (East)
// renounces a club with ♦8 at trick 2, and Z takes three tricks for it.
const revokeScript = `new --game auction --south Zed --west Abe --north Yul --east Bea --dealer S --name "The Revoke"
deal --pbn "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87"
call 3H X P P P
play S8 S3 SK SA
play C2 C7 CA
play --irregular D8
play CK CT C3 C8
penalty tricks
claim 4
`

// Under --seats foster the irregularities and the score's entries name
// seats by Foster's letters and cards by their symbols, not by the
// compass and card codes ("E renounced in clubs with D8").
func TestFosterWriteUpStaysInFostersTerms(t *testing.T) {
	envs := replaytest.RecordText(t, revokeScript)
	got, err := Render(envs, Options{Seats: replay.FosterSeats, NoDD: true})
	require.NoError(t, err)
	md := string(got)
	assert.Contains(t, md, "B renounced in clubs with ♦8, holding ♣J ♣10 ♣9 (trick 2, established at trick 3)")
	irr := md[strings.Index(md, "## Irregularities"):]
	for _, compass := range []string{" E ", "E renounced", "D8", "CJ", " W ", "EW", "NS "} {
		assert.NotContains(t, irr, compass, "the irregularities and the result, in Foster's terms")
	}
}
