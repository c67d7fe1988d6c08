package table

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// TypeTrickWon is the type of TrickWon.
const TypeTrickWon = "play.trick_won"

func init() {
	events.Register(events.TypeInfo{Name: TypeTrickWon, Schema: 1, New: func() events.Payload { return &TrickWon{} },
		Doc: "who won a trick, as the table says, in a game whose laws as printed do not say which card wins it"})
}

// TrickWon records who won a trick whose four cards are played, where the
// game's laws as hoyle has them do not settle it (Quinto: the text breaks
// off before it says which card wins a trick). Trick is its number in the
// hand, from 1; Seat the player who won it, who leads to the next.
type TrickWon struct {
	Trick int        `json:"trick"`
	Seat  cards.Seat `json:"seat"`
}

// EventType implements events.Payload.
func (*TrickWon) EventType() string { return TypeTrickWon }

// MarshalWire implements events.Payload.
func (p *TrickWon) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(p.Trick))
	e.Seat(p.Seat)
}

// UnmarshalWire implements events.Payload.
func (p *TrickWon) UnmarshalWire(d *events.Decoder) error {
	p.Trick = int(d.Uint())
	p.Seat = d.Seat()
	return d.Err()
}
