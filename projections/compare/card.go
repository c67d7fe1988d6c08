package compare

import (
	"strconv"

	"github.com/hoyle/hoyle/events/table"
)

// Card is a pair's or team's personal score card: one row for each
// result it played, in board order, every figure from its own side (its
// score, its matchpoints or IMPs), with the result the row is drawn from
// beside it (for a page that links each row to the hand). Names are
// matched as the ranking gives them (Result.NSName, EWName); a name that
// played nothing has an empty card. A ruling shows as the traveller shows
// it (tableContract), its figures from the side's own share of it.
func (ev *Event) Card(name string) (Grid, []Result) {
	g := Grid{Head: []string{}}
	if ev.Movement != "" {
		g.Head = append(g.Head, "round")
	}
	g.Head = append(g.Head, "board", "table", "dir", "opponents")
	if ev.Scoring == ScoringTricks {
		g.Head = append(g.Head, "trumps", "NS tricks", "+/-")
	} else {
		g.Head = append(g.Head, "contract", "by", "tricks", "score")
	}
	switch {
	case ev.Scoring == ScoringTricks:
	case ev.Form == FormTeams || ev.Scoring == ScoringButler || ev.Scoring == ScoringCrossIMPs:
		g.Head = append(g.Head, "IMPs")
	case ev.Form == FormPairs:
		g.Head = append(g.Head, "mp", "top", "%")
	}
	var rows []Result
	for _, b := range ev.Boards {
		for _, r := range b.Results {
			ns := r.NSName == name
			if !ns && r.EWName != name {
				continue
			}
			sign, dir, opp := 1.0, "NS", r.EWPair
			if !ns {
				sign, dir, opp = -1, "EW", r.NSPair
			}
			row := []string{}
			if ev.Movement != "" {
				row = append(row, optInt(r.Round))
			}
			tbl := r.Table
			if r.Fouled {
				tbl += " (fouled)"
			}
			row = append(row, strconv.Itoa(b.Board), tbl, dir, opp)
			switch {
			case ev.Scoring == ScoringTricks:
				plus := r.Plus
				if !ns {
					plus = r.PlusEW
				}
				row = append(row, r.Contract, strconv.Itoa(r.Tricks), optSigned(plus)+mark(r.Revoke))
			case r.Adjusted != nil && r.Ruling != table.RulingAssigned:
				// No result stands: the figures are the ruling's.
				row = append(row, tableContract(r), "-", "-", "-")
			default:
				row = append(row, tableContract(r), r.Declarer, strconv.Itoa(r.Tricks), strconv.Itoa(int(sign)*r.NS))
			}
			switch {
			case ev.Scoring == ScoringTricks:
			case ev.Form == FormTeams || ev.Scoring == ScoringButler || ev.Scoring == ScoringCrossIMPs:
				row = append(row, optSigned(scaled(r.IMPs, sign)))
			case ev.Form == FormPairs:
				mp, pct := r.Matchpoints, r.Percent
				if !ns {
					mp, pct = r.MatchpointsEW, r.PercentEW
					if mp == nil && r.Matchpoints != nil && b.Top != nil {
						mp = num(*b.Top - *r.Matchpoints)
					}
					if pct == nil && r.Percent != nil {
						pct = num(100 - *r.Percent)
					}
				}
				row = append(row, optNum(mp), optNum(b.Top), optPercent(pct))
			}
			g.Rows = append(g.Rows, row)
			rows = append(rows, r)
		}
	}
	g.Right = make([]bool, len(g.Head))
	for i, h := range g.Head {
		g.Right[i] = h != "dir" && h != "opponents" && h != "contract" && h != "by" && h != "trumps" && h != "table"
	}
	return g, rows
}

// scaled is x times sign, or nil.
func scaled(x *float64, sign float64) *float64 {
	if x == nil {
		return nil
	}
	return num(*x * sign)
}
