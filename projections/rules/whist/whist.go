// Package whist is Whist, in its two forms that hoyle's users play: English
// (short) whist for rubbers, and American duplicate whist, where the same
// deal is played at several tables and the results compared. There is no
// auction in either: the dealer's last card is turned up for trump (Foster,
// "The Whist Family", seeds file 003), and the eldest hand leads.
//
// English whist ("whist") follows the Laws of Short Whist, the code drawn up
// by J. L. Baldwin's committee at the Arlington Club and adopted with the
// Portland Club (1863-64), which the seeds name (003) but do not print. The
// laws cited are those of that code as printed in "Hoyle's Games
// Modernized" (ed. Professor Hoffmann, 1909; Project Gutenberg #39445),
// chapter Whist, "The Laws of Whist"; the text of laws 1-12 was read in a
// printed copy of the code (Google Books KR0CAAAAYAAJ, p. 61), law 74 in the
// 1909 edition:
//
//   - Law 1: the rubber is the best of three games; if the first two are won
//     by the same players, the third is not played.
//   - Law 2: a game is five points; each trick above six counts one.
//   - Law 3: honours are the ace, king, queen and knave of trumps; a side
//     holding the four scores four points, any three two, only two nothing.
//   - Law 4: players at the score of four when the deal begins cannot score
//     honours.
//   - Law 5: the revoke scores first, then tricks, honours last.
//   - Laws 6-7: honours must be claimed (hoyle counts them from a recorded
//     deal; otherwise the scorer records the claim).
//   - Law 8: the winners of a game gain a treble (three points) when their
//     adversaries have not scored, a double (two) when they have scored
//     less than three, a single (one) when they have three or four.
//   - Law 9: the winners of the rubber gain two rubber points besides.
//   - Law 10: in a rubber of three games the losers' game is deducted.
//   - Law 74: it is a revoke to play a card of another suit holding one of
//     the suit led.
//
// The score sheet of a whist rubber puts the points of each game (tricks and
// honours) below the line and what the rubber is worth (the games' values
// and the rubber points) above it; a side's Total is its points above the
// line, and the rubber's Points the difference (Law 10). The laws have no
// rule for a rubber left unfinished: its games stand at their value, with no
// rubber points, and the sheet says so.
//
// Duplicate whist ("duplicate-whist") follows the American Whist League's
// laws of Duplicate Whist, of which the seeds (002) give Laws IX-XI. Each
// deal is scored by the tricks each pair takes (the Americans "played for
// the tricks alone, the honours not being counted at all", 003); a board
// played more than once in a session (the single-table or mnemonic form of
// 002, or a team match at two tables recorded in one session) is compared
// play by play. The revoke penalty of Law X, Sec. 4 (two tricks
// transferred, one for each later revoke, with the pair-match averages)
// applies when a later issue records irregularities: until then a card that
// does not follow suit is refused. The seeds do not say which player deals a
// numbered board: hoyle takes the tray convention of the nearest code it
// has (the contract duplicate boards: North deals board 1, East board 2,
// and so on round the table).
package whist

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Laws cited by the rulesets.
const (
	LawRubber       = "Law 1"
	LawGame         = "Law 2"
	LawHonours      = "Law 3"
	LawAtFour       = "Law 4"
	LawPrecedence   = "Law 5"
	LawGameValue    = "Law 8"
	LawRubberPoints = "Law 9"
	LawThreeGames   = "Law 10"
	LawRevoke       = "Law 74"
	LawTurnUp       = "Foster's Complete Hoyle (1914), The Whist Family: the last card is turned up for the trump"
	LawDupRevoke    = "Duplicate Whist Law X"
	LawCompared     = "Duplicate Whist, as Foster's Complete Hoyle (1914) describes it: the same deal played at several tables and compared (Single table or Mnemonic duplicate)"
	LawCut          = "Law 35 of the Club code of Bridge (Hoyle's Games Modernized, 1909); the whist codes say nothing of the cut"
)

// Game IDs.
const (
	IDWhist     = "whist"
	IDDuplicate = "duplicate-whist"
)

// Rules is whist: English (rubbers) or duplicate (boards compared).
type Rules struct {
	game.FourHanded
	duplicate bool
}

// New returns English whist.
func New() *Rules {
	return &Rules{FourHanded: game.FourHanded{CutLaw: LawCut, RevokeLaw: LawRevoke}}
}

// Duplicate is duplicate whist: whist whose deals may be numbered boards.
type Duplicate struct {
	*Rules
}

// NewDuplicate returns duplicate whist.
func NewDuplicate() *Duplicate {
	return &Duplicate{&Rules{FourHanded: game.FourHanded{CutLaw: LawCut, RevokeLaw: LawDupRevoke}, duplicate: true}}
}

// Comparison implements game.ComparisonRules: duplicate whist compares
// each board by the tricks North-South took at each table, for
// nobody declares and the tricks are the score.
func (*Duplicate) Comparison() game.Comparison { return game.ByTricks }

// Info implements game.Ruleset.
func (r *Rules) Info() game.Info {
	if r.duplicate {
		return game.Info{
			ID:    IDDuplicate,
			Title: "Duplicate Whist",
			Code: "The American Whist League's laws of Duplicate Whist (Laws IX-XI, as Foster's Complete Hoyle, 1914, prints them), " +
				"scored by tricks and compared board by board",
		}
	}
	return game.Info{
		ID:    IDWhist,
		Title: "Whist",
		Code: "The Laws of Short Whist (Arlington and Portland Clubs, 1864), as printed in Hoyle's Games Modernized " +
			"(ed. Hoffmann, 1909; Project Gutenberg #39445): game of five, honours, treble/double/single, rubber points",
		Options: []game.OptionInfo{{Name: "we", Values: []string{"NS", "EW"},
			Summary: "the side written under WE on the score pad (the scorer's side)"}},
	}
}

