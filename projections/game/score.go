package game

import (
	"sort"

	"github.com/hoyle/hoyle/events/cards"
)

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
	// GameTo is the score that wins a game, in the games won by reaching
	// a score (whist's five points, Five Hundred's 500); 0 in the bridge
	// codes, where a game is won below the line. It says how to draw the
	// sheet, and is not part of the sheet's JSON, whose shape is fixed.
	GameTo int `json:"-"`
	// Deals is the number of deals a rubber of four-deal bridge (Chicago)
	// is played over; 0 for a rubber played until a side has won two
	// games. Like GameTo it says how to draw and name the sheet ("Chicago
	// 2, hands 5 to 8"), and is not in its JSON.
	Deals int `json:"-"`
	// Name is what the pad calls it where it is not a rubber: "Game" in
	// Short Bridge, which has no rubbers, and in Mort, whose games are
	// each scored by itself. "" for a rubber (or a Chicago, which Deals
	// names). Like GameTo it is not in the sheet's JSON.
	Name string `json:"-"`
	// Balance is, by side, what each wins or loses when the scores are
	// balanced at the end (King's Bridge, as at Skat): nil where they are
	// not.
	Balance []int `json:"balance,omitempty"`
	// NoGames marks a score kept without games or rubbers (a progressive
	// game), which is never settled: the pad names it without a number
	// and shows no game in play.
	NoGames bool `json:"-"`
	// Players is what each player won (or, negative, lost) on the
	// rubber, in a game whose players are not its sides: English Dummy's
	// dummy's partner receives its value from, or pays it to, each
	// adversary. Nil where the sides are the players, or pairs.
	Players []PlayerScore `json:"players,omitempty"`
	// Above is what the score above the line holds, as its code names it,
	// for the head of its column on a pad: "premiums" in contract bridge
	// (all but the trick points), "honours" in the older codes (the
	// "honour score": honours, penalties, slams and the rubber; 1913
	// Law 2). "" for a sheet not kept above and below a line.
	Above string `json:"-"`
	// Running says the sheet has no line: each side's score runs on,
	// hand by hand, and no game is won below a line (Quinto's sheet,
	// "except that no horizontal division is necessary"). Like GameTo it
	// says how to draw the sheet, and is not in its JSON.
	Running bool `json:"-"`
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

// PlayerScore is one player's share of a score, in a game whose players
// are not its sides. The player is an index into the session's players, as
// SheetSide.Players and Sitting.Players are (in the dummy games, which name
// their players seat by seat, the seat he was named to).
type PlayerScore struct {
	Player int `json:"player"`
	// Name is how people know him: the session fills it in from his name,
	// else his place ("S"), as it names a SheetSide.
	Name   string `json:"name,omitempty"`
	Points int    `json:"points"`
	// Role says what he was on the rubber, where it matters ("dummy's
	// partner").
	Role string `json:"role,omitempty"`
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
	// Players totals each player's share over the session, in a game
	// whose players are not its sides (see Rubber.Players).
	Players []PlayerScore `json:"players,omitempty"`
	// Notes says anything the scorer should know: honours not counted
	// because the deal was not recorded, an unfinished rubber made up.
	Notes []string `json:"notes,omitempty"`
	// Sides are the sheet's sides where they are not the seating's: the
	// sides of its entries, tally and rubbers are indexes into it (Six-hand
	// Bridge's three pairs, each rubber between two of them; King's
	// Bridge's four players, each for himself). Nil where the sheet's sides
	// are the seating's.
	Sides []SheetSide `json:"-"`
}

// SheetSide is one side of a score sheet whose sides are not the
// seating's: a pair, or a player, of the session.
type SheetSide struct {
	// Label is the side's place, as the game names it: "A" (a pair), "N"
	// (a player, by the seat he took first).
	Label string
	// Players are the session's players of the side: indexes in the order
	// the session named them.
	Players []int
	// Name is how people know it: the session fills it in from its
	// players' names ("Ann", "A (Ann & Dan)"), else it is the Label.
	Name string
}

// AddUp totals the rubber's Entries into Sides, one column for each of
// sides (even a side with no entry). When settled (the rubber is over, or
// made up when play stopped), the side with the larger total is the Winner
// and Points the difference: the rubber's value to it, which is how every
// bridge code settles a rubber (1913 Law 10, the Laws of Rubber Bridge
// Law 74). On a tie, or while the rubber is in play, there is no winner and
// Points is 0.
func (r *Rubber) AddUp(sides []cards.Side, settled bool) {
	r.Sides = map[cards.Side]*SideTotal{}
	for _, s := range sides {
		r.Sides[s] = &SideTotal{}
	}
	for _, e := range r.Entries {
		t := r.Sides[e.Side]
		if t == nil {
			t = &SideTotal{}
			r.Sides[e.Side] = t
		}
		if e.Above {
			t.Above += e.Points
		} else {
			t.Below += e.Points
		}
		t.Total += e.Points
	}
	r.Winner, r.Points = nil, 0
	if !settled || len(sides) < 2 {
		return
	}
	ranked := append([]cards.Side(nil), sides...)
	sort.SliceStable(ranked, func(i, j int) bool { return r.Sides[ranked[i]].Total > r.Sides[ranked[j]].Total })
	if lead := r.Sides[ranked[0]].Total - r.Sides[ranked[1]].Total; lead > 0 {
		w := ranked[0]
		r.Winner, r.Points = &w, lead
	}
}

// ProgressiveScoring is the option of a code scored by rubbers that may be
// played as a progressive game instead (see Progressive); a progressive
// movement sets it.
var ProgressiveScoring = OptionInfo{Name: "scoring", Values: []string{"rubber", "progressive"},
	Summary: "rubbers, or a progressive game: no rubbers or games, each side keeping what it scores (--movement progressive sets it)"}

// ProgressiveText is where Progressive's rule is written.
const ProgressiveText = "Foster's Complete Hoyle (1914), Progressive Bridge: \"there are no rubbers or games, as one table would keep all the others waiting\""

// Progressive scores a session as a progressive game is scored: no rubbers
// and no games (ProgressiveText). Each finished hand's entries, as the
// code scores a hand (tricks below the line, honours, penalties and slams
// above), go into one running score that is never settled: each side keeps
// what it scores, and hoyle compare totals it for each player wherever the
// movement seats him.
func Progressive(in ScoreInput, entriesOf func(*Hand) ([]Entry, []string)) ScoreSheet {
	f, _ := ProgressiveFold(entriesOf, nil)
	return FoldScore(f, in)
}
