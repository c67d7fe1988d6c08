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
	var hands []*game.Hand
	var made []int // North-South's tricks as made, by index
	for _, h := range in.Hands {
		if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
			continue
		}
		if h.Board != 0 {
			plays[h.Board] = append(plays[h.Board], len(sheet.Boards))
		}
		hands = append(hands, h)
		made = append(made, h.Won[cards.NS])
		sheet.Boards = append(sheet.Boards, game.Board{Board: h.Board, Hand: h.Number, Contract: h.Contract.Strain.String(), Declarer: cards.NoSeat})
	}
	for i, h := range hands {
		b := &sheet.Boards[i]
		total := h.Won[cards.NS] + h.Won[cards.EW]
		ns := made[i]
		var others []int
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
// to a deal in which North-South took ns of total tricks as made: two
// tricks transferred from the revoking side for its first revoke, one for
// each after it; "the revoking players cannot score more, nor their
// adversaries less than the average on the deal in which the revoke
// occurs; except that in no case shall the infliction of the revoke
// penalty deprive the revoking players of any tricks won by them before
// their first revoke occurs". The average is that of the deal's plays in
// the session, as made (others are the North-South tricks of its other
// plays): a session that plays the deal once has no other table to
// compare, and the transfer stands alone.
func dupRevokes(h *game.Hand, ns, total int, others []int) (int, []game.Entry, []string) {
	var entries []game.Entry
	var notes []string
	first := map[cards.Side]*game.Irregularity{}
	count := map[cards.Side]int{}
	for _, irr := range h.Revokes() {
		side := h.Offending(irr)
		if first[side] == nil || irr.Trick < first[side].Trick {
			first[side] = irr
		}
		count[side]++
	}
	madeNS := ns
	for _, side := range sides {
		if count[side] == 0 {
			continue
		}
		n := DupRevokeTricks + (count[side]-1)*DupLaterTricks
		won := ns
		if side == cards.EW {
			won = total - ns
		}
		n = min(n, won)
		if side == cards.NS {
			ns -= n
		} else {
			ns += n
		}
		label := fmt.Sprintf("+R: %s transferred from %s for %s", trickCount(n), side, revokeList(h, side))
		entries = append(entries, game.Entry{Hand: h.Number, Side: 1 - side, Points: n, Label: label, Law: LawDupPenalty})
	}
	if len(first) == 1 {
		var side cards.Side
		for s := range first {
			side = s
		}
		// The revoking side's tricks after the penalty, held to the
		// average of the deal and kept to the tricks it won before its
		// first revoke.
		mine := func(ns int) int {
			if side == cards.NS {
				return ns
			}
			return total - ns
		}
		theirs := mine(ns)
		if len(others) > 0 {
			sum := madeNS
			for _, o := range others {
				sum += o
			}
			avgNS := float64(sum) / float64(len(others)+1)
			avg := avgNS
			if side == cards.EW {
				avg = float64(total) - avgNS
			}
			if held := min(theirs, int(avg)); held != theirs {
				entries = append(entries, game.Entry{Hand: h.Number, Side: 1 - side, Points: theirs - held,
					Label: fmt.Sprintf("%s held to the average of the deal, %.1f tricks to North-South over its %d plays as made", side, avgNS, len(others)+1), Law: LawDupPenalty})
				theirs = held
			}
		}
		if floor := game.WonBefore(h, side, first[side].Trick); theirs < floor {
			notes = append(notes, fmt.Sprintf("hand %d: %s keep the %s they won before their first revoke (%s)", h.Number, side, trickCount(floor), LawDupPenalty))
			theirs = floor
		}
		if side == cards.NS {
			ns = theirs
		} else {
			ns = total - theirs
		}
	}
	if len(first) == 2 {
		notes = append(notes, fmt.Sprintf("hand %d: both sides revoked: each side's transfer stands, and the averages of Law X, Sec. 4 are not applied", h.Number))
	}
	return ns, entries, notes
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
