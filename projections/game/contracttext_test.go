package game_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/game"
)

// TestContractText writes the contracts PBN's tag writes, and a Bridge
// declaration doubled three times with its three doubles: the view
// (replay) wrote "HXX" for it and the export (build) "HXXX" while they had
// a function each.
func TestContractText(t *testing.T) {
	for _, tc := range []struct {
		c    *game.Contract
		want string
	}{
		{nil, "Pass"},
		{&game.Contract{Level: 4, Strain: cards.StrainSpades}, "4S"},
		{&game.Contract{Level: 3, Strain: cards.NoTrump, Doubled: 1}, "3NTX"},
		{&game.Contract{Level: 6, Strain: cards.StrainSpades, Doubled: 2}, "6SXX"},
		{&game.Contract{Level: 2, Strain: cards.RoyalSpades}, "2R"},
		{&game.Contract{Strain: cards.StrainHearts, Doubled: 2}, "HXX"},
		{&game.Contract{Strain: cards.StrainHearts, Doubled: 3}, "HXXX"},
		{&game.Contract{Strain: cards.NoTrump, Doubled: 4}, "NTXXXX"},
	} {
		assert.Equal(t, tc.want, game.ContractText(tc.c), "%+v", tc.c)
	}
}

// TestContractTextOneHome fails when a second function writing a contract
// grows back: the view, the status line and every export take
// game.ContractText.
func TestContractTextOneHome(t *testing.T) {
	at := testkit.Declared(t, func(name string) bool { return strings.EqualFold(name, "ContractText") })
	assert.Equal(t, []string{"projections/game/hand.go"}, files(at), "functions named ContractText: %v", at)
}

// files keeps the file of each "path:line what" location.
func files(at []string) []string {
	var out []string
	for _, a := range at {
		out = append(out, a[:strings.IndexByte(a, ':')])
	}
	return out
}
