package fivehundred

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

const (
	seatA cards.Seat = 0
	seatB cards.Seat = 1
	seatC cards.Seat = 2
)

// The test deal: A holds the Joker and both red knaves.
var (
	handA = "87.AKJ.J7.87+JK"
	handB = "AKQ.QT9.AK.AK"
	handC = "JT9.87.QT.QJT"
	widow = "..98.9"
)

func set(t *testing.T, pbn string) cards.Set {
	t.Helper()
	s, err := cards.ParseHand(pbn)
	require.NoError(t, err)
	return s
}

// dealt is the test deal with C dealing, so A is the eldest hand.
func dealt(t *testing.T) *game.Hand {
	t.Helper()
	r := New()
	d := game.DealResult{Hands: []cards.Set{set(t, handA), set(t, handB), set(t, handC)}, Widow: set(t, widow)}
	require.NoError(t, r.CheckDeal(d))
	h := game.NewHand(1, seatC, r.Seating(), nil)
	copy(h.Dealt, d.Hands)
	copy(h.Held, d.Hands)
	h.Widow = d.Widow
	r.Start(h, nil)
	return h
}

func call(t *testing.T, h *game.Hand, toks ...string) {
	t.Helper()
	r := New()
	for _, tok := range toks {
		c, err := r.ParseCall(tok)
		require.NoError(t, err)
		require.NoError(t, r.Call(h, c, events.ID{}), tok)
	}
}

func play(t *testing.T, h *game.Hand, toks ...string) {
	t.Helper()
	for _, tok := range toks {
		require.NoError(t, h.Play(New(), cards.MustCard(tok), events.ID{}), tok)
	}
}

func refusedErr(t *testing.T, err error, text string) {
	t.Helper()
	var ill *game.IllegalError
	require.True(t, errors.As(err, &ill), "expected a refusal, got %v", err)
	assert.Contains(t, ill.Error(), text)
}

// The deal, as the text orders it: three rounds of three cards to each
// player from the dealer's left, one round of one card, the widow last.
func TestDealPattern(t *testing.T) {
	r := New()
	pack := r.Pack()
	require.Len(t, pack, 33)
	d := r.Deal(pack, seatA)
	want := [3][]int{} // pack positions each seat receives
	pos := 0
	for range 3 {
		for _, s := range []cards.Seat{seatB, seatC, seatA} {
			for range 3 {
				want[s] = append(want[s], pos)
				pos++
			}
		}
	}
	for _, s := range []cards.Seat{seatB, seatC, seatA} {
		want[s] = append(want[s], pos)
		pos++
	}
	for s := range 3 {
		var exp cards.Set
		for _, p := range want[s] {
			exp = exp.Add(pack[p])
		}
		assert.Equal(t, exp, d.Hands[s], "seat %d", s)
		assert.Equal(t, HandSize, d.Hands[s].Len())
	}
	assert.Equal(t, cards.NewSet(pack[30:]...), d.Widow)
	assert.True(t, d.Widow.Has(cards.Joker), "the Joker is the last card of the fixed pack order")
	require.NoError(t, r.CheckDeal(d))
}

func TestCheckDeal(t *testing.T) {
	r := New()
	hands := []cards.Set{set(t, handA), 0, 0}
	refusedErr(t, r.CheckDeal(game.DealResult{Hands: hands}), "record the widow")
	refusedErr(t, r.CheckDeal(game.DealResult{Hands: []cards.Set{set(t, "AKQJT.AK..AK"), 0, 0}, Widow: set(t, widow)}), "A's hand has 9 cards; it has 10")
	refusedErr(t, r.CheckDeal(game.DealResult{Hands: []cards.Set{set(t, "65.AKJ.J7.87+JK"), 0, 0}, Widow: set(t, widow)}), "not in the Five Hundred pack")
	refusedErr(t, r.CheckDeal(game.DealResult{Hands: make([]cards.Set, 3), Widow: set(t, "..87.")}), "the widow has 2 cards; it has 3")
	refusedErr(t, r.CheckDeal(game.DealResult{Hands: []cards.Set{set(t, handA), 0, 0}, Widow: set(t, "..J9.9")}), "DJ is dealt twice")
	assert.NoError(t, r.CheckDeal(game.DealResult{Hands: make([]cards.Set, 3)}), "nothing recorded")
}

