// Package quinto is Quinto, Professor Hoffmann's game, as far as "Hoyle's
// Games Modernized" (ed. Hoffmann, 1909), chapter Quinto, describes it
// before its text breaks off. The book's text stops in the middle of the
// scoring, before the quints are defined: it never says what a quint is or
// what it is worth, which card wins a trick, what the Quint Royal does in
// the play, nor what score wins the game. hoyle implements what the text
// gives and nothing more:
//
//   - "a game of two partners against two, as at Bridge and Whist"; "the
//     pack ... consists of fifty-three cards", the extra card the "Quint
//     Royal", which "can be supplied equally well by the 'Joker'" (JK);
//   - "the dealer then lays aside the five top cards, face downwards, to
//     form ... the 'cachette.' The remaining forty-eight cards are dealt out
//     as at Whist, so that each hand contains twelve cards; but no trump
//     card is turned up" (the cachette is recorded as the deal's cards
//     dealt apart: hoyle deal --widow);
//   - "the players in rotation, commencing with the eldest hand, have then
//     the option of once doubling the value of each trick, and of once
//     re-doubling an opponent's double. The option passes round the table
//     once only": four calls, P, X or XX;
//   - "the normal value of each trick ... is five points. Each side scores
//     the number of tricks that it actually wins ... These values may,
//     however, be doubled or quadrupled ... The winners of the twelfth
//     trick take the 'cachette,' which itself counts as an extra trick";
//     the book's figure, "If A B win 11 tricks, and Y Z 2, A B score 55,
//     and Y Z 10", is the package's test;
//   - the score-sheets "resemble those of Bridge, except that no
//     horizontal division is necessary": a running score by side, hand by
//     hand.
//
// What the text does not settle, hoyle does not invent:
//
//   - which card wins a trick: the table says who won each one (hoyle won
//     SEAT, the event play.trick_won), and the winner leads to the next;
//   - the quints, and the Quint Royal's value: not scored, and the score
//     sheet says so on every session;
//   - the end of a game or rubber: the totals run on, never settled, and
//     the sheet says so; a hand ended by a claim that does not settle who
//     won the twelfth trick leaves the cachette unscored, and says so.
//
// Where the text is silent on what the record needs, the rule is the
// nearest code's, cited: the cut for partners and deal "in the usual way"
// (the Club code of Bridge in the same book, Laws 17-20, 35), the eldest
// hand leading and the deal passing to the left (as at Whist), and
// following suit (Bridge Law 89: a revoke is a card "of a different
// suit", which the Quint Royal, of no suit, is not: it may be played to
// any trick, and when it is led no suit is led). The text gives no
// irregularities, so hoyle records none (play --irregular is refused).
package quinto

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The passages of the text each rule cites, and the nearest codes'.
const (
	Text          = "Hoyle's Games Modernized (1909), Quinto"
	TextPack      = Text + ": fifty-three cards, the Joker as the Quint Royal"
	TextCachette  = Text + ": the five top cards laid aside as the cachette, forty-eight dealt as at Whist, twelve to each hand, no trump turned up"
	TextDoubling  = Text + ": from the eldest hand, each player once may double the value of each trick, or re-double an opponent's double; the option passes round the table once only"
	TextTricks    = Text + ": five points a trick to the side that wins it, doubled or quadrupled"
	TextCachet12  = Text + ": the winners of the twelfth trick take the cachette, which counts as an extra trick"
	TextCutOff    = Text + ": the text breaks off here"
	LawCut        = "Law 35 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code: the Quinto text says only that the cards are shuffled and cut"
	LawFollow     = "Law 89 of the Club code of Bridge (Hoyle's Games Modernized, 1909), the nearest code: the Quinto text does not say; the Quint Royal, of no suit, is never a revoke"
	LawEldestLead = "as at Whist and Bridge (the Club code, Hoyle's Games Modernized, 1909), the nearest codes: the eldest hand leads; the Quinto text does not say"
)

