package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func side(above, below float64) map[string]any {
	return map[string]any{"above": above, "below": below, "total": above + below}
}

// TestFosterScorePad rebuilds the score pad of Foster's KEEPING SCORE
// (Auction Bridge, 1914) from a recorded rubber whose deals give his
// honours and whose play gives his tricks: WE 42, THEY 492, THEY win 450,
// in both styles of pad.
func TestFosterScorePad(t *testing.T) {
	db := filepath.Join(t.TempDir(), "foster.db")
	script(t, db, "foster-score-pad")

	v := scoreJSON(t, db)
	assert.Equal(t, []string{"rubbers"}, keys(v), "no boards, no notes: every honour came from the deal")
	rubbers := v["rubbers"].([]any)
	require.Len(t, rubbers, 1)
	r := rubbers[0].(map[string]any)
	assert.Equal(t, []string{"complete", "entries", "games", "hands", "number", "points", "sides", "winner"}, keys(r))
	assert.Equal(t, []any{"EW", "EW"}, r["games"], "THEY won both games")
	assert.Equal(t, float64(1), r["number"])
	assert.Equal(t, true, r["complete"])
	assert.Equal(t, "EW", r["winner"])
	assert.Equal(t, float64(450), r["points"])
	assert.Equal(t, map[string]any{"NS": side(16+18, 8), "EW": side(100+30+36+250, 40+36)}, r["sides"])
	type fig struct {
		Hand   int
		Side   string
		Above  bool
		Points int
	}
	var figs []fig
	for _, e := range r["entries"].([]any) {
		e := e.(map[string]any)
		assert.NotEmpty(t, e["law"], "entry %v says which law produced it", e)
		figs = append(figs, fig{int(e["hand"].(float64)), e["side"].(string), e["above"].(bool), int(e["points"].(float64))})
	}
	assert.Equal(t, []fig{
		{1, "NS", false, 8}, {1, "NS", true, 16}, // one heart made, simple honours
		{2, "EW", true, 100}, {2, "NS", true, 18}, // royals set two tricks, simple honours in royals
		{3, "EW", false, 40}, {3, "EW", true, 30}, // four odd at no trump, 30 aces: game
		{4, "EW", false, 36}, {4, "EW", true, 36}, // four odd in royals, four honours: game and rubber
		{0, "EW", true, 250},
	}, figs)

	column := ok(t, db, "score")
	split := ok(t, db, "score", "--style", "split")
	assert.Contains(t, column, "THEY win 450")
	assert.Contains(t, split, "THEY win 450")
	golden(t, "foster-pad-column.golden", column)
	golden(t, "foster-pad-split.golden", split)
}

// TestWeAreEastWest: the session says which side is WE.
func TestWeAreEastWest(t *testing.T) {
	db := filepath.Join(t.TempDir(), "we.db")
	ok(t, db, "new", "--game", "auction", "--option", "we=EW")
	ok(t, db, "deal")
	ok(t, db, "call", "1H", "P", "P", "P")
	ok(t, db, "honours", "they", "simple")
	ok(t, db, "claim", "7")
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "WE EW, THEY NS")
	r := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, map[string]any{"NS": side(16, 8), "EW": side(0, 0)}, r["sides"], "THEY are North-South")
}

