package humbug_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/humbug"
	"github.com/hoyle/hoyle/projections/rules/rulestest"
)

func open(t *testing.T) *rulestest.Table {
	return rulestest.New(t, projections.SessionSpec{Game: humbug.ID, PlayerList: []string{"Ann", "Bob"}})
}

// "Four hands of thirteen cards each are dealt, and the last card is
// turned for trump. ... If he is content with his hand, he announces it, if
// not, he may exchange it for the one on his right. ... If the dealer
// exchanges, he loses the turn-up card, but the trump suit remains the
// same." "The dealer's adversary has the first lead."
func TestContentOrExchange(t *testing.T) {
	tb := open(t)
	tb.Must(rulestest.DealSeed(4))
	s := tb.Session()
	h := s.Current()
	assert.Equal(t, cards.South, h.Dealer, "Ann, named first, cut lowest and deals")
	assert.Equal(t, cards.North, h.Turn, "the dealer's adversary says first")
	assert.Equal(t, 2, h.Playing(), "the dead hands lie aside")
	assert.True(t, h.Dealt[cards.South].Has(h.TurnUp), "the turn-up is the dealer's")
	trump, _ := h.Trump()

	require.Error(t, tb.Try(rulestest.Plays("SA")), "no card before both have said")
	tb.Must(rulestest.Calls("content exchange"))
	s = tb.Session()
	h = s.Current()
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.False(t, h.InPlay(cards.South), "Ann put her hand down")
	assert.True(t, h.InPlay(cards.East), "and took up the one on her right")
	assert.Equal(t, "Ann", s.PlayerIn(h, cards.East))
	assert.Equal(t, cards.South, h.PlayedFrom(cards.East))
	got, _ := h.Trump()
	assert.Equal(t, trump, got, "the trump suit remains the same")
	assert.Equal(t, cards.North, h.Turn, "Bob leads")
	assert.True(t, humbug.Exchanged(h, cards.South))

	// A trick is two cards: Bob's, then Ann's from East.
	lead := h.LegalCards(s.Rules)[0]
	tb.Must(rulestest.Plays(lead.String()))
	h = tb.Hand()
	assert.Equal(t, cards.East, h.Turn)
	tb.Must(rulestest.Plays(h.LegalCards(s.Rules)[0].String()))
	h = tb.Hand()
	assert.NotEqual(t, cards.NoSeat, h.Tricks[0].Winner, "the trick is complete")
	assert.Len(t, h.Tricks[0].Cards, 2)
	assert.Equal(t, 1, h.Won[0]+h.Won[1])

	// "Each player deals for himself in turn": the next deal is Bob's.
	tb.Must(rulestest.Claim("Bob", 6))
	tb.Must(rulestest.DealSeed(5))
	assert.Equal(t, cards.North, tb.Hand().Dealer)
	assert.Equal(t, cards.South, tb.Hand().Turn)
}

// Foster's scale of honours: "if each player holds two, neither can count.
// But if one player has only one honour, or none, the other counts 2
// points for two honours, if he holds them; 3 points for three; and 4
// points for four." Counted in the hands played (a dead hand's are
// nobody's), after the tricks, toward game "as in whist". Four hands,
// hearts trumps, only the hands played recorded.
func TestHonours(t *testing.T) {
	tb := open(t)
	for _, c := range []struct {
		north, south, turnUp string
		by                   string
		tricks               int
	}{
		// Each holds two: neither counts. Bob (North) takes seven: 1.
		{"AKQJT98765.AK.A.", ".QJ2..AKQJT98765", "H2", "Bob", 7},
		// Bob two, Ann one (the knave is in a dead hand): Bob counts 2.
		// Ann takes seven: 1.
		{"AKQJT98765.AK3..", ".Q2.K.AKQJT98765", "H3", "Ann", 7},
		// Bob three, Ann one: Ann's odd trick first (she has 2), then Bob's
		// three honours, and the game (1 + 2 + 3), a double.
		{"AKQJT9876.AKQ.A.", ".J2.K.AKQJT98765", "H2", "Ann", 7},
		// Ann four: 4, after her two by cards: the game, a treble.
		{"AKQJT98765.3.AK.", ".AKQJ2..AKQJT987", "H3", "Ann", 8},
	} {
		tb.Must(rulestest.DealHands(map[string]string{"N": c.north, "S": c.south}, c.turnUp))
		tb.Must(rulestest.Calls("content content"))
		tb.Must(rulestest.Claim(c.by, c.tricks))
	}
	s := tb.Session()
	sheet := s.Score()
	testkit.Golden(t, "testdata/honours.golden", rulestest.Sheet(sheet, s.Seating()))
	var labels []string
	for _, r := range sheet.Rubbers {
		for _, e := range r.Entries {
			if e.Law == humbug.LawHonours {
				labels = append(labels, e.Label)
			}
		}
	}
	assert.Equal(t, []string{"two honours", "three honours", "four honours"}, labels)
}

