package fivehundred

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Scores of the text.
const (
	Target        = 500 // the first to 500 wins
	AllTenMinimum = 250 // all ten tricks score at least 250
	TrickPoints   = 10  // each opponent of the bidder scores 10 a trick
)

// BidScore is what the bidder scores with tricks taken on bid c: the bid's
// value if he makes it "but no more", at least 250 for all ten tricks;
// made is false when he fails, and the value goes in his LOST column.
func BidScore(c cards.Call, tricks int) (points int, made bool) {
	v := BidValue(c)
	if tricks < int(c.Level) {
		return v, false
	}
	if tricks == Tricks && v < AllTenMinimum {
		return AllTenMinimum, true
	}
	return v, true
}

// HandScore scores one finished hand: each player's WON and LOST points,
// with the entries that explain them (an entry Above is in the WON column,
// otherwise in the LOST column), and notes on what could not be scored.
func HandScore(h *game.Hand) (won, lost []int, entries []game.Entry, notes []string) {
	n := h.Seating.Seats
	won, lost = make([]int, n), make([]int, n)
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return won, lost, nil, nil
	}
	if won, lost, entries, ok := revokeScore(h); ok {
		return won, lost, entries, nil
	}
	c := h.Contract
	tricksOf := func(s cards.Seat) int { return h.Won[h.Seating.SideOf(s)] }
	bid := cards.NewBid(c.Level, c.Strain)
	for seat := range cards.Seat(n) {
		side := h.Seating.SideOf(seat)
		switch {
		case c.Declarer == cards.NoSeat:
			won[seat] = TrickPoints * tricksOf(seat)
			entries = append(entries, game.Entry{Hand: h.Number, Side: side, Above: true, Points: won[seat],
				Label: fmt.Sprintf("%s at 10; nobody bid", tricks(tricksOf(seat))), Law: TextBidding})
		case seat == c.Declarer:
			pts, made := BidScore(bid, tricksOf(seat))
			switch {
			case !made:
				lost[seat] = pts
				entries = append(entries, game.Entry{Hand: h.Number, Side: side, Points: -pts,
					Label: fmt.Sprintf("%s bid, %s: %d set back", bidName(bid), tricks(tricksOf(seat)), pts), Law: TextScoring})
			case pts > BidValue(bid):
				won[seat] = pts
				entries = append(entries, game.Entry{Hand: h.Number, Side: side, Above: true, Points: pts,
					Label: fmt.Sprintf("%s bid, all ten tricks: the minimum of %d", bidName(bid), AllTenMinimum), Law: TextTen})
			default:
				won[seat] = pts
				entries = append(entries, game.Entry{Hand: h.Number, Side: side, Above: true, Points: pts,
					Label: fmt.Sprintf("%s bid and made with %d tricks", bidName(bid), tricksOf(seat)), Law: TextSchedule})
			}
		default:
			won[seat] = TrickPoints * tricksOf(seat)
			entries = append(entries, game.Entry{Hand: h.Number, Side: side, Above: true, Points: won[seat],
				Label: fmt.Sprintf("%s at 10 against the bid", tricks(tricksOf(seat))), Law: TextScoring})
		}
	}
	total := 0
	for _, w := range h.Won {
		total += w
	}
	if left := Tricks - total; left > 0 {
		notes = append(notes, fmt.Sprintf("hand %d: the claim left %s to the other players undivided; nobody scores them", h.Number, tricks(left)))
	}
	return won, lost, entries, notes
}

// tricks writes a number of tricks: "1 trick", "3 tricks".
func tricks(n int) string {
	if n == 1 {
		return "1 trick"
	}
	return fmt.Sprintf("%d tricks", n)
}

// bidName writes a bid in words: "8 hearts", "6 no trumps".
func bidName(c cards.Call) string { return fmt.Sprintf("%d %s", c.Level, c.Strain.Name()) }

// play500 is a game to 500 being scored.
type play500 struct {
	game.Rubber
	won, lost, net []int
}

// score folds the finished hands into the running tally and the games to
// 500. Each game is a Rubber of the sheet: a player's Above is his WON
// column, Below his LOST column, Total his net; Points is the winner's net.
// After a game is won the next hand begins a new one; the sheet's Winner is
// the winner of the latest game won.
func score(in game.ScoreInput) game.ScoreSheet {
	f, _ := fold(in.Seating, nil)
	return game.FoldScore(f, in)
}

// fold is score a hand at a time (game.SheetFold), from the state from
// (nil: no hand): the games won (settled, as they stay), the tally, the
// notes and the winner so far in the fold's sheet; the game in play, with
// each player's columns, carried.
func fold(seating game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	f := &fold500{seating: seating}
	if from == nil {
		return f, true
	}
	f.base = from.Before.Rubbers
	f.sheet = from.Sheet
	f.sheet.Rubbers, f.sheet.Tally, f.sheet.Notes = slices.Clip(f.sheet.Rubbers), slices.Clip(f.sheet.Tally), slices.Clip(f.sheet.Notes)
	c := from.Carry
	if len(c) == 0 {
		return f, true
	}
	if len(c) < 2 || c[0] != 1 || c[1] < 0 || len(c) != 2+3*c[1] || len(f.sheet.Rubbers) == 0 {
		return nil, false
	}
	n := c[1]
	rubbers := f.sheet.Rubbers
	r := rubbers[len(rubbers)-1]
	r.Entries, r.Hands = slices.Clone(r.Entries), slices.Clone(r.Hands)
	f.sheet.Rubbers = slices.Clip(rubbers[:len(rubbers)-1])
	f.g = &play500{Rubber: r, won: slices.Clone(c[2 : 2+n]), lost: slices.Clone(c[2+n : 2+2*n]), net: slices.Clone(c[2+2*n:])}
	return f, true
}

