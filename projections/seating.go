package projections

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/movement"
)

// Who sits where, hand by hand. A session names its players when it is
// opened: seat by seat, or, in a game whose players move between hands
// (game.Sitter), place by place. Where the game (game.Reseater) or the
// event's movement moves them, each deal is followed by a deal.seated
// event that says who sits in each seat for that hand, so that every
// reader, a fold of the latest hand alone included, names the players as
// they sat. Who plays a seat's cards, where another does (a dummy's
// partner), is the hand's to say (game.Hand.Player): PlayerIn names him.

// Player is the name of the player in a seat on the latest hand (or, before
// the first, as the session was opened), or "": a seat nobody sits in, or
// a player not named.
func (s *Session) Player(seat cards.Seat) string {
	if h := s.Current(); h != nil {
		if name := s.rosterName(h, seat); name != "" {
			return name
		}
		return s.playerIn(h.Sitting, seat)
	}
	return s.playerIn(s.firstSitting(), seat)
}

// PlayerIn is the name of the player who plays seat's cards on hand h (the
// dummy's partner for a dummy; whoever sits there, where the players change
// seats), or "". With no hand, as the players sit before the first. Who
// sat where is the session's record of the hand numbered h's: a view of a
// moment folded before its deal.seated names the players as they sat.
func (s *Session) PlayerIn(h *game.Hand, seat cards.Seat) string {
	if h == nil {
		return s.name(s.firstSitting().Player(s.Seating().From(seat)))
	}
	if full := s.handNumbered(h.Number); full != nil {
		h = full
	}
	if name := s.rosterName(h, h.PlayedFrom(seat)); name != "" {
		return name
	}
	return s.name(h.Player(seat))
}

// SeatNamer names the player in a seat on a duplicate board, as the
// event's movement and roster seat them; "" when it cannot say.
type SeatNamer interface {
	SeatName(board int, seat cards.Seat) string
}

// rosterName is the Roster's name for seat on hand h's board, or "".
func (s *Session) rosterName(h *game.Hand, seat cards.Seat) string {
	if s.read.roster == nil || h == nil || h.Board == 0 || seat == cards.NoSeat {
		return ""
	}
	return s.read.roster.SeatName(h.Board, seat)
}

// SetRoster gives the session the names of the players who sat at its
// table on each board, as the event's movement seats its pairs and the
// event's record (projections/eventbook.Seats) names them: whoever loads
// the session with the event's record sets it. A name it gives is the
// seat's on that board; the session's own names stand where it gives none.
func (s *Session) SetRoster(r SeatNamer) { s.read.roster = r }

// Roster is what SetRoster set, or nil.
func (s *Session) Roster() SeatNamer { return s.read.roster }

// firstSitting is who sits where before the first hand: as the game seats
// its players at first (game.Reseater), else as the session named them.
func (s *Session) firstSitting() game.Sitting {
	if r, ok := s.Rules.(game.Reseater); ok {
		return r.Sitting(nil, s.Opened.Dealer, s.Opts)
	}
	return game.Sitting{}
}

// PlayerAt is the name of the player in a seat on hand n, as he sat then.
func (s *Session) PlayerAt(n int, seat cards.Seat) string {
	if h := s.handNumbered(n); h != nil {
		if name := s.rosterName(h, seat); name != "" {
			return name
		}
		return s.playerIn(h.Sitting, seat)
	}
	return s.Player(seat)
}

// playerIn names the player in seat under a sitting (the zero sitting: the
// player named for the seat).
func (s *Session) playerIn(sit game.Sitting, seat cards.Seat) string {
	return s.name(sit.Player(seat))
}

// name is the name of the session's player i, or "".
func (s *Session) name(i int) string {
	if i < 0 || i >= len(s.Opened.Players) {
		return ""
	}
	return s.Opened.Players[i]
}

// seatIn finds the seat of a player, by name, under a sitting.
func (s *Session) seatIn(sit game.Sitting, name string) (cards.Seat, bool) {
	for i, p := range s.Opened.Players {
		if p != "" && strings.EqualFold(strings.TrimSpace(p), strings.TrimSpace(name)) {
			seat := sit.SeatOf(i, s.Seating().Seats)
			return seat, seat != cards.NoSeat
		}
	}
	return cards.NoSeat, false
}

// NextSitting is who will sit where on the next hand, where the session
// can tell: always where the players keep their seats; where they move,
// only from the whole session (ok is false in a fold of the latest hand
// alone).
func (s *Session) NextSitting() (game.Sitting, bool) {
	number := 1
	if h := s.Current(); h != nil {
		number = h.Number + 1
	}
	sit, _, err := s.sittingFor(number)
	return sit, err == nil
}

// playersMove reports whether the players change seats between hands, by
// the game's rule (game.Reseater) or by the event's movement (a pivot or a
// progressive game): then who sits where next needs the earlier hands.
func (s *Session) playersMove() bool {
	_, reseats := s.Rules.(game.Reseater)
	plan, _ := s.Placement().Plan()
	return reseats || plan != nil && (plan.Kind == movement.Pivot || plan.Kind == movement.Progressive)
}

