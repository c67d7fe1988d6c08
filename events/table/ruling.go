package table

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// TypeRulingAdjusted is the stable type name of RulingAdjusted.
const TypeRulingAdjusted = "ruling.adjusted"

func init() {
	events.Register(events.TypeInfo{Name: TypeRulingAdjusted, Schema: 1, New: func() events.Payload { return &RulingAdjusted{} },
		Doc: "a director's ruling on a board played at this table: an adjusted score (artificial, assigned or weighted) or a procedural penalty, with the law it applies"})
}

// The kinds of ruling.
const (
	// RulingArtificial is an artificial adjusted score (Law 12C2): average
	// plus, average or average minus, or a percentage (pairs) or IMPs
	// (teams), for each side.
	RulingArtificial = "artificial"
	// RulingAssigned is an assigned adjusted score (Law 12C1(b)): one
	// result, scored as if played.
	RulingAssigned = "assigned"
	// RulingWeighted is a weighted assigned score (Law 12C1(c)): several
	// results, each with its weight.
	RulingWeighted = "weighted"
	// RulingProcedural is a procedural penalty (Law 90), taken from a
	// side's total after the board is scored.
	RulingProcedural = "procedural"
)

// RulingAdjusted records a director's ruling on a board at the table whose
// session it is in: what the director awarded and the law it applies (the
// Laws of Duplicate Bridge 2017, by number). It is recorded after the
// board, even after the session is closed, and withdrawn like any entry
// (log.retraction).
//
// NS and EW are each side's award as the director wrote it: for an
// artificial score "avg+", "avg", "avg-", a percentage "55%" (pairs) or
// IMPs "+3" (teams); for a procedural penalty what the side loses, "2"
// (matchpoints at pairs, IMPs at teams), "10%" (of the board's top) or
// "1VP". Scores are the results of an assigned or weighted score, their
// weights in hundredths of a percent adding up to 10000.
type RulingAdjusted struct {
	Board  int             `json:"board"`
	Kind   string          `json:"kind"`
	Law    string          `json:"law"`
	NS     string          `json:"ns,omitempty"`
	EW     string          `json:"ew,omitempty"`
	Scores []AssignedScore `json:"scores,omitempty"`
	By     string          `json:"by,omitempty"` // the director
}

// AssignedScore is one result of an assigned or weighted score: the
// contract as PBN writes it ("4S", "3NTX", "Pass"), its declarer (NoSeat
// when passed out), the declarer's tricks, and its weight in hundredths of
// a percent (6000 is 60%).
type AssignedScore struct {
	Contract string     `json:"contract"`
	Declarer cards.Seat `json:"declarer"`
	Tricks   int        `json:"tricks"`
	Weight   int        `json:"weight"`
}

// EventType implements events.Payload.
func (*RulingAdjusted) EventType() string { return TypeRulingAdjusted }

// MarshalWire implements events.Payload.
func (p *RulingAdjusted) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(p.Board))
	e.String(p.Kind)
	e.String(p.Law)
	e.String(p.NS)
	e.String(p.EW)
	e.Uint(uint64(len(p.Scores)))
	for _, s := range p.Scores {
		e.String(s.Contract)
		e.Seat(s.Declarer)
		e.Uint(uint64(s.Tricks))
		e.Uint(uint64(s.Weight))
	}
	e.String(p.By)
}

// UnmarshalWire implements events.Payload.
func (p *RulingAdjusted) UnmarshalWire(d *events.Decoder) error {
	p.Board = int(d.Uint())
	p.Kind = d.String()
	p.Law = d.String()
	p.NS = d.String()
	p.EW = d.String()
	n := d.Uint()
	if n > 64 {
		return fmt.Errorf("%w: a ruling weighs %d results", events.ErrCorrupt, n)
	}
	p.Scores = nil
	for range n {
		p.Scores = append(p.Scores, AssignedScore{Contract: d.String(), Declarer: d.Seat(), Tricks: int(d.Uint()), Weight: int(d.Uint())})
	}
	p.By = d.String()
	return d.Err()
}
