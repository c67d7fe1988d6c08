package contract

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func hand(t *testing.T, decl cards.Side, contract string, tricks int) HandResult {
	t.Helper()
	return HandResult{Declarer: decl, Contract: mustContract(t, contract), Tricks: tricks}
}

func withHonours(h HandResult, side cards.Side, points int) HandResult {
	h.Honours = Honours{Side: side, Points: points}
	return h
}

func addAll(t *testing.T, add func(HandResult) ([]SheetEntry, error), hs ...HandResult) {
	t.Helper()
	for i, h := range hs {
		_, err := add(h)
		require.NoError(t, err, "hand %d", i+1)
	}
}

// TestRubberPublishedExample follows the rubber of the score-sheet
// walk-through at slideplayer.com/slide/2812193 (J&H = NS, M&A = EW). Hands
// 1 to 6 and 9 are as published; the sheet shows M&A with 40 trick points
// below the line before hand 9 without showing how, so one hand (1NT making
// eight tricks) stands in for hands 7 and 8. The published totals are M&A
// 880; J&H win on points though M&A win the rubber.
func TestRubberPublishedExample(t *testing.T) {
	var r RubberSheet
	NS, EW := cards.NS, cards.EW

	es, err := r.Add(hand(t, NS, "2H", 10))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{1, 1, NS, Below, LabelContractTricks, 60, RubberLawTrickScore},
		{1, 1, NS, Above, LabelOvertricks, 60, RubberLawOvertricks},
	}, es)

	es, err = r.Add(hand(t, EW, "4SX", 8))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{{2, 1, NS, Above, LabelUndertricks, 300, RubberLawUndertricks}}, es)

	_, err = r.Add(hand(t, EW, "3NT", 10))
	require.NoError(t, err)
	assert.Equal(t, []cards.Side{EW}, r.GameWinners(), "a line under the first game")
	assert.Equal(t, 0, r.PartScore(NS), "J&H's 60 is not carried into the second game (Law 73)")
	assert.True(t, r.Vulnerable(EW))
	assert.False(t, r.Vulnerable(NS))
	assert.Equal(t, 2, r.Game())

	_, err = r.Add(hand(t, EW, "3S", 9))
	require.NoError(t, err)
	assert.Equal(t, 90, r.PartScore(EW))

	es, err = r.Add(hand(t, EW, "2D", 6))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{{5, 2, NS, Above, LabelUndertricks, 200, RubberLawUndertricks}}, es, "vulnerable now: 100 a trick")

	es, err = r.Add(hand(t, NS, "6HX", 13))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{6, 2, NS, Below, LabelContractTricks, 360, RubberLawTrickScore},
		{6, 2, NS, Above, LabelOvertricks, 100, RubberLawOvertricks},
		{6, 2, NS, Above, LabelSmallSlam, 500, RubberLawSlam},
		{6, 2, NS, Above, LabelInsult, 50, RubberLawInsult},
	}, es)
	assert.Equal(t, []cards.Side{EW, NS}, r.GameWinners())
	assert.Equal(t, 0, r.PartScore(EW), "M&A's 90 is wiped out")
	assert.True(t, r.Vulnerable(NS) && r.Vulnerable(EW))

	_, err = r.Add(hand(t, EW, "1NT", 8))
	require.NoError(t, err)
	assert.Equal(t, 40, r.PartScore(EW))
	assert.False(t, r.Over())

	es, err = r.Add(hand(t, EW, "3H", 9))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{8, 3, EW, Below, LabelContractTricks, 90, RubberLawTrickScore},
		{8, 3, EW, Above, LabelRubber, 500, RubberLawRubber},
	}, es)
	assert.True(t, r.Over())
	assert.Equal(t, EW, r.Winner())
	assert.Equal(t, []cards.Side{EW, NS, EW}, r.GameWinners())
	assert.Equal(t, 3, r.Game())

	assert.Equal(t, 880, r.Total(EW), "published total for M&A")
	assert.Equal(t, 1630, r.Total(NS))
	assert.Equal(t, 100+90+40+90, r.Points(EW, Below))
	assert.Equal(t, 30+30+500, r.Points(EW, Above))
	assert.Equal(t, 60+360, r.Points(NS, Below))

	_, err = r.Add(hand(t, NS, "1C", 7))
	assert.ErrorIs(t, err, ErrRubberOver)
	assert.Nil(t, r.Close(), "a finished rubber has nothing to add by Law 80")
	assert.Len(t, r.Entries(), 15)
}

