package jsonview

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// ScoreView is the score sheet as JSON: what `hoyle score --json` prints
// and `hoyle show --json` embeds as its "score". Its field names are a
// stable scripting contract: sides and seats are named as the game's
// seating names them ("NS" and "EW", compass letters; A, B and C at Five
// Hundred), contracts as PBN writes them.
type ScoreView struct {
	Rubbers []RubberView `json:"rubbers"`
	// Boards is present for duplicate scoring only (even with no board
	// finished yet).
	Boards *[]BoardView `json:"boards,omitempty"`
	// Notes says what the scorer should know: honours not counted, a
	// rubber made up unfinished.
	Notes []string `json:"notes,omitempty"`
	// Tally is present for games scored as a running total (Five
	// Hundred): a line a hand, each player's WON, LOST and net columns.
	Tally []TallyView `json:"tally,omitempty"`
	// Winner is the session's winner, in a game that has one (the first
	// to 500 at Five Hundred); absent otherwise.
	Winner *string `json:"winner,omitempty"`
	// Sides names the sheet's own sides by their players, where the game
	// scores other sides than the seating's (Six-hand Bridge's pairs,
	// King's Bridge's players): the keys are the labels the rest of the
	// sheet uses ("A", "N").
	Sides map[string]string `json:"side_names,omitempty"`
	// Players is what each player won (or lost) in all, in a game whose
	// players are not its sides (English Dummy, Mort), by name (his seat
	// as the session opened when he has none); absent otherwise.
	Players map[string]int `json:"players,omitempty"`
}

// TallyView is one line of a running score: the hand, the game it belongs
// to (the nets start again at each game), and by side (at Five Hundred,
// each player) the points WON and LOST on the hand and the net after it,
// with the entries that explain them.
type TallyView struct {
	Hand    int            `json:"hand"`
	Game    int            `json:"game"`
	Won     map[string]int `json:"won"`
	Lost    map[string]int `json:"lost"`
	Net     map[string]int `json:"net"`
	Entries []EntryView    `json:"entries"`
}

// RubberView is one rubber (or Chicago, or game) of a ScoreView: the games
// won in it, in order, by side, and the hands played in it.
type RubberView struct {
	Number   int                       `json:"number"`
	Complete bool                      `json:"complete"`
	Winner   *string                   `json:"winner"`
	Sides    map[string]game.SideTotal `json:"sides"`
	Points   int                       `json:"points"`
	Games    []string                  `json:"games"`
	Hands    []int                     `json:"hands"`
	Entries  []EntryView               `json:"entries"`
	// Balance is what each side wins or loses when the scores are balanced
	// at the end (King's Bridge); absent where they are not.
	Balance map[string]int `json:"balance,omitempty"`
	// Players is what each player won or lost on the rubber, in a game
	// whose players are not its sides; absent otherwise.
	Players map[string]int `json:"players,omitempty"`
}

// EntryView is one entry of a rubber: hand 0 is a score made when the
// rubber was settled (the rubber premium, an unfinished rubber made up).
type EntryView struct {
	Hand     int    `json:"hand"`
	Side     string `json:"side"`
	Above    bool   `json:"above"`
	Points   int    `json:"points"`
	Label    string `json:"label"`
	Law      string `json:"law"`
	GameLine bool   `json:"game_line,omitempty"`
}

// BoardView is one duplicate board of a ScoreView: the hand of the session
// it was played as, the contract as PBN writes it ("4S", "3NTX", "Pass"),
// the declarer's seat (null when passed out), the tricks the declarer took,
// the score from North-South's side, signed, and the entries that make it.
type BoardView struct {
	Board    int         `json:"board"`
	Hand     int         `json:"hand"`
	Contract string      `json:"contract"`
	Declarer *string     `json:"declarer"`
	Tricks   int         `json:"tricks"`
	NS       int         `json:"ns"`
	Entries  []EntryView `json:"entries"`
}

// NewScoreView is the session's score sheet for --json.
func NewScoreView(s *projections.Session) ScoreView {
	return ScoreSheetView(s.Score(), s.Seating())
}

