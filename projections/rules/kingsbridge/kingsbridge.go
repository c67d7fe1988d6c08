// Package kingsbridge is King's Bridge, "sometimes called Four Hand
// Bridge, each player being for himself", as Foster's Complete Hoyle
// (1914) describes it among the forms of Bridge, before the American laws:
//
//	"The movements of the players are the same as those described in
//	Pivot Bridge, one player sitting still all the time, while each of the
//	others in turn becomes his partner for four deals. The dealer declares.
//	If he passes, the player sitting opposite him must make it according
//	to the mechanical rules given in Bridge for Three. There is no
//	doubling. The score of each player is kept in a separate column, and
//	the trick and honour score is put down in one lump, plus or minus, the
//	new score being added to or deduced from the previous one. It is
//	simpler, however, to put down nothing but the plus scores, so that
//	when the declaration is defeated, the points are credited to each of
//	the three other players. Suppose the dealer wins 16 and 16. He is put
//	down as 32 plus. If he should lose 12 and 30, his score would not be
//	touched, but each of the others would be put down 42 plus. There are no
//	games or rubbers. At the end of four deals the players change partners
//	by the pivot system. At the end of twelve deals, each has played four
//	deals with each of the others. The scores are then added up and
//	balanced by the method described in connection with the game of Skat."
//
// It is Bridge (the dealer declares or leaves it to his partner; the
// worked figures are Bridge's values), the Club code as Hoyle's Games
// Modernized (1909) prints it, which projections/rules/bridge implements
// and this package builds on:
//
//   - four players, named by the seats they take first; after every four
//     deals the three move round the first dealer by the pivot (the player
//     on her left passing behind her to her right: projections/movement),
//     each deal recording who sits where;
//   - no doubling: a double is refused, citing the text;
//   - a declaration left to the player opposite is made by rule, checked
//     when his cards were recorded: Foster's rules for Bridge for Three are
//     not in the text, and the nearest published rule of the period is
//     used (bridge.LawForcedMake, the Encyclopaedia Britannica, 1911);
//   - the score: each hand is scored as in Bridge (tricks, honours,
//     Chicane, Slam, a revoke's penalty; Laws 2-10, 90), and the dealer's
//     side's points less the other side's are the hand's "lump": with the
//     option score=plus (the text's simpler way, the default) a lump won
//     goes to the dealer alone and a lump lost to each of the other three;
//     with score=lump it goes to the dealer, plus or minus. Nobody else
//     scores: each is for himself;
//   - no games or rubbers: every twelve deals are a game, whose scores are
//     then balanced "by the method described in connection with the game
//     of Skat", which is not in the text: Foster's own, in his Skat
//     chapter of the same book, multiplies each player's score by the
//     number of players and deducts the sum of all the scores (the same as
//     each player winning from, or losing to, each other the difference of
//     their scores). Both ways of keeping the score balance alike.
package kingsbridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// ID is the game's ID.
const ID = "kings-bridge"

// The texts the ruleset cites.
const (
	Text        = "Foster's Complete Hoyle (1914), King's Bridge"
	LawPlus     = Text + ": \"put down nothing but the plus scores, so that when the declaration is defeated, the points are credited to each of the three other players\""
	LawLump     = Text + ": \"the trick and honour score is put down in one lump, plus or minus\""
	LawBalanced = Text + ": \"balanced by the method described in connection with the game of Skat\"; Foster's Complete Hoyle (1914), Skat: each score multiplied by the number of players, less the sum of all the scores"
)

// DealsAPartner is how many deals the players keep their partners, and
// DealsAGame how many make a game: three partners, four deals each.
const (
	DealsAPartner = 4
	DealsAGame    = 3 * DealsAPartner
)

// Rules is the King's Bridge ruleset: Bridge with the changes of Text.
type Rules struct {
	*bridge.Rules
	pivot *movement.Plan
}

