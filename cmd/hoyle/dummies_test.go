package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

// English Dummy seats three players at four hands, from the command line
// to the score: the dummy's seat has no player of its own, its partner is
// asked for its cards (hoyle play, hoyle record), the write-up names who
// plays it, and the players change seats at each new rubber of the tournée.
func TestEnglishDummyFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "dummy.db")
	r := hoyle(t, db, "new", "--game", "dummy", "--players", "Ann,Bob,Cy,Di")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "English Dummy has 3 players (S, W, E; N is played by S)")
	r = hoyle(t, db, "new", "--game", "dummy", "--north", "Di")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "N has no player of its own")

	n := scriptPart(t, db, "dummy", "deal", 0)
	v := showJSON(t, db)
	assert.Equal(t, "N", v["dealer"], "Ann deals the first hand for her dummy")
	assert.Equal(t, "N", v["dummy"])
	assert.Equal(t, map[string]any{"N": "Ann", "E": "Cy", "S": "Ann", "W": "Bob"}, v["played_by"])
	assert.Equal(t, "E", v["turn"], "the eldest hand leads")
	// Three cards; then dummy's turn, and his partner is asked for it.
	out := ok(t, db, "play", "H5", "H4", "HJ")
	assert.Contains(t, out, "N (dummy, played by Ann) to play")
	assert.Contains(t, ok(t, db, "show", "--no-dd"), "North: Ann's dummy")
	ok(t, db, "undo")
	ok(t, db, "undo")
	ok(t, db, "undo")
	scriptPart(t, db, "dummy", "", n)

	s := gamesSession(t, db)
	h9 := s.Hands[8]
	assert.True(t, h9.IsDummy(cards.North), "the third rubber's dummy lies North, where the deal had come round to")
	assert.Equal(t, "Cy", s.PlayerIn(h9, cards.North), "Cy takes dummy for the third rubber")
	assert.Equal(t, "Ann", s.PlayerIn(h9, cards.West))

	sc := scoreJSON(t, db)
	rubbers := sc["rubbers"].([]any)
	require.Len(t, rubbers, 3)
	assert.Equal(t, map[string]any{"Ann": -16.0, "Bob": 8.0, "Cy": 8.0}, rubbers[0].(map[string]any)["players"])
	assert.Equal(t, map[string]any{"Ann": -5.0, "Bob": 10.0, "Cy": -5.0}, rubbers[1].(map[string]any)["players"], "Bob took dummy for the second")
	assert.Nil(t, rubbers[2].(map[string]any)["players"], "the third is in play: nothing settled")
	assert.Equal(t, map[string]any{"Ann": -21.0, "Bob": 18.0, "Cy": 3.0}, sc["players"])
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "players: Bob +10 (dummy's partner), Ann -5, Cy -5")
	assert.Contains(t, pad, "In all: Ann -21, Bob +18, Cy +3")
	golden(t, "dummy-score.golden", pad)
	writesUp(t, db)
}

// The live-table prompt asks dummy's partner for dummy's card.
func TestRecordAsksDummysPartner(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "dummy.db")
	out := hoyleIn(t, db, "deal --seed 31 --cut 10\nh5 h4 hj\n", "record", "--game", "dummy", "--players", "Ann,Bob,Cy")
	require.Equal(t, 0, out.code, out.err)
	assert.Contains(t, out.out, "no hand yet · N (dummy, played by Ann) deals> ", "the lowest deals the first hand for his dummy")
	assert.Contains(t, out.out, "  dummy N (dummy, played by Ann): ")
	assert.Contains(t, out.out, "trick 1 · N (dummy, played by Ann) to play> ")
}

// Double Dummy seats two players, each with a dummy.
func TestDoubleDummyFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "dd.db")
	r := hoyle(t, db, "new", "--game", "double-dummy", "--players", "Ann,Bob,Cy")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "Double Dummy has 2 players (S, W; N is played by S, E is played by W)")
	n := scriptPart(t, db, "double-dummy", "deal", 0)
	v := showJSON(t, db)
	assert.Equal(t, []any{"N", "E"}, v["dummies"])
	assert.Equal(t, map[string]any{"N": "Ann", "E": "Bob", "S": "Ann", "W": "Bob"}, v["played_by"])
	assert.Equal(t, "E", v["turn"])
	assert.Contains(t, ok(t, db, "show"), "East: Bob's dummy")
	scriptPart(t, db, "double-dummy", "", n)
	sc := scoreJSON(t, db)
	r0 := sc["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, true, r0["complete"])
	golden(t, "double-dummy-score.golden", ok(t, db, "score"))
	writesUp(t, db)
}

// Mort: each player takes Mort for a game of the tournée.
func TestMortFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "mort.db")
	script(t, db, "mort")
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "Game 1 (WE ")
	assert.Contains(t, pad, "Game 3 (WE ")
	assert.NotContains(t, pad, "the rubber", "no rubber points")
	games := scoreJSON(t, db)["rubbers"].([]any)
	require.Len(t, games, 3)
	assert.Equal(t, map[string]any{"Ann": 6.0, "Bob": -3.0, "Cy": -3.0}, games[0].(map[string]any)["players"])
	var takers []string
	s := gamesSession(t, db)
	for _, r := range s.Score().Rubbers {
		for _, p := range r.Players {
			if p.Role != "" {
				takers = append(takers, p.Name)
			}
		}
	}
	assert.Equal(t, []string{"Ann", "Bob", "Cy"}, takers)
	golden(t, "mort-score.golden", pad)
	writesUp(t, db)
}

