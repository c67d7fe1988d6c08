package compare

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/movement"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/rules/whist"
	"github.com/hoyle/hoyle/projections/ruling"
)

// tally adds up one team's, pair's or player's scores.
type tally struct {
	side   side
	score  float64
	top    float64
	boards int
}

type tallies struct {
	by    map[string]*tally
	order []string
}

func newTallies() *tallies { return &tallies{by: map[string]*tally{}} }

func (ts *tallies) add(s side, score, top float64) {
	t, ok := ts.by[s.key]
	if !ok {
		t = &tally{side: s}
		ts.by[s.key] = t
		ts.order = append(ts.order, s.key)
	}
	t.score += score
	t.top += top
	t.boards++
}

// penalize takes a procedural penalty from a side's total (Law 90): not a
// board of its own, and no part of the top.
func (ts *tallies) penalize(s side, v float64) {
	if t, ok := ts.by[s.key]; ok {
		t.score -= v
	}
}

func (ts *tallies) list() []*tally {
	out := make([]*tally, 0, len(ts.order))
	for _, k := range ts.order {
		out = append(out, ts.by[k])
	}
	return out
}

// matchOf is the key of the match two teams play: the two, in order.
func matchOf(a, b side) [2]string {
	if a.key > b.key {
		a, b = b, a
	}
	return [2]string{a.key, b.key}
}

// teams scores a team match: each result gets North-South's IMPs against
// the other room of its match, the same board with the teams' seats
// swapped (the average, should the other room have played it twice). A
// room given an artificial score gives each team its award (avg+ +3 IMPs,
// avg- -3, Law 12C2); a weighted score's IMPs are weighted (Law 12C1(c));
// rooms that played different forms of a fouled board are not compared
// (Law 87).
func teams(ev *Event, boards map[int][]*entry, numbers []int, warn func(string, ...any)) {
	for _, n := range numbers {
		dealGroups(boards[n]) // each result's group of identical deals
	}
	matchTeams(ev, boards, numbers, warn, func(e *entry, others []*entry) bool {
		if e.artificial() {
			e.result.IMPs = num(e.ruled.awards[0].IMPs())
			return true
		}
		for _, o := range others {
			if o.artificial() {
				// e's North-South team sat East-West in o's room.
				e.result.IMPs = num(o.ruled.awards[1].IMPs())
				return true
			}
		}
		sum, n := 0.0, 0
		for _, o := range others {
			if o.group != e.group {
				continue
			}
			sum += impsAgainst(e.choices(), o.choices())
			n++
		}
		if n == 0 {
			warn("board %d: %s and its other room played different forms of the board (fouled, Law 87): not compared; give an adjusted score with hoyle adjust",
				e.play.Board, tableName(e.table))
			return false
		}
		e.result.IMPs = num(sum / float64(n))
		return true
	}, func(e *entry) float64 { return *e.result.IMPs }, func(t *Total, v float64) { t.IMPs = num(v) })
}

