// Package table defines the events of a card table: what a scorer records.
//
// Each payload has a stable type name, written in the log; the Go names may
// change, the type names never do. The events say what happened at the
// table in the vocabulary of events/cards and nothing about a game's laws:
// whether a call or card was allowed is for the ruleset to judge
// (projections/game), before the recorder appends it.
//
// Nothing here assumes four players, 52 cards or 13 tricks: hands are listed
// by seat, however many seats; the widow and the turned-up trump have their
// own fields.
package table

import (
	"fmt"
	"sort"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// The stable type names.
const (
	TypeSessionOpened  = "session.opened"
	TypeSessionClosed  = "session.closed"
	TypeCutForDeal     = "session.cut_for_deal"
	TypeShuffled       = "deal.shuffle"
	TypeCut            = "deal.cut"
	TypeDealt          = "deal.dealt"
	TypeCalled         = "auction.call"
	TypePlayed         = "play.card"
	TypeDiscarded      = "play.discard"
	TypeClaimed        = "play.claim"
	TypeHonoursClaimed = "score.honours_claimed"
	TypeRetracted      = "log.retraction"
	TypeNoted          = "note.added"
)

func init() {
	reg := func(name, doc string, newFn func() events.Payload) {
		events.Register(events.TypeInfo{Name: name, Schema: 1, New: newFn, Doc: doc})
	}
	events.Register(events.TypeInfo{Name: TypeSessionOpened, Schema: 2, New: func() events.Payload { return &SessionOpened{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastSessionOpenedV1},
		Doc:       "a session begins: the game, its players by seat, the first dealer (and where it sits in an event played at several tables)"})
	reg(TypeSessionClosed, "the session ends by agreement", func() events.Payload { return &SessionClosed{} })
	reg(TypeCutForDeal, "the players cut for deal", func() events.Payload { return &CutForDeal{} })
	reg(TypeShuffled, "the pack is shuffled", func() events.Payload { return &Shuffled{} })
	reg(TypeCut, "the pack is cut", func() events.Payload { return &Cut{} })
	events.Register(events.TypeInfo{Name: TypeDealt, Schema: 2, New: func() events.Payload { return &Dealt{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastDealtV1},
		Doc:       "a hand is dealt (a duplicate board fouled, Law 87, is marked)"})
	reg(TypeCalled, "a call in the auction or declaration", func() events.Payload { return &Called{} })
	reg(TypePlayed, "a card played to a trick", func() events.Payload { return &Played{} })
	reg(TypeDiscarded, "cards laid away (after taking the widow)", func() events.Payload { return &Discarded{} })
	events.Register(events.TypeInfo{Name: TypeClaimed, Schema: 3, New: func() events.Payload { return &Claimed{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastClaimedV1, 2: upcastClaimedV2},
		Doc:       "a claim ends the play (with the claimer's statement of the line of play, and how the rest fall)"})
	reg(TypeHonoursClaimed, "honours claimed at the table when the deal is not recorded", func() events.Payload { return &HonoursClaimed{} })
	reg(TypeRetracted, "an earlier event is withdrawn (undo)", func() events.Payload { return &Retracted{} })
	events.Register(events.TypeInfo{Name: TypeNoted, Schema: 2, New: func() events.Payload { return &Noted{} },
		Upcasters: map[uint16]events.Upcaster{1: upcastNotedV1},
		Doc:       "a note on an earlier event, or on the trick or hand it completes or deals"})
}

// Option is one named setting of a session (scoring style, revoke rule...).
type Option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// SessionOpened starts a session: always the first event of its stream.
//
// Schema 2 added where the session sits in an event played at several
// tables (duplicate, teams, a movement): Event, Table, Room, the two teams
// and the Movement, all empty for a session played on its own. A session
// stored in schema 1 is read through its upcaster, with none of them.
type SessionOpened struct {
	Ruleset string     `json:"ruleset"`           // the ruleset's ID, e.g. "auction"
	Name    string     `json:"name,omitempty"`    // what the scorer calls it
	Players []string   `json:"players"`           // by seat; "" when not given
	Dealer  cards.Seat `json:"dealer"`            // the first dealer
	Options []Option   `json:"options,omitempty"` // sorted by name

	// Event names the event (a club night, a match) whose boards are
	// compared across its tables: hoyle new --event, PBN's and LIN's Event.
	Event string `json:"event,omitempty"`
	// Table is the table the session is played at, as the event numbers or
	// names them ("7"); under a Movement, a number from 1. PBN's Table.
	Table string `json:"table,omitempty"`
	// Room is RoomOpen or RoomClosed in a team match played in two rooms
	// (PBN's Room, in lower case), else "".
	Room string `json:"room,omitempty"`
	// HomeTeam and VisitTeam are the two teams of a team match (PBN's
	// HomeTeam and VisitTeam). The home team sits North-South in the open
	// room, and at a table with no room given; East-West in the closed room.
	HomeTeam  string `json:"home_team,omitempty"`
	VisitTeam string `json:"visit_team,omitempty"`
	// Movement is the plan by which pairs and boards move between the
	// event's tables, or players between tables and seats (mitchell,
	// howell, progressive, pivot), as projections/movement writes it:
	// "mitchell:7x2". "" for none.
	Movement string `json:"movement,omitempty"`
}

// The rooms of a team match.
const (
	RoomOpen   = "open"
	RoomClosed = "closed"
)

// EventType implements events.Payload.
func (*SessionOpened) EventType() string { return TypeSessionOpened }

// MarshalWire implements events.Payload: schema 2.
func (p *SessionOpened) MarshalWire(e *events.Encoder) {
	p.marshalV1(e)
	e.String(p.Event)
	e.String(p.Table)
	e.String(p.Room)
	e.String(p.HomeTeam)
	e.String(p.VisitTeam)
	e.String(p.Movement)
}

// marshalV1 writes the fields of schema 1, which schema 2 begins with.
func (p *SessionOpened) marshalV1(e *events.Encoder) {
	e.String(p.Ruleset)
	e.String(p.Name)
	e.Strings(p.Players)
	e.Seat(p.Dealer)
	e.Uint(uint64(len(p.Options)))
	for _, o := range p.Options {
		e.String(o.Name)
		e.String(o.Value)
	}
}

// UnmarshalWire implements events.Payload: schema 2.
func (p *SessionOpened) UnmarshalWire(d *events.Decoder) error {
	p.unmarshalV1(d)
	p.Event = d.String()
	p.Table = d.String()
	p.Room = d.String()
	p.HomeTeam = d.String()
	p.VisitTeam = d.String()
	p.Movement = d.String()
	return d.Err()
}

func (p *SessionOpened) unmarshalV1(d *events.Decoder) {
	p.Ruleset = d.String()
	p.Name = d.String()
	p.Players = d.Strings()
	p.Dealer = d.Seat()
	n := d.Len(2)
	p.Options = nil
	for range n {
		p.Options = append(p.Options, Option{Name: d.String(), Value: d.String()})
	}
}

// upcastSessionOpenedV1 reads a session.opened stored in schema 1 (before
// events): a session played on its own, in no event. The stored bytes are
// not rewritten.
func upcastSessionOpenedV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &SessionOpened{}
	p.unmarshalV1(d)
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// Option returns the value of a named option, or "".
func (p *SessionOpened) Option(name string) string {
	for _, o := range p.Options {
		if o.Name == name {
			return o.Value
		}
	}
	return ""
}

// SortOptions puts options in name order, so equal sessions encode equally.
func SortOptions(opts []Option) {
	sort.Slice(opts, func(i, j int) bool { return opts[i].Name < opts[j].Name })
}

// SessionClosed ends a session by agreement (an unfinished rubber is then
// made up by its code's law).
type SessionClosed struct {
	Reason string `json:"reason,omitempty"`
}

// EventType implements events.Payload.
func (*SessionClosed) EventType() string { return TypeSessionClosed }

// MarshalWire implements events.Payload.
func (p *SessionClosed) MarshalWire(e *events.Encoder) { e.String(p.Reason) }

// UnmarshalWire implements events.Payload.
func (p *SessionClosed) UnmarshalWire(d *events.Decoder) error {
	p.Reason = d.String()
	return d.Err()
}

// SeatCard is a card drawn or held by a seat.
type SeatCard struct {
	Seat cards.Seat `json:"seat"`
	Card cards.Card `json:"card"`
}

// CutForDeal records the cut for partners and deal: the card each player
// drew and the dealer it gave.
type CutForDeal struct {
	Cuts   []SeatCard `json:"cuts"`
	Dealer cards.Seat `json:"dealer"`
}

// EventType implements events.Payload.
func (*CutForDeal) EventType() string { return TypeCutForDeal }

// MarshalWire implements events.Payload.
func (p *CutForDeal) MarshalWire(e *events.Encoder) {
	e.Uint(uint64(len(p.Cuts)))
	for _, c := range p.Cuts {
		e.Seat(c.Seat)
		e.Card(c.Card)
	}
	e.Seat(p.Dealer)
}

// UnmarshalWire implements events.Payload.
func (p *CutForDeal) UnmarshalWire(d *events.Decoder) error {
	n := d.Len(2)
	p.Cuts = nil
	for range n {
		p.Cuts = append(p.Cuts, SeatCard{Seat: d.Seat(), Card: d.Card()})
	}
	p.Dealer = d.Seat()
	return d.Err()
}

// Shuffled records a shuffle. With a seed, Permutation is the order it
// produced (Permutation[i] is the index, in the ruleset's pack order, of the
// card that ended at place i from the top), so that the deal can be derived
// from the log alone, whatever random generator made it.
type Shuffled struct {
	By          cards.Seat `json:"by"`
	Seeded      bool       `json:"seeded"`
	Seed        uint64     `json:"seed,omitempty"`
	Permutation []uint8    `json:"permutation,omitempty"`
}

// EventType implements events.Payload.
func (*Shuffled) EventType() string { return TypeShuffled }

// MarshalWire implements events.Payload.
func (p *Shuffled) MarshalWire(e *events.Encoder) {
	e.Seat(p.By)
	e.Bool(p.Seeded)
	e.Uint(p.Seed)
	e.Raw(p.Permutation)
}

// UnmarshalWire implements events.Payload.
func (p *Shuffled) UnmarshalWire(d *events.Decoder) error {
	p.By = d.Seat()
	p.Seeded = d.Bool()
	p.Seed = d.Uint()
	p.Permutation = d.Raw()
	if len(p.Permutation) == 0 {
		p.Permutation = nil
	}
	return d.Err()
}

// Cut records the cut before the deal: Top cards lifted and put below.
type Cut struct {
	By  cards.Seat `json:"by"`
	Top int        `json:"top"`
}

// EventType implements events.Payload.
func (*Cut) EventType() string { return TypeCut }

// MarshalWire implements events.Payload.
func (p *Cut) MarshalWire(e *events.Encoder) {
	e.Seat(p.By)
	e.Uint(uint64(p.Top))
}

// UnmarshalWire implements events.Payload.
func (p *Cut) UnmarshalWire(d *events.Decoder) error {
	p.By = d.Seat()
	p.Top = int(d.Uint())
	return d.Err()
}

// Dealt records a deal. Hands are by seat and may be empty when not known
// (a scorer who records only the calls and the cards as they fall). Widow is
// the cards dealt apart (Five Hundred); TurnUp the trump card turned (whist).
//
// Schema 2 added Fouled: a duplicate board whose cards at this table
// differ from the event's hand record, recorded as they were (Laws of
// Duplicate Bridge 2017, Law 87), so that comparing scores it within its
// group. A deal stored in schema 1 is read through its upcaster, not fouled.
type Dealt struct {
	Hand    int                 `json:"hand"`                 // number in the session, from 1
	Dealer  cards.Seat          `json:"dealer"`               // who dealt
	Board   int                 `json:"board,omitempty"`      // duplicate board number
	Hands   []cards.Set         `json:"hands,omitempty"`      // by seat; empty set: unknown
	Widow   cards.Set           `json:"widow,omitempty"`      // the cards dealt apart (Five Hundred)
	TurnUp  cards.Card          `json:"turn_up,omitempty"`    // the trump card turned up (whist)
	Derived bool                `json:"derived,omitempty"`    // computed from the recorded shuffle and cut
	Vul     cards.Vulnerability `json:"vulnerable,omitempty"` // the sides vulnerable, when the deal fixes them (a duplicate board); stored as their list
	Fouled  bool                `json:"fouled,omitempty"`     // a duplicate board fouled: its cards differ from the hand record's (Law 87)
}

// EventType implements events.Payload.
func (*Dealt) EventType() string { return TypeDealt }

// MarshalWire implements events.Payload: schema 2.
func (p *Dealt) MarshalWire(e *events.Encoder) {
	p.marshalV1(e)
	e.Bool(p.Fouled)
}

// marshalV1 writes the fields of schema 1, which schema 2 begins with.
func (p *Dealt) marshalV1(e *events.Encoder) {
	e.Uint(uint64(p.Hand))
	e.Seat(p.Dealer)
	e.Uint(uint64(p.Board))
	e.Uint(uint64(len(p.Hands)))
	for _, h := range p.Hands {
		e.Set(h)
	}
	e.Set(p.Widow)
	e.Card(p.TurnUp)
	e.Bool(p.Derived)
	vul := p.Vul.Sides() // the wire has always held the list of sides
	e.Uint(uint64(len(vul)))
	for _, s := range vul {
		e.Int(int64(s))
	}
}

// UnmarshalWire implements events.Payload: schema 2.
func (p *Dealt) UnmarshalWire(d *events.Decoder) error {
	p.unmarshalV1(d)
	p.Fouled = d.Bool()
	return d.Err()
}

// upcastDealtV1 reads a deal stored in schema 1 (before fouled boards
// were marked): not fouled. The stored bytes are not rewritten.
func upcastDealtV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &Dealt{}
	p.unmarshalV1(d)
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Dealt) unmarshalV1(d *events.Decoder) {
	p.Hand = int(d.Uint())
	p.Dealer = d.Seat()
	p.Board = int(d.Uint())
	n := d.Len(1)
	p.Hands = nil
	if n > 0 {
		p.Hands = make([]cards.Set, n)
		for i := range p.Hands {
			p.Hands[i] = d.Set()
		}
	}
	p.Widow = d.Set()
	p.TurnUp = d.Card()
	p.Derived = d.Bool()
	nv := d.Len(1)
	p.Vul = cards.VulNone
	for range nv {
		p.Vul |= cards.VulnerabilityOf(d.Side())
	}
}

// Called records one call of the auction (or a declaration) by a seat.
type Called struct {
	Seat cards.Seat `json:"seat"`
	Call cards.Call `json:"call"`
}

// EventType implements events.Payload.
func (*Called) EventType() string { return TypeCalled }

// MarshalWire implements events.Payload.
func (p *Called) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Call(p.Call)
}

// UnmarshalWire implements events.Payload.
func (p *Called) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Call = d.Call()
	return d.Err()
}

// Played records a card played to a trick, from the seat's hand (dummy's
// cards are played from dummy's seat, by the declarer).
type Played struct {
	Seat cards.Seat `json:"seat"`
	Card cards.Card `json:"card"`
}

// EventType implements events.Payload.
func (*Played) EventType() string { return TypePlayed }

// MarshalWire implements events.Payload.
func (p *Played) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Card(p.Card)
}

