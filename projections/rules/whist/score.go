package whist

import (
	"fmt"
	"sort"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// GamePoints is the score that wins a game of short whist (Law 2).
const GamePoints = 5

// RubberPoints is what the winners of a rubber gain besides their games
// (Law 9).
const RubberPoints = 2

// GameValue is what a game is worth to its winners by their adversaries'
// score (Law 8): a treble (3) against love, a double (2) against one or
// two, a single (1) against three or four; and its name.
func GameValue(losers int) (int, string) {
	switch {
	case losers <= 0:
		return 3, "a treble"
	case losers < 3:
		return 2, "a double"
	}
	return 1, "a single"
}

var sides = []cards.Side{cards.NS, cards.EW}

// rubber is an English whist rubber being scored.
type rubber struct {
	game.Rubber
	score  map[cards.Side]int // in the game in play
	won    map[cards.Side]int // games won
	values map[cards.Side]int
}

// scoreRubbers folds the finished hands into rubbers by Laws 1-10.
func scoreRubbers(in game.ScoreInput) game.ScoreSheet {
	var sheet game.ScoreSheet
	var cur *rubber
	for _, h := range in.Hands {
		if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
			continue
		}
		if cur == nil {
			cur = &rubber{Rubber: game.Rubber{Number: len(sheet.Rubbers) + 1, GameTo: GamePoints},
				score: map[cards.Side]int{}, won: map[cards.Side]int{}, values: map[cards.Side]int{}}
		}
		sheet.Notes = append(sheet.Notes, cur.hand(h)...)
		if cur.Complete {
			sheet.Rubbers = append(sheet.Rubbers, cur.settle(true))
			cur = nil
		}
	}
	if cur != nil {
		r := cur.settle(in.Closed)
		if in.Closed {
			r.Note = "the rubber was not finished; the laws of whist settle only a finished rubber, so its games stand at their value, without the rubber points"
		}
		sheet.Rubbers = append(sheet.Rubbers, r)
	}
	return sheet
}

// hand scores one hand: tricks first, honours last (Law 5), a game ending
// when a side reaches five.
func (r *rubber) hand(h *game.Hand) (notes []string) {
	r.Hands = append(r.Hands, h.Number)
	atStart := map[cards.Side]int{cards.NS: r.score[cards.NS], cards.EW: r.score[cards.EW]}
	gameOver := false
	rv := h.TricksOrValue(RevokeTricks)
	for _, irr := range rv.Unchosen {
		notes = append(notes, fmt.Sprintf("hand %d: %s's revoke at trick %d is established, and the adversaries have not chosen the penalty (hoyle penalty tricks, deduct or add); not scored unless they choose it before the cards are cut for the next deal", h.Number, h.SeatName(irr.Seat), irr.Trick))
	}
	add := func(e game.Entry) {
		if gameOver {
			notes = append(notes, fmt.Sprintf("hand %d: %s's %s not scored: the game was already won on the hand", h.Number, e.Side, e.Label))
			return
		}
		if rv.Revoked[e.Side] && r.score[e.Side]+e.Points > GamePoints-1 {
			// "He cannot score more than four" on the hand he revoked.
			e.Points = max(GamePoints-1-r.score[e.Side], 0)
			e.Label += "; no more than four, having revoked"
			e.Law += "; " + LawNoGame
		}
		r.score[e.Side] += e.Points
		if r.score[e.Side] >= GamePoints {
			e.GameLine = true
			r.Entries = append(r.Entries, e)
			r.endGame(h.Number, e.Side)
			gameOver = true
			return
		}
		r.Entries = append(r.Entries, e)
	}
	// The revoke scores first (Law 5): three points added to the
	// claimants', or deducted from the revoking side's score (never below
	// nothing); three tricks taken count with the tricks.
	for _, irr := range rv.Add {
		add(game.Entry{Hand: h.Number, Side: 1 - h.Offending(irr), Points: RevokeTricks,
			Label: fmt.Sprintf("three points for %s's revoke at trick %d", h.SeatName(irr.Seat), irr.Trick), Law: LawRevokePenalty})
	}
	for _, irr := range rv.Deduct {
		side := h.Offending(irr)
		n := min(RevokeTricks, r.score[side])
		r.score[side] -= n
		r.Entries = append(r.Entries, game.Entry{Hand: h.Number, Side: side, Points: -n,
			Label: fmt.Sprintf("three points deducted for %s's revoke at trick %d (%d of them scored)", h.SeatName(irr.Seat), irr.Trick, n), Law: LawRevokePenalty})
	}
	won := game.ScoredWon(h, rv.Transfers)
	for _, sd := range sides {
		if odd := won[sd] - 6; odd > 0 {
			label := fmt.Sprintf("%d by cards", odd)
			law := LawGame
			if n := won[sd] - h.Won[sd]; n > 0 {
				label += fmt.Sprintf("; %d of the tricks taken for a revoke", n)
				law += "; " + LawRevokePenalty
			}
			add(game.Entry{Hand: h.Number, Side: sd, Points: odd, Label: label, Law: law})
		}
	}
	sd, n, known := r.honours(h)
	if known == honoursDealt {
		for claimer, claimed := range h.HonoursClaimed {
			if claimer != sd || claimed != fmt.Sprint(n) {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed %s honours, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, claimer, claimed))
			}
		}
	}
	switch {
	case known == honoursUnknown:
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded and no honours were claimed; honours not counted", h.Number))
	case n < 3:
	case gameOver:
		notes = append(notes, fmt.Sprintf("hand %d: %s's honours are not scored: the game was won by tricks, which score first (Law 5)", h.Number, sd))
	case atStart[sd] == GamePoints-1:
		notes = append(notes, fmt.Sprintf("hand %d: %s were at the score of four when the deal began and cannot score honours (Law 4)", h.Number, sd))
	default:
		label := "three honours"
		if n == 4 {
			label = "four honours"
		}
		if known == honoursClaimed {
			label += " (claimed)"
		}
		add(game.Entry{Hand: h.Number, Side: sd, Points: HonoursPoints(n), Label: label, Law: LawHonours})
	}
	return notes
}

