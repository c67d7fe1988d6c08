package game_test

// Foster's score pad (seeds/003, KEEPING SCORE), played card by card
// through the engine: four deals by the American laws of 1913, scored by
// the rubber laws and the honours table the engine keeps for the codes.

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/auction1913"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// fosterScript is the score pad as a hoyle script; library tests read the
// fixture scripts by path (package fixtures is for cmd alone).
const fosterScript = "../../fixtures/scripts/foster-score-pad.hoyle"

// playScript plays the script's deals, calls and cards through the engine,
// each hand dealt by the one after the last dealer, and returns the hands.
func playScript(t *testing.T, rs game.Ruleset, path string, dealer cards.Seat) []*game.Hand {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var hands []*game.Hand
	var h *game.Hand
	for _, line := range strings.Split(string(b), "\n") {
		words := strings.Fields(line)
		if len(words) == 0 || strings.HasPrefix(words[0], "#") {
			continue
		}
		switch words[0] {
		case "deal":
			_, pbn, _ := strings.Cut(line, `"`)
			pbn, _, _ = strings.Cut(pbn, `"`)
			d, err := cards.ParseDeal(pbn)
			require.NoError(t, err)
			if h != nil {
				dealer = rs.NextDealer(h)
			}
			h = game.NewHand(len(hands)+1, dealer, rs.Seating(), nil)
			copy(h.Dealt, d[:])
			copy(h.Held, d[:])
			require.NoError(t, rs.CheckDeal(game.DealResult{Hands: h.Dealt}))
			rs.Start(h, nil)
			hands = append(hands, h)
		case "call":
			for _, tok := range words[1:] {
				c, err := rs.ParseCall(tok)
				require.NoError(t, err)
				require.NoError(t, rs.Call(h, c, events.ID{}), "hand %d: %s", h.Number, tok)
			}
		case "play":
			play(t, rs, h, words[1:]...)
		}
	}
	return hands
}

