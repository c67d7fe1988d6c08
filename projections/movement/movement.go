// Package movement is the plan by which an event played at several tables
// moves: the pairs and the boards of a duplicate event between its tables
// (the Mitchell and the Howell movements), or the players of a progressive
// or pivot game between tables and seats (Foster's Complete Hoyle, 1914:
// "Progressive Bridge", and the pivot described before it).
//
//   - Mitchell: the North-South pairs sit still, one at each table; the
//     East-West pairs move up one table each round, and the boards down one.
//     With an odd number of tables every East-West pair meets every board
//     and every North-South pair once. With an even number the boards
//     would meet the East-West pairs a second time half-way round, so, as
//     directors do, the first and the last table share (relay) one set of
//     boards each round, and a bye stand between the middle two tables
//     holds the set that rests; then it works out as with an odd number.
//   - Howell: every pair meets every other pair once, 2N pairs at N tables
//     in 2N-1 rounds, and plays every board once. Pair 2N sits still at
//     table 1; the others move round it. The sets are placed so that no two
//     tables need the same boards in one round wherever that can be done
//     (from four tables up); at two and three tables it cannot, and the
//     tables of a round share one set (the plan says how many copies of
//     each board to make).
//   - Progressive (Foster: "the players may agree that all the N & S pairs
//     shall sit still, all the E & W pairs moving one table"; "an even
//     number of deals, usually four, is the rule for each round before
//     moving"): each table deals its own hands; after every round of deals
//     the East-West pairs move up one table.
//   - Pivot (Foster: "the first dealer to sit still all the time, the three
//     other players moving round her in a circle at the end of each rubber
//     ... the player on her left passes behind her and takes the seat on her
//     right"): one table; after each rubber, or each round of deals (King's
//     Bridge changes partners every four deals "by the pivot system"), the
//     three move round the first dealer, so that in three rubbers each has
//     partnered each other.
//
// A movement is written KIND:TABLESxBOARDS ("mitchell:7x2": seven tables,
// two boards a round), or for the pivot "pivot" (after each rubber) or
// "pivot:4" (after every four deals). The plan is pure arithmetic: no I/O.
package movement

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// ErrBadMovement: a movement that cannot be read, or cannot be played with
// the tables and boards given.
var ErrBadMovement = errors.New("not a movement")

// Kind is a kind of movement.
type Kind string

// The movements.
const (
	Mitchell    Kind = "mitchell"
	Howell      Kind = "howell"
	Progressive Kind = "progressive"
	Pivot       Kind = "pivot"
)

// Kinds lists the movements, for help and errors.
var Kinds = []Kind{Mitchell, Howell, Progressive, Pivot}

// Limits on the size of a plan.
const (
	MaxTables = 30 // Mitchell and progressive
	MaxHowell = 15 // Howell: 30 pairs, 29 rounds
	MaxBoards = 8  // boards (or deals) a round
)

// Spec is a movement as written: its kind, its tables and its boards (or
// deals) a round. A pivot has one table, and Boards 0 when the partners
// change after each rubber.
type Spec struct {
	Kind   Kind
	Tables int
	Boards int
	// Pairs is the number of pairs of a Mitchell or a Howell when one
	// short of two a table (an odd number): the missing pair is a phantom,
	// and the pair that meets it sits out that round. 0 is a full room.
	Pairs int
	// Arrow is the rounds of a Mitchell whose boards are arrow-switched,
	// in order: in them the North-South pairs sit East-West and the
	// East-West pairs North-South, so that each pair plays some boards each
	// way and the pairs can be ranked as one field.
	Arrow []int
}

// MinPairs is the fewest pairs a Mitchell or a Howell is planned for.
const MinPairs = 4

// FullPairs is the number of pairs the movement seats: two a table, or
// one fewer with a sit-out.
func (s Spec) FullPairs() int {
	if s.Pairs != 0 {
		return s.Pairs
	}
	return 2 * s.Tables
}

