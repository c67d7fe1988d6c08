package build

import "errors"

// ErrNotBridge: a session of a game the interchange formats cannot carry:
// they hold hands of the bridge family, four seats by the compass and a
// contract (a ruleset that implements game.Interchange).
var ErrNotBridge = errors.New("the format holds bridge sessions only: four seats by the compass and a contract")
