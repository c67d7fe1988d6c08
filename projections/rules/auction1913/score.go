package auction1913

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The laws each score-sheet entry cites, so that a write-up can explain
// every figure.
const (
	LawTricks      = "Laws 3 and 47: every trick over six, at the strain's value"
	LawTricksDbl   = "Laws 3, 47 and 53: every trick over six at the strain's value, doubled ×2, redoubled ×4"
	LawUnder       = "Law 47a: 50 a trick short of the contract, to the adversaries; doubled 100, redoubled 200"
	LawOneSpade    = "Law 48: the dealer's original one spade loses at most 100, doubled or not, unless redoubled"
	LawDoubledMade = "Law 56: 50 for a doubled contract made and 50 a trick over it; redoubled 100 and 100"
	LawHonours     = "Laws 5, 6 and 9: honours to the original holders, by Foster's TABLE OF HONOUR VALUES, never doubled"
	LawSlam        = "Law 7: slam, thirteen tricks, 40"
	LawLittleSlam  = "Law 8: little slam, twelve tricks, 20"
	LawRubber      = "Laws 1 and 10: 250 to the winners of two games"
	LawUnfinished  = "Law 11: a rubber unfinished by agreement is made up as it stands, 125 to the winners of a game"
)

// GamePoints is what a side must make by tricks alone to win a game (Law 4).
const GamePoints = 30

// RubberPoints is the rubber's premium (Law 10), and UnfinishedGamePoints
// what a game won counts in a rubber left unfinished (Law 11).
const (
	RubberPoints         = 250
	UnfinishedGamePoints = 125
)

// tricksInHand is the thirteen tricks of the 1913 game, of which a slam is
// all (Law 7) and a little slam twelve (Law 8).
const tricksInHand = 13

// HandEntries scores one finished hand by the 1913 laws: the trick score
// below the line when the declarer makes his contract (Law 47, every trick
// over six counting, not only those bid), the bonus for a doubled contract
// made (Law 56), or the under-tricks to the adversaries (Laws 47a and 48);
// honours to their holders whether or not the contract is made (Laws 5, 6,
// 9); and slams (Laws 7 and 8) to the side that takes the tricks, except a
// declarer who has failed, who "scores nothing but honours as actually
// held" (Foster, PENALTIES). It also returns notes for the scorer (honours
// not counted). A hand not finished, or without a contract, scores nothing.
func HandEntries(h *game.Hand) ([]game.Entry, []string) {
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return nil, nil
	}
	c := h.Contract
	decl := h.Seating.SideOf(c.Declarer)
	adv := 1 - decl
	rv := handRevokes(h)
	won := game.ScoredWon(h, rv.transfers)[decl]
	odd := won - 6
	var es []game.Entry
	var notes []string
	add := func(side cards.Side, above bool, points int, label, law string) {
		es = append(es, game.Entry{Hand: h.Number, Side: side, Above: above, Points: points, Label: label, Law: law})
	}
	made := odd >= c.Level
	switch {
	case len(rv.declarer) > 0:
		// "If the declarer revokes he cannot score anything but honours
		// as actually held, while the adversaries take 100 points penalty
		// in the honour column, in addition to any they may be entitled
		// to for defeating the declaration" (Foster, The Revoke).
		if !made {
			es = append(es, underTricks(h, c, adv, c.Level-odd)...)
		}
	case made:
		mult, law := 1, LawTricks
		switch c.Doubled {
		case 1:
			mult, law = 2, LawTricksDbl
		case 2:
			mult, law = 4, LawTricksDbl
		}
		label := tricksLabel(odd, c)
		if n := won - h.Won[decl]; n > 0 {
			label += fmt.Sprintf("; %d of the tricks taken in penalty for %s", n, rv.offenders(h, rv.tricks))
			law += "; " + FosterRevoke + ": tricks taken in penalty count toward the contract"
		}
		add(decl, false, odd*TrickValue(c.Strain)*mult, label, law)
		if c.Doubled > 0 && len(rv.tricks) == 0 {
			unit := 50 * c.Doubled // 50 doubled, 100 redoubled
			extra := odd - c.Level
			label := "doubled contract made"
			if c.Doubled > 1 {
				label = "redoubled contract made"
			}
			if extra > 0 {
				label += fmt.Sprintf(", %d extra trick", extra)
				if extra > 1 {
					label += "s"
				}
			}
			add(decl, true, unit*(1+extra), label, LawDoubledMade)
		}
		if c.Doubled > 0 && len(rv.tricks) > 0 {
			notes = append(notes, fmt.Sprintf("hand %d: no bonus for the doubled contract: tricks were taken in penalty, not in play (%s)", h.Number, FosterRevoke))
		}
	case len(rv.adverse) > 0:
		// "If an adversary revokes, they score honours only."
	default:
		es = append(es, underTricks(h, c, adv, c.Level-odd)...)
	}
	for _, irr := range rv.declarer {
		add(adv, true, RevokePoints, fmt.Sprintf("%s revoked at trick %d: %d to the adversaries", h.SeatName(irr.Seat), irr.Trick, RevokePoints), FosterRevoke)
	}
	for _, irr := range rv.points {
		add(decl, true, RevokePoints, fmt.Sprintf("%s revoked at trick %d: the declarer takes %d", h.SeatName(irr.Seat), irr.Trick, RevokePoints), FosterRevoke)
	}
	for _, irr := range h.Irregular {
		if irr.Kind != game.KindBadDouble || !irr.Chose("points") {
			continue
		}
		pts := DoublePartnerPoints
		if (&Rules{BridgeAuction: New().BridgeAuction}).RedoubledTwice(h, irr) {
			pts = RedoubleTwicePoints
		}
		add(1-h.Offending(irr), true, pts, fmt.Sprintf("%s %s", h.SeatName(irr.Seat), strings.TrimPrefix(irr.What, h.SeatName(irr.Seat)+" ")), LawBadDouble)
	}
	notes = append(notes, rv.notes...)
	es2, hnotes := honourEntries(h)
	es = append(es, es2...)
	notes = append(notes, hnotes...)
	for _, side := range []cards.Side{decl, adv} {
		if side == decl && (!made || len(rv.declarer) > 0) || side == adv && len(rv.adverse) > 0 {
			continue
		}
		// Slams count the tricks won in play: "either score must be
		// exclusive of revoke penalties" (Foster, Slams).
		switch h.Won[side] {
		case tricksInHand:
			add(side, true, 40, "slam", LawSlam)
		case tricksInHand - 1:
			add(side, true, 20, "little slam", LawLittleSlam)
		}
	}
	return es, notes
}

