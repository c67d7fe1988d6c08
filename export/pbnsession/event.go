package pbnsession

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/game"
)

// EventTable is one table of an event to write: its session's fold and
// log.
type EventTable struct {
	Session *projections.Session
	Envs    []events.Envelope
	// Roster is the event's roster (eventbook.Book.Roster: names by the
	// movement's pairs): a record says which of its pairs it names
	// (HoyleRoster), so that an import rebuilds the roster, and only it.
	Roster map[string][]string
}

// WriteEvent writes the records of every table of an event, as compare
// scored it (ev), in one PBN file: each table's records as Export writes
// them (the event, table, room, teams or pairs, Scoring as the event
// scores), each with what it earned (ScoreIMP, or ScoreMP and
// ScorePercentage: North-South's, then East-West's), the first record of
// each board with the board's ScoreTable (every table's result and what it
// earned), and the first record of the file with the event's
// TotalScoreTable (the ranking), as PBN 2.1 section 5 lays tables out.
// Tables that are not of the bridge family are written without scores.
func WriteEvent(w io.Writer, tables []EventTable, ev compare.Event) error {
	rep := compare.Report{Events: []compare.Event{ev}}
	boards := map[int]*compare.Board{}
	for i := range ev.Boards {
		boards[ev.Boards[i].Board] = &ev.Boards[i]
	}
	pw := pbn.NewWriter(w)
	first := true
	tabled := map[int]bool{}
	for _, t := range tables {
		err := eachWithHand(t.Session, t.Envs, ExportOptions{}, func(h *game.Hand, g *pbn.Game) error {
			if first {
				first = false
				if sec := totalScoreTable(ev); sec.Section != "" {
					g.Tags = append(g.Tags, sec)
				}
			}
			if sides := rostered(t, h.Board); sides != "" {
				g.SetTag(tagRoster, sides)
			}
			if scoring := eventScoring(ev); scoring != "" && !trickGame(t.Session.Rules) {
				g.SetTag("Scoring", scoring)
			}
			res, _, _, ok := rep.Lookup(t.Session.ID, h.Number)
			if !ok {
				return pw.Write(g)
			}
			scoreTags(g, ev, res)
			if b := boards[h.Board]; b != nil && !tabled[h.Board] {
				tabled[h.Board] = true
				g.Tags = append(g.Tags, scoreTable(ev, b))
			}
			return pw.Write(g)
		})
		if err != nil {
			return err
		}
	}
	return pw.Flush()
}

// rostered is which of the pairs at a table of a movement on board the
// event's roster names ("NS", "EW", "NS EW"), or "".
func rostered(t EventTable, board int) string {
	p := t.Session.Placement()
	plan, err := p.Plan()
	tb, ok := p.TableNumber()
	if len(t.Roster) == 0 || err != nil || plan == nil || !ok || !plan.Duplicate() {
		return ""
	}
	st, ok := plan.At(tb, board)
	if !ok {
		return ""
	}
	var sides []string
	if len(t.Roster[st.NS.String()]) > 0 {
		sides = append(sides, "NS")
	}
	if len(t.Roster[st.EW.String()]) > 0 {
		sides = append(sides, "EW")
	}
	return strings.Join(sides, " ")
}

// eventScoring is PBN's Scoring of an event as compare scored it; "" to
// leave the records' own.
func eventScoring(ev compare.Event) string {
	switch ev.Scoring {
	case compare.ScoringIMPs:
		return "IMP"
	case compare.ScoringMatchpoints:
		return "MP"
	case compare.ScoringButler:
		return "Butler"
	case compare.ScoringCrossIMPs:
		return "Cross-IMPs"
	}
	return ""
}

// number writes a score as PBN's tables do: at most two decimals, no
// trailing zeros.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// scoreTags writes what a result earned: ScoreIMP "NS 3 EW -3", or
// ScoreMP "NS 5 EW 3" and ScorePercentage "NS 62.5 EW 37.5".
func scoreTags(g *pbn.Game, ev compare.Event, r compare.Result) {
	if r.IMPs != nil {
		g.SetTag("ScoreIMP", fmt.Sprintf("NS %s EW %s", number(*r.IMPs), number(-*r.IMPs)))
	}
	if r.Matchpoints != nil {
		top := 0.0
		for _, b := range ev.Boards {
			for _, x := range b.Results {
				if x.Session == r.Session && x.Hand == r.Hand && b.Top != nil {
					top = *b.Top
				}
			}
		}
		g.SetTag("ScoreMP", fmt.Sprintf("NS %s EW %s", number(*r.Matchpoints), number(top-*r.Matchpoints)))
		if r.Percent != nil {
			g.SetTag("ScorePercentage", fmt.Sprintf("NS %s EW %s", number(*r.Percent), number(100-*r.Percent)))
		}
	}
}

// column is one column of a PBN table: its name, whether it is aligned
// left (text) or right (numbers), and its values.
type column struct {
	name   string
	left   bool
	values []string
}