// The Avondale schedule, as the text prints it.
func TestAvondaleSchedule(t *testing.T) {
	table := map[cards.Strain][5]int{
		cards.StrainSpades:   {40, 140, 240, 340, 440},
		cards.StrainClubs:    {60, 160, 260, 360, 460},
		cards.StrainDiamonds: {80, 180, 280, 380, 480},
		cards.StrainHearts:   {100, 200, 300, 400, 500},
		cards.NoTrump:        {120, 220, 320, 420, 520},
	}
	seen := map[int]bool{}
	for s, row := range table {
		for i, v := range row {
			assert.Equal(t, v, BidValue(cards.NewBid(6+i, s)), "%d %s", 6+i, s.Name())
			assert.False(t, seen[v], "no two bids are numerically equal")
			seen[v] = true
		}
	}
	assert.Zero(t, BidValue(cards.NewBid(5, cards.StrainHearts)))
	assert.Zero(t, BidValue(cards.NewBid(7, cards.RoyalSpades)))
}

// "If he wins all the ten tricks, he scores a minimum of 250; but if his
// bid be worth more than 250, he scores nothing extra."
func TestTheTwoHundredAndFiftyRule(t *testing.T) {
	cases := []struct {
		bid    string
		tricks int
		points int
		made   bool
	}{
		{"6S", 10, 250, true}, {"6S", 9, 40, true}, {"7S", 10, 250, true}, {"6NT", 10, 250, true},
		{"7H", 10, 250, true}, {"8D", 10, 280, true}, {"8H", 10, 300, true}, {"10NT", 10, 520, true},
		{"8H", 9, 300, true}, {"8H", 7, 300, false}, {"10S", 9, 440, false},
	}
	for _, c := range cases {
		bid, err := cards.ParseCall(c.bid)
		require.NoError(t, err)
		pts, made := BidScore(bid, c.tricks)
		assert.Equal(t, c.points, pts, "%s with %d", c.bid, c.tricks)
		assert.Equal(t, c.made, made, "%s with %d", c.bid, c.tricks)
	}
}

// The bidding: the eldest hand first; a player who has passed cannot bid
// again; it ends when the others have passed; the bidder takes the widow.
func TestBiddingAndTheWidow(t *testing.T) {
	h := dealt(t)
	assert.Equal(t, seatA, h.Turn, "the eldest hand bids first")
	call(t, h, "6H", "P")
	assert.Equal(t, seatC, h.Turn)
	call(t, h, "7S")
	assert.Equal(t, seatA, h.Turn, "B has passed and is skipped")
	r := New()
	refusedErr(t, r.Call(h, cards.NewBid(6, cards.NoTrump), events.ID{}), "does not overbid 7S (140)")
	refusedErr(t, r.Call(h, cards.DoubleCall, events.ID{}), "no doubling")
	refusedErr(t, r.Call(h, cards.NewBid(0, cards.StrainHearts), events.ID{}), "six to ten tricks")
	refusedErr(t, r.Call(h, cards.NewBid(5, cards.NoTrump), events.ID{}), "not fewer than six")
	call(t, h, "7H", "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Level: 7, Strain: cards.StrainHearts, Declarer: seatA}, *h.Contract)
	assert.Equal(t, game.PhaseExchange, h.Phase)
	assert.Equal(t, seatA, h.Turn)
	assert.Equal(t, 13, h.Held[seatA].Len(), "the bidder has taken the widow")

	refusedErr(t, h.Play(r, cards.MustCard("HA"), events.ID{}), "widow")
	refusedErr(t, r.Discard(h, seatB, []cards.Card{cards.MustCard("SA")}), "the bidder, A, lays away")
	refusedErr(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8")}), "three cards, not 2")
	refusedErr(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8"), cards.MustCard("SA")}), "does not hold SA")
	refusedErr(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("C9"), cards.MustCard("D8")}), "named twice")
	require.NoError(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8"), cards.MustCard("C7")}))
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, seatA, h.Turn, "the bidder has the first lead")
	assert.Equal(t, 10, h.Held[seatA].Len())
	assert.True(t, h.Held[seatA].Has(cards.MustCard("D9")), "a widow card kept")
	refusedErr(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("D9"), cards.MustCard("C8"), cards.MustCard("S7")}), "made once")
}

// Nobody bids: the hand is played at no trumps, the widow untouched, the
// eldest hand leading; each player scores 10 a trick.
func TestNobodyBids(t *testing.T) {
	h := dealt(t)
	call(t, h, "P", "P", "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, cards.NoSeat, h.Contract.Declarer)
	assert.Equal(t, cards.NoTrump, h.Contract.Strain)
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, seatA, h.Turn)
	assert.Equal(t, 10, h.Held[seatA].Len(), "the widow is not taken")
	refusedErr(t, New().CheckPlay(h, seatA, cards.MustCard("D9")), "nobody takes")
	h.Phase, h.Won = game.PhaseDone, []int{3, 5, 2}
	won, lost, _, notes := HandScore(h)
	assert.Equal(t, []int{30, 50, 20}, won)
	assert.Equal(t, []int{0, 0, 0}, lost)
	assert.Empty(t, notes)
}

