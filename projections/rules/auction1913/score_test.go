package auction1913

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// TestTableOfHonourValues is Foster's TABLE OF HONOUR VALUES (Auction
// Bridge, 1914) row by row, columns spades, clubs, diamonds, hearts, royal
// spades, no trump.
func TestTableOfHonourValues(t *testing.T) {
	strains := []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.RoyalSpades, cards.NoTrump}
	table := []struct {
		holding string
		values  [6]int // 0: no such holding
	}{
		{Holding3, [6]int{4, 12, 14, 16, 18, 30}},
		{Holding4, [6]int{8, 24, 28, 32, 36, 40}},
		{Holding4InOne, [6]int{16, 48, 56, 64, 72, 100}},
		{Holding5, [6]int{10, 30, 35, 40, 45, 0}},
		{Holding5FourIn1, [6]int{18, 54, 63, 72, 81, 0}},
		{Holding5InOne, [6]int{20, 60, 70, 80, 90, 0}},
	}
	assert.Equal(t, []int{2, 6, 7, 8, 9, 10}, []int{TrickValue(strains[0]), TrickValue(strains[1]), TrickValue(strains[2]),
		TrickValue(strains[3]), TrickValue(strains[4]), TrickValue(strains[5])}, "Each Trick Above 6")
	for _, row := range table {
		for i, s := range strains {
			got, ok := HonoursValue(s, row.holding)
			assert.Equal(t, row.values[i] != 0, ok, "%s at %s exists", row.holding, s)
			assert.Equal(t, row.values[i], got, "%s at %s", row.holding, s)
		}
	}
}

func TestParseHolding(t *testing.T) {
	for in, want := range map[string]string{"3": Holding3, "simple": Holding3, "4": Holding4, "4-IN-ONE": Holding4InOne,
		"4-in-1": Holding4InOne, " 5 ": Holding5, "5-4-in-one": Holding5FourIn1, "5-in-one": Holding5InOne} {
		got, err := ParseHolding(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "2", "6", "chicane", "4-in-two"} {
		_, err := ParseHolding(bad)
		var tok *cards.TokenError
		require.ErrorAs(t, err, &tok, bad)
		assert.True(t, errors.Is(err, game.ErrBadHolding))
		assert.Contains(t, err.Error(), "Law 6")
	}
}

func FuzzParseHolding(f *testing.F) {
	for _, s := range []string{"3", "simple", "4-in-one", "5-4-in-one", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHolding(s)
		if err != nil {
			if !errors.Is(err, game.ErrBadHolding) {
				t.Fatalf("%q: error %v does not unwrap to game.ErrBadHolding", s, err)
			}
			return
		}
		again, err := ParseHolding(h)
		if err != nil || again != h {
			t.Fatalf("%q read as %q, which reads back as %q, %v", s, h, again, err)
		}
		if _, ok := HonoursValue(cards.StrainHearts, h); !ok {
			t.Fatalf("%q has no value with a trump suit", h)
		}
	})
}

func deal(t *testing.T, pbn string) []cards.Set {
	t.Helper()
	d, err := cards.ParseDeal(pbn)
	require.NoError(t, err)
	return d
}

