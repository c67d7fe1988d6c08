package lin

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/pbn"
)

// A vugraph-style record: North deals, East's hand left out, an alerted
// and explained call, page breaks after the auction and each trick, a claim.
const vugraph = "qx|o1|pn|Dan,Ann,Bob,Cat|st||md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|rh||ah|Board 1|sv|o|" +
	"mb|1C!|an|could be short|mb|1D|mb|1S|mb|p|mb|2S|mb|p|mb|4S|mb|d|mb|r|mb|p|mb|p|mb|p|pg||" +
	"pc|D3|pc|DA|pc|D7|pc|D6|pg||pc|SK|pc|S5|pc|S2|pc|S3|pg||pc|S8|pc|SQ|pc|SA|pc|S4|pg||mc|10|"

// A hand-viewer record as people paste it: lower case, line breaks between
// pairs, all four hands, an explanation without an alert, table chat.
const handviewer = "pn|south,west,north,east|md|4s2h653dqjt7ct9842,skq97hq9dak54cj75,sjt85ha742d863cq6,sa643hkjt8d92cak3|sv|b|ah|Board 2|\n" +
	"mb|1n|mb|p|mb|2c|an|Stayman|mb|p|\n" +
	"mb|2h|mb|p|mb|4h|mb|P|mb|p|mb|p|nt|well bid|\n" +
	"pc|dq|pc|d4|pc|d3|pc|d2|\n"

func hand(t *testing.T, s string) cards.Set {
	t.Helper()
	h, err := cards.ParseHand(s)
	require.NoError(t, err)
	return h
}

func TestParseVugraph(t *testing.T) {
	r, err := Parse(vugraph)
	require.NoError(t, err)
	assert.Equal(t, "o1", r.BoardID)
	assert.Equal(t, []string{"Dan", "Ann", "Bob", "Cat"}, r.Players)
	assert.Equal(t, "Dan", r.Player(cards.South))
	assert.Equal(t, "Ann", r.Player(cards.West))
	assert.Equal(t, "Bob", r.Player(cards.North))
	assert.Equal(t, "Cat", r.Player(cards.East))
	assert.Equal(t, cards.North, r.Dealer)
	require.Len(t, r.Deal, 4)
	assert.Equal(t, hand(t, "AJ92.874.JT6.AQ3"), r.Deal[cards.South])
	assert.Equal(t, hand(t, "7643.QT3.32.KJ96"), r.Deal[cards.West])
	assert.Equal(t, hand(t, "KT8.A96.A95.7542"), r.Deal[cards.North])
	assert.Equal(t, hand(t, "Q5.KJ52.KQ874.T8"), r.Deal[cards.East], "the fourth hand is derived")
	assert.Equal(t, "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96", r.Deal.PBN(cards.North))
	assert.Equal(t, "Board 1", r.Title)
	n, ok := r.Board()
	assert.True(t, ok)
	assert.Equal(t, 1, n)
	assert.Equal(t, cards.VulNone, r.Vul)

	require.Len(t, r.Calls, 12)
	assert.Equal(t, Call{Call: cards.NewBid(1, cards.StrainClubs), Alert: true, Explanation: "could be short"}, r.Calls[0])
	assert.Equal(t, cards.DoubleCall, r.Calls[7].Call)
	assert.Equal(t, cards.RedoubleCall, r.Calls[8].Call)
	assert.Equal(t, cards.PassCall, r.Calls[11].Call)
	require.Len(t, r.Cards, 12)
	assert.Equal(t, cards.MustCard("D3"), r.Cards[0])
	assert.Equal(t, cards.MustCard("S4"), r.Cards[11])
	assert.True(t, r.Claimed)
	assert.Equal(t, 10, r.Claim)
	assert.Equal(t, []Token{
		{Key: "st", At: 0}, {Key: "rh", At: 0}, {Key: "pg", At: 12},
		{Key: "pg", At: 16}, {Key: "pg", At: 20}, {Key: "pg", At: 24},
	}, r.Extra)

	// The play as tricks: the cards are in the order played, so the
	// seats come from the PBN replay helpers.
	p, err := pbn.PlayFromOrder(cards.West, cards.StrainSpades, []pbn.PlayedCard{
		{Seat: cards.West, Card: r.Cards[0]}, {Seat: cards.North, Card: r.Cards[1]},
		{Seat: cards.East, Card: r.Cards[2]}, {Seat: cards.South, Card: r.Cards[3]},
	}, true)
	require.NoError(t, err)
	assert.Len(t, p.Tricks, 1)

	assert.Equal(t, "qx|o1|pn|Dan,Ann,Bob,Cat|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|st||rh||"+
		"mb|1C!|an|could be short|mb|1D|mb|1S|mb|p|mb|2S|mb|p|mb|4S|mb|d|mb|r|mb|p|mb|p|mb|p|pg||"+
		"pc|D3|pc|DA|pc|D7|pc|D6|pg||pc|SK|pc|S5|pc|S2|pc|S3|pg||pc|S8|pc|SQ|pc|SA|pc|S4|pg||mc|10|", r.String())
	roundTrip(t, r)
}