// UnmarshalWire implements events.Payload.
func (p *Played) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Card = d.Card()
	return d.Err()
}

// Discarded records cards laid away by a seat, as the bidder in Five
// Hundred lays away three after taking the widow.
type Discarded struct {
	Seat  cards.Seat   `json:"seat"`
	Cards []cards.Card `json:"cards"`
}

// EventType implements events.Payload.
func (*Discarded) EventType() string { return TypeDiscarded }

// MarshalWire implements events.Payload.
func (p *Discarded) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Cards(p.Cards)
}

// UnmarshalWire implements events.Payload.
func (p *Discarded) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Cards = d.Cards()
	return d.Err()
}

// Claimed ends the play: of the tricks not yet completed, the side of Seat
// (the declaring side, when the declarer or dummy claims) takes Tricks. In
// a game of two sides the other side takes the rest; in a game of more
// (Five Hundred, each player for himself) Others says how the rest fall,
// seat by seat.
//
// Statement is what the claimer said of how the rest would be played. A
// claim is to be accompanied at once by a clear statement of the line of
// play (Laws of Duplicate Bridge 2017, Law 68C), and a contested claim is
// ruled on that statement (Law 70): the scorer's record of it is what the
// players argue over afterwards.
//
// Schema 2 added Statement, schema 3 Others; a claim stored in an older
// schema is read through its upcaster, with neither.
type Claimed struct {
	Seat      cards.Seat   `json:"seat"`
	Tricks    int          `json:"tricks"`
	Statement string       `json:"statement,omitempty"`
	Others    []SeatTricks `json:"others,omitempty"`
}

