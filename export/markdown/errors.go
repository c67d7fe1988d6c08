package markdown

import "errors"

// Sentinel errors of the write-up. Each is wrapped with the details.
var (
	// ErrNoHand: the hand asked for is not in the session (or no hand had
	// been dealt at the moment asked for).
	ErrNoHand = errors.New("no such hand")
	// ErrHandMismatch: --hand and --at name different hands.
	ErrHandMismatch = errors.New("the moment is not in the hand asked for")
	// ErrBadStyle: a terminal style glamour does not have.
	ErrBadStyle = errors.New("not a terminal style")
)