func TestParseHandViewer(t *testing.T) {
	r, err := Parse(handviewer)
	require.NoError(t, err)
	assert.Equal(t, cards.East, r.Dealer)
	assert.Equal(t, hand(t, "A643.KJT8.92.AK3"), r.Deal[cards.East])
	assert.Equal(t, hand(t, "2.653.QJT7.T9842"), r.Deal[cards.South])
	assert.Equal(t, cards.VulAll, r.Vul)
	assert.Equal(t, "1NT", r.Calls[0].Call.String())
	assert.Equal(t, Call{Call: cards.NewBid(2, cards.StrainClubs), Explanation: "Stayman"}, r.Calls[2])
	assert.Equal(t, cards.PassCall, r.Calls[7].Call, `"P" reads as pass too`)
	assert.Equal(t, []cards.Card{cards.MustCard("DQ"), cards.MustCard("D4"), cards.MustCard("D3"), cards.MustCard("D2")}, r.Cards)
	assert.False(t, r.Claimed)
	assert.Equal(t, []Token{{Key: "nt", Value: "well bid", At: 10}}, r.Extra)
	assert.Equal(t, "pn|south,west,north,east|md|4S2H653DQJT7CT9842,SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3|ah|Board 2|sv|b|"+
		"mb|1N|mb|p|mb|2C|an|Stayman|mb|p|mb|2H|mb|p|mb|4H|mb|p|mb|p|mb|p|nt|well bid|pc|DQ|pc|D4|pc|D3|pc|D2|", r.String())
	roundTrip(t, r)
}

func TestPartialDeals(t *testing.T) {
	// A bidding problem: only South's hand, no dealer digit.
	r, err := Parse("md|SAKQJT98765432HDC,,,|sv||")
	require.NoError(t, err)
	assert.Equal(t, cards.NoSeat, r.Dealer)
	assert.Equal(t, 13, r.Deal[cards.South].Len())
	assert.Equal(t, cards.Set(0), r.Deal[cards.East], "not derived from one hand")
	assert.Equal(t, "md|SAKQJT98765432HDC,,,|sv|o|", r.String())
	roundTrip(t, r)

	// Three short hands: nothing is derived.
	r, err = Parse("md|2SAK,SQJ,ST9|")
	require.NoError(t, err)
	assert.Equal(t, cards.West, r.Dealer)
	assert.Equal(t, 2, r.Deal[cards.North].Len())
	assert.Equal(t, 0, r.Deal[cards.East].Len())
	// "10" for a ten, and a hand other than the fourth left out.
	r, err = Parse("md|1S2345678910JQKAHDC,,SHAKQJ1098765432DC,SHDAKQJT98765432C|")
	require.NoError(t, err)
	assert.Equal(t, 13, r.Deal[cards.West].Len())
	assert.True(t, r.Deal[cards.West].Suit(cards.Clubs).Len() == 13)
	roundTrip(t, r)
}

func TestUnknownAndStrayTokens(t *testing.T) {
	r, err := Parse("an|before any call|mb|1S|zz|x|an|after another token|mb|p|an||mb|2S!|an|first|an|second|Qq|KEEP|tail")
	require.NoError(t, err)
	assert.Equal(t, "", r.Calls[0].Explanation)
	assert.Equal(t, "first", r.Calls[2].Explanation)
	assert.Equal(t, []Token{
		{Key: "an", Value: "before any call", At: 0},
		{Key: "zz", Value: "x", At: 1},
		{Key: "an", Value: "after another token", At: 1},
		{Key: "an", Value: "", At: 2},
		{Key: "an", Value: "second", At: 3},
		{Key: "qq", Value: "KEEP", At: 3},
		{Key: "tail", Value: "", At: 3},
	}, r.Extra)
	roundTrip(t, r)
}

func TestParseErrors(t *testing.T) {
	cases := map[string]int{
		"md|5SA,,,|":              0,
		"pn|a,b,c,d|md|3SAKA,,,|": 1,
		"md|3SA,SA,,|":            0,
		"md|3AK,,,|":              0,
		"md|3SXK,,,|":             0,
		"md|3S,S,S,S,S|":          0,
		"sv|x|":                   0,
		"mb|1C|mb|8N|":            1,
		"mb|1Z|":                  0,
		"mb||":                    0,
		"pc|ZZ|":                  0,
		"pc|SA|pc|SA|":            1,
		"mc|14|":                  0,
		"mc|ten|":                 0,
		"md|3,,,|sv|o|md|3,,,|":   2,
		"pc|SA|mb|1C|":            1,
		"qx|o1|qx|c1|":            1,
	}
	for in, idx := range cases {
		_, err := Parse(in)
		require.Error(t, err, in)
		assert.ErrorIs(t, err, ErrSyntax, in)
		var pe *ParseError
		require.True(t, errors.As(err, &pe), in)
		assert.Equal(t, idx, pe.Index, "%s: %v", in, err)
	}
}

func TestEmptyAndBuilt(t *testing.T) {
	r, err := Parse("")
	require.NoError(t, err)
	assert.Equal(t, Record{Dealer: cards.NoSeat}, r)
	assert.Equal(t, "sv|o|", r.String())

	d, err := cards.ParseDeal("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96")
	require.NoError(t, err)
	built := Record{
		Players: []string{"S", "W", "N", "E"}, Dealer: cards.West, Deal: d, Title: "Board 4", Vul: cards.VulAll,
		Calls: []Call{{Call: cards.NewBid(3, cards.NoTrump)}, {Call: cards.PassCall}, {Call: cards.PassCall}, {Call: cards.PassCall}},
		Cards: []cards.Card{cards.MustCard("H4")}, Claim: 9, Claimed: true,
	}
	assert.Equal(t, "pn|S,W,N,E|md|2SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 4|sv|b|mb|3N|mb|p|mb|p|mb|p|pc|H4|mc|9|", built.String())
	roundTrip(t, built)
}

func roundTrip(t *testing.T, r Record) {
	t.Helper()
	s := r.String()
	back, err := Parse(s)
	require.NoError(t, err, s)
	assert.Equal(t, r, back, s)
	assert.Equal(t, s, back.String())
}
