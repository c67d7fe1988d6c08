package ddhand

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/game"
)

// Analysis is the double-dummy analysis of a hand: its table, its par,
// and the value of each card played.
type Analysis struct {
	// Deal is the hands as dealt, by seat.
	Deal  cards.Deal
	Table dd.Table
	// Vul is the vulnerability par is computed at: the hand's, or nobody's
	// in a game that records none.
	Vul cards.Vulnerability
	// BySide is true in a game without a contract (whist): the analysis
	// is the tricks of each side in the trump turned up, and there is no
	// par.
	BySide bool
	// Par is the par of Table at Vul (zero when BySide).
	Par dd.ParResult
	// Play is the analysis of the play: nil before the strain and the
	// opening leader are known (the auction), and for a hand passed out.
	Play *Play
}

// Play is the double-dummy value of a hand's play, card by card.
type Play struct {
	// Strain is the trump as the solver takes it: the royal spades of
	// Auction Bridge 1913 are spades.
	Strain cards.Strain
	// Leader is the opening leader.
	Leader cards.Seat
	// Declarer is the contract's declarer; NoSeat at whist.
	Declarer cards.Seat
	// Side is the side whose tricks are counted: the side of the seat on
	// the opening leader's right (the declarer's, as DDS's AnalysePlay
	// counts; at whist the dealer's).
	Side cards.Side
	// Start is Side's tricks with best play before the opening lead.
	Start int
	// Cards are the cards analysed, in the order played.
	Cards []Card
	// Recorded is how many cards the hand records as played. When it is
	// more than len(Cards), the play stopped being regular at the card
	// Stopped, and Stop says how: the solver follows only regular play.
	Recorded int
	Stopped  *game.PlayedCard
	Stop     string
}

// Card is one card played and its double-dummy value.
type Card struct {
	Trick, Place int // the trick, from 0, and the card's place in it, from 0
	Seat         cards.Seat
	Card         cards.Card
	ID           events.ID
	// Tricks is Side's tricks in all after this card: those won and those
	// still to take with best play.
	Tricks int
	// Cost is how many tricks the card cost the side that played it: 0
	// when it keeps the best result.
	Cost int
}

// After is Side's tricks in all once n of the cards analysed are played
// (0: before the opening lead); false when the n-th card is not analysed.
func (p *Play) After(n int) (int, bool) {
	switch {
	case n == 0:
		return p.Start, true
	case n > 0 && n <= len(p.Cards):
		return p.Cards[n-1].Tricks, true
	}
	return 0, false
}

// ByID is the analysis of the card the event id recorded.
func (p *Play) ByID(id events.ID) (Card, bool) {
	for _, c := range p.Cards {
		if c.ID == id {
			return c, true
		}
	}
	return Card{}, false
}

// Costly lists the cards that cost a trick or more, in the order played.
func (p *Play) Costly() []Card {
	var out []Card
	for _, c := range p.Cards {
		if c.Cost > 0 {
			out = append(out, c)
		}
	}
	return out
}

// CheckDeal reports whether d is a deal the solver takes: four hands of 13
// cards of the bridge pack, no card twice. The error unwraps to
// ErrNotBridgeDeal.
func CheckDeal(d cards.Deal) error {
	if len(d) != 4 {
		return notBridge("this deal has %d hands", len(d))
	}
	var seen cards.Set
	for i, h := range d {
		seat := cards.Seat(i)
		if h.Has(cards.Joker) {
			return notBridge("%s holds the Joker, which is not a card of the bridge pack", seat.Name())
		}
		switch {
		case h == 0:
			return notBridge("%s's hand is not given", seat.Name())
		case h.Len() != 13:
			return notBridge("%s holds %d", seat.Name(), h.Len())
		}
		if dup := h.Intersect(seen); dup != 0 {
			return notBridge("%s is dealt twice", dup.Cards()[0])
		}
		seen = seen.Union(h)
	}
	return nil
}

// DealOf is the deal of h as the solver takes it. The error unwraps to
// ErrNotBridgeDeal for a game that is not four hands of 13 cards, and to
// ErrCardsUnknown when a hand was neither recorded nor shown by the play.
func DealOf(h *game.Hand) (cards.Deal, error) {
	if h.Seating.Seats != 4 {
		return nil, notBridge("this game deals %d hands", h.Seating.Seats)
	}
	if n := h.Playing(); n != 4 {
		return nil, notBridge("%d of its four hands play (the others are laid aside)", n)
	}
	if !h.DealKnown() {
		var unknown []string
		for seat := range h.Seating.Seats {
			if !h.Known(cards.Seat(seat)) {
				unknown = append(unknown, cards.Seat(seat).Name())
			}
		}
		if len(unknown) == h.Seating.Seats {
			return nil, &Error{Kind: ErrCardsUnknown, Reason: "the deal was not recorded, and the play has not shown it"}
		}
		return nil, &Error{Kind: ErrCardsUnknown, Reason: fmt.Sprintf("%s not recorded with the deal, nor shown by the play",
			joinAnd(unknown, "'s")+" "+plural(len(unknown), "hand was", "hands were"))}
	}
	d := make(cards.Deal, 4)
	copy(d, h.Dealt)
	if err := CheckDeal(d); err != nil {
		return nil, err
	}
	return d, nil
}

