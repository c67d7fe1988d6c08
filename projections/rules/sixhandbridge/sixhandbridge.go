// Package sixhandbridge is Six-hand Bridge, three rubbers at once, as
// Foster's Complete Hoyle (1914) describes it among the forms of Bridge,
// before the American laws:
//
//	"This is played by six persons, sitting with two card tables pushed
//	together so as to make one. Each dealer sits at the long end of the
//	table, the two dealers being partners. On each side of one sits a pair
//	of adversaries ... Numbers are placed on the tables to indicate the
//	positions to which the players shall move after each deal. The player
//	at 6 goes to 5; 4 to 3; 3 to 2; 2 to 1, and 1 to 6. Each pair of
//	partners, as they fall into the end seats, have the deal. If the
//	dealer at either end will not declare on his own cards, he passes it,
//	and the Dummy hand opposite him must be handed to the dealer that sits
//	at the other end of the long table, who must declare for his partner.
//	The usual four hands are dealt and played at each table, and scored as
//	usual. Three scores must be kept, because there are three separate
//	rubbers going on at once,--that between A and B; between A and C, and
//	between B and C. If one pair wins its rubber against one of the
//	others, three players will be idle at one end of the table for one
//	deal, but then all will come into play again, for the next deal."
//
// Foster's diagram puts pair A at the ends (positions 1 and 4), pair B on
// the sides of the left table (5 and 2), pair C on the sides of the right
// one (6 and 3). It is Bridge (the dealer declares, or leaves it to his
// partner), the Club code as Hoyle's Games Modernized (1909) prints it,
// which projections/rules/bridge implements and this package builds on:
//
//   - six players, named in the order of the diagram's positions 1 to 6;
//     each deal is two hands, at the left end's table (table 1) and then
//     the right's (table 2), and after each deal every player moves one
//     position on (6 to 5, 5 to 4, ... 1 to 6: the text leaves out 5 to 4,
//     which the circle needs), so the three pairs deal in turn;
//   - at each table the dealer sits at the end, his adversaries on his left
//     and right, and the hand opposite him is a dummy nobody sits at: the
//     dealer deals every hand of his table, and the declaration left to his
//     partner is made on the dummy's cards by the dealer at the other end,
//     recorded as the dummy's call, and doubled and redoubled as in Bridge;
//   - the hands are scored as in Bridge (Laws 1-11): each hand into the
//     rubber between its two pairs, three rubbers going on at once; a
//     rubber won, the two pairs begin another at their next hand;
//   - "three players will be idle at one end of the table for one deal":
//     the hand at which a rubber just won would have gone on is not dealt
//     (hoyle passes that end over for the deal), and the two pairs begin
//     their next rubber at the hand after;
//   - a new deal demanded is dealt again at the same end, by the same
//     dealer; there is no cut for deal in the text: the pair at the ends
//     deals first.
package sixhandbridge

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// ID is the game's ID.
const ID = "six-hand-bridge"

// The texts the ruleset cites.
const (
	Text    = "Foster's Complete Hoyle (1914), Six-hand Bridge"
	LawIdle = Text + ": \"If one pair wins its rubber against one of the others, three players will be idle at one end of the table for one deal\""
)

// Players is how many play, and Pairs how many pairs they make.
const (
	Players = 6
	Pairs   = 3
)

// PairNames name the pairs as Foster does.
var PairNames = []string{"A", "B", "C"}

// pairOf is the pair of the player first at position i+1: A at 1 and 4, B
// at 2 and 5, C at 3 and 6.
func pairOf(i int) int { return i % Pairs }

// The diagram's positions at each table: the end (the dealer's), the side
// on the dealer's left, the side on his right.
var ends = [2][3]int{{1, 5, 2}, {4, 3, 6}}

// Rules is the Six-hand Bridge ruleset: Bridge with the changes of Text.
type Rules struct {
	*bridge.Rules
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{bridge.NewVariant(bridge.Variant{ID: ID, Title: "Six-hand Bridge", Options: []game.OptionInfo{},
		Code: Text + ": six players at two tables, three rubbers at once, the players moving one place after each deal, the declaration left to a dummy made by the dealer at the other end"})}
}

