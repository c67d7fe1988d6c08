package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
)

// Claims in games without a declarer say whose claim it is; they once
// panicked (index out of range [-1]).
func TestClaimWithoutADeclarerSaysWhose(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup [][]string
		claim []string
		by    []string
		won   map[string]any
	}{
		{"whist", [][]string{{"new", "--game", "whist", "--players", "Ann,Bob,Cy,Di"}, {"deal", "--seed", "7"}},
			[]string{"claim", "8"}, []string{"claim", "8", "--by", "NS"}, map[string]any{"NS": 8.0, "EW": 5.0}},
		{"duplicate whist", [][]string{{"new", "--game", "duplicate-whist"}, {"deal", "--board", "1", "--seed", "41"}},
			[]string{"claim", "7"}, []string{"claim", "7", "--by", "E"}, map[string]any{"EW": 7.0, "NS": 6.0}},
		{"Five Hundred, nobody bid", [][]string{{"new", "--game", "five-hundred", "--players", "Ann,Bob,Cy"}, {"deal", "--seed", "3"}, {"call", "P", "P", "P"}},
			[]string{"claim", "3"}, []string{"claim", "3", "--by", "Bob", "A=4", "C=3"}, map[string]any{"A": 4.0, "B": 3.0, "C": 3.0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "c.db")
			for _, args := range c.setup {
				ok(t, db, args...)
			}
			before := fileHash(t, db)
			r := hoyle(t, db, c.claim...)
			assert.Equal(t, 1, r.code, r.err)
			assert.Contains(t, r.err, "say whose claim it is")
			assert.Equal(t, before, fileHash(t, db), "nothing was appended")
			ok(t, db, c.by...)
			v := showJSON(t, db)
			assert.Equal(t, "done", v["phase"])
			assert.Equal(t, c.won, v["tricks"])
		})
	}
}

// A Five Hundred claim says how the rest fall, and the opponents of the
// bidder score 10 a trick for theirs (Hoyle's Games Modernized, Five
// Hundred: "each opponent of the bidder scores 10 points for every trick
// that he wins").
func TestFiveHundredClaimSharesTheRest(t *testing.T) {
	db := filepath.Join(t.TempDir(), "500.db")
	ok(t, db, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy", "--dealer", "Cy")
	ok(t, db, "deal", "--hand", "Ann=87.AKJ.J7.87+JK", "--hand", "Bob=AKQ.QT9.AK.AK", "--hand", "Cy=JT9.87.QT.QJT", "--widow", "..98.9")
	ok(t, db, "call", "P", "6H", "P")
	ok(t, db, "discard", "C9", "D8", "D9")
	r := hoyle(t, db, "claim", "5")
	require.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "say how the other 5 tricks fall between A and C")
	ok(t, db, "claim", "5", "A=3") // C, the one left out, takes the other 2
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"A": 3.0, "B": 5.0, "C": 2.0}, v["tricks"])
	tally := scoreJSON(t, db)["tally"].([]any)[0].(map[string]any)
	assert.Equal(t, map[string]any{"A": 30.0, "B": 0.0, "C": 20.0}, tally["won"], "the opponents score 10 a trick")
	assert.Equal(t, map[string]any{"A": 0.0, "B": 100.0, "C": 0.0}, tally["lost"], "Bob is set at six hearts (100)")
}

// A board is the same deal each time it is played (Duplicate Whist, as
// Foster's Complete Hoyle describes it: "the same deal played at several
// tables"): dealt again in a session with other cards it is refused; given
// blank, it is the board's cards.
func TestABoardIsTheSameDealEachTime(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dw.db")
	ok(t, db, "new", "--game", "duplicate-whist")
	ok(t, db, "deal", "--board", "1", "--seed", "41")
	first := showJSON(t, db)["hands"]
	ok(t, db, "claim", "7", "--by", "NS")
	before := fileHash(t, db)
	r := hoyle(t, db, "deal", "--board", "1", "--seed", "42")
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "board 1 was dealt as hand 1 with other cards")
	assert.Equal(t, before, fileHash(t, db), "nothing was appended")
	ok(t, db, "deal", "--board", "1") // the cards are the board's
	v := showJSON(t, db)
	assert.Equal(t, first, v["hands"])
	assert.Equal(t, 1.0, v["board"])
}

