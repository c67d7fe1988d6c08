package projections

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// DecideTrickWon records who won the trick whose cards are all played,
// where the session's laws do not say which card wins it (Quinto's text
// breaks off first): who is a seat or a player's name. The laws refuse it
// where no trick waits for its winner.
func (s *Session) DecideTrickWon(stamp Stamp, who string) ([]events.Event, error) {
	seat, err := s.SeatOf(who)
	if err != nil {
		return nil, err
	}
	h := s.Current()
	if h == nil {
		return nil, game.Illegal("won", "no hand has been dealt yet; record the deal first", "")
	}
	return s.proposeOne(stamp, &table.TrickWon{Trick: len(h.Tricks), Seat: seat})
}
