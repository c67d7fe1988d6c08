package replay

import (
	"fmt"
	"sort"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// tableMoves are the steps a replay stops at: what happened at the table
// during a hand. Shuffles and cuts belong to the next deal, notes to the
// step they are on.
var tableMoves = map[string]bool{
	table.TypeDealt: true, table.TypeCalled: true, table.TypePlayed: true, table.TypeClaimed: true,
	table.TypeDiscarded: true, table.TypeHonoursClaimed: true, table.TypeTrickWon: true,
}

// Cursor steps through the moments of one hand: the deal, each call, each
// card (the last card of a trick is the moment after the trick), a claim.
// The state at each moment is the fold of the log up to it (FoldAt), so
// moving backwards is as exact as moving forwards. Notes are read from the
// whole session, but a note shows only when the cursor reaches the step it
// is on.
type Cursor struct {
	envs   []events.Envelope
	full   *projections.Session
	hand   int
	points []Point
	i      int
	// state is the session folded at moment at (at < 0: none yet): the
	// latest asked for, kept while the cursor stays there. Only one: each
	// state of the latest hand of a long session holds a slot for every
	// hand, and a transcript asks for each moment once.
	state *projections.Session
	at    int
}

// NewCursor makes a cursor over hand number hand of a session: envs is its
// log and full the fold of all of it. The cursor starts at the deal.
func NewCursor(envs []events.Envelope, full *projections.Session, hand int) (*Cursor, error) {
	if hand < 1 || hand > len(full.Hands) {
		return nil, &MomentError{Moment: Moment{Kind: Dealt, Hand: hand}, Reason: fmt.Sprintf("the session has %s", Count(len(full.Hands), "hand"))}
	}
	c := &Cursor{envs: envs, full: full, hand: hand, at: -1}
	// Steps run in log order, so their hand numbers never go down: the
	// hand's steps are found by binary search, not by reading them all.
	first := sort.Search(len(full.Steps), func(i int) bool { return full.Steps[i].Hand >= hand })
	for _, st := range full.Steps[first:] {
		if st.Hand != hand {
			break
		}
		if tableMoves[st.Type] {
			c.points = append(c.points, Point{Moment: MomentOf(full, st), Version: st.Version, Hand: hand, Step: st})
		}
	}
	return c, nil
}

// holds reports whether the session's event at version v is one of the
// cursor's hand: a jump to it needs no other read.
func (c *Cursor) holds(v uint64) bool {
	if len(c.points) == 0 || v < c.points[0].Version {
		return false
	}
	return c.full.HandOf(v) == c.hand
}

// Session is the fold of the whole session the cursor reads notes from.
func (c *Cursor) Session() *projections.Session { return c.full }

// Envelopes is the log the cursor folds.
func (c *Cursor) Envelopes() []events.Envelope { return c.envs }

// Hand is the number of the hand the cursor steps through.
func (c *Cursor) Hand() int { return c.hand }

// Len is the number of moments in the hand.
func (c *Cursor) Len() int { return len(c.points) }

// Index is the position of the cursor, from 0 (the deal).
func (c *Cursor) Index() int { return c.i }

// Points lists the hand's moments in order.
func (c *Cursor) Points() []Point { return append([]Point(nil), c.points...) }

// Point is the moment the cursor is at.
func (c *Cursor) Point() Point { return c.points[c.i] }

// Next moves one step forward; false at the last.
func (c *Cursor) Next() bool { return c.move(c.i + 1) }

// Prev moves one step back; false at the deal.
func (c *Cursor) Prev() bool { return c.move(c.i - 1) }

// First moves to the deal.
func (c *Cursor) First() { c.i = 0 }

// Last moves to the hand's last moment.
func (c *Cursor) Last() { c.i = len(c.points) - 1 }

// Seek moves to position i (0 to Len()-1); false when there is none.
func (c *Cursor) Seek(i int) bool { return c.move(i) }

func (c *Cursor) move(i int) bool {
	if i < 0 || i >= len(c.points) {
		return false
	}
	c.i = i
	return true
}

// landmark reports whether point i ends a stage of the hand: the deal, the
// last call of the auction, a complete trick, or anything after the play
// that is not a card (a claim).
func (c *Cursor) landmark(i int) bool {
	p := c.points[i]
	switch p.Moment.Kind {
	case Dealt, AfterTrick:
		return true
	case AfterCall:
		return i+1 == len(c.points) || c.points[i+1].Moment.Kind != AfterCall
	case AfterCard:
		return i+1 == len(c.points)
	}
	return true
}

// Landmark reports whether moment i of the hand (from 0) ends a stage of
// it: the deal, the last call, a complete trick, a claim. NextTrick and
// PrevTrick step between them.
func (c *Cursor) Landmark(i int) bool { return i >= 0 && i < len(c.points) && c.landmark(i) }

// NextTrick moves forward to the next landmark: the end of the auction, the
// end of the next trick, the claim; false when there is none.
func (c *Cursor) NextTrick() bool {
	for i := c.i + 1; i < len(c.points); i++ {
		if c.landmark(i) {
			c.i = i
			return true
		}
	}
	return false
}

// PrevTrick moves back to the landmark before the cursor (the end of the
// previous trick, the end of the auction, the deal); false at the deal.
func (c *Cursor) PrevTrick() bool {
	for i := c.i - 1; i >= 0; i-- {
		if c.landmark(i) {
			c.i = i
			return true
		}
	}
	return false
}

// Jump moves to a moment of this hand. A moment between two steps (an
// @N naming a note or a retraction) moves to the step before it. It is a
// *MomentError if the session or this hand does not have the moment.
func (c *Cursor) Jump(m Moment) error {
	p, err := Resolve(c.full, m)
	if err != nil {
		return err
	}
	return c.JumpTo(p)
}

// JumpTo moves to a resolved point of this hand (see Jump).
func (c *Cursor) JumpTo(p Point) error {
	if p.Hand != c.hand || len(c.points) == 0 || p.Version < c.points[0].Version {
		return &MomentError{Moment: p.Moment, Reason: fmt.Sprintf("it is not in hand %d", c.hand)}
	}
	i := 0
	for j, q := range c.points {
		if q.Version <= p.Version {
			i = j
		}
	}
	c.i = i
	return nil
}

// State is the session folded up to the cursor's moment.
func (c *Cursor) State() (*projections.Session, error) {
	if c.at == c.i {
		return c.state, nil
	}
	s, err := FoldAt(c.full, c.envs, c.points[c.i])
	if err != nil {
		return nil, err
	}
	c.state, c.at = s, c.i
	return s, nil
}

// Notes are the notes on the step the cursor is at, in the order written.
func (c *Cursor) Notes() []projections.Note { return c.full.NotesOn(c.points[c.i].Step.ID) }

// NoteAt is a note with the moment it belongs to.
type NoteAt struct {
	Point Point
	Note  projections.Note
}

// NotesSoFar lists the notes on every step of the hand up to and including
// the cursor's, in the order of the steps: what a reader has been shown.
func (c *Cursor) NotesSoFar() []NoteAt {
	var out []NoteAt
	for _, p := range c.points[:c.i+1] {
		for _, n := range c.full.NotesOn(p.Step.ID) {
			out = append(out, NoteAt{Point: p, Note: n})
		}
	}
	return out
}
