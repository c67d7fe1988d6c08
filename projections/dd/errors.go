package dd

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error the package returns is a *PositionError or a
// *PlayError that unwraps to one of them, so callers test with errors.Is.
var (
	// ErrBadPosition: the hands, the trick in progress or the leader do not
	// make a position that can arise in play.
	ErrBadPosition = errors.New("not a valid double-dummy position")
	// ErrBadStrain: the strain is not clubs, diamonds, hearts, spades or
	// no trumps.
	ErrBadStrain = errors.New("not a strain the solver knows")
	// ErrBadPlay: a card in a played sequence is not held by the seat whose
	// turn it is, or breaks the rule of following suit.
	ErrBadPlay = errors.New("not a legal card in this play")
)

// PositionError says why a position was refused.
type PositionError struct {
	Kind   error // ErrBadPosition or ErrBadStrain
	Reason string
}

// Error says what was wrong.
func (e *PositionError) Error() string { return fmt.Sprintf("dd: %v: %s", e.Kind, e.Reason) }

// Unwrap returns the sentinel, so errors.Is works.
func (e *PositionError) Unwrap() error { return e.Kind }

// PlayError says which card of a played sequence was refused and why.
type PlayError struct {
	Index  int // position of the card in the sequence, from 0
	Reason string
}

// Error says which card was wrong.
func (e *PlayError) Error() string {
	return fmt.Sprintf("dd: %v: card %d: %s", ErrBadPlay, e.Index+1, e.Reason)
}

// Unwrap returns ErrBadPlay.
func (e *PlayError) Unwrap() error { return ErrBadPlay }

func badPosition(format string, args ...any) error {
	return &PositionError{Kind: ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
}
