package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// A rubber of Bridge from the cut to the score: the declaration left to
// partner, doubled and re-doubled; the dealer plays, his partner is Dummy.
func TestBridgeRubberFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "bridge.db")
	n := scriptPart(t, db, "bridge", "call P P", 0)
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"level": float64(0), "strain": "NT", "doubled": float64(2), "declarer": "S", "text": "NTXX"}, v["contract"])
	assert.Equal(t, "N", v["dummy"], "the dealer's partner named the trump, and is Dummy")
	assert.Equal(t, "W", v["turn"], "the eldest hand leads")
	assert.Equal(t, []any{"Pass", "NT", "Pass", "X", "Pass", "XX", "Pass", "Pass"}, v["calls"])
	scriptPart(t, db, "bridge", "", n)

	sc := scoreJSON(t, db)
	rubbers := sc["rubbers"].([]any)
	require.Len(t, rubbers, 1)
	r := rubbers[0].(map[string]any)
	assert.Equal(t, true, r["complete"])
	assert.Equal(t, "EW", r["winner"])
	assert.Equal(t, float64(178), r["points"])
	assert.Equal(t, map[string]any{"above": float64(160), "below": float64(108), "total": float64(268)}, r["sides"].(map[string]any)["EW"])
	assert.Equal(t, map[string]any{"above": float64(46), "below": float64(44), "total": float64(90)}, r["sides"].(map[string]any)["NS"])
	first := r["entries"].([]any)[0].(map[string]any)
	assert.Equal(t, "1 by cards at no trumps, doubled 2 times (48 a trick)", first["label"])
	assert.Equal(t, "Law 4, Law 53", first["law"])
	assert.Contains(t, ok(t, db, "score"), "THEY win 178")
}

// A rubber of whist: the turn-up makes the trump; a hand recorded by its
// turn-up alone, with honours claimed.
func TestWhistRubberFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "whist.db")
	n := scriptPart(t, db, "whist", "deal", 0)
	v := showJSON(t, db)
	assert.Equal(t, "play", v["phase"], "no auction")
	assert.Equal(t, "W", v["turn"], "the eldest hand leads")
	assert.Equal(t, "", v["contract"].(map[string]any)["declarer"])
	turnUp := v["turn_up"].(string)
	assert.Equal(t, string(turnUp[0]), v["contract"].(map[string]any)["strain"], "the card turned up makes the trump")
	assert.Contains(t, v["hands"].(map[string]any)["S"], string(turnUp[1]), "the dealer holds the card turned up")
	r := hoyle(t, db, "call", "P")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no auction in whist")
	scriptPart(t, db, "whist", "", n)

	s := gamesSession(t, db)
	// Hand 2 was recorded by its turn-up alone; played to its last card, it
	// shows every hand as dealt, and NS's claim of four honours is checked
	// against them.
	assert.True(t, s.Hands[1].DealKnown(), "the play showed every hand")
	assert.False(t, s.Hands[1].KnownAtDeal(), "hand 2 was recorded by its turn-up alone")
	assert.Equal(t, map[cards.Side]string{cards.NS: "4"}, s.Hands[1].HonoursClaimed)
	sheet := s.Score()
	require.Len(t, sheet.Rubbers, 1)
	rb := sheet.Rubbers[0]
	assert.True(t, rb.Complete)
	assert.Equal(t, []cards.Side{cards.NS, cards.NS}, rb.Games)
	assert.Equal(t, 6, rb.Points, "a treble, a single and the two rubber points")
	var labels []string
	for _, e := range rb.Entries {
		if e.Above {
			labels = append(labels, e.Label)
		}
	}
	assert.Equal(t, []string{"game, a treble (7 to 0)", "game, a single (7 to 3)", "the rubber"}, labels)
}

// Duplicate whist: the same boards played twice at one table, compared.
func TestDuplicateWhistFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dup.db")
	scriptPart(t, db, "duplicate-whist", "", 0)
	sc := scoreJSON(t, db)
	boards := sc["boards"].([]any)
	require.Len(t, boards, 4)
	var got [][3]any
	for _, b := range boards {
		m := b.(map[string]any)
		assert.Nil(t, m["declarer"])
		got = append(got, [3]any{m["board"], m["tricks"], m["ns"]})
	}
	assert.Equal(t, [][3]any{{float64(1), float64(9), float64(3)}, {float64(2), float64(9), float64(3)},
		{float64(1), float64(11), float64(5)}, {float64(2), float64(8), float64(2)}}, got)
	sheet := gamesSession(t, db).Score()
	assert.Equal(t, -2, sheet.Boards[0].Entries[len(sheet.Boards[0].Entries)-1].Points, "board 1: 9 tricks against 11")
	assert.Equal(t, 1, sheet.Boards[1].Entries[len(sheet.Boards[1].Entries)-1].Points, "board 2: 9 tricks against 8")
	s := gamesSession(t, db)
	assert.Equal(t, cards.North, s.Hands[0].Dealer, "North deals board 1")
	assert.Equal(t, cards.East, s.Hands[1].Dealer, "East deals board 2")
}