func TestDealHonours(t *testing.T) {
	cases := []struct {
		name    string
		pbn     string
		strain  cards.Strain
		side    cards.Side
		holding string
		ok      bool
	}{
		// Hearts: N AKQJ, S T: four in one hand and the fifth in partner's.
		{"5, 4 in one", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.StrainHearts, cards.NS, Holding5FourIn1, true},
		// Spades: E A K Q J, N T: four in one hand, the fifth against.
		{"4 in one", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.StrainSpades, cards.EW, Holding4InOne, true},
		{"royals are spades", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.RoyalSpades, cards.EW, Holding4InOne, true},
		// Clubs: W A K Q J, N none, S none, E T: four in one hand.
		{"clubs", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.StrainClubs, cards.EW, Holding5FourIn1, true},
		// Diamonds: S A K Q J, E T.
		{"diamonds", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.StrainDiamonds, cards.NS, Holding4InOne, true},
		// No trump: the aces are N H, E S, S D, W C: two and two, none.
		{"aces divided", "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ", cards.NoTrump, cards.NoSide, "", false},
		// Each hand holds one whole suit.
		{"five in one", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", cards.StrainSpades, cards.NS, Holding5InOne, true},
		{"one ace in each hand", "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", cards.NoTrump, cards.NoSide, "", false},
		// No trump: N holds the spade and heart aces, S the diamond ace.
		{"three aces", "N:AKQJ.AKQJ.5432.2 T987.T987.T9.T98 65432.5.AKQJ.765 .6432.876.AKQJ43", cards.NoTrump, cards.NS, Holding3, true},
	}
	for _, c := range cases {
		side, holding, ok := DealHonours(c.strain, deal(t, c.pbn), game.Compass)
		assert.Equal(t, c.ok, ok, c.name)
		assert.Equal(t, c.side, side, c.name)
		assert.Equal(t, c.holding, holding, c.name)
	}
}

// TestDealHonoursProperties: with a trump suit exactly one side always
// holds honours and their value is a multiple of the trick value by Law 6;
// at no trump a side holds honours exactly when it has three aces or more.
func TestDealHonoursProperties(t *testing.T) {
	strains := []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.RoyalSpades, cards.NoTrump}
	rapid.Check(t, func(t *rapid.T) {
		pack := rapid.Permutation(cards.Deck(2, false)).Draw(t, "pack")
		dr := game.DealRoundRobin(pack, cards.Seat(rapid.IntRange(0, 3).Draw(t, "dealer")), 4)
		s := rapid.SampledFrom(strains).Draw(t, "strain")
		side, holding, ok := DealHonours(s, dr.Hands, game.Compass)
		if s != cards.NoTrump {
			if !ok {
				t.Fatalf("no side holds honours at %s", s)
			}
			v, _ := HonoursValue(s, holding)
			if v%TrickValue(s) != 0 {
				t.Fatalf("%s at %s is worth %d", holding, s, v)
			}
			return
		}
		aces := map[cards.Side]int{}
		for seat, h := range dr.Hands {
			for _, u := range cards.Suits {
				if h.Has(cards.NewCard(u, cards.Ace)) {
					aces[cards.Seat(seat).Partnership()]++
				}
			}
		}
		if ok != (aces[cards.NS] >= 3 || aces[cards.EW] >= 3) || (ok && aces[side] < 3) {
			t.Fatalf("aces %v, honours %v %s %v", aces, side, holding, ok)
		}
	})
}

// hand builds a finished hand: a contract by declarer after the calls
// given (the first by the dealer), the declaring side's tricks, and the
// honours claimed.
func hand(n int, dealer, declarer cards.Seat, calls string, level int, s cards.Strain, doubled, tricks int, honours map[cards.Side]string) *game.Hand {
	h := game.NewHand(n, dealer, game.Compass, game.Options{})
	seat := dealer
	for _, tok := range splitCalls(calls) {
		c, err := cards.ParseCall(tok)
		if err != nil {
			panic(err)
		}
		h.Calls = append(h.Calls, game.CallEntry{Seat: seat, Call: c})
		seat = seat.Next(4)
	}
	h.Contract = &game.Contract{Level: level, Strain: s, Doubled: doubled, Declarer: declarer}
	h.Phase = game.PhaseDone
	decl := declarer.Partnership()
	h.Won[decl], h.Won[1-decl] = tricks, 13-tricks
	h.HonoursClaimed = honours
	return h
}

func splitCalls(s string) []string {
	var out []string
	word := ""
	for _, r := range s + " " {
		if r == ' ' {
			if word != "" {
				out = append(out, word)
			}
			word = ""
			continue
		}
		word += string(r)
	}
	return out
}

type figure struct {
	side   cards.Side
	above  bool
	points int
}

func figures(es []game.Entry) []figure {
	var out []figure
	for _, e := range es {
		out = append(out, figure{e.Side, e.Above, e.Points})
		if e.Law == "" {
			panic("an entry without its law: " + e.Label)
		}
	}
	return out
}

