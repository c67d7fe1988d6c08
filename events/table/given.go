package table

import (
	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// What the scorer learns without seeing it happen: a contract and a result
// known from a traveller rather than from the auction and the play, a hand
// shown after the play, the tags of an imported record that hoyle keeps but
// does not fold, and where a session was imported from.
const (
	TypeContractGiven = "auction.contract"
	TypeResultGiven   = "play.result"
	TypeHandGiven     = "deal.hand"
	TypeTagsKept      = "record.tags"
	TypeSourceNoted   = "session.source"
)

func init() {
	reg := func(name, doc string, newFn func() events.Payload) {
		events.Register(events.TypeInfo{Name: name, Schema: 1, New: newFn, Doc: doc})
	}
	events.Register(events.TypeInfo{Name: TypeContractGiven, Schema: 2, New: func() events.Payload { return &ContractGiven{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastContractGivenV1},
		Doc:       "the contract as a traveller or a file gives it, without (or against) the auction"})
	reg(TypeResultGiven, "the tricks each side took, as a traveller gives them, without the play", func() events.Payload { return &ResultGiven{} })
	reg(TypeHandGiven, "a hand added or corrected after the deal (after the play showed it)", func() events.Payload { return &HandGiven{} })
	reg(TypeTagsKept, "the tags of an imported record that hoyle keeps for the round trip", func() events.Payload { return &TagsKept{} })
	reg(TypeSourceNoted, "where an imported session came from, record by record", func() events.Payload { return &SourceNoted{} })
}

// ContractGiven settles the current hand's contract without the auction:
// a result-only entry (hoyle result 4SX N 9), or an imported record whose
// auction is missing or disagrees with its own Contract and Declarer tags.
// Bid is the final bid (a Pass call: the hand was passed out), Doubled 0,
// 1 or 2, Declarer who plays it. Calls is the auction as the source gave
// it, when it gave one; Inconsistent says why it could not be the auction
// of this contract ("the auction makes North declarer; the Declarer tag
// says East"), and is empty when it could. First is who made the first of
// Calls when the source says so and it is not the dealer (a PBN Auction
// section names its first seat, and a careless file names the wrong one):
// nil is the dealer.
//
// Schema 2 added First; a contract given in schema 1 is read through its
// upcaster, its calls from the dealer.
type ContractGiven struct {
	Bid          cards.Call   `json:"bid"`
	Doubled      int          `json:"doubled,omitempty"`
	Declarer     cards.Seat   `json:"declarer"`
	Calls        []cards.Call `json:"calls,omitempty"`
	Inconsistent string       `json:"inconsistent,omitempty"`
	First        *cards.Seat  `json:"first,omitempty"`
}

// EventType implements events.Payload.
func (*ContractGiven) EventType() string { return TypeContractGiven }

// MarshalWire implements events.Payload: schema 2.
func (p *ContractGiven) MarshalWire(e *events.Encoder) {
	e.Call(p.Bid)
	e.Uint(uint64(p.Doubled))
	e.Seat(p.Declarer)
	e.Uint(uint64(len(p.Calls)))
	for _, c := range p.Calls {
		e.Call(c)
	}
	e.String(p.Inconsistent)
	first := cards.NoSeat
	if p.First != nil {
		first = *p.First
	}
	e.Seat(first)
}

// UnmarshalWire implements events.Payload: schema 2.
func (p *ContractGiven) UnmarshalWire(d *events.Decoder) error {
	p.unmarshalV1(d)
	if first := d.Seat(); first != cards.NoSeat {
		p.First = &first
	}
	return d.Err()
}

// unmarshalV1 reads the fields of schema 1, which schema 2 begins with.
func (p *ContractGiven) unmarshalV1(d *events.Decoder) {
	p.Bid = d.Call()
	p.Doubled = int(d.Uint())
	p.Declarer = d.Seat()
	n := d.Len(3)
	for range n {
		p.Calls = append(p.Calls, d.Call())
	}
	p.Inconsistent = d.String()
}

// upcastContractGivenV1 reads a contract given in schema 1, before First:
// its calls, if any, are from the dealer. The stored bytes are not
// rewritten: the event's hash covers them.
func upcastContractGivenV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &ContractGiven{}
	p.unmarshalV1(d)
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// ResultGiven ends the current hand with the tricks each side took, as a
// traveller or a file gives them, without the play: Won lists them by side
// (North-South, East-West; at Five Hundred by player).
type ResultGiven struct {
	Won []int `json:"won"`
}

// EventType implements events.Payload.
func (*ResultGiven) EventType() string { return TypeResultGiven }

// MarshalWire implements events.Payload.
func (p *ResultGiven) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(len(p.Won)))
	for _, n := range p.Won {
		e.Uint(uint64(n))
	}
}

