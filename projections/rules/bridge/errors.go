package bridge

import "errors"

// ErrBadHolding is what a *cards.TokenError for an honours holding that
// this code does not name unwraps to (see ParseHolding).
var ErrBadHolding = errors.New("not an honours holding")