// TestRubberWithHonours is a whole rubber won 2-0, with honours held by
// declarer, by the defenders, on a defeated contract and at no trumps.
func TestRubberWithHonours(t *testing.T) {
	var r RubberSheet
	NS, EW := cards.NS, cards.EW
	addAll(t, r.Add,
		// 1. 1NT+1 by NS, four aces in one NS hand: 40 below, 30 and 150 above.
		withHonours(hand(t, NS, "1NT", 8), NS, 150),
		// 2. 4HX-2 by EW, not vulnerable; NS held four heart honours in
		//    one hand: 300 and 100 to NS.
		withHonours(hand(t, EW, "4HX", 8), NS, 100),
		// 3. 2S= by NS: 60 below makes 100, game.
		hand(t, NS, "2S", 8),
		// 4. 2C+1 by EW, five club honours in one EW hand: 40 below, 20
		//    and 150 above.
		withHonours(hand(t, EW, "2C", 9), EW, 150),
		// 5. 4S-1 by NS, vulnerable: 100 to EW; NS still score their
		//    four spade honours, 100.
		withHonours(hand(t, NS, "4S", 9), NS, 100),
		// 6. Passed out.
		HandResult{PassedOut: true},
	)
	assert.Equal(t, 6, r.Hands())
	assert.Equal(t, 40, r.PartScore(EW))
	es, err := r.Add(hand(t, NS, "6D", 13)) // 7. 6D+1 by NS, vulnerable.
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{7, 2, NS, Below, LabelContractTricks, 120, RubberLawTrickScore},
		{7, 2, NS, Above, LabelOvertricks, 20, RubberLawOvertricks},
		{7, 2, NS, Above, LabelSmallSlam, 750, RubberLawSlam},
		{7, 2, NS, Above, LabelRubber, 700, RubberLawRubber},
	}, es)
	assert.Equal(t, NS, r.Winner())
	assert.Equal(t, []cards.Side{NS, NS}, r.GameWinners())
	assert.Equal(t, 40+60+120, r.Points(NS, Below))
	assert.Equal(t, 30+150+300+100+100+20+750+700, r.Points(NS, Above))
	assert.Equal(t, 2370, r.Total(NS))
	assert.Equal(t, 310, r.Total(EW))
	var honours []SheetEntry
	for _, e := range r.Entries() {
		if e.Label == LabelHonours {
			honours = append(honours, e)
			assert.Equal(t, RubberLawHonours, e.Law)
			assert.Equal(t, Above, e.Line)
		}
	}
	assert.Equal(t, []int{1, 2, 4, 5}, []int{honours[0].Hand, honours[1].Hand, honours[2].Hand, honours[3].Hand})
	for _, e := range r.Entries() {
		assert.NotEmpty(t, e.Law)
		assert.Positive(t, e.Points)
	}
}

func TestRubberUnfinished(t *testing.T) {
	var r RubberSheet
	NS, EW := cards.NS, cards.EW
	addAll(t, r.Add,
		hand(t, NS, "4S", 10), // game to NS
		hand(t, EW, "2H", 9),  // 60 below and 30 above to EW
	)
	assert.True(t, r.Vulnerable(NS))
	es := r.Close()
	assert.Equal(t, []SheetEntry{
		{0, 2, NS, Above, LabelUnfinishedGame, 300, RubberLawUnfinished},
		{0, 2, EW, Above, LabelUnfinishedPart, 100, RubberLawUnfinPart},
	}, es)
	assert.Equal(t, 120+300, r.Total(NS))
	assert.Equal(t, 60+30+100, r.Total(EW))
	assert.True(t, r.Closed())
	assert.False(t, r.Over())
	assert.Equal(t, cards.NoSide, r.Winner())
	assert.Nil(t, r.Close(), "closing twice adds nothing")
	_, err := r.Add(hand(t, NS, "1C", 7))
	assert.ErrorIs(t, err, ErrRubberOver)

	// Closing an empty sheet credits nothing.
	var empty RubberSheet
	assert.Empty(t, empty.Close())
}