// A game of Five Hundred from the cut to the winner at 500.
func TestFiveHundredGameFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "500.db")
	n := scriptPart(t, db, "five-hundred", "deal", 0)
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"A": "87.AKJ.J7.87+JK", "B": "AKQ.QT9.AK.AK", "C": "JT9.87.QT.QJT"}, v["hands"])
	assert.Equal(t, "..98.9", v["widow"])
	assert.Equal(t, "C", v["dealer"])
	assert.Equal(t, "A", v["turn"], "the eldest hand bids first")
	assert.Equal(t, map[string]any{"A": float64(0), "B": float64(0), "C": float64(0)}, v["tricks"])
	n = scriptPart(t, db, "five-hundred", "call", n)
	v = showJSON(t, db)
	assert.Equal(t, "exchange", v["phase"])
	assert.Equal(t, "87.AKJ.J987.987+JK", v["hands"].(map[string]any)["A"], "the bidder has taken the widow")
	r := hoyle(t, db, "discard", "C9", "D8")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "three cards, not 2")
	n = scriptPart(t, db, "five-hundred", "discard", n)
	v = showJSON(t, db)
	assert.Equal(t, "play", v["phase"])
	assert.Equal(t, "A", v["turn"], "the bidder leads")
	n = scriptPart(t, db, "five-hundred", "call S", n)
	s := gamesSession(t, db)
	tr := s.Current().CurrentTrick()
	assert.True(t, tr.Named)
	assert.Equal(t, cards.Spades, tr.LedAs, "Ann names spades for the Joker")
	scriptPart(t, db, "five-hundred", "", n)

	s = gamesSession(t, db)
	sheet := s.Score()
	require.Len(t, sheet.Tally, 14)
	assert.Equal(t, game.Tally{Hand: 1, Won: []int{0, 50, 0}, Lost: []int{100, 0, 0}, Net: []int{-100, 50, 0}, Entries: sheet.Tally[0].Entries}, sheet.Tally[0])
	assert.Equal(t, "6 hearts bid, 5 tricks: 100 set back", sheet.Tally[0].Entries[0].Label)
	assert.Equal(t, []int{-220, 110, 0}, sheet.Tally[1].Net, "six no trumps (120) set back")
	assert.Equal(t, []int{10, 500, 370}, sheet.Tally[13].Net)
	require.NotNil(t, sheet.Winner)
	assert.Equal(t, cards.Side(1), *sheet.Winner, "Bob")

	sc := scoreJSON(t, db)
	rb := sc["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, "B", rb["winner"])
	assert.Equal(t, float64(500), rb["points"])
	assert.Contains(t, sc["notes"], "rubber 1: B won on hand 14: the first to score 500 (Five Hundred: the winner)")
}

func TestNewWithPlayers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	ok(t, db, "new", "--game", "five-hundred", "--players", "Ann, Bob ,Cy", "--dealer", "bob")
	assert.Contains(t, ok(t, db, "deal"), "hand 1 · auction · C (Cy) to call", "Bob deals, Cy is the eldest hand")
	s := gamesSession(t, db)
	assert.Equal(t, []string{"Ann", "Bob", "Cy"}, s.Opened.Players)
	assert.Equal(t, cards.Seat(1), s.Opened.Dealer)
	assert.Equal(t, []string{"A", "B", "C"}, s.Seating().Names)
	assert.Equal(t, []game.OptionInfo{{Name: "revoke", Values: []string{"american", "hoffmann"},
		Summary: s.Rules.Info().Options[0].Summary}}, s.Rules.Info().Options)
	assert.Equal(t, "american", s.Opts["revoke"], "the first rule quoted is the default")

	db2 := filepath.Join(t.TempDir(), "q.db")
	ok(t, db2, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy", "--option", "revoke=hoffmann")
	assert.Equal(t, "hoffmann", gamesSession(t, db2).Opts["revoke"])
	db3 := filepath.Join(t.TempDir(), "r.db")
	ok(t, db3, "new", "--game", "bridge", "--players", "Ann,Bob,Cy,Di")
	assert.Equal(t, []string{"Ann", "Bob", "Cy", "Di"}, gamesSession(t, db3).Opened.Players)
}