// section lays columns out as PBN 2.1 section 5 does: a header of
// "Name\wR;..." (w the column's width, R or L its alignment), then a row a
// line, text quoted.
func section(name string, cols []column) pbn.Tag {
	if len(cols) == 0 || len(cols[0].values) == 0 {
		return pbn.Tag{Name: name}
	}
	var head []string
	widths := make([]int, len(cols))
	for i, c := range cols {
		for j, v := range c.values {
			if c.left && v != "-" || strings.ContainsAny(v, " \t\"\\;{}[]") {
				v = strconv.Quote(v) // a string: text, or what would not read as one token
				cols[i].values[j] = v
			}
			widths[i] = max(widths[i], len(v))
		}
		side := "R"
		if c.left {
			side = "L"
		}
		head = append(head, fmt.Sprintf("%s\\%d%s", c.name, widths[i], side))
	}
	var rows []string
	for j := range cols[0].values {
		var cells []string
		for i, c := range cols {
			f := "%*s"
			if c.left {
				f = "%-*s"
			}
			cells = append(cells, fmt.Sprintf(f, widths[i], c.values[j]))
		}
		rows = append(rows, strings.TrimRight(strings.Join(cells, " "), " "))
	}
	return pbn.Tag{Name: name, Value: strings.Join(head, ";"), Section: "\n" + strings.Join(rows, "\n")}
}

// scoreTable is a board's ScoreTable: every table's result, and what it
// earned.
func scoreTable(ev compare.Event, b *compare.Board) pbn.Tag {
	cols := []column{{name: "Table"}, {name: "Room", left: true}, {name: "PairId_NS", left: true}, {name: "PairId_EW", left: true},
		{name: "Contract", left: true}, {name: "Declarer"}, {name: "Result"}, {name: "Score_NS"}}
	imps := ev.Scoring == compare.ScoringIMPs || ev.Scoring == compare.ScoringButler || ev.Scoring == compare.ScoringCrossIMPs
	mps := ev.Scoring == compare.ScoringMatchpoints
	switch {
	case imps:
		cols = append(cols, column{name: "IMP_NS"})
	case mps:
		cols = append(cols, column{name: "MP_NS"}, column{name: "MP_EW"}, column{name: "Percentage_NS"})
	}
	for _, r := range b.Results {
		vals := []string{dashIfEmpty(r.Table), dashIfEmpty(r.Room), r.NSPair, r.EWPair, r.Contract, r.Declarer, strconv.Itoa(r.Tricks), strconv.Itoa(r.NS)}
		if r.Contract == "Pass" {
			vals[6] = "-"
		}
		switch {
		case imps:
			vals = append(vals, optional(r.IMPs, nil))
		case mps:
			vals = append(vals, optional(r.Matchpoints, nil), optional(r.Matchpoints, b.Top), optional(r.Percent, nil))
		}
		for i := range cols {
			cols[i].values = append(cols[i].values, vals[i])
		}
	}
	return section("ScoreTable", cols)
}

// totalScoreTable is the event's TotalScoreTable: the ranking.
func totalScoreTable(ev compare.Event) pbn.Tag {
	cols := []column{{name: "Rank"}, {name: "PairId", left: true}}
	names := false
	for _, t := range ev.Totals {
		names = names || len(t.Players) > 0
	}
	if names {
		cols = append(cols, column{name: "Names", left: true})
	}
	score := "TotalScoreMP"
	switch ev.Scoring {
	case compare.ScoringIMPs, compare.ScoringButler, compare.ScoringCrossIMPs:
		score = "TotalScoreIMP"
	case compare.ScoringTricks:
		score = "TotalScoreTricks"
	case compare.ScoringPoints:
		score = "TotalScorePoints"
	}
	if ev.Form == compare.FormTeams {
		cols[1].name = "TeamName"
	}
	cols = append(cols, column{name: score})
	if ev.Scoring == compare.ScoringMatchpoints {
		cols = append(cols, column{name: "TotalPercentage"})
	}
	if ev.Scoring == compare.ScoringIMPs {
		cols = append(cols, column{name: "TotalScoreVP"})
	}
	for _, t := range ev.Totals {
		name := t.Name
		if t.Field != "" {
			name += " " + t.Field
		}
		vals := []string{strconv.Itoa(t.Rank), name}
		if names {
			vals = append(vals, strings.Join(t.Players, " - "))
		}
		switch {
		case t.IMPs != nil:
			vals = append(vals, number(*t.IMPs))
		case t.Matchpoints != nil:
			vals = append(vals, number(*t.Matchpoints))
		case t.Tricks != nil:
			vals = append(vals, number(*t.Tricks))
		case t.Points != nil:
			vals = append(vals, strconv.Itoa(*t.Points))
		default:
			vals = append(vals, "-")
		}
		if ev.Scoring == compare.ScoringMatchpoints {
			vals = append(vals, optional(t.Percent, nil))
		}
		if ev.Scoring == compare.ScoringIMPs {
			vals = append(vals, optional(t.VPs, nil))
		}
		for i := range cols {
			cols[i].values = append(cols[i].values, vals[i])
		}
	}
	return section("TotalScoreTable", cols)
}

// optional writes a score that may be absent ("-"); with top, what is left
// of the top (East-West's matchpoints).
func optional(x, top *float64) string {
	switch {
	case x == nil:
		return "-"
	case top != nil:
		return number(*top - *x)
	}
	return number(*x)
}

func dashIfEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