// playersView is players' shares by name.
func playersView(ps []game.PlayerScore) map[string]int {
	if len(ps) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, p := range ps {
		out[replay.PlayerName(p)] = p.Points
	}
	return out
}

// ScoreSheetView is a score sheet for --json at a seating.
func ScoreSheetView(sheet game.ScoreSheet, seating game.Seating) ScoreView {
	v := ScoreView{Rubbers: []RubberView{}, Notes: append([]string(nil), sheet.Notes...)}
	// The keys are the sides' labels, which do not change with the names.
	key := func(s cards.Side) string { return sheetKey(sheet, seating, s) }
	if len(sheet.Sides) > 0 {
		v.Sides = map[string]string{}
		for i := range sheet.Sides {
			v.Sides[key(cards.Side(i))] = replay.SheetSideName(sheet, seating, cards.Side(i))
		}
	}
	for _, r := range sheet.Rubbers {
		rv := RubberView{Number: r.Number, Complete: r.Complete, Points: r.Points,
			Sides: map[string]game.SideTotal{}, Games: []string{}, Hands: append([]int{}, r.Hands...), Entries: []EntryView{},
			Players: playersView(r.Players)}
		for _, g := range r.Games {
			rv.Games = append(rv.Games, key(g))
		}
		if r.Winner != nil {
			w := key(*r.Winner)
			rv.Winner = &w
		}
		for side, t := range r.Sides {
			rv.Sides[key(side)] = *t
		}
		for _, e := range r.Entries {
			rv.Entries = append(rv.Entries, entryView(key, e))
		}
		if r.Balance != nil {
			rv.Balance = bySide(key, r.Balance)
		}
		if r.Note != "" {
			name := fmt.Sprintf("rubber %d", r.Number)
			if r.Running {
				name = "the score" // a running score, not a rubber
			}
			v.Notes = append(v.Notes, name+": "+r.Note)
		}
		v.Rubbers = append(v.Rubbers, rv)
	}
	for _, t := range sheet.Tally {
		tv := TallyView{Hand: t.Hand, Won: bySide(key, t.Won), Lost: bySide(key, t.Lost), Net: bySide(key, t.Net),
			Entries: []EntryView{}}
		for _, r := range sheet.Rubbers {
			if slices.Contains(r.Hands, t.Hand) {
				tv.Game = r.Number
			}
		}
		for _, e := range t.Entries {
			tv.Entries = append(tv.Entries, entryView(key, e))
		}
		v.Tally = append(v.Tally, tv)
	}
	if sheet.Winner != nil {
		w := key(*sheet.Winner)
		v.Winner = &w
	}
	v.Players = playersView(sheet.Players)
	if sheet.Boards != nil {
		boards := []BoardView{}
		for _, b := range sheet.Boards {
			bv := BoardView{Board: b.Board, Hand: b.Hand, Contract: b.Contract, Tricks: b.Tricks, NS: b.NS, Entries: []EntryView{}}
			for _, e := range b.Entries {
				bv.Entries = append(bv.Entries, entryView(key, e))
			}
			if b.Declarer != cards.NoSeat {
				d := seating.Names[b.Declarer]
				bv.Declarer = &d
			}
			boards = append(boards, bv)
		}
		v.Boards = &boards
	}
	return v
}

func entryView(key func(cards.Side) string, e game.Entry) EntryView {
	return EntryView{Hand: e.Hand, Side: key(e.Side), Above: e.Above,
		Points: e.Points, Label: e.Label, Law: e.Law, GameLine: e.GameLine}
}

// bySide names figures listed by side.
func bySide(key func(cards.Side) string, figs []int) map[string]int {
	out := map[string]int{}
	for s, n := range figs {
		out[key(cards.Side(s))] = n
	}
	return out
}

// sheetKey is side s's key in the sheet's JSON: the seating's name for it,
// or the sheet's own side's label, which does not change with the names.
func sheetKey(sheet game.ScoreSheet, seating game.Seating, s cards.Side) string {
	if len(sheet.Sides) == 0 {
		return replay.SideName(seating, s)
	}
	if int(s) < 0 || int(s) >= len(sheet.Sides) {
		return s.String()
	}
	return sheet.Sides[s].Label
}
