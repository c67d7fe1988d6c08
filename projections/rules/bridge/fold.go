package bridge

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Fold implements game.Folding: the rubbers (or Short Bridge's games), or
// a progressive game, a hand at a time.
func (r *Rules) Fold(opts game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	if opts["scoring"] == "progressive" {
		return game.ProgressiveFold(r.HandEntries, from)
	}
	return r.RubbersFold(r.HandEntries, nil, from)
}

// RubbersFold is RubbersBetween as a fold (game.SheetFold), from the
// state from (nil: no hand).
func (r *Rules) RubbersFold(entriesOf func(*game.Hand) ([]game.Entry, []string), sidesOf func(*game.Hand) [2]cards.Side, from *game.FoldState) (game.SheetFold, bool) {
	f := &rubbersFold{r: r, entriesOf: entriesOf, sidesOf: sidesOf}
	if from == nil {
		return f, true
	}
	f.base = from.Before.Rubbers
	rubbers := from.Sheet.Rubbers
	f.notes = slices.Clip(from.Sheet.Notes)
	f.done = slices.Clip(rubbers)
	c := from.Carry
	if len(c) == 0 {
		return f, true
	}
	if c[0] != 1 || len(rubbers) == 0 {
		return nil, false
	}
	below, c, ok := readCounts(c[1:])
	if !ok {
		return nil, false
	}
	games, c, ok := readCounts(c)
	if !ok || len(c) != 0 {
		return nil, false
	}
	f.done = slices.Clip(rubbers[:len(rubbers)-1])
	cur := rubbers[len(rubbers)-1]
	cur.Entries, cur.Hands, cur.Games = slices.Clone(cur.Entries), slices.Clone(cur.Hands), slices.Clone(cur.Games)
	f.cur, f.below, f.games = &cur, below, games
	return f, true
}

// rubbersFold is RubbersBetween a hand at a time: the rubbers done (added
// up, as they stay), the one in play with each side's trick score in the
// game and games won, and the notes of every hand.
type rubbersFold struct {
	r            *Rules
	entriesOf    func(*game.Hand) ([]game.Entry, []string)
	sidesOf      func(*game.Hand) [2]cards.Side
	done         []game.Rubber
	cur          *game.Rubber
	below, games map[cards.Side]int
	notes        []string
	// base counts the rubbers before done that a running state left out.
	base int
}

var rubberSides = []cards.Side{cards.NS, cards.EW}

// Add implements game.SheetFold.
func (f *rubbersFold) Add(h *game.Hand) {
	entries, notes := f.entriesOf(h)
	f.notes = append(f.notes, notes...)
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return
	}
	r := f.r
	if f.cur == nil {
		f.cur = &game.Rubber{Number: f.base + len(f.done) + 1, Above: "honours"}
		if r.ShortGame != "" {
			f.cur.Name = "Game"
		}
		f.below, f.games = map[cards.Side]int{}, map[cards.Side]int{}
	}
	cur, below, games := f.cur, f.below, f.games
	cur.Hands = append(cur.Hands, h.Number)
	over := false
	revoked := h.TricksOrValue(RevokeTricks).Revoked
	if f.sidesOf != nil {
		m := f.sidesOf(h)
		was := revoked
		revoked = map[cards.Side]bool{}
		for s, ok := range was {
			revoked[m[s]] = ok
		}
		for i := range entries {
			entries[i].Side = m[entries[i].Side]
		}
	}
	for _, e := range entries {
		if !e.Above && !over {
			if below[e.Side]+e.Points < 0 {
				// Three tricks' value is deducted from the revoking
				// side's existing score: no further (Law 90 I, III).
				e.Points = -below[e.Side]
			}
			if revoked[e.Side] && below[e.Side]+e.Points > RevokeCap {
				// "Whatever their previous score may be, the side
				// revoking cannot attain a higher score towards the
				// game than twenty-eight" (Law 90 V).
				e.Points = max(RevokeCap-below[e.Side], 0)
				e.Label += fmt.Sprintf("; no more than %d toward the game, having revoked", RevokeCap)
				e.Law += ", " + LawRevokePenalty
			}
			below[e.Side] += e.Points
			if below[e.Side] >= GamePoints {
				e.GameLine = true
				cur.Games = append(cur.Games, e.Side)
				games[e.Side]++
				below = map[cards.Side]int{}
				f.below = below
				over = games[e.Side] == 2 || r.ShortGame != ""
			}
		}
		cur.Entries = append(cur.Entries, e)
	}
	if over && r.ShortGame != "" {
		// "The winners being the side that has the higher score for
		// tricks and honours combined when either side reaches
		// thirty points below the line": no rubber, and nothing for
		// the game but what it decides.
		cur.Complete = true
		cur.AddUp(rubberSides, true)
		cur.Games = nil
		if cur.Winner != nil {
			cur.Games = []cards.Side{*cur.Winner}
		}
		cur.Note = "the higher score for tricks and honours wins the game, once a side has 30 below the line (" + r.ShortGame + ")"
		f.done = append(f.done, *cur)
		f.cur = nil
		return
	}
	if over {
		w := cur.Games[len(cur.Games)-1]
		cur.Entries = append(cur.Entries, game.Entry{Side: w, Above: true, Points: RubberPoints,
			Label: fmt.Sprintf("the rubber (%d games to %d)", games[w], games[1-w]), Law: LawRubberPts})
		cur.Complete = true
		cur.AddUp(rubberSides, true)
		f.done = append(f.done, *cur)
		f.cur = nil
	}
}

