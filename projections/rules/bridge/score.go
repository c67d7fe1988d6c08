package bridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// GamePoints is the trick score that wins a game (Law 2).
const GamePoints = 30

// RubberPoints is what the winners of a rubber add to their score (Law 11).
const RubberPoints = 100

// HandEntries scores one finished hand of Bridge (Laws 2-9): the tricks
// above six, to whichever side won them, below the line at the declared
// (and doubled) value; above the line the honours (from the deal, or as
// claimed at the table), Chicane and Slam. notes says what could not be
// counted.
func HandEntries(h *game.Hand) (entries []game.Entry, notes []string) { return New().HandEntries(h) }

// HandEntries scores one finished hand by the variant's rules: as Bridge,
// with the three tricks of a revoke going to the revoking side where the
// penalty is reversed (RevokeTaken).
func (r *Rules) HandEntries(h *game.Hand) (entries []game.Entry, notes []string) {
	c := h.Contract
	if h.Phase != game.PhaseDone || c == nil || h.Annulled {
		return nil, nil
	}
	rv, rnotes := handRevokes(h)
	if r.RevokeTaken != "" {
		for i := range rv.Transfers {
			rv.Transfers[i].To = h.Offending(rv.Transfers[i].Irregularity)
		}
	}
	notes = append(notes, rnotes...)
	won := game.ScoredWon(h, rv.Transfers)
	sides := []cards.Side{cards.NS, cards.EW}
	for _, sd := range sides {
		if odd := won[sd] - 6; odd > 0 {
			law, label := LawTrickValue, fmt.Sprintf("%d by cards at %s", odd, c.Strain.Name())
			if c.Doubled > 0 {
				law += ", " + LawDoubling
				label += fmt.Sprintf(", doubled %d times (%d a trick)", c.Doubled, DoubledValue(c.Strain, c.Doubled))
			}
			if n := won[sd] - h.Won[sd]; n > 0 {
				label += fmt.Sprintf("; %d of the tricks taken for a revoke", n)
				law += ", " + LawRevokePenalty
				if r.RevokeTaken != "" {
					law = LawTrickValue + ", " + r.RevokeTaken
				}
			}
			entries = append(entries, game.Entry{Hand: h.Number, Side: sd, Points: odd * DoubledValue(c.Strain, c.Doubled), Label: label, Law: law})
		}
	}
	v := RevokeTricks * DoubledValue(c.Strain, c.Doubled)
	penalties := len(entries) // the value of a revoke, deducted or added: a penalty, never reversed
	for _, irr := range rv.Deduct {
		entries = append(entries, game.Entry{Hand: h.Number, Side: h.Offending(irr), Points: -v,
			Label: fmt.Sprintf("the value of three tricks deducted for %s's revoke at trick %d", h.SeatName(irr.Seat), irr.Trick), Law: LawRevokePenalty})
	}
	for _, irr := range rv.Add {
		entries = append(entries, game.Entry{Hand: h.Number, Side: 1 - h.Offending(irr), Points: v,
			Label: fmt.Sprintf("the value of three tricks added for %s's revoke at trick %d", h.SeatName(irr.Seat), irr.Trick), Law: LawRevokePenalty})
	}
	known := h.DealKnown()
	switch {
	case known:
		sd, holding, ok := DealHonours(c.Strain, h.Dealt, h.Seating)
		if ok {
			entries = append(entries, honoursEntry(h, sd, holding))
		}
		for claimer, claimed := range h.HonoursClaimed {
			if !ok || claimer != sd || claimed != holding {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed %s, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, claimer, claimed))
			}
		}
		for _, seat := range Chicane(c.Strain, h.Dealt) {
			entries = append(entries, game.Entry{Hand: h.Number, Side: h.Seating.SideOf(seat), Above: true,
				Points: 2 * TrickValue(c.Strain), Label: fmt.Sprintf("Chicane (%s holds no trump)", h.SeatName(seat)), Law: LawChicane})
		}
	case len(h.HonoursClaimed) > 0:
		for _, sd := range sides {
			if holding, ok := h.HonoursClaimed[sd]; ok {
				entries = append(entries, honoursEntry(h, sd, holding))
			}
		}
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded; honours as claimed, Chicane not counted", h.Number))
	default:
		notes = append(notes, fmt.Sprintf("hand %d: the deal was not recorded and no honours were claimed; honours and Chicane not counted", h.Number))
	}
	for _, sd := range sides {
		if rv.Revoked[sd] {
			continue // "the side revoking cannot score ... Grand Slam or Little Slam, that hand" (Law 90 V)
		}
		// Slams count the tricks won in play: "Grand Slam or Little Slam
		// ... is reckoned independently of any tricks taken for the revoke
		// penalty" (Law 9).
		switch h.Won[sd] {
		case 13:
			entries = append(entries, game.Entry{Hand: h.Number, Side: sd, Above: true, Points: 40, Label: "Grand Slam", Law: LawSlam})
		case 12:
			entries = append(entries, game.Entry{Hand: h.Number, Side: sd, Above: true, Points: 20, Label: "Little Slam", Law: LawSlam})
		}
	}
	if r.Reversed != "" {
		for i := range entries {
			if i >= penalties && i < penalties+len(rv.Deduct)+len(rv.Add) {
				continue
			}
			e := &entries[i]
			e.Label += ", made by " + h.SideName(e.Side)
			e.Side = 1 - e.Side
			e.Law += "; " + r.Reversed
		}
	}
	return entries, notes
}

