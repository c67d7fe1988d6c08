package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

// The forms of Bridge Foster's Complete Hoyle (1914) describes before the
// American laws, and the progressive and pivot games, recorded from the
// command line as a scorer would: fixtures/scripts/*.hoyle, then what the
// score, show and compare say.

// scripted records a fixture script into a database of its own.
func scripted(t *testing.T, name string) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), name+".db")
	script(t, db, name)
	return db
}

// entriesOf lists a score sheet's entries (hand, side, points, above).
func entriesOf(t *testing.T, sheet map[string]any) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, r := range sheet["rubbers"].([]any) {
		for _, e := range r.(map[string]any)["entries"].([]any) {
			out = append(out, e.(map[string]any))
		}
	}
	return out
}

// Short Bridge: a game goes to the higher score when a side reaches 30,
// and a double is refused, citing the text.
func TestShortBridgeFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "short-bridge")
	sc := scoreJSON(t, db)
	rubbers := sc["rubbers"].([]any)
	require.Len(t, rubbers, 2)
	first := rubbers[0].(map[string]any)
	assert.Equal(t, "EW", first["winner"], "East-West's four aces (40) beat North-South's 36 in tricks")
	assert.Equal(t, float64(4), first["points"])
	assert.Contains(t, ok(t, db, "score"), "Game 1 (WE NS, THEY EW)")

	ok(t, db, "deal", "--seed", "9")
	ok(t, db, "call", "NT")
	r := hoyle(t, db, "call", "X")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "there is no doubling in Short Bridge")
	assert.Contains(t, r.err, `Foster's Complete Hoyle (1914), Short Bridge: "bridge without any doubling or rubbers"`)
	r = hoyle(t, db, "call", "--irregular", "X")
	assert.Equal(t, 1, r.code, "nor can one be recorded as made")
}

// Reversi Bridge: Foster's own hand, "he scores 24 and 30 to his own
// credit".
func TestReversiBridgeFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "reversi-bridge")
	es := entriesOf(t, scoreJSON(t, db))
	require.GreaterOrEqual(t, len(es), 2)
	assert.Equal(t, []any{float64(1), "NS", float64(24), false}, []any{es[0]["hand"], es[0]["side"], es[0]["points"], es[0]["above"]})
	assert.Equal(t, []any{float64(1), "NS", float64(30), true}, []any{es[1]["hand"], es[1]["side"], es[1]["points"], es[1]["above"]})
	assert.Equal(t, "three aces, made by EW", es[1]["label"])
}

// Draw Bridge: two players; each deals for himself, and the other leads
// from his partner's hand.
func TestDrawBridgeFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "draw-bridge")
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"S": "Ann", "W": "Bob"}, v["seated"], "nobody sits at the holders")
	assert.Nil(t, v["dummy"], "no hand is laid down")
	assert.Contains(t, ok(t, db, "show", "--at", "2", "--no-dd"), "dealer West")
	r := hoyle(t, db, "new", "--game", "draw-bridge", "--players", "Ann,Bob,Cy")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "Draw Bridge has 2 players (S, W)")
	r = hoyle(t, db, "new", "--game", "draw-bridge", "--players", "Ann,Bob", "--dealer", "N")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "nobody sits at N")
}

// King's Bridge: each for himself, Foster's 32 plus and 42 plus to each of
// the others, and twelve deals balanced as at Skat.
func TestKingsBridgeFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "kings-bridge")
	sc := scoreJSON(t, db)
	tally := sc["tally"].([]any)
	require.Len(t, tally, 12)
	assert.Equal(t, map[string]any{"N": 32.0, "E": 0.0, "S": 0.0, "W": 0.0}, tally[0].(map[string]any)["won"])
	assert.Equal(t, map[string]any{"N": 42.0, "E": 0.0, "S": 42.0, "W": 42.0}, tally[1].(map[string]any)["won"])
	assert.Equal(t, map[string]any{"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}, sc["side_names"])
	game := sc["rubbers"].([]any)[0].(map[string]any)
	balance := game["balance"].(map[string]any)
	sum := 0.0
	for _, b := range balance {
		sum += b.(float64)
	}
	assert.Zero(t, sum, "a balance adds up to nothing")
	assert.Equal(t, "N", game["winner"])
	golden(t, "kings-bridge-score.golden", ok(t, db, "score"))
	assert.Contains(t, ok(t, db, "show", "--at", "5", "--no-dd"), "East: Cy", "after four deals the three move round the first dealer")
}

// Six-hand Bridge: the players move a place a deal, three rubbers go on at
// once, and the end whose rubber was just won sits out a deal.
func TestSixHandBridgeFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "six-hand-bridge")
	sc := scoreJSON(t, db)
	var between []string
	for _, r := range sc["rubbers"].([]any) {
		var sides []string
		for k := range r.(map[string]any)["sides"].(map[string]any) {
			sides = append(sides, k)
		}
		between = append(between, strings.Join(slices.Sorted(slices.Values(sides)), " v "))
	}
	assert.Equal(t, []string{"A v B", "A v C", "B v C"}, between)
	assert.Equal(t, "A", sc["rubbers"].([]any)[0].(map[string]any)["winner"])
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"S": "Abe", "W": "Cy", "E": "Cal"}, v["seated"], "Abe has come round from 1 to 4")
	assert.Equal(t, []any{4.0, 2.0}, []any{v["round"], v["table"]}, "deal 4's left end sat out: hand 7 is its right end")
	golden(t, "six-hand-bridge-score.golden", ok(t, db, "score"))
	r := hoyle(t, filepath.Join(t.TempDir(), "cut.db"), "new", "--game", "six-hand-bridge", "--players", "Abe,Bea,Cal,Ada,Ben,Cy")
	require.Equal(t, 0, r.code, r.err)
	r = hoyle(t, filepath.Join(t.TempDir(), "cut.db"), "cut-for-deal", "S=SA", "W=H2", "N=D3", "E=C4")
	assert.NotEqual(t, 0, r.code)
}

