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
	md := ok(t, db, "export", "--hand", "4")
	assert.Contains(t, md, "Auction Bridge (1908)")
	assert.Contains(t, md, "Law 58")
}
