package cards

import (
	"errors"
	"fmt"
)

// Sentinel errors for text that is not a card, call, seat or deal. Every
// parser returns a *TokenError that unwraps to one of them.
var (
	ErrBadSuit   = errors.New("not a suit")
	ErrBadRank   = errors.New("not a rank")
	ErrBadCard   = errors.New("not a card")
	ErrBadCall   = errors.New("not a call")
	ErrBadSeat   = errors.New("not a seat")
	ErrBadStrain = errors.New("not a strain")
	ErrBadDeal   = errors.New("not a deal")
)

// TokenError says which piece of text could not be read and why.
type TokenError struct {
	Kind   error  // one of the sentinel errors above
	Token  string // the text as given
	Reason string // what a valid token looks like, or what was wrong
}

// Error says what was wrong and where.
func (e *TokenError) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("%q is %v", e.Token, e.Kind)
	}
	return fmt.Sprintf("%q is %v: %s", e.Token, e.Kind, e.Reason)
}

// Unwrap returns the sentinel, so errors.Is(err, cards.ErrBadCard) works.
func (e *TokenError) Unwrap() error { return e.Kind }

func tokenError(kind error, tok, reason string) error {
	return &TokenError{Kind: kind, Token: tok, Reason: reason}
}
