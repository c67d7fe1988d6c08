package bridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// LawForcedMake is where the rule for a declaration made by rule comes
// from. Foster's Complete Hoyle (1914) sends King's Bridge and Double
// Dummy Bridge to "the mechanical rules given in Bridge for Three", a
// chapter that is not in the text hoyle follows; the nearest published rule
// of the period is the one for a declaration passed to the dummy in
// Three-handed Bridge, which the Encyclopaedia Britannica (11th edition,
// 1911, "Bridge", Other Forms of Bridge) gives.
const LawForcedMake = "the forced declaration of Three-handed Bridge, Encyclopaedia Britannica (11th ed., 1911), \"Bridge\": " +
	"three or four aces, no trumps; else the longest suit; of suits equal in length, the one with most pips (ace 11, king, queen and knave 10); " +
	"equal in both, the one whose trick is worth more"

// pips counts a card's pips as the forced declaration counts them: the
// ace eleven, the king, queen and knave ten each, the others their spots.
func pips(r cards.Rank) int {
	switch {
	case r == cards.Ace:
		return 11
	case r >= cards.Ten:
		return 10
	}
	return int(r)
}

// Forced is the declaration a hand of thirteen cards must make when it is
// made by rule: no trumps with three or four aces; otherwise the longest
// suit, and of suits equal in length the one with the most pips, and of
// those equal in both the one whose trick is worth the most (hearts, then
// diamonds, clubs, spades: Law 4). why says in words which rule decided.
func Forced(hand cards.Set) (strain cards.Strain, why string) {
	aces := 0
	for _, u := range []cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs} {
		if hand.Has(cards.NewCard(u, cards.Ace)) {
			aces++
		}
	}
	if aces >= 3 {
		return cards.NoTrump, fmt.Sprintf("he holds %d aces", aces)
	}
	type suit struct {
		s         cards.Strain
		len, pips int
	}
	// From the suit worth most a trick to the least (hearts, diamonds,
	// clubs, spades: Law 4), so that of suits equal in length and pips the
	// first is the one to name.
	var suits []suit
	for _, s := range []cards.Strain{cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs, cards.StrainSpades} {
		u, _ := s.Trump()
		p := 0
		for _, c := range hand.Suit(u).Cards() {
			p += pips(c.Rank())
		}
		suits = append(suits, suit{s, hand.Suit(u).Len(), p})
	}
	best := suits[0]
	for _, x := range suits[1:] {
		if x.len > best.len || x.len == best.len && x.pips > best.pips {
			best = x
		}
	}
	longest, strongest := 0, 0
	for _, x := range suits {
		if x.len == best.len {
			longest++
			if x.pips == best.pips {
				strongest++
			}
		}
	}
	switch {
	case longest == 1:
		return best.s, fmt.Sprintf("his longest suit is %s (%d cards)", best.s.Name(), best.len)
	case strongest == 1:
		return best.s, fmt.Sprintf("of his longest suits (%d cards), %s has the most pips (%d)", best.len, best.s.Name(), best.pips)
	}
	return best.s, fmt.Sprintf("of his longest suits (%d cards, %d pips), %s is worth most a trick", best.len, best.pips, best.s.Name())
}

// checkForced checks the declaration the dealer left to his partner, where
// the variant has it made by rule (ForcedMake): when the partner's cards
// were recorded, his declaration must be the one the rule gives. Without
// them the rule cannot be checked, and the declaration is taken as made.
func (r *Rules) checkForced(h *game.Hand, c cards.Call) error {
	seat := h.Turn
	if r.ForcedMake == "" || !h.Known(seat) {
		return nil
	}
	want, why := Forced(h.Dealt[seat])
	if c.Strain == want {
		return nil
	}
	return game.Illegal(c.String(), fmt.Sprintf("the declaration left to %s is made by rule, not by choice: %s, so it is %s",
		h.SeatName(seat), why, want.Name()), r.ForcedMake)
}
