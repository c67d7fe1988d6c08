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

// Sentinel errors of shaping a write-up.
var (
	// ErrFromAfterAt: --from names a moment after --at's.
	ErrFromAfterAt = errors.New("the write-up would start after it ends")
	// ErrBadSeat: --hide names no seat, player or side of the hand.
	ErrBadSeat = errors.New("not a seat of the hand")
	// ErrBadLabels: --labels is not none or moments.
	ErrBadLabels = errors.New("not a label style")
	// ErrBadNotes: --notes is not footnotes or inline.
	ErrBadNotes = errors.New("not a way of placing notes")
)
