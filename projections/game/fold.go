package game

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
)

// A score that takes one more hand. A ruleset's Score takes every hand of
// the session; where the score is a fold over the hands (a rubber, a
// running score), the ruleset also gives the fold itself (Folding), so
// that a reader of the latest hand of a long session adds the hands since
// its checkpoint to the fold the checkpoint kept (FoldState), rather than
// scoring the session again. Score is then that fold from no hand
// (FoldScore): one code, so the two cannot differ.

// FoldState is a SheetFold as plain data: what a checkpoint keeps of it
// (see projections/load), and a fold starts again from. Sheet is the
// sheet as the fold holds it (the rubbers so far, the last perhaps in
// play and not yet added up; the notes of the hands), Carry the counts it
// carries that the sheet does not show (a game's trick score in play).
// Its meaning is the ruleset's, for the same build of hoyle only.
//
// A state as State gives it is whole. RunningState makes of it the
// running state, whose Before says what it leaves out: a fold resumed
// from it gives the running part of the score only (RunningOf of its
// Sheet with Before), not the whole sheet, and its State is not kept
// (Resume).
type FoldState struct {
	Sheet ScoreSheet
	Carry []int
	// Running marks a running state (RunningState), Before what it
	// leaves out of the sheet.
	Running bool
	Before  Before
}

// Before is what a running part of a score leaves out of the whole sheet:
// the rubbers finished before the first it holds, and each side's total
// over them. It is what keeps the read of the latest hand of a long
// session the size of one rubber: the finished rubbers are the sheet's
// bulk, and the table asks for the rubber in play.
type Before struct {
	// Rubbers counts the rubbers left out: the first held is numbered
	// Rubbers+1.
	Rubbers int
	// Hands counts the hands of a score that runs on for the whole
	// session (a progressive game, Quinto's sheet) whose entries are left
	// out: its totals count them.
	Hands int
	// Totals is each side's total (SideTotal.Total) over them, by side
	// (cards.Side as the index): nil while none is left out.
	Totals []int
}

// add counts the rubbers rs in, as left out.
func (b Before) add(rs []Rubber) Before {
	if len(rs) == 0 {
		return b
	}
	b.Totals = slices.Clone(b.Totals)
	for _, r := range rs {
		b.Rubbers++
		for s, t := range r.Sides {
			if t == nil || s < 0 {
				continue
			}
			for int(s) >= len(b.Totals) {
				b.Totals = append(b.Totals, 0)
			}
			b.Totals[s] += t.Total
		}
	}
	return b
}

// RunningSheet is the running part of a session's score: what the table
// is shown at the end of a hand. Sheet holds the last rubber (the one in
// play, or the one the hand just finished: the hand's entries are in
// it), the last line of a running tally, and the sheet's sides and
// players, but not its notes; Before the rubbers before it. Where the
// score has no rubbers to leave out (duplicate's boards, a ruleset whose
// score is not a fold), Sheet is the whole sheet and Before is zero.
type RunningSheet struct {
	Sheet  ScoreSheet
	Before Before
}

// RunningOf is the running part of sheet, the Sheet of a fold whose state
// left out before (the zero Before for a fold from no hand): the same
// whichever state the fold was resumed from.
func RunningOf(sheet ScoreSheet, before Before) RunningSheet {
	out := RunningSheet{Sheet: sheet, Before: before}
	out.Sheet.Notes = nil
	if n := len(sheet.Rubbers); n > 0 {
		out.Before = before.add(sheet.Rubbers[:n-1])
		r, left := trimRunning(sheet.Rubbers[n-1])
		out.Sheet.Rubbers = []Rubber{r}
		out.Before.Hands += left
	}
	if n := len(sheet.Tally); n > 1 {
		out.Sheet.Tally = sheet.Tally[n-1:]
	}
	return out
}

// trimRunning is r, or, where r is a score that runs on for the whole
// session (a progressive game, Quinto's sheet), r with the entries of its
// latest hand only (its totals are the session's), and how many hands'
// entries it leaves out.
func trimRunning(r Rubber) (Rubber, int) {
	if !(r.Running || r.NoGames) || len(r.Hands) <= 1 {
		return r, 0
	}
	left := len(r.Hands) - 1
	last := r.Hands[len(r.Hands)-1]
	i := len(r.Entries)
	for i > 0 && r.Entries[i-1].Hand == last {
		i--
	}
	r.Entries = slices.Clip(r.Entries[i:])
	r.Hands = []int{last}
	return r, left
}