// underTricks are the adversaries' entry for a contract that failed by
// short tricks (Laws 47a and 48).
func underTricks(h *game.Hand, c *game.Contract, adv cards.Side, short int) []game.Entry {
	unit := 50
	switch c.Doubled {
	case 1:
		unit = 100
	case 2:
		unit = 200
	}
	points, law := short*unit, LawUnder
	if dealersOneSpade(h) && c.Doubled < 2 && points > 100 {
		points, law = 100, LawOneSpade
	}
	label := fmt.Sprintf("%d under-trick", short)
	if short > 1 {
		label += "s"
	}
	if c.Doubled == 1 {
		label += ", doubled"
	} else if c.Doubled == 2 {
		label += ", redoubled"
	}
	return []game.Entry{{Hand: h.Number, Side: adv, Above: true, Points: points, Label: label, Law: law}}
}

// revokes is what the established revokes of a hand do to its score
// (Foster, The Revoke).
type revokes struct {
	declarer  []*game.Irregularity // by the declarer: he scores honours only; 100 to the adversaries
	adverse   []*game.Irregularity // by an adversary, with a penalty chosen: they score honours only
	tricks    []*game.Irregularity // ... and the declarer took three tricks
	points    []*game.Irregularity // ... and the declarer took 100
	transfers []game.RevokeTransfer
	notes     []string
}

func handRevokes(h *game.Hand) revokes {
	var rv revokes
	decl := h.DeclaringSide()
	for _, irr := range h.Revokes() {
		switch {
		case irr.Seat == h.Dummy:
		case irr.Seat == h.Contract.Declarer:
			rv.declarer = append(rv.declarer, irr)
		case irr.Chose("tricks"):
			rv.adverse, rv.tricks = append(rv.adverse, irr), append(rv.tricks, irr)
			rv.transfers = append(rv.transfers, game.RevokeTransfer{Irregularity: irr, To: decl, Tricks: RevokeTricks})
		case irr.Chose("points"):
			rv.adverse, rv.points = append(rv.adverse, irr), append(rv.points, irr)
		default:
			rv.notes = append(rv.notes, fmt.Sprintf("hand %d: %s's revoke at trick %d is established, and the declarer has not chosen his penalty (hoyle penalty tricks or points); not scored unless he chooses it before the cards are cut for the next deal", h.Number, h.SeatName(irr.Seat), irr.Trick))
		}
	}
	return rv
}