func TestUnfinishedEntries(t *testing.T) {
	NS, EW := cards.NS, cards.EW
	cases := []struct {
		name         string
		games, parts [2]int
		want         map[cards.Side]int
	}{
		{"nothing", [2]int{0, 0}, [2]int{0, 0}, map[cards.Side]int{}},
		{"a game up", [2]int{1, 0}, [2]int{0, 0}, map[cards.Side]int{NS: 300}},
		{"a game each", [2]int{1, 1}, [2]int{0, 0}, map[cards.Side]int{}},
		{"a part score", [2]int{0, 0}, [2]int{0, 70}, map[cards.Side]int{EW: 100}},
		{"both part scores", [2]int{0, 0}, [2]int{40, 70}, map[cards.Side]int{}},
		{"game and part score", [2]int{0, 1}, [2]int{60, 0}, map[cards.Side]int{EW: 300, NS: 100}},
		{"a game each and a part score", [2]int{1, 1}, [2]int{0, 90}, map[cards.Side]int{EW: 100}},
		{"game and own part score", [2]int{1, 0}, [2]int{20, 0}, map[cards.Side]int{NS: 400}},
	}
	for _, tc := range cases {
		got := map[cards.Side]int{}
		for _, e := range UnfinishedEntries(tc.games, tc.parts) {
			got[e.Side] += e.Points
			assert.Contains(t, e.Law, "Law 80", tc.name)
		}
		assert.Equal(t, tc.want, got, tc.name)
	}
}

func TestRubberEntriesAndBonus(t *testing.T) {
	assert.Equal(t, 700, RubberBonus(0))
	assert.Equal(t, 500, RubberBonus(1))
	// A doubled part score that reaches 100 is game below the line.
	var r RubberSheet
	_, err := r.Add(hand(t, cards.EW, "2SX", 8))
	require.NoError(t, err)
	assert.Equal(t, 1, r.Games(cards.EW))
	assert.Equal(t, 0, r.Games(cards.NoSide))
	// Overtricks, undertricks and slams follow the declarer's vulnerability.
	es := RubberEntries(hand(t, cards.NS, "7NTXX", 0), true)
	assert.Equal(t, []SheetEntry{{Side: cards.EW, Line: Above, Label: LabelUndertricks, Points: 7600, Law: RubberLawUndertricks}}, es)
	assert.Nil(t, RubberEntries(HandResult{PassedOut: true}, false))
	assert.Nil(t, RubberEntries(hand(t, cards.NS, "1C", 7).withSide(cards.NoSide), false))
}

func (h HandResult) withSide(s cards.Side) HandResult { h.Declarer = s; return h }

func TestHandResultValidate(t *testing.T) {
	good := []HandResult{
		HandResult{PassedOut: true},
		hand(t, cards.NS, "3NT", 9),
		withHonours(hand(t, cards.NS, "3NT", 9), cards.EW, 150),
		withHonours(hand(t, cards.EW, "4S", 3), cards.NS, 100),
		withHonours(hand(t, cards.EW, "4S", 13), cards.EW, 150),
	}
	for _, h := range good {
		assert.NoError(t, h.Validate(), "%+v", h)
	}
	bad := []HandResult{
		hand(t, cards.NS, "3NT", 9).withSide(cards.NoSide),
		hand(t, cards.NS, "3NT", 14),
		{Declarer: cards.NS, Contract: Contract{Level: 2, Strain: cards.RoyalSpades}, Tricks: 8},
		withHonours(hand(t, cards.NS, "3NT", 9), cards.EW, 100),
		withHonours(hand(t, cards.NS, "4H", 9), cards.EW, 120),
		withHonours(hand(t, cards.NS, "4H", 9), cards.NoSide, 100),
	}
	for _, h := range bad {
		err := h.Validate()
		require.Error(t, err, "%+v", h)
		assert.True(t, errors.Is(err, ErrBadResult), "%+v", h)
		var r RubberSheet
		_, err = r.Add(h)
		assert.ErrorIs(t, err, ErrBadResult)
		assert.Zero(t, r.Hands())
		c := NewChicagoSheet(cards.North)
		_, err = c.Add(h)
		assert.ErrorIs(t, err, ErrBadResult)
		assert.Equal(t, 1, c.Deal())
	}
	assert.True(t, errors.Is(hand(t, cards.NS, "3NT", 14).Validate(), ErrBadContract))
}

