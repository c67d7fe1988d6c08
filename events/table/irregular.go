package table

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// The irregularities: what happened at the table against the laws, recorded
// as it happened rather than refused. Each says only what was done (a card
// played out of turn, a call that does not overcall, a card dropped face
// up); which irregularity it is, which law governs it and what the remedy
// is are for the session's code of laws to judge (projections/game), as
// for every other event.
const (
	TypeIrregularCall     = "auction.irregular_call"
	TypeIrregularPlay     = "play.irregular_card"
	TypeExposed           = "play.exposed"
	TypeRenounceCorrected = "play.renounce_corrected"
	TypeNewDeal           = "deal.new_deal"
	TypePenalty           = "irregularity.penalty"
)

// irregularTypes is the one list of the irregularities' event types: the
// fold makes each undoable and a replay stops at each, so a new
// irregularity added here is known to both.
var irregularTypes = []string{TypeIrregularCall, TypeIrregularPlay, TypeExposed, TypeRenounceCorrected, TypeNewDeal, TypePenalty}

// IrregularTypes lists the event types of the irregularities and their
// remedy, in the order they are declared. The slice is the caller's.
func IrregularTypes() []string { return append([]string(nil), irregularTypes...) }

// IsIrregular reports whether an event type is one of the irregularities'
// (a card or call made against the laws, an exposure, a correction, a new
// deal, a remedy).
func IsIrregular(typ string) bool {
	for _, t := range irregularTypes {
		if t == typ {
			return true
		}
	}
	return false
}

func init() {
	reg := func(name, doc string, newFn func() events.Payload) {
		events.Register(events.TypeInfo{Name: name, Schema: 1, New: newFn, Doc: doc})
	}
	reg(TypeIrregularCall, "a call made against the laws (out of turn, insufficient, impossible, a double of partner...), recorded as made", func() events.Payload { return &IrregularCall{} })
	reg(TypeIrregularPlay, "a card played against the laws (a renounce in error, a lead or play out of turn, a card from the wrong hand), recorded as played", func() events.Payload { return &IrregularPlay{} })
	reg(TypeExposed, "cards exposed or dropped face up", func() events.Payload { return &Exposed{} })
	reg(TypeRenounceCorrected, "a renounce in error corrected before it was established: the card is withdrawn", func() events.Payload { return &RenounceCorrected{} })
	events.Register(events.TypeInfo{Name: TypeNewDeal, Schema: 2, New: func() events.Payload { return &NewDeal{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastNewDealV1},
		Doc:       "a new deal demanded (or a misdeal): the hand is void and dealt again"})
	reg(TypePenalty, "the remedy chosen for an irregularity", func() events.Payload { return &Penalty{} })
}

// IrregularCall records a call as it was made, although the laws forbid it:
// Seat is who made it, whether or not it was his turn.
type IrregularCall struct {
	Seat cards.Seat `json:"seat"`
	Call cards.Call `json:"call"`
}

// EventType implements events.Payload.
func (*IrregularCall) EventType() string { return TypeIrregularCall }

// MarshalWire implements events.Payload.
func (p *IrregularCall) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Call(p.Call)
}

// UnmarshalWire implements events.Payload.
func (p *IrregularCall) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Call = d.Call()
	return d.Err()
}

// IrregularPlay records a card as it was played, although the laws forbid
// it: Seat is the hand it came from (dummy's, for a card of dummy's), By who
// played it when that was someone else than the player of that hand (dummy
// himself, or an adversary, playing dummy's card); NoSeat otherwise.
type IrregularPlay struct {
	Seat cards.Seat `json:"seat"`
	Card cards.Card `json:"card"`
	By   cards.Seat `json:"by"`
}

// EventType implements events.Payload.
func (*IrregularPlay) EventType() string { return TypeIrregularPlay }

// MarshalWire implements events.Payload.
func (p *IrregularPlay) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Card(p.Card)
	e.Seat(p.By)
}

// UnmarshalWire implements events.Payload.
func (p *IrregularPlay) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Card = d.Card()
	p.By = d.Seat()
	return d.Err()
}

// Exposed records cards of a seat's hand exposed: dropped face up, shown,
// or played two at a time.
type Exposed struct {
	Seat  cards.Seat   `json:"seat"`
	Cards []cards.Card `json:"cards"`
}

// EventType implements events.Payload.
func (*Exposed) EventType() string { return TypeExposed }

// MarshalWire implements events.Payload.
func (p *Exposed) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Cards(p.Cards)
}

// UnmarshalWire implements events.Payload.
func (p *Exposed) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Cards = d.Cards()
	return d.Err()
}

// RenounceCorrected records a renounce in error corrected in time: the
// card Seat renounced with is withdrawn from the trick (what it becomes,
// and what the others who played after him may do, is the code's).
type RenounceCorrected struct {
	Seat cards.Seat `json:"seat"`
	Card cards.Card `json:"card"`
}

// EventType implements events.Payload.
func (*RenounceCorrected) EventType() string { return TypeRenounceCorrected }

// MarshalWire implements events.Payload.
func (p *RenounceCorrected) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Card(p.Card)
}

// UnmarshalWire implements events.Payload.
func (p *RenounceCorrected) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Card = d.Card()
	return d.Err()
}

// NewDeal records a new deal demanded for the hand in progress, with the
// reason given at the table ("a card faced in the pack"): the hand is void.
// Misdeal says the dealer misdealt, which in some codes loses him the deal
// (Short Whist: "A misdeal loses the deal").
type NewDeal struct {
	Reason  string `json:"reason"`
	Misdeal bool   `json:"misdeal,omitempty"`
}

// EventType implements events.Payload.
func (*NewDeal) EventType() string { return TypeNewDeal }

// MarshalWire implements events.Payload.
// Schema 2 adds the misdeal flag after the reason.
func (p *NewDeal) MarshalWire(e *events.Encoder) {
	e.String(p.Reason)
	e.Bool(p.Misdeal)
}

// UnmarshalWire implements events.Payload.
func (p *NewDeal) UnmarshalWire(d *events.Decoder) error {
	p.Reason = d.String()
	p.Misdeal = d.Bool()
	return d.Err()
}

// upcastNewDealV1 reads a new deal of schema 1, the reason alone: it was
// not a misdeal (there was no way to say so).
func upcastNewDealV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &NewDeal{Reason: d.String()}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// Penalty records the remedy chosen for an irregularity by those the laws
// give the choice (the non-offending side, usually): Target is the event
// of the offence (the irregular card or call, the exposure; for a revoke
// found in the record, the card renounced with), Choice the code's name of
// the remedy ("tricks", "accept", "call-card"), and Card or Suit what it
// names, when it names one (NoCard, NoSuit otherwise).
type Penalty struct {
	Target events.ID  `json:"target"`
	Choice string     `json:"choice"`
	Card   cards.Card `json:"card,omitempty"`
	Suit   cards.Suit `json:"suit"`
}

// EventType implements events.Payload.
func (*Penalty) EventType() string { return TypePenalty }

// MarshalWire implements events.Payload.
func (p *Penalty) MarshalWire(e *events.Encoder) {
	e.Raw(p.Target[:])
	e.String(p.Choice)
	e.Card(p.Card)
	e.Byte(byte(p.Suit))
}

// UnmarshalWire implements events.Payload.
func (p *Penalty) UnmarshalWire(d *events.Decoder) error {
	p.Target = d.ID()
	p.Choice = d.String()
	p.Card = d.Card()
	p.Suit = cards.Suit(d.Byte())
	if d.Err() == nil && p.Suit > cards.NoSuit {
		return events.ErrCorrupt
	}
	return d.Err()
}
