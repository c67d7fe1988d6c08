package projections

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// The snapshot's codec: a hand, a note, a set of IDs, as bytes (with the
// events codec's varints). It is complete: a hand decodes to exactly the
// hand encoded (TestSnapshotCodecCoversEveryField fails when game.Hand
// gains a field this codec does not write). SnapshotFormat changes when
// the bytes do, and a checkpoint of another format is folded again from
// the log rather than read.
const SnapshotFormat = 10 // 10: the score's running fold is kept in a record of its own, the size of a rubber; 9: the sheets record keeps the score's fold; 8: a hand says its board was recorded fouled

// AppendHand encodes a hand (its seating and options are the session's,
// and are not written).
func AppendHand(buf []byte, h *game.Hand) []byte {
	e := events.NewEncoder(buf)
	e.Int(int64(h.Number))
	e.Int(int64(h.Board))
	e.Seat(h.Dealer)
	e.Fixed(h.DealID[:])
	e.Bool(h.Fouled)
	sets(e, h.Dealt)
	sets(e, h.Held)
	e.Set(h.Played)
	e.Set(h.Widow)
	e.Card(h.TurnUp)
	// The snapshot has always held the vulnerability as the list of sides,
	// nil for neither.
	vul := h.Vulnerable.Sides()
	length(e, len(vul) == 0, len(vul))
	for _, s := range vul {
		e.Int(int64(s))
	}
	e.String(string(h.Phase))
	e.Seat(h.Turn)
	length(e, h.Calls == nil, len(h.Calls))
	for _, c := range h.Calls {
		e.Seat(c.Seat)
		e.Call(c.Call)
		e.Fixed(c.ID[:])
	}
	e.Bool(h.Contract != nil)
	if c := h.Contract; c != nil {
		e.Int(int64(c.Level))
		e.Byte(byte(c.Strain))
		e.Int(int64(c.Doubled))
		e.Seat(c.Declarer)
	}
	e.Seat(h.Dummy)
	length(e, h.Tricks == nil, len(h.Tricks))
	for _, t := range h.Tricks {
		e.Seat(t.Leader)
		length(e, t.Cards == nil, len(t.Cards))
		for _, p := range t.Cards {
			e.Seat(p.Seat)
			e.Card(p.Card)
			e.Fixed(p.ID[:])
		}
		e.Seat(t.Winner)
		e.Byte(byte(t.LedAs))
		e.Bool(t.Named)
		e.Fixed(t.WonID[:])
	}
	length(e, h.Won == nil, len(h.Won))
	for _, n := range h.Won {
		e.Int(int64(n))
	}
	e.Bool(h.Claim != nil)
	if c := h.Claim; c != nil {
		e.Seat(c.Seat)
		e.Int(int64(c.Tricks))
		length(e, c.Others == nil, len(c.Others))
		for _, o := range c.Others {
			e.Seat(o.Seat)
			e.Int(int64(o.Tricks))
		}
		e.Fixed(c.ID[:])
	}
	length(e, h.Discards == nil, len(h.Discards))
	for _, c := range h.Discards {
		e.Card(c)
	}
	sides := slices.Sorted(maps.Keys(h.HonoursClaimed))
	length(e, h.HonoursClaimed == nil, len(sides))
	for _, s := range sides {
		e.Int(int64(s))
		e.String(h.HonoursClaimed[s])
	}
	appendKnowledge(e, h)
	appendIrregular(e, h)
	return e.Bytes()
}

// appendKnowledge writes what the hand knows of itself beyond its play:
// the hands revealed by the play, a result or an auction given by a
// traveller or a file, whether the hand was annulled or abandoned, and who
// sat where.
func appendKnowledge(e *events.Encoder, h *game.Hand) {
	length(e, h.Revealed == nil, len(h.Revealed))
	for _, r := range h.Revealed {
		e.Bool(r)
	}
	e.Bool(h.Result != nil)
	if r := h.Result; r != nil {
		ints(e, r.Won)
		e.Fixed(r.ID[:])
	}
	e.Bool(h.Given != nil)
	if g := h.Given; g != nil {
		length(e, g.Calls == nil, len(g.Calls))
		for _, c := range g.Calls {
			e.Call(c)
		}
		e.Seat(g.First)
		e.String(g.Inconsistent)
		e.Fixed(g.ID[:])
	}
	e.Bool(h.Annulled)
	e.Bool(h.Abandoned)
	ints(e, h.Sitting.Players)
	e.Int(int64(h.Sitting.Round))
	e.Int(int64(h.Sitting.Table))
	length(e, h.Out == nil, len(h.Out))
	for _, o := range h.Out {
		e.Bool(o)
	}
}