// SeatTricks is a number of tricks that fall to a seat.
type SeatTricks struct {
	Seat   cards.Seat `json:"seat"`
	Tricks int        `json:"tricks"`
}

// EventType implements events.Payload.
func (*Claimed) EventType() string { return TypeClaimed }

// MarshalWire implements events.Payload: schema 3.
func (p *Claimed) MarshalWire(e *events.Encoder) {
	e.Seat(p.Seat)
	e.Uint(uint64(p.Tricks))
	e.String(p.Statement)
	e.Uint(uint64(len(p.Others)))
	for _, o := range p.Others {
		e.Seat(o.Seat)
		e.Uint(uint64(o.Tricks))
	}
}

// UnmarshalWire implements events.Payload: schema 3.
func (p *Claimed) UnmarshalWire(d *events.Decoder) error {
	p.Seat = d.Seat()
	p.Tricks = int(d.Uint())
	p.Statement = d.String()
	n := d.Uint()
	if n > 64 {
		return fmt.Errorf("%w: a claim splits the rest among %d seats", events.ErrCorrupt, n)
	}
	for range n {
		p.Others = append(p.Others, SeatTricks{Seat: d.Seat(), Tricks: int(d.Uint())})
	}
	return d.Err()
}

// upcastClaimedV1 reads a claim stored in schema 1 (seat, tricks) as
// today's Claimed, with no statement. The stored bytes are not rewritten:
// the event's hash covers them, and its schema stays 1 in the log.
func upcastClaimedV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &Claimed{Seat: d.Seat(), Tricks: int(d.Uint())}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// upcastClaimedV2 reads a claim stored in schema 2 (seat, tricks,
// statement): no split of the rest, which games of two sides never need.
func upcastClaimedV2(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &Claimed{Seat: d.Seat(), Tricks: int(d.Uint()), Statement: d.String()}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// HonoursClaimed records the honours a side claims at the table for the
// current hand, when the deal was not recorded and hoyle cannot count them.
// Holding is the ruleset's name for it (e.g. "4", "4-in-one", "5-in-one").
type HonoursClaimed struct {
	Side    cards.Side `json:"side"`
	Holding string     `json:"holding"`
}

// EventType implements events.Payload.
func (*HonoursClaimed) EventType() string { return TypeHonoursClaimed }

// MarshalWire implements events.Payload.
func (p *HonoursClaimed) MarshalWire(e *events.Encoder) {
	e.Int(int64(p.Side))
	e.String(p.Holding)
}

// UnmarshalWire implements events.Payload.
func (p *HonoursClaimed) UnmarshalWire(d *events.Decoder) error {
	p.Side = d.Side()
	p.Holding = d.String()
	return d.Err()
}

// Retracted withdraws an earlier event of the same session: the log keeps
// both, and every projection skips the target. A retraction may itself be
// retracted (redo).
type Retracted struct {
	Target events.ID `json:"target"`
	Reason string    `json:"reason,omitempty"`
}

// EventType implements events.Payload.
func (*Retracted) EventType() string { return TypeRetracted }

// MarshalWire implements events.Payload.
func (p *Retracted) MarshalWire(e *events.Encoder) {
	e.Raw(p.Target[:])
	e.String(p.Reason)
}

// UnmarshalWire implements events.Payload.
func (p *Retracted) UnmarshalWire(d *events.Decoder) error {
	p.Target = d.ID()
	p.Reason = d.String()
	return d.Err()
}

// Glyphs are the annotation suffixes of PGN and PBN.
var Glyphs = []string{"!", "?", "!!", "??", "!?", "?!"}

// Noted attaches a note to an earlier event of the session: a remark on a
// call or a card, with an optional glyph, by a named person. On says what
// the remark is about: the event itself, or (schema 2) the trick the
// target card completes, or the hand the target deal deals. A note on the
// trick and one on its last card are both on that card; only On tells
// them apart. Schema 1 notes are read through upcastNotedV1, on their
// event, as they were meant.
type Noted struct {
	Target events.ID `json:"target"`
	Text   string    `json:"text"`
	Glyph  string    `json:"glyph,omitempty"`
	By     string    `json:"by,omitempty"`
	On     NoteOn    `json:"on,omitempty"`
}

// EventType implements events.Payload.
func (*Noted) EventType() string { return TypeNoted }

// MarshalWire implements events.Payload: schema 2.
func (p *Noted) MarshalWire(e *events.Encoder) {
	e.Raw(p.Target[:])
	e.String(p.Text)
	e.String(p.Glyph)
	e.String(p.By)
	e.Uint(uint64(p.On))
}

// UnmarshalWire implements events.Payload: schema 2.
func (p *Noted) UnmarshalWire(d *events.Decoder) error {
	p.Target = d.ID()
	p.Text = d.String()
	p.Glyph = d.String()
	p.By = d.String()
	on := d.Uint()
	if err := d.Err(); err != nil {
		return err
	}
	if on > uint64(NoteOnHand) {
		return fmt.Errorf("%w: a note on a target of kind %d", events.ErrCorrupt, on)
	}
	p.On = NoteOn(on)
	return nil
}

// upcastNotedV1 reads a note stored in schema 1 (target, text, glyph, by)
// as today's Noted: on its event, the only kind of note there was. The
// stored bytes are not rewritten.
func upcastNotedV1(raw []byte) (events.Payload, error) {
	d := events.NewDecoder(raw)
	p := &Noted{Target: d.ID(), Text: d.String(), Glyph: d.String(), By: d.String()}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// NoteOn says what a note is about.
type NoteOn uint8

// What a note can be on.
const (
	// NoteOnEvent: the event targeted, a call, a card, a deal, a claim.
	NoteOnEvent NoteOn = iota
	// NoteOnTrick: the trick completed by the card targeted.
	NoteOnTrick
	// NoteOnHand: the hand dealt by the deal targeted, as a whole.
	NoteOnHand
)

// noteOnNames are the kinds' names in JSON.
var noteOnNames = [...]string{"event", "trick", "hand"}

// String is "event", "trick" or "hand".
func (o NoteOn) String() string {
	if int(o) < len(noteOnNames) {
		return noteOnNames[o]
	}
	return fmt.Sprintf("NoteOn(%d)", uint8(o))
}

// MarshalText writes the kind's name, so that JSON reads "on": "trick".
func (o NoteOn) MarshalText() ([]byte, error) {
	if int(o) >= len(noteOnNames) {
		return nil, fmt.Errorf("%w: a note on a target of kind %d", events.ErrInvalid, uint8(o))
	}
	return []byte(noteOnNames[o]), nil
}

// UnmarshalText reads a kind's name.
func (o *NoteOn) UnmarshalText(b []byte) error {
	for i, name := range noteOnNames {
		if string(b) == name {
			*o = NoteOn(i)
			return nil
		}
	}
	return fmt.Errorf("%w: %q is not what a note is on (event, trick or hand)", events.ErrInvalid, b)
}