// Honours claimed at the table, when the hands played were not recorded:
// 4, 3 or 2, by a player.
func TestHonoursClaimed(t *testing.T) {
	tb := open(t)
	tb.Must(rulestest.DealBlank("S4"))
	tb.Must(rulestest.Calls("content content"))
	require.Error(t, tb.Try(rulestest.Honours(0, "1")), "one honour counts nothing")
	tb.Must(rulestest.Honours(0, "2"))
	require.Error(t, tb.Try(rulestest.Honours(1, "3")), "only one player can count honours")
	tb.Must(rulestest.Claim("Bob", 8))
	s := tb.Session()
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 1)
	assert.Equal(t, "two honours (claimed)", sheet.Rubbers[0].Entries[1].Label)
	assert.Equal(t, 4, sheet.Rubbers[0].Sides[0].Below, "two by cards and two honours")
}

// "The penalty for a revoke is three tricks, and it takes precedence of
// other scores": applied when the revoke is established, with no choice.
func TestRevokeCostsThreeTricks(t *testing.T) {
	tb := open(t)
	tb.Must(rulestest.DealHands(map[string]string{"N": "AKQJT98765.AK.A.", "S": ".QJ2.K.AKQJT9876"}, "H2"))
	tb.Must(rulestest.Calls("content content"))
	tb.Must(rulestest.Plays("DA"))
	tb.Must(rulestest.Irregular("S", "CA")) // Ann holds the king of diamonds
	tb.Must(rulestest.Plays("SA"))          // Bob leads again: the trick is quitted
	s := tb.Session()
	h := s.Current()
	irr := h.Irregular[0]
	assert.Equal(t, humbug.LawRevoke, irr.Law)
	assert.True(t, irr.Chose("tricks"), "three tricks, applied by the code")
	assert.Empty(t, h.Open(s.Rules), "nothing to choose")
	tb.Must(rulestest.Claim("Bob", 7)) // of the twelve left: Bob 8, Ann 5 as played
	s = tb.Session()
	sheet := s.Score()
	testkit.Golden(t, "testdata/revoke.golden", rulestest.Sheet(sheet, s.Seating()))
	assert.Equal(t, 5, sheet.Rubbers[0].Entries[0].Points, "Bob's eight and three more: five by cards, the game")
	assert.Contains(t, sheet.Rubbers[0].Entries[0].Law, humbug.LawRevoke)
}

// Random legal sessions: a trick is of the two hands played, one each.
func TestRandomSessions(t *testing.T) {
	rulestest.RandomSessions(t, humbug.ID, nil, func(rt *rapid.T, s *projections.Session) {
		for _, h := range s.Hands {
			if h.Playing() != 2 {
				rt.Fatalf("hand %d: %d hands play", h.Number, h.Playing())
			}
			for _, tr := range h.Tricks {
				if tr.Winner != cards.NoSeat && len(tr.Cards) != 2 {
					rt.Fatalf("hand %d: a trick of %d cards", h.Number, len(tr.Cards))
				}
				for _, p := range tr.Cards {
					if !h.InPlay(p.Seat) {
						rt.Fatalf("hand %d: a card from %s, laid aside", h.Number, p.Seat)
					}
				}
			}
		}
	})
}