// TestFosterPenaltiesAtTheTable scores the other worked examples of
// Foster's PENALTIES with deals not recorded: honours claimed at the table
// (hoyle honours), tricks by claims. The rubber is stopped unfinished by
// agreement with a game each (Law 11).
func TestFosterPenaltiesAtTheTable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pen.db")
	ok(t, db, "new", "--game", "auction", "--dealer", "S")
	// Three hearts making only the odd, with simple honours: 16 above; the
	// other side 100 for two under-tricks.
	ok(t, db, "deal")
	ok(t, db, "call", "3H", "P", "P", "P")
	ok(t, db, "honours", "NS", "3")
	ok(t, db, "claim", "7")
	// Three no trumps doubled making five by cards: 5 times 20, aces as
	// held, then 150: 50 for the contract and twice 50 for the extra tricks.
	ok(t, db, "deal")
	ok(t, db, "call", "1S", "3NT", "X", "P", "P", "P")
	ok(t, db, "honours", "we", "3")
	ok(t, db, "claim", "11")
	// The dealer's one spade, doubled and set three tricks: only 100 (Law 48).
	ok(t, db, "deal")
	ok(t, db, "call", "1S", "X", "P", "P", "P")
	ok(t, db, "honours", "they", "4")
	ok(t, db, "claim", "4")
	// Three hearts doubled making four by cards: 64 below, 50 and 50.
	ok(t, db, "deal")
	ok(t, db, "call", "3H", "X", "P", "P", "P")
	ok(t, db, "honours", "EW", "simple")
	ok(t, db, "claim", "10")

	r := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, false, r["complete"])
	assert.Nil(t, r["winner"], "a rubber in play")

	out := ok(t, db, "close", "stopped at midnight")
	assert.Contains(t, out, "session closed")
	v := scoreJSON(t, db)
	r = v["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, false, r["complete"])
	nsAbove := 16.0 + 150 + 30 + 125
	ewAbove := 100.0 + 100 + 8 + 100 + 16 + 125
	assert.Equal(t, map[string]any{"NS": side(nsAbove, 100), "EW": side(ewAbove, 64)}, r["sides"])
	assert.Equal(t, "EW", r["winner"])
	assert.Equal(t, ewAbove+64-nsAbove-100, r["points"])
	entries := r["entries"].([]any)
	last := entries[len(entries)-1].(map[string]any)
	assert.Contains(t, last["law"], "Law 11")
	assert.Contains(t, v["notes"], "rubber 1: unfinished: play stopped by agreement and the score was made up as it stood (Law 11)")

	explained := ok(t, db, "score", "--explain")
	for _, law := range []string{"Law 47a", "Law 48", "Law 56", "Laws 5, 6 and 9", "Law 11"} {
		assert.Contains(t, explained, law)
	}
	r2 := hoyle(t, db, "deal")
	assert.Equal(t, 1, r2.code, "no deal after the session is closed")
}

// TestScoreRefusals: bad honours claims and closing mid-hand are refused,
// with a message, the exit code, and nothing appended.
func TestScoreRefusals(t *testing.T) {
	auctionOver := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "auction")
		ok(t, db, "deal")
		ok(t, db, "call", "1NT", "P", "P", "P")
	}
	dealRecorded := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "auction")
		ok(t, db, "deal", "--seed", "7")
		ok(t, db, "call", "1H", "P", "P", "P")
	}
	inAuction := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "auction")
		ok(t, db, "deal")
		ok(t, db, "call", "1H")
	}
	duplicate := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "contract", "--scoring", "duplicate")
		ok(t, db, "deal", "--board", "1")
		ok(t, db, "call", "1H", "P", "P", "P")
	}
	claimed := func(t *testing.T, db string) {
		auctionOver(t, db)
		ok(t, db, "honours", "EW", "3")
	}
	cases := []badInput{
		{"not a holding", auctionOver, []string{"honours", "NS", "7"}, 2, []string{`"7"`, "Law 6"}},
		{"not a side", auctionOver, []string{"honours", "north", "3"}, 2, []string{`"north"`, "NS, EW, WE or THEY"}},
		{"five honours at no trump", auctionOver, []string{"honours", "NS", "5"}, 1, []string{"aces", "Law 5"}},
		{"the deal is recorded", dealRecorded, []string{"honours", "NS", "3"}, 1, []string{"counts the honours itself"}},
		{"before the trump is settled", inAuction, []string{"honours", "NS", "3"}, 1, []string{"declaration is settled"}},
		{"honours at duplicate", duplicate, []string{"honours", "NS", "4-in-one"}, 1, []string{"duplicate", "Law 77"}},
		{"the other side claimed", claimed, []string{"honours", "NS", "3"}, 1, []string{"EW have already claimed"}},
		{"close in the middle of a hand", inAuction, []string{"close"}, 1, []string{"hand 1 is still in progress"}},
		{"a bad pad style", auctionOver, []string{"score", "--style", "fancy"}, 2, []string{`"fancy"`, "column or split"}},
	}
	refused(t, cases)
}

// The deal in which North holds A K Q J of hearts and South the ten.
const heartsDeal = "N:5432.AKQJ.5432.2 AKQJ.5432.T9.T98 T98.T.AKQJ.76543 76.9876.876.AKQJ"