// Sheet implements game.SheetFold.
func (f *rubbersFold) Sheet(closed bool) game.ScoreSheet {
	var sheet game.ScoreSheet
	if len(f.done) > 0 || f.cur != nil {
		sheet.Rubbers = make([]game.Rubber, 0, len(f.done)+1)
		sheet.Rubbers = append(sheet.Rubbers, f.done...)
	}
	if f.cur != nil {
		cur := *f.cur
		if f.r.ShortGame != "" {
			cur.Games = nil
			cur.AddUp(rubberSides, false)
			if closed {
				cur.Note = "the game was not finished: it is decided only when a side reaches thirty below the line (" + f.r.ShortGame + "), so nobody wins it"
			}
		} else {
			cur.AddUp(rubberSides, closed)
			if closed {
				cur.Note = "the rubber was not finished; the Club code has no law for an unfinished rubber, so its points " +
					"stand as scored, without the 100 that Law 11 gives only to the winners of a rubber"
			}
		}
		sheet.Rubbers = append(sheet.Rubbers, cur)
	}
	sheet.Notes = slices.Clip(f.notes)
	return sheet
}

// State implements game.SheetFold: the rubber in play last; carried,
// whether there is one, and each side's trick score and games in it.
func (f *rubbersFold) State() (game.FoldState, bool) {
	st := game.FoldState{Sheet: game.ScoreSheet{Rubbers: slices.Clip(f.done), Notes: f.notes}}
	if f.cur != nil {
		st.Sheet.Rubbers = append(st.Sheet.Rubbers, *f.cur)
		st.Carry = appendCounts(appendCounts([]int{1}, f.below), f.games)
	}
	return st, true
}

// Vulnerability implements game.SheetFold: Bridge has none.
func (f *rubbersFold) Vulnerability(*game.Hand) (cards.Vulnerability, bool) { return 0, false }

// appendCounts writes a count by side: how many, then each side (in
// order) and its count.
func appendCounts(carry []int, m map[cards.Side]int) []int {
	carry = append(carry, len(m))
	for _, s := range slices.Sorted(maps.Keys(m)) {
		carry = append(carry, int(s), m[s])
	}
	return carry
}

// readCounts reads what appendCounts wrote, and what follows it.
func readCounts(c []int) (map[cards.Side]int, []int, bool) {
	if len(c) == 0 || c[0] < 0 || len(c)-1 < 2*c[0] {
		return nil, nil, false
	}
	m := make(map[cards.Side]int, c[0])
	for i := range c[0] {
		m[cards.Side(c[1+2*i])] = c[2+2*i]
	}
	return m, c[1+2*c[0]:], true
}