// RunningState is the running state of st, a whole fold's State: of its
// sheet, the last rubber (trimmed as RunningOf trims it), the last line of
// a tally and no notes, the rubbers before it counted in Before; its
// carried counts as they are. Its size is that of a rubber, whatever the
// session's length. A fold resumed from it gives the running part
// (RunningOf of its Sheet with its Before) as the whole fold does.
func RunningState(st FoldState) FoldState {
	run := RunningOf(st.Sheet, st.Before)
	return FoldState{Sheet: run.Sheet, Carry: st.Carry, Running: true, Before: run.Before}
}

// SheetFold is a session's score being folded, hand by hand.
type SheetFold interface {
	// Add takes the session's next hand, finished or not (a hand in play
	// scores as Score scores it: not at all, or its notes only).
	Add(h *Hand)
	// Sheet is the score sheet of the hands added, the session closed or
	// not: what Score gives for them. It leaves the fold as it was, and
	// shares what it does not change with it: a reader never changes a
	// sheet.
	Sheet(closed bool) ScoreSheet
	// State is the fold as plain data, for Folding.Fold: not ok where
	// the fold cannot be kept as it stands (the last hand added scores
	// otherwise once another follows it).
	State() (FoldState, bool)
	// Vulnerability is who is vulnerable on h, the next hand to add (its
	// number, dealer and board set), as the ruleset's VulnerabilityTracker
	// would say when h is dealt after the hands added: the fold follows
	// it where the score decides it (a rubber's games). Not ok where it
	// does not.
	Vulnerability(h *Hand) (cards.Vulnerability, bool)
}

// Folding is a Ruleset whose Score is a fold over the session's hands: its
// Score(in) is FoldScore(Fold(in.Opts, in.Seating, nil), in).
type Folding interface {
	// Fold is the fold of a session with these options and seating: of no
	// hand when from is nil, else of the hands whose fold's State from is
	// (from is not changed, and may be shared). Not ok when from is not a
	// state of this fold, or the score with these options is not a fold
	// (then Score is the only way to the sheet). A ruleset that embeds
	// another whose Fold it does not score by says so with a Fold of its
	// own (TestFoldsTakeOneMoreHand finds one that does not).
	Fold(opts Options, seating Seating, from *FoldState) (SheetFold, bool)
}

// Resume is rules' fold of a session with these options and seating,
// resumed from the state from (Folding.Fold). A fold resumed from a running
// state (RunningState) gives the running part of the score only, so its
// State is never kept: Resume says so here, for every ruleset's fold.
func Resume(rules Folding, opts Options, seating Seating, from *FoldState) (SheetFold, bool) {
	f, ok := rules.Fold(opts, seating, from)
	if !ok || from == nil || !from.Running {
		return f, ok
	}
	return runningResumed{f}, true
}

// runningResumed is a fold resumed from a running state: not kept.
type runningResumed struct{ SheetFold }

// State implements SheetFold: not ok, the fold holds the running part only.
func (runningResumed) State() (FoldState, bool) { return FoldState{}, false }

// FoldScore adds in's hands to f and gives the sheet: Score, for a ruleset
// whose score is a fold.
func FoldScore(f SheetFold, in ScoreInput) ScoreSheet {
	for _, h := range in.Hands {
		f.Add(h)
	}
	return f.Sheet(in.Closed)
}

// scores reports whether a hand goes on a rubber's sheet: finished, with a
// contract (a hand thrown in scores nothing), not annulled.
func scores(h *Hand) bool { return h.Phase == PhaseDone && h.Contract != nil && !h.Annulled }

// Fold is the fold of RubberLaws.Score (each hand's entries given by
// entries), from the state from (nil: no hand).
func (l RubberLaws) Fold(entries func(*Hand) ([]Entry, []string), from *FoldState) (SheetFold, bool) {
	f := &rubberLawsFold{l: l, entries: entries}
	if from == nil {
		return f, true
	}
	f.base = from.Before.Rubbers
	rubbers := from.Sheet.Rubbers
	f.notes = slices.Clip(from.Sheet.Notes)
	switch len(from.Carry) {
	case 0:
		f.done = slices.Clip(rubbers)
	case 2:
		if len(rubbers) == 0 {
			return nil, false
		}
		f.done = slices.Clip(rubbers[:len(rubbers)-1])
		r := rubbers[len(rubbers)-1]
		r.Entries, r.Hands, r.Games = slices.Clone(r.Entries), slices.Clone(r.Hands), slices.Clone(r.Games)
		f.cur = &rubberFold{Rubber: r, below: [2]int{from.Carry[0], from.Carry[1]}, won: gamesWon(r.Games)}
	default:
		return nil, false
	}
	for _, r := range f.done {
		f.excess = l.excess(f.excess, r)
	}
	return f, true
}

