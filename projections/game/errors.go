package game

import (
	"errors"
	"fmt"
)

// The sentinel errors of the projection layer: what a fold, a ruleset or a
// decision refuses, by kind. Each wraps in a typed error that says what
// was given and why; callers test the kind with errors.Is.
var (
	// ErrIllegal is what every refusal by the laws unwraps to.
	ErrIllegal = errors.New("not allowed by the laws")
	// ErrBadHolding: honours claimed that are not a holding the session's
	// code scores.
	ErrBadHolding = errors.New("not an honours holding")
	// ErrBadOption: a session option the ruleset does not take, or a value
	// it does not allow.
	ErrBadOption = errors.New("bad session option")
	// ErrBadPlayers: players who do not fit the table: too many or too
	// few for its seats, both in order and seat by seat, a name twice.
	ErrBadPlayers = errors.New("the players do not fit the table")
	// ErrBadGlyph: a note's glyph that is not one of table.Glyphs.
	ErrBadGlyph = errors.New("not a glyph")
	// ErrNothingToUndo: undo with nothing left to retract in the session.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrNothingToNote: a note with nothing to say or nothing to attach to.
	ErrNothingToNote = errors.New("nothing to annotate")
	// ErrNoNote: a note retraction found no note in force to withdraw.
	ErrNoNote = errors.New("no such note")
	// ErrWholeSession: a decision was asked of a fold of the latest hand
	// (Session.Partial()) but needs the whole session (a board dealt again,
	// a note withdrawn from an earlier hand). The writer reads the whole
	// session and asks again.
	ErrWholeSession = errors.New("the entry needs the whole session")
	// ErrRenounce: a card that does not follow suit although its player
	// holds the suit led (a revoke, if it were played); the refusal is an
	// *IllegalError whose Cause it is.
	ErrRenounce = errors.New("a renounce")
	// ErrRestricted: a card or call against a remedy in force (a card
	// called, a suit called or forbidden, a player barred); the refusal is
	// an *IllegalError whose Cause it is.
	ErrRestricted = errors.New("against a penalty in force")
	// ErrRegular: an entry recorded as irregular that the laws allow; it
	// is recorded with the ordinary command.
	ErrRegular = errors.New("not an irregularity")
	// ErrNoIrregularity: a remedy chosen when no irregularity of the hand
	// has one open.
	ErrNoIrregularity = errors.New("no irregularity to remedy")
)

// IllegalError says which call, card or action the laws refuse, and why,
// citing the law when there is one.
type IllegalError struct {
	Token  string // what was given: "1H", "SA"
	Reason string // what is wrong, in the table's words
	Law    string // "Law 44", or "" when no single law says it
	// Hint says what to do instead, in the recorder's commands ("" when
	// there is nothing to say); a caller that is not the recorder, such
	// as an importer, leaves it out.
	Hint string
	// Cause says what kind of refusal it is, when that matters to the
	// caller (ErrRenounce, ErrRestricted); nil otherwise.
	Cause error
}

// Error says what was wrong and where.
func (e *IllegalError) Error() string {
	msg := fmt.Sprintf("%s: %s", e.Token, e.Reason)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	if e.Law != "" {
		msg += " (" + e.Law + ")"
	}
	return msg
}

// Unwrap returns ErrIllegal.
func (e *IllegalError) Unwrap() error { return ErrIllegal }

// Is reports whether the refusal is of the kind target: its Cause.
func (e *IllegalError) Is(target error) bool { return e.Cause != nil && target == e.Cause }

// Illegal makes an *IllegalError.
func Illegal(token, reason, law string) error {
	return &IllegalError{Token: token, Reason: reason, Law: law}
}
