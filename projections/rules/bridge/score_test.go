package bridge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// finished is a played hand dealt by South: its deal (PBN, or "" when not
// recorded), the declaration, and the tricks North-South took.
func finished(t *testing.T, n int, pbn string, strain cards.Strain, doubled, nsTricks int) *game.Hand {
	t.Helper()
	return bridgetest.Finished(t, New(), n, cards.South, pbn, strain, doubled, nsTricks)
}

// Hoyle's Games Modernized, Bridge, "The Score in Actual Practice":
// diamonds trumps, A and B win nine tricks, 3 by cards at 6 = 18 below the
// line; they held four honours between them, worth 24 above it.
func TestHoyleWorkedScore(t *testing.T) {
	// North holds the diamond A K, South the Q J; the ten is East's.
	deal := "N:AK2.AK2.AK32.K32 QJ3.QJ3.T54.QJ54 T54.T54.QJ6.AT96 9876.9876.987.87"
	h := finished(t, 1, deal, cards.StrainDiamonds, 0, 9)
	entries, notes := HandEntries(h)
	assert.Empty(t, notes)
	require.Len(t, entries, 2)
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Points: 18, Label: "3 by cards at diamonds", Law: LawTrickValue}, entries[0])
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Above: true, Points: 24, Label: "four honours", Law: LawHonours}, entries[1])
}

// Law 6 and 7: the table of honour values.
func TestHonourValues(t *testing.T) {
	cases := []struct {
		s       cards.Strain
		holding string
		want    int
	}{
		{cards.StrainSpades, Holding3, 4}, {cards.StrainClubs, Holding4, 16}, {cards.StrainDiamonds, Holding4InOne, 48},
		{cards.StrainHearts, Holding5, 40}, {cards.StrainHearts, Holding5FourIn1, 72}, {cards.StrainHearts, Holding5InOne, 80},
		{cards.NoTrump, Holding3, 30}, {cards.NoTrump, Holding4, 40}, {cards.NoTrump, Holding4InOne, 100},
	}
	for _, c := range cases {
		got, ok := HonoursValue(c.s, c.holding)
		assert.True(t, ok)
		assert.Equal(t, c.want, got, "%s at %s", c.holding, c.s.Name())
	}
	_, ok := HonoursValue(cards.NoTrump, Holding5)
	assert.False(t, ok, "there are four aces")
}

// Law 8: a player holding no trump scores Chicane for his side, twice the
// trick's value; Law 6: honours use the trick's value undoubled (Law 53
// doubles the tricks only); Law 9: Little Slam.
func TestChicaneSlamAndDoubling(t *testing.T) {
	// Hearts: North holds A K Q J 10 of hearts; West has no heart.
	deal := "N:AK2.AKQJT.AK.K32 QJ3.9876.QJT.AQJ T54.5432.987.T98 9876..65432.7654"
	h := finished(t, 1, deal, cards.StrainHearts, 2, 12)
	entries, _ := HandEntries(h)
	require.Len(t, entries, 4)
	assert.Equal(t, 6*32, entries[0].Points, "6 by cards at 8, doubled twice")
	assert.Equal(t, "6 by cards at hearts, doubled 2 times (32 a trick)", entries[0].Label)
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Above: true, Points: 80, Label: "five honours in one hand", Law: LawHonours}, entries[1])
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.EW, Above: true, Points: 16, Label: "Chicane (W holds no trump)", Law: LawChicane}, entries[2])
	assert.Equal(t, game.Entry{Hand: 1, Side: cards.NS, Above: true, Points: 20, Label: "Little Slam", Law: LawSlam}, entries[3])
}

// Laws 1, 2 and 11: two games of thirty win the rubber and 100; part scores
// do not carry into the next game; honours count in the total.
func TestRubber(t *testing.T) {
	hands := []*game.Hand{
		finished(t, 1, "", cards.NoTrump, 0, 9),      // NS 36: game
		finished(t, 2, "", cards.StrainClubs, 0, 4),  // EW 3 by cards at 4 = 12
		finished(t, 3, "", cards.StrainSpades, 1, 8), // NS 2 at 4 = 8
		finished(t, 4, "", cards.StrainHearts, 0, 3), // EW 4 by cards at 8 = 32: game
		finished(t, 5, "", cards.StrainHearts, 0, 10),
	}
	hands[2].HonoursClaimed = map[cards.Side]string{cards.NS: Holding4InOne}
	sheet := New().Score(game.ScoreInput{Hands: hands})
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.True(t, r.Complete)
	assert.Equal(t, []cards.Side{cards.NS, cards.EW, cards.NS}, r.Games)
	// NS: 36 + 8 + 32 (4 by cards in hearts) below, 16 honours (4 in one hand at 2) + 100 above.
	assert.Equal(t, game.SideTotal{Above: 116, Below: 76, Total: 192}, *r.Sides[cards.NS])
	assert.Equal(t, game.SideTotal{Below: 44, Total: 44}, *r.Sides[cards.EW])
	require.NotNil(t, r.Winner)
	assert.Equal(t, cards.NS, *r.Winner)
	assert.Equal(t, 148, r.Points)
	assert.Len(t, sheet.Notes, 5, "one note a hand whose deal was not recorded")
	var lines int
	for _, e := range r.Entries {
		if e.GameLine {
			lines++
		}
	}
	assert.Equal(t, 3, lines)
}

func TestUnfinishedRubberWhenClosed(t *testing.T) {
	hands := []*game.Hand{finished(t, 1, "", cards.NoTrump, 0, 9)}
	open := New().Score(game.ScoreInput{Hands: hands})
	require.Len(t, open.Rubbers, 1)
	assert.False(t, open.Rubbers[0].Complete)
	assert.Nil(t, open.Rubbers[0].Winner, "a rubber in play has no winner")
	closed := New().Score(game.ScoreInput{Hands: hands, Closed: true})
	assert.Contains(t, closed.Rubbers[0].Note, "no law for an unfinished rubber")
	require.NotNil(t, closed.Rubbers[0].Winner)
	assert.Equal(t, 36, closed.Rubbers[0].Points)
}

func TestHonoursClaims(t *testing.T) {
	r := New()
	h := finished(t, 1, "", cards.NoTrump, 0, 7)
	name, err := r.CheckHonours(h, cards.EW, "four")
	require.NoError(t, err)
	assert.Equal(t, Holding4, name)
	_, err = r.CheckHonours(h, cards.EW, "5")
	assert.ErrorIs(t, err, game.ErrIllegal, "five aces")
	_, err = r.CheckHonours(h, cards.EW, "six")
	assert.ErrorIs(t, err, game.ErrBadHolding)
	h.HonoursClaimed = map[cards.Side]string{cards.NS: Holding3}
	_, err = r.CheckHonours(h, cards.EW, "3")
	assert.ErrorIs(t, err, game.ErrIllegal, "one side only")
	known := finished(t, 2, "N:AK2.AK2.AK32.K32 QJ3.QJ3.T54.QJ54 T54.T54.QJ6.AT96 9876.9876.987.87", cards.NoTrump, 0, 7)
	_, err = r.CheckHonours(known, cards.NS, "3")
	assert.ErrorIs(t, err, game.ErrIllegal, "counted from the deal")
}
