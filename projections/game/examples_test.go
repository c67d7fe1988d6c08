package game_test

// Worked examples of the laws, played through the exported API of package
// game with the rulesets that use it: the auction of the bridge family
// (Foster's bidding example, 1914), deal patterns, following suit, trick
// winners and claims. The rulesets come from projections/rules (a lower or
// equal layer); package game itself imports none of them.

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/auction1913"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/rules/fivehundred"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

var (
	pass     = cards.Call{Kind: cards.Pass}
	double   = cards.Call{Kind: cards.Double}
	redouble = cards.Call{Kind: cards.Redouble}
)

// demoDeal is the deal of the README's demo (and of cmd/hoyle's tests):
// North 84.985.J73.AKQ82, East 53.AKQ2.AKQ4.J43, South T76.JT76.T965.T5,
// West AKQJ92.43.82.976.
const demoDeal = "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"

func card(t *testing.T, tok string) cards.Card {
	t.Helper()
	c, err := cards.ParseCard(tok)
	require.NoError(t, err, tok)
	return c
}

// play plays each card for the seat whose turn it is; each must be legal.
func play(t *testing.T, rs game.Ruleset, h *game.Hand, toks ...string) {
	t.Helper()
	for _, tok := range toks {
		require.NoError(t, h.Play(rs, card(t, tok), events.ID{}), tok)
	}
}

// TestFosterBiddingExample is the bidding of Foster's "AUCTION BRIDGE"
// (seeds/003): Z (South, the dealer) one spade, A pass, Y one club, B no
// trump, Z two clubs, A two royals, Y and B pass, Z three clubs, A
// doubles, Y passes, B two no trumps, and Z, A and Y pass: "two no trumps
// becomes the winning declaration and B is the declarer, A being the
// dummy, with Z to lead for the first trick". The double of three clubs
// is annulled by the over-call.
func TestFosterBiddingExample(t *testing.T) {
	rs := auction1913.New()
	h := bridgetest.Dealt(t, rs, cards.South, "")
	assert.Equal(t, game.PhaseAuction, h.Phase)
	assert.Equal(t, cards.South, h.Turn, "the dealer declares first (Law 42)")
	bridgetest.Calls(t, rs, h, "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "2NT")
	assert.Equal(t, game.PhaseAuction, h.Phase, "a bid reopens the auction")
	st := rs.State(h)
	assert.Equal(t, cards.East, st.LastBidder)
	assert.Equal(t, 0, st.Doubled, "the over-call annuls the double")
	bridgetest.Calls(t, rs, h, "P", "P", "P")

	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Level: 2, Strain: cards.NoTrump, Doubled: 0, Declarer: cards.East}, *h.Contract)
	assert.Equal(t, cards.West, h.Dummy, "A is the dummy")
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, cards.South, h.Turn, "Z leads to the first trick")
	assert.True(t, h.Declaring(cards.West))
	assert.False(t, h.Declaring(cards.South))
	assert.Equal(t, cards.EW, h.DeclaringSide())
	last, ok := h.LastCall()
	require.True(t, ok)
	assert.Equal(t, pass, last.Call)
	assert.Len(t, h.Calls, 15)
}

