package contract

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// playedHand is a finished hand of a session: dealt by dealer, the contract
// (as PBN writes it, or "Pass") played by declarer, who took tricks.
func playedHand(t *testing.T, n int, scoring string, dealer, declarer cards.Seat, contract string, tricks int) *game.Hand {
	t.Helper()
	h := game.NewHand(n, dealer, game.Compass, game.Options{"scoring": scoring})
	h.Phase = game.PhaseDone
	c, pass, err := ParseContract(contract)
	require.NoError(t, err)
	if pass {
		return h
	}
	h.Contract = &game.Contract{Level: c.Level, Strain: c.Strain, Doubled: c.Doubled, Declarer: declarer}
	decl := declarer.Partnership()
	h.Won[decl], h.Won[1-decl] = tricks, 13-tricks
	return h
}

func sheetOf(t *testing.T, scoring string, closed bool, hands ...*game.Hand) game.ScoreSheet {
	t.Helper()
	return New().Score(game.ScoreInput{Hands: hands, Opts: game.Options{"scoring": scoring}, Seating: game.Compass, Closed: closed})
}

func totals(r game.Rubber) [2]int { return [2]int{r.Sides[cards.NS].Total, r.Sides[cards.EW].Total} }

// A deal in which North holds A K Q J of hearts (South the ten) and the
// aces are divided two and two.
const heartsDeal = "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ"

// TestSessionRubberWithHonours plays a rubber through the session's fold:
// honours counted from a recorded deal and claimed at the table,
// vulnerability from the games won, the rubber bonus.
func TestSessionRubberWithHonours(t *testing.T) {
	NS, EW := cards.NS, cards.EW
	h1 := playedHand(t, 1, ScoringRubber, cards.South, cards.North, "4H", 10)
	d, err := cards.ParseDeal(heartsDeal)
	require.NoError(t, err)
	copy(h1.Dealt, d)
	h2 := playedHand(t, 2, ScoringRubber, cards.West, cards.East, "3NT", 9)
	h2.HonoursClaimed = map[cards.Side]string{EW: HoldingFourInOne} // the four aces: 150
	h3 := playedHand(t, 3, ScoringRubber, cards.North, cards.North, "2SX", 6)
	h4 := playedHand(t, 4, ScoringRubber, cards.East, cards.West, "Pass", 0)
	h5 := playedHand(t, 5, ScoringRubber, cards.South, cards.West, "4H", 11)
	h5.HonoursClaimed = map[cards.Side]string{NS: HoldingFiveInOne} // the defenders hold them: 150

	sheet := sheetOf(t, ScoringRubber, false, h1, h2, h3, h4, h5)
	assert.Empty(t, sheet.Notes)
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.True(t, r.Complete)
	assert.Equal(t, []cards.Side{NS, EW, EW}, r.Games)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, r.Hands)
	// NS: 120 below, 100 honours, 150 honours. EW: 100 below and 150
	// aces; 500 for two down doubled against a vulnerable side; 120 below
	// and 30 for the overtrick; the rubber, 500 (NS won a game).
	assert.Equal(t, [2]int{120 + 100 + 150, 100 + 150 + 500 + 120 + 30 + 500}, totals(r))
	assert.Equal(t, 120, r.Sides[NS].Below)
	require.NotNil(t, r.Winner)
	assert.Equal(t, EW, *r.Winner)
	assert.Equal(t, 1400-370, r.Points)
	var lines []int
	for _, e := range r.Entries {
		assert.NotEmpty(t, e.Law, e.Label)
		if e.GameLine {
			lines = append(lines, e.Hand)
		}
	}
	assert.Equal(t, []int{1, 2, 5}, lines)
	assert.Contains(t, r.Entries, game.Entry{Hand: 1, Side: NS, Above: true, Points: 100, Label: LabelHonours, Law: RubberLawHonours})
	assert.Contains(t, r.Entries, game.Entry{Hand: 3, Side: EW, Above: true, Points: 500, Label: LabelUndertricks, Law: RubberLawUndertricks})
	assert.Contains(t, r.Entries, game.Entry{Hand: 5, Side: EW, Above: true, Points: 500, Label: LabelRubber, Law: RubberLawRubber})

	// A sixth hand begins the second rubber.
	h6 := playedHand(t, 6, ScoringRubber, cards.West, cards.South, "1NT", 7)
	sheet = sheetOf(t, ScoringRubber, false, h1, h2, h3, h4, h5, h6)
	require.Len(t, sheet.Rubbers, 2)
	assert.Equal(t, []int{6}, sheet.Rubbers[1].Hands)
	assert.Nil(t, sheet.Rubbers[1].Winner)
}

