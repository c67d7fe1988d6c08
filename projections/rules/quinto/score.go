package quinto

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// NoteQuints, NoteGame and NoteCachette say on the sheet what the text
// does not settle.
const (
	NoteQuints = "the quints (and the Quint Royal) are not scored: the text of Hoyle's Games Modernized (1909) breaks off before it defines them; " +
		"the score is the tricks' alone, as far as the text gives it"
	NoteGame     = "the text breaks off before it says what score wins the game: the totals run on, and no game or rubber is settled"
	NoteCachette = "the record (a claim, or a result given without the play) does not say who won the twelfth trick, whose winners take the cachette (an extra trick): the cachette is not scored"
	NoteClosed   = "play stopped by agreement: the text has no law for a game left unfinished either, and the totals stand as scored"
)

// TrickValue is what a trick is worth: five points, doubled or quadrupled
// by the doubling before the play.
func TrickValue(doubled int) int { return TrickPoints << doubled }

// TwelfthTrick is the side that won the twelfth trick, and with it the
// cachette; ok is false when the record does not say (a claim that left
// some of the remaining tricks to each side).
func TwelfthTrick(h *game.Hand) (side cards.Side, ok bool) {
	if len(h.Tricks) == Tricks && h.Tricks[Tricks-1].Winner != cards.NoSeat {
		return h.Seating.SideOf(h.Tricks[Tricks-1].Winner), true
	}
	if c := h.Claim; c != nil {
		claimer := h.Seating.SideOf(c.Seat)
		settled := 0
		for _, t := range h.Tricks {
			if t.Winner != cards.NoSeat {
				settled++
			}
		}
		switch rest := Tricks - settled; {
		case c.Tricks == rest:
			return claimer, true
		case c.Tricks == 0:
			return 1 - claimer, true
		}
	}
	return cards.NoSide, false
}

// HandEntries scores one finished hand as far as the text gives the
// score: each side five points a trick (doubled or quadrupled), and the
// cachette as an extra trick to the winners of the twelfth. notes says
// what could not be scored.
func HandEntries(h *game.Hand) ([]game.Entry, []string) {
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return nil, nil
	}
	v := TrickValue(h.Contract.Doubled)
	won := append([]int(nil), h.Won...)
	twelfth, ok := TwelfthTrick(h)
	var notes []string
	if ok {
		won[twelfth]++
	} else {
		notes = append(notes, fmt.Sprintf("hand %d: %s", h.Number, NoteCachette))
	}
	var es []game.Entry
	for _, side := range []cards.Side{cards.NS, cards.EW} {
		if won[side] == 0 {
			continue
		}
		label := fmt.Sprintf("%d trick%s at %d", won[side], plural(won[side]), v)
		law := TextTricks
		if ok && side == twelfth {
			label += ", the cachette among them"
			law += "; the winners of the twelfth trick take the cachette, which counts as an extra trick"
		}
		switch h.Contract.Doubled {
		case 1:
			label += ", doubled"
		case 2:
			label += ", re-doubled"
		}
		es = append(es, game.Entry{Hand: h.Number, Side: side, Points: won[side] * v, Label: label, Law: law})
	}
	return es, notes
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// score keeps the sheet "which resemble[s] those of Bridge, except that no
// horizontal division is necessary": a running score by side, hand by
// hand, never settled, since the text does not say what wins the game.
func score(in game.ScoreInput) game.ScoreSheet {
	f, _ := fold(nil)
	return game.FoldScore(f, in)
}

// fold is score, a hand at a time, from the state from (nil: no hand).
func fold(from *game.FoldState) (game.SheetFold, bool) {
	start := func() game.Rubber {
		return game.Rubber{Number: 1, Entries: []game.Entry{}, Hands: []int{}, Games: []cards.Side{}, Running: true, Note: NoteGame}
	}
	end := func(sheet *game.ScoreSheet, r *game.Rubber, closed bool) {
		sheet.Rubbers = []game.Rubber{}
		if r == nil {
			return
		}
		if closed {
			r.Complete = true // over, but nobody has won
			r.Note += "; " + NoteClosed
		}
		sheet.Rubbers = append(sheet.Rubbers, *r)
		sheet.Notes = append(sheet.Notes, NoteQuints)
	}
	return game.RunningFold(HandEntries, start, end, from)
}

// Score implements game.Ruleset.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet { return score(in) }

// Fold implements game.Folding.
func (*Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return fold(from)
}