// TestFosterWorkedExamples are the examples of Foster's PENALTIES (seeds
// 003) and the 1913 laws they illustrate.
func TestFosterWorkedExamples(t *testing.T) {
	ns, ew := cards.NS, cards.EW
	simple := map[cards.Side]string{ns: Holding3}
	cases := []struct {
		name string
		h    *game.Hand
		want []figure
		law  string
	}{
		{"three hearts making only the odd, simple honours: 16 above, 100 to the other side",
			hand(1, cards.South, cards.South, "3H P P P", 3, cards.StrainHearts, 0, 7, simple),
			[]figure{{ew, true, 100}, {ns, true, 16}}, LawUnder},
		{"three no trumps doubled making five by cards: 5 times 20, aces as held, 150",
			hand(1, cards.South, cards.South, "3NT X P P P", 3, cards.NoTrump, 1, 11, simple),
			[]figure{{ns, false, 100}, {ns, true, 150}, {ns, true, 30}}, LawDoubledMade},
		{"the dealer's one spade set one trick: 50",
			hand(1, cards.South, cards.South, "1S P P P", 1, cards.StrainSpades, 0, 6, map[cards.Side]string{ew: Holding4}),
			[]figure{{ew, true, 50}, {ew, true, 8}}, LawUnder},
		{"the dealer's one spade set six tricks: only 100, and little slam to the adversaries",
			hand(1, cards.South, cards.South, "1S P P P", 1, cards.StrainSpades, 0, 1, simple),
			[]figure{{ew, true, 100}, {ns, true, 4}, {ew, true, 20}}, LawOneSpade},
		{"the dealer's one spade doubled and set three tricks: only 100 (Law 48)",
			hand(1, cards.South, cards.South, "1S X P P P", 1, cards.StrainSpades, 1, 4, simple),
			[]figure{{ew, true, 100}, {ns, true, 4}}, LawOneSpade},
		{"the dealer's one spade redoubled and set two tricks: 400, no limit",
			hand(1, cards.South, cards.South, "1S X XX P P P", 1, cards.StrainSpades, 2, 5, simple),
			[]figure{{ew, true, 400}, {ns, true, 4}}, LawUnder},
		{"two spades doubled and set three: 300, the limit is the dealer's one spade only",
			hand(1, cards.South, cards.South, "1S P 2S X P P P", 2, cards.StrainSpades, 1, 5, simple),
			[]figure{{ew, true, 300}, {ns, true, 4}}, LawUnder},
		{"three hearts doubled making four by cards: 64 below, 50 and 50 for the extra trick",
			hand(1, cards.South, cards.South, "3H X P P P", 3, cards.StrainHearts, 1, 10, simple),
			[]figure{{ns, false, 64}, {ns, true, 100}, {ns, true, 16}}, LawDoubledMade},
		{"two royals redoubled making three: 108 below, 100 and 100",
			hand(1, cards.West, cards.East, "1S 2R X XX P P P", 2, cards.RoyalSpades, 2, 9, map[cards.Side]string{ew: Holding5}),
			[]figure{{ew, false, 108}, {ew, true, 200}, {ew, true, 45}}, LawDoubledMade},
		{"one club making a little slam: all tricks count (Law 47), 20 for little slam",
			hand(1, cards.South, cards.North, "1S P 1C P P P", 1, cards.StrainClubs, 0, 12, map[cards.Side]string{ew: Holding3}),
			[]figure{{ns, false, 36}, {ew, true, 12}, {ns, true, 20}}, LawLittleSlam},
		{"the adversaries take all thirteen: slam to them",
			hand(1, cards.South, cards.South, "2NT P P P", 2, cards.NoTrump, 0, 0, nil),
			[]figure{{ew, true, 400}, {ew, true, 40}}, LawSlam},
		{"seven no trumps taking twelve: the failed declarer scores no slam",
			hand(1, cards.South, cards.South, "7NT P P P", 7, cards.NoTrump, 0, 12, map[cards.Side]string{ns: Holding4InOne}),
			[]figure{{ew, true, 50}, {ns, true, 100}}, LawUnder},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			es, notes := HandEntries(c.h)
			assert.Empty(t, notes)
			assert.Equal(t, c.want, figures(es))
			laws := map[string]bool{}
			for _, e := range es {
				laws[e.Law] = true
			}
			assert.True(t, laws[c.law], "an entry cites %q: %v", c.law, es)
		})
	}
}

func TestHonoursNotClaimedIsNoted(t *testing.T) {
	es, notes := HandEntries(hand(4, cards.South, cards.South, "2H P P P", 2, cards.StrainHearts, 0, 8, nil))
	assert.Equal(t, []figure{{cards.NS, false, 16}}, figures(es))
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0], "hand 4")
	assert.Contains(t, notes[0], "hoyle honours")
	// At no trump the aces may be divided two and two: nothing to note.
	_, notes = HandEntries(hand(4, cards.South, cards.South, "1NT P P P", 1, cards.NoTrump, 0, 8, nil))
	assert.Empty(t, notes)
}

func TestHonoursFromTheDeal(t *testing.T) {
	h := hand(1, cards.South, cards.South, "1H P P P", 1, cards.StrainHearts, 0, 7, map[cards.Side]string{cards.EW: Holding3})
	// Hearts: N A K Q J and S T: five honours, four in one hand, for NS.
	copy(h.Dealt, deal(t, "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ"))
	es, notes := HandEntries(h)
	assert.Equal(t, []figure{{cards.NS, false, 8}, {cards.NS, true, 72}}, figures(es))
	assert.Equal(t, "five honours, four in one hand", es[1].Label)
	require.Len(t, notes, 1, "the claim that the deal contradicts is noted")
	assert.Contains(t, notes[0], "the hands are scored")
}

