package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/replay/prompt"
)

// scriptBlank runs a fixture script with every deal recorded blank (plain
// deal), as a scorer who does not see the hands records it, and returns the
// PBN deals it left out.
func scriptBlank(t *testing.T, db, name string) []string {
	t.Helper()
	text, err := fixtures.Script(name)
	require.NoError(t, err)
	var deals []string
	for _, words := range prompt.Lines(text) {
		if words[0] == "deal" && len(words) == 3 && words[1] == "--pbn" {
			deals = append(deals, words[2])
			words = words[:1]
		}
		ok(t, db, words...)
	}
	return deals
}

func showAt(t *testing.T, db, at string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--at", at, "--json")), &v))
	return v
}

// A hand dealt blank and played to its last card shows every hand as
// dealt, at every moment of it, and scores its honours from them: Foster's
// score pad, recorded without a single deal, comes out as it does with
// them (WE 42, THEY 492).
func TestABlankDealPlayedOutIsKnown(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	given, blank := filepath.Join(dir, "given.db"), filepath.Join(dir, "blank.db")
	script(t, given, "foster-score-pad")
	deals := scriptBlank(t, blank, "foster-score-pad")
	require.Len(t, deals, 4)
	assert.Equal(t, ok(t, given, "score", "--json"), ok(t, blank, "score", "--json"), "honours counted from the hands the play showed")

	for i, pbn := range deals {
		d, err := cards.ParseDeal(pbn)
		require.NoError(t, err)
		v := showAt(t, blank, itoa(i+1))
		hands := v["hands"].(map[string]any)
		for seat, name := range []string{"N", "E", "S", "W"} {
			assert.Equal(t, d[seat].PBN(), hands[name], "hand %d, %s, as dealt", i+1, name)
		}
	}
	// Mid-hand, the cards still held.
	mid := showAt(t, blank, "1.5")
	assert.Equal(t, showAt(t, given, "1.5")["hands"], mid["hands"])
	md := ok(t, blank, "export", "--hand", "1")
	assert.Equal(t, ok(t, given, "export", "--hand", "1"), md, "the write-up's diagram is the deal")
}

// A partial play shows what is known: the cards each seat has played.
func TestAPartialPlayShowsWhatIsKnown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	ok(t, db, "new", "--game", "contract")
	ok(t, db, "deal")
	ok(t, db, "call", "1NT", "P", "P", "P")
	ok(t, db, "play", "S2", "SA", "S3", "S4", "H2")
	v := showJSON(t, db)
	assert.Empty(t, v["hands"], "no hand is known")
	assert.Equal(t, map[string]any{"N": "A.2..", "E": "3...", "S": "4...", "W": "2..."}, v["shown"], "West led S2; North won with SA and led H2")
}

// Hands turned up after the play are added as events, and refused when
// they contradict the cards played.
func TestHandsGivenAfterThePlay(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	ok(t, db, "new", "--game", "contract")
	ok(t, db, "deal")
	ok(t, db, "call", "1NT", "P", "P", "P")
	ok(t, db, "play", "SK", "SA", "S3", "S4") // South declares; West leads
	before := fileHash(t, db)
	r := hoyle(t, db, "deal", "--hand", "W=QJ.AKQJ.AKQJ.AKQ")
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "W played K..., which the hand given does not hold")
	assert.Equal(t, before, fileHash(t, db))
	ok(t, db, "deal", "--hand", "W=KQ.AKQJT.AKQ.AKQ")
	assert.Equal(t, "Q.AKQJT.AKQ.AKQ", showJSON(t, db)["hands"].(map[string]any)["W"], "held: dealt less played")
	r = hoyle(t, db, "deal", "--hand", "S=4.A765.5432.5432")
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "HA is W's", "a card another seat holds")

	// After the hand, with --of; a second deal is not confused with it.
	ok(t, db, "claim", "7")
	ok(t, db, "deal", "--of", "1", "--hand", "N=AJT9.9876.9876.5")
	v := showAt(t, db, "1")
	assert.Equal(t, "AJT9.9876.9876.5", v["hands"].(map[string]any)["N"])
	r = hoyle(t, db, "deal", "--of", "9", "--hand", "N=AJT9.9876.9876.5")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "there is no hand 9")
}

