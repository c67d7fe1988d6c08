package whist

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The dealer's last card is turned up; it is his, its suit is trumps, and
// the eldest hand leads with no auction.
func TestTurnUpMakesTheTrump(t *testing.T) {
	r := New()
	pack := r.Pack()
	d := r.Deal(pack, cards.South)
	assert.Equal(t, pack[51], d.TurnUp)
	assert.True(t, d.Hands[cards.South].Has(d.TurnUp), "the turn-up is the dealer's card")
	require.NoError(t, r.CheckDeal(d))

	h := game.NewHand(1, cards.South, r.Seating(), nil)
	copy(h.Dealt, d.Hands)
	copy(h.Held, d.Hands)
	h.TurnUp = d.TurnUp
	r.Start(h, nil)
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, cards.West, h.Turn, "the eldest hand leads")
	trump, ok := h.Trump()
	assert.True(t, ok)
	assert.Equal(t, d.TurnUp.Suit(), trump)
	assert.Equal(t, cards.NoSeat, h.Contract.Declarer)
	assert.Equal(t, cards.NoSeat, h.Dummy)
	assert.Empty(t, h.LegalCalls(r))
}

func TestNoAuctionAndTheTurnUpIsRequired(t *testing.T) {
	r := New()
	h := game.NewHand(1, cards.South, r.Seating(), nil)
	err := r.Call(h, cards.PassCall, events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "no auction in whist")

	err = r.CheckDeal(game.DealResult{Hands: make([]cards.Set, 4)})
	assert.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "--turn-up")
	assert.NoError(t, r.CheckDeal(game.DealResult{Hands: make([]cards.Set, 4), TurnUp: cards.MustCard("H7")}))
	assert.Error(t, r.CheckDeal(game.DealResult{Hands: make([]cards.Set, 4), TurnUp: cards.Joker}))
}

// played is a finished hand of whist, deal not recorded: trumps hearts,
// North-South took ns tricks, and a side's claimed honours.
func played(n int, ns int, honours map[cards.Side]string) *game.Hand {
	r := New()
	h := game.NewHand(n, cards.South, r.Seating(), nil)
	h.TurnUp = cards.MustCard("H7")
	r.Start(h, nil)
	h.Phase, h.Turn = game.PhaseDone, cards.NoSeat
	h.Won = []int{ns, 13 - ns}
	h.HonoursClaimed = honours
	return h
}

func entriesOf(r game.Rubber) []string {
	var out []string
	for _, e := range r.Entries {
		out = append(out, e.Side.String()+" "+e.Label)
	}
	return out
}

// Law 3: four honours score four, three two; Law 5: tricks score before
// honours, so a side that wins the game by tricks stops the adversaries'
// honours; Law 8: a double when the losers have scored one or two.
func TestTricksBeforeHonours(t *testing.T) {
	hands := []*game.Hand{
		played(1, 9, map[cards.Side]string{cards.EW: "3"}),  // NS 3; EW honours 2
		played(2, 8, map[cards.Side]string{cards.EW: "4"}),  // NS 2 more: game; EW's four honours not scored
		played(3, 4, map[cards.Side]string{cards.NS: "4"}),  // EW 3, NS honours 4
		played(4, 13, map[cards.Side]string{cards.NS: "3"}), // NS 7 by cards: game
	}
	sheet := New().Score(game.ScoreInput{Hands: hands})
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.Equal(t, []string{
		"NS 3 by cards", "EW three honours (claimed)",
		"NS 2 by cards", "NS game, a double (5 to 2)",
		"EW 3 by cards", "NS four honours (claimed)",
		"NS 7 by cards", "NS game, a single (11 to 3)", "NS the rubber",
	}, entriesOf(r))
	assert.Contains(t, sheet.Notes, "hand 2: EW's honours are not scored: the game was won by tricks, which score first (Law 5)")
	assert.Contains(t, sheet.Notes, "hand 4: NS's honours are not scored: the game was won by tricks, which score first (Law 5)")
	assert.True(t, r.Complete)
	assert.Equal(t, cards.NS, *r.Winner)
	assert.Equal(t, 5, r.Points, "a double, a single and the rubber points")
	assert.Equal(t, game.SideTotal{Above: 5, Below: 16, Total: 5}, *r.Sides[cards.NS])
}