func TestHonours(t *testing.T) {
	h := func(s string) cards.Set {
		set, err := cards.ParseHand(s)
		require.NoError(t, err, s)
		return set
	}
	assert.Equal(t, 150, HandHonours(cards.StrainSpades, h("AKQJT.32.432.432")))
	assert.Equal(t, 100, HandHonours(cards.StrainSpades, h("AKJT2.32.432.432")))
	assert.Equal(t, 0, HandHonours(cards.StrainSpades, h("AKJ32.32.432.432")))
	assert.Equal(t, 0, HandHonours(cards.StrainHearts, h("AKQJT.32.432.432")))
	assert.Equal(t, 100, HandHonours(cards.StrainHearts, h("32.AQJT.432.5432")))
	assert.Equal(t, 150, HandHonours(cards.NoTrump, h("A32.A2.A32.A432")))
	assert.Equal(t, 0, HandHonours(cards.NoTrump, h("AKQJT.AK.AKQ.KQJ")), "three aces score nothing")
	assert.Equal(t, 0, HandHonours(cards.RoyalSpades, h("AKQJT.32.432.432")), "not a modern strain")
	assert.Equal(t, 0, HonoursBonus(cards.NoTrump, 5))
	assert.Equal(t, 0, HonoursBonus(cards.StrainClubs, 3))

	d, err := cards.ParseDeal("N:T5432.K32.K32.K2 AKQJ.QJT.QJT.QJT 987.A9876.A.A987 6.54.987654.6543")
	require.NoError(t, err)
	assert.Equal(t, Honours{Side: cards.EW, Points: 100}, DealHonours(cards.StrainSpades, d), "AKQJ in East's hand, the ten in North's")
	assert.Equal(t, Honours{}, DealHonours(cards.StrainHearts, d), "heart honours spread over three hands: nothing")
	assert.Equal(t, Honours{}, DealHonours(cards.NoTrump, d), "aces spread: nothing")
	d, err = cards.ParseDeal("N:AKQJ.K32.K32.K32 T5432.QJT.QJT.QJ 876.A9876.A.A987 9.54.987654.T654")
	require.NoError(t, err)
	assert.Equal(t, Honours{Side: cards.NS, Points: 100}, DealHonours(cards.StrainSpades, d))
	d, err = cards.ParseDeal("N:T5432.K32.K32.K2 AKQJ.AQJ.AQJ.AQJ 987.T9876.T.T987 6.54.987654.6543")
	require.NoError(t, err)
	assert.Equal(t, Honours{Side: cards.EW, Points: 150}, DealHonours(cards.NoTrump, d))
	assert.Equal(t, Honours{Side: cards.EW, Points: 100}, DealHonours(cards.StrainSpades, d))
}

func TestChicagoVulnerability(t *testing.T) {
	type v struct{ ns, ew bool }
	want := map[cards.Seat][4]v{
		cards.North: {{false, false}, {false, true}, {true, false}, {true, true}},
		cards.East:  {{false, false}, {true, false}, {false, true}, {true, true}},
		cards.South: {{false, false}, {false, true}, {true, false}, {true, true}},
		cards.West:  {{false, false}, {true, false}, {false, true}, {true, true}},
	}
	for first, row := range want {
		for i, w := range row {
			for _, deal := range []int{i + 1, i + 5} {
				vul := ChicagoVulnerability(deal, first)
				assert.Equal(t, w, v{vul.Vulnerable(cards.NS), vul.Vulnerable(cards.EW)}, "first dealer %v, deal %d", first, deal)
			}
			assert.Equal(t, first.Plus(i, 4), ChicagoDealer(i+1, first))
		}
	}
	assert.Equal(t, cards.VulNone, ChicagoVulnerability(0, cards.North))
	assert.Equal(t, cards.NoSeat, ChicagoDealer(0, cards.North))
}

// TestChicagoPublishedExample is the round of Chicago in R. Pavlicek,
// rpbridge.net/1ub8.htm: "we" (NS) deal first; the published totals are
// 1650 to 1070.
func TestChicagoPublishedExample(t *testing.T) {
	c := NewChicagoSheet(cards.North)
	NS, EW := cards.NS, cards.EW

	assert.Equal(t, 1, c.Deal())
	assert.Equal(t, cards.North, c.Dealer())
	es, err := c.Add(hand(t, NS, "3H", 10)) // Deal 1: 90 and 30.
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{1, 1, NS, Below, LabelContractTricks, 90, RubberLawTrickScore},
		{1, 1, NS, Above, LabelOvertricks, 30, RubberLawOvertricks},
	}, es, "no part-score premium on the first three deals")

	assert.True(t, c.Vulnerable(EW), "deal 2: dealer East's side")
	es, err = c.Add(hand(t, EW, "3NT", 9)) // Deal 2: 100 and 500.
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{2, 1, EW, Below, LabelContractTricks, 100, RubberLawTrickScore},
		{2, 1, EW, Above, LabelGame, 500, ChicagoLawGame},
	}, es)
	assert.Equal(t, 0, c.PartScore(NS), "our 90 is cancelled by their game")

	assert.True(t, c.Vulnerable(NS))
	assert.False(t, c.Vulnerable(EW))
	es, err = c.Add(hand(t, EW, "3DX", 9)) // Deal 3: 120, 300 and 50.
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{3, 2, EW, Below, LabelContractTricks, 120, RubberLawTrickScore},
		{3, 2, EW, Above, LabelInsult, 50, RubberLawInsult},
		{3, 2, EW, Above, LabelGame, 300, ChicagoLawGame},
	}, es)

	// Deal 4: 180, 500, 750 and 100 for dummy's A-Q-J-10 of trumps.
	es, err = c.Add(withHonours(hand(t, NS, "6S", 12), NS, 100))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{4, 3, NS, Below, LabelContractTricks, 180, RubberLawTrickScore},
		{4, 3, NS, Above, LabelSmallSlam, 750, RubberLawSlam},
		{4, 3, NS, Above, LabelHonours, 100, RubberLawHonours},
		{4, 3, NS, Above, LabelGame, 500, ChicagoLawGame},
	}, es)

	assert.True(t, c.Done())
	assert.Equal(t, 0, c.Deal())
	assert.Equal(t, 1650, c.Total(NS))
	assert.Equal(t, 1070, c.Total(EW))
	assert.Equal(t, 90+180, c.Points(NS, Below))
	_, err = c.Add(hand(t, NS, "1C", 7))
	assert.ErrorIs(t, err, ErrChicagoOver)
	assert.Len(t, c.Entries(), 11)
}