// matchTeams pairs the results of each board by match and scores each
// against its other room with score; value reads back what score gave
// North-South. Totals are by team, and each match's score is kept.
func matchTeams(ev *Event, boards map[int][]*entry, numbers []int, warn func(string, ...any),
	score func(e *entry, others []*entry) bool, value func(e *entry) float64, put func(*Total, float64)) {
	totals := newTallies()
	matches := map[[2]string]*Match{}
	var matchOrder [][2]string
	for _, n := range numbers {
		groups := map[[2]string][]*entry{}
		var order [][2]string
		for _, e := range boards[n] {
			k := matchOf(e.ns, e.ew)
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], e)
		}
		for _, k := range order {
			group := groups[k]
			compared := false
			for _, e := range group {
				var others []*entry
				for _, o := range group {
					if o.ns.key == e.ew.key {
						others = append(others, o)
					}
				}
				if len(others) == 0 || !score(e, others) {
					continue
				}
				v := value(e)
				totals.add(e.ns, v, 0)
				m, ok := matches[k]
				if !ok {
					m = &Match{}
					a, b := e.ns, e.ew
					if a.key != k[0] {
						a, b = b, a
					}
					m.Teams = [2]string{a.name, b.name}
					matches[k] = m
					matchOrder = append(matchOrder, k)
				}
				// Each team's column is what it won: a board's gain is
				// counted once, by the room whose North-South gained.
				if v > 0 && e.ns.key == k[0] {
					m.IMPs[0] += v
				} else if v > 0 {
					m.IMPs[1] += v
				}
				compared = true
			}
			if compared {
				matches[k].Boards++
			} else if len(group) > 1 {
				warn("board %d: %d results of %s v %s, but none with the teams' seats swapped: nothing to compare",
					n, len(group), group[0].ns.name, group[0].ew.name)
			}
		}
	}
	// Procedural penalties (Law 90) after the boards: IMPs from the team's
	// score in the match, before its VPs; VPs from its VPs after.
	vpPenalty := map[[2]string][2]float64{}
	for _, n := range numbers {
		for _, e := range boards[n] {
			if e.ruled == nil {
				continue
			}
			k := matchOf(e.ns, e.ew)
			m := matches[k]
			for _, pen := range e.ruled.penalties {
				if m == nil {
					warn("board %d at %s: a procedural penalty in a match with nothing compared: left out", n, tableName(e.table))
					break
				}
				for i, team := range []side{e.ns, e.ew} {
					col := 0
					if team.key != k[0] {
						col = 1
					}
					switch pen[i].Kind {
					case ruling.VPs:
						v := vpPenalty[k]
						v[col] += pen[i].Value
						vpPenalty[k] = v
					default:
						m.IMPs[col] -= pen[i].Value
						totals.penalize(team, pen[i].Value)
					}
				}
			}
		}
	}
	withVPs := ev.Scoring == ScoringIMPs
	vps := map[string]float64{} // by team key
	scales := map[int]VPTable{}
	for _, k := range matchOrder {
		m := *matches[k]
		m.IMPs = [2]float64{*num(m.IMPs[0]), *num(m.IMPs[1])}
		if withVPs {
			scale, ok := scales[m.Boards]
			if !ok {
				scale = NewVPTable(m.Boards, ev.VPScale)
				scales[m.Boards] = scale
			}
			v := scale.VPs(m.IMPs[0], m.IMPs[1])
			p := vpPenalty[k]
			v = [2]float64{*num(v[0] - p[0]), *num(v[1] - p[1])}
			m.VPs = &v
			vps[k[0]] += v[0]
			vps[k[1]] += v[1]
		}
		ev.Matches = append(ev.Matches, m)
	}
	scores := map[string][2]float64{}
	for _, t := range totals.list() {
		tot := Total{Name: t.side.name, Boards: t.boards}
		put(&tot, t.score)
		key := [2]float64{t.score, 0}
		if withVPs {
			tot.VPs = num(vps[t.side.key])
			// Ranked by VPs; equal VPs by the IMP difference.
			key = [2]float64{*tot.VPs, t.score}
		}
		scores[t.side.name] = key
		ev.Totals = append(ev.Totals, tot)
	}
	rankBy(ev.Totals, func(t Total) [2]float64 { return scores[t.Name] })
}