// TestSessionRubberUnfinished: a rubber stopped by agreement is scored by
// Law 80, 300 for the only game won and 100 for the only part score.
func TestSessionRubberUnfinished(t *testing.T) {
	NS, EW := cards.NS, cards.EW
	hands := []*game.Hand{
		playedHand(t, 1, ScoringRubber, cards.South, cards.South, "3NT", 9),
		playedHand(t, 2, ScoringRubber, cards.West, cards.West, "2C", 8),
	}
	open := sheetOf(t, ScoringRubber, false, hands...).Rubbers[0]
	assert.False(t, open.Complete)
	assert.Nil(t, open.Winner)
	assert.Equal(t, 0, open.Points)

	closed := sheetOf(t, ScoringRubber, true, hands...).Rubbers[0]
	assert.False(t, closed.Complete)
	assert.Equal(t, [2]int{100 + 300, 40 + 100}, totals(closed))
	require.NotNil(t, closed.Winner)
	assert.Equal(t, NS, *closed.Winner)
	assert.Equal(t, 260, closed.Points)
	assert.Contains(t, closed.Entries, game.Entry{Side: NS, Above: true, Points: 300, Label: LabelUnfinishedGame, Law: RubberLawUnfinished})
	assert.Contains(t, closed.Entries, game.Entry{Side: EW, Above: true, Points: 100, Label: LabelUnfinishedPart, Law: RubberLawUnfinPart})
	assert.Contains(t, closed.Note, "Law 80")
}

// TestSessionChicago plays four deals from North's deal: the vulnerability
// by deal number, a passed-out deal dealt again by the same dealer, the
// game premiums and the fourth deal's part score.
func TestSessionChicago(t *testing.T) {
	NS, EW := cards.NS, cards.EW
	hands := []*game.Hand{
		playedHand(t, 1, ScoringChicago, cards.North, cards.North, "4S", 10), // neither vulnerable: 120 + 300
		playedHand(t, 2, ScoringChicago, cards.East, cards.East, "Pass", 0),  // passed out: E deals again
		playedHand(t, 3, ScoringChicago, cards.East, cards.East, "3NT", 9),   // EW vulnerable: 100 + 500
		playedHand(t, 4, ScoringChicago, cards.South, cards.South, "2H", 8),  // NS vulnerable: 60 part score
		playedHand(t, 5, ScoringChicago, cards.West, cards.West, "2D", 8),    // both: 40, and 100 on deal 4
		playedHand(t, 6, ScoringChicago, cards.North, cards.North, "1NT", 7), // the next Chicago
	}
	rs := New()
	assert.Equal(t, cards.East, rs.NextDealer(hands[1]), "a passed-out deal is dealt again")
	assert.Equal(t, cards.South, rs.NextDealer(hands[2]))
	rubber := playedHand(t, 1, ScoringRubber, cards.East, cards.East, "Pass", 0)
	assert.Equal(t, cards.South, rs.NextDealer(rubber), "at rubber bridge the deal passes on")

	sheet := sheetOf(t, ScoringChicago, false, hands...)
	assert.Empty(t, sheet.Notes)
	require.Len(t, sheet.Rubbers, 2)
	c := sheet.Rubbers[0]
	assert.True(t, c.Complete)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, c.Hands)
	assert.Equal(t, []cards.Side{NS, EW}, c.Games)
	assert.Equal(t, [2]int{120 + 300 + 60, 100 + 500 + 40 + 100}, totals(c))
	require.NotNil(t, c.Winner)
	assert.Equal(t, EW, *c.Winner)
	assert.Equal(t, 260, c.Points)
	assert.Contains(t, c.Entries, game.Entry{Hand: 3, Side: EW, Above: true, Points: 500, Label: LabelGame, Law: ChicagoLawGame})
	assert.Contains(t, c.Entries, game.Entry{Hand: 5, Side: EW, Above: true, Points: 100, Label: LabelFourthDealPart, Law: ChicagoLawFourthPart})
	assert.False(t, sheet.Rubbers[1].Complete)

	closed := sheetOf(t, ScoringChicago, true, hands...)
	assert.Contains(t, closed.Rubbers[1].Note, "after 1 of the four deals")
	require.NotNil(t, closed.Rubbers[1].Winner)
	assert.Equal(t, NS, *closed.Rubbers[1].Winner)
}

