package recorder

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// givenAnything reports whether spec gives cards by hand (hands by seat, a
// widow or a turn-up), as opposed to a shuffle.
func (spec DealSpec) givenAnything() bool {
	return spec.PBN != "" || len(spec.Hands) > 0 || spec.Widow != "" || spec.TurnUp != ""
}

// SeatOf finds a seat of the session by the game's name for it ("N",
// "north", "A") or, failing that, by the name of the player in it.
func SeatOf(s *projections.Session, name string) (cards.Seat, error) {
	seating := s.Seating()
	if seat, err := SeatByName(seating, name); err == nil {
		return seat, nil
	}
	for seat := range seating.Seats {
		if p := s.Player(cards.Seat(seat)); p != "" && strings.EqualFold(strings.TrimSpace(p), strings.TrimSpace(name)) {
			return cards.Seat(seat), nil
		}
	}
	return cards.NoSeat, &cards.TokenError{Kind: cards.ErrBadSeat, Token: name,
		Reason: fmt.Sprintf("the seats are %s (or the players' names)", strings.Join(seating.Names, ", "))}
}

// addGiven puts into d the cards spec gives by hand: hands by seat, the
// widow and the turned-up card. When every hand is given and the game deals
// a widow, the cards left over are the widow. A turned-up card is the
// dealer's last card, so a recorded dealer's hand must hold it.
func addGiven(s *projections.Session, spec DealSpec, dealer cards.Seat, d *table.Dealt) error {
	seating := s.Seating()
	if len(spec.Hands) > 0 {
		if d.Hands != nil {
			return game.Illegal("deal", "give the hands either as a PBN deal (--pbn) or seat by seat (--hand), not both", "")
		}
		d.Hands = make([]cards.Set, seating.Seats)
		keys := make([]string, 0, len(spec.Hands))
		for k := range spec.Hands {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		given := make([]bool, seating.Seats)
		for _, k := range keys {
			seat, err := SeatOf(s, k)
			if err != nil {
				return err
			}
			if given[seat] {
				return &cards.TokenError{Kind: cards.ErrBadDeal, Token: k, Reason: fmt.Sprintf("%s's hand is given twice", seating.Names[seat])}
			}
			h, err := cards.ParseHand(spec.Hands[k])
			if err != nil {
				return &cards.TokenError{Kind: cards.ErrBadDeal, Token: k + "=" + spec.Hands[k], Reason: fmt.Sprintf("%s's hand: %v", seating.Names[seat], err)}
			}
			if h == 0 {
				return &cards.TokenError{Kind: cards.ErrBadDeal, Token: k + "=" + spec.Hands[k], Reason: "a hand given has cards; leave out a seat whose hand is not known"}
			}
			given[seat], d.Hands[seat] = true, h
		}
	}
	if spec.Widow != "" {
		w, err := cards.ParseHand(spec.Widow)
		if err != nil {
			return &cards.TokenError{Kind: cards.ErrBadDeal, Token: spec.Widow, Reason: fmt.Sprintf("the widow: %v", err)}
		}
		d.Widow = w
	} else if d.Hands != nil && !d.Derived && s.Rules.Deal(s.Rules.Pack(), dealer).Widow != 0 {
		rest := cards.NewSet(s.Rules.Pack()...)
		complete := true
		for _, h := range d.Hands {
			complete = complete && h != 0
			rest &^= h
		}
		if complete {
			d.Widow = rest
		}
	}
	if spec.TurnUp != "" {
		c, err := cards.ParseCard(spec.TurnUp)
		if err != nil {
			return err
		}
		d.TurnUp = c
	}
	if d.TurnUp != cards.NoCard && int(dealer) < len(d.Hands) && d.Hands[dealer] != 0 && !d.Hands[dealer].Has(d.TurnUp) {
		return game.Illegal(d.TurnUp.String(), fmt.Sprintf("the card turned up is the dealer's last card, and %s (the dealer) does not hold it", seating.Names[dealer]), "")
	}
	return nil
}
