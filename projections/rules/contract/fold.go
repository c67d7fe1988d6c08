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
		return foldFrom(&sessionFold{chicago: true}, from)
	}
	return foldFrom(&sessionFold{}, from)
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
	f.cur = newRubber(len(f.done) + 1)
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

// State implements game.SheetFold: the rubber in play last, and, carried,
// whether there is one, the Chicago's first dealer and the results its
// sheet took.
func (f *sessionFold) State() game.FoldState {
	st := game.FoldState{Sheet: game.ScoreSheet{Rubbers: slices.Clip(f.done), Notes: f.notes}}
	if f.cur == nil {
		return st
	}
	st.Sheet.Rubbers = append(st.Sheet.Rubbers, *f.cur)
	st.Carry = make([]int, 0, 2+resultInts*len(f.results))
	st.Carry = append(st.Carry, 1, int(f.first))
	for _, r := range f.results {
		passed := 0
		if r.PassedOut {
			passed = 1
		}
		st.Carry = append(st.Carry, passed, int(r.Declarer), r.Contract.Level, int(r.Contract.Strain), r.Contract.Doubled, r.Tricks, int(r.Honours.Side), r.Honours.Points)
	}
	return st
}

// foldFrom resumes f from a state of it (nil: no hand).
func foldFrom(f *sessionFold, from *game.FoldState) (game.SheetFold, bool) {
	if from == nil {
		return f, true
	}
	rubbers := from.Sheet.Rubbers
	f.notes = slices.Clip(from.Sheet.Notes)
	if len(from.Carry) == 0 {
		f.done = slices.Clip(rubbers)
		return f, true
	}
	carry := from.Carry
	if len(rubbers) == 0 || carry[0] != 1 || len(carry) < 2 || (len(carry)-2)%resultInts != 0 {
		return nil, false
	}
	f.done = slices.Clip(rubbers[:len(rubbers)-1])
	f.begin(cards.Seat(carry[1]))
	r := rubbers[len(rubbers)-1]
	r.Entries, r.Hands, r.Games = slices.Clone(r.Entries), slices.Clone(r.Hands), slices.Clone(r.Games)
	f.cur = &r
	for c := carry[2:]; len(c) > 0; c = c[resultInts:] {
		res := HandResult{PassedOut: c[0] == 1, Declarer: cards.Side(c[1]),
			Contract: Contract{Level: c[2], Strain: cards.Strain(c[3]), Doubled: c[4]}, Tricks: c[5],
			Honours: Honours{Side: cards.Side(c[6]), Points: c[7]}}
		if _, err := f.add(res); err != nil {
			return nil, false
		}
		f.results = append(f.results, res)
	}
	return f, true
}
