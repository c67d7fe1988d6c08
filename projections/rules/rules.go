// Package rules is the registry of the codes of laws hoyle knows. Adding a
// game is adding its package under projections/rules/ and one line here.
package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/auction1908"
	"github.com/hoyle/hoyle/projections/rules/auction1913"
	"github.com/hoyle/hoyle/projections/rules/bridge"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/rules/doubledummy"
	"github.com/hoyle/hoyle/projections/rules/drawbridge"
	"github.com/hoyle/hoyle/projections/rules/dummy"
	"github.com/hoyle/hoyle/projections/rules/fivehundred"
	"github.com/hoyle/hoyle/projections/rules/humbug"
	"github.com/hoyle/hoyle/projections/rules/kingsbridge"
	"github.com/hoyle/hoyle/projections/rules/mort"
	"github.com/hoyle/hoyle/projections/rules/quinto"
	"github.com/hoyle/hoyle/projections/rules/reversibridge"
	"github.com/hoyle/hoyle/projections/rules/shortbridge"
	"github.com/hoyle/hoyle/projections/rules/sixhandbridge"
	"github.com/hoyle/hoyle/projections/rules/thirteenandtheodd"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ErrUnknownGame: no ruleset has that ID.
var ErrUnknownGame = fmt.Errorf("unknown game")

var all = []game.Ruleset{
	auction1913.New(),
	auction1908.New(),
	contract.New(),
	bridge.New(),
	whist.New(),
	whist.NewDuplicate(),
	fivehundred.New(),
	quinto.New(),
	shortbridge.New(),
	reversibridge.New(),
	drawbridge.New(),
	kingsbridge.New(),
	sixhandbridge.New(),
	dummy.New(),
	doubledummy.New(),
	mort.New(),
	humbug.New(),
	thirteenandtheodd.New(),
}

// All lists the rulesets by ID.
func All() []game.Ruleset {
	out := append([]game.Ruleset(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}

// Lookup finds a ruleset by ID.
func Lookup(id string) (game.Ruleset, error) {
	for _, r := range all {
		if r.Info().ID == strings.ToLower(strings.TrimSpace(id)) {
			return r, nil
		}
	}
	var ids []string
	for _, r := range All() {
		ids = append(ids, r.Info().ID)
	}
	return nil, fmt.Errorf("%w %q: hoyle knows %s (see hoyle games)", ErrUnknownGame, id, strings.Join(ids, ", "))
}
