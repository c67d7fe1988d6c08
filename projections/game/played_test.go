package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// threeAtFour is a dummy game's table: North is a dummy played from South;
// the players are named South, West, East.
var threeAtFour = Seating{
	Seats: 4, Names: Compass.Names, Sides: Compass.Sides, Compass: true,
	PlayedFrom: []cards.Seat{cards.South, cards.East, cards.South, cards.West},
	Dummies:    []bool{true, false, false, false},
	Players:    []cards.Seat{cards.South, cards.West, cards.East},
}

// twoOfFour is Humbug Whist's: South and North play, East and West are
// the hands beside them, laid aside until taken up.
var twoOfFour = Seating{
	Seats: 4, Names: Compass.Names, Sides: []cards.Side{0, 1, 1, 0}, Compass: true,
	PlayedFrom: []cards.Seat{cards.North, cards.South, cards.South, cards.North},
}

// Who plays a seat: its own player, a dummy's partner wherever the dummy
// lies, or the player beside a hand he took up.
func TestWhoPlaysASeat(t *testing.T) {
	assert.Equal(t, []cards.Seat{cards.South, cards.West, cards.East}, threeAtFour.PlayerSeats())
	assert.False(t, threeAtFour.Own(cards.North))
	assert.True(t, threeAtFour.Own(cards.West))
	assert.Equal(t, []cards.Seat{cards.North, cards.South}, twoOfFour.PlayerSeats(), "seat order when the game names no order")
	assert.Equal(t, []cards.Seat{cards.North, cards.East, cards.South, cards.West}, Compass.PlayerSeats())

	h := NewHand(1, cards.North, threeAtFour, nil)
	assert.Equal(t, cards.South, h.PlayedFrom(cards.North))
	assert.Equal(t, int(cards.South), h.Player(cards.North), "the player named to South")
	assert.Equal(t, int(cards.West), h.Player(cards.West))
	assert.True(t, h.IsDummy(cards.North))
	assert.Equal(t, []cards.Seat{cards.North}, h.Dummies())

	// A later rubber: the dummy lies East, West's player opposite it takes
	// it, South's sits North and East's South (the players by the seats
	// they were named to, the dummy by its own).
	h.Sitting = Sitting{Players: []int{int(cards.South), int(cards.North), int(cards.East), int(cards.West)}}
	assert.True(t, h.IsDummy(cards.East))
	assert.False(t, h.IsDummy(cards.North))
	assert.Equal(t, cards.West, h.PlayedFrom(cards.East), "dummy is played by its partner at the table")
	assert.Equal(t, int(cards.West), h.Player(cards.East), "who was named to West")
	assert.Equal(t, int(cards.South), h.Player(cards.North))
	assert.Equal(t, int(cards.East), h.Player(cards.South))
	assert.Equal(t, cards.North, h.Sitting.SeatOf(int(cards.South), 4))
	assert.True(t, h.samePlayer(cards.East, cards.West))
	assert.False(t, h.samePlayer(cards.North, cards.South))

	hb := NewHand(1, cards.South, twoOfFour, nil)
	hb.Out = []bool{false, true, false, true}
	assert.Equal(t, 2, hb.Playing())
	assert.False(t, hb.InPlay(cards.East))
	assert.Equal(t, cards.South, hb.PlayedFrom(cards.East), "East is South's to take up")
	assert.Empty(t, hb.Dummies(), "a hand taken up is not a dummy")
	assert.Equal(t, []string{"N"}, twoOfFour.SideSeats(0), "a side is named by its player")
	assert.False(t, twoOfFour.CompassSides())
	assert.True(t, Compass.CompassSides())
}

// A trick is a card from each hand that plays: with two hands laid aside,
// two cards, the turn passing over the hands out of the play.
func TestTrickOfTheHandsThatPlay(t *testing.T) {
	rs := plainGame{FourHanded{RevokeLaw: "Law R"}}
	h := NewHand(1, cards.South, twoOfFour, nil)
	h.Dealt = []cards.Set{
		cards.NewSet(cards.MustCard("SA"), cards.MustCard("S2")),
		cards.NewSet(cards.MustCard("HA")),
		cards.NewSet(cards.MustCard("SK"), cards.MustCard("S3")),
		cards.NewSet(cards.MustCard("DA")),
	}
	copy(h.Held, h.Dealt)
	h.Out = []bool{false, true, false, true}
	h.Contract = &Contract{Strain: cards.NoTrump, Declarer: cards.NoSeat}
	h.StartPlay(cards.North)
	require.NoError(t, h.Play(rs, cards.MustCard("S2"), events.ID{}))
	assert.Equal(t, cards.South, h.Turn, "East's hand is laid aside: South plays second")
	require.NoError(t, h.Play(rs, cards.MustCard("SK"), events.ID{}))
	assert.Equal(t, cards.South, h.Tricks[0].Winner, "two cards make the trick")
	assert.Equal(t, 1, h.Won[1])
	assert.Equal(t, cards.South, h.Turn, "the winner leads")
	err := h.CheckCard(rs, cards.MustCard("DA"))
	require.ErrorIs(t, err, ErrIllegal, "West's card is not South's")
}

// plainGame is the least of a ruleset: a four-handed game with no auction.
type plainGame struct{ FourHanded }

func (plainGame) Info() Info                               { return Info{ID: "plain"} }
func (plainGame) Start(*Hand, Options)                     {}
func (plainGame) ParseCall(tok string) (cards.Call, error) { return cards.ParseCall(tok) }
func (plainGame) CallSpace() []cards.Call                  { return nil }
func (plainGame) Call(*Hand, cards.Call, events.ID) error  { return Illegal("call", "no auction", "") }
func (plainGame) Score(ScoreInput) ScoreSheet              { return ScoreSheet{} }

// Only players cut for the deal: a dummy's seat cuts no card, and its
// partner's cut is enough.
func TestOnlyPlayersCut(t *testing.T) {
	low := CutLaw{Order: AceLowOrder, Deals: "Law D", SamePack: "Law P", Tie: "Law T"}
	pack := cards.Deck(2, false)
	cuts := []CutCard{{Seat: cards.South, Card: cards.MustCard("H3")}, {Seat: cards.West, Card: cards.MustCard("S9")}, {Seat: cards.East, Card: cards.MustCard("DK")}}
	d, err := low.Dealer(threeAtFour, pack, cuts)
	require.NoError(t, err)
	assert.Equal(t, cards.South, d)
	_, err = low.Dealer(threeAtFour, pack, append(cuts, CutCard{Seat: cards.North, Card: cards.MustCard("C5")}))
	var ie *IllegalError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, ie.Reason, "N is played by S, who cuts for it")
	_, err = low.Dealer(threeAtFour, pack, cuts[:2])
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, ie.Reason, "give a card for E")
}
