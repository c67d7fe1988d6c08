package quinto

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/game"
)

// dealt is a hand of the pack in order, dealt by South, through the
// doubling given (four calls from the eldest hand, West).
func dealt(t *testing.T, calls string) *game.Hand {
	t.Helper()
	r := New()
	h := game.NewHand(1, cards.South, r.Seating(), nil)
	d := r.Deal(r.Pack(), cards.South)
	copy(h.Dealt, d.Hands)
	copy(h.Held, d.Hands)
	h.Widow = d.Widow
	r.Start(h, nil)
	for _, tok := range strings.Fields(calls) {
		c, err := r.ParseCall(tok)
		require.NoError(t, err)
		require.NoError(t, r.Call(h, c, events.ID{}), "%s after %v", tok, h.Calls)
	}
	return h
}

// "The pack, however, consists of fifty-three cards ... the dealer then
// lays aside the five top cards ... The remaining forty-eight cards are
// dealt out as at Whist, so that each hand contains twelve cards; but no
// trump card is turned up."
func TestThePackAndTheCachette(t *testing.T) {
	r := New()
	assert.Len(t, r.Pack(), 53)
	assert.Contains(t, r.Pack(), cards.Joker)
	rapid.Check(t, func(t *rapid.T) {
		pack := rapid.Permutation(r.Pack()).Draw(t, "pack")
		dealer := cards.Seat(rapid.IntRange(0, 3).Draw(t, "dealer"))
		d := r.Deal(pack, dealer)
		if d.Widow != cards.NewSet(pack[:CachetteSize]...) {
			t.Fatalf("the cachette %s is not the five top cards", d.Widow.PBN())
		}
		all := d.Widow
		for seat, h := range d.Hands {
			if h.Len() != Tricks || h.Intersect(all) != 0 {
				t.Fatalf("seat %d: %s", seat, h.PBN())
			}
			all = all.Union(h)
		}
		if all != cards.NewSet(r.Pack()...) {
			t.Fatal("the deal does not cover the pack")
		}
		if !d.Hands[dealer.Next(4)].Has(pack[CachetteSize]) {
			t.Fatal("the eldest hand is not served first")
		}
		if err := r.CheckDeal(d); err != nil {
			t.Fatal(err)
		}
	})
	d := r.Deal(r.Pack(), cards.South)
	d.TurnUp = cards.NewCard(cards.Hearts, cards.Ace)
	assert.ErrorContains(t, r.CheckDeal(d), "no trump card is turned up")
	d = r.Deal(r.Pack(), cards.South)
	d.Widow = d.Widow.Remove(d.Widow.Cards()[0])
	assert.ErrorContains(t, r.CheckDeal(d), "the cachette is the five top cards, not 4")
}

// "The players in rotation, commencing with the eldest hand, have then the
// option of once doubling the value of each trick, and of once re-doubling
// an opponent's double. The option passes round the table once only."
func TestTheDoubling(t *testing.T) {
	h := dealt(t, "")
	assert.Equal(t, cards.West, h.Turn, "the eldest hand first")
	refuse := func(calls, call, want string) {
		t.Helper()
		h := dealt(t, calls)
		c, err := New().ParseCall(call)
		if err == nil {
			err = New().Call(h, c, events.ID{})
		}
		require.Error(t, err, "%s after %s", call, calls)
		assert.Contains(t, err.Error(), want)
	}
	refuse("", "1S", "Quinto has no bidding")
	refuse("X", "X", "doubled already")
	refuse("", "XX", "nobody has doubled")
	refuse("X P", "XX", "W doubled, and E is his partner")
	refuse("X XX", "XX", "re-doubled already")
	refuse("P P P P", "X", "a call cannot be made")

	h = dealt(t, "P X XX P")
	assert.Equal(t, game.PhasePlay, h.Phase, "the option passed round the table once")
	assert.Equal(t, &game.Contract{Strain: cards.NoStrain, Doubled: 2, Declarer: cards.NoSeat}, h.Contract)
	assert.Equal(t, cards.West, h.Turn, "the eldest hand leads (as at Whist)")
	assert.Equal(t, "20 a trick, re-doubled", New().ContractWords(h))
	h = dealt(t, "X P P P")
	assert.Equal(t, 1, h.Contract.Doubled, "a double not re-doubled")
	assert.Equal(t, "10 a trick, doubled", New().ContractWords(h))
	assert.Equal(t, "5 a trick", New().ContractWords(dealt(t, "P P P P")))
}

