// Package eventbook folds an event's own record (events/eventrec): its
// roster and its hand record, with the retractions of either. It also
// judges what is given for the record before it is appended (a pair the
// movement does not have, a pair named twice, a deal with a card missing
// or twice, a board given twice with two deals), says who sat in each
// seat at a table on a board, and names how a deal typed at a table
// differs from the hand record's.
//
// It is a pure fold: the caller reads the stream (eventrec.StreamID).
package eventbook

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/movement"
)

// The errors of the record, for errors.Is.
var (
	// ErrPairTwice: one roster names a pair (or team) twice.
	ErrPairTwice = errors.New("the roster names a pair twice")
	// ErrNoSuchPair: the roster names a pair the movement does not have.
	ErrNoSuchPair = errors.New("the movement has no such pair")
	// ErrBadDeal: a hand record's deal is not a whole pack in four hands
	// of thirteen (a card missing or given twice).
	ErrBadDeal = errors.New("not a whole deal")
	// ErrBoardTwice: a hand record gives one board twice with two deals,
	// or a board the event's record already has with another deal.
	ErrBoardTwice = errors.New("a board is given twice with different deals")
	// ErrDealDiffers: the cards given at a table differ from the hand
	// record's for the board.
	ErrDealDiffers = errors.New("the cards differ from the hand record")
	// ErrNothingToUndo: no entry of the kind asked stands in the record.
	ErrNothingToUndo = errors.New("nothing to withdraw")
	// ErrNotRecord: a stream that is not an event's record.
	ErrNotRecord = errors.New("not an event's record")
)

// Book is an event's record as it stands: its roster and its hand record.
type Book struct {
	Event string
	// Roster is the names of each pair, team or player, by the key the
	// movement gives it (eventrec.Entry.Who), the latest entry's.
	Roster map[string][]string
	// Deals is the hand record, by board.
	Deals map[int]eventrec.Deal
	// RosterIDs and BoardsIDs are the roster and hand record entries that
	// stand (not withdrawn), oldest first: what an undo withdraws.
	RosterIDs, BoardsIDs []events.ID
}

// Fold reads an event's record, oldest first. A retraction withdraws its
// target (a retraction of a retraction restores it).
func Fold(envs []events.Envelope) (*Book, error) {
	b := &Book{Roster: map[string][]string{}, Deals: map[int]eventrec.Deal{}}
	withdrawn := map[events.ID]bool{}
	// A retraction counts only if it stands itself: read from the newest
	// back, each retraction that stands withdraws an earlier event.
	for i := len(envs) - 1; i >= 0; i-- {
		if r, ok := envs[i].Data.(*table.Retracted); ok && !withdrawn[envs[i].ID] {
			withdrawn[r.Target] = true
		}
	}
	for _, e := range envs {
		if withdrawn[e.ID] {
			continue
		}
		switch p := e.Data.(type) {
		case *eventrec.Roster:
			b.Event = p.Event
			for _, x := range p.Entries {
				b.Roster[x.Who] = x.Names
			}
			b.RosterIDs = append(b.RosterIDs, e.ID)
		case *eventrec.Boards:
			b.Event = p.Event
			for _, d := range p.Deals {
				b.Deals[d.Board] = d
			}
			b.BoardsIDs = append(b.BoardsIDs, e.ID)
		case *table.Retracted:
		default:
			return nil, fmt.Errorf("%w: event %d of stream %s is a %s", ErrNotRecord, e.Version, e.Session, e.Type)
		}
	}
	return b, nil
}

// Deal is the hand record's deal of a board.
func (b *Book) Deal(board int) (eventrec.Deal, bool) {
	if b == nil {
		return eventrec.Deal{}, false
	}
	d, ok := b.Deals[board]
	return d, ok
}