func TestBoard(t *testing.T) {
	rs := New()
	cases := []struct {
		n      int
		dealer cards.Seat
		vul    cards.Vulnerability
	}{
		{1, cards.North, cards.VulNone},
		{2, cards.East, cards.VulNS},
		{3, cards.South, cards.VulEW},
		{4, cards.West, cards.VulAll},
		{8, cards.West, cards.VulNone},
		{16, cards.West, cards.VulEW},
		{17, cards.North, cards.VulNone},
	}
	for _, c := range cases {
		dealer, vul := rs.Board(c.n)
		assert.Equal(t, c.dealer, dealer, "board %d", c.n)
		assert.Equal(t, c.vul, vul, "board %d", c.n)
	}
}

// TestSessionDuplicate scores boards from North-South's side by Law 77,
// with the vulnerability recorded with each board's deal.
func TestSessionDuplicate(t *testing.T) {
	rs := New()
	board := func(n int, declarer cards.Seat, contract string, tricks int) *game.Hand {
		dealer, vul := rs.Board(n)
		h := playedHand(t, n, ScoringDuplicate, dealer, declarer, contract, tricks)
		h.Board, h.Vulnerable = n, vul
		return h
	}
	hands := []*game.Hand{
		board(1, cards.North, "4S", 10),    // +420
		board(2, cards.East, "3NTX", 7),    // EW not vulnerable, two down doubled: NS +300
		board(3, cards.South, "Pass", 0),   // 0
		board(4, cards.West, "6H", 12),     // EW vulnerable small slam: NS -1430
		board(5, cards.North, "3NTXX", 10), // NS vulnerable, redoubled, one over: 1000+... see below
	}
	loose := playedHand(t, 6, ScoringDuplicate, cards.South, cards.South, "2C", 8) // not dealt as a board
	sheet := sheetOf(t, ScoringDuplicate, false, append(hands, loose)...)
	assert.Empty(t, sheet.Rubbers)
	require.Len(t, sheet.Boards, 6)
	type row struct {
		board    int
		contract string
		declarer cards.Seat
		tricks   int
		ns       int
	}
	var got []row
	for _, b := range sheet.Boards {
		got = append(got, row{b.Board, b.Contract, b.Declarer, b.Tricks, b.NS})
		sum := 0
		for _, e := range b.Entries {
			assert.NotEmpty(t, e.Law)
			if e.Side == cards.NS {
				sum += e.Points
			} else {
				sum -= e.Points
			}
		}
		assert.Equal(t, b.NS, sum, "board %d's entries add up", b.Board)
	}
	// Board 5: 3NT redoubled, vulnerable, ten tricks: 100x4 = 400, one
	// overtrick 400, game 500, insult 100: 1400.
	assert.Equal(t, []row{
		{1, "4S", cards.North, 10, 420},
		{2, "3NTX", cards.East, 7, 300},
		{3, "Pass", cards.NoSeat, 0, 0},
		{4, "6H", cards.West, 12, -1430},
		{5, "3NTXX", cards.North, 10, 1400},
		{6, "2C", cards.South, 8, 90},
	}, got)
	require.Len(t, sheet.Notes, 1)
	assert.Contains(t, sheet.Notes[0], "scored as board 6")
}

func TestCheckHonoursContract(t *testing.T) {
	rs := New()
	h := playedHand(t, 1, ScoringRubber, cards.South, cards.South, "3NT", 9)
	got, err := rs.CheckHonours(h, cards.EW, "4")
	require.NoError(t, err)
	assert.Equal(t, HoldingFourInOne, got)
	_, err = rs.CheckHonours(h, cards.NS, "5-in-one")
	assert.ErrorIs(t, err, game.ErrIllegal, "five honours at no trumps")
	_, err = rs.CheckHonours(h, cards.NS, "3")
	assert.ErrorIs(t, err, game.ErrBadHolding)

	dup := playedHand(t, 1, ScoringDuplicate, cards.South, cards.South, "4H", 10)
	_, err = rs.CheckHonours(dup, cards.NS, "4-in-one")
	assert.ErrorIs(t, err, game.ErrIllegal)
	assert.Contains(t, err.Error(), "Law 77")

	passed := playedHand(t, 1, ScoringRubber, cards.South, cards.South, "Pass", 0)
	_, err = rs.CheckHonours(passed, cards.NS, "4-in-one")
	assert.ErrorIs(t, err, game.ErrIllegal)
}
