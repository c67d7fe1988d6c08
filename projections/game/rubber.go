package game

import (
	"github.com/hoyle/hoyle/events/cards"
)

// RubberLaws are how the auction codes play a rubber (Auction Bridge by
// the laws of 1908 and of 1913): a game is won by the first side whose
// trick score below the line reaches GamePoints, both sides then starting
// the next game from love; the rubber is the best of three games, and its
// winners add RubberPoints; what the rubber is worth is the difference of
// the totals, to the side with the larger. The codes differ in the
// figures, their laws, and what is done with a rubber left unfinished.
type RubberLaws struct {
	GamePoints   int
	RubberPoints int
	RubberLaw    string // the law of the rubber's points
	// ExcessLaw is the law by which the losers of two games win the
	// excess when their total is the larger.
	ExcessLaw string
	// UnfinishedPoints is what each game won counts when play stops by
	// agreement with the rubber unfinished (1913 Law 11: 125), by
	// UnfinishedLaw; 0 when the code has no such law, and UnfinishedNote
	// says what the sheet does instead.
	UnfinishedPoints int
	UnfinishedLaw    string
	UnfinishedNote   string
}

// rubberFold is a rubber being folded: its sheet and the trick score of
// each side in the game in play.
type rubberFold struct {
	Rubber
	below [2]int
	won   [2]int
}

func (r *rubberFold) over() bool { return r.won[0] == 2 || r.won[1] == 2 }

func (r *rubberFold) winnerOfGames() cards.Side {
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if r.won[s] == 2 {
			return s
		}
	}
	return cards.NoSide
}

// add scores a hand into the rubber: entries go on the sheet, a side whose
// trick score in this game reaches the game wins it and a line is drawn
// under it, and the second game won ends the rubber with its points.
func (l RubberLaws) add(r *rubberFold, h *Hand, es []Entry) {
	r.Hands = append(r.Hands, h.Number)
	for i, e := range es {
		if e.Above {
			continue
		}
		r.below[e.Side] += e.Points
		if r.below[e.Side] >= l.GamePoints {
			es[i].GameLine = true
			r.won[e.Side]++
			r.Games = append(r.Games, e.Side)
			r.below = [2]int{} // the next game starts from love for both sides
		}
	}
	r.Entries = append(r.Entries, es...)
	if w := r.winnerOfGames(); w != cards.NoSide {
		// Hand 0: the rubber's points are added at its conclusion, to the
		// totals, not scored on the last hand.
		r.Entries = append(r.Entries, Entry{Side: w, Above: true, Points: l.RubberPoints, Label: "rubber", Law: l.RubberLaw})
		r.Complete = true
	}
}

// makeUp closes a rubber left unfinished by agreement.
func (l RubberLaws) makeUp(r *rubberFold) {
	if l.UnfinishedPoints > 0 {
		for _, s := range []cards.Side{cards.NS, cards.EW} {
			if r.won[s] > 0 {
				r.Entries = append(r.Entries, Entry{Side: s, Above: true, Points: l.UnfinishedPoints * r.won[s], Label: "game won, rubber unfinished", Law: l.UnfinishedLaw})
			}
		}
	}
	r.Note = l.UnfinishedNote
}

// Score folds a session's finished hands into rubbers, each hand's entries
// given by entries (with notes for the scorer). A rubber ends when a side
// has won two games; the next hand begins a new one. When the session is
// closed by agreement, a rubber left unfinished is made up by the code.
// An unfinished rubber in play has no winner and no value yet.
func (l RubberLaws) Score(in ScoreInput, entries func(*Hand) ([]Entry, []string)) ScoreSheet {
	f, _ := l.Fold(entries, nil)
	return FoldScore(f, in)
}