// A pivot evening: the seats rotate round the first dealer after each
// rubber, show names the players as they sit, and compare totals what each
// kept.
func TestPivotEveningFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "pivot")
	v := showJSON(t, db)
	assert.Equal(t, map[string]any{"N": "Bea", "E": "Dot", "S": "Cora", "W": "Ann"}, v["seated"])
	assert.Equal(t, 2.0, v["round"])
	var rep struct {
		Events []struct {
			Form   string `json:"form"`
			Totals []struct {
				Name   string `json:"name"`
				Points int    `json:"points"`
				Boards int    `json:"boards"`
			} `json:"totals"`
		} `json:"events"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "compare", "--json")), &rep))
	require.Len(t, rep.Events, 1)
	assert.Equal(t, "individual", rep.Events[0].Form)
	s := gamesSession(t, db)
	sheet := s.Score()
	// Each keeps what her side scored: rubber 1 as they sat down, rubber 2
	// rotated (Cora NS throughout; Ann NS then EW; Dot EW then EW; Bea EW
	// then NS).
	side := func(r, sd int) int { return sheet.Rubbers[r].Sides[cards.Side(sd)].Total }
	want := map[string]int{
		"Cora": side(0, 0) + side(1, 0), "Ann": side(0, 0) + side(1, 1),
		"Dot": side(0, 1) + side(1, 1), "Bea": side(0, 1) + side(1, 0),
	}
	got := map[string]int{}
	for _, tot := range rep.Events[0].Totals {
		got[tot.Name] = tot.Points
		assert.Equal(t, 5, tot.Boards)
	}
	assert.Equal(t, want, got)
}

// A progressive evening at two tables: no rubbers or games, the East-West
// pairs moving after two deals, each player's total wherever he sat.
func TestProgressiveEveningFromTheCLI(t *testing.T) {
	t.Parallel()
	db := scripted(t, "progressive")
	sc := scoreJSON(t, db) // table 2, the latest session
	rubbers := sc["rubbers"].([]any)
	require.Len(t, rubbers, 1)
	r := rubbers[0].(map[string]any)
	assert.Equal(t, false, r["complete"])
	assert.Empty(t, r["games"], "no games")
	assert.Contains(t, ok(t, db, "score"), "no rubbers or games")
	assert.Equal(t, map[string]any{"N": "Ed", "S": "Flo"}, showJSON(t, db)["seated"], "round 2: Cy and Di, named at table 1, have come")
	golden(t, "progressive-compare.golden", ok(t, db, "compare"))
	r2 := hoyle(t, db, "new", "--game", "auction", "--event", "Drive", "--table", "3", "--movement", "progressive:3x2", "--option", "scoring=rubber")
	assert.Equal(t, 2, r2.code)
	assert.Contains(t, r2.err, "has no rubbers")
}

// A game whose players move between hands goes out to PBN and LIN for other
// programs, each hand with the players as they sat, but does not come back
// from them (a record names four seats, not who moved where): importing
// says so. Its JSON log carries it whole.
func TestMovingPlayersRoundTripInJSONOnly(t *testing.T) {
	t.Parallel()
	db := scripted(t, "six-hand-bridge")
	dir := t.TempDir()
	pbnFile, linFile, jsonFile := filepath.Join(dir, "six.pbn"), filepath.Join(dir, "six.lin"), filepath.Join(dir, "six.json")
	ok(t, db, "export", "--format", "pbn", "-o", pbnFile)
	ok(t, db, "export", "--format", "lin", "-o", linFile)
	ok(t, db, "export", "--format", "json", "-o", jsonFile)
	other := filepath.Join(dir, "other.db")
	for _, f := range []string{pbnFile, linFile} {
		r := hoyle(t, other, "import", f)
		assert.Equal(t, 1, r.code, f)
		assert.Contains(t, r.err, "its players move between hands", f)
	}
	ok(t, other, "import", jsonFile)
	assert.Equal(t, ok(t, db, "score"), ok(t, other, "score"))
	assert.Contains(t, ok(t, db, "export", "--format", "pbn", "--hand", "7"), `[South "Abe"]`, "the players as they sat on hand 7")
}
