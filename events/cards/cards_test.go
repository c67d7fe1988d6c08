package cards

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseCardForms(t *testing.T) {
	cases := map[string]string{
		"SA": "SA", "sa": "SA", "AS": "SA", "HT": "HT", "H10": "HT", "10h": "HT",
		"d2": "D2", "2D": "D2", "cK": "CK", "JK": "JK", "joker": "JK",
	}
	for in, want := range cases {
		c, err := ParseCard(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, c.String(), in)
	}
}

func TestParseCardRejects(t *testing.T) {
	for _, in := range []string{"", "S", "S1", "Z9", "SAA", "H11", "1H", "ZZ"} {
		_, err := ParseCard(in)
		require.Error(t, err, in)
		assert.True(t, errors.Is(err, ErrBadCard), in)
		var te *TokenError
		require.True(t, errors.As(err, &te))
		assert.Equal(t, in, te.Token)
	}
}

func TestEveryCardRoundTrips(t *testing.T) {
	for _, c := range Deck(2, true) {
		got, err := ParseCard(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, got)
	}
	assert.Len(t, Deck(2, false), 52)
	assert.Len(t, Deck(7, true), 33)
	assert.Len(t, Deck(2, true), 53)
}

func TestParseCall(t *testing.T) {
	cases := map[string]string{
		"1C": "1C", "7nt": "7NT", "1n": "1NT", "2R": "2R", "p": "Pass", "PASS": "Pass",
		"x": "X", "double": "X", "XX": "XX", "redouble": "XX", "h": "H", "nt": "NT", "10h": "10H",
	}
	for in, want := range cases {
		c, err := ParseCall(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, c.String(), in)
	}
	for _, in := range []string{"", "8", "0S", "11H", "1Z", "XXX", "pas"} {
		_, err := ParseCall(in)
		assert.ErrorIs(t, err, ErrBadCall, in)
	}
}

func TestSetAndHand(t *testing.T) {
	h, err := ParseHand("AKQ2.K2.A3.AQ432")
	require.NoError(t, err)
	assert.Equal(t, 13, h.Len())
	assert.Equal(t, "AKQ2.K2.A3.AQ432", h.PBN())
	assert.True(t, h.Has(MustCard("C4")))
	assert.False(t, h.Has(MustCard("C5")))
	assert.Equal(t, 5, h.Suit(Clubs).Len())
	assert.Equal(t, MustCard("SA"), h.Cards()[0])
	_, err = ParseHand("AKQA.K2.A3.AQ432")
	assert.ErrorIs(t, err, ErrBadDeal)
	v, err := ParseHand("AKQJT98765432...")
	require.NoError(t, err)
	assert.False(t, v.HasSuit(Hearts))
	j, err := ParseHand("AK.-.-.-+JK")
	require.NoError(t, err)
	assert.True(t, j.Has(Joker))
	assert.Equal(t, "AK...+JK", j.PBN())
}

func TestParseDeal(t *testing.T) {
	const pbn = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	d, err := ParseDeal(pbn)
	require.NoError(t, err)
	assert.Equal(t, 52, d.Cards().Len())
	assert.Equal(t, "Q5.KJ52.KQ874.T8", d[East].PBN())
	assert.Equal(t, pbn, d.PBN(North))
	assert.Equal(t, "W:7643.QT3.32.KJ96 KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3", d.PBN(West))

	_, err = ParseDeal("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ9K")
	assert.ErrorIs(t, err, ErrBadDeal)
	_, err = ParseDeal("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ98")
	assert.ErrorIs(t, err, ErrBadDeal, "C8 twice")
	_, err = ParseDeal("X:KT8.A96.A95.7542")
	assert.ErrorIs(t, err, ErrBadDeal)
}

func TestSeats(t *testing.T) {
	assert.Equal(t, West, North.Plus(-1, 4))
	assert.Equal(t, North, West.Next(4))
	assert.Equal(t, Seat(0), Seat(2).Next(3))
	assert.Equal(t, NS, South.Partnership())
	assert.Equal(t, EW, West.Partnership())
	s, err := ParseSeat("east")
	require.NoError(t, err)
	assert.Equal(t, East, s)
	_, err = ParseSeat("Q")
	assert.ErrorIs(t, err, ErrBadSeat)
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"SA", "h10", "10h", "JK", "zz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			if !errors.Is(err, ErrBadCard) {
				t.Fatalf("ParseCard(%q) error %v is not ErrBadCard", s, err)
			}
			return
		}
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v does not round-trip", s, c)
		}
	})
}

func FuzzParseCall(f *testing.F) {
	for _, s := range []string{"1C", "7NT", "P", "XX", "2R", "H", "10S", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCall(s)
		if err != nil {
			if !errors.Is(err, ErrBadCall) {
				t.Fatalf("ParseCall(%q) error %v is not ErrBadCall", s, err)
			}
			return
		}
		back, err := ParseCall(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseCall(%q) = %v does not round-trip", s, c)
		}
	})
}

func FuzzParseDeal(f *testing.F) {
	f.Add("N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96")
	f.Add("S:- - - -")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeal(s)
		if err != nil {
			if !errors.Is(err, ErrBadDeal) {
				t.Fatalf("ParseDeal(%q) error %v is not ErrBadDeal", s, err)
			}
			return
		}
		back, err := ParseDeal(d.PBN(North))
		if err != nil {
			t.Fatalf("ParseDeal(%q) rewritten as %q does not parse: %v", s, d.PBN(North), err)
		}
		for i := range d {
			if d[i] != back[i] {
				t.Fatalf("ParseDeal(%q) does not round-trip", s)
			}
		}
	})
}
