package game

import (
	"errors"
	"fmt"
)

// ErrIllegal is what every refusal by the laws unwraps to.
var ErrIllegal = errors.New("not allowed by the laws")

// IllegalError says which call, card or action the laws refuse, and why,
// citing the law when there is one.
type IllegalError struct {
	Token  string // what was given: "1H", "SA"
	Reason string // what is wrong, in the table's words
	Law    string // "Law 44", or "" when no single law says it
}

// Error says what was wrong and where.
func (e *IllegalError) Error() string {
	msg := fmt.Sprintf("%s: %s", e.Token, e.Reason)
	if e.Law != "" {
		msg += " (" + e.Law + ")"
	}
	return msg
}

// Unwrap returns ErrIllegal.
func (e *IllegalError) Unwrap() error { return ErrIllegal }

// Illegal makes an *IllegalError.
func Illegal(token, reason, law string) error {
	return &IllegalError{Token: token, Reason: reason, Law: law}
}