// Results without the auction and the play, as travellers give them,
// scored by the session's code: by Law 77 at duplicate (4SX by North, one
// down, vulnerable: -200), and by the rubber codes.
func TestResultOnlyEntries(t *testing.T) {
	dir := t.TempDir()
	dup := filepath.Join(dir, "dup.db")
	ok(t, dup, "new", "--game", "contract", "--scoring", "duplicate")
	ok(t, dup, "result", "--board", "7", "4SX", "N", "9")
	ok(t, dup, "result", "--board", "8", "3NT", "W", "=")
	ok(t, dup, "result", "--board", "9", "pass")
	ok(t, dup, "deal", "--board", "10")
	ok(t, dup, "call", "1S", "P", "4S", "P", "P", "P")
	ok(t, dup, "result", "-2")
	var boards []struct {
		Board    int
		Contract string
		Declarer *string
		Tricks   int
		NS       int
	}
	require.NoError(t, json.Unmarshal(mustJSON(t, scoreJSON(t, dup)["boards"]), &boards))
	require.Len(t, boards, 4)
	assert.Equal(t, -200, boards[0].NS, "4SX by N, one down, vulnerable (Law 77)")
	assert.Equal(t, -400, boards[1].NS, "3NT by W made, not vulnerable on board 8")
	assert.Equal(t, "Pass", boards[2].Contract)
	assert.Equal(t, 8, boards[3].Tricks)
	assert.Equal(t, 200, boards[3].NS, "4S by E (East dealt board 10 and bid spades first) two down, vulnerable: 100 a trick")

	// Rubber bridge by its laws; Auction Bridge 1913 with honours claimed.
	rub := filepath.Join(dir, "rub.db")
	ok(t, rub, "new", "--game", "contract")
	ok(t, rub, "deal")
	ok(t, rub, "result", "4H", "S", "10")
	assert.Contains(t, ok(t, rub, "score", "--explain"), "120")
	auc := filepath.Join(dir, "auc.db")
	ok(t, auc, "new", "--game", "auction")
	ok(t, auc, "deal")
	ok(t, auc, "result", "2NT", "E", "9")
	ok(t, auc, "honours", "EW", "3")
	sc := ok(t, auc, "score", "--explain")
	assert.Contains(t, sc, "3 by cards at no trump")
	assert.Contains(t, sc, "three aces")
	whist := filepath.Join(dir, "w.db")
	ok(t, whist, "new", "--game", "whist")
	ok(t, whist, "deal", "--turn-up", "H7")
	ok(t, whist, "result", "--by", "NS", "8")
	assert.Contains(t, ok(t, whist, "score", "--explain"), "2 by cards")
	fh := filepath.Join(dir, "500.db")
	ok(t, fh, "new", "--game", "five-hundred", "--players", "Ann,Bob,Cy")
	ok(t, fh, "deal")
	ok(t, fh, "result", "8H", "B", "8", "A=1")
	tally := scoreJSON(t, fh)["tally"].([]any)[0].(map[string]any)
	assert.Equal(t, map[string]any{"A": 10.0, "B": 300.0, "C": 10.0}, tally["won"], "8H made: 300; A and C one trick each")

	// What a result cannot be.
	for _, c := range []struct {
		setup [][]string
		args  []string
		msg   string
	}{
		{[][]string{{"new", "--game", "contract"}}, []string{"result", "4S", "N", "9"}, "no hand has been dealt"},
		{[][]string{{"new", "--game", "contract"}, {"deal"}, {"call", "1S", "P", "P", "P"}, {"play", "HA"}}, []string{"result", "7"}, "cards have been played"},
		{[][]string{{"new", "--game", "contract"}, {"deal"}, {"call", "1S", "P", "P", "P"}}, []string{"result", "2H", "N", "8"}, "the auction made the contract 1S"},
		{[][]string{{"new", "--game", "auction"}, {"deal"}}, []string{"result", "pass"}, "the dealer must declare"},
		{[][]string{{"new", "--game", "contract"}, {"deal"}}, []string{"result", "4S", "N", "14"}, "a side takes 0 to 13 tricks"},
	} {
		db := filepath.Join(t.TempDir(), "bad.db")
		for _, s := range c.setup {
			ok(t, db, s...)
		}
		before := fileHash(t, db)
		r := hoyle(t, db, c.args...)
		assert.Equal(t, 1, r.code, "%v: %s", c.args, r.err)
		assert.Contains(t, r.err, c.msg, "%v", c.args)
		assert.Equal(t, before, fileHash(t, db))
	}
}

// Honours claimed at the table and the hands the play revealed are checked
// against each other; a conflict is shown, not hidden. Deal 1 of Foster's
// pad, dealt blank and played out: Y-Z hold simple honours in hearts; the
// table claims them for the other side.
func TestHonoursClaimedAgainstRevealedHands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	ok(t, db, "new", "--game", "auction", "--dealer", "S")
	ok(t, db, "deal")
	ok(t, db, "call", "1H", "P", "P", "P")
	for _, trick := range fosterDeal1 {
		ok(t, db, append([]string{"play"}, strings.Fields(trick)...)...)
	}
	ok(t, db, "honours", "EW", "3") // a claim at the table, after the play
	sc := scoreJSON(t, db)
	assert.Contains(t, sc["notes"], "hand 1: EW claimed 3, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored")
	entries := sc["rubbers"].([]any)[0].(map[string]any)["entries"].([]any)
	assert.Contains(t, entries, map[string]any{"hand": 1.0, "side": "NS", "above": true, "points": 16.0,
		"label": "simple honours", "law": entries[1].(map[string]any)["law"]}, "scored from the hands")
}

// fosterDeal1 is the play of deal 1 of fixtures/scripts/foster-score-pad.hoyle.
var fosterDeal1 = []string{"C3 C6 CQ D7", "S8 S9 S5 SA", "C2 C8 S3 CK", "C4 C9 C5 DJ", "CJ S4 HQ CT",
	"H5 H9 H3 H4", "CA DQ S6 DA", "HA D8 H8 H6", "C7 D4 S2 HK", "D6 D5 DK D2", "SJ SK H2 SQ", "HT H7 S7 DT", "D3 HJ D9 ST"}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// At the prompt a person types a deal without the quotes a shell needs, and
// a result like any other entry.
func TestThePromptTakesAnUnquotedDealAndAResult(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	r := hoyleIn(t, db, "deal --pbn N:T876.AQ96.J754.Q AK.J84.KQT8.T762 J432.K7532.A2.K3 Q95.T.963.AJ9854\nresult 3NT N 9\n",
		"record", "--game", "contract", "--scoring", "duplicate")
	require.Equal(t, 0, r.code, r.err)
	v := showJSON(t, db)
	assert.Equal(t, "T876.AQ96.J754.Q", v["hands"].(map[string]any)["N"])
	assert.Equal(t, map[string]any{"NS": 9.0, "EW": 4.0}, v["result"])
	// The shell, too, takes the hands as four words.
	ok(t, db, "deal", "--pbn", "N:T876.AQ96.J754.Q", "AK.J84.KQT8.T762", "J432.K7532.A2.K3", "Q95.T.963.AJ9854")
}