// Boards lists the hand record's boards in order.
func (b *Book) Boards() []int {
	var out []int
	for n := range b.Deals {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// ParseWho reads the pair a roster line is for, as the movement numbers
// it: in a Howell "7" (or "pair 7"); in a Mitchell, whose North-South and
// East-West pairs are numbered apart, "3NS", "3 NS", "NS3" or "5EW". With
// no duplicate movement (a team match) it is the team's name as given.
// The key is movement.Pair's String.
func ParseWho(plan *movement.Plan, text string) (string, error) {
	t := strings.TrimSpace(text)
	if plan == nil || !plan.Duplicate() {
		if t == "" {
			return "", fmt.Errorf("%w: a roster line names no one before its =", ErrNoSuchPair)
		}
		return t, nil
	}
	u := strings.ToUpper(strings.Join(strings.Fields(t), ""))
	u = strings.TrimPrefix(u, "PAIR")
	dir := movement.NoDir
	for _, side := range []cards.Side{cards.NS, cards.EW} {
		name := side.String()
		if rest, ok := strings.CutSuffix(u, name); ok {
			u, dir = rest, side
		} else if rest, ok := strings.CutPrefix(u, name); ok {
			u, dir = rest, side
		}
	}
	n, err := strconv.Atoi(u)
	switch {
	case err != nil || n < 1:
		return "", fmt.Errorf("%w: %q is not a pair number (%s)", ErrNoSuchPair, text, pairForms(plan))
	case plan.Kind == movement.Mitchell && dir == movement.NoDir:
		return "", fmt.Errorf("%w: %q: a Mitchell numbers its North-South and East-West pairs apart; write %dNS or %dEW", ErrNoSuchPair, text, n, n)
	case plan.Kind == movement.Howell && dir != movement.NoDir:
		return "", fmt.Errorf("%w: %q: a Howell's pairs have no direction; write %d", ErrNoSuchPair, text, n)
	}
	p := movement.Pair{Number: n, Dir: dir}
	if !slices.Contains(Pairs(plan), p) {
		return "", fmt.Errorf("%w: the movement %s has no pair %s (%s)", ErrNoSuchPair, plan.Spec, p, pairForms(plan))
	}
	return p.String(), nil
}

// pairForms says which pairs a movement has, for an error.
func pairForms(plan *movement.Plan) string {
	ps := Pairs(plan)
	if len(ps) == 0 {
		return "it has none"
	}
	if plan.Kind == movement.Mitchell {
		return fmt.Sprintf("its pairs are 1NS to %dNS and 1EW to %dEW, less any phantom", plan.Tables, plan.Tables)
	}
	return fmt.Sprintf("its pairs are 1 to %d", len(ps))
}

// Pairs lists a duplicate movement's pairs (the phantom of an odd number
// left out), as they sit in the first round's order.
func Pairs(plan *movement.Plan) []movement.Pair {
	var out []movement.Pair
	if plan == nil || !plan.Duplicate() {
		return nil
	}
	for _, row := range plan.Sittings {
		for _, st := range row {
			for _, p := range []movement.Pair{st.NS, st.EW} {
				if p.Number != 0 && p != plan.Phantom && !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// SplitNames reads a pair's or team's names as typed: "Ann Ames & Bob
// Birch", or a list split by commas ("Ann, Bob, Cy, Di"), each trimmed.
func SplitNames(text string) []string {
	sep := ","
	if strings.Contains(text, "&") {
		sep = "&"
	}
	var out []string
	for _, n := range strings.Split(text, sep) {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// CheckRoster judges the lines of one roster command before they are
// appended: each names a pair the movement has (or, with none, a team),
// once, with at least one name.
func CheckRoster(plan *movement.Plan, entries []eventrec.Entry) error {
	seen := map[string]int{}
	for i, x := range entries {
		if j, dup := seen[strings.ToLower(x.Who)]; dup {
			same := slices.Equal(entries[j].Names, x.Names)
			why := "twice"
			if !same {
				why = fmt.Sprintf("twice, as %q and as %q", strings.Join(entries[j].Names, " & "), strings.Join(x.Names, " & "))
			}
			return fmt.Errorf("%w: %s is named %s; give each pair once", ErrPairTwice, x.Who, why)
		}
		seen[strings.ToLower(x.Who)] = i
		if len(x.Names) == 0 {
			return fmt.Errorf("%w: %s is given no names", ErrNoSuchPair, x.Who)
		}
	}
	return nil
}

// CheckDeal judges one deal of a hand record: four hands of thirteen
// cards, each of the 52 once.
func CheckDeal(d eventrec.Deal) error {
	var all cards.Set
	for i, h := range d.Hands {
		if twice := all.Intersect(h); twice != 0 {
			return fmt.Errorf("%w: board %d: %s is dealt twice (to %s and another hand)", ErrBadDeal, d.Board, cardList(twice), cards.Seat(i).Name())
		}
		all = all.Union(h)
	}
	for i, h := range d.Hands {
		if h.Len() != 13 {
			return fmt.Errorf("%w: board %d: %s has %d cards, not 13", ErrBadDeal, d.Board, cards.Seat(i).Name(), h.Len())
		}
	}
	full := cards.Set(0)
	for _, u := range cards.Suits {
		for r := cards.Ace; r >= 2; r-- {
			full = full.Add(cards.NewCard(u, r))
		}
	}
	if missing := full &^ all; missing != 0 {
		return fmt.Errorf("%w: board %d: %s is dealt to no hand", ErrBadDeal, d.Board, cardList(missing))
	}
	return nil
}

// cardList is a set's cards as symbols: "♠A ♥10".
func cardList(s cards.Set) string {
	var out []string
	for _, c := range s.Cards() {
		out = append(out, c.Symbol())
	}
	return strings.Join(out, " ")
}

// CheckBoards judges a hand record's deals before they are loaded: each
// whole, none given twice with two deals, none the record already holds
// with another deal (withdraw that load first). It returns the deals to
// append: those the record does not already hold as they are.
func CheckBoards(b *Book, deals []eventrec.Deal) ([]eventrec.Deal, error) {
	first := map[int]eventrec.Deal{}
	var out []eventrec.Deal
	for _, d := range deals {
		if d.Board < 1 {
			return nil, fmt.Errorf("%w: a board numbered %d", ErrBadDeal, d.Board)
		}
		if err := CheckDeal(d); err != nil {
			return nil, err
		}
		if f, dup := first[d.Board]; dup {
			if f.Hands != d.Hands {
				return nil, fmt.Errorf("%w: board %d is given twice, and %s", ErrBoardTwice, d.Board, Difference(f.Hands, d.Hands, "the first gives", "the second"))
			}
			continue
		}
		first[d.Board] = d
		if have, ok := b.Deal(d.Board); ok {
			if have.Hands != d.Hands {
				return nil, fmt.Errorf("%w: board %d is in the event's hand record already, and %s; withdraw that load first (hoyle boards --undo)", ErrBoardTwice, d.Board, Difference(have.Hands, d.Hands, "the record gives", "the file"))
			}
			continue
		}
		out = append(out, d)
	}
	return out, nil
}

// Difference names the first seat whose hand differs between two deals:
// "the hand record gives North ♠AKQ… , you gave ♠AKJ…".
func Difference(want, got [4]cards.Set, wantSays, gotSays string) string {
	for i := range want {
		if want[i] != got[i] {
			return fmt.Sprintf("%s %s %s, %s %s", wantSays, cards.Seat(i).Name(), HandText(want[i]), gotSays, HandText(got[i]))
		}
	}
	return "they are the same"
}

// CheckGiven judges the hands typed at a table against the hand record's
// deal of the board: a hand not given (unknown, empty) is not compared.
// It returns ErrDealDiffers, naming the first difference.
func CheckGiven(d eventrec.Deal, given []cards.Set) error {
	for i := range d.Hands {
		if i >= len(given) || given[i] == 0 || given[i] == d.Hands[i] {
			continue
		}
		return fmt.Errorf("%w: board %d: the hand record gives %s %s, you gave %s", ErrDealDiffers, d.Board,
			cards.Seat(i).Name(), HandText(d.Hands[i]), HandText(given[i]))
	}
	return nil
}

// HandText is a hand with its suits' symbols, spades first: "♠AKQ2 ♥K2
// ♦A3 ♣AQ432" ("♥—" for a void).
func HandText(h cards.Set) string {
	parts := make([]string, 0, 4)
	for _, u := range cards.Suits {
		s := ""
		for r := cards.Ace; r >= 2; r-- {
			if h.Has(cards.NewCard(u, r)) {
				s += r.Display()
			}
		}
		if s == "" {
			s = "—"
		}
		parts = append(parts, u.Symbol()+s)
	}
	return strings.Join(parts, " ")
}