// rubberLawsFold is RubberLaws.Score as a fold: the rubbers done (added
// up, as they stay), the rubber in play, the notes of the hands and those
// of the rubbers done (which the sheet puts after them).
type rubberLawsFold struct {
	l       RubberLaws
	entries func(*Hand) ([]Entry, []string)
	done    []Rubber
	cur     *rubberFold
	notes   []string
	excess  []string
	// base counts the rubbers before done that a running state left out.
	base int
}

var bothSides = []cards.Side{cards.NS, cards.EW}

// Add implements SheetFold: a rubber ends when a side has won two games;
// the next hand begins a new one.
func (f *rubberLawsFold) Add(h *Hand) {
	if !scores(h) {
		return
	}
	if f.cur == nil {
		f.cur = &rubberFold{Rubber: Rubber{Number: f.base + len(f.done) + 1, Entries: []Entry{}, Hands: []int{}, Games: []cards.Side{}, Above: "honours"}}
	}
	es, notes := f.entries(h)
	f.notes = append(f.notes, notes...)
	f.l.add(f.cur, h, es)
	if f.cur.over() {
		r := f.cur.Rubber
		r.AddUp(bothSides, true)
		f.done = append(f.done, r)
		f.excess = f.l.excess(f.excess, r)
		f.cur = nil
	}
}

// Vulnerability implements SheetFold: the auction codes have none.
func (f *rubberLawsFold) Vulnerability(*Hand) (cards.Vulnerability, bool) { return 0, false }

// excess notes a rubber won by two games whose losers have the larger
// total, and win the excess.
func (l RubberLaws) excess(notes []string, r Rubber) []string {
	won := gamesWon(r.Games)
	w := cards.NoSide
	for _, s := range bothSides {
		if won[s] == 2 {
			w = s
		}
	}
	if r.Complete && r.Winner != nil && *r.Winner != w {
		notes = append(notes, fmt.Sprintf("rubber %d: %s won two games, but %s's total is the larger and they win the excess (%s)", r.Number, w, *r.Winner, l.ExcessLaw))
	}
	return notes
}

// gamesWon counts each side's games.
func gamesWon(games []cards.Side) [2]int {
	var won [2]int
	for _, s := range games {
		if s == cards.NS || s == cards.EW {
			won[s]++
		}
	}
	return won
}

// Sheet implements SheetFold: when the session is closed by agreement, a
// rubber left unfinished is made up by the code; an unfinished rubber in
// play has no winner and no value yet.
func (f *rubberLawsFold) Sheet(closed bool) ScoreSheet {
	sheet := ScoreSheet{Rubbers: make([]Rubber, 0, len(f.done)+1)}
	sheet.Rubbers = append(sheet.Rubbers, f.done...)
	if f.cur != nil {
		r := *f.cur
		r.Entries = slices.Clip(r.Entries)
		if closed {
			f.l.makeUp(&r)
		}
		r.AddUp(bothSides, closed)
		sheet.Rubbers = append(sheet.Rubbers, r.Rubber)
	}
	if len(f.notes)+len(f.excess) > 0 {
		sheet.Notes = append(slices.Clip(f.notes), f.excess...)
	}
	return sheet
}

// State implements SheetFold: the rubber in play last, with its game's
// trick scores.
func (f *rubberLawsFold) State() (FoldState, bool) {
	st := FoldState{Sheet: ScoreSheet{Rubbers: slices.Clip(f.done), Notes: f.notes}}
	if f.cur != nil {
		st.Sheet.Rubbers = append(st.Sheet.Rubbers, f.cur.Rubber)
		st.Carry = []int{f.cur.below[0], f.cur.below[1]}
	}
	return st, true
}

// ProgressiveFold is the fold of Progressive (each hand's entries given by
// entriesOf), from the state from (nil: no hand).
func ProgressiveFold(entriesOf func(*Hand) ([]Entry, []string), from *FoldState) (SheetFold, bool) {
	f := &runningFold{entriesOf: entriesOf, allNotes: true, start: func() Rubber {
		return Rubber{Number: 1, Name: "Progressive game", NoGames: true, Above: "honours", Entries: []Entry{}, Hands: []int{}, Games: []cards.Side{}}
	}, end: func(sheet *ScoreSheet, r *Rubber, _ bool) {
		if r != nil {
			r.Note = ProgressiveText
			sheet.Rubbers = []Rubber{*r}
		}
	}}
	return f, f.from(from)
}

