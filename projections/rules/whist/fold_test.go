package whist_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// TestAPendingRevokeIsScoredAgainWhenAHandFollows: a hand whose revoke's
// penalty is not chosen holds the revoking side to four while it is the
// session's last hand (the penalty may still be chosen); once a hand is
// dealt after it, the right has gone and the hand scores as played. The
// fold scores it as the last, then again when the next hand comes, as
// Score of each set of hands does; and it is not kept while the hand is
// pending (its state would be the last's).
func TestAPendingRevokeIsScoredAgainWhenAHandFollows(t *testing.T) {
	tb := rulestest.New(t, projections.SessionSpec{Game: "whist", Dealer: "S"})
	tb.Must(rulestest.Deal("E:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87", "H6"))
	tb.Must(rulestest.Plays("C2 C8"))
	tb.Must(rulestest.Irregular("E", "D4"))
	tb.Must(rulestest.Plays("CJ SK SA S8 S3"))
	tb.Must(rulestest.Claim("EW", 11))
	one := tb.Session()
	require.Len(t, one.Hands, 1)
	tb.Must(rulestest.DealSeed(1))
	two := tb.Session()
	require.Len(t, two.Hands, 2)

	rs := whist.New()
	in := game.ScoreInput{Opts: two.Opts, Seating: two.Seating()}
	f, ok := rs.Fold(two.Opts, two.Seating(), nil)
	require.True(t, ok)
	f.Add(two.Hands[0])
	_, keeps := f.State()
	assert.False(t, keeps, "a pending hand's fold is not kept")
	in.Hands = two.Hands[:1]
	last := rs.Score(in)
	assert.Equal(t, last, f.Sheet(false))
	ew := func(sh game.ScoreSheet) int {
		n := 0
		for _, e := range sh.Rubbers[0].Entries {
			if e.Side == cards.EW && !e.Above {
				n += e.Points
			}
		}
		return n
	}
	assert.Equal(t, 4, ew(last), "held to four while the penalty may be chosen")

	f.Add(two.Hands[1])
	_, keeps = f.State()
	assert.True(t, keeps)
	in.Hands = two.Hands
	after := rs.Score(in)
	assert.Equal(t, after, f.Sheet(false))
	assert.Greater(t, ew(after), 4, "scored as played once the next hand is dealt")
}
