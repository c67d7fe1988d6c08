package replay

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// NamedSheet is a score sheet as `hoyle show --json` embeds it: the fields
// of game.ScoreSheet, in its order and under its names, with every side
// and seat named by the seating (SideName, the seat names) instead of by
// its number's compass reading. At a compass table it is the sheet's own
// JSON, byte for byte; at Five Hundred's table the players are A, B and C,
// not NS, EW and side3.
type NamedSheet struct {
	Rubbers []NamedRubber `json:"rubbers"`
	Boards  []NamedBoard  `json:"boards,omitempty"`
	Tally   []NamedTally  `json:"tally,omitempty"`
	Winner  *string       `json:"winner,omitempty"`
	Notes   []string      `json:"notes,omitempty"`
}

// NamedRubber is a game.Rubber with its sides named.
type NamedRubber struct {
	Number   int                        `json:"number"`
	Complete bool                       `json:"complete"`
	Winner   *string                    `json:"winner"`
	Sides    map[string]*game.SideTotal `json:"sides"`
	Points   int                        `json:"points"`
	Games    []string                   `json:"games"`
	Entries  []NamedEntry               `json:"entries"`
	Hands    []int                      `json:"hands"`
	Note     string                     `json:"note,omitempty"`
}

// NamedEntry is a game.Entry with its side named.
type NamedEntry struct {
	Hand     int    `json:"hand"`
	Side     string `json:"side"`
	Above    bool   `json:"above"`
	Points   int    `json:"points"`
	Label    string `json:"label"`
	Law      string `json:"law,omitempty"`
	GameLine bool   `json:"game_line,omitempty"`
}

// NamedBoard is a game.Board with its declarer named.
type NamedBoard struct {
	Board    int          `json:"board"`
	Hand     int          `json:"hand"`
	Contract string       `json:"contract"`
	Declarer string       `json:"declarer"`
	Tricks   int          `json:"tricks"`
	NS       int          `json:"ns"`
	Entries  []NamedEntry `json:"entries"`
}

// NamedTally is a game.Tally with its entries' sides named; its figures
// stay listed by side, in the seating's order of sides.
type NamedTally struct {
	Hand    int          `json:"hand"`
	Won     []int        `json:"won"`
	Lost    []int        `json:"lost"`
	Net     []int        `json:"net"`
	Entries []NamedEntry `json:"entries"`
}

// NameSheet names a score sheet's sides and seats by the seating. Empty
// and missing lists stay as the sheet has them (null or []), so that the
// JSON keeps its shape.
func NameSheet(sheet game.ScoreSheet, seating game.Seating) NamedSheet {
	side := func(s cards.Side) string { return SideName(seating, s) }
	entries := func(es []game.Entry) []NamedEntry {
		if es == nil {
			return nil
		}
		out := make([]NamedEntry, len(es))
		for i, e := range es {
			out[i] = NamedEntry{Hand: e.Hand, Side: side(e.Side), Above: e.Above, Points: e.Points,
				Label: e.Label, Law: e.Law, GameLine: e.GameLine}
		}
		return out
	}
	out := NamedSheet{Notes: sheet.Notes}
	if sheet.Rubbers != nil {
		out.Rubbers = make([]NamedRubber, len(sheet.Rubbers))
	}
	for i, r := range sheet.Rubbers {
		nr := NamedRubber{Number: r.Number, Complete: r.Complete, Points: r.Points, Entries: entries(r.Entries),
			Hands: r.Hands, Note: r.Note}
		if r.Winner != nil {
			w := side(*r.Winner)
			nr.Winner = &w
		}
		if r.Sides != nil {
			nr.Sides = map[string]*game.SideTotal{}
			for s, t := range r.Sides {
				nr.Sides[side(s)] = t
			}
		}
		if r.Games != nil {
			nr.Games = make([]string, len(r.Games))
			for j, g := range r.Games {
				nr.Games[j] = side(g)
			}
		}
		out.Rubbers[i] = nr
	}
	if sheet.Boards != nil {
		out.Boards = make([]NamedBoard, len(sheet.Boards))
	}
	for i, b := range sheet.Boards {
		d := b.Declarer.String() // "-" for a deal passed out, as the sheet writes it
		if b.Declarer >= 0 && int(b.Declarer) < len(seating.Names) {
			d = seating.Names[b.Declarer]
		}
		out.Boards[i] = NamedBoard{Board: b.Board, Hand: b.Hand, Contract: b.Contract, Declarer: d,
			Tricks: b.Tricks, NS: b.NS, Entries: entries(b.Entries)}
	}
	if sheet.Tally != nil {
		out.Tally = make([]NamedTally, len(sheet.Tally))
	}
	for i, t := range sheet.Tally {
		out.Tally[i] = NamedTally{Hand: t.Hand, Won: t.Won, Lost: t.Lost, Net: t.Net, Entries: entries(t.Entries)}
	}
	if sheet.Winner != nil {
		w := side(*sheet.Winner)
		out.Winner = &w
	}
	return out
}
