// Package auction1908 is Auction Bridge by the laws framed by a Joint
// Committee of the Portland and Bath Clubs, 1908, as "Hoyle's Games
// Modernized" (ed. Hoffmann, 1909) reprints them, "so far as they differ
// from the Laws of Bridge": laws 2, 11, 47-61, 70-71 and 90, with 4 and 62
// given in part. Every other law is "as in Bridge": the Club code of the
// same book, which projections/rules/bridge follows (its laws 17-108 are
// printed in the same book; laws 1-16, which the book's excerpt lacks,
// are taken from the same edition, as that package's doc says). Where
// this package cites a law "as in Bridge" it is that code's law of the
// same number.
//
// What the 1908 laws change:
//
//   - The declaration (47-61): the dealer must declare at least one odd
//     trick in a suit or at no trumps (47); each player in turn passes,
//     doubles, re-doubles or overcalls with a call of higher value, a
//     greater number of tricks in a suit of lower value counting as
//     higher when the values are equal (48: two spades overcall one club,
//     two diamonds one no trump); the partners who make the final call
//     play, the first of them to name its suit being the declarer (49);
//     any declaration may be doubled, and re-doubled once, but not by the
//     caller's partner (56); doubling re-opens the bidding (57) and
//     affects the score only (55); the play begins when all are satisfied
//     and the player on the declarer's left leads (60).
//   - The trick score (2, 4, 50): only the declarer who fulfils his
//     contract scores below the line, every trick above six at the value
//     of Bridge (law 4: spades 2, clubs 4, diamonds 6, hearts 8, no trumps
//     12), doubled and quadrupled when the declaration was doubled and
//     re-doubled (55, and Bridge law 53); a game is thirty by tricks (2).
//   - The premiums above the line: 50 an under-trick to the adversaries,
//     100 doubled, 200 re-doubled (50), at most 100 on a declaration of
//     one spade (51); 50 for a doubled contract made and 50 for each trick
//     over it, doubled when re-doubled (58); honours, chicane and slam as
//     in Bridge (laws 5-9); 250 to the winners of the rubber, whose value
//     is the difference of the totals (11).
//   - Irregularities: a declaration out of turn (52), an insufficient
//     call (53), a double out of turn (59), a card exposed before the
//     declaration is settled (70) or before the first lead (71), and the
//     revoke (90): 150 points above the line to the adversaries of a
//     declarer who revokes, and to a declarer whose adversary revokes 150
//     or three tricks, at his choice; a side that revokes scores nothing
//     on the hand but honours and chicane. Leads out of turn, exposed
//     cards in the play, cards played in error and the establishing of a
//     revoke are as in Bridge (laws 62-89, 91-108).
//
// The book prints "HINTS TO PLAYERS" after the laws; their worked figures
// (a doubled three hearts two down: 200, less 16 for simple honours in
// hearts) are the package's tests.
package auction1908

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// The laws of the declaration.
const (
	LawDealerDeclares = "Law 47"
	LawOvercall       = "Law 48"
	LawDeclarer       = "Law 49"
	LawDoubling       = "Law 56"
	LawCut            = "Law 35, as in Bridge"
	LawRevoke         = "Law 89, as in Bridge"
)

// TrickValue is the value of each trick above six in a strain (Law 4, "as
// in Bridge"): spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12.
func TrickValue(s cards.Strain) int { return bridge.TrickValue(s) }

// BidValue is what a declaration is worth in declaring: the tricks called
// times the trick value. Doubling does not change it (Law 55).
func BidValue(c cards.Call) int { return int(c.Level) * TrickValue(c.Strain) }

// Higher is Law 48: a call overcalls when it is of higher value, or of
// equal value and a greater number of tricks.
var Higher = game.ValueOvercall(TrickValue)

// strains are the declarations of Law 47: a trump suit, or no trumps.
var strains = []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.NoTrump}

// Rules is the ruleset.
type Rules struct {
	game.FourHanded
	// The auction (Start, ParseCall, Call, CallSpace, GiveContract) with
	// this code's laws.
	game.BridgeAuction
	game.RubberScoring // PBN and LIN (game.Interchange, with StandardContract)
	// bridge is the code whose laws this one adopts "as in Bridge": the
	// cut, the honours.
	bridge *bridge.Rules
}

// New returns the ruleset.
func New() *Rules {
	return &Rules{
		FourHanded: game.FourHanded{CutLaw: LawCut, RevokeLaw: LawRevoke},
		BridgeAuction: game.BridgeAuction{
			Higher:        Higher,
			HigherLaw:     LawOvercall,
			Strains:       strains,
			MaxLevel:      7,
			DealerMustBid: true,
			DealerLaw:     LawDealerDeclares,
			DealerPass: `by the "One-Spade" convention a dealer with nothing to declare calls one spade, ` +
				`whose loss is limited to 100 (Law 51; Hoyle's Games Modernized, 1909, Hints to Players)`,
			DoubleLaw:   LawDoubling,
			DeclarerLaw: LawDeclarer,
			Describe: func(c cards.Call) string {
				return fmt.Sprintf("%s (worth %d)", c, BidValue(c))
			},
		},
		RubberScoring: game.RubberScoring{Name: ScoringName},
		bridge:        bridge.New(),
	}
}

// Code is the code of laws, as `hoyle games` gives it.
const Code = "The Laws of Auction Bridge framed by the Portland and Bath Clubs, 1908, as reprinted in " +
	"Hoyle's Games Modernized (1909), laws 2, 11, 47-61, 70-71 and 90; the rest \"as in Bridge\", " +
	"the Club code in the same book (laws 1-108)"

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    "auction1908",
		Title: "Auction Bridge (1908)",
		Code:  Code,
		Options: []game.OptionInfo{{Name: "we", Values: []string{"NS", "EW"},
			Summary: "the side written under WE on the score pad (the scorer's side)"}},
	}
}

// Score implements game.Ruleset: the rubbers, by laws 1-11.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet { return rubberLaws.Score(in, HandEntries) }

// Fold implements game.Folding: the rubbers, a hand at a time.
func (r *Rules) Fold(_ game.Options, _ game.Seating, from *game.FoldState) (game.SheetFold, bool) {
	return rubberLaws.Fold(HandEntries, from)
}

// CutDealer implements game.CutRules: as in Bridge, the lowest deals, the
// ace lowest, and the two lowest play against the two highest (laws 17,
// 19, 20).
func (r *Rules) CutDealer(cuts []game.CutCard, opts game.Options) (cards.Seat, error) {
	return r.bridge.CutDealer(cuts, opts)
}

// CutRule implements game.CutRules.
func (r *Rules) CutRule(opts game.Options) string { return r.bridge.CutRule(opts) + ", as in Bridge" }

// Holdings implements game.HonoursHoldings: the honours of Bridge (laws 5-7).
func (r *Rules) Holdings(opts game.Options) ([]game.Holding, string) {
	hs, law := r.bridge.Holdings(opts)
	return hs, law + ", as in Bridge"
}

// CheckHonours implements game.HonoursRules: a claim of honours made at the
// table is checked as in Bridge, against the final declaration.
func (r *Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	return r.bridge.CheckHonours(h, side, holding)
}
