package auction1908

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
)

// The laws each score-sheet entry cites.
const (
	LawTricks      = "Laws 2, 4 and 50: every trick over six, at the value of Bridge (law 4), to a declarer who fulfils his contract"
	LawTricksDbl   = "Laws 2, 4, 50 and 55: every trick over six at the value of Bridge, doubled ×2, re-doubled ×4 (as in Bridge, law 53)"
	LawUnder       = "Law 50: 50 a trick short of the number declared, to the adversaries; doubled 100, re-doubled 200"
	LawOneSpade    = "Law 51: the loss on a declaration of One Spade is limited to 100 in respect of tricks, whether doubled or not"
	LawDoubledMade = "Law 58: 50 for a doubled declaration fulfilled and 50 for every additional trick; re-doubled, the bonus doubled"
	LawHonours     = "Laws 5 and 6, as in Bridge: honours to their holders, at the trick's value undoubled"
	LawAces        = "Law 7, as in Bridge: at no trumps the aces"
	LawChicane     = "Law 8, as in Bridge: a player holding no trump scores Chicane, twice the trick's value"
	LawSlam        = "Law 9, as in Bridge: Grand Slam, thirteen tricks, 40; Little Slam, twelve, 20"
	LawRubber      = "Laws 1 and 11: 250 to the winners of the rubber"
	LawRevokeScore = "Law 90"
)

// GamePoints is the game: thirty points by tricks alone (Law 2).
const GamePoints = 30

// RubberPoints is what the winners of the rubber add (Law 11).
const RubberPoints = 250

// tricksInHand is the thirteen tricks of the game, of which Grand Slam is
// all and Little Slam twelve (Law 9, as in Bridge).
const tricksInHand = 13

// rubberLaws: the rubber is the best of three games (Law 1, as in Bridge),
// a game thirty by tricks (Law 2), and its winners add 250; the difference
// of the totals is what the winners win, or lose (Law 11). Neither this
// code nor Bridge has a law for a rubber left unfinished.
var rubberLaws = game.RubberLaws{
	GamePoints: GamePoints, RubberPoints: RubberPoints, RubberLaw: LawRubber, ExcessLaw: "Law 11",
	UnfinishedNote: "the rubber was not finished; neither the Auction laws of 1908 nor the Club code of Bridge they " +
		"follow has a law for an unfinished rubber, so its points stand as scored, without the 250 that Law 11 " +
		"gives only to the winners of a rubber",
}

// HandEntries scores one finished hand: the trick score below the line
// when the declarer fulfils his contract (Laws 2, 4, 50, 55); else 50,
// 100 or 200 an under-trick to the adversaries (Laws 50 and 51); the
// bonus for a doubled contract made (Law 58); honours and chicane to their
// holders and slams to the side that takes them, as in Bridge (Laws 5-9);
// and the revoke (Law 90). notes says what the scorer should know.
func HandEntries(h *game.Hand) ([]game.Entry, []string) {
	if h.Phase != game.PhaseDone || h.Contract == nil || h.Annulled {
		return nil, nil
	}
	c := h.Contract
	decl := h.DeclaringSide()
	adv := 1 - decl
	rv := handRevokes(h)
	won := game.ScoredWon(h, rv.transfers)[decl]
	odd, played := won-6, h.Won[decl]-6
	var es []game.Entry
	add := func(side cards.Side, above bool, points int, label, law string) {
		es = append(es, game.Entry{Hand: h.Number, Side: side, Above: above, Points: points, Label: label, Law: law})
	}
	made := odd >= c.Level
	switch {
	case made && !rv.revoked[decl]:
		mult, law := 1<<c.Doubled, LawTricks
		if c.Doubled > 0 {
			law = LawTricksDbl
		}
		label := tricksLabel(odd, c)
		if n := won - h.Won[decl]; n > 0 {
			label += fmt.Sprintf("; %d of the tricks taken in penalty for a revoke", n)
			law += "; " + LawRevokeScore + ": tricks taken as penalty may assist the declarer to fulfil his contract"
		}
		add(decl, false, odd*TrickValue(c.Strain)*mult, label, law)
		// "Such tricks, taken as penalty, ... shall not entitle him to
		// score any bonus above the line" (Law 90 b): the bonus of Law 58
		// counts the tricks won in play.
		if c.Doubled > 0 && played >= c.Level {
			extra := played - c.Level
			label := "doubled contract made"
			if c.Doubled > 1 {
				label = "re-doubled contract made"
			}
			if extra > 0 {
				label += fmt.Sprintf(", %d extra trick%s", extra, plural(extra))
			}
			add(decl, true, 50*c.Doubled*(1+extra), label, LawDoubledMade)
		}
	case !made && !rv.revoked[adv]:
		add(adv, true, underPoints(h, c.Level-odd), underLabel(c, c.Level-odd), underLaw(h, c.Level-odd))
	}
	for _, irr := range rv.declarer {
		add(adv, true, RevokePoints, fmt.Sprintf("%s, the declarer, revoked at trick %d: %d to the adversaries", h.SeatName(irr.Seat), irr.Trick, RevokePoints), LawRevokeScore+"(a)")
	}
	for _, irr := range rv.points {
		add(decl, true, RevokePoints, fmt.Sprintf("%s revoked at trick %d: the declarer takes %d", h.SeatName(irr.Seat), irr.Trick, RevokePoints), LawRevokeScore+"(b)")
	}
	notes := rv.notes
	es2, hnotes := honours(h)
	es = append(es, es2...)
	notes = append(notes, hnotes...)
	for _, side := range []cards.Side{cards.NS, cards.EW} {
		if rv.revoked[side] {
			continue // "Under no circumstances can a side score anything ... except for Honours or Chicane" (Law 90)
		}
		// Slams count the tricks won in play: tricks taken as penalty
		// assist the declarer "to fulfil his contract" (Law 90 b).
		switch h.Won[side] {
		case tricksInHand:
			add(side, true, 40, "Grand Slam", LawSlam)
		case tricksInHand - 1:
			add(side, true, 20, "Little Slam", LawSlam)
		}
	}
	return es, notes
}