// New returns the ruleset.
func New() *Rules {
	pivot, err := movement.Spec{Kind: movement.Pivot, Tables: 1, Boards: DealsAPartner}.Plan()
	if err != nil {
		panic(err) // a fixed, valid plan
	}
	return &Rules{Rules: bridge.NewVariant(bridge.Variant{
		ID: ID, Title: "King's Bridge",
		Code: Text + ": Bridge for four, each for himself, partners changed by the pivot every four deals, no doubling, a passed declaration made by rule, " +
			"the dealer's lump scored, twelve deals balanced as at Skat",
		Options: []game.OptionInfo{{Name: "score", Values: []string{"plus", "lump"},
			Summary: "put down plus scores only, a lump lost credited to each of the other three (the text's simpler way), or the dealer's lump plus or minus"}},
		NoDoubling: Text + ": \"There is no doubling\"",
		ForcedMake: Text + ": \"the player sitting opposite him must make it according to the mechanical rules given in Bridge for Three\"; " + bridge.LawForcedMake,
	}), pivot: pivot}
}

// Places implements game.Sitter: the four players, by the seats they take
// for the first four deals.
func (*Rules) Places(game.Options) []string { return []string{"N", "E", "S", "W"} }

// Sitting implements game.Sitter: the first dealer sits still; after every
// four deals (a new deal demanded does not count) the others move round
// her by the pivot, so that in twelve each has partnered each other.
func (r *Rules) Sitting(before []*game.Hand, first cards.Seat, _ game.Options) game.Sitting {
	deals := 0
	for _, h := range before {
		if !h.Annulled {
			deals++
		}
	}
	sit := game.Sitting{Players: make([]int, 4), Round: deals/DealsAPartner + 1}
	for seat := range cards.Seat(4) {
		_, from := r.pivot.Origin(1, sit.Round, seat, first)
		sit.Players[seat] = int(from)
	}
	return sit
}

// Score implements game.Ruleset: see the package doc.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet {
	plus := in.Opts["score"] != "lump"
	sheet := game.ScoreSheet{}
	for i, place := range r.Places(in.Opts) {
		sheet.Sides = append(sheet.Sides, game.SheetSide{Label: place, Players: []int{i}})
	}
	var g *kingsGame
	for _, h := range in.Hands {
		es, notes := r.HandEntries(h)
		sheet.Notes = append(sheet.Notes, notes...)
		if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
			continue
		}
		if g == nil {
			g = &kingsGame{Rubber: game.Rubber{Number: len(sheet.Rubbers) + 1}}
		}
		t := g.add(h, es, plus)
		sheet.Tally = append(sheet.Tally, t)
		if len(g.Hands) == DealsAGame {
			sheet.Rubbers = append(sheet.Rubbers, g.settle(true))
			g = nil
		}
	}
	if g != nil {
		sheet.Rubbers = append(sheet.Rubbers, g.settle(false))
	}
	return sheet
}

// kingsGame is a game of twelve deals being scored: each player's plus
// and minus points and his score.
type kingsGame struct {
	game.Rubber
	won, lost, net [4]int
}

// Lump is a hand's trick and honour score from the dealer's side: what it
// scored (tricks, honours, Chicane, Slam, a revoke's value) less what the
// other side scored, and the trick and honour parts of each.
func Lump(h *game.Hand, es []game.Entry) (lump int, what string) {
	side := h.Seating.SideOf(h.Dealer)
	var tricks, honours [2]int
	for _, e := range es {
		mine := 0
		if e.Side != side {
			mine = 1
		}
		if e.Above {
			honours[mine] += e.Points
		} else {
			tricks[mine] += e.Points
		}
	}
	lump = tricks[0] + honours[0] - tricks[1] - honours[1]
	won, lost := fmt.Sprintf("%d and %d", tricks[0], honours[0]), fmt.Sprintf("%d and %d", tricks[1], honours[1])
	switch {
	case lump > 0 && tricks[1]+honours[1] == 0:
		what = fmt.Sprintf("the dealer won %s", won)
	case lump < 0 && tricks[0]+honours[0] == 0:
		what = fmt.Sprintf("the dealer lost %s", lost)
	default:
		what = fmt.Sprintf("the dealer's side %s, the other %s", won, lost)
	}
	return lump, what
}