type honoursSource int

const (
	honoursUnknown honoursSource = iota
	honoursDealt
	honoursClaimed
)

// honours finds the honours of h: from the deal when every hand is known,
// else as claimed at the table.
func (r *rubber) honours(h *game.Hand) (cards.Side, int, honoursSource) {
	trump, ok := h.Trump()
	if !ok {
		return cards.NoSide, 0, honoursDealt
	}
	if h.DealKnown() {
		sd, n, _ := honoursHeld(trump, h.Dealt, h.Seating)
		return sd, n, honoursDealt
	}
	for _, sd := range sides {
		switch h.HonoursClaimed[sd] {
		case "4":
			return sd, 4, honoursClaimed
		case "3":
			return sd, 3, honoursClaimed
		}
	}
	return cards.NoSide, 0, honoursUnknown
}

// endGame closes a game won by w: its value by the losers' score (Law 8);
// the rubber ends at two games (Law 1) with the rubber points (Law 9).
func (r *rubber) endGame(hand int, w cards.Side) {
	v, name := GameValue(r.score[1-w])
	r.Entries = append(r.Entries, game.Entry{Hand: hand, Side: w, Above: true, Points: v,
		Label: fmt.Sprintf("game, %s (%d to %d)", name, r.score[w], r.score[1-w]), Law: LawGameValue})
	r.Games = append(r.Games, w)
	r.won[w]++
	r.values[w] += v
	r.score = map[cards.Side]int{}
	if r.won[w] == 2 {
		r.Entries = append(r.Entries, game.Entry{Side: w, Above: true, Points: RubberPoints, Label: "the rubber", Law: LawRubberPoints})
		r.Complete = true
	}
}

// settle totals the rubber: below the line the points of the games, above
// it what the rubber is worth; a side's Total is its points above the line
// and the rubber's Points the difference, the losers' game deducted when
// there were three (Law 10).
func (r *rubber) settle(settled bool) game.Rubber {
	out := r.Rubber
	out.Sides = map[cards.Side]*game.SideTotal{}
	for _, sd := range sides {
		out.Sides[sd] = &game.SideTotal{}
	}
	for _, e := range out.Entries {
		t := out.Sides[e.Side]
		if e.Above {
			t.Above += e.Points
			t.Total += e.Points
		} else {
			t.Below += e.Points
		}
	}
	if !settled {
		return out
	}
	ranked := append([]cards.Side(nil), sides...)
	sort.SliceStable(ranked, func(i, j int) bool { return out.Sides[ranked[i]].Total > out.Sides[ranked[j]].Total })
	if lead := out.Sides[ranked[0]].Total - out.Sides[ranked[1]].Total; lead > 0 {
		w := ranked[0]
		out.Winner, out.Points = &w, lead
	}
	if len(out.Games) == 3 {
		l := 1 - out.Games[2]
		out.Note = fmt.Sprintf("a rubber of three games: the value of %s's game is deducted (%s)", l, LawThreeGames)
	}
	return out
}