// The text does not say which card wins a trick: hoyle names no winner,
// the play waits for the table to say, and the winner leads.
func TestTheTableSaysWhoWonTheTrick(t *testing.T) {
	r := New()
	h := dealt(t, "P P P P")
	for range 4 {
		require.NoError(t, h.Play(r, h.LegalCards(r)[0], events.ID{}))
	}
	require.NotNil(t, h.Unsettled(), "four cards played")
	assert.Equal(t, cards.NoSeat, h.Turn, "nobody plays until the winner is said")
	assert.ErrorContains(t, h.WinTrick(r, 2, cards.North, events.ID{}), "trick 1 is the one waiting")
	require.NoError(t, h.WinTrick(r, 1, cards.North, events.ID{1}))
	assert.Equal(t, cards.North, h.Tricks[0].Winner)
	assert.Equal(t, events.ID{1}, h.Tricks[0].WonID)
	assert.Equal(t, []int{1, 0}, h.Won)
	assert.Equal(t, cards.North, h.Turn, "the winner leads")
	assert.ErrorContains(t, h.WinTrick(r, 2, cards.North, events.ID{}), "no trick is waiting")
}

// Following suit, by the nearest code; the Quint Royal, of no suit, may be
// played to any trick, and when it is led no suit is led.
func TestTheQuintRoyalIsOfNoSuit(t *testing.T) {
	r := New()
	h := game.NewHand(1, cards.South, r.Seating(), nil)
	deal, err := cards.ParseDeal("N:AKQ.AKQ.AKQ.AKQ JT9.JT9.JT9.JT9 876.876.876.876 543.543.543.543")
	require.NoError(t, err)
	copy(h.Dealt, deal)
	copy(h.Held, deal)
	// West holds the Joker in place of his club three.
	h.Dealt[cards.West] = h.Dealt[cards.West].Remove(cards.NewCard(cards.Clubs, 3)).Add(cards.Joker)
	h.Held[cards.West] = h.Dealt[cards.West]
	r.Start(h, nil)
	for _, c := range []cards.Call{cards.PassCall, cards.PassCall, cards.PassCall, cards.PassCall} {
		require.NoError(t, r.Call(h, c, events.ID{}))
	}
	require.NoError(t, h.Play(r, cards.Joker, events.ID{}), "West leads the Quint Royal")
	require.NoError(t, h.Play(r, cards.NewCard(cards.Hearts, cards.Ace), events.ID{}), "no suit was led: North plays any card")
	require.NoError(t, h.Play(r, cards.NewCard(cards.Spades, cards.Jack), events.ID{}))
	require.NoError(t, h.Play(r, cards.NewCard(cards.Clubs, 8), events.ID{}))
	require.NoError(t, h.WinTrick(r, 1, cards.West, events.ID{}))
	require.NoError(t, h.Play(r, cards.NewCard(cards.Spades, 5), events.ID{}))
	err = h.CheckCard(r, cards.NewCard(cards.Hearts, cards.King))
	assert.ErrorContains(t, err, "must follow suit")
	assert.ErrorContains(t, err, "Law 89 of the Club code of Bridge")
}

// finished is a hand played out: EW (A-B in the book's letters) took the
// tricks numbered in ew, NS (Y-Z) the rest; doubled as given.
func finished(doubled int, ew ...int) *game.Hand {
	h := game.NewHand(1, cards.South, game.Compass, nil)
	h.Contract = &game.Contract{Strain: cards.NoStrain, Doubled: doubled, Declarer: cards.NoSeat}
	h.Phase = game.PhaseDone
	for n := 1; n <= Tricks; n++ {
		w := cards.North
		for _, x := range ew {
			if x == n {
				w = cards.West
			}
		}
		h.Tricks = append(h.Tricks, game.Trick{Winner: w})
		h.Won[w.Partnership()]++
	}
	return h
}

func sum(es []game.Entry, side cards.Side) int {
	n := 0
	for _, e := range es {
		if e.Side == side {
			n += e.Points
		}
	}
	return n
}

