package game_test

import (
	"go/ast"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/game"
)

// TestFiveHonoursSpellings: every spelling a scorer may write is read by
// the one table, whatever the code's words, and a code's label replaces
// only the label it names.
func TestFiveHonoursSpellings(t *testing.T) {
	value := func(cards.Strain) int { return 8 }
	a := game.FiveHonours(game.HonoursWords{TrickValue: value, Law: "Law 6"})
	b := game.FiveHonours(game.HonoursWords{TrickValue: value, Law: "Law 6",
		Labels: map[string]string{game.Holding5FourIn1: "four honours in one hand, the fifth in partner's"}})
	for in, want := range map[string]string{
		"3": game.Holding3, "simple": game.Holding3, "3-honours": game.Holding3, "Three": game.Holding3,
		"4": game.Holding4, "four": game.Holding4, "4-in-one": game.Holding4InOne, "4-in-1": game.Holding4InOne, "four-in-one": game.Holding4InOne,
		"5": game.Holding5, "five": game.Holding5, "5-4-in-one": game.Holding5FourIn1, "5-4-in-1": game.Holding5FourIn1,
		"5-in-one": game.Holding5InOne, "5-in-1": game.Holding5InOne, " FIVE-IN-ONE ": game.Holding5InOne,
	} {
		for _, tab := range []*game.HonoursTable{a, b} {
			got, err := tab.Parse(in)
			require.NoError(t, err, in)
			assert.Equal(t, want, got, in)
		}
	}
	_, err := a.Parse("six")
	assert.ErrorIs(t, err, game.ErrBadHolding)
	assert.Equal(t, "five honours, four in one hand", a.Label(cards.StrainHearts, game.Holding5FourIn1))
	assert.Equal(t, "four honours in one hand, the fifth in partner's", b.Label(cards.StrainHearts, game.Holding5FourIn1))
	assert.Equal(t, a.Label(cards.StrainHearts, game.Holding4InOne), b.Label(cards.StrainHearts, game.Holding4InOne))
	v, ok := b.Value(cards.StrainHearts, game.Holding5FourIn1)
	assert.True(t, ok)
	assert.Equal(t, 72, v, "nine times a heart trick of 8 (Foster's table: 72)")
}

// TestHonoursTableOneHome fails when a code writes a table of honours of
// its own again (a literal HonoursTable or HonourValue outside
// projections/game) instead of game.FiveHonours.
func TestHonoursTableOneHome(t *testing.T) {
	for _, src := range testkit.Sources(t) {
		if src.Dir == "projections/game" {
			continue
		}
		ast.Inspect(src.File, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			var name string
			switch typ := lit.Type.(type) {
			case *ast.SelectorExpr:
				name = typ.Sel.Name
			case *ast.ArrayType:
				if sel, ok := typ.Elt.(*ast.SelectorExpr); ok {
					name = sel.Sel.Name
				}
			}
			if name == "HonoursTable" || name == "HonourValue" {
				t.Errorf("%s writes a table of honours: take game.FiveHonours in the code's words", src.Pos(lit))
			}
			return true
		})
	}
}