// The figures of the text.
const (
	Tricks       = 12 // "each hand contains twelve cards"
	CachetteSize = 5  // "the five top cards"
	TrickPoints  = 5  // "the normal value of each trick ... is five points"
)

// Cut-off is what `hoyle games` and the score sheet say of the text.
const CutOff = "the text breaks off before it defines the quints: hoyle does not score them, nor say which card wins a trick (the table records it: hoyle won SEAT) or what wins the game"

// Rules is the ruleset.
type Rules struct {
	game.FourHanded
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{FourHanded: game.FourHanded{CutLaw: LawCut, RevokeLaw: LawFollow}}
}

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:        "quinto",
		Title:     "Quinto",
		WidowName: "cachette",
		Code: "Quinto as Hoyle's Games Modernized (ed. Hoffmann, 1909) describes it: 53 cards with the Joker as the Quint Royal, " +
			"the cachette, doubling once round the table, five points a trick; " + CutOff,
		Options: []game.OptionInfo{{Name: "we", Values: []string{"NS", "EW"},
			Summary: "the side written under WE on the score sheet (the scorer's side)"}},
	}
}

// Pack implements game.Ruleset: fifty-two cards and the Joker.
func (*Rules) Pack() []cards.Card { return cards.Deck(2, true) }

// Tricks implements game.Ruleset: twelve.
func (*Rules) Tricks() int { return Tricks }

// Deal implements game.Ruleset: the five top cards are the cachette, and
// the forty-eight below them are dealt one at a time from the dealer's
// left.
func (*Rules) Deal(pack []cards.Card, dealer cards.Seat) game.DealResult {
	d := game.DealRoundRobin(pack[CachetteSize:], dealer, 4)
	d.Widow = cards.NewSet(pack[:CachetteSize]...)
	return d
}

// CheckDeal implements game.Ruleset: twelve cards a hand and five in the
// cachette, when given, every card of the pack once; nothing turned up.
func (r *Rules) CheckDeal(d game.DealResult) error {
	if d.TurnUp != cards.NoCard {
		return game.Illegal(d.TurnUp.String(), "no trump card is turned up in Quinto", TextCachette)
	}
	if n := d.Widow.Len(); d.Widow != 0 && n != CachetteSize {
		return game.Illegal(d.Widow.PBN(), fmt.Sprintf("the cachette is the five top cards, not %d", n), TextCachette)
	}
	if err := game.CheckHands(game.DealResult{Hands: d.Hands}, r.Pack(), Tricks); err != nil {
		return err
	}
	var all cards.Set
	for _, h := range d.Hands {
		all = all.Union(h)
	}
	if x := all.Intersect(d.Widow); x != 0 {
		return game.Illegal(d.Widow.PBN(), fmt.Sprintf("%s is both in a hand and in the cachette", x.Cards()[0]), TextCachette)
	}
	if x := d.Widow &^ cards.NewSet(r.Pack()...); x != 0 {
		return game.Illegal(d.Widow.PBN(), fmt.Sprintf("%s is not in this game's pack", x.Cards()[0]), TextPack)
	}
	return nil
}

// Start implements game.Ruleset: the doubling goes round from the eldest
// hand.
func (*Rules) Start(h *game.Hand, _ game.Options) {
	h.Phase = game.PhaseAuction
	h.Turn = h.Dealer.Next(h.Seating.Seats)
}

// ParseCall implements game.Ruleset: P, X or XX.
func (*Rules) ParseCall(tok string) (cards.Call, error) {
	c, err := cards.ParseCall(tok)
	if err == nil && c.Kind == cards.Bid {
		return c, &cards.TokenError{Kind: cards.ErrBadCall, Token: tok,
			Reason: "Quinto has no bidding: each player in turn doubles (X), re-doubles an opponent's double (XX) or passes (P)"}
	}
	return c, err
}

// CallSpace implements game.Ruleset.
func (*Rules) CallSpace() []cards.Call {
	return []cards.Call{cards.PassCall, cards.DoubleCall, cards.RedoubleCall}
}

