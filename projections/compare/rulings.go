package compare

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/ruling"
)

// How the director's rulings are scored (projections/ruling reads them):
//
//   - An artificial adjusted score (Law 12C2) at pairs is 60, 50 or 40% of
//     the board's top (avg+, avg, avg-), or the percentage given, for each
//     side apart; the other results on the board are matchpointed among
//     themselves, without it, and factored to the full top by Neuberg's
//     formula. At teams avg+ and avg- are +3 and -3 IMPs.
//   - An assigned adjusted score (Law 12C1(b)) is scored as if played.
//   - A weighted score (Law 12C1(c)) earns the weighted sum of what each of
//     its results would earn, and each other result earns against it the
//     weighted sum of what it would earn against each.
//   - A procedural penalty (Law 90) is taken from the side's total after
//     the board is scored: the board's matchpoints and IMPs stay.
//   - A fouled board (Law 87B) is scored within each group of identical
//     deals, each group factored to the full top by Neuberg.

// judged is what compare made of a table's rulings on one board.
type judged struct {
	score     *table.RulingAdjusted // the adjusted score in force (the latest), or nil
	awards    [2]ruling.Award       // an artificial score's, NS and EW
	outcomes  []ruling.Outcome      // an assigned or weighted score's
	penalties [][2]ruling.Award     // procedural penalties, NS and EW
	texts     []string              // the penalties as the traveller says them
}

// artificial reports whether the entry was given an artificial score.
func (e *entry) artificial() bool {
	return e.ruled != nil && e.ruled.score != nil && e.ruled.score.Kind == table.RulingArtificial
}

// judge reads a table's rulings, board by board, for an event of form; a
// ruling that cannot be read for it is left out with a warning.
func judge(t *Table, form string, warn func(string, ...any)) map[int]*judged {
	out := map[int]*judged{}
	for i := range t.Rulings {
		r := &t.Rulings[i]
		awards, outcomes, err := ruling.Check(*r, form)
		if err != nil {
			warn("board %d at %s: the ruling %s cannot be scored at a %s event (%v): left out", r.Board, tableName(t),
				ruling.Text(*r), form, err)
			continue
		}
		j := out[r.Board]
		if j == nil {
			j = &judged{}
			out[r.Board] = j
		}
		if r.Kind == table.RulingProcedural {
			j.penalties = append(j.penalties, awards)
			j.texts = append(j.texts, penaltyText(*r, form))
			continue
		}
		// The latest adjusted score on a board stands: a director who
		// changes his mind rules again (or withdraws the first).
		j.score, j.awards, j.outcomes = r, awards, outcomes
	}
	return out
}

// penaltyText is a procedural penalty as the traveller says it: "EW loses
// 10% of the top", "NS loses 2 IMPs".
func penaltyText(r table.RulingAdjusted, form string) string {
	var parts []string
	for _, x := range [][2]string{{"NS", r.NS}, {"EW", r.EW}} {
		v := strings.TrimLeft(x[1], "+-")
		switch {
		case v == "" || v == "0":
			continue
		case strings.HasSuffix(v, "%"):
			v += " of the top"
		case strings.HasSuffix(strings.ToUpper(v), "VP"):
			v = strings.TrimSuffix(strings.TrimSuffix(v, "VP"), "vp") + " VPs"
		case form == ruling.Teams:
			v += " IMPs"
		default:
			v += " matchpoints"
		}
		parts = append(parts, x[0]+" loses "+v)
	}
	return strings.Join(parts, ", ")
}

// markRuling fills in what a result says of its ruling.
func (e *entry) markRuling() {
	j := e.ruled
	if j == nil {
		return
	}
	e.result.Penalty = strings.Join(j.texts, "; ")
	r := j.score
	if r == nil {
		return
	}
	e.result.Ruling, e.result.Law = r.Kind, r.Law
	var text string
	switch r.Kind {
	case table.RulingArtificial:
		text = j.awards[0].Text()
		if j.awards[1] != j.awards[0].Complement() {
			text = "NS " + j.awards[0].Text() + ", EW " + j.awards[1].Text()
		}
		e.result.Contract, e.result.Declarer, e.result.Tricks, e.result.NS = "", "-", 0, 0
	case table.RulingAssigned:
		text = ruling.ScoresText(r.Scores)
		s := r.Scores[0]
		e.result.Contract, e.result.Declarer, e.result.Tricks, e.result.NS = s.Contract, s.Declarer.String(), s.Tricks, j.outcomes[0].NS
	default:
		text = ruling.ScoresText(r.Scores)
		e.result.Contract, e.result.Declarer, e.result.Tricks, e.result.NS = "", "-", 0, 0
	}
	e.result.Adjusted = &text
}

// choices are the scores an entry stands for, with their weights: the
// one played (or assigned), or a weighted score's.
func (e *entry) choices() []ruling.Outcome {
	if e.ruled != nil && e.ruled.score != nil && len(e.ruled.outcomes) > 0 {
		return e.ruled.outcomes
	}
	return []ruling.Outcome{{NS: e.play.NS, Weight: 1}}
}