// Law 4: at the score of four when the deal begins, honours do not count;
// Law 8: a treble against love, a single against three or four; Law 10: in
// a rubber of three games the losers' game is deducted.
func TestScoreOfFourAndThreeGames(t *testing.T) {
	hands := []*game.Hand{
		played(1, 11, nil), // NS 5: treble. (no honours claimed: noted)
		played(2, 3, map[cards.Side]string{cards.NS: "4"}), // EW 4; NS honours 4
		played(3, 5, map[cards.Side]string{cards.EW: "4"}), // EW 2 by cards: 6, a single; their honours come too late
		played(4, 8, map[cards.Side]string{cards.NS: "3"}), // NS 2 + honours 2
		played(5, 9, nil), // NS 3: game, a treble
	}
	sheet := New().Score(game.ScoreInput{Hands: hands})
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.Equal(t, []cards.Side{cards.NS, cards.EW, cards.NS}, r.Games)
	assert.Equal(t, []string{
		"NS 5 by cards", "NS game, a treble (5 to 0)",
		"EW 4 by cards", "NS four honours (claimed)", "EW 2 by cards", "EW game, a single (6 to 4)",
		"NS 2 by cards", "NS three honours (claimed)", "NS 3 by cards", "NS game, a treble (7 to 0)", "NS the rubber",
	}, entriesOf(r))
	// NS: 3 + 3 + 2 rubber points; EW: 1 deducted.
	assert.Equal(t, 8, r.Sides[cards.NS].Total)
	assert.Equal(t, 1, r.Sides[cards.EW].Total)
	assert.Equal(t, 7, r.Points)
	assert.Contains(t, r.Note, "Law 10")
	assert.Contains(t, sheet.Notes, "hand 1: the deal was not recorded and no honours were claimed; honours not counted")
}

func TestHonoursAtFourAreNotScored(t *testing.T) {
	hands := []*game.Hand{
		played(1, 10, map[cards.Side]string{cards.EW: "3"}), // NS 4, EW 2
		played(2, 6, map[cards.Side]string{cards.NS: "4"}),  // EW 1 by cards; NS at four: no honours
	}
	sheet := New().Score(game.ScoreInput{Hands: hands})
	assert.Contains(t, sheet.Notes, "hand 2: NS were at the score of four when the deal began and cannot score honours (Law 4)")
	assert.Equal(t, 4, sheet.Rubbers[0].Sides[cards.NS].Below)
	assert.Equal(t, 3, sheet.Rubbers[0].Sides[cards.EW].Below)
	assert.False(t, sheet.Rubbers[0].Complete)
}

func TestGameValues(t *testing.T) {
	for losers, want := range []int{3, 2, 2, 1, 1} {
		v, _ := GameValue(losers)
		assert.Equal(t, want, v, "adversaries at %d", losers)
	}
	assert.Equal(t, 4, HonoursPoints(4))
	assert.Equal(t, 2, HonoursPoints(3))
	assert.Equal(t, 0, HonoursPoints(2))
}

