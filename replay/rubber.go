package replay

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// RubberName names a rubber of a bridge code as a score pad heads it:
// "Rubber 1", or a Chicago by its cycle of deals, "Chicago 2, hands 5 to
// 8", "Chicago 3, hands 9 to 10, 2 of 4 deals" while it is played.
func RubberName(r game.Rubber) string {
	if r.Running {
		return "Score" // a running score, not a rubber
	}
	if r.Name != "" && r.NoGames {
		return r.Name
	}
	if r.Name != "" {
		return fmt.Sprintf("%s %d", r.Name, r.Number)
	}
	if r.Deals == 0 {
		return fmt.Sprintf("Rubber %d", r.Number)
	}
	name := fmt.Sprintf("Chicago %d", r.Number)
	if len(r.Hands) == 0 {
		return name
	}
	hands := fmt.Sprintf("hands %d to %d", r.Hands[0], r.Hands[len(r.Hands)-1])
	if len(r.Hands) == 1 {
		hands = fmt.Sprintf("hand %d", r.Hands[0])
	}
	if !r.Complete {
		hands += fmt.Sprintf(", %d of %d deals", len(r.Hands), r.Deals)
	}
	return name + ", " + hands
}

// belowTowardGame is each side's trick score below the line in the game
// being played: what counts toward the next game, the score of a game
// already won not included.
func belowTowardGame(r game.Rubber, sides int) map[cards.Side]int {
	score := map[cards.Side]int{}
	for _, e := range r.Entries {
		switch {
		case e.Above || int(e.Side) < 0 || int(e.Side) >= sides:
		case e.GameLine:
			score = map[cards.Side]int{} // the game is won: the next starts at love
		default:
			score[e.Side] += e.Points
		}
	}
	return score
}

// rubberSummary sums a rubber of a bridge code up so that every figure
// says what it belongs to: the totals of the rubber, the games won and by
// whom, and the score below the line toward the game in play (not, after a
// game, the trick score of the game won, which counts toward none):
// "rubber 1: NS 0, EW 170 in all; game 1 to EW; game 2 below the line: NS
// 0, EW 0".
func rubberSummary(r game.Rubber, sides int, side func(cards.Side) string) string {
	var totals []string
	for _, s := range rubberSides(r, sides) {
		t := 0
		if st := r.Sides[s]; st != nil {
			t = st.Total
		}
		totals = append(totals, fmt.Sprintf("%s %d", side(s), t))
	}
	name := RubberName(r)
	if r.Running && r.Winner == nil {
		return strings.Join(totals, ", ") + " in all"
	}
	if r.Deals == 0 || r.Name != "" {
		name = strings.ToLower(name[:1]) + name[1:] // "rubber 1"; Chicago keeps its capital
	}
	line := name + ": " + strings.Join(totals, ", ") + " in all"
	var games []string
	for i, g := range r.Games {
		games = append(games, fmt.Sprintf("game %d to %s", i+1, side(g)))
	}
	if len(games) > 0 {
		line += "; " + strings.Join(games, ", ")
	}
	switch {
	case r.Complete && r.Winner != nil:
		return line + fmt.Sprintf("; won by %s, by %d points", side(*r.Winner), r.Points)
	case r.Complete:
		return line + "; the totals are equal"
	case r.NoGames:
		return line
	}
	var below []string
	toward := belowTowardGame(r, sides)
	for _, s := range rubberSides(r, sides) {
		below = append(below, fmt.Sprintf("%s %d", side(s), toward[s]))
	}
	return line + fmt.Sprintf("; game %d below the line: %s", len(r.Games)+1, strings.Join(below, ", "))
}