// In a duplicate session a plain deal is the next board, with that board's
// dealer and vulnerability, in the score and the export alike (it was once
// scored as "board 3" and exported with another dealer).
func TestAPlainDealIsTheNextBoard(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dup.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "duplicate")
	for _, b := range []string{"7", "8"} {
		ok(t, db, "deal", "--board", b)
		ok(t, db, "call", "P", "P", "P", "P")
	}
	ok(t, db, "deal")
	v := showJSON(t, db)
	assert.Equal(t, 9.0, v["board"])
	assert.Equal(t, "N", v["dealer"], "board 9: North deals")
	assert.ElementsMatch(t, []any{"EW"}, v["vulnerable"], "board 9: East-West vulnerable")
	ok(t, db, "call", "P", "P", "P", "P")
	boards := scoreJSON(t, db)["boards"].([]any)
	assert.Equal(t, 9.0, boards[2].(map[string]any)["board"])
	pbn := ok(t, db, "export", "--format", "pbn")
	assert.Contains(t, pbn, "[Board \"9\"]")
	assert.NotContains(t, pbn, "[Board \"3\"]")
}

// A ruleset refuses cards it has no use for: a widow in a game dealt
// whole to four hands (it once stored 55 cards), a card turned up where
// the declaration settles the trump.
func TestImpossibleDealsAreRefused(t *testing.T) {
	for _, c := range []struct {
		game string
		deal []string
		msg  string
	}{
		{"auction", []string{"deal", "--pbn", demoPBN, "--widow", "..98.9"}, "there is no widow in this game"},
		{"contract", []string{"deal", "--turn-up", "H7"}, "no card is turned up for trump in this game"},
		{"bridge", []string{"deal", "--widow", "..98.9"}, "there is no widow in this game"},
	} {
		t.Run(c.game, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "d.db")
			ok(t, db, "new", "--game", c.game)
			before := fileHash(t, db)
			r := hoyle(t, db, c.deal...)
			assert.Equal(t, 1, r.code, r.err)
			assert.Contains(t, r.err, c.msg)
			assert.Equal(t, before, fileHash(t, db))
		})
	}
}

// The 1913 dealer may not pass (Law 42); the refusal says what he records
// instead: one spade, the dealer's way of passing.
func TestTheDealersPassNamesOneSpade(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	ok(t, db, "new", "--game", "auction")
	ok(t, db, "deal")
	r := hoyle(t, db, "call", "P")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "the dealer may not pass")
	assert.Contains(t, r.err, "record 1S, one spade")
	assert.Contains(t, r.err, "(Law 42)")
}

// Names are printable text: a player's or a session's name with control
// characters is refused at new (an older hoyle let them in; the views still
// print those safely, see TestUserTextIsData).
func TestNamesWithControlCharactersAreRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	for _, args := range [][]string{
		{"new", "--game", "auction", "--north", "Ann\x1b[2J"},
		{"new", "--game", "whist", "--players", "Ann,Bob\u202e,Cy,Di"},
		{"new", "--game", "contract", "--name", "Tuesday\x07"},
	} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 2, r.code, "%q: %s", args, r.err)
		assert.Contains(t, r.err, "holds control characters")
		assert.NotContains(t, r.err, "\x1b", "the message escapes what it quotes")
	}
	assert.NoFileExists(t, db, "a refused new creates nothing")
}

// After close, an entry of the play says the session is closed (it once
// told the scorer to record a deal).
func TestEntriesAfterCloseSayTheSessionIsClosed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	ok(t, db, "new", "--game", "contract")
	ok(t, db, "close")
	for _, args := range [][]string{{"call", "1S"}, {"play", "SA"}, {"claim", "3"}} {
		r := hoyle(t, db, args...)
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.err, "the session is closed", "%v", args)
	}
}

// Duplicate Whist Law X, Sec. 4, in a pair match: North-South take 9, 9
// and 8 at three tables; at the third East revoked (two tricks to
// North-South). North-South are capped at the others' best (9) and
// East-West floored at the others' least (4) before the averages, and
// East-West then bear the full penalty: North-South 0 at every table,
// East-West 0, 0 and -1. (Averaging the scores as made once gave
// North-South +0.33 at every table and East-West -1.33 at the third.)
func TestDuplicateWhistLawXPairMatch(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dw.db")
	var ids []string
	for _, tb := range []string{"1", "2", "3"} {
		ids = append(ids, strings.TrimSpace(ok(t, db, "new", "--game", "duplicate-whist", "--event", "Whist pairs", "--table", tb)))
	}
	for i, id := range ids {
		ok(t, db, "--session", id, "deal", "--board", "1", "--pbn", "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87", "--turn-up", "C5")
		if i < 2 {
			ok(t, db, "--session", id, "claim", "9", "--by", "NS")
			continue
		}
		ok(t, db, "--session", id, "play", "SK", "SA", "S5", "S3", "C2", "C7", "CA")
		ok(t, db, "--session", id, "play", "--irregular", "D8")
		ok(t, db, "--session", id, "play", "CK", "CJ", "C3", "C8")
		ok(t, db, "--session", id, "claim", "5", "--by", "NS")
	}
	testkit.Golden(t, "testdata/duplicate-whist-lawx.golden", ok(t, db, "compare"))
}