// offenders names the players of revokes: "B's revoke".
func (rv revokes) offenders(h *game.Hand, irrs []*game.Irregularity) string {
	var names []string
	for _, irr := range irrs {
		names = append(names, fmt.Sprintf("%s's revoke", h.SeatName(irr.Seat)))
	}
	return strings.Join(names, " and ")
}

func tricksLabel(odd int, c *game.Contract) string {
	strain := c.Strain.Name()
	if c.Strain == cards.NoTrump {
		strain = "no trump"
	}
	s := fmt.Sprintf("%d by cards at %s, %d a trick", odd, strain, TrickValue(c.Strain))
	switch c.Doubled {
	case 1:
		s += ", doubled"
	case 2:
		s += ", redoubled"
	}
	return s
}

// dealersOneSpade reports whether the contract is the dealer's original
// declaration of one spade (Law 48): one spade is the lowest declaration,
// so a contract of one spade can only be the dealer's opening, left in.
func dealersOneSpade(h *game.Hand) bool {
	c := h.Contract
	if c.Level != 1 || c.Strain != cards.StrainSpades || len(h.Calls) == 0 {
		return false
	}
	first := h.Calls[0]
	return first.Seat == h.Dealer && first.Call == cards.NewBid(1, cards.StrainSpades) && c.Declarer == h.Dealer
}

// honourEntries are the honours of hand h: counted from the deal when every
// hand was recorded, else as claimed at the table (score.honours_claimed).
func honourEntries(h *game.Hand) ([]game.Entry, []string) {
	s := h.Contract.Strain
	entry := func(side cards.Side, holding string) (game.Entry, bool) {
		points, ok := HonoursValue(s, holding)
		return game.Entry{Hand: h.Number, Side: side, Above: true, Points: points, Label: HoldingLabel(s, holding), Law: LawHonours}, ok
	}
	if h.DealKnown() {
		side, holding, ok := DealHonours(s, h.Dealt, h.Seating)
		var notes []string
		for claimer, claimed := range h.HonoursClaimed {
			if !ok || claimer != side || claimed != holding {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed %s, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, claimer, claimed))
			}
		}
		if !ok {
			return nil, notes
		}
		e, _ := entry(side, holding)
		return []game.Entry{e}, notes
	}
	var es []game.Entry
	var notes []string
	for side := range cards.Side(h.Seating.SideCount()) {
		holding, claimed := h.HonoursClaimed[side]
		if !claimed {
			continue
		}
		if e, ok := entry(side, holding); ok {
			es = append(es, e)
		} else {
			notes = append(notes, fmt.Sprintf("hand %d: %s claimed %q, which is not a holding at %s; not scored", h.Number, side, holding, s.Name()))
		}
	}
	if len(es) == 0 && len(notes) == 0 && s != cards.NoTrump {
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded and no honours were claimed; one side always holds three trump honours, record them with hoyle honours", h.Number))
	}
	return es, notes
}

// rubberLaws are the rubber of the 1913 code: a game is 30 by tricks
// (Law 4), the rubber two games won (Law 1), 250 to its winners (Law 10),
// who lose the excess when the losers' total is the larger (Law 10); a
// rubber left unfinished by agreement is made up as it stands, 125 to
// each side for each game it has won (Law 11).
var rubberLaws = game.RubberLaws{
	GamePoints: GamePoints, RubberPoints: RubberPoints, RubberLaw: LawRubber, ExcessLaw: "Law 10",
	UnfinishedPoints: UnfinishedGamePoints, UnfinishedLaw: LawUnfinished,
	UnfinishedNote: "unfinished: play stopped by agreement and the score was made up as it stood (Law 11)",
}

// score folds the session's finished hands into rubbers (Laws 1, 4, 10
// and 11).
func score(in game.ScoreInput) game.ScoreSheet { return rubberLaws.Score(in, HandEntries) }
