package cards

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
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

	ErrBadVulnerability = errors.New("not a vulnerability")
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
		return fmt.Sprintf("%s is %v", Quote(e.Token), e.Kind)
	}
	return fmt.Sprintf("%s is %v: %s", Quote(e.Token), e.Kind, e.Reason)
}

// quoteMax is how much of a bad value an error message shows.
const quoteMax = 80

// Quote writes a value read from input for an error message: in Go's
// quotes (so control characters show as escapes), and cut to about 80
// characters with how long it was, so that a 50 MB field does not become a
// 50 MB message.
func Quote(v string) string {
	if len(v) <= quoteMax {
		return strconv.Quote(v)
	}
	cut := quoteMax
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(v[:cut]), len(v))
}

// Unwrap returns the sentinel, so errors.Is(err, cards.ErrBadCard) works.
func (e *TokenError) Unwrap() error { return e.Kind }

func tokenError(kind error, tok, reason string) error {
	return &TokenError{Kind: kind, Token: tok, Reason: reason}
}