// Humbug Whist seats two players at four hands; each is content or
// exchanges his hand for the one on his right.
func TestHumbugFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "humbug.db")
	r := hoyle(t, db, "new", "--game", "humbug", "--players", "Ann")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "Humbug Whist has 2 players")
	n := scriptPart(t, db, "humbug", "deal", 0)
	v := showJSON(t, db)
	assert.Equal(t, "auction", v["phase"])
	assert.Equal(t, "N", v["turn"], "the dealer's adversary says first")
	assert.Equal(t, []any{"E", "W"}, v["out"], "the dead hands lie aside")
	r = hoyle(t, db, "call", "double")
	assert.Equal(t, 2, r.code, "no doubling: content or exchange")
	n = scriptPart(t, db, "humbug", "call", n)
	n = scriptPart(t, db, "humbug", "deal", n)
	ok(t, db, "call", "exchange")
	v = showJSON(t, db)
	assert.Equal(t, []any{"S", "W"}, v["out"], "Bob (North) dealt; Ann put her hand down for East's")
	assert.Equal(t, "Ann", v["played_by"].(map[string]any)["E"])
	ok(t, db, "undo")
	scriptPart(t, db, "humbug", "", n)

	// Honours claimed by a player, where the players are the sides.
	r = hoyle(t, db, "honours", "NS", "2")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "give a player, or his seat")
	sc := scoreJSON(t, db)
	assert.Equal(t, true, sc["rubbers"].([]any)[0].(map[string]any)["complete"])
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "(WE N, THEY S)")
	golden(t, "humbug-score.golden", pad)
	writesUp(t, db)
}

// Humbug Whist's variation, where the dealer announces the trump and his
// adversary alone may exchange, recorded, shown, replayed and written up.
func TestHumbugTrumpAnnouncedFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "humbug.db")
	ok(t, db, "new", "--game", "humbug", "--players", "Ann,Bob", "--option", "trump=announced")
	r := hoyle(t, db, "deal", "--hand", "N=AKQJT9876.AKQ.A.", "--hand", "S=.J2.K.AKQJT98765", "--turn-up", "H2")
	assert.Equal(t, 1, r.code, "no card is turned up")
	assert.Contains(t, r.err, "announcing a trump suit")
	ok(t, db, "deal", "--hand", "N=AKQJT9876.AKQ.A.", "--hand", "S=.J2.K.AKQJT98765")
	assert.Equal(t, "S", showJSON(t, db)["turn"], "Ann, the dealer, announces first")
	before := fileHash(t, db)
	r = hoyle(t, db, "call", "exchange")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "announces a trump suit first")
	assert.Equal(t, before, fileHash(t, db), "nothing recorded")
	ok(t, db, "call", "hearts", "content")
	v := showJSON(t, db)
	assert.Equal(t, "play", v["phase"])
	assert.Equal(t, "H", v["contract"].(map[string]any)["strain"])
	assert.Equal(t, "N", v["turn"], "Bob leads")
	md := ok(t, db, "export", "--format", "md", "--no-dd")
	assert.Contains(t, md, "Trumps: hearts, announced by South")
	assert.Contains(t, ok(t, db, "replay", "--no-dd"), "the play begins; hearts trumps, announced by S")
	ok(t, db, "claim", "7", "--by", "N")
	assert.Contains(t, ok(t, db, "score", "--explain"), "three honours", "Bob's ace, king and queen of the suit announced")
}

// Thirteen and the Odd: two hands, a trump nobody's, a point for the odd
// trick.
func TestThirteenAndTheOddFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "odd.db")
	n := scriptPart(t, db, "thirteen-and-the-odd", "deal", 0)
	v := showJSON(t, db)
	turnUp := v["turn_up"].(string)
	for _, hand := range v["hands"].(map[string]any) {
		assert.NotContains(t, cardsOf(hand.(string)), turnUp, "the trump card belongs to neither player")
	}
	scriptPart(t, db, "thirteen-and-the-odd", "", n)
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "game, a double (5 to 2)")
	golden(t, "thirteen-and-the-odd-score.golden", pad)
	writesUp(t, db)
}

// cardsOf lists a PBN hand's cards as the log writes them ("SA", "H10").
func cardsOf(pbn string) []string {
	h, err := cards.ParseHand(pbn)
	if err != nil {
		return nil
	}
	var out []string
	for _, c := range h.Cards() {
		out = append(out, c.String())
	}
	return out
}

// writesUp checks that a dummy game's session verifies, replays and writes
// up, and that show's score is score's. The double-dummy analysis is left
// out: these tests are of the dummy games, and the analysis has tests of
// its own (dd_test.go).
func writesUp(t *testing.T, db string) {
	t.Helper()
	assert.Contains(t, ok(t, db, "verify"), "verified")
	assert.Contains(t, ok(t, db, "export", "--hand", "1", "--no-dd"), "## Play")
	assert.Contains(t, ok(t, db, "replay", "--hand", "1", "--no-dd"), "trick 1")
	assert.Equal(t, scoreJSON(t, db), showJSON(t, db)["score"])
}
