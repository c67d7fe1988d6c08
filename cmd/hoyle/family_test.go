package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A rubber of Auction Bridge by the laws of 1908, from the CLI: overcalls
// by the value of the tricks at Bridge's values, a double and a re-double
// of a partner's call doubled, two games and the rubber's 250.
func TestAuction1908RubberFromTheCLI(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a1908.db")
	n := scriptPart(t, db, "auction1908", "call", 0)
	v := showJSON(t, db)
	assert.Equal(t, []any{"1S", "Pass", "2C", "1NT", "2D", "Pass", "Pass", "X", "Pass", "Pass", "Pass"}, v["calls"])
	assert.Equal(t, map[string]any{"level": float64(2), "strain": "D", "doubled": float64(1), "declarer": "S", "text": "2DX"}, v["contract"],
		"two diamonds (12) overcall one no trump (12): more tricks of equal value (Law 48)")
	assert.Equal(t, "W", v["turn"], "the player on the declarer's left leads (Law 60)")
	scriptPart(t, db, "auction1908", "", n)

	sc := scoreJSON(t, db)
	rubbers := sc["rubbers"].([]any)
	require.Len(t, rubbers, 1)
	r := rubbers[0].(map[string]any)
	assert.Equal(t, true, r["complete"])
	assert.Equal(t, "NS", r["winner"])
	assert.Equal(t, float64(304), r["points"])
	assert.Equal(t, map[string]any{"above": float64(510), "below": float64(144), "total": float64(654)}, r["sides"].(map[string]any)["NS"])
	assert.Equal(t, map[string]any{"above": float64(350), "below": float64(0), "total": float64(350)}, r["sides"].(map[string]any)["EW"])
	assert.Contains(t, ok(t, db, "score"), "WE win 304")
	assert.Contains(t, ok(t, db, "verify"), "ok")
	md := ok(t, db, "export", "--hand", "4", "--no-dd")
	assert.Contains(t, md, "Auction Bridge (1908)")
	assert.Contains(t, md, "Law 58")
}

// Quinto from the CLI, as far as its text goes: the cachette dealt apart,
// the doubling once round the table, the table saying who won each trick,
// five points a trick, and a score sheet that says what the text does not
// settle.
func TestQuintoFromTheCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "quinto.db")
	n := scriptPart(t, db, "quinto", "call", 0)
	v := showJSON(t, db)
	assert.Equal(t, "A.A3.K.K", v["widow"], "the cachette: the five top cards")
	assert.Equal(t, "W", v["turn"], "the eldest hand leads")
	assert.Equal(t, float64(2), v["contract"].(map[string]any)["doubled"])
	r := hoyle(t, db, "won", "N")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "no trick is waiting for its winner")
	ok(t, db, "play", "SK", "S4", "JK", "S5")
	r = hoyle(t, db, "play", "ST")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.err, "record the winner first (hoyle won SEAT)")
	assert.Contains(t, ok(t, db, "show"), "who won trick 1 is not yet recorded")
	assert.Nil(t, showJSON(t, db)["turn"])
	assert.Contains(t, ok(t, db, "won", "Di"), "trick 2 · W (Di) to play", "the winner leads")
	ok(t, db, "undo")
	assert.Contains(t, ok(t, db, "show", "--json"), `"turn": null`)
	scriptPart(t, db, "quinto", "", n+1)

	sc := scoreJSON(t, db)
	rb := sc["rubbers"].([]any)[0].(map[string]any)
	assert.Nil(t, rb["winner"], "the text does not say what wins the game")
	assert.Equal(t, float64(210), rb["sides"].(map[string]any)["NS"].(map[string]any)["total"])
	assert.Equal(t, float64(115), rb["sides"].(map[string]any)["EW"].(map[string]any)["total"])
	out := ok(t, db, "score")
	assert.Contains(t, out, "the quints (and the Quint Royal) are not scored")
	assert.Contains(t, out, "what score wins the game")
	assert.Contains(t, ok(t, db, "score", "--explain"), "5 tricks at 20, the cachette among them, re-doubled")
	md := ok(t, db, "export", "--hand", "1")
	assert.Contains(t, md, "Cachette: ♠ A  ♥ A 3  ♦ K  ♣ K")
	assert.Contains(t, md, "## Doubling")
	assert.Contains(t, ok(t, db, "replay", "--hand", "1"), "trick 1 to W, as the table says")
	// Moment 1.1, after trick 1, is after the table said who won it.
	assert.Equal(t, map[string]any{"NS": float64(0), "EW": float64(1)}, showAt(t, db, "1.1")["tricks"])
	at4 := showAt(t, db, "1.1.4")
	assert.Equal(t, map[string]any{"NS": float64(0), "EW": float64(0)}, at4["tricks"], "after its fourth card, not yet")
	assert.Nil(t, at4["turn"], "the table has still to say who won it")
	assert.Contains(t, ok(t, db, "games"), "breaks off before it defines the quints")
	r = hoyle(t, db, "play", "--irregular", "SA")
	assert.Equal(t, 1, r.code, "the text gives no irregularities")
	assert.Contains(t, ok(t, db, "verify"), "ok")
}