// fold500 is score as a fold.
type fold500 struct {
	seating game.Seating
	sheet   game.ScoreSheet
	g       *play500
	// base counts the games before the sheet's that a running state left
	// out.
	base int
}

// Add implements game.SheetFold.
func (f *fold500) Add(h *game.Hand) {
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return
	}
	sheet := &f.sheet
	n := h.Seating.Seats
	if f.g == nil {
		f.g = &play500{Rubber: game.Rubber{Number: f.base + len(sheet.Rubbers) + 1, GameTo: Target}, won: make([]int, n), lost: make([]int, n), net: make([]int, n)}
	}
	g := f.g
	before := append([]int(nil), g.net...)
	won, lost, entries, notes := HandScore(h)
	sheet.Notes = append(sheet.Notes, notes...)
	for s := range n {
		g.won[s] += won[s]
		g.lost[s] += lost[s]
		g.net[s] += won[s] - lost[s]
	}
	sheet.Tally = append(sheet.Tally, game.Tally{Hand: h.Number, Won: won, Lost: lost, Net: append([]int(nil), g.net...), Entries: entries})
	g.Hands = append(g.Hands, h.Number)
	g.Entries = append(g.Entries, entries...)
	w, decided, how := Winner(h, before, g.net)
	if !decided && how != "" {
		sheet.Notes = append(sheet.Notes, how)
	}
	if decided {
		r := g.settle(h.Seating, &w)
		r.Note = fmt.Sprintf("%s won on hand %d: %s (%s)", h.SeatName(w), h.Number, how, TextWinner)
		sheet.Rubbers = append(sheet.Rubbers, r)
		side := h.Seating.SideOf(w)
		sheet.Winner = &side
		f.g = nil
	}
}

// Sheet implements game.SheetFold: the game in play settled as it
// stands.
func (f *fold500) Sheet(bool) game.ScoreSheet {
	sheet := f.sheet
	sheet.Rubbers, sheet.Tally, sheet.Notes = slices.Clip(sheet.Rubbers), slices.Clip(sheet.Tally), slices.Clip(sheet.Notes)
	if f.g != nil {
		sheet.Rubbers = append(sheet.Rubbers, f.g.settle(f.seating, nil))
	}
	return sheet
}

// State implements game.SheetFold.
func (f *fold500) State() (game.FoldState, bool) {
	st := game.FoldState{Sheet: f.Sheet(false)}
	if f.g != nil {
		st.Sheet.Rubbers[len(st.Sheet.Rubbers)-1] = f.g.Rubber // the game in play as folded, its columns carried
		st.Carry = append([]int{1, len(f.g.net)}, f.g.won...)
		st.Carry = append(append(st.Carry, f.g.lost...), f.g.net...)
	}
	return st, true
}

// Vulnerability implements game.SheetFold: Five Hundred has none.
func (f *fold500) Vulnerability(*game.Hand) (cards.Vulnerability, bool) { return 0, false }

func (g *play500) settle(seating game.Seating, w *cards.Seat) game.Rubber {
	r := g.Rubber
	r.Sides = map[cards.Side]*game.SideTotal{}
	for s := range g.net {
		r.Sides[cards.Side(s)] = &game.SideTotal{Above: g.won[s], Below: g.lost[s], Total: g.net[s]}
	}
	if w != nil {
		side := seating.SideOf(*w)
		r.Complete, r.Winner, r.Points = true, &side, g.net[*w]
	}
	return r
}

// Winner decides who, if anyone, won the game on hand h, given each
// player's net before and after it, by the text ("the winner"): "The
// winner of the game is he who first scores 500 points. If two players
// score more than 500 each in the same deal, one of them being the bidder,
// the latter is the winner. If neither is the bidder, he who first makes
// the trick that brings his score over 500 is the winner." how says which
// rule decided it, or, when nothing is decided although two passed 500
// (the deciding tricks were claimed, not played), why not.
//
// The opponents of the bidder score their tricks as they take them, the
// bidder at the end of the hand, so the trick that brings a player over
// 500 is found by counting each opponent's tricks in turn from his score
// before the hand. The text says "over": a trick that brings a player to
// exactly 500 does not; only if nobody goes over is the first to reach
// 500 taken, the nearest reading.
func Winner(h *game.Hand, before, after []int) (w cards.Seat, decided bool, how string) {
	var reached []cards.Seat
	for s, v := range after {
		if v >= Target {
			reached = append(reached, cards.Seat(s))
		}
	}
	switch len(reached) {
	case 0:
		return cards.NoSeat, false, ""
	case 1:
		return reached[0], true, fmt.Sprintf("the first to score %d", Target)
	}
	bidder := cards.NoSeat
	if h.Contract != nil {
		bidder = h.Contract.Declarer
	}
	for _, s := range reached {
		if s == bidder {
			return s, true, fmt.Sprintf("two passed %d on one deal, and the bidder wins", Target)
		}
	}
	for _, over := range []func(int) bool{func(v int) bool { return v > Target }, func(v int) bool { return v >= Target }} {
		running := append([]int(nil), before...)
		for i, t := range h.Tricks {
			if t.Winner == cards.NoSeat || t.Winner == bidder {
				continue
			}
			running[t.Winner] += TrickPoints
			if over(running[t.Winner]) && slices.Contains(reached, t.Winner) {
				return t.Winner, true, fmt.Sprintf("neither of the two who passed %d bid, and trick %d first brought %s's score over it", Target, i+1, h.SeatName(t.Winner))
			}
		}
	}
	return cards.NoSeat, false, fmt.Sprintf("hand %d: more than one player passed %d, and the tricks that decide who did so first were claimed, not played", h.Number, Target)
}
