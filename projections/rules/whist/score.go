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

// Sides are the two sides of every game of the family hoyle scores as
// whist: North-South (or the first player and his hands) against
// East-West (the second).
var Sides = []cards.Side{cards.NS, cards.EW}

var sides = Sides

// Scorer scores hands into rubbers of whist (Laws 1-10), with what a game
// of the whist family changes in it: how a hand's tricks and its honours
// score, whether the revoking side may win the game on the hand, and
// whether each game is scored on its own. Its zero value is English whist;
// the dummy games ("the methods of scoring ... are the same as in whist")
// use it as it is, Humbug Whist and Thirteen and the Odd with their own
// tricks and honours.
type Scorer struct {
	// Tricks scores a side's tricks on a hand, as scored (the tricks a
	// revoke penalty transferred counted): the points, the entry's label
	// and its law. Nil: whist's, each trick above six counts one (Law 2).
	Tricks func(h *game.Hand, won []int, side cards.Side) (points int, label, law string)
	// Honours counts a hand's honours. Nil: whist's four honours of
	// trumps between partners, four 4 and three 2 (Law 3).
	Honours *HonoursCount
	// NoHonours: the game counts no honours (Thirteen and the Odd).
	NoHonours bool
	// RevokerMayWin: the revoking side may win the game on the hand it
	// revoked in. Whist's revoking side "cannot score more than four".
	RevokerMayWin bool
	// RevokeLaw is the law of the revoke penalty the game scores; "":
	// whist's, Law 75.
	RevokeLaw string
	// OneGame scores each game as a sheet of its own, worth its value
	// (Law 8) without rubber points: Mort's games, each played with
	// another player taking dummy.
	OneGame bool
}

// Honours is what a hand's honours score.
type Honours struct {
	Side    cards.Side // who scores them; NoSide when nobody does
	Holding string     // the holding as a claim names it ("4", "3")
	Points  int
	Label   string // "four honours"
	Law     string
}

// HonoursCount counts the honours of a hand: from the cards, when every
// hand is known, or from a claim made at the table.
type HonoursCount struct {
	Dealt   func(h *game.Hand, trump cards.Suit) Honours
	Claimed func(side cards.Side, holding string) Honours
	// Known says whether the cards that hold the honours are known, so
	// that Dealt counts them. Nil: every hand (Hand.DealKnown).
	Known func(h *game.Hand) bool
}

// whistHonours is Law 3: the A K Q J of trumps; a side holding the four
// scores four points, any three two, only two nothing.
var whistHonours = &HonoursCount{
	Dealt: func(h *game.Hand, trump cards.Suit) Honours {
		sd, n, _ := honoursHeld(trump, h.Dealt, h.Seating)
		return lawThree(sd, n)
	},
	Claimed: func(side cards.Side, holding string) Honours {
		switch holding {
		case "4":
			return lawThree(side, 4)
		case "3":
			return lawThree(side, 3)
		}
		return Honours{Side: cards.NoSide}
	},
}

func lawThree(side cards.Side, n int) Honours {
	if n < 3 {
		return Honours{Side: cards.NoSide}
	}
	label := "three honours"
	if n == 4 {
		label = "four honours"
	}
	return Honours{Side: side, Holding: fmt.Sprint(n), Points: HonoursPoints(n), Label: label, Law: LawHonours}
}

// rubber is an English whist rubber being scored.
type rubber struct {
	game.Rubber
	sc     *Scorer
	score  map[cards.Side]int // in the game in play
	won    map[cards.Side]int // games won
	values map[cards.Side]int
}

// scoreRubbers folds the finished hands into rubbers by Laws 1-10.
func scoreRubbers(in game.ScoreInput) game.ScoreSheet { return (&Scorer{}).Score(in) }

// Score folds the session's finished hands into rubbers (or, OneGame,
// games) by Laws 1-10 and the scorer's changes.
func (sc *Scorer) Score(in game.ScoreInput) game.ScoreSheet {
	f, _ := sc.Fold(nil)
	return game.FoldScore(f, in)
}