// Law 3 from a recorded deal: the honours are the trump A K Q J; divided
// two and two, nobody scores.
func TestHonoursFromTheDeal(t *testing.T) {
	r := New()
	deal, err := cards.ParseDeal("N:AK2.AK2.AK32.K32 QJ3.QJ3.T54.QJ54 T54.T54.QJ6.AT96 9876.9876.987.87")
	require.NoError(t, err)
	sd, n, ok := honoursHeld(cards.Diamonds, deal, r.Seating())
	assert.True(t, ok)
	assert.Equal(t, cards.NS, sd)
	assert.Equal(t, 4, n)
	_, _, ok = honoursHeld(cards.Hearts, deal, r.Seating())
	assert.False(t, ok, "N A K, E Q J: divided")

	h := played(1, 7, nil)
	copy(h.Dealt, deal)
	h.HonoursClaimed = nil
	h.TurnUp, h.Contract.Strain = cards.MustCard("D2"), cards.StrainDiamonds
	sheet := r.Score(game.ScoreInput{Hands: []*game.Hand{h}})
	assert.Equal(t, []string{"NS 1 by cards", "NS four honours", "NS game, a treble (5 to 0)"}, entriesOf(sheet.Rubbers[0]))
	assert.Empty(t, sheet.Notes)
}

func TestHonoursClaims(t *testing.T) {
	r := New()
	h := played(1, 7, nil)
	got, err := r.CheckHonours(h, cards.NS, "four")
	require.NoError(t, err)
	assert.Equal(t, "4", got)
	_, err = r.CheckHonours(h, cards.NS, "2")
	assert.ErrorIs(t, err, game.ErrIllegal)
	_, err = r.CheckHonours(h, cards.NS, "5")
	assert.ErrorIs(t, err, game.ErrBadHolding)
	_, err = NewDuplicate().CheckHonours(h, cards.NS, "4")
	assert.ErrorIs(t, err, game.ErrIllegal)
}

func TestOverTheBook(t *testing.T) {
	assert.Equal(t, 2, OverTheBook(8, 13))
	assert.Equal(t, 1, OverTheBook(7, 13))
	assert.Equal(t, -1, OverTheBook(6, 13))
	assert.Equal(t, -2, OverTheBook(5, 13))
	assert.Equal(t, 7, OverTheBook(13, 13))
}

// The same board played at several tables (or twice at one) is compared
// play by play.
func TestDuplicateBoardsCompared(t *testing.T) {
	r := NewDuplicate()
	board := func(hand, b, ns int) *game.Hand {
		h := played(hand, ns, nil)
		h.Board = b
		return h
	}
	sheet := r.Score(game.ScoreInput{Hands: []*game.Hand{board(1, 1, 8), board(2, 2, 5), board(3, 1, 6), board(4, 2, 7), board(5, 2, 9)}})
	require.Len(t, sheet.Boards, 5)
	assert.Empty(t, sheet.Rubbers)
	b := sheet.Boards[0]
	assert.Equal(t, 1, b.Board)
	assert.Equal(t, "H", b.Contract)
	assert.Equal(t, cards.NoSeat, b.Declarer)
	assert.Equal(t, 8, b.Tricks)
	assert.Equal(t, 2, b.NS)
	require.Len(t, b.Entries, 2)
	assert.Equal(t, 2, b.Entries[1].Points)
	assert.Equal(t, -2, sheet.Boards[2].Entries[1].Points)
	// Board 2 played three times: 5, 7 and 9 tricks.
	assert.Equal(t, -6, sheet.Boards[1].Entries[1].Points)
	assert.Equal(t, 0, sheet.Boards[3].Entries[1].Points)
	assert.Equal(t, 6, sheet.Boards[4].Entries[1].Points)
	assert.Equal(t, "board 2: North-South took 9 tricks, against 5, 7 at its other plays", sheet.Boards[4].Entries[1].Label)

	dealer, vul := r.Board(6)
	assert.Equal(t, cards.East, dealer)
	assert.Empty(t, vul)
}

// Over the book is symmetrical: what one pair wins the other loses, and
// there is always an odd trick.
func TestOverTheBookIsSymmetrical(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ns := rapid.IntRange(0, 13).Draw(t, "ns")
		if OverTheBook(ns, 13) != -OverTheBook(13-ns, 13) || OverTheBook(ns, 13) == 0 {
			t.Fatalf("NS %d: %d, EW: %d", ns, OverTheBook(ns, 13), OverTheBook(13-ns, 13))
		}
	})
}