// appendIrregular writes the hand's irregularities and the restrictions
// their remedies put in force.
func appendIrregular(e *events.Encoder, h *game.Hand) {
	length(e, h.Irregular == nil, len(h.Irregular))
	for _, irr := range h.Irregular {
		e.Bool(irr != nil)
		if irr == nil {
			continue
		}
		e.Fixed(irr.ID[:])
		e.String(string(irr.Kind))
		e.Seat(irr.Seat)
		e.Card(irr.Card)
		cardList(e, irr.Cards)
		e.Call(irr.Call)
		e.Int(int64(irr.Trick))
		e.Int(int64(irr.Calls))
		e.Seat(irr.Proper)
		e.Seat(irr.By)
		e.String(irr.Law)
		e.String(irr.What)
		e.Bool(irr.Found)
		e.Fixed(irr.Proof[:])
		e.Int(int64(irr.ProofTrick))
		e.Int(int64(irr.Established))
		e.Bool(irr.Corrected)
		e.Bool(irr.Withheld)
		e.Bool(irr.Disobeyed)
		length(e, irr.Withdrawn == nil, len(irr.Withdrawn))
		for _, p := range irr.Withdrawn {
			e.Seat(p.Seat)
			e.Card(p.Card)
			e.Fixed(p.ID[:])
		}
		length(e, irr.Remedies == nil, len(irr.Remedies))
		for _, r := range irr.Remedies {
			e.Fixed(r.ID[:])
			e.String(r.By)
			e.Int(int64(r.Trick))
			e.String(r.Choice)
			e.Card(r.Card)
			e.Byte(byte(r.Suit))
			e.String(r.Law)
			e.String(r.Effect)
		}
		e.String(irr.Settled)
		e.String(irr.Reason)
	}
	r := h.Restrict
	length(e, r.Bars == nil, len(r.Bars))
	for _, b := range r.Bars {
		e.Seat(b.Seat)
		e.Byte(byte(b.Until))
		e.Bool(b.NoDouble)
		e.Int(int64(b.After))
		e.String(b.Law)
		e.Fixed(b.From[:])
	}
	length(e, r.Exposed == nil, len(r.Exposed))
	for _, p := range r.Exposed {
		e.Seat(p.Seat)
		e.Card(p.Card)
		e.Byte(byte(p.Kind))
		e.String(p.Law)
		e.Fixed(p.From[:])
	}
	length(e, r.Called == nil, len(r.Called))
	for _, c := range r.Called {
		e.Seat(c.Seat)
		e.Card(c.Card)
		e.String(c.Law)
		e.Fixed(c.From[:])
	}
	length(e, r.Leads == nil, len(r.Leads))
	for _, l := range r.Leads {
		length(e, l.Seats == nil, len(l.Seats))
		for _, s := range l.Seats {
			e.Seat(s)
		}
		e.Byte(byte(l.Suit))
		e.Bool(l.Forbid)
		e.String(l.Law)
		e.Fixed(l.From[:])
	}
	length(e, r.Plays == nil, len(r.Plays))
	for _, p := range r.Plays {
		e.Seat(p.Seat)
		e.Int(int64(p.Trick))
		e.String(p.Rule)
		e.String(p.Law)
		e.Fixed(p.From[:])
	}
	length(e, r.Repeat == nil, len(r.Repeat))
	for _, c := range r.Repeat {
		e.Seat(c.Seat)
		e.Call(c.Call)
		e.Int(int64(c.After))
		e.String(c.Law)
		e.Fixed(c.From[:])
	}
}