// joinAnd writes names as "North", "North and East", "North, East and
// South", each with suffix.
func joinAnd(names []string, suffix string) string {
	for i := range names {
		names[i] += suffix
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// SolverStrain is the strain the solver plays a contract's strain in:
// royal spades are spades; NoStrain for one it cannot.
func SolverStrain(s cards.Strain) cards.Strain {
	switch s {
	case cards.RoyalSpades:
		return cards.StrainSpades
	case cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades, cards.NoTrump:
		return s
	}
	return cards.NoStrain
}

// Analyse analyses h: the table and par of its deal, and its play so far,
// with the solver's answers from src (Solve to compute them afresh). par
// scores the contracts of the par search (contract.ParScore: duplicate
// scoring by the laws of Contract Bridge), so that the analysis imports no
// ruleset.
func Analyse(h *game.Hand, src Solutions, par dd.Scorer) (*Analysis, error) {
	d, err := DealOf(h)
	if err != nil {
		return nil, err
	}
	// The table and the play's trace are both asked for before either's
	// error is returned: a source that solves in the background
	// (projections/ddkeep's Ready) starts both at once.
	t, err := src.Table(d)
	a := &Analysis{Deal: d, Table: t, Vul: h.Vulnerable}
	a.BySide = h.Contract != nil && h.Contract.Declarer == cards.NoSeat
	strain := cards.NoStrain
	if h.Contract != nil && len(h.Tricks) > 0 {
		strain = SolverStrain(h.Contract.Strain)
	}
	if strain == cards.NoStrain {
		if err != nil {
			return nil, err
		}
		if !a.BySide {
			a.Par = dd.Par(t, a.Vul, par)
		}
		return a, nil
	}
	var played []game.PlayedCard
	var at [][2]int
	for i, tr := range h.Tricks {
		for k, pc := range tr.Cards {
			played = append(played, pc)
			at = append(at, [2]int{i, k})
		}
	}
	leader := h.Tricks[0].Leader
	seq := make([]cards.Card, len(played))
	for i, pc := range played {
		seq[i] = pc.Card
	}
	tr, trErr := src.Trace(d, strain, leader, seq)
	if err := errors.Join(err, trErr); err != nil {
		return nil, err
	}
	if !a.BySide {
		a.Par = dd.Par(t, a.Vul, par)
	}
	p := &Play{Strain: strain, Leader: leader, Declarer: h.Contract.Declarer, Side: leader.Plus(3, 4).Partnership(),
		Start: tr.Tricks[0], Recorded: len(played)}
	for i, c := range seq[:len(tr.Cost)] {
		p.Cards = append(p.Cards, Card{Trick: at[i][0], Place: at[i][1], Seat: played[i].Seat, Card: c, ID: played[i].ID,
			Tricks: tr.Tricks[i+1], Cost: tr.Cost[i]})
	}
	if n := len(tr.Cost); n < len(played) {
		pc := played[n]
		p.Stopped = &pc
		p.Stop = irregularity(d, strain, leader, seq, played, n)
	}
	a.Play = p
	return a, nil
}

// irregularity says why the n-th card played (from 0), the first the
// solver refused, is not regular play: played by a seat whose turn it was
// not, or not following suit.
func irregularity(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card, played []game.PlayedCard, n int) string {
	held := append(cards.Deal(nil), d...)
	var trick []cards.Card
	for i := 0; i < n; i++ {
		seat := leader.Plus(len(trick), 4)
		held[seat] = held[seat].Remove(seq[i])
		trick = append(trick, seq[i])
		if len(trick) == 4 {
			leader = leader.Plus(winner(trick, strain), 4)
			trick = trick[:0]
		}
	}
	want := leader.Plus(len(trick), 4)
	pc := played[n]
	switch {
	case pc.Seat != want:
		return fmt.Sprintf("%s played out of turn (it was %s's turn)", pc.Seat.Name(), want.Name())
	case len(trick) > 0 && pc.Card.Suit() != trick[0].Suit() && held[want].HasSuit(trick[0].Suit()):
		return fmt.Sprintf("%s did not follow suit, holding %s", pc.Seat.Name(), trick[0].Suit().Name())
	case !held[want].Has(pc.Card):
		return fmt.Sprintf("%s did not hold %s as dealt", pc.Seat.Name(), pc.Card)
	}
	return "an irregular play"
}

// winner is the place in a complete trick of the card that wins it.
func winner(trick []cards.Card, strain cards.Strain) int {
	trump, hasTrump := strain.Trump()
	best := 0
	for k := 1; k < len(trick); k++ {
		c, b := trick[k], trick[best]
		switch {
		case c.Suit() == b.Suit() && c.Rank() > b.Rank():
			best = k
		case hasTrump && c.Suit() == trump && b.Suit() != trump:
			best = k
		}
	}
	return best
}

// Solutions gives Analyse the solver's answers: the table of a deal, and
// the trace of a play. Solve computes them each time; projections/ddkeep
// keeps them, for the process and beside the log, so that each is solved
// once.
type Solutions interface {
	// Table is the double-dummy table of d, a deal CheckDeal takes.
	Table(d cards.Deal) (dd.Table, error)
	// Trace is the trace of the longest regular beginning of seq, played
	// in strain from the opening lead by leader: as many cards as it has
	// costs.
	Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error)
}

// Solve is Solutions computed by the solver each time it is asked, with
// Config's bound on its memory and threads (the answers do not depend on
// it).
type Solve struct{ Config dd.Config }

var _ Solutions = Solve{}

// Table implements Solutions: the deal is checked (CheckDeal), then
// solved.
func (s Solve) Table(d cards.Deal) (dd.Table, error) {
	if err := CheckDeal(d); err != nil {
		return dd.Table{}, err
	}
	return dd.SolveTable(d, s.Config)
}

// Trace implements Solutions: the play is traced to the first card the
// solver refuses (dd.PlayError), and no further.
func (s Solve) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error) {
	sv := dd.NewSolver(s.Config)
	n := len(seq)
	for {
		tr, err := sv.Trace(d, strain, leader, seq[:n])
		var pe *dd.PlayError
		if errors.As(err, &pe) && pe.Index < n {
			n = pe.Index
			continue
		}
		return tr, err
	}
}
