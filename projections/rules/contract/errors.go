package contract

import "errors"

// ErrBadHolding is what a *cards.TokenError for an honours holding that
// rubber bridge does not score unwraps to (see ParseHolding).
var ErrBadHolding = errors.New("not a holding of scorable honours")
