package projections

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/movement"
)

// Placement is where a session sits in an event played at several tables:
// the fields of its session.opened (schema 2) that say so. `hoyle new
// --event --table --room --home --visit --movement` sets them; an import
// sets them from PBN's Event, Table, Room, HomeTeam and VisitTeam (LIN's
// event and table likewise), Room in lower case (NormalRoom). A session
// with no Event is played on its own and compared with nothing.
type Placement struct {
	Event     string
	Table     string
	Room      string // table.RoomOpen, table.RoomClosed or ""
	HomeTeam  string
	VisitTeam string
	Movement  string // as movement.Parse reads it; "" for none
}

// Placement is where the session sits in an event.
func (s *Session) Placement() Placement { return PlacementOf(&s.Opened) }

// PlacementOf reads a session.opened's placement.
func PlacementOf(o *table.SessionOpened) Placement {
	return Placement{Event: o.Event, Table: o.Table, Room: o.Room, HomeTeam: o.HomeTeam, VisitTeam: o.VisitTeam, Movement: o.Movement}
}

// Set writes the placement into a session.opened.
func (p Placement) Set(o *table.SessionOpened) {
	o.Event, o.Table, o.Room, o.HomeTeam, o.VisitTeam, o.Movement = p.Event, p.Table, p.Room, p.HomeTeam, p.VisitTeam, p.Movement
}

// InEvent reports whether the session belongs to an event.
func (p Placement) InEvent() bool { return p.Event != "" }

// Teams is the team sitting North-South and the one sitting East-West:
// the home team sits North-South in the open room and where no room is
// given (a table of a match whose two tables swap seats, as PBN files of
// team matches number them), East-West in the closed room. Both "" when
// the session names no teams.
func (p Placement) Teams() (ns, ew string) {
	if p.Room == table.RoomClosed {
		return p.VisitTeam, p.HomeTeam
	}
	return p.HomeTeam, p.VisitTeam
}

// TableNumber is the table as a number, when it is one (from 1).
func (p Placement) TableNumber() (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(p.Table))
	return n, err == nil && n >= 1
}

// Plan is the session's movement worked out, or nil when it has none.
func (p Placement) Plan() (*movement.Plan, error) {
	if p.Movement == "" {
		return nil, nil
	}
	spec, err := movement.Parse(p.Movement)
	if err != nil {
		return nil, err
	}
	return spec.Plan()
}

// NormalRoom reads a room as PBN and scorers write it ("Open", "closed",
// "O", "C") into table.RoomOpen or table.RoomClosed; "" stays "".
func NormalRoom(room string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(room)) {
	case "":
		return "", nil
	case "open", "o":
		return table.RoomOpen, nil
	case "closed", "c":
		return table.RoomClosed, nil
	}
	return "", fmt.Errorf("%w: the room %s: a room is open or closed", game.ErrBadOption, cards.Quote(room))
}