func sides(r game.Rubber) [2]game.SideTotal {
	return [2]game.SideTotal{*r.Sides[cards.NS], *r.Sides[cards.EW]}
}

// TestFosterScorePad is the rubber of Foster's KEEPING SCORE: WE (NS) 42,
// THEY (EW) 492, THEY win 450.
func TestFosterScorePad(t *testing.T) {
	ns, ew := cards.NS, cards.EW
	hands := []*game.Hand{
		hand(1, cards.South, cards.South, "1H P P P", 1, cards.StrainHearts, 0, 7, map[cards.Side]string{ns: Holding3}),
		hand(2, cards.West, cards.North, "1S 2R P P P", 2, cards.RoyalSpades, 0, 6, map[cards.Side]string{ns: Holding3}),
		hand(3, cards.North, cards.East, "1S 3NT P P P", 3, cards.NoTrump, 0, 10, map[cards.Side]string{ew: Holding3}),
		hand(4, cards.East, cards.East, "4R P P P", 4, cards.RoyalSpades, 0, 10, map[cards.Side]string{ew: Holding4}),
	}
	sheet := New().Score(game.ScoreInput{Hands: hands, Seating: game.Compass})
	assert.Empty(t, sheet.Notes)
	require.Len(t, sheet.Rubbers, 1)
	r := sheet.Rubbers[0]
	assert.True(t, r.Complete)
	require.NotNil(t, r.Winner)
	assert.Equal(t, ew, *r.Winner)
	assert.Equal(t, 450, r.Points)
	assert.Equal(t, [2]game.SideTotal{{Above: 34, Below: 8, Total: 42}, {Above: 416, Below: 76, Total: 492}}, sides(r))
	assert.Equal(t, []cards.Side{ew, ew}, r.Games)
	assert.Equal(t, []int{1, 2, 3, 4}, r.Hands)
	var lines []int
	for _, e := range r.Entries {
		if e.GameLine {
			lines = append(lines, e.Hand)
		}
	}
	assert.Equal(t, []int{3, 4}, lines, "a line under each game")
	last := r.Entries[len(r.Entries)-1]
	assert.Equal(t, game.Entry{Side: ew, Above: true, Points: 250, Label: "rubber", Law: LawRubber}, last)
}

func TestGamesAndRubbers(t *testing.T) {
	ns, ew := cards.NS, cards.EW
	h := func(n int, decl cards.Seat, level int, s cards.Strain, tricks int) *game.Hand {
		return hand(n, decl, decl, "x", level, s, 0, tricks, map[cards.Side]string{decl.Partnership(): Holding3})
	}
	hands := []*game.Hand{
		h(1, cards.South, 2, cards.NoTrump, 9),      // NS 30: game, with all 3 odd counted
		h(2, cards.East, 1, cards.StrainHearts, 9),  // EW 24 in game 2
		h(3, cards.North, 1, cards.StrainClubs, 11), // NS 30: game and rubber; EW's 24 is not carried
		h(4, cards.West, 5, cards.StrainClubs, 12),  // rubber 2: EW 36
	}
	for _, x := range hands {
		x.Calls = nil
	}
	sheet := score(game.ScoreInput{Hands: hands, Seating: game.Compass})
	require.Len(t, sheet.Rubbers, 2)
	r1, r2 := sheet.Rubbers[0], sheet.Rubbers[1]
	assert.Equal(t, []cards.Side{ns, ns}, r1.Games)
	assert.True(t, r1.Complete)
	assert.Equal(t, [2]game.SideTotal{{Above: 30 + 12 + 250, Below: 60, Total: 352}, {Above: 16, Below: 24, Total: 40}}, sides(r1))
	assert.Equal(t, 312, r1.Points)
	assert.Equal(t, 2, r2.Number)
	assert.False(t, r2.Complete)
	assert.Nil(t, r2.Winner, "a rubber in play has no winner yet")
	assert.Equal(t, 0, r2.Points)
	assert.Equal(t, [2]game.SideTotal{{}, {Above: 12 + 20, Below: 36, Total: 68}}, sides(r2))
	assert.Equal(t, []cards.Side{ew}, r2.Games)
}

