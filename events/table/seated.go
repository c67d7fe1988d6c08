package table

import "github.com/hoyle/hoyle/events"

// TypeSeated is the stable type name of Seated.
const TypeSeated = "deal.seated"

func init() {
	events.Register(events.TypeInfo{Name: TypeSeated, Schema: 1, New: func() events.Payload { return &Seated{} },
		Doc: "who sits in each seat for the hand just dealt, where players move between hands"})
}

// NoPlayer is the player of a seat nobody sits in (a dummy in a holder).
const NoPlayer = -1

// Seated records who sits in each seat for the hand just dealt, in a
// session whose players do not keep one seat each: the game moves them
// (Six-hand Bridge's six players at two tables, King's Bridge's change of
// partners, English Dummy's and Mort's new seats at each rubber or game),
// or seats fewer players than hands (Draw Bridge's two), or the event's
// movement does (the pivot, a progressive game). It follows the
// deal.dealt of its hand.
//
// Players lists, by seat, the player in it as an index into the
// session.opened's Players, or NoPlayer. Where the session named its
// players seat by seat, a hand with no player of its own that moves with
// them (English Dummy's dummy) has the index of its seat, named "". Round is the round of the
// rotation the hand is played in (from 1; 0 when there is none) and Table
// the table of the session's it is played at (Six-hand Bridge's two ends;
// 0 when there is one).
type Seated struct {
	Hand    int   `json:"hand"`
	Players []int `json:"players"`
	Round   int   `json:"round,omitempty"`
	Table   int   `json:"table,omitempty"`
}

// EventType implements events.Payload.
func (*Seated) EventType() string { return TypeSeated }

// MarshalWire implements events.Payload.
func (p *Seated) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(p.Hand))
	e.Uint(uint64(len(p.Players)))
	for _, i := range p.Players {
		e.Int(int64(i))
	}
	e.Uint(uint64(p.Round))
	e.Uint(uint64(p.Table))
}

// UnmarshalWire implements events.Payload.
func (p *Seated) UnmarshalWire(d *events.Decoder) error {
	p.Hand = int(d.Uint())
	n := d.Len(1)
	p.Players = make([]int, 0, n)
	for range n {
		p.Players = append(p.Players, int(d.Int()))
	}
	p.Round = int(d.Uint())
	p.Table = int(d.Uint())
	return d.Err()
}
