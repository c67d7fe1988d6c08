package fivehundred

import "errors"

// ErrBadRevokeRule: a revoke scored by a rule the game does not have, or
// for a hand the rules do not cover.
var ErrBadRevokeRule = errors.New("not a Five Hundred revoke rule")
