package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
)

// The players cut, and the cut names the first dealer by the session's
// laws: today's rubber bridge gives the deal to the highest card, the
// 1913 laws and Five Hundred to the lowest.
func TestCutForDealFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cut.db")
	ok(t, db, "new", "--game", "contract", "--north", "Ann", "--east", "Bob", "--south", "Cy", "--west", "Di")
	out := ok(t, db, "cut-for-deal", "N=D7", "Bob=C2", "s=hj", "W=S4")
	assert.Equal(t, "cut for deal: N (Ann) D7, E (Bob) C2, S (Cy) HJ, W (Di) S4\nno hand dealt yet; S (Cy) deals first\n", out)
	assert.Contains(t, ok(t, db, "deal"), "S (Cy) to call")
	assert.Equal(t, cards.South, gamesSession(t, db).Hands[0].Dealer)

	db2 := filepath.Join(t.TempDir(), "cut1913.db")
	ok(t, db2, "new", "--game", "auction")
	assert.Contains(t, ok(t, db2, "cut-for-deal", "N=D7", "E=C2", "S=HJ", "W=S4"), "E deals first", "the lowest deals (Law 19)")
	ok(t, db2, "undo")
	assert.Contains(t, ok(t, db2, "cut-for-deal", "N=D2", "E=C2", "S=H2", "W=S2"), "S deals first", "the heart is the lowest of equal cards (Law 14)")

	db3 := filepath.Join(t.TempDir(), "cut500.db")
	ok(t, db3, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy")
	assert.Contains(t, ok(t, db3, "cut-for-deal", "Ann=SA", "Bob=JK", "Cy=H9"), "B (Bob) deals first", "the Joker is the lowest")
	assert.Contains(t, ok(t, db3, "deal"), "C (Cy) to call", "the eldest hand, on the dealer's left, bids first")
}

