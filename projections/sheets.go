package projections

import (
	"bytes"
	"slices"

	"github.com/hoyle/hoyle/projections/game"
)

// Score sheets kept beside the log. A ruleset scores only a session's
// finished hands (game.ScoreInput), and scoring is the one cost of showing
// the latest hand of a long session that does not follow the hand: every
// earlier hand is scored again. So a checkpoint keeps the sheets a reader
// of the latest hand asks for (the score now, and before the latest
// finished hand), and a session read from it (see projections/load) scores
// from them when its finished hands are the checkpoint's own. Where the
// ruleset's score is a fold (game.Folding), the checkpoint also keeps the
// fold of its finished hands, and a session with hands after them (a
// table's, between two refreshes of its checkpoint) scores by adding
// those hands to it: the hands since the checkpoint, not the session. It
// keeps the fold's running state too (game.RunningState), a rubber's
// size, from which the running part of the score (RunningScore: what the
// table is shown at the end of a hand) is made without the finished
// rubbers. The sheets and how they are kept and decoded are the load
// path's (KeptSheets); the session knows only which sheet it asks for and
// of which hands.

// SheetKey says which sheet: that of the first Finished hands, with the
// session closed or not.
type SheetKey struct {
	Finished int
	Closed   bool
}

// KeptSheets are score sheets kept beside the log for the hands of one
// snapshot (a checkpoint's, see projections/load). A sheet serves a
// session only for the very hands it was kept for: the session's first
// k.Finished hands must be the snapshot's own values (the load path puts
// them in place where a hand folded again is the same record, SameHand).
type KeptSheets interface {
	// Has reports whether the sheet of key k is kept for hands (the first
	// k.Finished of them), without decoding it.
	Has(k SheetKey, hands []*game.Hand) bool
	// Sheet is the sheet of key k, when it is kept for hands. It is shared
	// by every session scored from it, and never changed.
	Sheet(k SheetKey, hands []*game.Hand) (game.ScoreSheet, bool)
	// Fold is the score's fold (see game.Folding) kept for the first k
	// of hands, when they are the snapshot's own, resumed by rules with
	// the session's options and seating, ready to take the hands after
	// them: a fold of the caller's own.
	Fold(rules game.Folding, opts game.Options, seating game.Seating, hands []*game.Hand) (f game.SheetFold, k int, ok bool)
	// Running is as Fold, from the running state kept (game.RunningState)
	// rather than the whole: a fold that gives the running part of the
	// score only (game.RunningOf of its Sheet with before), whose size is
	// a rubber's whatever the session's length.
	Running(rules game.Folding, opts game.Options, seating game.Seating, hands []*game.Hand) (f game.SheetFold, k int, before game.Before, ok bool)
}

// SheetsToKeep are the sheets a checkpoint of this session keeps: those of
// its finished hands (open and, if it is, closed), and of all but the last
// of them (the score before the latest hand, which was dealt before any
// close).
func (s *Session) SheetsToKeep() []SheetKey {
	f := s.finishedHands()
	keys := []SheetKey{{Finished: f}}
	if s.Closed {
		keys = append(keys, SheetKey{Finished: f, Closed: true})
	}
	if f > 0 {
		keys = append(keys, SheetKey{Finished: f - 1})
	}
	return keys
}

// ScoreOf is the score sheet of the session's first k.Finished hands,
// closed or not, as Score would give it for a session of those hands.
func (s *Session) ScoreOf(k SheetKey) game.ScoreSheet {
	return s.score(s.Hands[:k.Finished], k.Closed)
}

// FoldToKeep is the score's fold of the session's finished hands, as a
// checkpoint keeps it beside the sheets (see KeptSheets.Fold): a reader
// adds the hands after them to it instead of scoring every hand again.
// Not ok where the ruleset's score is not a fold (game.Folding).
func (s *Session) FoldToKeep() (game.FoldState, int, bool) {
	folding, ok := s.Rules.(game.Folding)
	if !ok {
		return game.FoldState{}, 0, false
	}
	// The fold of the finished hands, or, where it cannot be kept as it
	// stands, of fewer (the hands after are added to it as to any).
	for n := s.finishedHands(); n >= max(s.finishedHands()-2, 0); n-- {
		f, ok := folding.Fold(s.Opts, s.Seating(), nil)
		if !ok {
			return game.FoldState{}, 0, false
		}
		for _, h := range s.Hands[:n] {
			f.Add(h)
		}
		if st, ok := f.State(); ok {
			return st, n, true
		}
	}
	return game.FoldState{}, 0, false
}

// ScoresToKeep gives keep the sheets of keys (SheetsToKeep's), each with
// its index in keys, and returns the fold FoldToKeep gives. Where the
// score is a fold they are made in one pass over the hands, sharing the
// rubbers done: a writer's checkpoint of a long session scores it once,
// not once for each sheet it keeps. Where it is not (duplicate's), each
// sheet is made and given in turn, and can go once keep has written it:
// holding a long session's sheets at once cost an import of 100,000
// boards 15 MB of its peak (TestImportPeakMemory).
func (s *Session) ScoresToKeep(keys []SheetKey, keep func(i int, sheet game.ScoreSheet)) (fold game.FoldState, folded int, ok bool) {
	folding, isFold := s.Rules.(game.Folding)
	var f game.SheetFold
	if isFold {
		f, isFold = folding.Fold(s.Opts, s.Seating(), nil)
	}
	n := s.finishedHands()
	if !isFold || slices.ContainsFunc(keys, func(k SheetKey) bool { return k.Finished > n }) {
		for j, k := range keys {
			keep(j, s.ScoreOf(k))
		}
		return s.FoldToKeep()
	}
	for i := 0; i <= n; i++ {
		for j, k := range keys {
			if k.Finished == i {
				sheet := f.Sheet(k.Closed)
				s.nameSides(sheet.Sides)
				s.namePlayers(&sheet)
				keep(j, sheet)
			}
		}
		if i < n {
			f.Add(s.Hands[i])
		}
	}
	if fold, ok = f.State(); ok {
		return fold, n, true
	}
	return s.FoldToKeep() // the fold of fewer hands
}