// Every bad entry for these games is refused with the token and the rule,
// exits non-zero and leaves the database as it was.
func TestNewGamesRefuseBadInput(t *testing.T) {
	fh := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy", "--dealer", "Cy")
	}
	fhDealt := func(t *testing.T, db string) {
		fh(t, db)
		ok(t, db, "deal", "--hand", "A=87.AKJ.J7.87+JK", "--hand", "B=AKQ.QT9.AK.AK", "--hand", "C=JT9.87.QT.QJT")
	}
	fhExchange := func(t *testing.T, db string) { fhDealt(t, db); ok(t, db, "call", "6H", "P", "P") }
	fhPlay := func(t *testing.T, db string) { fhExchange(t, db); ok(t, db, "discard", "C9", "D8", "D9") }
	br := func(t *testing.T, db string) { ok(t, db, "new", "--game", "bridge"); ok(t, db, "deal") }
	wh := func(t *testing.T, db string) { ok(t, db, "new", "--game", "whist") }
	cases := []badInput{
		{"players miscounted", wh, []string{"new", "--game", "five-hundred", "--players", "Ann,Bob"}, 2, []string{"--players", "3 seats"}},
		{"players and seats both", wh, []string{"new", "--game", "bridge", "--players", "a,b,c,d", "--north", "x"}, 2, []string{"--players"}},
		{"hand without a seat", fh, []string{"deal", "--hand", "87.AKJ.J7.87+JK"}, 2, []string{"SEAT=HAND"}},
		{"hand of no seat", fh, []string{"deal", "--hand", "Q=87.AKJ.J7.87+JK"}, 2, []string{`"Q"`, "A, B, C"}},
		{"hand given twice", fh, []string{"deal", "--hand", "A=87.AKJ.J7.87+JK", "--hand", "ann=AKQ.QT9.AK.AK"}, 2, []string{"given twice"}},
		{"hand not a hand", fh, []string{"deal", "--hand", "A=87.AKJ"}, 2, []string{"A's hand"}},
		{"card below the seven", fh, []string{"deal", "--hand", "A=65.AKJ.J7.87+JK", "--widow", "..98.9"}, 1, []string{"not in the Five Hundred pack"}},
		{"widow missing", fh, []string{"deal", "--hand", "A=87.AKJ.J7.87+JK"}, 1, []string{"--widow"}},
		{"hands and a seed", fh, []string{"deal", "--hand", "A=87.AKJ.J7.87+JK", "--seed", "3"}, 1, []string{"not both"}},
		{"a bid under six", fhDealt, []string{"call", "5H"}, 1, []string{"5H", "not fewer than six"}},
		{"an insufficient bid", fhDealt, []string{"call", "7S", "6NT"}, 1, []string{"6NT", "does not overbid 7S (140)"}},
		{"a double", fhDealt, []string{"call", "6H", "X"}, 1, []string{"no doubling"}},
		{"bidding after passing", fhDealt, []string{"call", "P", "6H", "P", "7S"}, 1, []string{"7S"}},
		{"playing before the discard", fhExchange, []string{"play", "JK"}, 1, []string{"widow"}},
		{"discarding two", fhExchange, []string{"discard", "C9", "D8"}, 1, []string{"three cards, not 2"}},
		{"discarding a card not held", fhExchange, []string{"discard", "C9", "D8", "SA"}, 1, []string{"does not hold SA"}},
		{"discarding twice", fhPlay, []string{"discard", "C9", "D8", "D9"}, 1, []string{"made once"}},
		{"playing a discard", fhPlay, []string{"play", "C9"}, 1, []string{"C9"}},
		{"not following the Left Bower", fhPlay, []string{"play", "DJ", "DA"}, 1, []string{"DA", "must follow suit to the hearts led"}},
		{"naming the Joker at trumps", fhPlay, []string{"call", "S"}, 1, []string{"master trump"}},
		{"a bridge bid with a level", br, []string{"call", "1H"}, 1, []string{"1H", "Law 47"}},
		{"passing back to the dealer", br, []string{"call", "P", "P"}, 1, []string{"Law 50"}},
		{"the dealer's side doubling", br, []string{"call", "H", "X", "X"}, 1, []string{"re-doubles", "Law 55"}},
		{"whist without the turn-up", wh, []string{"deal"}, 1, []string{"--turn-up"}},
		{"whist turn-up not the dealer's", wh, []string{"deal", "--pbn", "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96", "--turn-up", "SA"}, 1, []string{"dealer", "SA"}},
		{"whist turn-up not a card", wh, []string{"deal", "--turn-up", "ZZ"}, 2, []string{`"ZZ"`}},
	}
	refused(t, cases)
}

// The turn-up in a whist deal given by hand is the dealer's; a widow left
// over from hands given in full is the widow.
func TestDealByHand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	ok(t, db, "new", "--game", "whist", "--dealer", "S")
	ok(t, db, "deal", "--pbn", "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96", "--turn-up", "HA")
	v := showJSON(t, db)
	assert.Equal(t, "HA", v["turn_up"])
	assert.Equal(t, "H", v["contract"].(map[string]any)["strain"])

	db2 := filepath.Join(t.TempDir(), "b.db")
	ok(t, db2, "new", "--game", "bridge", "--players", "Ann,Bob,Cy,Di")
	ok(t, db2, "deal", "--hand", "Cy=T654.A854.T94.K8", "--hand", "n=AKQ2.K2.A3.AQ432")
	v = showJSON(t, db2)
	assert.Equal(t, map[string]any{"N": "AKQ2.K2.A3.AQ432", "S": "T654.A854.T94.K8"}, v["hands"], "only the hands given are known")
}