// TestChicagoPartScores: part scores carry from deal to deal until a game,
// a passed-out deal is dealt again, and a part score on the fourth deal
// earns 100 unless it completes a game.
func TestChicagoPartScores(t *testing.T) {
	var c ChicagoSheet // zero value: North deals first
	NS, EW := cards.NS, cards.EW
	addAll(t, c.Add, hand(t, NS, "2S", 8)) // deal 1: 60 below
	_, err := c.Add(HandResult{PassedOut: true})
	require.NoError(t, err)
	assert.Equal(t, 2, c.Deal(), "a passed-out deal is dealt again")
	assert.Equal(t, cards.East, c.Dealer())
	// Deal 2: EW vulnerable, NS not. 2C+1 completes NS's game: 300.
	es, err := c.Add(hand(t, NS, "2C", 9))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{2, 1, NS, Below, LabelContractTricks, 40, RubberLawTrickScore},
		{2, 1, NS, Above, LabelOvertricks, 20, RubberLawOvertricks},
		{2, 1, NS, Above, LabelGame, 300, ChicagoLawGame},
	}, es)
	addAll(t, c.Add, hand(t, EW, "1NT", 7)) // deal 3: 40 below to EW
	assert.Equal(t, 40, c.PartScore(EW))
	// Deal 4: NS 2H= is a part score that does not make game: 100.
	es, err = c.Add(hand(t, NS, "2H", 8))
	require.NoError(t, err)
	assert.Equal(t, []SheetEntry{
		{4, 2, NS, Below, LabelContractTricks, 60, RubberLawTrickScore},
		{4, 2, NS, Above, LabelFourthDealPart, 100, ChicagoLawFourthPart},
	}, es)
	assert.Equal(t, 60+40+20+300+60+100, c.Total(NS))
	assert.Equal(t, 40, c.Total(EW), "EW's unfinished part score earns nothing")

	// A fourth-deal part score that completes a game earns the game
	// premium, vulnerable, instead.
	c2 := NewChicagoSheet(cards.West)
	addAll(t, c2.Add, hand(t, EW, "2S", 8), hand(t, NS, "3C", 8), hand(t, NS, "3C", 8))
	es, err = c2.Add(hand(t, EW, "2C", 8))
	require.NoError(t, err)
	assert.Equal(t, LabelGame, es[len(es)-1].Label)
	assert.Equal(t, 500, es[len(es)-1].Points)
	// Deal 2 (North deals, NS vulnerable) 3C-1 gives EW 100; deal 3 (East
	// deals, NS not vulnerable) 3C-1 gives EW 50.
	assert.Equal(t, 60+100+50+40+500, c2.Total(EW))
	assert.Zero(t, c2.Total(NS))
}

func TestSmallParts(t *testing.T) {
	assert.Equal(t, "above", Above.String())
	assert.Equal(t, "below", Below.String())
	assert.Equal(t, "?", Line(0).String())
	assert.Zero(t, HonoursBonus(cards.RoyalSpades, 5))
	var r RubberSheet
	assert.Zero(t, r.PartScore(cards.NoSide))
	assert.Equal(t, 1, r.Game())
	assert.Empty(t, r.Entries())
	var c ChicagoSheet
	assert.Zero(t, c.PartScore(cards.NoSide))
	assert.Equal(t, cards.North, c.Dealer())
	assert.False(t, c.Vulnerable(cards.NS) || c.Vulnerable(cards.EW))
}