// TestUnfinishedRubber is Law 11: play stops by agreement and the score is
// made up as it stands, 125 to the winners of a game.
func TestUnfinishedRubber(t *testing.T) {
	ns, ew := cards.NS, cards.EW
	hands := []*game.Hand{
		hand(1, cards.South, cards.South, "3NT P P P", 3, cards.NoTrump, 0, 9, map[cards.Side]string{ew: Holding3}),
		hand(2, cards.West, cards.West, "2H P P P", 2, cards.StrainHearts, 0, 8, map[cards.Side]string{ew: Holding3}),
	}
	in := game.ScoreInput{Hands: hands, Seating: game.Compass}
	open := score(in).Rubbers[0]
	assert.Nil(t, open.Winner)
	in.Closed = true
	sheet := score(in)
	r := sheet.Rubbers[0]
	assert.False(t, r.Complete)
	assert.Equal(t, [2]game.SideTotal{{Above: 125, Below: 30, Total: 155}, {Above: 30 + 16, Below: 16, Total: 62}}, sides(r))
	require.NotNil(t, r.Winner)
	assert.Equal(t, ns, *r.Winner)
	assert.Equal(t, 93, r.Points)
	assert.Contains(t, r.Note, "Law 11")
	last := r.Entries[len(r.Entries)-1]
	assert.Equal(t, LawUnfinished, last.Law)
	assert.Equal(t, 0, last.Hand)

	// A game each: 125 to each side.
	hands = append(hands, hand(3, cards.North, cards.East, "1S 2NT P P P", 2, cards.NoTrump, 0, 10, nil))
	in.Hands = hands
	r = score(in).Rubbers[0]
	assert.Equal(t, []cards.Side{ns, ew}, r.Games)
	assert.Equal(t, 125, r.Sides[ns].Above)
	assert.Equal(t, 46+125, r.Sides[ew].Above)
}

func TestLosersOfTheRubberMayWinTheExcess(t *testing.T) {
	ns, ew := cards.NS, cards.EW
	hands := []*game.Hand{
		hand(1, cards.South, cards.South, "4S X P P P", 4, cards.StrainSpades, 1, 3, map[cards.Side]string{ew: Holding5InOne}),
		hand(2, cards.South, cards.South, "3NT P P P", 3, cards.NoTrump, 0, 9, nil),
		hand(3, cards.South, cards.South, "3NT P P P", 3, cards.NoTrump, 0, 9, nil),
	}
	sheet := score(game.ScoreInput{Hands: hands, Seating: game.Compass})
	r := sheet.Rubbers[0]
	assert.Equal(t, []cards.Side{ns, ns}, r.Games)
	require.NotNil(t, r.Winner)
	assert.Equal(t, ew, *r.Winner, "seven under-tricks doubled and five honours, 720, against 310")
	assert.Equal(t, 700+20-310, r.Points)
	require.NotEmpty(t, sheet.Notes)
	assert.Contains(t, sheet.Notes[len(sheet.Notes)-1], "Law 10")
}

func TestCheckHonours(t *testing.T) {
	rs := New()
	h := hand(1, cards.South, cards.South, "1NT P P P", 1, cards.NoTrump, 0, 7, nil)
	h.Phase = game.PhasePlay
	got, err := rs.CheckHonours(h, cards.NS, "simple")
	require.NoError(t, err)
	assert.Equal(t, Holding3, got)
	_, err = rs.CheckHonours(h, cards.NS, "5")
	assert.ErrorIs(t, err, game.ErrIllegal, "five honours at no trump")

	h.HonoursClaimed = map[cards.Side]string{cards.EW: Holding3}
	_, err = rs.CheckHonours(h, cards.NS, "4")
	assert.ErrorIs(t, err, game.ErrIllegal, "the other side has claimed")
	_, err = rs.CheckHonours(h, cards.EW, "4")
	assert.NoError(t, err, "a side may correct its own claim")

	_, err = rs.CheckHonours(h, cards.NS, "nine")
	assert.ErrorIs(t, err, game.ErrBadHolding)

	auction := game.NewHand(1, cards.South, game.Compass, game.Options{})
	_, err = rs.CheckHonours(auction, cards.NS, "3")
	assert.ErrorIs(t, err, game.ErrIllegal, "no trump yet")

	known := hand(1, cards.South, cards.South, "1H P P P", 1, cards.StrainHearts, 0, 7, nil)
	copy(known.Dealt, deal(t, "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ"))
	_, err = rs.CheckHonours(known, cards.NS, "3")
	assert.ErrorIs(t, err, game.ErrIllegal, "the deal is recorded")
}