// TestFosterThreeClubsLeftIn: "had the bid been left at three clubs,
// doubled or not, ... the partner who first named that suit, Y, would be
// the declarer, Z being the dummy, although Z actually made the highest
// bid" (Law 46). East, on Y's left, leads.
func TestFosterThreeClubsLeftIn(t *testing.T) {
	rs := auction1913.New()
	h := bridgetest.Dealt(t, rs, cards.South, "")
	bridgetest.Calls(t, rs, h, "1S", "P", "1C", "1NT", "2C", "2R", "P", "P", "3C", "X", "P", "P", "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Level: 3, Strain: cards.StrainClubs, Doubled: 1, Declarer: cards.North}, *h.Contract)
	assert.Equal(t, cards.South, h.Dummy)
	assert.Equal(t, cards.East, h.Turn)
	assert.Equal(t, cards.North, game.FirstToName(h, cards.South, cards.StrainClubs), "of the side that bid last, the first to name clubs")
	tr, ok := h.Trump()
	assert.True(t, ok)
	assert.Equal(t, cards.Clubs, tr)
}

// TestFosterInsufficientBid: "Suppose the last bid is three royals, and
// the next player says four clubs. This is not enough, as three royals is
// worth 27 and four clubs only 24"; five clubs (30) is enough. A player
// may not double his partner (Foster, DOUBLING). The dealer may not pass
// (1913 Law 42: his "one spade" says it).
func TestFosterInsufficientBid(t *testing.T) {
	rs := auction1913.New()
	h := bridgetest.Dealt(t, rs, cards.South, "")
	bridgetest.Refused(t, rs, h, "P", rs.DealerLaw)
	bridgetest.Calls(t, rs, h, "1S", "3R")
	ill := bridgetest.Refused(t, rs, h, "4C", rs.HigherLaw)
	assert.Contains(t, ill.Error(), "4C")
	bridgetest.Refused(t, rs, h, "XX", rs.DoubleLaw)
	bridgetest.Calls(t, rs, h, "5C", "P")
	bridgetest.Refused(t, rs, h, "X", rs.DoubleLaw)
	bridgetest.Calls(t, rs, h, "P", "X", "XX")
	st := rs.State(h)
	assert.Equal(t, 2, st.Doubled)
	assert.Equal(t, cards.North, st.Doubler, "North redoubled West's double of his bid")
	assert.Equal(t, cards.North, st.LastBidder)

	v := game.ValueOvercall(auction1913.TrickValue)
	bid := func(tok string) cards.Call {
		c, err := cards.ParseCall(tok)
		require.NoError(t, err)
		return c
	}
	assert.False(t, v(bid("4C"), bid("3R")), "24 does not overcall 27")
	assert.True(t, v(bid("5C"), bid("3R")), "30 overcalls 27")
	assert.True(t, v(bid("3C"), bid("2R")), "three clubs, 18, overcalls two royals, 18: it undertakes more tricks")
	assert.False(t, v(bid("2R"), bid("3C")))
	assert.True(t, v(bid("2NT"), bid("3C")), "two no trumps, worth 20, over-calls three clubs")
}

// TestAuctionEnds: contract bridge's auction (Laws 17-22) ends after four
// passes (passed out) or three passes after a bid; the calls open at each
// turn follow from the doubling laws.
func TestAuctionEnds(t *testing.T) {
	rs := contract.New()

	out := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	assert.Len(t, out.LegalCalls(rs), 36, "the dealer may pass or make any of 35 bids, but not double")
	bridgetest.Calls(t, rs, out, "P", "P", "P", "P")
	assert.Nil(t, out.Contract, "passed out")
	assert.Equal(t, game.PhaseDone, out.Phase)
	assert.True(t, rs.State(out).PassedOut)
	assert.Empty(t, out.LegalCalls(rs), "no call after the auction")
	err := rs.Call(out, pass, events.ID{})
	assert.True(t, errors.Is(err, game.ErrIllegal), "a call after the end is refused: %v", err)

	h := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	bridgetest.Calls(t, rs, h, "P", "1NT")
	legal := h.LegalCalls(rs)
	assert.Contains(t, legal, double, "South may double East's bid")
	assert.NotContains(t, legal, redouble)
	for _, c := range legal[3:] {
		assert.True(t, contract.Higher(c, legal[2]) || c == legal[2])
	}
	bridgetest.Calls(t, rs, h, "P")
	assert.Contains(t, h.LegalCalls(rs), pass)
	assert.NotContains(t, h.LegalCalls(rs), double, "West may not double his partner's bid")
	bridgetest.Calls(t, rs, h, "P", "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Level: 1, Strain: cards.NoTrump, Declarer: cards.East}, *h.Contract)
	assert.Equal(t, cards.West, h.Dummy)
	assert.Equal(t, cards.South, h.Turn, "the player on declarer's left leads")
	assert.True(t, h.IsDummy(cards.West))
	assert.Equal(t, []cards.Seat{cards.West}, h.Dummies())

	space := rs.CallSpace()
	assert.Len(t, space, 38, "pass, double, redouble and 35 bids")
	assert.Equal(t, []cards.Call{pass, double, redouble}, space[:3])
}

// TestGiveContract: a traveller's contract given without the auction sets
// the hand to play it, as the auction would have.
func TestGiveContract(t *testing.T) {
	rs := contract.New()
	h := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	four, err := cards.ParseCall("4S")
	require.NoError(t, err)
	require.NoError(t, rs.GiveContract(h, four, 1, cards.West))
	assert.Equal(t, game.Contract{Level: 4, Strain: cards.StrainSpades, Doubled: 1, Declarer: cards.West}, *h.Contract)
	assert.Equal(t, cards.East, h.Dummy)
	assert.Equal(t, cards.North, h.Turn)
	assert.Equal(t, game.PhasePlay, h.Phase)

	h2 := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	assert.Error(t, rs.GiveContract(h2, four, 3, cards.West), "doubled three times")
	require.NoError(t, rs.GiveContract(h2, pass, 0, cards.NoSeat))
	assert.Nil(t, h2.Contract)
	assert.Equal(t, game.PhaseDone, h2.Phase, "a pass given is a hand passed out")
}

// TestDealOneAtATime: the four-handed games deal the pack one card at a
// time from the dealer's left (Foster, "THE DEAL"): with North dealing, East
// has the first card, South the second, West the third, North the fourth.
func TestDealOneAtATime(t *testing.T) {
	rs := contract.New()
	pack := rs.Pack()
	require.Len(t, pack, 52)
	d := rs.Deal(pack, cards.North)
	require.Len(t, d.Hands, 4)
	for seat, hand := range d.Hands {
		assert.Equal(t, 13, hand.Len(), "seat %d", seat)
	}
	assert.True(t, d.Hands[cards.East].Has(pack[0]))
	assert.True(t, d.Hands[cards.South].Has(pack[1]))
	assert.True(t, d.Hands[cards.West].Has(pack[2]))
	assert.True(t, d.Hands[cards.North].Has(pack[3]))
	assert.True(t, d.Hands[cards.North].Has(pack[51]), "the dealer has the last card")
	assert.NoError(t, rs.CheckDeal(d))
	assert.Equal(t, d, game.DealRoundRobin(pack, cards.North, 4))
	assert.Equal(t, d, game.DealWith(rs, pack, cards.North, nil))
	assert.NoError(t, game.CheckDealWith(rs, d, nil))

	bad := game.DealResult{Hands: append([]cards.Set(nil), d.Hands...)}
	bad.Hands[cards.North] = bad.Hands[cards.North].Remove(pack[3]).Add(pack[0])
	assert.Error(t, rs.CheckDeal(bad), "one card in two hands")
	short := game.DealResult{Hands: append([]cards.Set(nil), d.Hands...)}
	short.Hands[cards.North] = short.Hands[cards.North].Remove(pack[3])
	assert.Error(t, game.CheckHands(short, pack, 13), "twelve cards")
	partial := game.DealResult{Hands: []cards.Set{d.Hands[0], 0, 0, 0}}
	assert.NoError(t, game.CheckHands(partial, pack, 13), "unknown hands are allowed")

	assert.Error(t, rs.CheckCut(3, 52), "fewer than four cards cut")
	assert.NoError(t, rs.CheckCut(4, 52))
	assert.Error(t, rs.CheckCut(49, 52), "fewer than four left")
	assert.Equal(t, cards.East, rs.NextDealer(game.NewHand(1, cards.North, rs.Seating(), nil)), "the deal passes to the left")
}

// TestFiveHundredDealPattern: "the dealer distributes three rounds of three
// cards each to the three players, followed by one round of one card each.
// The remaining three cards are laid face downwards on the table, and
// constitute the widow" (seeds/000, FIVE HUNDRED): 33 cards, ten to each
// player, three in the widow.
func TestFiveHundredDealPattern(t *testing.T) {
	rs := fivehundred.New()
	pack := rs.Pack()
	require.Len(t, pack, 33, "the piquet pack and the Joker")
	dealer := cards.Seat(0)
	d := rs.Deal(pack, dealer)
	require.Len(t, d.Hands, 3)
	left := dealer.Next(3)
	for i, c := range []int{0, 1, 2, 9, 10, 11, 18, 19, 20, 27} {
		assert.True(t, d.Hands[left].Has(pack[c]), "card %d (%d of ten) goes to the eldest hand", c, i)
	}
	for seat := range d.Hands {
		assert.Equal(t, 10, d.Hands[seat].Len())
	}
	assert.Equal(t, cards.NewSet(pack[30:]...), d.Widow)
	assert.NoError(t, rs.CheckDeal(d))
	assert.Equal(t, 10, rs.Tricks())
	assert.Equal(t, 3, rs.Seating().Seats)
}

// TestFollowSuitAndTrickWinners: "the highest card played to the trick,
// if of the suit led, wins the trick, and trumps win all other suits"
// (Foster, OBJECT OF THE GAME); a player who holds the suit led must play
// it (a renounce otherwise, refused before it is played).
func TestFollowSuitAndTrickWinners(t *testing.T) {
	rs := contract.New()
	h := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	bridgetest.Calls(t, rs, h, "P", "1NT", "P", "P", "P")
	assert.Nil(t, h.CurrentTrick().Cards)

	play(t, rs, h, "HJ")
	assert.ElementsMatch(t, []cards.Card{card(t, "H4"), card(t, "H3")}, h.LegalCards(rs), "dummy holds two hearts")
	err := h.Play(rs, card(t, "SA"), events.ID{})
	assert.True(t, errors.Is(err, game.ErrRenounce), "a spade while holding hearts: %v", err)
	assert.True(t, errors.Is(err, game.ErrIllegal))
	var ill *game.IllegalError
	require.True(t, errors.As(err, &ill))
	assert.Equal(t, "SA", ill.Token)
	err = h.Play(rs, card(t, "HA"), events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal, "West does not hold the ace of hearts")
	assert.Contains(t, err.Error(), "does not hold")
	err = h.Play(rs, card(t, "HJ"), events.ID{})
	assert.Contains(t, err.Error(), "already been played")
	assert.NoError(t, h.CheckCard(rs, card(t, "H3")))

	play(t, rs, h, "H3", "H5", "HA")
	require.Len(t, h.Tricks, 2, "a trick complete and the next begun")
	assert.Equal(t, cards.East, h.Tricks[0].Winner, "the ace of the suit led")
	assert.Equal(t, cards.East, h.Turn, "the winner leads")
	assert.Equal(t, []int{0, 1}, h.Won)
	assert.Equal(t, 1, h.CompletedTricks())
	assert.Equal(t, 1, h.DeclarerWon())
	assert.Equal(t, cards.NewSet(card(t, "HJ")), h.PlayedBy(cards.South))

	// East leads a club; West shows out of nothing: he holds 976.
	play(t, rs, h, "C3", "C5", "C6")
	ace := events.ID{15: 1}
	require.NoError(t, h.Play(rs, card(t, "CA"), ace))
	assert.Equal(t, cards.North, h.Tricks[1].Winner)
	assert.Equal(t, 2, h.TrickOf(ace))

	// No trump: a club led, a higher diamond does not win it.
	tr := &game.Trick{Leader: cards.North, Cards: []game.PlayedCard{
		{Seat: cards.North, Card: card(t, "C2")},
		{Seat: cards.East, Card: card(t, "DA")},
		{Seat: cards.South, Card: card(t, "C5")},
		{Seat: cards.West, Card: card(t, "S2")},
	}}
	assert.Equal(t, cards.South, game.HighestWins(tr, 0, false), "the highest of the suit led")
	assert.Equal(t, cards.West, game.HighestWins(tr, cards.Spades, true), "the only trump")
	assert.Equal(t, cards.East, game.HighestWins(tr, cards.Diamonds, true), "the ace of trumps")
	assert.Equal(t, card(t, "C2"), tr.Led())
}

// TestClaim: a claim ends the play; of the tricks not yet completed the
// claimer's side takes so many and the other side the rest.
func TestClaim(t *testing.T) {
	rs := contract.New()
	h := bridgetest.Dealt(t, rs, cards.North, demoDeal)
	bridgetest.Calls(t, rs, h, "P", "1NT", "P", "P", "P")
	play(t, rs, h, "HJ", "H3", "H5", "HA", "DA")

	err := h.ClaimRest(rs, cards.East, 13, nil, events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal, "twelve tricks are left")
	require.NoError(t, h.ClaimRest(rs, cards.East, 9, nil, events.ID{}))
	assert.Equal(t, game.PhaseDone, h.Phase)
	require.NotNil(t, h.Claim)
	assert.Equal(t, 9, h.Claim.Tricks)
	assert.Equal(t, []int{3, 10}, h.Won, "East-West won one trick and claim nine of twelve")
	assert.Equal(t, 10, h.DeclarerWon())
	assert.Equal(t, 10, contract.DeclarerTricks(h))

	err = h.Play(rs, card(t, "D2"), events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal, "no card after the claim")
	err = h.ClaimRest(rs, cards.East, 1, nil, events.ID{})
	assert.ErrorIs(t, err, game.ErrIllegal, "no claim after the claim")
}

// TestWhistTurnUp: in whist the dealer's last card is turned up for trump
// (seeds/003, THE WHIST FAMILY: "the last was turned up for the trump"),
// and there is no auction: the eldest hand leads.
func TestWhistTurnUp(t *testing.T) {
	rs := whist.New()
	pack := rs.Pack()
	d := rs.Deal(pack, cards.South)
	assert.Equal(t, pack[51], d.TurnUp, "the last card, the dealer's")
	assert.True(t, d.Hands[cards.South].Has(d.TurnUp))
	h := game.NewHand(1, cards.South, rs.Seating(), nil)
	copy(h.Dealt, d.Hands)
	copy(h.Held, d.Hands)
	h.TurnUp = d.TurnUp
	rs.Start(h, nil)
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Equal(t, cards.West, h.Turn, "the eldest hand leads")
	tr, ok := h.Trump()
	require.True(t, ok)
	assert.Equal(t, d.TurnUp.Suit(), tr)
	assert.True(t, h.DealKnown())
	assert.True(t, h.KnownAtDeal())
	assert.Len(t, h.LegalCards(rs), 13, "the leader may lead any card")
}