// Check checks a new session's placement against its game: names
// that are printable text, a room that is open or closed, teams named both
// or neither, a movement that can be played by this game with the table a
// number in it. It returns the placement as it is to be recorded (the
// room and movement written out in full).
func (p Placement) Check(rs game.Ruleset, opts game.Options) (Placement, error) {
	for _, f := range []struct{ what, v string }{{"event", p.Event}, {"table", p.Table}, {"home team", p.HomeTeam}, {"visiting team", p.VisitTeam}} {
		if !printable(f.v) {
			return p, fmt.Errorf("%w: the %s %s holds control characters", game.ErrBadOption, f.what, cards.Quote(f.v))
		}
	}
	p.Event, p.Table = strings.TrimSpace(p.Event), strings.TrimSpace(p.Table)
	p.HomeTeam, p.VisitTeam = strings.TrimSpace(p.HomeTeam), strings.TrimSpace(p.VisitTeam)
	room, err := NormalRoom(p.Room)
	if err != nil {
		return p, err
	}
	p.Room = room
	switch {
	case (p.HomeTeam == "") != (p.VisitTeam == ""):
		return p, fmt.Errorf("%w: a team match names both teams, the home team and the visiting team", game.ErrBadOption)
	case p.HomeTeam != "" && strings.EqualFold(p.HomeTeam, p.VisitTeam):
		return p, fmt.Errorf("%w: the home and visiting teams are both %q", game.ErrBadOption, p.HomeTeam)
	case p.Event == "" && (p.Table != "" || p.Room != "" || p.HomeTeam != "" || p.Movement != ""):
		return p, fmt.Errorf("%w: a table, a room, teams or a movement belong to an event: give --event NAME too", game.ErrBadOption)
	}
	if p.Movement == "" {
		return p, nil
	}
	spec, err := movement.Parse(p.Movement)
	if err != nil {
		return p, fmt.Errorf("%w: %w", game.ErrBadOption, err)
	}
	p.Movement = spec.String()
	seating := rs.Seating()
	br, boards := rs.(game.BoardRules)
	switch {
	case spec.Duplicate() && !(boards && br.Duplicate(opts)):
		return p, fmt.Errorf("%w: a %s movement moves duplicate boards; %s is not played by boards here (contract with --scoring duplicate, or duplicate-whist)",
			game.ErrBadOption, spec.Kind, rs.Info().Title)
	case !seating.Compass || seating.Seats != 4:
		return p, fmt.Errorf("%w: a %s movement moves pairs of partners; %s is not played by two pairs", game.ErrBadOption, spec.Kind, rs.Info().Title)
	case reseats(rs):
		return p, fmt.Errorf("%w: %s seats its players by its own rule, hand by hand; it is not played under a movement", game.ErrBadOption, rs.Info().Title)
	case p.HomeTeam != "" || p.Room != "":
		return p, fmt.Errorf("%w: a %s movement moves pairs, not the teams of a match", game.ErrBadOption, spec.Kind)
	}
	if spec.Kind == movement.Pivot {
		if p.Table == "" {
			p.Table = "1"
		}
		return p, nil
	}
	if n, ok := p.TableNumber(); !ok || n > spec.Tables {
		return p, fmt.Errorf("%w: under the movement %s the table is a number from 1 to %d (--table); got %q",
			game.ErrBadOption, spec, spec.Tables, p.Table)
	}
	return p, nil
}

func reseats(rs game.Ruleset) bool {
	_, ok := rs.(game.Reseater)
	return ok
}

// progressiveScoring scores a table of a progressive game as one, where
// its code is otherwise scored by rubbers (game.ProgressiveScoring): "In
// all progressive games ... there are no rubbers or games" (Foster's
// Complete Hoyle, 1914). The movement sets the option unless the scorer
// gave it; a scorer who asked for rubbers is told why not.
func progressiveScoring(rs game.Ruleset, given map[string]string, p Placement, opts []table.Option) ([]table.Option, error) {
	spec, err := movement.Parse(p.Movement)
	if err != nil || spec.Kind != movement.Progressive {
		return opts, nil
	}
	offered := false
	for _, o := range rs.Info().Options {
		offered = offered || o.Name == game.ProgressiveScoring.Name && slices.Contains(o.Values, "progressive")
	}
	if !offered {
		return opts, nil
	}
	if v, ok := given[game.ProgressiveScoring.Name]; ok && !strings.EqualFold(strings.TrimSpace(v), "progressive") {
		return nil, fmt.Errorf("%w: a table of a progressive movement has no rubbers (%s): leave out --option scoring=%s", game.ErrBadOption, game.ProgressiveText, v)
	}
	out := slices.Clone(opts)
	for i := range out {
		if out[i].Name == game.ProgressiveScoring.Name {
			out[i].Value = "progressive"
		}
	}
	return out, nil
}