// The text's figure: "If A B win 11 tricks, and Y Z 2, A B score 55, and Y
// Z 10. These values may, however, be doubled or quadrupled ... The winners
// of the twelfth trick take the 'cachette,' which itself counts as an extra
// trick." Eleven and two are thirteen: A and B won ten of the twelve tricks
// and the twelfth's cachette.
//
//	go test ./projections/rules/quinto -run TheTextsFigure -update
func TestTheTextsFigure(t *testing.T) {
	var b strings.Builder
	for doubled, want := range [][2]int{{55, 10}, {110, 20}, {220, 40}} {
		es, notes := HandEntries(finished(doubled, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12))
		assert.Empty(t, notes)
		assert.Equal(t, want, [2]int{sum(es, cards.EW), sum(es, cards.NS)}, "doubled %d times", doubled)
		for _, e := range es {
			fmt.Fprintf(&b, "%s %4d  %s (%s)\n", e.Side, e.Points, e.Label, e.Law)
		}
	}
	testkit.Golden(t, filepath.Join("testdata", "text.golden"), b.String())
}

// A claim settles the cachette only when it says who won the twelfth
// trick: the claimer's side took all that remained, or none.
func TestTheCachetteAfterAClaim(t *testing.T) {
	claimed := func(n int) *game.Hand {
		h := finished(0)
		h.Tricks = h.Tricks[:8] // eight played, North-South won them
		h.Won = []int{8, 0}
		h.Claim = &game.Claim{Seat: cards.East, Tricks: n}
		h.Won[cards.EW] += n
		h.Won[cards.NS] += 4 - n
		return h
	}
	side, ok := TwelfthTrick(claimed(4))
	assert.True(t, ok)
	assert.Equal(t, cards.EW, side, "East-West claimed all four")
	side, ok = TwelfthTrick(claimed(0))
	assert.True(t, ok)
	assert.Equal(t, cards.NS, side, "East-West claimed none")
	_, ok = TwelfthTrick(claimed(2))
	assert.False(t, ok)
	es, notes := HandEntries(claimed(2))
	assert.Equal(t, 50, sum(es, cards.NS), "ten tricks, no cachette")
	assert.Equal(t, 10, sum(es, cards.EW))
	assert.Contains(t, strings.Join(notes, "\n"), "the cachette is not scored")
}

// The sheet runs on: no line, no game, no winner, and it says what the text
// does not settle.
func TestTheSheetSaysWhatTheTextDoesNotSettle(t *testing.T) {
	hands := []*game.Hand{finished(0, 12), finished(1, 1, 2, 3)}
	sheet := New().Score(game.ScoreInput{Hands: hands, Seating: game.Compass})
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.True(t, r.Running)
	assert.False(t, r.Complete)
	assert.Nil(t, r.Winner)
	assert.Equal(t, 55+100, r.Sides[cards.NS].Total, "eleven tricks at 5; nine and the cachette at 10")
	assert.Equal(t, 10+30, r.Sides[cards.EW].Total, "the twelfth and the cachette at 5; three at 10")
	assert.Equal(t, NoteGame, r.Note)
	assert.Contains(t, sheet.Notes, NoteQuints)
	// Closed by agreement: over, and still nobody has won.
	closed := New().Score(game.ScoreInput{Hands: hands, Seating: game.Compass, Closed: true}).Rubbers[0]
	assert.True(t, closed.Complete)
	assert.Nil(t, closed.Winner)
	assert.Equal(t, r.Sides, closed.Sides)
	assert.Contains(t, closed.Note, NoteClosed)
	assert.Empty(t, New().Score(game.ScoreInput{Seating: game.Compass}).Rubbers, "nothing scored yet")
	assert.Contains(t, New().Info().Code, "breaks off before it defines the quints")
}

// "After settling partners and deal in the usual way": Bridge's cut; the
// Quint Royal has no place in it.
func TestTheCut(t *testing.T) {
	cut := func(cs ...string) []game.CutCard {
		var out []game.CutCard
		for i, c := range cs {
			card, err := cards.ParseCard(c)
			require.NoError(t, err)
			out = append(out, game.CutCard{Seat: cards.Seat(i), Card: card})
		}
		return out
	}
	d, err := New().CutDealer(cut("S7", "C9", "H3", "DK"), nil)
	require.NoError(t, err)
	assert.Equal(t, cards.South, d, "the lowest deals")
	_, err = New().CutDealer(cut("JK", "C9", "H3", "DK"), nil)
	assert.ErrorContains(t, err, "ranks no Quint Royal")
	assert.Contains(t, New().CutRule(nil), "the lowest deals")
}
