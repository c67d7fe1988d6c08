package ddhand

import (
	"errors"
	"fmt"
)

// Sentinel errors: every error Analyse and Check return unwraps to one of
// them (or to projections/dd's), so callers test with errors.Is.
var (
	// ErrNotBridgeDeal: the game is not four hands of 13 cards of the
	// bridge pack (Five Hundred's three hands and the Joker), or a deal
	// given is not.
	ErrNotBridgeDeal = errors.New("the double-dummy solver analyses four hands of 13 cards")
	// ErrCardsUnknown: some hand's cards were neither recorded with the
	// deal nor shown by the play.
	ErrCardsUnknown = errors.New("not every card of the deal is known")
)

// Error says why a hand or a deal cannot be analysed.
type Error struct {
	Kind   error // ErrNotBridgeDeal or ErrCardsUnknown
	Reason string
}

// Error is the sentinel's text and the reason.
func (e *Error) Error() string { return fmt.Sprintf("%v: %s", e.Kind, e.Reason) }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Kind }

func notBridge(format string, a ...any) error {
	return &Error{Kind: ErrNotBridgeDeal, Reason: fmt.Sprintf(format, a...)}
}
