package whist

import "errors"

// ErrBadHolding is what a *cards.TokenError for an honours claim that whist
// does not name unwraps to (see Rules.CheckHonours).
var ErrBadHolding = errors.New("not an honours holding")
