package build

import "errors"

// ErrNotContract: a session of another game given to a format that holds
// contract bridge only.
var ErrNotContract = errors.New("the format holds contract bridge sessions only")