// underPoints is what the adversaries score for a declaration that failed
// by short tricks: 50, 100 or 200 a trick (Law 50), and no more than 100
// on One Spade, whether doubled or not (Law 51).
func underPoints(h *game.Hand, short int) int {
	points := short * 50 << h.Contract.Doubled
	if oneSpade(h.Contract) && points > 100 {
		return 100
	}
	return points
}

func underLaw(h *game.Hand, short int) string {
	if oneSpade(h.Contract) && short*50<<h.Contract.Doubled > 100 {
		return LawOneSpade
	}
	return LawUnder
}

func underLabel(c *game.Contract, short int) string {
	label := fmt.Sprintf("%d under-trick%s", short, plural(short))
	switch c.Doubled {
	case 1:
		label += ", doubled"
	case 2:
		label += ", re-doubled"
	}
	return label
}

// oneSpade: the declaration of Law 51. One spade is the lowest call, so
// only the dealer can make it (Law 47), and it is the final declaration
// only if nobody overcalled it.
func oneSpade(c *game.Contract) bool { return c.Level == 1 && c.Strain == cards.StrainSpades }

func tricksLabel(odd int, c *game.Contract) string {
	s := fmt.Sprintf("%d by cards at %s, %d a trick", odd, c.Strain.Name(), TrickValue(c.Strain)<<c.Doubled)
	switch c.Doubled {
	case 1:
		s += ", doubled"
	case 2:
		s += ", re-doubled"
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// honours are the honours and chicane of hand h, as in Bridge (laws 5-8):
// counted from the deal when every hand is known, else as claimed at the
// table; chicane only from a known deal.
func honours(h *game.Hand) ([]game.Entry, []string) {
	s := h.Contract.Strain
	entry := func(side cards.Side, holding string) (game.Entry, bool) {
		points, ok := bridge.HonoursValue(s, holding)
		law := LawHonours
		if s == cards.NoTrump {
			law = LawAces
		}
		return game.Entry{Hand: h.Number, Side: side, Above: true, Points: points, Label: bridge.HoldingLabel(s, holding), Law: law}, ok
	}
	var es []game.Entry
	var notes []string
	if h.DealKnown() {
		side, holding, ok := bridge.DealHonours(s, h.Dealt, h.Seating)
		if ok {
			e, _ := entry(side, holding)
			es = append(es, e)
		}
		for claimer, claimed := range h.HonoursClaimed {
			if !ok || claimer != side || claimed != holding {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed %s, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, claimer, claimed))
			}
		}
		for _, seat := range bridge.Chicane(s, h.Dealt) {
			es = append(es, game.Entry{Hand: h.Number, Side: h.Seating.SideOf(seat), Above: true, Points: 2 * TrickValue(s),
				Label: fmt.Sprintf("Chicane (%s holds no trump)", h.SeatName(seat)), Law: LawChicane})
		}
		return es, notes
	}
	for _, side := range []cards.Side{cards.NS, cards.EW} {
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
	switch {
	case len(es) > 0:
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded; honours as claimed, Chicane not counted", h.Number))
	case len(notes) == 0:
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded and no honours were claimed; honours and Chicane not counted (record honours with hoyle honours)", h.Number))
	}
	return es, notes
}
