package whist

import (
	"fmt"
	"math"
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
	var hands []*game.Hand
	var made []LawXPlay // the plays as made, by index
	for _, h := range in.Hands {
		if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
			continue
		}
		if h.Board != 0 {
			plays[h.Board] = append(plays[h.Board], len(sheet.Boards))
		}
		hands = append(hands, h)
		made = append(made, LawXPlayOf(h))
		sheet.Boards = append(sheet.Boards, game.Board{Board: h.Board, Hand: h.Number, Contract: h.Contract.Strain.String(), Declarer: cards.NoSeat})
	}
	for i, h := range hands {
		b := &sheet.Boards[i]
		total := h.Won[cards.NS] + h.Won[cards.EW]
		ns := h.Won[cards.NS]
		var others []LawXPlay
		for _, j := range plays[h.Board] {
			if j != i {
				others = append(others, made[j])
			}
		}
		var revokeEntries []game.Entry
		ns, revokeEntries, notes := dupRevokes(h, ns, total, others)
		sheet.Notes = append(sheet.Notes, notes...)
		b.Tricks, b.NS = ns, OverTheBook(ns, total)
		won := map[cards.Side]int{cards.NS: ns, cards.EW: total - ns}
		for _, sd := range sides {
			if odd := won[sd] - total/2; odd > 0 {
				b.Entries = append(b.Entries, game.Entry{Hand: h.Number, Side: sd, Points: odd,
					Label: fmt.Sprintf("%d tricks, %d over the book", won[sd], odd), Law: LawGame})
			}
		}
		b.Entries = append(b.Entries, revokeEntries...)
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

// dupRevokes applies the revoke penalty of Duplicate Whist Law X, Sec. 4
// (LawX) to a deal in which North-South took ns of total tricks as made,
// against the other plays of its board in the session (others): two
// tricks transferred from the revoking side for its first revoke, one for
// each after it; the revoking players held to the average of the deal,
// their adversaries not below it, and the revoking players keeping the
// tricks they won before their first revoke. A session that plays the
// deal once has no other table to compare, and the transfer stands alone.
func dupRevokes(h *game.Hand, ns, total int, others []LawXPlay) (int, []game.Entry, []string) {
	var entries []game.Entry
	var notes []string
	this := LawXPlayOf(h)
	if this.Revokes == [2]int{} {
		return ns, nil, nil
	}
	for _, side := range sides {
		if this.Revokes[side] == 0 {
			continue
		}
		won := ns
		if side == cards.EW {
			won = total - ns
		}
		n := min(DupRevokeTricks+(this.Revokes[side]-1)*DupLaterTricks, won)
		label := fmt.Sprintf("+R: %s transferred from %s for %s", trickCount(n), side, revokeList(h, side))
		entries = append(entries, game.Entry{Hand: h.Number, Side: 1 - side, Points: n, Label: label, Law: LawDupPenalty})
	}
	adj, avg := LawX(append([]LawXPlay{this}, others...), false)
	transferred, _ := LawX([]LawXPlay{this}, false) // the transfers alone
	side := cards.NS
	if transferred[0][cards.EW] < float64(this.Total-this.NS) {
		side = cards.EW
	}
	if this.Revokes[cards.NS] > 0 && this.Revokes[cards.EW] > 0 {
		notes = append(notes, fmt.Sprintf("hand %d: both sides revoked: the transfers are set against each other, and the averages of Law X, Sec. 4 apply to the side that loses by them", h.Number))
	}
	if float64(this.Before[side]) > float64(this.Total)-transferred[0][1-side] {
		notes = append(notes, fmt.Sprintf("hand %d: %s keep the %s they won before their first revoke (%s)", h.Number, side, trickCount(this.Before[side]), LawDupPenalty))
	}
	// The revoking side's tricks, whole: it "cannot score more ... than
	// the average".
	theirs := int(math.Floor(adj[0][side]))
	if before := int(transferred[0][side]); theirs < before && len(others) > 0 {
		avgNS := avg[cards.NS]
		entries = append(entries, game.Entry{Hand: h.Number, Side: 1 - side, Points: before - theirs,
			Label: fmt.Sprintf("%s held to the average of the deal, %.1f tricks to North-South over its %d plays as made", side, avgNS, len(others)+1), Law: LawDupPenalty})
	}
	if side == cards.NS {
		return theirs, entries, notes
	}
	return total - theirs, entries, notes
}

func revokeList(h *game.Hand, side cards.Side) string {
	var parts []string
	for _, irr := range h.Revokes() {
		if h.Offending(irr) == side {
			parts = append(parts, fmt.Sprintf("%s's revoke at trick %d", h.SeatName(irr.Seat), irr.Trick))
		}
	}
	return strings.Join(parts, " and ")
}

func trickCount(n int) string {
	if n == 1 {
		return "1 trick"
	}
	return fmt.Sprintf("%d tricks", n)
}