// "WE started with a contract to win one heart and made it, with simple
// honours, scoring 8 toward game and 16 above for honours. Then THEY set a
// contract for two tricks, getting 100 in penalties, against simple honours
// in royals, scored as 18 above for WE and 100 for THEY. Then THEY made four
// odd at no trump and 30 aces, winning the first game ... On the next deal
// THEY made four odd in royals, with four honours, 36 each way, winning the
// second game and also the rubber, for which they add 250 points ... THEY
// win 450 points on the balance."
func TestFosterScorePadPlayedOut(t *testing.T) {
	rs := auction1913.New()
	hands := playScript(t, rs, fosterScript, cards.South)
	require.Len(t, hands, 4)
	for _, h := range hands {
		assert.Equal(t, game.PhaseDone, h.Phase, "hand %d played out", h.Number)
		assert.Equal(t, 13, h.CompletedTricks())
		assert.True(t, h.DealKnown())
	}
	assert.Equal(t, []cards.Seat{cards.South, cards.West, cards.North, cards.East}, []cards.Seat{hands[0].Dealer, hands[1].Dealer, hands[2].Dealer, hands[3].Dealer}, "the deal passes to the left")
	assert.Equal(t, 7, hands[0].DeclarerWon(), "one heart made: the odd trick")
	assert.Equal(t, 6, hands[1].DeclarerWon(), "two royals set by two tricks")
	assert.Equal(t, 10, hands[2].DeclarerWon(), "four odd at no trump")
	assert.Equal(t, 10, hands[3].DeclarerWon(), "four odd in royals")

	// The honours of each deal, counted from the cards.
	for _, c := range []struct {
		hand    int
		side    cards.Side
		holding string
		points  int
	}{
		{0, cards.NS, game.Holding3, 16}, // simple honours in hearts
		{1, cards.NS, game.Holding3, 18}, // simple honours in royals: WE hold them though WE were set
		{2, cards.EW, game.Holding3, 30}, // three aces
		{3, cards.EW, game.Holding4, 36}, // four honours in royals
	} {
		h := hands[c.hand]
		side, holding, ok := auction1913.DealHonours(h.Contract.Strain, h.Dealt, h.Seating)
		require.True(t, ok, "hand %d", h.Number)
		assert.Equal(t, c.side, side, "hand %d", h.Number)
		assert.Equal(t, c.holding, holding, "hand %d", h.Number)
		v, ok := auction1913.HonoursValue(h.Contract.Strain, holding)
		assert.True(t, ok)
		assert.Equal(t, c.points, v, "hand %d", h.Number)
	}

	sheet := rs.Score(game.ScoreInput{Hands: hands, Seating: rs.Seating()})
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.True(t, r.Complete)
	require.NotNil(t, r.Winner)
	assert.Equal(t, cards.EW, *r.Winner, "THEY")
	assert.Equal(t, 450, r.Points, "THEY win 450 points on the balance")
	assert.Equal(t, game.SideTotal{Above: 34, Below: 8, Total: 42}, *r.Sides[cards.NS], "WE 42")
	assert.Equal(t, game.SideTotal{Above: 416, Below: 76, Total: 492}, *r.Sides[cards.EW], "THEY 492")
	assert.Equal(t, []cards.Side{cards.EW, cards.EW}, r.Games)
	assert.Equal(t, []int{1, 2, 3, 4}, r.Hands)

	// Unfinished after the first game (1913 Law 11): 125 to its winners.
	part := rs.Score(game.ScoreInput{Hands: hands[:3], Seating: rs.Seating(), Closed: true})
	require.Len(t, part.Rubbers, 1)
	p := part.Rubbers[0]
	assert.False(t, p.Complete)
	var unfinished []game.Entry
	for _, e := range p.Entries {
		if e.Law == auction1913.LawUnfinished {
			unfinished = append(unfinished, e)
		}
	}
	require.Len(t, unfinished, 1, "the rubber made up as it stands")
	assert.Equal(t, cards.EW, unfinished[0].Side)
	assert.Equal(t, 125, unfinished[0].Points)

	// Progressive: "there are no rubbers or games"; each side keeps what
	// it scores.
	prog := rs.Score(game.ScoreInput{Hands: hands, Seating: rs.Seating(), Opts: game.Options{"scoring": "progressive"}})
	require.Len(t, prog.Rubbers, 1)
	assert.True(t, prog.Rubbers[0].NoGames)
	assert.Equal(t, 42, prog.Rubbers[0].Sides[cards.NS].Total, "WE's points, without the rubber")
	assert.Equal(t, 492-250, prog.Rubbers[0].Sides[cards.EW].Total, "THEY's, without the 250 for the rubber")
}

// The honours table a code keeps, read by the engine: holdings by name or
// alias, valued by the trick value (Foster's TABLE OF HONOUR VALUES), the
// five honours not at no trump, and a claim made at the table checked.
func TestHonoursTable(t *testing.T) {
	for _, c := range []struct {
		strain  cards.Strain
		holding string
		want    int
	}{
		{cards.StrainSpades, "3", 4},
		{cards.StrainClubs, "4", 24},
		{cards.StrainDiamonds, "4-in-1", 56},
		{cards.StrainHearts, "five", 40},
		{cards.RoyalSpades, "5-4-in-1", 81},
		{cards.StrainSpades, "5-in-one", 20},
		{cards.NoTrump, "simple", 30},
		{cards.NoTrump, "4", 40},
		{cards.NoTrump, "FOUR-IN-ONE", 100},
	} {
		holding, err := auction1913.ParseHolding(c.holding)
		require.NoError(t, err, c.holding)
		v, ok := auction1913.HonoursValue(c.strain, holding)
		assert.True(t, ok)
		assert.Equal(t, c.want, v, "%s in %s", c.holding, c.strain.Name())
	}
	_, ok := auction1913.HonoursValue(cards.NoTrump, game.Holding5)
	assert.False(t, ok, "no five honours at no trump: the four aces")
	_, err := auction1913.ParseHolding("six")
	assert.ErrorIs(t, err, game.ErrBadHolding)
	assert.Equal(t, "four aces in one hand", auction1913.HoldingLabel(cards.NoTrump, game.Holding4InOne))
	assert.Equal(t, "simple honours", auction1913.HoldingLabel(cards.StrainHearts, game.Holding3))

	rs := auction1913.New()
	list, law := rs.Holdings(nil)
	assert.Len(t, list, 6)
	assert.NotEmpty(t, law)
	assert.Equal(t, game.Holding3, list[0].Name)

	// A claim at the table: the trump must be settled, and the deal not
	// recorded (the cards say it otherwise).
	h := game.NewHand(1, cards.South, rs.Seating(), nil)
	rs.Start(h, nil)
	_, err = rs.CheckHonours(h, cards.NS, "4")
	assert.ErrorIs(t, err, game.ErrIllegal, "before the declaration is settled")
	for _, tok := range []string{"1H", "P", "P", "P"} {
		c, err := rs.ParseCall(tok)
		require.NoError(t, err)
		require.NoError(t, rs.Call(h, c, events.ID{}))
	}
	got, err := rs.CheckHonours(h, cards.NS, "four-in-one")
	require.NoError(t, err)
	assert.Equal(t, game.Holding4InOne, got)
	_, err = rs.CheckHonours(h, cards.NS, "seven")
	assert.ErrorIs(t, err, game.ErrBadHolding)

	// Foster's fourth deal: "A-B hold four spade honours, two in each hand".
	spades := []cards.Card{cards.MustCard("SA"), cards.MustCard("SK"), cards.MustCard("SQ"), cards.MustCard("SJ"), cards.MustCard("ST")}
	counts := game.CountHonours(spades, bridgeDeal(t, "N:K82.A8.J6432.A94 QT74.KJ73.8.QT53 963.T64.K95.KJ87 AJ5.Q952.AQT7.62"), rs.Seating())
	require.Len(t, counts, 2)
	assert.Equal(t, game.HonoursCount{Total: 1, Most: 1}, counts[cards.NS])
	assert.Equal(t, game.HonoursCount{Total: 4, Most: 2}, counts[cards.EW])
}

