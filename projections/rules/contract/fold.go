package contract

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Fold implements game.Folding: rubber bridge and Chicago, a hand at a
// time. Duplicate is not a fold here: each board's line is allotted once
// the session's boards are known (see scoreDuplicate).
func (r *Rules) Fold(opts game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	switch opts["scoring"] {
	case ScoringDuplicate:
		return nil, false
	case ScoringChicago:
		return foldFrom(newSessionFold(true), from)
	}
	return foldFrom(newSessionFold(false), from)
}

// sessionFold is scoreRubbers, or scoreChicago, a hand at a time: the
// rubbers done (added up, as they stay), the one in play and the sheet
// that scores it, with the results it took (which its state is: the
// sheet is made again from them when the fold resumes), and the notes.
type sessionFold struct {
	chicago bool
	done    []game.Rubber
	cur     *game.Rubber
	rubber  *RubberSheet
	four    *ChicagoSheet
	first   cards.Seat // the first dealer of the Chicago in play
	results []HandResult
	notes   []string
	// vul follows who is vulnerable as the session's tracker does (see
	// NewVulnerability), from its sheet's first dealer and the results it
	// took (its state): the score and the tracker count a revoke's tricks
	// differently, so each keeps its own.
	vul        vulnerabilityTracker
	vulFirst   cards.Seat
	vulResults []HandResult
	// base counts the rubbers before done that a running state left out.
	base int
}

// newSessionFold is the fold of rubber bridge, or of Chicago, from no hand.
func newSessionFold(chicago bool) *sessionFold {
	f := &sessionFold{chicago: chicago, vul: vulnerabilityTracker{scoring: ScoringRubber}}
	if chicago {
		f.vul.scoring = ScoringChicago
	}
	return f
}

// track tells the tracker of h as the session's fold does: at its deal
// (a hand not dealt as a board), and when it is done.
func (f *sessionFold) track(h *game.Hand) {
	if h.Board == 0 {
		if f.vul.fresh() {
			f.vulFirst, f.vulResults = h.Dealer, nil
		}
		f.vul.Dealt(h)
	}
	if h.Phase == game.PhaseDone && !h.Annulled && !f.vul.fresh() {
		res := trackedResult(h)
		f.vul.finished(res)
		f.vulResults = append(f.vulResults, res)
	}
}

// Vulnerability implements game.SheetFold.
func (f *sessionFold) Vulnerability(h *game.Hand) (cards.Vulnerability, bool) {
	return f.vul.next(h), true
}

// over reports whether the rubber, or Chicago, in play is finished (or
// none is in play): the next hand begins a new one.
func (f *sessionFold) over() bool {
	if f.chicago {
		return f.four == nil || f.four.Done()
	}
	return f.rubber == nil || f.rubber.Over()
}

// add gives the sheet in play one result.
func (f *sessionFold) add(res HandResult) ([]SheetEntry, error) {
	if f.chicago {
		return f.four.Add(res)
	}
	return f.rubber.Add(res)
}

// Add implements game.SheetFold.
func (f *sessionFold) Add(h *game.Hand) {
	f.track(h)
	if h.Phase != game.PhaseDone || h.Annulled {
		return
	}
	if f.over() {
		f.begin(h.Dealer)
	}
	r := f.cur
	if f.chicago {
		if want := f.four.Dealer(); h.Dealer != want {
			f.notes = append(f.notes, fmt.Sprintf("hand %d: dealt by %s, but deal %d of this Chicago is %s's; scored with the vulnerability of deal %d", h.Number, h.Dealer, f.four.Deal(), want, f.four.Deal()))
		}
	}
	res, notes := handResult(h)
	f.notes = append(f.notes, notes...)
	var games int
	if !f.chicago {
		games = len(f.rubber.GameWinners())
	}
	es, err := f.add(res)
	if err != nil {
		f.notes = append(f.notes, fmt.Sprintf("hand %d: not scored: %v", h.Number, err))
		return
	}
	f.results = append(f.results, res)
	r.Hands = append(r.Hands, h.Number)
	if f.chicago {
		gameWon := false
		for _, e := range es {
			if e.Label == LabelGame {
				gameWon = true
				r.Games = append(r.Games, e.Side)
			}
		}
		r.Entries = append(r.Entries, revokeNoted(h, sheetEntries(es, h.Number, gameWon))...)
		r.Complete = f.four.Done()
	} else {
		r.Entries = append(r.Entries, revokeNoted(h, sheetEntries(es, h.Number, len(f.rubber.GameWinners()) > games))...)
		r.Games = f.rubber.GameWinners()
		r.Complete = f.rubber.Over()
	}
	if r.Complete {
		r.AddUp(bothSides, true)
		f.done = append(f.done, *r)
		f.cur = nil
	}
}

// begin starts a rubber, or a Chicago whose first deal is dealt by first.
func (f *sessionFold) begin(first cards.Seat) {
	f.cur = newRubber(f.base + len(f.done) + 1)
	f.results = nil
	f.first = first
	if f.chicago {
		f.cur.Deals = chicagoDeals
		f.four = NewChicagoSheet(first)
	} else {
		f.rubber = &RubberSheet{}
	}
}