// With hearts trumps: the Joker is the master trump, the knave of hearts
// (Right Bower) next, the knave of diamonds (Left Bower) next, and the Left
// Bower is a heart: it must be followed by hearts, and a player holding
// hearts may not play a diamond to it.
func TestJokerAndBowers(t *testing.T) {
	h := dealt(t)
	r := New()
	call(t, h, "6H", "P", "P")
	require.NoError(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8"), cards.MustCard("D9")}))
	play(t, h, "JK", "H9", "H7")
	assert.Equal(t, seatA, h.Tricks[0].Winner)
	play(t, h, "DJ")
	refusedErr(t, h.Play(r, cards.MustCard("DA"), events.ID{}), "must follow suit to the hearts led")
	play(t, h, "HT", "H8")
	assert.Equal(t, seatA, h.Tricks[1].Winner, "the Left Bower beats the ten")
	play(t, h, "D7", "DA", "DQ")
	assert.Equal(t, seatB, h.Tricks[2].Winner)

	trick := func(cs ...string) *game.Trick {
		tr := &game.Trick{Leader: seatA, Winner: cards.NoSeat}
		for i, c := range cs {
			tr.Cards = append(tr.Cards, game.PlayedCard{Seat: seatA.Plus(i, 3), Card: cards.MustCard(c)})
		}
		return tr
	}
	assert.Equal(t, seatC, r.TrickWinner(h, trick("HA", "DJ", "HJ")), "the Right Bower")
	assert.Equal(t, seatB, r.TrickWinner(h, trick("HA", "DJ", "HK")), "the Left Bower")
	assert.Equal(t, seatB, r.TrickWinner(h, trick("DA", "H7", "DK")), "any trump beats a plain suit")
	assert.Equal(t, seatA, r.TrickWinner(h, trick("DK", "S7", "DQ")), "the highest of the suit led")
	assert.Equal(t, seatC, r.TrickWinner(h, trick("HJ", "DJ", "JK")), "the Joker is the master trump")

	assert.Equal(t, cards.Hearts, SuitOf(cards.MustCard("DJ"), cards.Hearts, true))
	assert.Equal(t, cards.Diamonds, SuitOf(cards.MustCard("DJ"), cards.Spades, true))
	assert.Equal(t, cards.Clubs, SuitOf(cards.MustCard("SJ"), cards.Clubs, true))
	assert.Equal(t, cards.NoSuit, SuitOf(cards.Joker, cards.NoSuit, false))
}

// At no trumps the leader of the Joker names the suit it represents; the
// others must follow that suit; it wins.
func TestJokerLedAtNoTrumps(t *testing.T) {
	h := dealt(t)
	r := New()
	call(t, h, "6NT", "P", "P")
	require.NoError(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8"), cards.MustCard("D9")}))
	refusedErr(t, h.Play(r, cards.Joker, events.ID{}), "first call H, S, D or C")
	call(t, h, "S")
	assert.True(t, h.Tricks[0].Named)
	assert.Equal(t, cards.Spades, h.Tricks[0].LedAs)
	refusedErr(t, h.Play(r, cards.MustCard("S7"), events.ID{}), "must lead it")
	refusedErr(t, r.Call(h, cards.NewBid(0, cards.StrainHearts), events.ID{}), "already named")
	play(t, h, "JK")
	refusedErr(t, h.Play(r, cards.MustCard("HQ"), events.ID{}), "must follow suit to the spades led")
	play(t, h, "SQ", "S9")
	assert.Equal(t, seatA, h.Tricks[0].Winner)
	refusedErr(t, r.Call(h, cards.NewBid(0, cards.StrainHearts), events.ID{}), "does not hold the Joker")
	refusedErr(t, r.Call(h, cards.NewBid(7, cards.StrainHearts), events.ID{}), "bidding is over")
}

// "If he plays it (not being the leader) to the lead of a suit in which he
// has previously renounced, it has no winning value"; and he "cannot
// nominate it to be of a suit in which he has previously renounced".
func TestJokerAfterARenounce(t *testing.T) {
	r := New()
	h := game.NewHand(1, seatC, r.Seating(), nil)
	h.Contract = &game.Contract{Level: 6, Strain: cards.NoTrump, Declarer: seatB}
	h.Phase = game.PhasePlay
	pc := func(s cards.Seat, c string) game.PlayedCard { return game.PlayedCard{Seat: s, Card: cards.MustCard(c)} }
	h.Tricks = []game.Trick{
		{Leader: seatB, Cards: []game.PlayedCard{pc(seatB, "CA"), pc(seatC, "CQ"), pc(seatA, "HA")}, Winner: seatB},
		{Leader: seatB, Cards: []game.PlayedCard{pc(seatB, "CK"), pc(seatC, "CJ"), pc(seatA, "JK")}, Winner: cards.NoSeat},
	}
	assert.True(t, Renounced(h, seatA, cards.Clubs, 1))
	assert.Equal(t, seatB, r.TrickWinner(h, &h.Tricks[1]), "the Joker has no winning value")
	h.Tricks[0].Cards[2] = pc(seatA, "C7")
	assert.Equal(t, seatA, r.TrickWinner(h, &h.Tricks[1]), "not renounced: the Joker wins")

	h.Tricks[0].Cards[2] = pc(seatA, "HA")
	h.Tricks[1] = game.Trick{Leader: seatA, Winner: cards.NoSeat}
	h.Turn = seatA
	refusedErr(t, r.Call(h, cards.NewBid(0, cards.StrainClubs), events.ID{}), "renounced clubs")
	require.NoError(t, r.Call(h, cards.NewBid(0, cards.StrainDiamonds), events.ID{}))
}

func TestNamingNeedsNoTrumps(t *testing.T) {
	h := dealt(t)
	r := New()
	call(t, h, "6H", "P", "P")
	require.NoError(t, r.Discard(h, seatA, []cards.Card{cards.MustCard("C9"), cards.MustCard("D8"), cards.MustCard("D9")}))
	refusedErr(t, r.Call(h, cards.NewBid(0, cards.StrainSpades), events.ID{}), "master trump")
}

func TestHandScoreAndTally(t *testing.T) {
	r := New()
	finished := func(n int, bid string, by cards.Seat, won ...int) *game.Hand {
		h := game.NewHand(n, seatC, r.Seating(), nil)
		c, err := cards.ParseCall(bid)
		require.NoError(t, err)
		h.Contract = &game.Contract{Level: int(c.Level), Strain: c.Strain, Declarer: by}
		h.Phase, h.Won = game.PhaseDone, won
		return h
	}
	hands := []*game.Hand{
		finished(1, "8H", seatA, 9, 1, 0), // A 300; B 10
		finished(2, "8H", seatA, 7, 2, 1), // A set back 300; B 20, C 10
		finished(3, "6S", seatB, 0, 10, 0),
	}
	sheet := r.Score(game.ScoreInput{Hands: hands, Seating: r.Seating()})
	require.Len(t, sheet.Tally, 3)
	assert.Equal(t, game.Tally{Hand: 1, Won: []int{300, 10, 0}, Lost: []int{0, 0, 0}, Net: []int{300, 10, 0}, Entries: sheet.Tally[0].Entries}, sheet.Tally[0])
	assert.Equal(t, []int{0, 20, 10}, sheet.Tally[1].Won)
	assert.Equal(t, []int{300, 0, 0}, sheet.Tally[1].Lost)
	assert.Equal(t, []int{0, 30, 10}, sheet.Tally[1].Net)
	assert.Equal(t, []int{0, 280, 10}, sheet.Tally[2].Net, "all ten on six spades: 250")
	assert.Equal(t, "6 spades bid, all ten tricks: the minimum of 250", sheet.Tally[2].Entries[1].Label)
	assert.Equal(t, "8 hearts bid, 7 tricks: 300 set back", sheet.Tally[1].Entries[0].Label)
	assert.Equal(t, -300, sheet.Tally[1].Entries[0].Points)
	assert.Nil(t, sheet.Winner)
	require.Len(t, sheet.Rubbers, 1)
	assert.False(t, sheet.Rubbers[0].Complete)
	assert.Equal(t, game.SideTotal{Above: 300, Below: 300, Total: 0}, *sheet.Rubbers[0].Sides[0])
}

// The winner at 500 and the tie rules.
func TestWinnerAtFiveHundred(t *testing.T) {
	r := New()
	h := game.NewHand(7, seatC, r.Seating(), nil)
	h.Contract = &game.Contract{Level: 6, Strain: cards.StrainSpades, Declarer: seatA}
	w, ok, _ := Winner(h, []int{480, 300, 100}, []int{520, 310, 100})
	assert.True(t, ok)
	assert.Equal(t, seatA, w, "the only one over 500")
	w, ok, _ = Winner(h, []int{470, 490, 100}, []int{510, 510, 100})
	assert.True(t, ok)
	assert.Equal(t, seatA, w, "of two, the bidder")
	_, ok, _ = Winner(h, []int{100, 300, 100}, []int{140, 310, 100})
	assert.False(t, ok)

	// Neither is the bidder (A failed): the first to make the trick that
	// brings him to 500. B was at 490 and wins the fourth trick; C was at
	// 480 and wins the second and third.
	h.Tricks = []game.Trick{{Winner: seatA}, {Winner: seatC}, {Winner: seatC}, {Winner: seatB}, {Winner: seatA}}
	w, ok, _ = Winner(h, []int{200, 490, 480}, []int{60, 500, 500})
	assert.True(t, ok)
	assert.Equal(t, seatC, w)
	h.Tricks = nil
	_, ok, note := Winner(h, []int{200, 490, 480}, []int{60, 500, 500})
	assert.False(t, ok)
	assert.Contains(t, note, "claimed")

	// "he who first makes the trick that brings his score over 500": B
	// reaches exactly 500 with trick 2, but C's trick 3 is the first to
	// bring a score over 500 (505); B goes over only with trick 4.
	h.Tricks = []game.Trick{{Winner: seatA}, {Winner: seatB}, {Winner: seatC}, {Winner: seatB}}
	w, ok, how := Winner(h, []int{200, 490, 495}, []int{60, 510, 505})
	assert.True(t, ok)
	assert.Equal(t, seatC, w, "over 500, not to 500")
	assert.Contains(t, how, "trick 3 first brought C's score over it")

	finished := func(n int, won ...int) *game.Hand {
		h := game.NewHand(n, seatC, r.Seating(), nil)
		h.Contract = &game.Contract{Level: 10, Strain: cards.NoTrump, Declarer: seatB}
		h.Phase, h.Won = game.PhaseDone, won
		return h
	}
	sheet := r.Score(game.ScoreInput{Hands: []*game.Hand{finished(1, 0, 10, 0), finished(2, 1, 9, 0)}, Seating: r.Seating()})
	require.NotNil(t, sheet.Winner)
	assert.Equal(t, cards.Side(1), *sheet.Winner)
	require.Len(t, sheet.Rubbers, 2, "a new game begins after the winner")
	assert.True(t, sheet.Rubbers[0].Complete)
	assert.Equal(t, 520, sheet.Rubbers[0].Points)
	assert.Equal(t, "B won on hand 1: the first to score 500 (Five Hundred: the winner)", sheet.Rubbers[0].Note)
	assert.Equal(t, []int{10, -520, 0}, sheet.Tally[1].Net)
}

func TestRevokeRules(t *testing.T) {
	bid := cards.NewBid(8, cards.StrainHearts)
	// The American rule: an adversary revokes; the bidder scores his bid,
	// the side in error nothing.
	won, lost, _, err := RevokePenalty(RevokeCase{Rule: RevokeAmerican, Bid: bid, Bidder: seatA, Offender: seatB, Tricks: []int{3, 2, 1}})
	require.NoError(t, err)
	assert.Equal(t, []int{300, 0, 0}, won)
	assert.Equal(t, []int{0, 0, 0}, lost)
	// Hoffmann: the bidder revokes; set back his bid, the others score
	// their tricks.
	won, lost, _, err = RevokePenalty(RevokeCase{Rule: RevokeHoffmann, Bid: bid, Bidder: seatA, Offender: seatA, Tricks: []int{5, 3, 2}})
	require.NoError(t, err)
	assert.Equal(t, []int{0, 30, 20}, won)
	assert.Equal(t, []int{300, 0, 0}, lost)
	// Hoffmann: an adversary revokes; the hand played anew, the offender
	// scores nothing and is set back 100.
	won, lost, _, err = RevokePenalty(RevokeCase{Rule: RevokeHoffmann, Bid: bid, Bidder: seatA, Offender: seatC, Tricks: []int{8, 1, 1}})
	require.NoError(t, err)
	assert.Equal(t, []int{300, 10, 0}, won)
	assert.Equal(t, []int{0, 0, 100}, lost)
	_, _, _, err = RevokePenalty(RevokeCase{Rule: "english", Bid: bid, Bidder: seatA, Offender: seatC, Tricks: []int{8, 1, 1}})
	assert.ErrorIs(t, err, ErrBadRevokeRule)
}

func TestLegalCallsAndCallSpace(t *testing.T) {
	r := New()
	h := dealt(t)
	legal := h.LegalCalls(r)
	assert.Len(t, legal, 26, "pass and the twenty-five bids")
	call(t, h, "10H")
	legal = h.LegalCalls(r)
	assert.Equal(t, []cards.Call{cards.PassCall, cards.NewBid(10, cards.NoTrump)}, legal)
}