// pairs scores a pairs event by matchpoints (Law 78A) across every table
// that played each board, with Neuberg's adjustment for a board played
// fewer times than the most any board was. The director's rulings are
// scored as the laws say (see rulings.go): an artificial score is its
// percentage of the top, the others matchpointed without it and factored
// up; a fouled board is matchpointed in its groups of identical deals,
// each factored to the full top (Law 87B).
func pairs(ev *Event, boards map[int][]*entry, numbers []int, plan *movement.Plan) {
	most := 0
	for _, n := range numbers {
		most = max(most, len(boards[n]))
	}
	totals := newTallies()
	if most >= 2 {
		top := contract.Top(most)
		for _, n := range numbers {
			es := boards[n]
			groups, _ := dealGroups(es)
			for _, g := range groups {
				for _, e := range g {
					units := 0.0
					for _, o := range g {
						if o != e {
							units += beats(e.choices(), o.choices())
						}
					}
					u := Neuberg(units, len(g), most)
					e.result.Matchpoints = num(u)
					e.result.Percent = num(100 * u / top)
					totals.add(e.ns, u, top)
					totals.add(e.ew, top-u, top)
				}
			}
			for _, e := range es {
				e.top = num(top)
				if !e.artificial() {
					continue
				}
				ns := top * e.ruled.awards[0].Percentage() / 100
				ew := top * e.ruled.awards[1].Percentage() / 100
				e.result.Matchpoints, e.result.Percent = num(ns), num(e.ruled.awards[0].Percentage())
				e.result.MatchpointsEW, e.result.PercentEW = num(ew), num(e.ruled.awards[1].Percentage())
				totals.add(e.ns, ns, top)
				totals.add(e.ew, ew, top)
			}
			// Procedural penalties (Law 90): from the side's total, after
			// the board is scored.
			for _, e := range es {
				if e.ruled == nil {
					continue
				}
				for _, pen := range e.ruled.penalties {
					for i, s := range []side{e.ns, e.ew} {
						v := pen[i].Value
						if pen[i].Kind == ruling.Percent {
							v = top * v / 100
						}
						totals.penalize(s, v)
					}
				}
			}
		}
	}
	pairTotals(ev, totals, plan, func(t *tally, tot *Total) {
		tot.Matchpoints, tot.Top = num(t.score), num(t.top)
		if t.top > 0 {
			tot.Percent = num(100 * t.score / t.top)
		}
	}, func(t Total) float64 {
		if t.Percent == nil {
			return 0
		}
		return *t.Percent
	})
}

// Neuberg adjusts matchpoint units (two a result beaten, one a tie) won
// on a board with n results to an event whose boards have up to most:
// (units+1) * most/n - 1. A board played as often as the most is left as
// it is.
func Neuberg(units float64, n, most int) float64 {
	if n >= most || n < 1 {
		return units
	}
	return (units+1)*float64(most)/float64(n) - 1
}

// byDirection reports whether a movement's pairs are ranked by direction:
// a Mitchell's, whose North-South pairs never meet the East-West field
// for a place. An arrow switch turns the pairs round, so they are one
// field, as a Howell's are.
func byDirection(plan *movement.Plan) bool {
	return plan != nil && plan.Kind == movement.Mitchell && len(plan.Arrow) == 0
}

// pairTotals turns pairs' tallies into ranked totals; a Mitchell ranks its
// North-South and East-West fields apart (not one arrow-switched).
func pairTotals(ev *Event, totals *tallies, plan *movement.Plan, fill func(*tally, *Total), score func(Total) float64) {
	for _, t := range totals.list() {
		tot := Total{Name: t.side.name, Players: t.side.players, Boards: t.boards}
		if byDirection(plan) {
			tot.Field = t.side.field
		}
		fill(t, &tot)
		ev.Totals = append(ev.Totals, tot)
	}
	rank(ev.Totals, score)
}

// revokeMark is Law X's "+R" / "-R" for a play with a penalised revoke.
func revokeMark(p Play) string {
	if p.Revokes[0] == 0 && p.Revokes[1] == 0 {
		return ""
	}
	var parts []string
	for s, side := range []string{"NS", "EW"} {
		switch {
		case p.Revokes[s] > p.Revokes[1-s]:
			parts = append(parts, side+" -R")
		case p.Revokes[s] < p.Revokes[1-s]:
			parts = append(parts, side+" +R")
		}
	}
	return strings.Join(parts, ", ")
}

func whistPlay(p Play) whist.LawXPlay {
	total := p.Deal
	if total == 0 {
		total = 13
	}
	return whist.LawXPlay{NS: p.NSTricks, Total: total, Revokes: p.Revokes, Before: p.Before}
}