// Deal implements game.Ruleset: one card at a time from the dealer's left;
// the last card, the dealer's, is turned up for trump.
func (r *Rules) Deal(pack []cards.Card, dealer cards.Seat) game.DealResult {
	d := game.DealRoundRobin(pack, dealer, 4)
	if len(pack) > 0 {
		d.TurnUp = pack[len(pack)-1]
	}
	return d
}

// CheckDeal implements game.Ruleset: thirteen cards a hand, and the trump
// card turned up must be recorded, since it makes the trump.
func (r *Rules) CheckDeal(d game.DealResult) error {
	if err := game.CheckHands(d, r.Pack(), 13); err != nil {
		return err
	}
	switch {
	case d.Widow != 0:
		return game.Illegal(d.Widow.PBN(), "whist has no widow: the whole pack is dealt", "")
	case d.TurnUp == cards.NoCard:
		return game.Illegal("deal", "record the trump card the dealer turned up (deal --turn-up CARD, or --seed)", LawTurnUp)
	case !cards.NewSet(r.Pack()...).Has(d.TurnUp):
		return game.Illegal(d.TurnUp.String(), "the card turned up is not in the whist pack", LawTurnUp)
	}
	return nil
}

// Start implements game.Ruleset: the suit of the card turned up is trumps,
// nobody declares, and the eldest hand leads at once.
func (r *Rules) Start(h *game.Hand, _ game.Options) {
	h.Contract = &game.Contract{Strain: cards.StrainOf(h.TurnUp.Suit()), Declarer: cards.NoSeat}
	h.StartPlay(h.Dealer.Next(h.Seating.Seats))
}

// ParseCall implements game.Ruleset; every call is then refused by Call.
func (*Rules) ParseCall(tok string) (cards.Call, error) { return cards.ParseCall(tok) }

// CallSpace implements game.Ruleset: whist has no calls.
func (*Rules) CallSpace() []cards.Call { return nil }

// Call implements game.Ruleset: there is no auction in whist.
func (*Rules) Call(h *game.Hand, c cards.Call, _ events.ID) error {
	return game.Illegal(c.String(), "there is no auction in whist: the trump is the card the dealer turned up", LawTurnUp)
}

// Board implements game.BoardRules for duplicate whist: the board's number
// fixes its dealer (North deals board 1, then round the table). Whist knows
// no vulnerability.
func (*Duplicate) Board(n int) (cards.Seat, cards.Vulnerability) {
	return cards.Seat((n - 1) % 4), cards.VulNone
}

// Duplicate whist is played by boards and compared by tricks; the compiler
// holds it to the interfaces that say so, so that a change of theirs is
// not missed in silence.
var (
	_ game.BoardRules      = (*Duplicate)(nil)
	_ game.ComparisonRules = (*Duplicate)(nil)
)

// Duplicate implements game.BoardRules: every deal of duplicate whist is a
// board.
func (*Duplicate) Duplicate(game.Options) bool { return true }

// Score implements game.Ruleset.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet {
	if r.duplicate {
		return scoreDuplicate(in)
	}
	return scoreRubbers(in)
}

// honoursHeld finds which side holds three or four of the trump A K Q J in
// a deal whose every hand is known (Law 3); ok is false when they are
// divided two and two.
func honoursHeld(trump cards.Suit, dealt []cards.Set, seating game.Seating) (side cards.Side, n int, ok bool) {
	var honours []cards.Card
	for r := cards.Jack; r <= cards.Ace; r++ {
		honours = append(honours, cards.NewCard(trump, r))
	}
	for sd, n := range game.CountHonours(honours, dealt, seating) {
		if n.Total >= 3 {
			return cards.Side(sd), n.Total, true
		}
	}
	return cards.NoSide, 0, false
}

// HonoursPoints is what a side's honours are worth (Law 3): four 4, three 2,
// fewer nothing.
func HonoursPoints(n int) int {
	switch {
	case n >= 4:
		return 4
	case n == 3:
		return 2
	}
	return 0
}

// CheckHonours checks honours claimed at the table (the recorder's
// HonoursRules): "4" or "3" for the side that held them, when the deal was
// not recorded. Duplicate whist does not count honours.
func (r *Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	switch {
	case r.duplicate:
		return "", game.Illegal(holding, "duplicate whist is played for the tricks alone: honours are not counted", "")
	case h == nil:
		return "", game.Illegal(holding, "no hand has been dealt", "")
	case side < 0 || int(side) >= h.Seating.SideCount():
		return "", game.Illegal(side.String(), "honours are held by NS or EW", "")
	case h.KnownAtDeal():
		return "", game.Illegal(holding, "the deal of this hand is recorded, so hoyle counts the honours itself", LawHonours)
	}
	var name string
	switch holding {
	case "4", "four":
		name = "4"
	case "3", "three":
		name = "3"
	case "2", "two":
		return "", game.Illegal(holding, "only two honours do not score", LawHonours)
	default:
		return "", &cards.TokenError{Kind: game.ErrBadHolding, Token: holding, Reason: "honours at whist are 4 or 3 (Law 3)"}
	}
	for other := range h.HonoursClaimed {
		if other != side {
			return "", game.Illegal(holding, fmt.Sprintf("%s have already claimed honours on this hand, and only one side can hold three or four; undo that claim first", other), LawHonours)
		}
	}
	return name, nil
}