// beats is what a earns against b in matchpoint units (two a result
// beaten, one a tie, Law 78A), each weighted.
func beats(a, b []ruling.Outcome) float64 {
	u := 0.0
	for _, x := range a {
		for _, y := range b {
			switch {
			case x.NS > y.NS:
				u += 2 * x.Weight * y.Weight
			case x.NS == y.NS:
				u += x.Weight * y.Weight
			}
		}
	}
	return u
}

// impsAgainst is North-South's IMPs of a against b, each weighted (Law
// 78B).
func impsAgainst(a, b []ruling.Outcome) float64 {
	v := 0.0
	for _, x := range a {
		for _, y := range b {
			v += x.Weight * y.Weight * float64(contract.IMPs(x.NS-y.NS))
		}
	}
	return v
}

// dealGroups splits a board's results that are compared (not given an
// artificial score) into groups of identical deals (Law 87B). The first
// group is the board's correct form: the deal most tables played that no
// table recorded as fouled (on a tie, the first played); a result whose
// cards are not known is counted with it. A result its table recorded as
// fouled (deal --fouled: its cards differ from the event's hand record) is
// never in that group, even where its cards are those most tables played
// or the only ones known: the hand record is the board as dealt, and a
// form that differs from it is one the others did not play (Law 87A).
// fouled is whether there is more than one group; the results of the
// others are marked Fouled.
func dealGroups(es []*entry) (groups [][]*entry, fouled bool) {
	var scored []*entry
	count := map[string]int{}
	var order []string
	unknown := false // a result whose cards are not known, not called fouled
	for _, e := range es {
		if e.artificial() {
			continue
		}
		scored = append(scored, e)
		k := formOf(e.play)
		if k == "" {
			unknown = true
			continue
		}
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	main := ""
	for _, k := range order {
		if !strings.HasPrefix(k, calledFouled) && (main == "" || count[k] > count[main]) {
			main = k
		}
	}
	if main == "" && !unknown {
		// Every form known was called fouled: the most played is the
		// board's form among them.
		for _, k := range order {
			if main == "" || count[k] > count[main] {
				main = k
			}
		}
	}
	index := map[string]int{main: 0}
	groups = [][]*entry{nil}
	for _, k := range order {
		if k != main {
			index[k] = len(groups)
			groups = append(groups, nil)
		}
	}
	if len(groups) == 1 {
		if len(scored) == 0 {
			return nil, false
		}
		return [][]*entry{scored}, false
	}
	for _, e := range scored {
		g := index[formOf(e.play)] // cards not known: 0, the board's form
		e.group = g
		e.result.Fouled = g != 0
		groups[g] = append(groups[g], e)
	}
	return groups, true
}

// calledFouled prefixes the form of a deal its table recorded as fouled,
// so that it is grouped apart from the same cards not called so.
const calledFouled = "fouled:"

// formOf is the form of the board a play was on, for dealGroups: its
// cards, marked when its table called the board fouled; "" when neither
// its cards are known nor the board was called fouled.
func formOf(p Play) string {
	if p.Fouled {
		return calledFouled + p.Cards
	}
	return p.Cards
}

// groupText lists a fouled board's groups by table: "tables 1, 2 | table 3".
func groupText(groups [][]*entry) string {
	parts := make([]string, len(groups))
	for i, g := range groups {
		var ts []string
		for _, e := range g {
			ts = append(ts, e.table.Place.Table+roomText(e.table.Place.Room))
		}
		word := "table "
		if len(ts) > 1 {
			word = "tables "
		}
		parts[i] = word + strings.Join(ts, ", ")
	}
	return strings.Join(parts, " | ")
}

// RulingLines says, under a board's traveller, each ruling it was scored
// by, and how a fouled board was scored.
func (ev *Event) RulingLines(b Board) []string {
	var out []string
	if b.Groups > 1 {
		out = append(out, fmt.Sprintf("fouled (Law 87): played in %d forms, each scored apart and factored to the full top", b.Groups))
	}
	for _, r := range b.Results {
		where := "table " + r.Table + roomText(r.Room)
		if r.Adjusted != nil {
			what := *r.Adjusted
			switch r.Ruling {
			case table.RulingAssigned:
				what += ", assigned"
			case table.RulingWeighted:
				what += ", weighted"
			default:
				what += ", artificial"
			}
			out = append(out, fmt.Sprintf("%s: %s (%s)", where, what, r.Law))
		}
		if r.Penalty != "" {
			out = append(out, fmt.Sprintf("%s: %s (procedural penalty, %s)", where, r.Penalty, ruling.LawProcedural))
		}
	}
	return out
}

// tableContract is a result's contract in the traveller, marked when the
// director adjusted it: "avg+", "4S (assigned)", "weighted".
func tableContract(r Result) string {
	switch {
	case r.Adjusted == nil:
		return r.Contract
	case r.Ruling == table.RulingAssigned:
		return r.Contract + " (assigned)"
	case r.Ruling == table.RulingWeighted:
		return "weighted"
	}
	return *r.Adjusted
}

// ruledOnly is the Play of a board a table was ruled on without a result
// (not reached in time, or not finished): no contract, no cards.
func ruledOnly(board int) Play {
	return Play{Board: board, Declarer: cards.NoSeat}
}