// TestContractRubberWithHonours: honours from the recorded deal and claimed
// at the table, vulnerability from games won, and the rubber stopped
// unfinished by agreement (Law 80).
func TestContractRubberWithHonours(t *testing.T) {
	db := filepath.Join(t.TempDir(), "rubber.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "rubber", "--dealer", "S")
	ok(t, db, "deal", "--pbn", heartsDeal)
	ok(t, db, "call", "1H", "P", "4H", "P", "P", "P") // South first named hearts: declarer
	ok(t, db, "claim", "10")
	ok(t, db, "deal")
	ok(t, db, "call", "1NT", "P", "P", "P") // West deals and plays one no trump
	ok(t, db, "honours", "EW", "4-in-one")
	ok(t, db, "claim", "7")
	ok(t, db, "deal")
	ok(t, db, "call", "2S", "X", "P", "P", "P") // North, vulnerable, doubled
	ok(t, db, "claim", "6")

	r := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	assert.Nil(t, r["winner"])
	ok(t, db, "close")
	r = scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	// NS: game 120, honours 100 (four in North's hand), 300 for the only
	// game (Law 80). EW: 40, the four aces 150, 500 for two down doubled
	// vulnerable, 100 for the only part score in the unfinished game.
	assert.Equal(t, map[string]any{"NS": side(100+300, 120), "EW": side(150+500+100, 40)}, r["sides"])
	assert.Equal(t, "EW", r["winner"])
	assert.Equal(t, float64(790-520), r["points"])
	pad := ok(t, db, "score")
	assert.Contains(t, pad, "THEY win 270")
}

// TestChicagoFromTheCLI: four deals, the vulnerability by deal number.
// (A passed-out deal, dealt again by the same dealer, is scored in the
// contract package's tests: the session fixes the next dealer when a hand
// is dealt, before it is known to be passed out.)
func TestChicagoFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "chicago.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "chicago", "--dealer", "N")
	for _, d := range []struct {
		calls []string
		claim string
	}{
		{[]string{"4S", "P", "P", "P"}, "10"}, // N, neither vulnerable: 120 + 300
		{[]string{"3NT", "P", "P", "P"}, "9"}, // E, EW vulnerable: 100 + 500
		{[]string{"2H", "P", "P", "P"}, "8"},  // S, NS vulnerable: 60
		{[]string{"2D", "P", "P", "P"}, "8"},  // W, both vulnerable: 40 and 100 on the fourth deal
	} {
		ok(t, db, "deal")
		ok(t, db, append([]string{"call"}, d.calls...)...)
		if d.claim != "" {
			ok(t, db, "claim", d.claim)
		}
	}
	r := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	assert.Equal(t, true, r["complete"])
	assert.Equal(t, map[string]any{"NS": side(300, 120+60), "EW": side(500+100, 100+40)}, r["sides"])
	assert.Equal(t, "EW", r["winner"])
	assert.Equal(t, float64(260), r["points"])
}

// TestDuplicateFromTheCLI records real boards of the RealBridge 2021 teams
// file with hoyle deal --board N and checks each against its published
// score.
func TestDuplicateFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dup.db")
	ok(t, db, "new", "--game", "contract", "--scoring", "duplicate")
	boards := []struct {
		board  string
		deal   string
		calls  []string
		tricks string
		ns     float64
		text   string
	}{
		{"11", "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
			[]string{"P", "P", "P", "P"}, "", 0, "Pass"},
		{"11", "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96",
			[]string{"1C", "P", "1S", "2D", "P", "P", "X", "P", "P", "P"}, "8", -180, "2DX"},
		{"12", "N:KT.JT865.AQT6.A5 A74.AQ2.K8752.92 QJ983.K943.J.Q73 652.7.943.KJT864",
			[]string{"3C", "3H", "P", "4H", "P", "P", "X", "P", "P", "P"}, "9", -200, "4HX"},
		{"13", "N:42.AT2.KT94.AJ86 K9863.Q84.852.K4 AJ5.KJ75.Q763.53 QT7.963.AJ.QT972",
			[]string{"1C", "P", "1D", "P", "1H", "P", "1NT", "P", "P", "P"}, "9", 150, "1NT"},
		{"16", "N:K86543.A832.A.Q7 9.KQJ7.K9632.932 AT2.T65.874.KJ64 QJ7.94.QJT5.AT85",
			[]string{"P", "1S", "X", "2H", "2NT", "P", "3D", "P", "3NT", "P", "P", "P"}, "6", 300, "3NT"},
		{"17", "N:AT9.2.J432.A9863 76432.4.KQ.QJT72 Q.KJ976.AT8765.5 KJ85.AQT853.9.K4",
			[]string{"P", "P", "1H", "P", "1NT", "P", "2D", "P", "3D", "P", "5D", "X", "P", "P", "P"}, "11", 550, "5DX"},
	}
	// The board fixes the dealer and the vulnerability (Law 2).
	ok(t, db, "deal", "--board", "7")
	v := showJSON(t, db)
	assert.Equal(t, "S", v["dealer"])
	assert.Equal(t, []any{"NS", "EW"}, v["vulnerable"])
	ok(t, db, "undo")
	for _, b := range boards {
		ok(t, db, "deal", "--board", b.board, "--pbn", b.deal)
		ok(t, db, append([]string{"call"}, b.calls...)...)
		if b.tricks != "" {
			ok(t, db, "claim", b.tricks)
		}
	}
	v = scoreJSON(t, db)
	assert.Equal(t, []string{"boards", "rubbers"}, keys(v))
	assert.Equal(t, []any{}, v["rubbers"])
	got := v["boards"].([]any)
	require.Len(t, got, len(boards))
	for i, b := range boards {
		g := got[i].(map[string]any)
		assert.Equal(t, []string{"board", "contract", "declarer", "entries", "hand", "ns", "tricks"}, keys(g))
		assert.Equal(t, b.board, fmt.Sprint(g["board"]))
		assert.Equal(t, b.text, g["contract"], "board %s", b.board)
		assert.Equal(t, b.ns, g["ns"], "board %s: the published score", b.board)
		if b.tricks == "" {
			assert.Nil(t, g["declarer"], "passed out")
		} else {
			assert.Equal(t, b.tricks, fmt.Sprint(g["tricks"]))
		}
	}
	table := ok(t, db, "score")
	assert.Contains(t, table, "Board  Contract")
	assert.Regexp(t, `(?m)^\s+17\s+5DX\s+S\s+11\s+550\s*$`, table)
	assert.Regexp(t, `(?m)^\s+12\s+4HX\s+N\s+9\s+200\s*$`, table, "the EW column")
}