// keptFold is the fold kept for the first hands of hands, resumed: not ok
// when none is kept for them, or it leaves out hands held without their
// history (see Graft), which it would have to add.
func (s *Session) keptFold(hands []*game.Hand) (game.SheetFold, int, bool) {
	folding, ok := s.Rules.(game.Folding)
	if !ok || s.read.sheets == nil {
		return nil, 0, false
	}
	f, k, ok := s.read.sheets.Fold(folding, s.Opts, s.Seating(), hands)
	if !ok || k > len(hands) || k < min(len(hands), s.read.withoutHistory) {
		return nil, 0, false
	}
	return f, k, true
}

// keptRunning is the running fold kept for the first hands of hands,
// resumed (see KeptSheets.Running), on the terms of keptFold.
func (s *Session) keptRunning(hands []*game.Hand) (game.SheetFold, int, game.Before, bool) {
	folding, ok := s.Rules.(game.Folding)
	if !ok || s.read.sheets == nil {
		return nil, 0, game.Before{}, false
	}
	f, k, before, ok := s.read.sheets.Running(folding, s.Opts, s.Seating(), hands)
	if !ok || k > len(hands) || k < min(len(hands), s.read.withoutHistory) {
		return nil, 0, game.Before{}, false
	}
	return f, k, before, true
}

// RunningScore is the running part of the session's score
// (game.RunningOf): the rubber in play, or the one the latest hand
// finished, with the rubbers before it counted and each side's total over
// them. It is what the table is shown at the end of a hand. Made from the
// running fold a checkpoint kept, with the hands since added to it, it
// costs a rubber, not the session: a session read for it alone (see
// projections/load's Running) has no other score. Where the ruleset's
// score is not a fold, it is the whole sheet.
func (s *Session) RunningScore() game.RunningSheet {
	folding, ok := s.Rules.(game.Folding)
	if ok {
		_, ok = folding.Fold(s.Opts, s.Seating(), nil)
	}
	if !ok {
		return game.RunningSheet{Sheet: s.Score()}
	}
	if f, k, before, ok := s.keptRunning(s.Hands); ok {
		for _, h := range s.Hands[k:] {
			f.Add(h)
		}
		run := game.RunningOf(f.Sheet(s.Closed), before)
		s.nameSides(run.Sheet.Sides)
		s.namePlayers(&run.Sheet)
		return run
	}
	return game.RunningOf(s.Score(), game.Before{})
}

// ScoresRunningFromKept reports whether RunningScore would add the hands
// since the checkpoint to the running fold it kept: what a reader of the
// running score alone checks before it leaves out the whole sheets.
func (s *Session) ScoresRunningFromKept() bool {
	_, _, _, ok := s.keptRunning(s.Hands)
	return ok
}

// foldScore is the sheet of hands, closed or not, made by adding to the
// fold kept for the first of them the hands after it: the hands since the
// checkpoint, not the session.
func (s *Session) foldScore(hands []*game.Hand, closed bool) (game.ScoreSheet, bool) {
	f, k, ok := s.keptFold(hands)
	if !ok {
		return game.ScoreSheet{}, false
	}
	for _, h := range hands[k:] {
		f.Add(h)
	}
	return f.Sheet(closed), true
}

// ScoresFromKeptFold reports whether Score would add the hands since the
// checkpoint to the fold it kept, rather than score every hand: what the
// tests and benchmarks of a long session look at.
func (s *Session) ScoresFromKeptFold() bool {
	_, _, ok := s.keptFold(s.Hands)
	return ok
}

// UseSheets lets the session score from kept sheets (see Score); nil: from
// its hands only.
func (s *Session) UseSheets(kept KeptSheets) { s.read.sheets = kept }

// finishedHands counts the hands done: every hand but, perhaps, the last.
func (s *Session) finishedHands() int {
	n := len(s.Hands)
	if n > 0 && s.Hands[n-1].Phase != game.PhaseDone {
		n--
	}
	return n
}

// SameHand reports whether two folds of a hand of one session hold the
// same record of it: the same value, or the same encoding as a checkpoint
// keeps it
// (AppendHand, which writes every field of a hand: see
// TestSnapshotCodecCoversEveryField). It is how the load path knows a hand
// folded again from the log to be the one a checkpoint kept, whose score
// sheets then serve it.
func SameHand(a, b *game.Hand) bool {
	if a == b || a == nil || b == nil {
		return a == b
	}
	// Both records in one buffer, sized for a hand of bridge played out:
	// an allocation or two for the comparison, as reflect.DeepEqual took.
	buf := AppendHand(make([]byte, 0, 2048), a)
	n := len(buf)
	buf = AppendHand(buf, b)
	return bytes.Equal(buf[:n], buf[n:])
}

// keptScore is the sheet Score would make, from the kept sheets, when they
// have it for the session's finished hands and its close.
func (s *Session) keptScore() (game.ScoreSheet, bool) {
	if s.read.sheets == nil {
		return game.ScoreSheet{}, false
	}
	return s.read.sheets.Sheet(SheetKey{Finished: s.finishedHands(), Closed: s.Closed}, s.Hands)
}

// ScoresFromKept reports whether Score would take the session's sheet from
// the sheets a checkpoint kept rather than score its hands again: what the
// tests and benchmarks of a long session look at.
func (s *Session) ScoresFromKept() bool {
	_, ok := s.keptScore()
	return ok
}
