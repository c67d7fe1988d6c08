package replay

import "errors"

// Sentinel errors of the replay package. Parse errors come as a
// *cards.TokenError, failures to find a moment as a *MomentError; both
// unwrap to one of these.
var (
	// ErrBadMoment: text that is not a moment (H, H.aK, H.T, H.T.C or @N).
	ErrBadMoment = errors.New("not a moment")
	// ErrNoMoment: a well-formed moment that the session does not have
	// (a hand not dealt, a trick not played, an event beyond the last).
	ErrNoMoment = errors.New("no such moment")
	// ErrWholeLog: a moment asked of a session read for one hand (see
	// FoldAt) that only the whole log can fold: @N with a retraction after
	// N. Read the whole log and ask again.
	ErrWholeLog = errors.New("the moment needs the whole log")
)

// ErrFosterSeats: Foster's letters (Z the dealer, A, Y, B) asked of a game
// that is not four players in two partnerships.
var ErrFosterSeats = errors.New("Foster's seat letters name four players in two partnerships")

// ErrBadSeatStyle: a seat style other than compass or foster.
var ErrBadSeatStyle = errors.New("not a seat style")
