package whist

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// OverTheBook is a deal's result from North-South's side in tricks over the
// book: the tricks above six of whichever side won the odd trick, positive
// when North-South won it (8 tricks to 5 is +2, 5 to 8 is -2).
func OverTheBook(nsTricks, tricks int) int {
	ew := tricks - nsTricks
	if nsTricks > ew {
		return nsTricks - tricks/2
	}
	return -(ew - tricks/2)
}

// scoreDuplicate scores each finished deal by the tricks each pair took,
// and compares each play of a board with its other plays in the session:
// each play is credited with its North-South tricks less those of each
// other play (with two plays, simply the difference).
func scoreDuplicate(in game.ScoreInput) game.ScoreSheet {
	sheet := game.ScoreSheet{Boards: []game.Board{}}
	plays := map[int][]int{} // board number -> indexes into sheet.Boards
	for _, h := range in.Hands {
		if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
			continue
		}
		ns := h.Won[cards.NS]
		total := h.Won[cards.NS] + h.Won[cards.EW]
		b := game.Board{Board: h.Board, Hand: h.Number, Contract: h.Contract.Strain.String(), Declarer: cards.NoSeat,
			Tricks: ns, NS: OverTheBook(ns, total)}
		for _, sd := range sides {
			if odd := h.Won[sd] - total/2; odd > 0 {
				b.Entries = append(b.Entries, game.Entry{Hand: h.Number, Side: sd, Points: odd,
					Label: fmt.Sprintf("%d tricks, %d over the book", h.Won[sd], odd), Law: LawGame})
			}
		}
		if h.Board != 0 {
			plays[h.Board] = append(plays[h.Board], len(sheet.Boards))
		}
		sheet.Boards = append(sheet.Boards, b)
	}
	for board, idx := range plays {
		if len(idx) < 2 {
			continue
		}
		for _, i := range idx {
			var others []string
			diff := 0
			for _, j := range idx {
				if j != i {
					others = append(others, fmt.Sprint(sheet.Boards[j].Tricks))
					diff += sheet.Boards[i].Tricks - sheet.Boards[j].Tricks
				}
			}
			b := &sheet.Boards[i]
			b.Entries = append(b.Entries, game.Entry{Hand: b.Hand, Side: cards.NS, Points: diff,
				Label: fmt.Sprintf("board %d: North-South took %d tricks, against %s at its other plays", board, b.Tricks, strings.Join(others, ", ")),
				Law:   LawCompared})
		}
	}
	return sheet
}