// handRevokes is what the established revokes of a hand do to its score
// by Law 90: three tricks, or their value deducted or added; the side
// penalized cannot score game or slam that hand, nor go above 28.
func handRevokes(h *game.Hand) (game.TricksOrValue, []string) {
	rv := h.TricksOrValue(RevokeTricks)
	var notes []string
	for _, irr := range rv.Unchosen {
		notes = append(notes, fmt.Sprintf("hand %d: %s's revoke at trick %d is established, and the adversaries have not chosen the penalty (hoyle penalty tricks, deduct or add); not scored unless they choose it before the cards are cut for the next deal", h.Number, h.SeatName(irr.Seat), irr.Trick))
	}
	if len(rv.Revoked) == 2 {
		notes = append(notes, fmt.Sprintf("hand %d: both sides revoked: neither can win the game by that hand (%s)", h.Number, LawBothRevoke))
	}
	return rv, notes
}

func honoursEntry(h *game.Hand, sd cards.Side, holding string) game.Entry {
	pts, _ := HonoursValue(h.Contract.Strain, holding)
	law := LawHonours
	if h.Contract.Strain == cards.NoTrump {
		law = LawAces
	}
	return game.Entry{Hand: h.Number, Side: sd, Above: true, Points: pts, Label: HoldingLabel(h.Contract.Strain, holding), Law: law}
}

// Rubbers folds the finished hands into rubbers, each hand scored by
// entries: a game is 30 by tricks, the rubber the best of three games, and
// its winners add 100 (Laws 1, 2, 11). Part scores do not carry from one
// game into the next.
func (r *Rules) Rubbers(in game.ScoreInput, entriesOf func(*game.Hand) ([]game.Entry, []string)) game.ScoreSheet {
	return r.RubbersBetween(in, entriesOf, nil)
}

// RubbersBetween is Rubbers for a rubber between other sides than the
// hands' own: sidesOf gives, for each hand, the rubber's side of its
// North-South and of its East-West (Six-hand Bridge: a pair deals at one
// hand of a rubber and defends at the next). nil keeps the hands' sides.
func (r *Rules) RubbersBetween(in game.ScoreInput, entriesOf func(*game.Hand) ([]game.Entry, []string), sidesOf func(*game.Hand) [2]cards.Side) game.ScoreSheet {
	f, _ := r.RubbersFold(entriesOf, sidesOf, nil)
	return game.FoldScore(f, in)
}