// Sheet implements game.SheetFold: a rubber left unfinished when the
// session is closed is scored by Law 80; a Chicago as it stands.
func (f *sessionFold) Sheet(closed bool) game.ScoreSheet {
	out := game.ScoreSheet{Rubbers: make([]game.Rubber, 0, len(f.done)+1)}
	out.Rubbers = append(out.Rubbers, f.done...)
	if f.cur != nil {
		r := *f.cur
		r.Entries = slices.Clip(r.Entries)
		switch {
		case closed && f.chicago:
			r.Note = fmt.Sprintf("unfinished: play stopped after %d of the four deals; scored as it stands", f.four.Deal()-1)
		case closed:
			// Closing changes the sheet: a copy of it is closed, made
			// again from the results it took.
			sheet := &RubberSheet{}
			for _, res := range f.results {
				_, _ = sheet.Add(res)
			}
			r.Entries = append(r.Entries, sheetEntries(sheet.Close(), 0, false)...)
			r.Note = "incomplete: play stopped by agreement and the rubber was scored by Law 80 of the Laws of Rubber Bridge"
		}
		r.AddUp(bothSides, r.Complete || closed)
		out.Rubbers = append(out.Rubbers, r)
	}
	out.Notes = slices.Clip(f.notes)
	return out
}

// resultInts is how many counts a HandResult is kept as.
const resultInts = 8

func appendResults(carry []int, first cards.Seat, results []HandResult) []int {
	carry = append(carry, int(first), len(results))
	for _, r := range results {
		passed := 0
		if r.PassedOut {
			passed = 1
		}
		carry = append(carry, passed, int(r.Declarer), r.Contract.Level, int(r.Contract.Strain), r.Contract.Doubled, r.Tricks, int(r.Honours.Side), r.Honours.Points)
	}
	return carry
}

// readResults reads what appendResults wrote: the first dealer, the
// results and what follows them; not ok if the counts are short.
func readResults(carry []int) (cards.Seat, []HandResult, []int, bool) {
	if len(carry) < 2 || carry[1] < 0 || len(carry)-2 < carry[1]*resultInts {
		return 0, nil, nil, false
	}
	first, n := cards.Seat(carry[0]), carry[1]
	carry = carry[2:]
	results := make([]HandResult, 0, n)
	for range n {
		c := carry[:resultInts]
		results = append(results, HandResult{PassedOut: c[0] == 1, Declarer: cards.Side(c[1]),
			Contract: Contract{Level: c[2], Strain: cards.Strain(c[3]), Doubled: c[4]}, Tricks: c[5],
			Honours: Honours{Side: cards.Side(c[6]), Points: c[7]}})
		carry = carry[resultInts:]
	}
	return first, results, carry, true
}

// State implements game.SheetFold: the rubber in play last; carried,
// whether there is one, with its first dealer and the results its sheet
// took, then whether the tracker has a sheet in play, with its own.
func (f *sessionFold) State() (game.FoldState, bool) {
	st := game.FoldState{Sheet: game.ScoreSheet{Rubbers: slices.Clip(f.done), Notes: f.notes}, Carry: []int{0}}
	if f.cur != nil {
		st.Sheet.Rubbers = append(st.Sheet.Rubbers, *f.cur)
		st.Carry[0] = 1
		st.Carry = appendResults(st.Carry, f.first, f.results)
	}
	if f.vul.fresh() {
		return game.FoldState{Sheet: st.Sheet, Carry: append(st.Carry, 0)}, true
	}
	st.Carry = append(st.Carry, 1)
	st.Carry = appendResults(st.Carry, f.vulFirst, f.vulResults)
	return st, true
}

// foldFrom resumes f from a state of it (nil: no hand).
func foldFrom(f *sessionFold, from *game.FoldState) (game.SheetFold, bool) {
	if from == nil {
		return f, true
	}
	f.base = from.Before.Rubbers
	rubbers := from.Sheet.Rubbers
	f.notes = slices.Clip(from.Sheet.Notes)
	carry := from.Carry
	if len(carry) < 2 {
		return nil, false
	}
	f.done = slices.Clip(rubbers)
	if carry[0] == 1 {
		if len(rubbers) == 0 {
			return nil, false
		}
		first, results, rest, ok := readResults(carry[1:])
		if !ok {
			return nil, false
		}
		f.done = slices.Clip(rubbers[:len(rubbers)-1])
		f.begin(first)
		r := rubbers[len(rubbers)-1]
		r.Entries, r.Hands, r.Games = slices.Clone(r.Entries), slices.Clone(r.Hands), slices.Clone(r.Games)
		f.cur = &r
		for _, res := range results {
			if _, err := f.add(res); err != nil {
				return nil, false
			}
		}
		f.results = results
		carry = rest
	} else {
		carry = carry[1:]
	}
	if len(carry) == 0 || carry[0] != 1 {
		return f, len(carry) == 1
	}
	first, results, rest, ok := readResults(carry[1:])
	if !ok || len(rest) != 0 {
		return nil, false
	}
	// The tracker's sheet in play, made again from its results.
	f.vulFirst = first
	if f.chicago {
		f.vul.chicago = NewChicagoSheet(first)
	} else {
		f.vul.rubber = &RubberSheet{}
	}
	for _, res := range results {
		f.vul.finished(res)
	}
	f.vulResults = results
	return f, true
}