// add scores a hand: its lump to the dealer, or (by the plus way, when it
// is lost) to each of the others.
func (g *kingsGame) add(h *game.Hand, es []game.Entry, plus bool) game.Tally {
	dealer := int(h.Dealer)
	if h.Sitting.Seated() {
		dealer = h.Sitting.Player(h.Dealer)
	}
	lump, what := Lump(h, es)
	t := game.Tally{Hand: h.Number, Won: make([]int, 4), Lost: make([]int, 4)}
	credit := func(p, points int, label, law string) {
		if points > 0 {
			t.Won[p] += points
		} else {
			t.Lost[p] -= points
		}
		t.Entries = append(t.Entries, game.Entry{Hand: h.Number, Side: cards.Side(p), Above: points > 0, Points: points, Label: label, Law: law})
	}
	switch {
	case lump > 0:
		credit(dealer, lump, fmt.Sprintf("%s: %d plus to the dealer", what, lump), LawLump)
	case lump < 0 && plus:
		for p := range 4 {
			if p != dealer {
				credit(p, -lump, fmt.Sprintf("%s: %d plus to each of the other three", what, -lump), LawPlus)
			}
		}
	case lump < 0:
		credit(dealer, lump, fmt.Sprintf("%s: %d minus to the dealer", what, -lump), LawLump)
	}
	for p := range 4 {
		g.won[p] += t.Won[p]
		g.lost[p] += t.Lost[p]
		g.net[p] += t.Won[p] - t.Lost[p]
	}
	t.Net = append([]int(nil), g.net[:]...)
	g.Hands = append(g.Hands, h.Number)
	g.Entries = append(g.Entries, t.Entries...)
	return t
}

// Balance is Foster's balance of scores at Skat: each player's score times
// the number of players, less the sum of all the scores; the balances add
// up to nothing, and each is what the player wins from (or loses to) the
// others, the difference of their scores with each.
func Balance(scores []int) []int {
	sum := 0
	for _, s := range scores {
		sum += s
	}
	out := make([]int, len(scores))
	for i, s := range scores {
		out[i] = s*len(scores) - sum
	}
	return out
}

// settle closes a game: each player's columns, and, at the end of its
// twelve deals, the balance, whose highest wins.
func (g *kingsGame) settle(complete bool) game.Rubber {
	r := g.Rubber
	r.Sides = map[cards.Side]*game.SideTotal{}
	for p := range 4 {
		r.Sides[cards.Side(p)] = &game.SideTotal{Above: g.won[p], Below: g.lost[p], Total: g.net[p]}
	}
	if !complete {
		r.Note = fmt.Sprintf("%d of %d deals: the scores are balanced at the end of the twelfth (%s)", len(g.Hands), DealsAGame, Text)
		return r
	}
	r.Complete = true
	bal := Balance(g.net[:])
	best, tied := 0, false
	for p := 1; p < 4; p++ {
		switch {
		case bal[p] > bal[best]:
			best, tied = p, false
		case bal[p] == bal[best]:
			tied = true
		}
	}
	if !tied {
		w := cards.Side(best)
		r.Winner, r.Points = &w, bal[best]
	}
	r.Balance = bal
	r.Note = "the scores balanced (" + LawBalanced + ")"
	return r
}

// Fold implements game.Folding: King's Bridge's score (each player for
// himself, the scores balanced at the end of a game) is not a fold here,
// and the Bridge rules it embeds would give theirs.
func (*Rules) Fold(game.Options, game.Seating, *game.FoldState) (game.SheetFold, bool) {
	return nil, false
}