// One view of the score: show --json embeds exactly what score --json
// prints, in every game.
func TestShowScoreIsScoreJSON(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"demo", "foster-score-pad", "bridge", "whist", "duplicate-whist", "five-hundred"} {
		t.Run(name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "s.db")
			script(t, db, name)
			show := showJSON(t, db)
			assert.Equal(t, scoreJSON(t, db), show["score"])
		})
	}
}

// Vulnerability is the ruleset's, folded into each hand: in a rubber both
// sides are vulnerable once each has won a game, and show --json and the
// PBN export say so alike (they once said [] and All).
func TestRubberVulnerabilityIsTheSameEverywhere(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	ok(t, db, "simulate", "--game", "contract", "--hands", "6", "--seed", "3")
	score := scoreJSON(t, db)
	games := score["rubbers"].([]any)[0].(map[string]any)["games"]
	require.ElementsMatch(t, []any{"NS", "EW"}, games, "this seed has each side win a game")
	assert.ElementsMatch(t, []any{"NS", "EW"}, showJSON(t, db)["vulnerable"])
	pbn := ok(t, db, "export", "--format", "pbn")
	assert.Contains(t, pbn, "[Board \"6\"]\n[West")
	assert.Regexp(t, `\[Board "6"\][^\[]*(\[[^\]]*\]\s*)*?\[Vulnerable "All"\]`, pbn)
	assert.Contains(t, ok(t, db, "export", "--hand", "6"), "both sides vulnerable", "the write-up names the vulnerability")
}

// Every hand's vulnerability is the same in show --json and in the PBN
// export, at rubber, Chicago and duplicate scoring alike.
func TestVulnerabilityAgreesEverywhere(t *testing.T) {
	pbnVul := map[string][]any{"None": {}, "NS": {"NS"}, "EW": {"EW"}, "All": {"NS", "EW"}}
	for _, scoring := range []string{"rubber", "chicago", "duplicate"} {
		t.Run(scoring, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "v.db")
			ok(t, db, "simulate", "--game", "contract", "--option", "scoring="+scoring, "--hands", "9", "--seed", "3")
			pbn := ok(t, db, "export", "--format", "pbn")
			tags := regexp.MustCompile(`\[Vulnerable "(\w+)"\]`).FindAllStringSubmatch(pbn, -1)
			require.Len(t, tags, 9)
			vulnerable := 0
			for h := 1; h <= 9; h++ {
				var v map[string]any
				require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--at", fmt.Sprint(h), "--json")), &v))
				assert.ElementsMatch(t, pbnVul[tags[h-1][1]], v["vulnerable"], "hand %d", h)
				if tags[h-1][1] != "None" {
					vulnerable++
				}
			}
			assert.NotZero(t, vulnerable, "some hand is played vulnerable")
		})
	}
}