// UnmarshalWire implements events.Payload.
func (p *ResultGiven) UnmarshalWire(d *events.Decoder) error {
	n := d.Len(1)
	for range n {
		p.Won = append(p.Won, int(d.Uint()))
	}
	return d.Err()
}

// HandGiven adds a seat's hand to hand number Hand after its deal, or
// corrects it: what the scorer learns when the cards are turned up after
// the play. It must agree with every card the seat played.
type HandGiven struct {
	Hand  int        `json:"hand"`
	Seat  cards.Seat `json:"seat"`
	Cards cards.Set  `json:"cards"`
}

// EventType implements events.Payload.
func (*HandGiven) EventType() string { return TypeHandGiven }

// MarshalWire implements events.Payload.
func (p *HandGiven) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(p.Hand))
	e.Seat(p.Seat)
	e.Set(p.Cards)
}

// UnmarshalWire implements events.Payload.
func (p *HandGiven) UnmarshalWire(d *events.Decoder) error {
	p.Hand = int(d.Uint())
	p.Seat = d.Seat()
	p.Cards = d.Set()
	return d.Err()
}

// Tag is one tag of an imported record: its name, its value, and the lines
// of its section when it has one (OptimumResultTable's rows).
type Tag struct {
	Name    string   `json:"name"`
	Value   string   `json:"value"`
	Section []string `json:"section,omitempty"`
}

// TagsKept holds, for the current hand, the tags of its imported record
// that hoyle does not fold (Site, ScoreIMP, OptimumScore,
// DoubleDummyTricks, a tag of another program...), in the record's order,
// so that an export gives them back. Format is the source's ("pbn", "lin").
type TagsKept struct {
	Format string `json:"format"`
	Tags   []Tag  `json:"tags"`
}

// EventType implements events.Payload.
func (*TagsKept) EventType() string { return TypeTagsKept }

// MarshalWire implements events.Payload.
func (p *TagsKept) MarshalWire(e *events.Encoder) {
	e.String(p.Format)
	e.Uint(uint64(len(p.Tags)))
	for _, t := range p.Tags {
		e.String(t.Name)
		e.String(t.Value)
		e.Strings(t.Section)
	}
}

// UnmarshalWire implements events.Payload.
func (p *TagsKept) UnmarshalWire(d *events.Decoder) error {
	p.Format = d.String()
	n := d.Len(3)
	for range n {
		p.Tags = append(p.Tags, Tag{Name: d.String(), Value: d.String(), Section: d.Strings()})
	}
	return d.Err()
}

// SourceNoted says where an imported session came from: the format, and a
// fingerprint of each record it was made from, in order, so that importing
// the same records again adds nothing (and a file with more records adds
// only those).
type SourceNoted struct {
	Format  string   `json:"format"`
	Records []string `json:"records"`
}

// EventType implements events.Payload.
func (*SourceNoted) EventType() string { return TypeSourceNoted }

// MarshalWire implements events.Payload.
func (p *SourceNoted) MarshalWire(e *events.Encoder) {
	e.String(p.Format)
	e.Strings(p.Records)
}

// UnmarshalWire implements events.Payload.
func (p *SourceNoted) UnmarshalWire(d *events.Decoder) error {
	p.Format = d.String()
	p.Records = d.Strings()
	return d.Err()
}