// RunningFold is the fold of a score kept as one running rubber that is
// never settled (Quinto's sheet): start is the rubber before any hand,
// end finishes the sheet, the session closed or not, putting the rubber
// on it (r, added up: nil while no hand has scored). Only the hands that
// score give their notes.
func RunningFold(entriesOf func(*Hand) ([]Entry, []string), start func() Rubber, end func(sheet *ScoreSheet, r *Rubber, closed bool), from *FoldState) (SheetFold, bool) {
	f := &runningFold{entriesOf: entriesOf, start: start, end: end}
	return f, f.from(from)
}

// runningFold is a score kept as one running rubber, never settled: each
// scoring hand's entries go into it, and each side's totals run on.
type runningFold struct {
	entriesOf func(*Hand) ([]Entry, []string)
	// allNotes: every hand's notes are the sheet's, not only those of the
	// hands that score.
	allNotes bool
	start    func() Rubber
	end      func(sheet *ScoreSheet, r *Rubber, closed bool)
	r        Rubber
	notes    []string
}

func (f *runningFold) from(st *FoldState) bool {
	f.r = f.start()
	if st == nil {
		return true
	}
	if len(st.Carry) != 0 || len(st.Sheet.Rubbers) > 1 || st.Before.Rubbers != 0 {
		return false
	}
	f.notes = slices.Clip(st.Sheet.Notes)
	if len(st.Sheet.Rubbers) == 1 {
		f.r = st.Sheet.Rubbers[0]
		f.r.Entries, f.r.Hands = slices.Clip(f.r.Entries), slices.Clip(f.r.Hands)
		f.r.Sides = cloneTotals(f.r.Sides)
	}
	return true
}

// cloneTotals copies a rubber's columns: a fold adds to its own.
func cloneTotals(sides map[cards.Side]*SideTotal) map[cards.Side]*SideTotal {
	out := make(map[cards.Side]*SideTotal, len(sides))
	for s, t := range sides {
		c := *t
		out[s] = &c
	}
	return out
}

// Add implements SheetFold.
func (f *runningFold) Add(h *Hand) {
	if !f.allNotes && !scores(h) {
		return
	}
	es, notes := f.entriesOf(h)
	f.notes = append(f.notes, notes...)
	if !scores(h) {
		return
	}
	f.r.Hands = append(f.r.Hands, h.Number)
	f.r.Entries = append(f.r.Entries, es...)
	if f.r.Sides == nil {
		f.r.Sides = map[cards.Side]*SideTotal{cards.NS: {}, cards.EW: {}}
	}
	// The columns as AddUp adds them, one hand at a time: the sheet of a
	// long session is not added up again for each hand.
	for _, e := range es {
		t := f.r.Sides[e.Side]
		if t == nil {
			t = &SideTotal{}
			f.r.Sides[e.Side] = t
		}
		if e.Above {
			t.Above += e.Points
		} else {
			t.Below += e.Points
		}
		t.Total += e.Points
	}
}

// Sheet implements SheetFold.
func (f *runningFold) Sheet(closed bool) ScoreSheet {
	var sheet ScoreSheet
	sheet.Notes = slices.Clip(f.notes)
	if len(f.r.Hands) == 0 {
		f.end(&sheet, nil, closed)
		return sheet
	}
	r := f.r
	r.Entries, r.Hands = slices.Clip(r.Entries), slices.Clip(r.Hands)
	r.Sides = cloneTotals(r.Sides)
	r.Winner, r.Points = nil, 0
	f.end(&sheet, &r, closed)
	return sheet
}

// Vulnerability implements SheetFold: a running score has none.
func (f *runningFold) Vulnerability(*Hand) (cards.Vulnerability, bool) { return 0, false }

// State implements SheetFold.
func (f *runningFold) State() (FoldState, bool) {
	st := FoldState{Sheet: ScoreSheet{Notes: f.notes}}
	if len(f.r.Hands) > 0 {
		r := f.r
		r.Entries, r.Hands = slices.Clip(r.Entries), slices.Clip(r.Hands)
		r.Sides = cloneTotals(r.Sides) // the fold adds to its own
		st.Sheet.Rubbers = []Rubber{r}
	}
	return st, true
}