func ints(e *events.Encoder, ns []int) {
	length(e, ns == nil, len(ns))
	for _, n := range ns {
		e.Int(int64(n))
	}
}

func cardList(e *events.Encoder, cs []cards.Card) {
	length(e, cs == nil, len(cs))
	for _, c := range cs {
		e.Card(c)
	}
}

func decodeInts(d *events.Decoder) []int {
	n, isNil := readLength(d)
	if isNil {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = int(d.Int())
	}
	return out
}

func decodeCards(d *events.Decoder) []cards.Card {
	n, isNil := readLength(d)
	if isNil {
		return nil
	}
	out := make([]cards.Card, n)
	for i := range out {
		out[i] = d.Card()
	}
	return out
}

// decodeKnowledge reads what appendKnowledge wrote.
func decodeKnowledge(d *events.Decoder, h *game.Hand) {
	if n, isNil := readLength(d); !isNil {
		h.Revealed = make([]bool, n)
		for i := range h.Revealed {
			h.Revealed[i] = d.Bool()
		}
	}
	if d.Bool() {
		r := &game.Result{Won: decodeInts(d)}
		d.Fixed(r.ID[:])
		h.Result = r
	}
	if d.Bool() {
		g := &game.GivenAuction{}
		if n, isNil := readLength(d); !isNil {
			g.Calls = make([]cards.Call, n)
			for i := range g.Calls {
				g.Calls[i] = d.Call()
			}
		}
		g.First = d.Seat()
		g.Inconsistent = d.String()
		d.Fixed(g.ID[:])
		h.Given = g
	}
	h.Annulled = d.Bool()
	h.Abandoned = d.Bool()
	h.Sitting.Players = decodeInts(d)
	h.Sitting.Round = int(d.Int())
	h.Sitting.Table = int(d.Int())
	if n, isNil := readLength(d); !isNil {
		h.Out = make([]bool, n)
		for i := range h.Out {
			h.Out[i] = d.Bool()
		}
	}
}

