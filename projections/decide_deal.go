package projections

import (
	"fmt"
	"slices"
	"sort"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// DealSpec says how a hand was dealt. With PBN the hands are given; with a
// Seed the shuffle is recorded (and its permutation) and the hands derived
// from it and the Cut; with neither the hands are not recorded.
type DealSpec struct {
	PBN   string
	Seed  *uint64
	Cut   *int
	Board int // duplicate board: fixes the dealer and vulnerability
	// Hands gives hands seat by seat, for a game of any seating: the key
	// is the seat as the game names it ("N", "A") or the name of the
	// player in it, the value a PBN hand ("AKQ2.K2.A3.AQ432", "+JK" adds
	// the Joker). Seats left out are not recorded. Not with PBN.
	Hands map[string]string
	// Widow is the widow as a PBN hand. When every hand is given (by PBN
	// or Hands) and the game deals a widow, the cards left over are it.
	Widow string
	// TurnUp is the card turned up for trump (whist): the dealer's last.
	TurnUp string
	// Of gives Hands to hand Of, already dealt, instead of dealing: the
	// cards as they were turned up after the play. A spec that gives only
	// Hands while a hand is in progress gives them to it.
	Of int
}

// NextDeal is the board (0: none) and the dealer of the hand a plain deal
// records next: in a duplicate session the next board, dealt by that
// board's dealer (board 1 by North), whatever the last hand's rotation
// says; otherwise no board, and NextDealer.
func (s *Session) NextDeal() (board int, dealer cards.Seat) {
	if !s.PlaysBoards() {
		return 0, s.NextDealer
	}
	board = 1
	if h := s.Current(); h != nil {
		board = h.Number + 1
		if h.Board != 0 {
			board = h.Board + 1
		}
	}
	dealer = s.NextDealer
	if br, ok := s.Rules.(game.BoardRules); ok {
		dealer, _ = br.Board(board)
	}
	return board, dealer
}

// DecideDeal records the next deal: the hands given, or a shuffle (with
// its cut) from which they are derived, or nothing about the cards.
func (s *Session) DecideDeal(stamp Stamp, spec DealSpec) ([]events.Event, error) {
	onlyHands := len(spec.Hands) > 0 && spec.PBN == "" && spec.Seed == nil && spec.Cut == nil && spec.Board == 0 && spec.Widow == "" && spec.TurnUp == ""
	if h := s.Current(); spec.Of == 0 && onlyHands && h != nil && h.Phase != game.PhaseDone && !s.Closed {
		spec.Of = h.Number
	}
	if spec.Of != 0 {
		if !onlyHands {
			return nil, game.Illegal("deal", fmt.Sprintf("hand %d is dealt already: give only its hands (--hand SEAT=HAND)", spec.Of), "")
		}
		return s.decideHandsOf(stamp, spec.Of, spec.Hands)
	}
	if s.Partial() && (spec.Board != 0 || s.PlaysBoards()) && !s.boardsSuffice() {
		// A board is the same deal each time it is played: judged on every
		// board the session has dealt, not on its latest hand.
		return nil, game.ErrWholeSession
	}
	if err := s.movementBoard(&spec); err != nil {
		return nil, err
	}
	var out []events.Event
	dealer := s.NextDealer
	number := 1
	if h := s.Current(); h != nil {
		number = h.Number + 1
	}
	br, hasBoards := s.Rules.(game.BoardRules)
	if spec.Board == 0 && s.PlaysBoards() {
		// A duplicate session's hands are boards: the next one.
		spec.Board, _ = s.NextDeal()
	}
	d := &table.Dealt{Hand: number, Board: spec.Board}
	switch {
	case spec.Board < 0:
		return nil, game.Illegal(fmt.Sprint(spec.Board), "a board number is 1 or more", "")
	case spec.Board > 0 && !hasBoards:
		return nil, game.Illegal(fmt.Sprint(spec.Board), s.Rules.Info().Title+" is not played by duplicate boards", "")
	case spec.Board > 0:
		dealer, d.Vul = br.Board(spec.Board)
	}
	d.Dealer = dealer
	sit, seated, err := s.sittingFor(number)
	if err != nil {
		return nil, err
	}
	pack := s.Rules.Pack()
	switch {
	case spec.givenAnything() && spec.Seed != nil:
		return nil, game.Illegal("deal", "give either the cards (--pbn, --hand, --widow, --turn-up) or a shuffle (--seed), not both", "")
	case spec.PBN != "":
		if !s.Seating().Compass {
			return nil, game.Illegal(spec.PBN, "a PBN deal names four compass seats; this game is not played by compass seats", "")
		}
		deal, err := cards.ParseDeal(spec.PBN)
		if err != nil {
			return nil, err
		}
		if got := deal.Cards().Len(); got != len(pack) {
			return nil, game.Illegal(spec.PBN, fmt.Sprintf("the deal has %d cards; the pack has %d", got, len(pack)), "")
		}
		d.Hands = deal
	case spec.Seed != nil:
		perm := Shuffle(*spec.Seed, len(pack))
		ev, err := s.propose(stamp, &table.Shuffled{By: dealer, Seeded: true, Seed: *spec.Seed, Permutation: perm})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
		top := 0
		if spec.Cut != nil {
			top = *spec.Cut
			ev, err := s.propose(stamp, &table.Cut{By: dealer.Plus(-1, s.Seating().Seats), Top: top})
			if err != nil {
				return nil, err
			}
			out = append(out, ev)
		}
		dr := game.DealWith(s.Rules, Arrange(pack, perm, top), dealer, s.Opts)
		d.Hands, d.Widow, d.TurnUp, d.Derived = dr.Hands, dr.Widow, dr.TurnUp, true
	case spec.Cut != nil:
		ev, err := s.propose(stamp, &table.Cut{By: dealer.Plus(-1, s.Seating().Seats), Top: *spec.Cut})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	if err := s.addGiven(spec, dealer, sit, d); err != nil {
		return nil, err
	}
	s.sameCards(d)
	ev, err := s.propose(stamp, d)
	if err != nil {
		return nil, err
	}
	out = append(out, ev)
	if seated {
		ev, err := s.propose(stamp, &table.Seated{Hand: number, Players: sit.Players, Round: sit.Round, Table: sit.Table})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// sameCards writes into a deal of a board played before in the session,
// given no cards, the cards of its first deal: the fold would fill them in
// anyway, and with them in the event a fold of the latest hand alone
// (load.Tail) needs nothing older than the deal.
func (s *Session) sameCards(d *table.Dealt) {
	first := s.firstDeal(d.Board)
	if d.Board == 0 || first == nil || !allUnknown(d.Hands) || d.Widow != 0 || d.TurnUp != cards.NoCard {
		return
	}
	if allUnknown(first.Dealt) && first.Widow == 0 && first.TurnUp == cards.NoCard {
		return
	}
	d.Hands = slices.Clone(first.Dealt)
	d.Widow, d.TurnUp = first.Widow, first.TurnUp
}

// boardsSuffice reports whether a partial fold knows enough to deal a
// board: the first deal of every board (KnowBoards), and no movement, whose
// rounds are judged on every hand the table has played (movementBoard).
func (s *Session) boardsSuffice() bool {
	if s.read.boards.raw == nil {
		return false
	}
	plan, err := s.Placement().Plan()
	return err == nil && (plan == nil || !plan.Duplicate())
}

// PlaysBoards reports whether the session's hands are duplicate boards.
func (s *Session) PlaysBoards() bool {
	br, ok := s.Rules.(game.BoardRules)
	return ok && br.Duplicate(s.Opts)
}

// givenAnything reports whether spec gives cards by hand (hands by seat, a
// widow or a turn-up), as opposed to a shuffle.
func (spec DealSpec) givenAnything() bool {
	return spec.PBN != "" || len(spec.Hands) > 0 || spec.Widow != "" || spec.TurnUp != ""
}

// addGiven puts into d the cards spec gives by hand: hands by seat, the
// widow and the turned-up card. When every hand is given and the game deals
// a widow, the cards left over are the widow. A turned-up card is the
// dealer's last card, so a recorded dealer's hand must hold it.
func (s *Session) addGiven(spec DealSpec, dealer cards.Seat, sit game.Sitting, d *table.Dealt) error {
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
			seat, err := s.seatOfIn(sit, k) // the players as they sit for this hand
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
	if d.TurnUp == cards.NoCard || int(dealer) >= len(d.Hands) || d.Hands[dealer] == 0 {
		return nil
	}
	// Where the game deals the card turned up to the dealer (whist: his
	// last), his hand must hold it; where it belongs to nobody (Thirteen
	// and the Odd: "the trump card belongs to neither player"), no hand.
	pack := s.Rules.Pack()
	sample := s.Rules.Deal(pack, dealer)
	dealers := sample.TurnUp == cards.NoCard || sample.Hands[dealer].Has(sample.TurnUp)
	switch {
	case dealers && !d.Hands[dealer].Has(d.TurnUp):
		return game.Illegal(d.TurnUp.String(), fmt.Sprintf("the card turned up is the dealer's last card, and %s (the dealer) does not hold it", seating.Names[dealer]), "")
	case !dealers:
		for seat, h := range d.Hands {
			if h.Has(d.TurnUp) {
				return game.Illegal(d.TurnUp.String(), fmt.Sprintf("the card turned up belongs to no hand, and %s holds it", seating.Names[seat]), "")
			}
		}
	}
	return nil
}

// CutSpec is one player's cut for deal as the scorer gives it: the seat
// as the game names it ("N", "A") or the player's name, and the card.
type CutSpec struct {
	Seat string
	Card string
}

// DecideCutForDeal records the cut for deal before the first hand: each
// player's card, and the dealer it gives by the session's code of laws
// (the ruleset's game.CutRules), who then deals the first hand. A cut the
// law does not settle (a tie it has cut again), a card cut twice, a seat
// left out or named twice, a game without a cut for deal, or a cut after
// the first hand is refused, and nothing is recorded.
func (s *Session) DecideCutForDeal(stamp Stamp, cuts []CutSpec) ([]events.Event, error) {
	p, err := s.cutEvent(cuts)
	if err != nil {
		return nil, err
	}
	return s.proposeOne(stamp, p)
}

// cutEvent reads a cut for deal against the session and settles its
// dealer by the session's laws: the event DecideCutForDeal records.
func (s *Session) cutEvent(cuts []CutSpec) (*table.CutForDeal, error) {
	cr, ok := s.Rules.(game.CutRules)
	if !ok {
		return nil, game.Illegal("cut for deal", s.Rules.Info().Title+" has no cut for deal in hoyle: the session names the first dealer (new --dealer)", "")
	}
	switch {
	case len(s.Hands) > 0:
		return nil, game.Illegal("cut for deal", "the cut for deal comes before the first hand, and hand 1 has been dealt", "")
	case s.Closed:
		return nil, game.Illegal("cut for deal", "the session is closed", "")
	}
	for _, st := range s.Steps {
		if c, ok := st.Data.(*table.CutForDeal); ok {
			dealer := c.Dealer.String()
			if c.Dealer >= 0 && int(c.Dealer) < len(s.Seating().Names) {
				dealer = s.Seating().Names[c.Dealer]
			}
			return nil, game.Illegal("cut for deal", fmt.Sprintf("the cut for deal is already recorded (%s deals); undo it to record another", dealer), "")
		}
	}
	seating := s.Seating()
	given := map[cards.Seat]string{}
	var gc []game.CutCard
	for _, c := range cuts {
		seat, err := s.SeatOf(c.Seat)
		if err != nil {
			return nil, err
		}
		if first, twice := given[seat]; twice {
			return nil, game.Illegal(c.Seat+"="+c.Card, fmt.Sprintf("%s's cut is given twice (as %s and %s): each player cuts one card", seating.Names[seat], first, c.Seat), "")
		}
		given[seat] = c.Seat
		card, err := cards.ParseCard(c.Card)
		if err != nil {
			return nil, err
		}
		gc = append(gc, game.CutCard{Seat: seat, Card: card})
	}
	dealer, err := cr.CutDealer(gc, s.Opts)
	if err != nil {
		return nil, err
	}
	p := &table.CutForDeal{Dealer: dealer}
	for _, c := range gc {
		p.Cuts = append(p.Cuts, table.SeatCard{Seat: c.Seat, Card: c.Card})
	}
	// By seat, so that the same cut is the same event however it was typed.
	sort.Slice(p.Cuts, func(i, j int) bool { return p.Cuts[i].Seat < p.Cuts[j].Seat })
	return p, nil
}

// decideHandsOf gives hands to hand n after its deal: each must agree with
// the cards its seat has played (the fold checks it).
func (s *Session) decideHandsOf(stamp Stamp, n int, hands map[string]string) ([]events.Event, error) {
	if s.handNumbered(n) == nil {
		if s.Partial() && n >= 1 {
			return nil, game.ErrWholeSession // an earlier hand than this fold holds
		}
		return nil, game.Illegal(fmt.Sprint(n), fmt.Sprintf("there is no hand %d in this session", n), "")
	}
	keys := make([]string, 0, len(hands))
	for k := range hands {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []events.Event
	for _, k := range keys {
		seat, err := s.seatOfIn(s.handNumbered(n).Sitting, k) // the players as they sat for hand n
		if err != nil {
			return nil, err
		}
		h, err := cards.ParseHand(hands[k])
		if err != nil {
			return nil, &cards.TokenError{Kind: cards.ErrBadDeal, Token: k + "=" + hands[k], Reason: fmt.Sprintf("%s's hand: %v", s.Seating().Names[seat], err)}
		}
		ev, err := s.propose(stamp, &table.HandGiven{Hand: n, Seat: seat, Cards: h})
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}