// TablesFor is the tables needed by a number of pairs: two pairs a table,
// an odd pair making a table with a phantom (a sit-out).
func TablesFor(pairs int) int { return (pairs + 1) / 2 }

// rounds is the number of rounds of a Mitchell or a Howell of the spec.
func (s Spec) rounds() int {
	if s.Kind == Howell {
		return 2*s.Tables - 1
	}
	return s.Tables
}

// String writes the spec as Parse reads it: "mitchell:7x2", "pivot".
// A sit-out and an arrow-switch follow the size: "mitchell:4x2,pairs=7,arrow=3+4".
func (s Spec) String() string {
	if s.Kind == Pivot {
		if s.Boards == 0 {
			return string(Pivot)
		}
		return fmt.Sprintf("%s:%d", Pivot, s.Boards)
	}
	out := fmt.Sprintf("%s:%dx%d", s.Kind, s.Tables, s.Boards)
	if s.Pairs != 0 {
		out += fmt.Sprintf(",pairs=%d", s.Pairs)
	}
	if len(s.Arrow) > 0 {
		out += ",arrow=" + s.ArrowRounds("+")
	}
	return out
}

// ArrowRounds lists the rounds to arrow-switch, joined by sep: "3+6" in a
// movement's text, "3,6" as --arrow-switch takes them.
func (s Spec) ArrowRounds(sep string) string {
	parts := make([]string, len(s.Arrow))
	for i, r := range s.Arrow {
		parts[i] = strconv.Itoa(r)
	}
	return strings.Join(parts, sep)
}

// ParseRounds reads the rounds to arrow-switch in a Mitchell of the given
// rounds: numbers separated by commas or plus signs ("3,6", "3+6"), and
// "last" for the last round, as clubs often switch it. The rounds come
// back in order, each once.
func ParseRounds(text string, rounds int) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ',' || r == '+' || r == ' ' }) {
		r, err := strconv.Atoi(f)
		if f == "last" {
			r, err = rounds, nil
		}
		switch {
		case err != nil:
			return nil, bad(f, "an arrow-switch names rounds by number (3,6) or as last")
		case r < 1 || r > rounds:
			return nil, bad(f, fmt.Sprintf("an arrow-switch round is 1 to %d: the movement has %d rounds", rounds, rounds))
		case !seen[r]:
			seen[r] = true
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, bad(text, "name the rounds to arrow-switch: 3,6 or last")
	}
	slices.Sort(out)
	return out, nil
}

// Duplicate reports whether the movement moves boards between tables (a
// duplicate event): Mitchell and Howell.
func (s Spec) Duplicate() bool { return s.Kind == Mitchell || s.Kind == Howell }

// Parse reads a movement: "mitchell:7x2", "howell:4x3", "progressive:5x4",
// "pivot" or "pivot:4", in any case. It checks that the movement can be
// played: a Mitchell from 2 tables, a Howell from 2, 1 to MaxBoards boards
// a round.
func Parse(text string) (Spec, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	kind, size, _ := strings.Cut(t, ":")
	s := Spec{Kind: Kind(kind)}
	switch s.Kind {
	case Pivot:
		s.Tables = 1
		if size == "" {
			return s, nil
		}
		n, err := strconv.Atoi(size)
		if err != nil {
			return Spec{}, bad(text, "a pivot is written pivot (partners change after each rubber) or pivot:D (after every D deals)")
		}
		s.Boards = n
	case Mitchell, Howell, Progressive:
		size, extra, _ := strings.Cut(size, ",")
		if err := s.parseExtra(text, extra); err != nil {
			return Spec{}, err
		}
		tables, boards, ok := strings.Cut(size, "x")
		var err1, err2 error
		s.Tables, err1 = strconv.Atoi(tables)
		s.Boards, err2 = strconv.Atoi(boards)
		if !ok || err1 != nil || err2 != nil {
			return Spec{}, bad(text, fmt.Sprintf("write it as %s:TABLESxBOARDS, e.g. %s:7x2 (seven tables, two boards a round)", s.Kind, s.Kind))
		}
		if s.Pairs == 2*s.Tables {
			s.Pairs = 0 // a full room is written without pairs=
		}
	default:
		return Spec{}, bad(text, "the movements are mitchell:TABLESxBOARDS, howell:TABLESxBOARDS, progressive:TABLESxDEALS and pivot (or pivot:DEALS)")
	}
	return s, s.Check()
}

