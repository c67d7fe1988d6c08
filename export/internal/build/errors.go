package build

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/projections/game"
)

// ErrNotBridge: a session of a game the interchange formats cannot carry:
// they hold hands of the bridge family, four seats by the compass and a
// contract (a ruleset that implements game.Interchange).
var ErrNotBridge = errors.New("the format holds bridge sessions only: four seats by the compass and a contract")

// ErrPlayersMove: a session of a game whose players move between hands
// (game.Reseater: Six-hand, King's and Draw Bridge; English Dummy and
// Mort), which a record of four seats, each named, cannot say; hoyle's own
// JSON log carries it.
var ErrPlayersMove = errors.New("its players move between hands, which a record of four named seats cannot say (hoyle export --format json carries such a session)")

// Importable says whether records of a game can be imported: a game whose
// players move between hands cannot be read back from PBN or LIN, which
// hoyle still writes for other programs.
func Importable(rs game.Ruleset) error {
	if _, moves := rs.(game.Reseater); moves {
		return fmt.Errorf("%w; %s", ErrPlayersMove, rs.Info().Title)
	}
	return nil
}
