package whist

import (
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Fold is the scorer's Score a hand at a time (game.SheetFold), from the
// state from (nil: no hand).
func (sc *Scorer) Fold(from *game.FoldState) (game.SheetFold, bool) {
	f := &scorerFold{sc: sc}
	if from == nil {
		return f, true
	}
	f.base = from.Before.Rubbers
	rubbers := from.Sheet.Rubbers
	f.notes = slices.Clip(from.Sheet.Notes)
	f.done = slices.Clip(rubbers)
	switch c := from.Carry; {
	case len(c) == 0:
	case len(c) == 6 && len(rubbers) > 0:
		f.done = slices.Clip(rubbers[:len(rubbers)-1])
		r := rubbers[len(rubbers)-1]
		r.Entries, r.Hands, r.Games = slices.Clone(r.Entries), slices.Clone(r.Hands), slices.Clone(r.Games)
		f.cur = &rubber{Rubber: r, sc: sc,
			score:  map[cards.Side]int{cards.NS: c[0], cards.EW: c[1]},
			won:    map[cards.Side]int{cards.NS: c[2], cards.EW: c[3]},
			values: map[cards.Side]int{cards.NS: c[4], cards.EW: c[5]}}
	default:
		return nil, false
	}
	return f, true
}

// scorerFold is Scorer.Score as a fold: the rubbers done (settled, as they
// stay), the rubber in play and the notes. A hand with a revoke whose
// penalty is not yet chosen scores otherwise while no hand is dealt after
// it (see rubber.hand): it is pending, scored as the last, and scored again
// from the fold as it stood before it when a hand follows.
type scorerFold struct {
	sc    *Scorer
	done  []game.Rubber
	cur   *rubber
	notes []string
	// base counts the rubbers before done that a running state left out.
	base int
	// pending is the hand scored as the last, and before what the fold
	// was before it.
	pending *game.Hand
	before  struct {
		done, notes int
		cur         *rubber
	}
}

// Add implements game.SheetFold.
func (f *scorerFold) Add(h *game.Hand) {
	if p := f.pending; p != nil {
		// A hand after it: the pending hand is not the last.
		f.done, f.notes, f.cur = f.done[:f.before.done], f.notes[:f.before.notes], f.before.cur
		f.pending = nil
		f.score(p, false)
	}
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return
	}
	if len(h.TricksOrValue(RevokeTricks).Unchosen) > 0 {
		f.pending = h
		f.before.done, f.before.notes, f.before.cur = len(f.done), len(f.notes), f.cur.clone()
		f.score(h, true)
		return
	}
	f.score(h, false)
}

// score scores one hand, the last of the session or not.
func (f *scorerFold) score(h *game.Hand, last bool) {
	if f.cur == nil {
		f.cur = &rubber{Rubber: game.Rubber{Number: f.base + len(f.done) + 1, GameTo: GamePoints, Name: f.sc.name()}, sc: f.sc,
			score: map[cards.Side]int{}, won: map[cards.Side]int{}, values: map[cards.Side]int{}}
	}
	f.notes = append(f.notes, f.cur.hand(h, last)...)
	if f.cur.Complete {
		f.done = append(f.done, Settle(f.cur.Rubber, true))
		f.cur = nil
	}
}

// clone is a copy of the rubber that scoring more hands on r leaves as it
// is (nil for nil).
func (r *rubber) clone() *rubber {
	if r == nil {
		return nil
	}
	c := *r
	c.Entries, c.Hands, c.Games = slices.Clone(r.Entries), slices.Clone(r.Hands), slices.Clone(r.Games)
	c.score, c.won, c.values = maps.Clone(r.score), maps.Clone(r.won), maps.Clone(r.values)
	return &c
}

// Sheet implements game.SheetFold.
func (f *scorerFold) Sheet(closed bool) game.ScoreSheet {
	var sheet game.ScoreSheet
	if len(f.done) > 0 || f.cur != nil {
		sheet.Rubbers = make([]game.Rubber, 0, len(f.done)+1)
		sheet.Rubbers = append(sheet.Rubbers, f.done...)
	}
	if f.cur != nil {
		r := Settle(f.cur.Rubber, closed)
		if closed {
			r.Note = "the rubber was not finished; the laws of whist settle only a finished rubber, so its games stand at their value, without the rubber points"
			if f.sc.OneGame {
				r.Note = "the game was not finished: it scores nothing"
			}
		}
		sheet.Rubbers = append(sheet.Rubbers, r)
	}
	sheet.Notes = slices.Clip(f.notes)
	if f.pending != nil {
		// The notes after the pending hand's are written again when a hand
		// follows it: the sheet keeps its own.
		sheet.Notes = slices.Clone(f.notes)
	}
	return sheet
}

// State implements game.SheetFold: the rubber in play last, and, carried,
// each side's score in the game, games won and their values. Not while a
// hand is pending.
func (f *scorerFold) State() (game.FoldState, bool) {
	if f.pending != nil {
		return game.FoldState{}, false
	}
	st := game.FoldState{Sheet: game.ScoreSheet{Rubbers: slices.Clip(f.done), Notes: f.notes}}
	if f.cur != nil {
		st.Sheet.Rubbers = append(st.Sheet.Rubbers, f.cur.Rubber)
		r := f.cur
		st.Carry = []int{r.score[cards.NS], r.score[cards.EW], r.won[cards.NS], r.won[cards.EW], r.values[cards.NS], r.values[cards.EW]}
	}
	return st, true
}

// Vulnerability implements game.SheetFold: whist has none.
func (f *scorerFold) Vulnerability(*game.Hand) (cards.Vulnerability, bool) { return 0, false }

// Fold implements game.Folding: the rubbers, a hand at a time; duplicate
// whist is not a fold here (see scoreDuplicate).
func (r *Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	if r.duplicate {
		return nil, false
	}
	return (&Scorer{}).Fold(from)
}