// Doubling is what the calls of a hand have settled: the doublings so far
// (0, 1 or 2) and who doubled first.
type Doubling struct {
	Doubled int
	Doubler cards.Seat
}

// DoublingOf reads the calls of h.
func DoublingOf(h *game.Hand) Doubling {
	d := Doubling{Doubler: cards.NoSeat}
	for _, c := range h.Calls {
		switch c.Call.Kind {
		case cards.Double:
			d.Doubled, d.Doubler = 1, c.Seat
		case cards.Redouble:
			d.Doubled = 2
		}
	}
	return d
}

// Call implements game.Ruleset: each player once, from the eldest hand; a
// double if nobody has doubled, a re-double of an opponent's double; after
// the fourth call the eldest hand leads (the nearest codes).
func (r *Rules) Call(h *game.Hand, c cards.Call, id events.ID) error {
	if h.Phase != game.PhaseAuction {
		return h.NotNow("a call cannot be made", c.String())
	}
	d := DoublingOf(h)
	tok := c.String()
	switch c.Kind {
	case cards.Pass:
	case cards.Double:
		if d.Doubled > 0 {
			return game.Illegal(tok, "the value of each trick has been doubled already: it may be doubled once, and re-doubled by an opponent of the doubler (XX)", TextDoubling)
		}
	case cards.Redouble:
		switch {
		case d.Doubled == 0:
			return game.Illegal(tok, "nobody has doubled: there is no double to re-double", TextDoubling)
		case d.Doubled == 2:
			return game.Illegal(tok, "the double has been re-doubled already: it may be re-doubled once", TextDoubling)
		case h.Seating.SideOf(d.Doubler) == h.Seating.SideOf(h.Turn):
			return game.Illegal(tok, fmt.Sprintf("%s doubled, and %s is his partner: only an opponent's double may be re-doubled", h.SeatName(d.Doubler), h.SeatName(h.Turn)), TextDoubling)
		}
	default:
		return game.Illegal(tok, "Quinto has no bidding: each player in turn doubles (X), re-doubles an opponent's double (XX) or passes (P)", TextDoubling)
	}
	h.Calls = append(h.Calls, game.CallEntry{Seat: h.Turn, Call: c, ID: id})
	h.Turn = h.Turn.Next(h.Seating.Seats)
	if len(h.Calls) < h.Seating.Seats {
		return nil
	}
	// The option has passed round the table once: the play begins.
	h.Contract = &game.Contract{Strain: cards.NoStrain, Doubled: DoublingOf(h).Doubled, Declarer: cards.NoSeat}
	h.StartPlay(h.Dealer.Next(h.Seating.Seats))
	return nil
}

// CheckPlay implements game.Ruleset: following suit, by the nearest code;
// the Quint Royal is of no suit, so it may be played to any trick, and a
// trick it leads has no suit to follow.
func (r *Rules) CheckPlay(h *game.Hand, seat cards.Seat, c cards.Card) error {
	if c == cards.Joker {
		return nil
	}
	return game.FollowSuit(h, seat, c, nil, LawFollow)
}

// TrickWinner implements game.Ruleset: the text breaks off before it says
// which card wins a trick, so hoyle does not name the winner: the table
// records who won it (hoyle won SEAT).
func (*Rules) TrickWinner(*game.Hand, *game.Trick) cards.Seat { return cards.NoSeat }

// ContractWords implements game.ContractWording: the value of each trick,
// and whether it was doubled; there is no trump that the text names.
func (*Rules) ContractWords(h *game.Hand) string {
	if h.Contract == nil {
		return "the doubling is not over"
	}
	switch v := TrickValue(h.Contract.Doubled); h.Contract.Doubled {
	case 1:
		return fmt.Sprintf("%d a trick, doubled", v)
	case 2:
		return fmt.Sprintf("%d a trick, re-doubled", v)
	default:
		return fmt.Sprintf("%d a trick", v)
	}
}

// CallWords implements game.PhaseWords: the calls before the play are the
// doubling.
func (*Rules) CallWords() (phase, doing string) { return "doubling", "to call" }