// parseExtra reads what follows a Mitchell's or a Howell's size:
// "pairs=N" (an odd number of pairs) and "arrow=R+R" (rounds switched).
// The rounds are checked against the size by Check.
func (s *Spec) parseExtra(text, extra string) error {
	if extra == "" {
		return nil
	}
	for _, f := range strings.Split(extra, ",") {
		key, val, _ := strings.Cut(f, "=")
		switch key {
		case "pairs":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				return bad(text, "pairs=N is the number of pairs, e.g. mitchell:4x2,pairs=7")
			}
			s.Pairs = n
		case "arrow":
			rounds, err := ParseRounds(val, MaxTables)
			if err != nil {
				return err
			}
			s.Arrow = rounds
		default:
			return bad(text, "after the size come pairs=N (a sit-out) and arrow=R+R (arrow-switched rounds), e.g. mitchell:4x2,pairs=7,arrow=4")
		}
	}
	if s.Kind == Progressive {
		return bad(text, "a progressive game has no sit-out or arrow-switch")
	}
	return nil
}

// Check reports whether the movement can be played as given.
func (s Spec) Check() error {
	limit := MaxTables
	if s.Kind == Howell {
		limit = MaxHowell
	}
	switch {
	case s.Kind == Pivot:
		if s.Boards < 0 || s.Boards > MaxBoards {
			return bad(s.String(), fmt.Sprintf("the partners change after each rubber, or every 1 to %d deals", MaxBoards))
		}
	case s.Kind != Mitchell && s.Kind != Howell && s.Kind != Progressive:
		return bad(string(s.Kind), "not a movement hoyle plans")
	case s.Tables < 2 || s.Tables > limit:
		return bad(s.String(), fmt.Sprintf("a %s is planned for 2 to %d tables", s.Kind, limit))
	case s.Boards < 1 || s.Boards > MaxBoards:
		return bad(s.String(), fmt.Sprintf("a round is 1 to %d boards", MaxBoards))
	case s.Pairs != 0 && s.Kind == Progressive:
		return bad(s.String(), "a progressive game has no sit-out")
	case s.Pairs != 0 && s.Pairs != 2*s.Tables-1:
		return bad(s.String(), fmt.Sprintf("%d tables seat %d pairs, or %d with a sit-out; %d pairs need %d tables", s.Tables, 2*s.Tables, 2*s.Tables-1, s.Pairs, TablesFor(s.Pairs)))
	case s.FullPairs() < MinPairs:
		return bad(s.String(), fmt.Sprintf("a %s is planned for %d pairs or more", s.Kind, MinPairs))
	case len(s.Arrow) > 0 && s.Kind != Mitchell:
		return bad(s.String(), "only a Mitchell is arrow-switched: in a Howell every pair already plays both ways")
	}
	prev := 0
	for _, r := range s.Arrow {
		if r <= prev || r > s.rounds() {
			return bad(s.String(), fmt.Sprintf("an arrow-switch round is 1 to %d, in order, each once: the movement has %d rounds", s.rounds(), s.rounds()))
		}
		prev = r
	}
	return nil
}

func bad(token, reason string) error {
	return &cards.TokenError{Kind: ErrBadMovement, Token: token, Reason: reason}
}

// Pair is a pair of an event under a movement: its number, and in a
// Mitchell its direction (the North-South and East-West pairs are numbered
// apart, and ranked apart). Dir is cards.NS or cards.EW in a Mitchell, and
// -1 in a Howell, whose pairs are one field.
type Pair struct {
	Number int
	Dir    cards.Side
}