// movementBoard checks a deal against the session's movement. At a table
// of a Mitchell or a Howell the boards come round by round: a deal is a
// board of the round the table is in (the latest round it has played a
// board of; at first the first round it plays, a round in which its pair
// sits out being passed over) not yet played there, or a board of the next
// round, which moves the table on. A deal that names no board is the
// table's next board in that order. A board of an earlier round has gone
// on to another table, and one of a later round has not come yet: either is
// a board carried to the wrong table, a mistake best caught while the board
// is still in the scorer's hands, since a result recorded for it could not
// be compared with the right tables. Boards left unplayed in a round the
// table has moved on from are reported by hoyle compare.
func (s *Session) movementBoard(spec *DealSpec) error {
	p := s.Placement()
	plan, err := p.Plan()
	if err != nil || plan == nil || !plan.Duplicate() {
		return err
	}
	tb, _ := p.TableNumber()
	played := map[int]int{}
	round := 0
	for _, h := range s.Hands {
		if st, ok := plan.At(tb, h.Board); ok {
			played[h.Board] = h.Number
			round = max(round, st.Round)
		}
	}
	// playing is the first round from r in which the table plays: a
	// round in which its pair sits out (an odd number of pairs) is passed.
	playing := func(r int) int {
		for r >= 1 && r <= plan.Rounds && !plan.Sittings[r-1][tb-1].Plays() {
			r++
		}
		return r
	}
	now, next := max(round, playing(1)), playing(round+1)
	inRound := func(r int) (first int, all []int) {
		if r < 1 || r > plan.Rounds {
			return 0, nil
		}
		for _, b := range plan.Sittings[r-1][tb-1].Boards() {
			all = append(all, b)
			if first == 0 && played[b] == 0 {
				first = b
			}
		}
		return first, all
	}
	if spec.Board == 0 {
		for _, r := range []int{now, next} {
			if b, _ := inRound(r); b != 0 {
				spec.Board = b
				return nil
			}
		}
		return game.Illegal("deal", fmt.Sprintf("table %d has played its boards of the movement %s (%s)", tb, plan.Spec, boardRanges(plan, tb)), "")
	}
	st, ok := plan.At(tb, spec.Board)
	if !ok {
		return game.Illegal(fmt.Sprintf("board %d", spec.Board),
			fmt.Sprintf("the movement %s has boards 1 to %d; table %d plays %s", plan.Spec, plan.TotalBoards(), tb, boardRanges(plan, tb)), "")
	}
	if h := played[spec.Board]; h != 0 {
		return game.Illegal(fmt.Sprintf("board %d", spec.Board), fmt.Sprintf("board %d was played at this table already (hand %d); undo that deal to play it again", spec.Board, h), "")
	}
	if st.Round == now || (round > 0 && st.Round == next) {
		return nil
	}
	_, here := inRound(now)
	want := fmt.Sprintf("table %d is in round %d, with boards %s", tb, now, rangeText(here))
	if first, nextAll := inRound(next); round > 0 && first != 0 {
		want += fmt.Sprintf(", then boards %s in round %d", rangeText(nextAll), next)
	}
	return game.Illegal(fmt.Sprintf("board %d", spec.Board),
		fmt.Sprintf("the movement %s brings board %d to table %d in round %d, and %s (hoyle movement %s %s prints the plan)",
			plan.Spec, spec.Board, tb, st.Round, want, plan.Kind, movementFlags(plan.Spec)), "")
}

// rangeText writes boards as "5-6", or "5" for one.
func rangeText(boards []int) string {
	switch len(boards) {
	case 0:
		return "none"
	case 1:
		return strconv.Itoa(boards[0])
	}
	return fmt.Sprintf("%d-%d", boards[0], boards[len(boards)-1])
}

// boardRanges is a table's boards round by round: "1-2 (round 1), 3-4
// (round 2)".
func boardRanges(plan *movement.Plan, tb int) string {
	var parts []string
	for _, row := range plan.Sittings {
		st := row[tb-1]
		if st.Set == 0 || !st.Plays() {
			continue // a progressive game's own deals; a round sat out
		}
		parts = append(parts, fmt.Sprintf("%s (round %d)", rangeText(st.Boards()), st.Round))
	}
	return strings.Join(parts, ", ")
}

// movementFlags are the flags of hoyle movement that print a plan.
func movementFlags(spec movement.Spec) string {
	out := fmt.Sprintf("--tables %d --boards %d", spec.Tables, spec.Boards)
	if spec.Pairs != 0 {
		out = fmt.Sprintf("--pairs %d --boards %d", spec.Pairs, spec.Boards)
	}
	if len(spec.Arrow) > 0 {
		out += " --arrow-switch " + spec.ArrowRounds(",")
	}
	return out
}
