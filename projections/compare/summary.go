// Package compare scores the boards of an event against one another across
// its tables: the comparison that makes duplicate what it is. It is pure:
// it takes folded sessions (or their summaries) and gives a Report.
//
//   - Teams: the tables of a match pair off (the same two teams with seats
//     swapped, or the open and closed rooms of one table), and each result
//     gets IMPs against its other room by the WBF scale of Law 78B
//     (projections/rules/contract.IMPs); a team's total is its IMPs summed
//     over its matches.
//   - Pairs: matchpoints across every table that played the board (Law
//     78A: two a pair beaten, one a tie; the top is two for each other
//     result), with Neuberg's adjustment where a board was played fewer
//     times than the event's others: (units+1) * N/n - 1, n the results on
//     the board and N the most on any board. A pair's total is its
//     matchpoints over its boards, and its percentage of their tops.
//   - Duplicate whist (the American Whist League's laws, as Foster's
//     Complete Hoyle prints them): trick for trick. In a team match each
//     table is credited with its North-South tricks less those of its other
//     room; in a pair match each pair with its tricks above or below the
//     average of all tables on the deal. An established revoke transfers
//     two tricks, one for each later revoke by the same side, within the
//     limits of Law X, Sec. 4 (see whist.LawX).
//   - Progressive and pivot games (Foster's "Progressive Bridge" and the
//     pivot): each player keeps what his side scores on the hands he plays,
//     wherever the movement takes him, and the players are ranked by it.
//
// An event is the sessions whose session.opened names it (projections.
// Placement). Only finished hands are compared. What does not add up is
// reported as a warning, never silently dropped: a board dealt differently
// at two tables, a table recorded twice, a board played out of the
// movement's order.
//
// How a board is compared is the ruleset's to say (game.ComparisonOf), not
// a test of its game's ID.
package compare

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// Table is what the comparison needs of one session, taken from its fold
// (Summarize): where it sits, who sat in it, and its finished boards. It
// is plain data, so that a central projection can keep it between runs.
type Table struct {
	Session  string                `json:"session"`
	Version  uint64                `json:"version"` // the session's version when summarized
	Game     string                `json:"game"`
	Place    projections.Placement `json:"place"`
	Players  []string              `json:"players"`
	Dealer   cards.Seat            `json:"dealer"` // the first dealer (a pivot's fixed point)
	Plays    []Play                `json:"plays"`
	Hands    []HandPoints          `json:"hands,omitempty"` // every finished hand's points by side (progressive, pivot)
	InPlay   []int                 `json:"in_play,omitempty"`
	Problems int                   `json:"problems,omitempty"` // events the laws refused (verify reports them)
	// Comparison is how the ruleset compares its boards (game.ComparisonOf):
	// by score, or by the tricks taken at duplicate whist.
	Comparison game.Comparison `json:"comparison,omitempty"`
	// Rulings are the director's rulings in force at the table, in the
	// order recorded (projections/ruling reads them).
	Rulings []table.RulingAdjusted `json:"rulings,omitempty"`
}

// Play is one finished board at a table.
type Play struct {
	Hand     int        `json:"hand"`
	Board    int        `json:"board"`
	Contract string     `json:"contract"` // as PBN writes it: "4S", "3NTX", "Pass"; at whist the trump
	Declarer cards.Seat `json:"declarer"` // NoSeat at whist and when passed out
	Tricks   int        `json:"tricks"`   // the declarer's; at whist North-South's
	NSTricks int        `json:"ns_tricks"`
	Deal     int        `json:"deal_tricks"` // tricks in the deal (13)
	NS       int        `json:"ns"`          // the score from North-South's side; at whist, tricks over the book
	Cards    string     `json:"cards,omitempty"`
	// Fouled: the table recorded the board as fouled (its cards differ
	// from the event's hand record, Law 87).
	Fouled bool `json:"fouled,omitempty"`
	// Revokes is the established revokes of each side (NS, EW) and
	// Before the tricks each had won before its first: what Law X needs.
	Revokes [2]int `json:"revokes,omitempty"`
	Before  [2]int `json:"before_revoke,omitempty"`
}

// HandPoints is what each side scored on one finished hand: for the
// per-player totals of a progressive or pivot game.
type HandPoints struct {
	Hand   int    `json:"hand"`
	Rubber int    `json:"rubber,omitempty"` // the rubber it belongs to, from 1 (0: not scored by rubbers)
	Points [2]int `json:"points"`           // NS, EW
}

// Summarize takes what the comparison needs from a folded session.
func Summarize(s *projections.Session) Table {
	t := Table{Session: s.ID, Version: s.Version, Game: s.Rules.Info().ID, Place: s.Placement(),
		Players: append([]string(nil), s.Opened.Players...), Dealer: s.Opened.Dealer, Problems: len(s.Problems),
		Comparison: game.ComparisonOf(s.Rules)}
	hands := map[int]*game.Hand{}
	for _, h := range s.Hands {
		hands[h.Number] = h
		if h.Board != 0 && h.Phase != game.PhaseDone {
			t.InPlay = append(t.InPlay, h.Board)
		}
	}
	sheet := s.Score()
	byTricks := t.Comparison == game.ByTricks
	for _, b := range sheet.Boards {
		h := hands[b.Hand]
		if h == nil || b.Board == 0 {
			continue
		}
		p := Play{Hand: b.Hand, Board: b.Board, Contract: b.Contract, Declarer: b.Declarer, Tricks: b.Tricks, NS: b.NS}
		if len(h.Won) >= 2 {
			p.NSTricks, p.Deal = h.Won[cards.NS], h.Won[cards.NS]+h.Won[cards.EW]
		}
		if byTricks {
			p.Declarer = cards.NoSeat
		}
		if h.DealKnown() {
			p.Cards = cards.Deal(h.Dealt).PBN(cards.North)
		}
		p.Fouled = h.Fouled
		p.Revokes, p.Before = whist.RevokesOf(h)
		t.Plays = append(t.Plays, p)
	}
	t.Hands = handPoints(sheet)
	for _, r := range s.Rulings {
		t.Rulings = append(t.Rulings, r.RulingAdjusted)
	}
	return t
}

// handPoints is each finished hand's points by side, from the score sheet:
// a board's score goes to the side it is for, a rubber's entries to their
// hands (an entry of no hand, such as an unfinished rubber made up, to the
// rubber's last).
func handPoints(sheet game.ScoreSheet) []HandPoints {
	var out []HandPoints
	at := map[int]int{} // hand -> index in out
	add := func(hand, rubber int, side cards.Side, points int) {
		i, ok := at[hand]
		if !ok {
			i = len(out)
			at[hand] = i
			out = append(out, HandPoints{Hand: hand, Rubber: rubber})
		}
		if side == cards.NS || side == cards.EW {
			out[i].Points[side] += points
		}
	}
	for _, b := range sheet.Boards {
		switch {
		case b.NS > 0:
			add(b.Hand, 0, cards.NS, b.NS)
		case b.NS < 0:
			add(b.Hand, 0, cards.EW, -b.NS)
		default:
			add(b.Hand, 0, cards.NS, 0)
		}
	}
	for _, r := range sheet.Rubbers {
		for _, h := range r.Hands {
			add(h, r.Number, cards.NS, 0)
		}
		for _, e := range r.Entries {
			hand := e.Hand
			if hand == 0 && len(r.Hands) > 0 {
				hand = r.Hands[len(r.Hands)-1]
			}
			if hand != 0 {
				add(hand, r.Number, e.Side, e.Points)
			}
		}
	}
	return out
}