// Places implements game.Sitter: the positions of Foster's diagram.
func (*Rules) Places(game.Options) []string { return []string{"1", "2", "3", "4", "5", "6"} }

// NextDealer implements game.Ruleset: every hand is dealt from the end
// seat.
func (*Rules) NextDealer(h *game.Hand) cards.Seat { return h.Dealer }

// CutDealer implements game.CutRules: there is no cut for deal in the
// text; the pair at the ends deals first.
func (*Rules) CutDealer([]game.CutCard, game.Options) (cards.Seat, error) {
	return cards.NoSeat, game.Illegal("cut-for-deal", "Six-hand Bridge has no cut for deal: the players take the places of Foster's diagram (hoyle new --players, positions 1 to 6), and the pair at the ends deals first", Text)
}

// CutRule implements game.CutRules.
func (*Rules) CutRule(game.Options) string {
	return "no cut: the players take the places of Foster's diagram, and the pair at the ends (1 and 4) deals first (" + Text + ")"
}

// slot is a place in the order of play: a deal (from 1) and a table (0:
// the left end, 1: the right).
type slot struct{ deal, table int }

func (s slot) next() slot {
	if s.table == 0 {
		return slot{s.deal, 1}
	}
	return slot{s.deal + 1, 0}
}

// player is the index of the player at position pos (1 to 6) on a deal:
// each has moved one position down the circle after each deal before.
func player(pos, deal int) int { return (pos - 1 + deal - 1) % Players }

// pairsAt are the pairs at a table on a deal: the dealer's, and his
// adversaries'.
func pairsAt(s slot) (dealer, adversaries int) {
	e := ends[s.table]
	return pairOf(player(e[0], s.deal)), pairOf(player(e[1], s.deal))
}

// sitting is who sits where at a slot, the dealer in seat d.
func sitting(s slot, d cards.Seat) game.Sitting {
	e := ends[s.table]
	sit := game.Sitting{Players: make([]int, 4), Round: s.deal, Table: s.table + 1}
	sit.Players[d] = player(e[0], s.deal)
	sit.Players[d.Plus(1, 4)] = player(e[1], s.deal)
	sit.Players[d.Plus(2, 4)] = game.NoPlayer
	sit.Players[d.Plus(3, 4)] = player(e[2], s.deal)
	return sit
}