// whistPairs scores a duplicate whist pair match: each pair's tricks above
// or below the average of every table on the deal, revokes by Law X.
func whistPairs(ev *Event, boards map[int][]*entry, numbers []int, plan *movement.Plan) {
	totals := newTallies()
	for _, n := range numbers {
		es := boards[n]
		if len(es) < 2 {
			continue
		}
		plays := make([]whist.LawXPlay, len(es))
		for i, e := range es {
			plays[i] = whistPlay(e.play)
		}
		adj, avg := whist.LawX(plays, true)
		for i, e := range es {
			ns, ew := adj[i][cards.NS]-avg[cards.NS], adj[i][cards.EW]-avg[cards.EW]
			e.result.Plus, e.result.PlusEW, e.result.Revoke = num(ns), num(ew), revokeMark(e.play)
			totals.add(e.ns, ns, 0)
			totals.add(e.ew, ew, 0)
		}
	}
	pairTotals(ev, totals, plan, func(t *tally, tot *Total) { tot.Tricks = num(t.score) },
		func(t Total) float64 { return *t.Tricks })
}

// whistTeams scores a duplicate whist team match trick for trick: a team's
// tricks North-South in one room and East-West in the other, less the
// deal's, revokes by Law X against the match's average.
func whistTeams(ev *Event, boards map[int][]*entry, numbers []int, warn func(string, ...any)) {
	matchTeams(ev, boards, numbers, warn, func(e *entry, others []*entry) bool {
		group := append([]*entry{e}, others...)
		plays := make([]whist.LawXPlay, len(group))
		for i, g := range group {
			plays[i] = whistPlay(g.play)
		}
		adj, _ := whist.LawX(plays, false)
		sum := 0.0
		for i := range others {
			sum += adj[0][cards.NS] + adj[i+1][cards.EW] - float64(plays[0].Total)
		}
		plus := sum / float64(len(others))
		e.result.Plus, e.result.Revoke = num(plus), revokeMark(e.play)
		return true
	}, func(e *entry) float64 { return *e.result.Plus }, func(t *Total, v float64) { t.Tricks = num(v) })
}

// individual totals each player's own score in a progressive or pivot
// game: what his side scored on each hand he played, wherever the
// movement seated him, the players named as their sessions first seated
// them.
func individual(ev *Event, tables []Table, plan *movement.Plan, warn func(string, ...any)) {
	byTable := map[string]*Table{}
	for i := range tables {
		t := &tables[i]
		key := t.Place.Table
		if key == "" && plan.Kind == movement.Pivot {
			key = "1"
		}
		if _, dup := byTable[key]; !dup {
			byTable[key] = t
		}
	}
	totals := newTallies()
	for i := range tables {
		t := &tables[i]
		tb, ok := t.Place.TableNumber()
		if plan.Kind == movement.Pivot {
			tb, ok = 1, true
		}
		if !ok {
			warn("session %s: table %q is not a number, which the %s movement needs: left out", t.Session, t.Place.Table, plan.Kind)
			continue
		}
		for _, hp := range t.Hands {
			round := plan.Round(hp.Hand)
			if plan.Kind == movement.Pivot && plan.Boards == 0 {
				round = max(hp.Rubber, 1)
			}
			for seat := cards.North; seat <= cards.West; seat++ {
				ot, os := plan.Origin(tb, round, seat, t.Dealer)
				originKey := t.Place.Table
				if plan.Kind != movement.Pivot {
					originKey = fmt.Sprint(ot)
				}
				s := playerSide(byTable[originKey], originKey, os)
				totals.add(s, float64(hp.Points[seat.Partnership()]), 0)
			}
		}
	}
	for _, t := range totals.list() {
		p := int(t.score)
		ev.Totals = append(ev.Totals, Total{Name: t.side.name, Boards: t.boards, Points: &p})
	}
	rank(ev.Totals, func(t Total) float64 { return float64(*t.Points) })
}

// playerSide is one player as a "side" of the totals: named as his
// session seated him at first, or by his first table and seat.
func playerSide(t *Table, table string, seat cards.Seat) side {
	if t != nil && int(seat) < len(t.Players) && strings.TrimSpace(t.Players[seat]) != "" {
		name := strings.TrimSpace(t.Players[seat])
		return side{key: strings.ToLower(name), name: name}
	}
	name := fmt.Sprintf("table %s %s", table, seat.Name())
	return side{key: strings.ToLower(name), name: name}
}