// The variation: "the dealer announcing a trump suit after he has examined
// his hand, instead of turning up the last card. His adversary then has
// the right either to play his hand, or to exchange it for the one on his
// right; but the dealer must play the hand dealt to him."
func TestTheDealerAnnouncesTheTrump(t *testing.T) {
	tb := rulestest.New(t, projections.SessionSpec{Game: humbug.ID, PlayerList: []string{"Ann", "Bob"},
		Options: map[string]string{humbug.OptionTrump: humbug.TrumpAnnounced}})
	require.Error(t, tb.Try(rulestest.DealHands(map[string]string{"N": "AKQJT98765.AK.A.", "S": ".QJ2.K.AKQJT9876"}, "H2")),
		"no card is turned up")
	tb.Must(rulestest.DealSeed(4))
	h := tb.Hand()
	assert.Equal(t, cards.NoCard, h.TurnUp, "no card is turned up")
	_, ok := h.Trump()
	assert.False(t, ok, "no trump until the dealer announces it")
	assert.Equal(t, cards.South, h.Turn, "Ann, the dealer, speaks first")
	require.Error(t, tb.Try(rulestest.Calls("exchange")), "the dealer must play the hand dealt to him")
	require.Error(t, tb.Try(rulestest.Calls("content")), "he announces the trump first")
	require.Error(t, tb.Try(rulestest.Plays("SA")), "no card before the trump is announced")

	tb.Must(rulestest.Calls("h"))
	h = tb.Hand()
	trump, ok := h.Trump()
	require.True(t, ok)
	assert.Equal(t, cards.Hearts, trump)
	assert.Equal(t, cards.North, h.Turn, "then his adversary says")
	require.Error(t, tb.Try(rulestest.Calls("s")), "the trump is announced once")
	tb.Must(rulestest.Calls("exchange"))
	s := tb.Session()
	h = s.Current()
	assert.Equal(t, game.PhasePlay, h.Phase, "the dealer does not say: he plays his hand")
	assert.True(t, h.InPlay(cards.South), "Ann plays the hand dealt her")
	assert.False(t, h.InPlay(cards.North))
	assert.True(t, h.InPlay(cards.West), "Bob took up the hand on his right")
	assert.Equal(t, "Bob", s.PlayerIn(h, cards.West))
	assert.Equal(t, cards.West, h.Turn, "the dealer's adversary leads, from the hand he plays")

	// Honours are of the suit announced, counted in the hands played: Bob
	// holds the ace, king and queen of hearts, Ann the knave; a turned
	// diamond would have given them nothing to count.
	tb.Must(rulestest.Claim("Bob", 7))
	tb.Must(rulestest.DealHands(map[string]string{"N": "AKQJT9876.AKQ.A.", "S": ".J2.K.AKQJT98765"}, ""))
	assert.Equal(t, cards.North, tb.Hand().Dealer, "each player deals for himself in turn")
	tb.Must(rulestest.Calls("h content"))
	tb.Must(rulestest.Claim("Bob", 7))
	s = tb.Session()
	var second []string
	for _, r := range s.Score().Rubbers {
		for _, e := range r.Entries {
			if e.Hand == 2 && e.Law == humbug.LawHonours {
				second = append(second, e.Label)
			}
		}
	}
	assert.Equal(t, []string{"three honours"}, second)
}

// Where the card is turned, nobody names a suit.
func TestASuitIsNamedOnlyWhereTheTrumpIsAnnounced(t *testing.T) {
	tb := open(t)
	tb.Must(rulestest.DealSeed(4))
	require.Error(t, tb.Try(rulestest.Calls("h")))
	tb.Must(rulestest.Calls("content content"))
}

// Random legal sessions of the variation: every hand's trump announced by
// its dealer, who plays the hand dealt him.
func TestRandomSessionsTrumpAnnounced(t *testing.T) {
	rulestest.RandomSessions(t, humbug.ID, map[string]string{humbug.OptionTrump: humbug.TrumpAnnounced}, func(rt *rapid.T, s *projections.Session) {
		for _, h := range s.Hands {
			if h.TurnUp != cards.NoCard || len(h.Calls) == 0 {
				continue
			}
			if h.Calls[0].Seat != h.Dealer || h.Calls[0].Call.Kind != cards.Bid {
				rt.Fatalf("hand %d: the first call is %s's %s", h.Number, h.Calls[0].Seat, h.Calls[0].Call)
			}
			if h.Phase == game.PhasePlay && !h.InPlay(h.Dealer) {
				rt.Fatalf("hand %d: the dealer exchanged", h.Number)
			}
		}
	})
}