// sittingFor is who sits where on the next hand, if the game or the
// event's movement moves the players: the ruleset's sitting
// (game.Reseater), else the pivot's or a progressive game's. ok is false
// where the players sit as the session named them. It needs the whole
// session (the rubbers played, the hands annulled): a fold of the latest
// hand alone is told so.
func (s *Session) sittingFor(number int) (game.Sitting, bool, error) {
	r, reseats := s.Rules.(game.Reseater)
	if !s.playersMove() {
		return game.Sitting{}, false, nil
	}
	plan, _ := s.Placement().Plan()
	if s.Partial() || s.read.withoutHistory > 0 {
		return game.Sitting{}, false, game.ErrWholeSession
	}
	if reseats {
		sit := r.Sitting(s.Hands, s.Opened.Dealer, s.Opts)
		return sit, sit.Seated(), nil
	}
	seats := s.Seating().Seats
	sit := game.Sitting{Players: make([]int, seats)}
	tb, _ := s.Placement().TableNumber()
	switch {
	case plan.Kind == movement.Pivot && plan.Boards == 0:
		// The three move round the first dealer at the end of each rubber.
		sheet := s.Score()
		sit.Round = len(sheet.Rubbers) + 1
		if n := len(sheet.Rubbers); n > 0 && !sheet.Rubbers[n-1].Complete {
			sit.Round = n
		}
	default:
		// After every round of so many deals (compare counts the same way).
		sit.Round = plan.Round(number)
	}
	for seat := range seats {
		ot, os := plan.Origin(max(tb, 1), sit.Round, cards.Seat(seat), s.Opened.Dealer)
		sit.Players[seat] = int(os)
		if plan.Kind == movement.Progressive && ot != tb {
			// A pair come from another table: its players were named in
			// that table's session, not this one.
			sit.Players[seat] = game.NoPlayer
		}
	}
	return sit, true, nil
}

// applySeated folds a deal.seated: it follows the deal of its hand, before
// anything else is recorded in it, and seats each player of the session
// once at most.
func (s *Session) applySeated(h *game.Hand, p *table.Seated) error {
	switch {
	case h == nil:
		return game.Illegal("seated", "no hand has been dealt", "")
	case p.Hand != h.Number:
		return game.Illegal("seated", fmt.Sprintf("the seating is for hand %d; the hand dealt is %d", p.Hand, h.Number), "")
	case len(h.Calls) > 0 || h.Played != 0 || h.Phase == game.PhaseDone:
		return game.Illegal("seated", "who sits where is recorded with the deal, before the first call or card", "")
	case len(p.Players) != h.Seating.Seats:
		return game.Illegal("seated", fmt.Sprintf("the seating names %d seats; this game has %d", len(p.Players), h.Seating.Seats), "")
	}
	seen := map[int]bool{}
	for _, i := range p.Players {
		switch {
		case i == table.NoPlayer:
		case i < 0 || i >= len(s.Opened.Players):
			return game.Illegal("seated", fmt.Sprintf("the session has %d players; there is no player %d", len(s.Opened.Players), i+1), "")
		case seen[i]:
			return game.Illegal("seated", fmt.Sprintf("player %d is seated twice", i+1), "")
		}
		seen[i] = true
	}
	h.Sitting = game.Sitting{Players: append([]int(nil), p.Players...), Round: p.Round, Table: p.Table}
	return nil
}

// nameSides names a score sheet's own sides by their players: a player by
// his name, a pair by its label and its players' names ("A (Ann & Dan)"),
// a side none of whose players is named by its label.
func (s *Session) nameSides(sides []game.SheetSide) {
	for i := range sides {
		var names []string
		for _, p := range sides[i].Players {
			if n := strings.TrimSpace(s.name(p)); n != "" {
				names = append(names, n)
			}
		}
		switch {
		case len(names) == 0:
			sides[i].Name = sides[i].Label
		case len(sides[i].Players) == 1:
			sides[i].Name = names[0]
		default:
			sides[i].Name = sides[i].Label + " (" + strings.Join(names, " & ") + ")"
		}
	}
}

// namePlayers names the players of a sheet's shares (game.PlayerScore): by
// name, else by the place the session names him by (his seat, or a
// Sitter's place).
func (s *Session) namePlayers(sheet *game.ScoreSheet) {
	places := s.Seating().Names
	if sitter, ok := s.Rules.(game.Sitter); ok {
		places = sitter.Places(s.Opts)
	}
	name := func(ps []game.PlayerScore) {
		for i, p := range ps {
			ps[i].Name = strings.TrimSpace(s.name(p.Player))
			if ps[i].Name == "" && p.Player >= 0 && p.Player < len(places) {
				ps[i].Name = places[p.Player]
			}
		}
	}
	for _, r := range sheet.Rubbers {
		name(r.Players)
	}
	name(sheet.Players)
}
