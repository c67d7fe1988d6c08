// Package eventrec defines the events of an event's own record: what a
// director records once for the whole event (a club evening, a match),
// apart from the tables' sessions. The record is a stream of its own in
// the log, whose ID is derived from the event's name (StreamID), so that
// every table, process and store finds the same one without being told.
//
// It holds the roster (who the pairs, teams or players are, by the
// numbers or names the movement gives them) and the hand record (the
// evening's deals, as a dealing machine's file gives them). An entry is
// withdrawn as at a table, by a log.retraction (events/table) in the same
// stream.
package eventrec

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// The stable type names.
const (
	TypeRoster = "event.roster"
	TypeBoards = "event.boards"
)

func init() {
	events.Register(events.TypeInfo{Name: TypeRoster, Schema: 1, New: func() events.Payload { return &Roster{} },
		Doc: "an event's roster: the names of its pairs, teams or players, by the movement's numbers"})
	events.Register(events.TypeInfo{Name: TypeBoards, Schema: 1, New: func() events.Payload { return &Boards{} },
		Doc: "an event's hand record: the deals of its boards, loaded once for every table"})
}

// streamPrefix begins every event record's stream ID. A table's session
// ID is a ULID (26 characters of Crockford's base 32, in capitals), so
// the two never meet.
const streamPrefix = "event-"

// StreamID is the ID of the stream holding an event's record: derived
// from its name as the tables compare it (spaces at the ends left out,
// letters in any case), so that "Tuesday Pairs" and "tuesday pairs" are
// one event, as they are to compare and to --event.
func StreamID(event string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(event))))
	return streamPrefix + hex.EncodeToString(sum[:16])
}

// IsStream reports whether a stream ID is an event record's (StreamID's),
// not a table's session.
func IsStream(id string) bool {
	return strings.HasPrefix(id, streamPrefix) && len(id) == len(streamPrefix)+32
}

// Tables is the list of sessions without the event records: the tables
// every listing, fold and check of sessions is about.
func Tables(infos []events.SessionInfo) []events.SessionInfo {
	out := infos[:0:0]
	for _, info := range infos {
		if !IsStream(info.ID) {
			out = append(out, info)
		}
	}
	return out
}

// Entry is one line of a roster: a pair, team or player and their names.
// Who is the key the movement gives it, as movement.Pair writes it ("3
// NS", "5 EW", "pair 7"), or a team's name; Names are the players, in
// the order they sit (North before South, East before West).
type Entry struct {
	Who   string   `json:"who"`
	Names []string `json:"names"`
}

// Roster names some of an event's pairs, teams or players. A later entry
// for the same Who replaces an earlier one; a retracted one is as if never
// given.
type Roster struct {
	Event   string  `json:"event"`
	Entries []Entry `json:"entries"`
}

// EventType implements events.Payload.
func (*Roster) EventType() string { return TypeRoster }

// MarshalWire implements events.Payload.
func (p *Roster) MarshalWire(e *events.Encoder) {
	e.String(p.Event)
	e.Uint(uint64(len(p.Entries)))
	for _, x := range p.Entries {
		e.String(x.Who)
		e.Strings(x.Names)
	}
}

// UnmarshalWire implements events.Payload.
func (p *Roster) UnmarshalWire(d *events.Decoder) error {
	p.Event = d.String()
	n := d.Len(2)
	p.Entries = nil
	for range n {
		p.Entries = append(p.Entries, Entry{Who: d.String(), Names: d.Strings()})
	}
	return d.Err()
}

// Deal is one board of a hand record: its number, dealer, vulnerability
// and the four hands, by seat from North.
type Deal struct {
	Board  int                 `json:"board"`
	Dealer cards.Seat          `json:"dealer"`
	Vul    cards.Vulnerability `json:"vulnerable"`
	Hands  [4]cards.Set        `json:"hands"`
}

// Boards is a hand record, or part of one: the deals of some boards. A
// board given again (in a later load) replaces the earlier deal.
type Boards struct {
	Event  string `json:"event"`
	Source string `json:"source,omitempty"` // the file it was read from
	Deals  []Deal `json:"deals"`
}

// EventType implements events.Payload.
func (*Boards) EventType() string { return TypeBoards }

// MarshalWire implements events.Payload.
func (p *Boards) MarshalWire(e *events.Encoder) {
	e.String(p.Event)
	e.String(p.Source)
	e.Uint(uint64(len(p.Deals)))
	for _, b := range p.Deals {
		e.Uint(uint64(b.Board))
		e.Seat(b.Dealer)
		e.Uint(uint64(b.Vul))
		for _, h := range b.Hands {
			e.Set(h)
		}
	}
}

// UnmarshalWire implements events.Payload.
func (p *Boards) UnmarshalWire(d *events.Decoder) error {
	p.Event = d.String()
	p.Source = d.String()
	n := d.Len(6)
	p.Deals = nil
	for range n {
		b := Deal{Board: int(d.Uint()), Dealer: d.Seat()}
		v := d.Uint()
		if v > uint64(cards.VulAll) {
			return fmt.Errorf("%w: a board's vulnerability %d", events.ErrCorrupt, v)
		}
		b.Vul = cards.Vulnerability(v)
		for i := range b.Hands {
			b.Hands[i] = d.Set()
		}
		p.Deals = append(p.Deals, b)
	}
	return d.Err()
}
