package projections

// Reading is how a session was read, when the load path (projections/load)
// read it in part for a reader of one hand of a long session, rather than
// fold its whole log from the first event: where the fold began, whose
// steps it kept, which hands it holds without their history, and the score
// sheets kept beside the log that score those hands. None of it is what
// the fold of the log produces; it says how much of that the session
// holds, and what it may take as it stands because it did not see it. A
// Session folded from its first event has the zero Reading.
//
// The load path sets it through the functions that read in part (FoldTail,
// Resume, FromSnapshot, Graft, Folder.Keep, UseSheets, KnowBoards); the fold consults
// it where what it did not see matters (a note on an event before it, the
// number of the first hand of a tail) and the score consults its sheets.
type Reading struct {
	// roster names the players who sat at the session's table on each
	// board, where the event's movement moves its pairs between tables and
	// the event's record names them (see SetRoster): read from outside the
	// session's own log, so not fold state.
	roster SeatNamer
	// partial: the fold began at the latest hand's deal, not at the first
	// event (see FoldTail). Earlier hands are not in Hands, and notes may
	// refer to events it has not seen.
	partial bool
	// resumed: the fold began from a Snapshot (see Resume), so the events
	// before it are known only by what the snapshot keeps; a note on one
	// is taken as it stands, as in a partial fold.
	resumed bool
	// boards: a partial fold was given the first deal of every board
	// dealt before it (see KnowBoards), so a deal of a board can be
	// checked against it without the whole session (see firstDeal).
	boards keptBoards
	// keep, when set, says which hands' steps the fold keeps (see
	// Folder.Keep); the IDs of the steps it leaves out are in dropped, so
	// that a note or a retraction is still checked against every event in
	// force.
	keep    func(hand int) bool
	dropped idSet
	// withoutHistory: the first withoutHistory hands are held without
	// their history (see Graft); the score of them comes from the kept
	// sheets or not at all.
	withoutHistory int
	// forget: the fold lets go of the detail of every hand but the latest
	// (see Folder.ForgetHands).
	forget bool
	// sheets are score sheets kept beside the log for some of the
	// session's hands (see KeptSheets); nil when none.
	sheets KeptSheets
}

// Partial reports whether the fold began at the latest hand's deal, not
// at the first event (see FoldTail): earlier hands are not in Hands, and
// a decision that needs them says game.ErrWholeSession.
func (s *Session) Partial() bool { return s.read.partial }