// Every bad cut is refused with its token and the law, exits non-zero and
// leaves the database as it was.
func TestCutForDealRefusesBadInput(t *testing.T) {
	rubber := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "contract", "--north", "Ann", "--east", "Bob", "--south", "Cy", "--west", "Di")
	}
	bridge := func(t *testing.T, db string) { ok(t, db, "new", "--game", "bridge") }
	dealt := func(t *testing.T, db string) { rubber(t, db); ok(t, db, "deal") }
	cut := func(t *testing.T, db string) {
		rubber(t, db)
		ok(t, db, "cut-for-deal", "N=D7", "E=C2", "S=HJ", "W=S4")
	}
	duplicate := func(t *testing.T, db string) { ok(t, db, "new", "--game", "contract", "--scoring", "duplicate") }
	fiveHundred := func(t *testing.T, db string) { ok(t, db, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy") }
	cases := []badInput{
		{"a card twice", rubber, []string{"cut-for-deal", "N=D7", "E=d7", "S=HJ", "W=S4"}, 1, []string{"E=D7", "D7 is cut twice", "same pack"}},
		{"an unknown seat", rubber, []string{"cut-for-deal", "N=D7", "Q=C2", "S=HJ", "W=S4"}, 2, []string{`"Q"`, "not a seat", "N, E, S, W"}},
		{"an unknown player", rubber, []string{"cut-for-deal", "N=D7", "Eve=C2", "S=HJ", "W=S4"}, 2, []string{`"Eve"`, "players' names"}},
		{"a seat twice", rubber, []string{"cut-for-deal", "N=D7", "Ann=C2", "S=HJ", "W=S4"}, 1, []string{"Ann=C2", "N's cut is given twice"}},
		{"a seat left out", rubber, []string{"cut-for-deal", "N=D7", "E=C2", "S=HJ"}, 1, []string{"give a card for W"}},
		{"not a card", rubber, []string{"cut-for-deal", "N=D7", "E=ZZ", "S=HJ", "W=S4"}, 2, []string{`"ZZ"`, "not a card"}},
		{"not SEAT=CARD", rubber, []string{"cut-for-deal", "N", "E=C2"}, 2, []string{`"N"`, "SEAT=CARD"}},
		{"no cuts", rubber, []string{"cut-for-deal"}, 2, []string{"SEAT=CARD"}},
		{"after the first deal", dealt, []string{"cut-for-deal", "N=D7", "E=C2", "S=HJ", "W=S4"}, 1, []string{"before the first hand"}},
		{"a second cut", cut, []string{"cut-for-deal", "N=D8", "E=C2", "S=HJ", "W=S4"}, 1, []string{"already recorded (S deals)", "undo"}},
		{"a tie for the lowest", bridge, []string{"cut-for-deal", "N=D2", "E=C2", "S=HJ", "W=S4"}, 1, []string{"N=D2 E=C2", "cut again", "Laws 19 and 20"}},
		{"three tied for the lowest", bridge, []string{"cut-for-deal", "N=D3", "E=C3", "S=H3", "W=SK"}, 1, []string{"N, E and S", "Laws 19 and 20"}},
		{"two aces at Five Hundred", fiveHundred, []string{"cut-for-deal", "A=SA", "B=DA", "C=H7"}, 1, []string{"A=SA B=DA", "cut again"}},
		{"a six at Five Hundred", fiveHundred, []string{"cut-for-deal", "A=S6", "B=DA", "C=H7"}, 1, []string{"S6 is not in this game's pack"}},
		{"at duplicate", duplicate, []string{"cut-for-deal", "N=D7", "E=C2", "S=HJ", "W=S4"}, 1, []string{"each board fixes its dealer", "Law 2"}},
	}
	refused(t, cases)
}

// The help of cut-for-deal and honours speaks of the session's game, from
// its ruleset, or of every game when there is no session.
func TestHelpFromTheRulesets(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none.db")
	all := ok(t, none, "honours", "--help")
	for _, want := range []string{"Auction Bridge (Laws 5 and 6)", "5-4-in-one", "Bridge (Laws 6 and 7)",
		"Contract Bridge (Laws of Rubber Bridge, Law 81)", "Whist (Law 3)"} {
		assert.Contains(t, all, want)
	}
	assert.NotContains(t, all, "Five Hundred", "Five Hundred scores no honours")
	assert.NoFileExists(t, none, "help creates no database")
	cutHelp := ok(t, none, "cut-for-deal", "--help")
	for _, want := range []string{"Auction Bridge: the lowest deals", "Contract Bridge: the highest card drawn deals", "Five Hundred: the lowest deals; the Joker is lowest"} {
		assert.Contains(t, cutHelp, want)
	}

	db := filepath.Join(t.TempDir(), "w.db")
	ok(t, db, "new", "--game", "whist")
	before := fileHash(t, db)
	mine := ok(t, db, "honours", "--help")
	assert.Equal(t, before, fileHash(t, db), "help only reads the database")
	assert.Contains(t, mine, "The holdings of this session's game:")
	assert.Contains(t, mine, "Whist (Law 3)")
	assert.NotContains(t, mine, "5-in-one", "only whist's holdings")
	assert.Equal(t, mine, ok(t, db, "help", "honours"))

	// A database another process writes is not waited for: the help
	// speaks of every game, at once.
	holder, err := bolt.Open(db, bolt.Options{})
	require.NoError(t, err)
	start := time.Now()
	held := ok(t, db, "honours", "--help")
	took := time.Since(start)
	require.NoError(t, holder.Close())
	assert.Equal(t, all, held)
	assert.Less(t, took, time.Second, "help does not wait out the writer (a command waits a second)")

	db500 := filepath.Join(t.TempDir(), "f.db")
	ok(t, db500, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy")
	assert.Contains(t, ok(t, db500, "honours", "--help"), "Five Hundred scores no honours in this session")
	assert.Contains(t, ok(t, db500, "cut-for-deal", "--help"), "Who deals in this session's game:\n\n  Five Hundred: the lowest deals")

	dup := filepath.Join(t.TempDir(), "d.db")
	ok(t, dup, "new", "--game", "contract", "--scoring", "duplicate")
	assert.Contains(t, ok(t, dup, "honours", "--help"), "Contract Bridge scores no honours in this session")
	require.Contains(t, ok(t, dup, "cut-for-deal", "--help"), "no cut for deal at duplicate")
}