// pairing is the key of the rubber between two pairs: the lower first.
func pairing(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// walk follows the hands in order through the slots, each hand at the
// next slot but those passed over: after a rubber is won, the next slot
// of its two pairs is idle (LawIdle). It returns each hand's slot (an
// annulled hand's slot is dealt again) and the slot of the next hand.
func (r *Rules) walk(hands []*game.Hand) (map[int]slot, slot) {
	at := map[int]slot{}
	cur := slot{1, 0}
	idle := map[[2]int]bool{}
	inPlay := map[[2]int][]*game.Hand{}
	pairs := map[int][2]int{}
	skip := func() {
		for {
			d, a := pairsAt(cur)
			k := pairing(d, a)
			if !idle[k] {
				return
			}
			idle[k] = false
			cur = cur.next()
		}
	}
	skip()
	for _, h := range hands {
		at[h.Number] = cur
		if h.Annulled {
			continue // dealt again at the same end
		}
		d, a := pairsAt(cur)
		k := pairing(d, a)
		pairs[h.Number] = [2]int{d, a}
		// The hands of the rubber in play between the two pairs.
		inPlay[k] = append(inPlay[k], h)
		if sheet := r.rubbers(k, inPlay[k], pairs, game.ScoreInput{}); len(sheet.Rubbers) > 0 && sheet.Rubbers[0].Complete {
			idle[k], inPlay[k] = true, nil
		}
		cur = cur.next()
		skip()
	}
	return at, cur
}

// rubbers folds the hands between two pairs (k) into their rubbers, as in
// Bridge, each hand's sides as the rubber's: the first pair of k is side
// 0, whether it dealt the hand or defended it.
func (r *Rules) rubbers(k [2]int, hands []*game.Hand, pairs map[int][2]int, in game.ScoreInput) game.ScoreSheet {
	in.Hands = hands
	return r.RubbersBetween(in, r.HandEntries, func(h *game.Hand) [2]cards.Side {
		// The dealer's side is the dealer's pair, whichever seat he
		// deals from.
		p := pairs[h.Number]
		ns, ew := p[0], p[1]
		if h.Seating.SideOf(h.Dealer) != cards.NS {
			ns, ew = ew, ns
		}
		side := func(pair int) cards.Side {
			if pair == k[0] {
				return 0
			}
			return 1
		}
		return [2]cards.Side{side(ns), side(ew)}
	})
}

// between turns a rubber between the sides 0 and 1 into one between the
// pairs of k.
func between(rb game.Rubber, k [2]int) game.Rubber {
	pair := func(s cards.Side) cards.Side { return cards.Side(k[s]) }
	rb.Entries = slices.Clone(rb.Entries)
	for i := range rb.Entries {
		rb.Entries[i].Side = pair(rb.Entries[i].Side)
	}
	games := make([]cards.Side, 0, len(rb.Games))
	for _, g := range rb.Games {
		games = append(games, pair(g))
	}
	rb.Games = games
	if rb.Winner != nil {
		w := pair(*rb.Winner)
		rb.Winner = &w
	}
	sides := map[cards.Side]*game.SideTotal{}
	for s, t := range rb.Sides {
		sides[pair(s)] = t
	}
	rb.Sides = sides
	if rb.Complete && rb.Note == "" {
		rb.Note = fmt.Sprintf("%s and %s begin another rubber at their next hand but one (%s)", PairNames[k[0]], PairNames[k[1]], LawIdle)
	}
	return rb
}

// Sitting implements game.Sitter: the players at the next hand's table,
// on its deal.
func (r *Rules) Sitting(before []*game.Hand, first cards.Seat, _ game.Options) game.Sitting {
	_, next := r.walk(before)
	if n := len(before); n > 0 && before[n-1].Annulled {
		at, _ := r.walk(before)
		next = at[before[n-1].Number] // a new deal: the same table again
	}
	return sitting(next, first)
}

// Score implements game.Ruleset: the three rubbers, each hand in the one
// between its two pairs, as in Bridge.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet {
	at, _ := r.walk(in.Hands)
	sheet := game.ScoreSheet{Rubbers: []game.Rubber{}}
	for i, name := range PairNames {
		sheet.Sides = append(sheet.Sides, game.SheetSide{Label: name, Players: []int{i, i + Pairs}})
	}
	// The hands of each rubber, in order; each hand's pairs, as it
	// recorded who sat where.
	byPairing := map[[2]int][]*game.Hand{}
	var order [][2]int
	pairs := map[int][2]int{}
	for _, h := range in.Hands {
		d, a := pairsAt(at[h.Number])
		if h.Sitting.Seated() {
			d, a = pairOf(h.Sitting.Player(h.Dealer)), pairOf(h.Sitting.Player(h.Dealer.Plus(1, 4)))
		}
		pairs[h.Number] = [2]int{d, a}
		k := pairing(d, a)
		if _, ok := byPairing[k]; !ok {
			order = append(order, k)
		}
		byPairing[k] = append(byPairing[k], h)
	}
	var rubbers []game.Rubber
	for _, k := range order {
		part := r.rubbers(k, byPairing[k], pairs, in)
		sheet.Notes = append(sheet.Notes, part.Notes...)
		for _, rb := range part.Rubbers {
			rubbers = append(rubbers, between(rb, k))
		}
	}
	slices.SortStableFunc(rubbers, func(a, b game.Rubber) int { return a.Hands[0] - b.Hands[0] })
	for i := range rubbers {
		rubbers[i].Number = i + 1
	}
	sheet.Rubbers = rubbers
	return sheet
}

// Fold implements game.Folding: Six-hand Bridge's score is not a fold
// here, since it walks the hands to find which pairs met at each, and the
// Bridge rules it embeds would give theirs.
func (*Rules) Fold(game.Options, game.Seating, *game.FoldState) (game.SheetFold, bool) {
	return nil, false
}