// NoDir is the direction of a Howell pair: none.
const NoDir cards.Side = -1

// String is "3 NS", "5 EW" or "pair 7".
func (p Pair) String() string {
	if p.Dir == NoDir {
		return "pair " + strconv.Itoa(p.Number)
	}
	return fmt.Sprintf("%d %s", p.Number, p.Dir)
}

// Sitting is one table in one round: who sits there and which boards it
// plays.
type Sitting struct {
	Round, Table int
	NS, EW       Pair
	// Set is the set of boards played (from 1; 0 in a progressive or
	// pivot game, whose tables deal their own hands), boards First to Last.
	Set         int
	First, Last int
	// Shares lists the other tables that play the same set in this round:
	// a relay (the boards pass between them during the round), or, in a
	// Howell of two or three tables, copies of the boards.
	Shares []int
	// SitOut is the pair that sits out this round, having met the phantom
	// pair (NS or EW is the plan's Phantom); Number 0 when the table plays.
	// The set stays at the table unplayed.
	SitOut Pair
	// Switched: the boards are arrow-switched this round, so NS is a pair
	// of the East-West field sitting North-South, and EW the other way.
	Switched bool
}

// Plays reports whether the table plays this round (no pair sits out).
func (st Sitting) Plays() bool { return st.SitOut.Number == 0 }

// Boards is the sitting's boards, in order: none when a pair sits out.
func (st Sitting) Boards() []int {
	if !st.Plays() {
		return nil
	}
	var out []int
	for b := st.First; b <= st.Last && b > 0; b++ {
		out = append(out, b)
	}
	return out
}

// Plan is a movement worked out round by round.
type Plan struct {
	Spec
	Rounds int
	Sets   int // sets of boards (0 in a progressive or pivot game)
	// Sittings is by round, then by table: Sittings[r-1][t-1].
	Sittings [][]Sitting
	// Bye is, by round, the set resting on the bye stand (a Mitchell of an
	// even number of tables), or 0.
	Bye []int
	// Copies is how many copies of each board the plan needs: 1, or in a
	// Howell of two or three tables the number of tables.
	Copies int
	// Phantom is the missing pair of an odd number of pairs (Number 0 in a
	// full room): East-West pair T of a Mitchell of T tables, pair 2T of a
	// Howell (who would sit still at table 1).
	Phantom Pair
}