// decodeIrregular reads what appendIrregular wrote.
func decodeIrregular(d *events.Decoder, h *game.Hand) {
	if n, isNil := readLength(d); !isNil {
		h.Irregular = make([]*game.Irregularity, n)
		for i := range h.Irregular {
			if !d.Bool() {
				continue
			}
			irr := &game.Irregularity{}
			d.Fixed(irr.ID[:])
			irr.Kind = game.Kind(d.String())
			irr.Seat = d.Seat()
			irr.Card = d.Card()
			irr.Cards = decodeCards(d)
			irr.Call = d.Call()
			irr.Trick = int(d.Int())
			irr.Calls = int(d.Int())
			irr.Proper = d.Seat()
			irr.By = d.Seat()
			irr.Law = d.String()
			irr.What = d.String()
			irr.Found = d.Bool()
			d.Fixed(irr.Proof[:])
			irr.ProofTrick = int(d.Int())
			irr.Established = int(d.Int())
			irr.Corrected = d.Bool()
			irr.Withheld = d.Bool()
			irr.Disobeyed = d.Bool()
			if m, isNil := readLength(d); !isNil {
				irr.Withdrawn = make([]game.PlayedCard, m)
				for j := range irr.Withdrawn {
					p := &irr.Withdrawn[j]
					p.Seat = d.Seat()
					p.Card = d.Card()
					d.Fixed(p.ID[:])
				}
			}
			if m, isNil := readLength(d); !isNil {
				irr.Remedies = make([]game.Remedy, m)
				for j := range irr.Remedies {
					r := &irr.Remedies[j]
					d.Fixed(r.ID[:])
					r.By = d.String()
					r.Trick = int(d.Int())
					r.Choice = d.String()
					r.Card = d.Card()
					r.Suit = cards.Suit(d.Byte())
					r.Law = d.String()
					r.Effect = d.String()
				}
			}
			irr.Settled = d.String()
			irr.Reason = d.String()
			h.Irregular[i] = irr
		}
	}
	r := &h.Restrict
	if n, isNil := readLength(d); !isNil {
		r.Bars = make([]game.Bar, n)
		for i := range r.Bars {
			b := &r.Bars[i]
			b.Seat = d.Seat()
			b.Until = game.BarUntil(d.Byte())
			b.NoDouble = d.Bool()
			b.After = int(d.Int())
			b.Law = d.String()
			d.Fixed(b.From[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		r.Exposed = make([]game.PenaltyCard, n)
		for i := range r.Exposed {
			p := &r.Exposed[i]
			p.Seat = d.Seat()
			p.Card = d.Card()
			p.Kind = game.PenaltyKind(d.Byte())
			p.Law = d.String()
			d.Fixed(p.From[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		r.Called = make([]game.CalledCard, n)
		for i := range r.Called {
			c := &r.Called[i]
			c.Seat = d.Seat()
			c.Card = d.Card()
			c.Law = d.String()
			d.Fixed(c.From[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		r.Leads = make([]game.LeadRule, n)
		for i := range r.Leads {
			l := &r.Leads[i]
			if m, isNil := readLength(d); !isNil {
				l.Seats = make([]cards.Seat, m)
				for j := range l.Seats {
					l.Seats[j] = d.Seat()
				}
			}
			l.Suit = cards.Suit(d.Byte())
			l.Forbid = d.Bool()
			l.Law = d.String()
			d.Fixed(l.From[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		r.Plays = make([]game.PlayRule, n)
		for i := range r.Plays {
			p := &r.Plays[i]
			p.Seat = d.Seat()
			p.Trick = int(d.Int())
			p.Rule = d.String()
			p.Law = d.String()
			d.Fixed(p.From[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		r.Repeat = make([]game.RepeatCall, n)
		for i := range r.Repeat {
			c := &r.Repeat[i]
			c.Seat = d.Seat()
			c.Call = d.Call()
			c.After = int(d.Int())
			c.Law = d.String()
			d.Fixed(c.From[:])
		}
	}
}

// length writes a slice's length, and whether it is nil: a hand decodes
// to exactly the hand encoded.
func length(e *events.Encoder, isNil bool, n int) {
	if isNil {
		e.Uint(0)
		return
	}
	e.Uint(uint64(n) + 1)
}

// readLength reads what length wrote: the length, and whether the slice
// is nil. Every element takes a byte at least, so a length beyond the
// bytes left is damage, found before anything is allocated for it.
func readLength(d *events.Decoder) (int, bool) {
	n := d.Uint()
	switch {
	case n == 0:
		return 0, true
	case n-1 > uint64(d.Left()):
		d.Fail("length")
		return 0, true
	}
	return int(n - 1), false
}

func sets(e *events.Encoder, ss []cards.Set) {
	length(e, ss == nil, len(ss))
	for _, s := range ss {
		e.Set(s)
	}
}

// HandDecoder decodes hands of one session, taking their memory in large
// blocks: a snapshot of ten thousand hands is read in one go, and one
// allocation per slice of each hand would be most of its cost.
type HandDecoder struct {
	Seating game.Seating
	Opts    game.Options

	hands     block[game.Hand]
	sets      block[cards.Set]
	ints      block[int]
	contracts block[game.Contract]
	calls     block[game.CallEntry]
	tricks    block[game.Trick]
	played    block[game.PlayedCard]
}

// block hands out elements of one allocation, and makes the next twice
// the size of the last (from 64 elements, up to a million) when it runs
// out: the hands of a long session take a few dozen allocations, not one a
// slice.
type block[T any] struct {
	free []T
	size int
}

// take returns n elements of a block.
func take[T any](b *block[T], n int) []T {
	if n > len(b.free) || b.free == nil {
		b.size = min(max(2*b.size, 64), 1<<20)
		b.free = make([]T, max(n, b.size))
	}
	out := b.free[:n:n]
	b.free = b.free[n:]
	return out
}

// phases are the phases by name: decoding a hand does not allocate one.
var phases = map[string]game.Phase{}

func init() {
	for _, p := range []game.Phase{game.PhaseAuction, game.PhaseExchange, game.PhasePlay, game.PhaseDone} {
		phases[string(p)] = p
	}
}

// Decode decodes a hand written by AppendHand.
func (hd *HandDecoder) Decode(b []byte) (*game.Hand, error) {
	d := events.NewDecoder(b)
	h := &take(&hd.hands, 1)[0]
	h.Seating, h.Opts = hd.Seating, hd.Opts
	h.Number = int(d.Int())
	h.Board = int(d.Int())
	h.Dealer = d.Seat()
	d.Fixed(h.DealID[:])
	h.Fouled = d.Bool()
	h.Dealt = hd.decodeSets(d)
	h.Held = hd.decodeSets(d)
	h.Played = d.Set()
	h.Widow = d.Set()
	h.TurnUp = d.Card()
	h.Vulnerable = cards.VulNone
	if n, isNil := readLength(d); !isNil {
		for range n {
			h.Vulnerable |= cards.VulnerabilityOf(d.Side())
		}
	}
	phase := d.String()
	if p, ok := phases[phase]; ok {
		h.Phase = p
	} else {
		h.Phase = game.Phase(phase)
	}
	h.Turn = d.Seat()
	if n, isNil := readLength(d); !isNil {
		h.Calls = take(&hd.calls, n)
		for i := range h.Calls {
			c := &h.Calls[i]
			c.Seat = d.Seat()
			c.Call = d.Call()
			d.Fixed(c.ID[:])
		}
	}
	if d.Bool() {
		h.Contract = &take(&hd.contracts, 1)[0]
		*h.Contract = game.Contract{Level: int(d.Int()), Strain: cards.Strain(d.Byte()), Doubled: int(d.Int()), Declarer: d.Seat()}
	}
	h.Dummy = d.Seat()
	if n, isNil := readLength(d); !isNil {
		h.Tricks = take(&hd.tricks, n)
		for i := range h.Tricks {
			t := &h.Tricks[i]
			t.Leader = d.Seat()
			if m, isNil := readLength(d); !isNil {
				t.Cards = take(&hd.played, m)
				for j := range t.Cards {
					p := &t.Cards[j]
					p.Seat = d.Seat()
					p.Card = d.Card()
					d.Fixed(p.ID[:])
				}
			}
			t.Winner = d.Seat()
			t.LedAs = cards.Suit(d.Byte())
			t.Named = d.Bool()
			d.Fixed(t.WonID[:])
		}
	}
	if n, isNil := readLength(d); !isNil {
		h.Won = take(&hd.ints, n)
		for i := range h.Won {
			h.Won[i] = int(d.Int())
		}
	}
	if d.Bool() {
		c := &game.Claim{Seat: d.Seat(), Tricks: int(d.Int())}
		if n, isNil := readLength(d); !isNil {
			c.Others = make([]game.SeatTricks, n)
			for i := range c.Others {
				c.Others[i] = game.SeatTricks{Seat: d.Seat(), Tricks: int(d.Int())}
			}
		}
		d.Fixed(c.ID[:])
		h.Claim = c
	}
	if n, isNil := readLength(d); !isNil {
		h.Discards = make([]cards.Card, n)
		for i := range h.Discards {
			h.Discards[i] = d.Card()
		}
	}
	if n, isNil := readLength(d); !isNil {
		h.HonoursClaimed = make(map[cards.Side]string, n)
		for range n {
			s := d.Side()
			h.HonoursClaimed[s] = d.String()
		}
	}
	decodeKnowledge(d, h)
	decodeIrregular(d, h)
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("a hand of the snapshot: %w", err)
	}
	if why := implausible(h); why != "" {
		// A record whose CRC holds can still say what no fold could
		// give (rewritten with hoyle's own codecs): it is damage, and
		// the reader folds the log instead of scoring it (a negative
		// trick count once panicked in a score).
		return nil, fmt.Errorf("%w: a hand of the snapshot: %s", events.ErrCorrupt, why)
	}
	return h, nil
}

// maxTricks bounds the tricks of any hand of any game: no pack has more
// than 53 cards.
const maxTricks = 53

// implausible says what a decoded hand holds that no fold gives, or "":
// a seat that is not at the table, a count of tricks below zero or beyond
// the pack, a contract level or doubling no auction makes.
func implausible(h *game.Hand) string {
	seats := h.Seating.Seats
	seat := func(s cards.Seat) bool { return s >= cards.NoSeat && int(s) < seats }
	switch {
	case h.Number < 1 || h.Board < 0:
		return fmt.Sprintf("hand number %d, board %d", h.Number, h.Board)
	case !seat(h.Dealer) || !seat(h.Turn) || !seat(h.Dummy):
		return fmt.Sprintf("a seat not at a table of %d (dealer %d, turn %d, dummy %d)", seats, h.Dealer, h.Turn, h.Dummy)
	case len(h.Dealt) > seats || len(h.Held) > seats || len(h.Won) > seats:
		return fmt.Sprintf("more hands or sides than the %d seats", seats)
	case len(h.Tricks) > maxTricks || len(h.Calls) > 4*maxTricks*seats:
		return fmt.Sprintf("%d tricks, %d calls", len(h.Tricks), len(h.Calls))
	}
	total := 0
	for _, w := range h.Won {
		if w < 0 || w > maxTricks {
			return fmt.Sprintf("%d tricks won", w)
		}
		total += w
	}
	if total > maxTricks {
		return fmt.Sprintf("%d tricks won in all", total)
	}
	if c := h.Contract; c != nil && (c.Level < 0 || c.Level > maxTricks || c.Doubled < 0 || c.Doubled > maxTricks || !seat(c.Declarer)) {
		return fmt.Sprintf("a contract of level %d, doubled %d, by seat %d", c.Level, c.Doubled, c.Declarer)
	}
	if c := h.Claim; c != nil && (c.Tricks < 0 || c.Tricks > maxTricks || !seat(c.Seat)) {
		return fmt.Sprintf("a claim of %d tricks by seat %d", c.Tricks, c.Seat)
	}
	for _, t := range h.Tricks {
		if len(t.Cards) > seats || !seat(t.Leader) || !seat(t.Winner) {
			return fmt.Sprintf("a trick of %d cards, led by seat %d, won by seat %d", len(t.Cards), t.Leader, t.Winner)
		}
		for _, p := range t.Cards {
			if !seat(p.Seat) {
				return fmt.Sprintf("a card played by seat %d", p.Seat)
			}
		}
	}
	for _, c := range h.Calls {
		if !seat(c.Seat) {
			return fmt.Sprintf("a call by seat %d", c.Seat)
		}
	}
	return ""
}

func (hd *HandDecoder) decodeSets(d *events.Decoder) []cards.Set {
	n, isNil := readLength(d)
	if isNil {
		return nil
	}
	out := take(&hd.sets, n)
	for i := range out {
		out[i] = d.Set()
	}
	return out
}

// AppendNote encodes a note.
func AppendNote(buf []byte, n Note) []byte {
	e := events.NewEncoder(buf)
	e.Fixed(n.ID[:])
	e.Fixed(n.Target[:])
	e.Uint(n.Version)
	e.String(n.Text)
	e.String(n.Glyph)
	e.String(n.By)
	e.Byte(byte(n.On))
	return e.Bytes()
}

// DecodeNote decodes a note written by AppendNote.
func DecodeNote(b []byte) (Note, error) {
	var n Note
	d := events.NewDecoder(b)
	d.Fixed(n.ID[:])
	d.Fixed(n.Target[:])
	n.Version = d.Uint()
	n.Text = d.String()
	n.Glyph = d.String()
	n.By = d.String()
	n.On = table.NoteOn(d.Byte())
	if err := d.Err(); err != nil {
		return Note{}, fmt.Errorf("a note of the snapshot: %w", err)
	}
	return n, nil
}

// AppendIDs encodes a set of IDs, in order.
func AppendIDs(buf []byte, ids map[events.ID]bool) []byte {
	e := events.NewEncoder(buf)
	sorted := make([]events.ID, 0, len(ids))
	for id, in := range ids {
		if in {
			sorted = append(sorted, id)
		}
	}
	slices.SortFunc(sorted, func(a, b events.ID) int { return a.Compare(b) })
	e.Uint(uint64(len(sorted)))
	for _, id := range sorted {
		e.Fixed(id[:])
	}
	return e.Bytes()
}

// DecodeIDs decodes a set written by AppendIDs.
func DecodeIDs(b []byte) (map[events.ID]bool, error) {
	d := events.NewDecoder(b)
	n := d.Len(16)
	out := make(map[events.ID]bool, n)
	for range n {
		var id events.ID
		d.Fixed(id[:])
		out[id] = true
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("the snapshot's retractions: %w", err)
	}
	return out, nil
}

// AppendBoards encodes the first deal of each board among a session's hands
// (in board order: the board, its hand's number, and the cards, widow and
// trump turned up that deal recorded): what a later deal of the board is
// checked against and takes its cards from (sameBoard, sameCards). A
// checkpoint keeps it so that a fold of the latest hand alone (FoldTail,
// then KnowBoards) can check a deal of a board without reading the log
// back to the board's first deal.
func AppendBoards(buf []byte, hands []*game.Hand) []byte {
	first := boardsOf(hands)
	e := events.NewEncoder(buf)
	boards := slices.Sorted(maps.Keys(first))
	e.Uint(uint64(len(boards)))
	for _, b := range boards {
		h := first[b]
		e.Uint(uint64(b))
		e.Uint(uint64(h.Number))
		sets(e, h.Dealt)
		e.Set(h.Widow)
		e.Card(h.TurnUp)
	}
	return e.Bytes()
}

// KnowBoards gives a partial fold (FoldTail) that begins at the deal of
// hand from of the session the first deal of each board, as AppendBoards
// wrote them from the session's hands up to at least that one. A board
// first dealt before hand from is taken from b; one first dealt in the
// hands the fold holds, from the fold (which has seen what was recorded of
// them since). Then a deal of a board is decided on the tail alone
// (DecideDeal). A record that does not decode is refused
// (events.ErrCorrupt) and nothing is changed.
func (s *Session) KnowBoards(b []byte, from int) error {
	if !s.read.partial || len(s.Hands) == 0 {
		return fmt.Errorf("%w: the boards dealt are given to a fold of the latest hands only", events.ErrCorrupt)
	}
	kept := keptBoards{raw: b, from: from, seats: s.Seating().Seats}
	if _, err := kept.find(0); err != nil {
		return fmt.Errorf("%w: the boards dealt: %w", events.ErrCorrupt, err)
	}
	s.read.boards = kept
	return nil
}

// keptBoards are the first deals of the boards a partial fold was given
// (KnowBoards), as AppendBoards wrote them: looked up a board at a time,
// so that a session of 10,000 boards costs a deal a scan of their bytes,
// not 10,000 hands made.
type keptBoards struct {
	raw   []byte
	from  int // the first hand of the fold: a board first dealt from it on is the fold's
	seats int
}

// find is board's first deal among the kept boards dealt before hand
// from (nil when none), or, given board 0, nil after checking that the
// whole record decodes.
func (k keptBoards) find(board int) (*game.Hand, error) {
	if k.raw == nil {
		return nil, nil
	}
	d := events.NewDecoder(k.raw)
	n := d.Len(4)
	var dealt [8]cards.Set
	last := uint64(0)
	for range n {
		b, number := d.Uint(), d.Uint()
		count, isNil := readLength(d)
		if b <= last || b > 1<<31 || number == 0 || number > 1<<31 || count > k.seats || count > len(dealt) {
			d.Fail("board")
			break
		}
		last = b
		for i := range count {
			dealt[i] = d.Set()
		}
		widow, turnUp := d.Set(), d.Card()
		if int(b) == board && board != 0 {
			if int(number) >= k.from {
				return nil, nil
			}
			h := &game.Hand{Number: int(number), Board: board, Widow: widow, TurnUp: turnUp}
			if !isNil {
				h.Dealt = slices.Clone(dealt[:count])
			}
			return h, nil
		}
	}
	return nil, d.Err()
}

// firstDeal is board's first deal in the session: from the boards a
// partial fold was given, if it was dealt before the fold's hands, else
// from the hands folded (nil when none).
func (s *Session) firstDeal(board int) *game.Hand {
	if h, err := s.read.boards.find(board); err == nil && h != nil {
		return h
	}
	return s.boards[board]
}