// bridgeDeal reads a deal for a test of honours.
func bridgeDeal(t *testing.T, pbn string) []cards.Set {
	t.Helper()
	d, err := cards.ParseDeal(pbn)
	require.NoError(t, err)
	return d[:]
}

// A result given as a traveller gives it ends the hand without the play;
// three hands given tell the fourth; a hand learned after the deal is
// revealed.
func TestGivenResultAndHands(t *testing.T) {
	rs := contract.New()
	h := game.NewHand(1, cards.North, rs.Seating(), nil)
	d := bridgeDeal(t, demoDeal)
	copy(h.Dealt, d)
	h.Dealt[cards.West] = 0
	copy(h.Held, h.Dealt)
	inferred := h.InferHands(rs)
	assert.Equal(t, []cards.Seat{cards.West}, inferred, "the fourth hand is the rest of the pack")
	assert.Equal(t, d[cards.West], h.Dealt[cards.West])
	assert.True(t, h.DealKnown())
	assert.False(t, h.KnownAtDeal(), "West's hand was not recorded: the others tell it")

	rs.Start(h, nil)
	four, err := cards.ParseCall("4S")
	require.NoError(t, err)
	require.NoError(t, rs.GiveContract(h, four, 0, cards.West))
	assert.Error(t, h.GiveResult(rs, []int{4, 8}, events.ID{}), "twelve tricks are not thirteen")
	require.NoError(t, h.GiveResult(rs, []int{3, 10}, events.ID{}))
	assert.Equal(t, game.PhaseDone, h.Phase)
	assert.Equal(t, []int{3, 10}, h.Won)
	require.NotNil(t, h.Result)
	assert.Equal(t, 10, h.DeclarerWon())
	assert.Equal(t, 10, contract.DeclarerTricks(h))

	// A hand not recorded at the deal, revealed after it.
	u := game.NewHand(1, cards.North, rs.Seating(), nil)
	u.Dealt[cards.North] = d[cards.North]
	copy(u.Held, u.Dealt)
	rs.Start(u, nil)
	assert.False(t, u.Known(cards.South))
	assert.False(t, u.DealKnown())
	assert.Error(t, u.Reveal(rs, cards.South, d[cards.North]), "North's cards are North's")
	require.NoError(t, u.Reveal(rs, cards.South, d[cards.South]))
	assert.True(t, u.Known(cards.South))
	assert.True(t, u.Revealed[cards.South])
	assert.Equal(t, d[cards.South], u.Held[cards.South])
}