// hand scores one hand: tricks first, honours last (Law 5), a game ending
// when a side reaches five. last says no hand was dealt after it: a
// revoke whose penalty is not chosen may still be claimed.
func (r *rubber) hand(h *game.Hand, last bool) (notes []string) {
	r.Hands = append(r.Hands, h.Number)
	atStart := map[cards.Side]int{cards.NS: r.score[cards.NS], cards.EW: r.score[cards.EW]}
	gameOver := false
	rv := h.TricksOrValue(RevokeTricks)
	for _, irr := range rv.Unchosen {
		notes = append(notes, fmt.Sprintf("hand %d: %s's revoke at trick %d is established, and the adversaries have not chosen the penalty (hoyle penalty tricks, deduct or add); not scored unless they choose it before the cards are cut for the next deal", h.Number, h.SeatName(irr.Seat), irr.Trick))
		if last {
			// Until the adversaries choose, or the next deal ends their
			// right to, the revoking side is held to four whatever they
			// choose: it is not shown winning a game it cannot win.
			rv.Revoked[h.Offending(irr)] = true
		}
	}
	add := func(e game.Entry) {
		if gameOver {
			notes = append(notes, fmt.Sprintf("hand %d: %s's %s not scored: the game was already won on the hand", h.Number, h.SideName(e.Side), e.Label))
			return
		}
		if rv.Revoked[e.Side] && !r.sc.RevokerMayWin && r.score[e.Side]+e.Points > GamePoints-1 {
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
		points, label, law := r.sc.tricks(h, won, sd)
		if points <= 0 {
			continue
		}
		if n := won[sd] - h.Won[sd]; n > 0 {
			label += fmt.Sprintf("; %d of the tricks taken for a revoke", n)
			law += "; " + r.sc.revokeLaw()
		}
		add(game.Entry{Hand: h.Number, Side: sd, Points: points, Label: label, Law: law})
	}
	if r.sc.NoHonours {
		return notes
	}
	hon, known := r.honours(h)
	if known == honoursDealt {
		for claimer, claimed := range h.HonoursClaimed {
			if claimer != hon.Side || claimed != hon.Holding {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed %s honours, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, h.SideName(claimer), claimed))
			}
		}
	}
	switch {
	case known == honoursUnknown:
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded and no honours were claimed; honours not counted", h.Number))
	case hon.Side == cards.NoSide || hon.Points <= 0:
	case gameOver:
		notes = append(notes, fmt.Sprintf("hand %d: %s's honours are not scored: the game was won by tricks, which score first (Law 5)", h.Number, h.SideName(hon.Side)))
	case atStart[hon.Side] == GamePoints-1:
		notes = append(notes, fmt.Sprintf("hand %d: %s were at the score of four when the deal began and cannot score honours (Law 4)", h.Number, h.SideName(hon.Side)))
	default:
		label := hon.Label
		if known == honoursClaimed {
			label += " (claimed)"
		}
		add(game.Entry{Hand: h.Number, Side: hon.Side, Points: hon.Points, Label: label, Law: hon.Law})
	}
	return notes
}

// revokeLaw is the law of the revoke's penalty.
func (sc *Scorer) revokeLaw() string {
	if sc.RevokeLaw != "" {
		return sc.RevokeLaw
	}
	return LawRevokePenalty
}

// name is what the sheet calls a part of it: a rubber (""), or a game.
func (sc *Scorer) name() string {
	if sc.OneGame {
		return "Game"
	}
	return ""
}

// tricks scores a side's tricks by the scorer's rule, else Law 2.
func (sc *Scorer) tricks(h *game.Hand, won []int, side cards.Side) (int, string, string) {
	if sc.Tricks != nil {
		return sc.Tricks(h, won, side)
	}
	odd := won[side] - 6
	return odd, fmt.Sprintf("%d by cards", odd), LawGame
}

type honoursSource int

const (
	honoursUnknown honoursSource = iota
	honoursDealt
	honoursClaimed
)

// honours finds the honours of h: from the deal when every hand is known,
// else as claimed at the table.
func (r *rubber) honours(h *game.Hand) (Honours, honoursSource) {
	count := r.sc.Honours
	if count == nil {
		count = whistHonours
	}
	trump, ok := h.Trump()
	if !ok {
		return Honours{Side: cards.NoSide}, honoursDealt
	}
	known := h.DealKnown()
	if count.Known != nil {
		known = count.Known(h)
	}
	if known {
		return count.Dealt(h, trump), honoursDealt
	}
	for _, sd := range sides {
		if holding, ok := h.HonoursClaimed[sd]; ok {
			if hon := count.Claimed(sd, holding); hon.Side != cards.NoSide {
				return hon, honoursClaimed
			}
		}
	}
	return Honours{Side: cards.NoSide}, honoursUnknown
}

// endGame closes a game won by w: its value by the losers' score (Law 8);
// the rubber ends at two games (Law 1) with the rubber points (Law 9), or,
// each game scored on its own, at once.
func (r *rubber) endGame(hand int, w cards.Side) {
	v, name := GameValue(r.score[1-w])
	r.Entries = append(r.Entries, game.Entry{Hand: hand, Side: w, Above: true, Points: v,
		Label: fmt.Sprintf("game, %s (%d to %d)", name, r.score[w], r.score[1-w]), Law: LawGameValue})
	r.Games = append(r.Games, w)
	r.won[w]++
	r.values[w] += v
	r.score = map[cards.Side]int{}
	switch {
	case r.sc.OneGame:
		r.Complete = true
	case r.won[w] == 2:
		r.Entries = append(r.Entries, game.Entry{Side: w, Above: true, Points: RubberPoints, Label: "the rubber", Law: LawRubberPoints})
		r.Complete = true
	}
}

// Settle totals a rubber of whist: below the line the points of the games,
// above it what the rubber is worth; a side's Total is its points above
// the line and the rubber's Points the difference, the losers' game
// deducted when there were three (Law 10). A game of the family that adds
// to a rubber's entries (English Dummy's point conceded) settles it again.
func Settle(in game.Rubber, settled bool) game.Rubber {
	out := in
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
	out.Winner, out.Points = nil, 0
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