// Plan works the movement out. A pivot has three rotations (rounds), after
// which each player has partnered each other.
func (s Spec) Plan() (*Plan, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	p := &Plan{Spec: s, Copies: 1}
	switch s.Kind {
	case Mitchell:
		p.mitchell()
		p.sitOut(Pair{s.Tables, cards.EW})
		p.arrowSwitch()
	case Howell:
		p.howell()
		p.sitOut(Pair{2 * s.Tables, NoDir})
	case Progressive:
		p.Rounds = s.Tables
		for r := 1; r <= p.Rounds; r++ {
			row := make([]Sitting, s.Tables)
			for t := 1; t <= s.Tables; t++ {
				row[t-1] = Sitting{Round: r, Table: t, NS: Pair{t, cards.NS}, EW: Pair{ewAt(t, r, s.Tables), cards.EW}}
			}
			p.Sittings = append(p.Sittings, row)
		}
	case Pivot:
		p.Rounds = 3
		for r := 1; r <= 3; r++ {
			p.Sittings = append(p.Sittings, []Sitting{{Round: r, Table: 1}})
		}
	}
	if s.Duplicate() {
		// Every plan is checked before it is used: a fault in the
		// arithmetic would seat pairs and boards wrongly all evening.
		if err := p.Verify(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// sitOut makes phantom the missing pair of an odd number of pairs: the
// pair that meets it sits out that round.
func (p *Plan) sitOut(phantom Pair) {
	if p.Pairs == 0 {
		return
	}
	p.Phantom = phantom
	for _, row := range p.Sittings {
		for i := range row {
			switch phantom {
			case row[i].NS:
				row[i].SitOut = row[i].EW
			case row[i].EW:
				row[i].SitOut = row[i].NS
			}
		}
	}
}

// arrowSwitch turns the pairs round in the switched rounds of a Mitchell.
func (p *Plan) arrowSwitch() {
	for _, r := range p.Arrow {
		for i := range p.Sittings[r-1] {
			st := &p.Sittings[r-1][i]
			st.NS, st.EW, st.Switched = st.EW, st.NS, true
		}
	}
}

// mod is x mod n in 0..n-1.
func mod(x, n int) int { return ((x % n) + n) % n }

// ewAt is the East-West pair at table t in round r of a Mitchell or a
// progressive game of n tables: each moves up one table a round.
func ewAt(t, r, n int) int { return mod(t-1-(r-1), n) + 1 }

// mitchell: boards move down one table a round, East-West pairs up one.
// With an even number of tables the boards circulate through the relay
// (tables 1 and N together), tables N-1 down to N/2+1, the bye stand, and
// tables N/2 down to 2.
func (p *Plan) mitchell() {
	n := p.Tables
	p.Rounds, p.Sets = n, n
	// slots: the places a set can be, in the order the sets move through
	// them; slotOf[t-1] is table t's place (tables 1 and N share one), and
	// start[k] is the set at place k in round 1.
	slotOf := make([]int, n)
	var start []int
	bye := -1
	if n%2 == 1 {
		// Table t holds set t; sets move t -> t-1 (1 -> n).
		for k := range n {
			t := n - k // place k is table n-k: n, n-1, ..., 1
			slotOf[t-1] = k
			start = append(start, t)
		}
	} else {
		k := 0
		slotOf[0], slotOf[n-1] = k, k // the relay
		start = append(start, 1)
		k++
		for t := n - 1; t >= n/2+1; t-- {
			slotOf[t-1] = k
			start = append(start, t)
			k++
		}
		bye = k
		start = append(start, n) // set n rests in round 1
		k++
		for t := n / 2; t >= 2; t-- {
			slotOf[t-1] = k
			start = append(start, t)
			k++
		}
	}
	setAt := func(slot, r int) int { return start[mod(slot-(r-1), n)] }
	for r := 1; r <= p.Rounds; r++ {
		row := make([]Sitting, n)
		for t := 1; t <= n; t++ {
			set := setAt(slotOf[t-1], r)
			row[t-1] = Sitting{Round: r, Table: t, NS: Pair{t, cards.NS}, EW: Pair{ewAt(t, r, n), cards.EW}, Set: set}
		}
		if n%2 == 0 {
			row[0].Shares, row[n-1].Shares = []int{n}, []int{1}
			p.Bye = append(p.Bye, setAt(bye, r))
		}
		p.setBoards(row)
		p.Sittings = append(p.Sittings, row)
	}
}

// howell: a round robin from a starter. Pair 2N sits at table 1 and meets
// pair r+1 in round r (from 0); at table k+1 pair (r+x[k]) mod m +1 sits
// North-South and pair (r+x[k]+k) mod m +1 East-West, m = 2N-1, and the
// table plays set (r+c[k]) mod m +1. The starter x and the offsets c are
// found by howellStarter so that every pair meets every other once and
// plays every set once.
func (p *Plan) howell() {
	n := p.Tables
	m := 2*n - 1
	p.Rounds, p.Sets = m, m
	x, c := howellStarter(n)
	shared := false
	for r := range m {
		row := make([]Sitting, n)
		for k := range n {
			var ns, ew int
			if k == 0 {
				ns, ew = 2*n, r+1
				if r%2 == 1 {
					ns, ew = ew, ns
				}
			} else {
				ns, ew = mod(r+x[k], m)+1, mod(r+x[k]+k, m)+1
			}
			row[k] = Sitting{Round: r + 1, Table: k + 1, NS: Pair{ns, NoDir}, EW: Pair{ew, NoDir}, Set: mod(r+c[k], m) + 1}
		}
		for i := range row {
			for j := range row {
				if i != j && row[i].Set == row[j].Set {
					row[i].Shares = append(row[i].Shares, j+1)
					shared = true
				}
			}
		}
		p.setBoards(row)
		p.Sittings = append(p.Sittings, row)
	}
	if shared {
		p.Copies = n
	}
}

// howellStarter finds, for n tables (m = 2n-1), a starter and offsets. The
// starter pairs x[k] with x[k]+k (k = 1..n-1) and leaves x[0] = 0 alone;
// together they must be the m residues, each once, so that in m rounds
// every two pairs meet once (their difference is some ±k). A pair then
// plays, over the rounds, sets c[0]-x[0] and c[k]-x[k] and c[k]-x[k]-k
// after its own number: these m must differ for it to play every set once.
// Different offsets c put different sets on the tables of a round, which a
// search finds from four tables up (the patterned starter x[k] = -k/2 mod m
// first, which serves every size but nine pairs of rounds, then any). At
// two and three tables it cannot be done by any plan of 2N-1 sets, cyclic
// or not: the rounds and the sets would be two orthogonal one-factorings
// of the pairs, a Room square of side 3 or 5, and there is none (Room
// squares exist for every odd side but 3 and 5). An exhaustive search over
// the three-table plan, with and without a sit-out, found none either. So
// all tables of a round take the same set (the patterned starter, offsets
// all 0), with copies of the boards, as the published two- and three-table
// Howells share their boards.
func howellStarter(n int) (x, c []int) {
	m := 2*n - 1
	x, c = make([]int, n), make([]int, n)
	half := (m + 1) / 2 // 1/2 mod m
	for k := 1; k < n; k++ {
		x[k] = mod(-k*half, m)
	}
	if n <= 3 {
		return x, c
	}
	usedRes := make([]bool, m) // the sets' residues c[k]-x[k], c[k]-x[k]-k
	usedOff := make([]bool, m) // the offsets c[k]
	usedPair := make([]bool, m)
	var try func(k int, fixed bool) bool
	try = func(k int, fixed bool) bool {
		if k == n {
			return true
		}
		for xv := range m {
			if fixed {
				xv = x[k]
			} else if usedPair[xv] || usedPair[mod(xv+k, m)] {
				continue
			}
			yv := mod(xv+k, m)
			usedPair[xv], usedPair[yv] = true, true
			for v := range m {
				a, b := mod(v-xv, m), mod(v-yv, m)
				if usedOff[v] || usedRes[a] || usedRes[b] || a == b {
					continue
				}
				usedOff[v], usedRes[a], usedRes[b] = true, true, true
				c[k], x[k] = v, xv
				if try(k+1, fixed) {
					return true
				}
				usedOff[v], usedRes[a], usedRes[b] = false, false, false
			}
			usedPair[xv], usedPair[yv] = false, false
			if fixed {
				return false
			}
		}
		return false
	}
	// x[0] = 0 and c[0] = 0: the sets and pairs are named from there.
	for _, fixed := range []bool{true, false} {
		clear(usedRes)
		clear(usedOff)
		clear(usedPair)
		usedOff[0], usedRes[0], usedPair[0] = true, true, true
		if try(1, fixed) {
			return x, c
		}
		for k := 1; k < n; k++ {
			x[k] = mod(-k*half, m)
		}
	}
	return x, make([]int, n) // not reached for 4 to MaxHowell tables (tested)
}

// setBoards fills in each sitting's boards from its set.
func (p *Plan) setBoards(row []Sitting) {
	for i := range row {
		if row[i].Set > 0 {
			row[i].First = (row[i].Set-1)*p.Boards + 1
			row[i].Last = row[i].Set * p.Boards
		}
	}
}

// TotalBoards is the number of boards the event plays (0 in a progressive
// or pivot game).
func (p *Plan) TotalBoards() int { return p.Sets * p.Boards }

// SetOf is the set a board belongs to, or 0 if the plan has no such board.
func (p *Plan) SetOf(board int) int {
	if board < 1 || board > p.TotalBoards() {
		return 0
	}
	return (board-1)/p.Boards + 1
}

// At is the sitting at which table plays board, or false if the plan does
// not have that board played there.
func (p *Plan) At(table, board int) (Sitting, bool) {
	set := p.SetOf(board)
	if set == 0 || table < 1 || table > p.Tables {
		return Sitting{}, false
	}
	for _, row := range p.Sittings {
		if row[table-1].Set == set && row[table-1].Plays() {
			return row[table-1], true
		}
	}
	return Sitting{}, false
}

// TableBoards is the boards a table plays, round by round.
func (p *Plan) TableBoards(table int) []int {
	var out []int
	if table < 1 || table > p.Tables {
		return nil
	}
	for _, row := range p.Sittings {
		out = append(out, row[table-1].Boards()...)
	}
	return out
}

// Round is a round of a progressive or pivot game: the round in which a
// session's hand number falls, with Boards deals a round (from 1; rounds
// go on past the plan's, starting it again).
func (p *Plan) Round(hand int) int {
	if p.Boards == 0 || hand < 1 {
		return 1
	}
	return (hand-1)/p.Boards + 1
}

// Origin says who sits in seat at table in round of a progressive or
// pivot game, as where that player sat at the start: the table and seat
// the players were first named at (their session's opening). first is the
// pivot's first dealer, who sits still. Rounds past the plan's start it
// again (a progressive game of more rounds than tables; a pivot of more
// than three rubbers).
func (p *Plan) Origin(table, round int, seat, first cards.Seat) (int, cards.Seat) {
	switch p.Kind {
	case Progressive:
		if seat.Partnership() == cards.EW {
			return ewAt(table, mod(round-1, p.Tables)+1, p.Tables), seat
		}
	case Pivot:
		// Each rotation: left -> right (behind her), right -> opposite,
		// opposite -> left. Undo k rotations to find where the player in
		// seat started.
		k := mod(round-1, 3)
		s := seat
		for range k {
			switch s {
			case first.Plus(3, 4):
				s = first.Plus(1, 4)
			case first.Plus(2, 4):
				s = first.Plus(3, 4)
			case first.Plus(1, 4):
				s = first.Plus(2, 4)
			}
		}
		return table, s
	}
	return table, seat
}

// WithPairs sizes a Mitchell or a Howell by its number of pairs: two a
// table, an odd pair making a table with a phantom (a sit-out). tables,
// when not 0, must be the tables that many pairs need.
func (s Spec) WithPairs(pairs, tables int) (Spec, error) {
	limit := MaxTables
	if s.Kind == Howell {
		limit = MaxHowell
	}
	switch {
	case s.Kind != Mitchell && s.Kind != Howell:
		return s, bad(string(s.Kind), "only a Mitchell or a Howell is sized by its pairs; give --tables")
	case pairs < MinPairs || pairs > 2*limit:
		return s, bad(strconv.Itoa(pairs), fmt.Sprintf("a %s is planned for %d to %d pairs", s.Kind, MinPairs, 2*limit))
	case tables != 0 && tables != TablesFor(pairs):
		return s, bad(strconv.Itoa(tables), fmt.Sprintf("%d pairs sit at %d tables, not %d: give --pairs or --tables, or both agreeing", pairs, TablesFor(pairs), tables))
	}
	s.Tables, s.Pairs = TablesFor(pairs), 0
	if pairs%2 == 1 {
		s.Pairs = pairs
	}
	return s, nil
}

// WithArrow arrow-switches the rounds text names in a Mitchell ("3,6",
// "last"; see ParseRounds).
func (s Spec) WithArrow(text string) (Spec, error) {
	if s.Kind != Mitchell {
		return s, bad(string(s.Kind), "only a Mitchell is arrow-switched: in a Howell every pair already plays both ways")
	}
	rounds, err := ParseRounds(text, s.rounds())
	if err != nil {
		return s, err
	}
	s.Arrow = rounds
	return s, nil
}
