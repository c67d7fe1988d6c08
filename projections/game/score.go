package game

import "github.com/hoyle/hoyle/events/cards"

// ScoreInput is what a ruleset's Score folds: the session's hands in order
// (finished or not; a ruleset scores only finished ones), its options, and
// whether it was closed by agreement.
type ScoreInput struct {
	Hands   []*Hand
	Opts    Options
	Seating Seating
	Closed  bool
}

// Entry is one line of a score sheet: points to a side, above or below the
// line, for a reason, by a law. Each entry says which law produced it so a
// write-up can explain the score.
type Entry struct {
	Hand   int        `json:"hand"`
	Side   cards.Side `json:"side"`
	Above  bool       `json:"above"`
	Points int        `json:"points"`
	Label  string     `json:"label"`
	Law    string     `json:"law,omitempty"`
	// GameLine marks the entry that ends a game: a line is drawn under it.
	GameLine bool `json:"game_line,omitempty"`
}

// SideTotal is one side's column.
type SideTotal struct {
	Above int `json:"above"`
	Below int `json:"below"`
	Total int `json:"total"`
}

// Rubber is one rubber (or a Chicago, or a game of five in whist).
type Rubber struct {
	Number   int                       `json:"number"`
	Complete bool                      `json:"complete"`
	Winner   *cards.Side               `json:"winner"`
	Sides    map[cards.Side]*SideTotal `json:"sides"`
	Points   int                       `json:"points"`
	Games    []cards.Side              `json:"games"`
	Entries  []Entry                   `json:"entries"`
	Hands    []int                     `json:"hands"`
	Note     string                    `json:"note,omitempty"`
}

// Board is one duplicate board's result.
type Board struct {
	Board    int        `json:"board"`
	Hand     int        `json:"hand"`
	Contract string     `json:"contract"` // as PBN writes it: "4S", "3NTX", "Pass"
	Declarer cards.Seat `json:"declarer"`
	Tricks   int        `json:"tricks"` // taken by the declarer
	NS       int        `json:"ns"`     // signed, from North-South's side
	Entries  []Entry    `json:"entries"`
}

// Tally is one line of a running score (whist, Five Hundred): the points
// each side or player won and lost on a hand, and the totals after it.
type Tally struct {
	Hand    int     `json:"hand"`
	Won     []int   `json:"won"`
	Lost    []int   `json:"lost"`
	Net     []int   `json:"net"`
	Entries []Entry `json:"entries"`
}

// ScoreSheet is a session's score, as its ruleset counts it. A ruleset fills
// the parts its game has: rubbers for rubber bridge and whist, boards for
// duplicate, a tally for games scored as a running total.
type ScoreSheet struct {
	Rubbers []Rubber `json:"rubbers"`
	Boards  []Board  `json:"boards,omitempty"`
	Tally   []Tally  `json:"tally,omitempty"`
	// Winner of the session, if the game has one (Five Hundred's 500).
	Winner *cards.Side `json:"winner,omitempty"`
	// Notes says anything the scorer should know: honours not counted
	// because the deal was not recorded, an unfinished rubber made up.
	Notes []string `json:"notes,omitempty"`
}
