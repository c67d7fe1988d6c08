package compare

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/movement"
)

// The forms of an event.
const (
	FormTeams      = "teams"      // a match of teams: IMPs (tricks at whist) against the other room
	FormPairs      = "pairs"      // pairs: matchpoints across the tables (tricks against the average at whist)
	FormIndividual = "individual" // a progressive or pivot game: each player's own score
)

// The scorings of an event.
const (
	ScoringIMPs        = "imps"
	ScoringMatchpoints = "matchpoints"
	ScoringTricks      = "tricks" // duplicate whist
	ScoringPoints      = "points" // progressive and pivot
	// ScoringButler is IMP pairs against a datum: the board's average
	// after dropping its extremes (ButlerDrop), rounded to 10.
	ScoringButler = "butler"
	// ScoringCrossIMPs is IMP pairs, each result IMPed against every other
	// on the board and averaged.
	ScoringCrossIMPs = "cross-imps"
)

// ErrPairsScoring is a scoring of pairs events hoyle does not know.
var ErrPairsScoring = errors.New("unknown scoring of a pairs event")

// CheckPairsScoring says whether scoring is one a pairs event may be
// scored by ("" is matchpoints).
func CheckPairsScoring(scoring string) error {
	switch scoring {
	case "", ScoringMatchpoints, ScoringButler, ScoringCrossIMPs:
		return nil
	}
	return fmt.Errorf("%w %q: the scorings are %s, %s and %s", ErrPairsScoring, scoring, ScoringMatchpoints, ScoringButler, ScoringCrossIMPs)
}

// Report is the comparison of every event: hoyle compare --json.
type Report struct {
	Events []Event `json:"events"`
}

// Event is one event compared.
type Event struct {
	Event    string `json:"event"`
	Form     string `json:"form"`
	Game     string `json:"game"`
	Scoring  string `json:"scoring"`
	Movement string `json:"movement,omitempty"`
	// VPScale is the Victory Point scale of a teams event scored by IMPs:
	// continuous or discrete (WBF 2013).
	VPScale string  `json:"vp_scale,omitempty"`
	Tables  int     `json:"tables"`  // tables (sessions) in the event
	Boards  []Board `json:"boards"`  // every board played, in number order
	Totals  []Total `json:"totals"`  // ranked
	Matches []Match `json:"matches"` // teams: each match's score
	// Ranked says how the pairs are ranked: "by direction" (a Mitchell:
	// North-South and East-West apart) or "one field" (a Howell, an
	// arrow-switched Mitchell, pairs named by their players); "" at teams
	// and individual events.
	Ranked   string   `json:"ranked,omitempty"`
	Warnings []string `json:"warnings"` // what does not add up
}

// Board is one board's traveller: its results at every table.
type Board struct {
	Board int `json:"board"`
	// Top is the matchpoint top of the board (pairs): two for each other
	// result, after Neuberg's adjustment where it was played fewer times.
	Top *float64 `json:"top,omitempty"`
	// Datum is a Butler-scored board's datum (North-South's): the average
	// of its results without the extremes, rounded to 10.
	Datum *int `json:"datum,omitempty"`
	// Groups is, for a fouled board (Law 87), how many forms it was
	// played in: the results were scored within each group of identical
	// deals and factored to the full top. 0 when the board was not fouled.
	Groups  int      `json:"groups,omitempty"`
	Results []Result `json:"results"`
}

// Result is one table's result on a board, and what it earned.
type Result struct {
	Session string `json:"session"`
	Hand    int    `json:"hand"`
	Table   string `json:"table"`
	Room    string `json:"room"`
	Round   int    `json:"round,omitempty"` // under a movement
	NSPair  string `json:"ns_pair"`         // the pair or team sitting North-South
	EWPair  string `json:"ew_pair"`
	// NSName and EWName are the pairs or teams as the ranking names them
	// (Total.Name): NSPair and EWPair add the players of a pair the
	// roster names. Not in the JSON, whose totals name them already.
	NSName   string `json:"-"`
	EWName   string `json:"-"`
	Contract string `json:"contract"`
	Declarer string `json:"declarer"` // "N"... or "-"
	Tricks   int    `json:"tricks"`
	NS       int    `json:"ns"` // the score from North-South's side (at whist, tricks over the book)
	// IMPs is North-South's IMPs against the other room (teams), the
	// datum (Butler) or the average of the other results (cross-IMPs);
	// null when it does not apply or there is nothing to compare with.
	IMPs *float64 `json:"imps"`
	// Matchpoints is North-South's matchpoints on the board (pairs: two
	// a result beaten, one a tie, Neuberg-adjusted); East-West's are the
	// top less these. Null when it is not a pairs event or nobody else
	// played the board.
	Matchpoints *float64 `json:"matchpoints"`
	Percent     *float64 `json:"percent,omitempty"` // North-South's share of the top
	// Plus is duplicate whist's comparison: North-South's tricks above
	// (or below) the other room's (teams) or the average (pairs), and
	// PlusEW East-West's, which differ from -Plus only when a revoke was
	// penalised (Law X). Revoke marks the result "+R" / "-R" by side.
	Plus   *float64 `json:"plus,omitempty"`
	PlusEW *float64 `json:"plus_ew,omitempty"`
	Revoke string   `json:"revoke,omitempty"`
	// Adjusted is the director's adjusted score the result was scored by
	// (projections/ruling), null for a result as played: "avg+" (or "NS
	// avg+, EW avg" when the sides' awards do not balance), "60%", "+3",
	// an assigned score "4S N 10" or a weighted one "4S N 10=60%,4S N
	// 9=40%". Ruling is its kind (artificial, assigned, weighted) and Law
	// the law it applies.
	Adjusted *string `json:"adjusted"`
	Ruling   string  `json:"ruling,omitempty"`
	Law      string  `json:"law,omitempty"`
	// MatchpointsEW and PercentEW are East-West's, given where an
	// artificial score's two awards need not add up to the top (Law 12C2);
	// elsewhere East-West's are the top less North-South's.
	MatchpointsEW *float64 `json:"matchpoints_ew,omitempty"`
	PercentEW     *float64 `json:"percent_ew,omitempty"`
	// Penalty is a procedural penalty given at the table on the board
	// (Law 90): "EW loses 10%". It is taken from the side's total, not
	// from the board's matchpoints or IMPs.
	Penalty string `json:"penalty,omitempty"`
	// Fouled: the board was fouled (Law 87) and this result was played
	// on a changed form of it: it was matchpointed (or IMPed) within its
	// group of identical deals.
	Fouled bool `json:"fouled"`
}

// Total is one team's, pair's or player's total, and its rank.
type Total struct {
	Rank    int      `json:"rank"`
	Name    string   `json:"name"`
	Field   string   `json:"field,omitempty"` // a Mitchell ranks its NS and EW pairs apart
	Players []string `json:"players,omitempty"`
	Boards  int      `json:"boards"` // boards (or hands) counted
	// One of these, by the event's scoring.
	IMPs        *float64 `json:"imps,omitempty"`
	Matchpoints *float64 `json:"matchpoints,omitempty"`
	Top         *float64 `json:"top,omitempty"`
	Percent     *float64 `json:"percent,omitempty"`
	Tricks      *float64 `json:"tricks,omitempty"`
	Points      *int     `json:"points,omitempty"`
	// VPs is a team's Victory Points over its matches (teams scored by
	// IMPs), by which the teams are ranked, IMPs breaking a tie.
	VPs *float64 `json:"vps,omitempty"`
}

// Match is one match of a teams event: the two teams and what each scored
// against the other.
type Match struct {
	Teams [2]string  `json:"teams"`
	IMPs  [2]float64 `json:"imps"` // at whist, tricks
	// VPs is each team's Victory Points for the match by the event's
	// scale for its number of boards (teams scored by IMPs; not at whist).
	VPs    *[2]float64 `json:"vps,omitempty"`
	Boards int         `json:"boards"`
}

// Lookup finds what a session's hand earned: for an export that writes it
// beside the board (PBN's ScoreIMP, ScoreMP and ScorePercentage).
func (r *Report) Lookup(session string, hand int) (Result, *Board, *Event, bool) {
	for i := range r.Events {
		ev := &r.Events[i]
		for j := range ev.Boards {
			b := &ev.Boards[j]
			for _, res := range b.Results {
				if res.Session == session && res.Hand == hand {
					return res, b, ev, true
				}
			}
		}
	}
	return Result{}, nil, nil, false
}

// Options are what a comparison may be asked for beyond its tables.
type Options struct {
	Event   string // when not "", compare this event alone
	VPScale string // VPContinuous (""), or VPDiscrete
	// Pairs is how pairs events (not duplicate whist) are scored:
	// ScoringMatchpoints (""), ScoringButler or ScoringCrossIMPs.
	Pairs string
	// Rosters names the pairs of each event under a duplicate movement,
	// by event, then by the pair as movement.Pair writes it ("3 NS"): the
	// event's record (projections/eventbook). Its names stand over those
	// the pairs' starting tables gave, and the travellers show them.
	Rosters map[string]map[string][]string
}

// Compare compares every event of tables (the sessions' summaries, in the
// order they were opened); event, when not "", keeps that one alone.
// Sessions in no event are left out. Teams are given VPs by the WBF 2013
// continuous scale.
func Compare(tables []Table, event string) Report {
	return CompareWith(tables, Options{Event: event})
}

// CompareWith is Compare with options.
func CompareWith(tables []Table, opts Options) Report {
	event := opts.Event
	byEvent := map[string][]Table{}
	var names []string
	for _, t := range tables {
		name := t.Place.Event
		if name == "" || (event != "" && name != event) {
			continue
		}
		if _, ok := byEvent[name]; !ok {
			names = append(names, name)
		}
		byEvent[name] = append(byEvent[name], t)
	}
	rep := Report{Events: []Event{}}
	for _, name := range names {
		rep.Events = append(rep.Events, compareEvent(name, byEvent[name], opts))
	}
	return rep
}

// compareEvent compares one event's tables.
func compareEvent(name string, tables []Table, opts Options) Event {
	ev := Event{Event: name, Boards: []Board{}, Totals: []Total{}, Matches: []Match{}, Warnings: []string{}}
	warn := func(format string, a ...any) { ev.Warnings = append(ev.Warnings, fmt.Sprintf(format, a...)) }

	// One game and one movement for the event: the first session's.
	ev.Game, ev.Movement = tables[0].Game, tables[0].Place.Movement
	kept := tables[:0:0]
	for _, t := range tables {
		switch {
		case t.Game != ev.Game:
			warn("session %s (%s) plays %s, not %s like the event's first: left out", t.Session, tableName(&t), t.Game, ev.Game)
			continue
		case t.Place.Movement != ev.Movement:
			warn("session %s (%s) was opened under the movement %q, the event's first under %q: its pairs are named by the first", t.Session, tableName(&t), t.Place.Movement, ev.Movement)
		}
		if t.Problems > 0 {
			warn("session %s (%s) has %d events the laws refuse (hoyle verify says which): compared as folded", t.Session, tableName(&t), t.Problems)
		}
		kept = append(kept, t)
	}
	tables = kept
	ev.Tables = len(tables)
	seen := map[string]string{}
	for _, t := range tables {
		key := strings.ToLower(t.Place.Table + "\x00" + t.Place.Room + "\x00" + t.Place.HomeTeam + "\x00" + t.Place.VisitTeam)
		if first, dup := seen[key]; dup && t.Place.Table != "" {
			warn("table %s%s is recorded in two sessions, %s and %s: both are compared", t.Place.Table, roomText(t.Place.Room), first, t.Session)
		}
		seen[key] = t.Session
		for _, b := range t.InPlay {
			if !ruledOn(t, b) {
				warn("board %d at %s is still in play: not compared yet", b, tableName(&t))
			}
		}
	}
	var plan *movement.Plan
	if ev.Movement != "" {
		var err error
		if plan, err = tables[0].Place.Plan(); err != nil {
			warn("the movement %q cannot be read (%v): pairs are named by their players", ev.Movement, err)
			plan = nil
		}
	}
	byTricks := tables[0].Comparison == game.ByTricks // every table plays ev.Game (above)
	switch {
	case plan != nil && !plan.Duplicate():
		ev.Form, ev.Scoring = FormIndividual, ScoringPoints
		individual(&ev, tables, plan, warn)
		return ev
	case isTeams(tables):
		ev.Form, ev.Scoring = FormTeams, ScoringIMPs
	default:
		ev.Form, ev.Scoring = FormPairs, ScoringMatchpoints
	}
	if byTricks {
		ev.Scoring = ScoringTricks
	} else if ev.Form == FormPairs && opts.Pairs != "" {
		ev.Scoring = opts.Pairs
	}
	if ev.Scoring == ScoringIMPs {
		ev.VPScale = opts.VPScale
		if ev.VPScale == "" {
			ev.VPScale = VPContinuous
		}
	}
	rule := !byTricks && (ev.Scoring == ScoringMatchpoints || ev.Scoring == ScoringIMPs)
	results := gather(tables, plan, ev.Form, rule, opts.Rosters[name], warn)
	checkDeals(results, warn)
	if plan != nil {
		checkRounds(tables, plan, warn)
	}
	boards := map[int][]*entry{}
	var numbers []int
	for _, e := range results {
		if _, ok := boards[e.play.Board]; !ok {
			numbers = append(numbers, e.play.Board)
		}
		boards[e.play.Board] = append(boards[e.play.Board], e)
	}
	sort.Ints(numbers)
	for _, n := range numbers {
		sortResults(boards[n], ev.Form)
	}
	switch {
	case ev.Form == FormTeams && byTricks:
		whistTeams(&ev, boards, numbers, warn)
	case ev.Form == FormTeams:
		teams(&ev, boards, numbers, warn)
	case byTricks:
		whistPairs(&ev, boards, numbers, plan)
	case ev.Scoring == ScoringButler || ev.Scoring == ScoringCrossIMPs:
		impPairs(&ev, boards, numbers, plan)
	default:
		pairs(&ev, boards, numbers, plan)
	}
	if ev.Form == FormPairs {
		ev.Ranked = "one field"
		if byDirection(plan) {
			ev.Ranked = "by direction"
		}
	}
	for _, n := range numbers {
		b := Board{Board: n, Results: []Result{}}
		for _, e := range boards[n] {
			b.Groups = max(b.Groups, e.group+1)
			b.Results = append(b.Results, e.result)
			if e.top != nil {
				b.Top = e.top
			}
			if e.datum != nil {
				b.Datum = e.datum
			}
		}
		if b.Groups < 2 {
			b.Groups = 0
		}
		ev.Boards = append(ev.Boards, b)
	}
	return ev
}

// sortResults puts a board's results in the traveller's order: by table
// (numbers in their order), the open room first; at teams, the two rooms of
// a match together, in the order the matches first appear.
func sortResults(es []*entry, form string) {
	match := map[[2]string]int{}
	for _, e := range es {
		k := matchOf(e.ns, e.ew)
		if _, ok := match[k]; !ok || form != FormTeams {
			match[k] = len(match)
		}
	}
	tableLess := func(a, b *entry) bool {
		ta, oka := a.table.Place.TableNumber()
		tb, okb := b.table.Place.TableNumber()
		switch {
		case oka && okb && ta != tb:
			return ta < tb
		case oka != okb:
			return oka
		case a.table.Place.Table != b.table.Place.Table:
			return a.table.Place.Table < b.table.Place.Table
		}
		return a.table.Place.Room > b.table.Place.Room // "open" before "closed"
	}
	sort.SliceStable(es, func(i, j int) bool {
		if form == FormTeams {
			mi, mj := match[matchOf(es[i].ns, es[i].ew)], match[matchOf(es[j].ns, es[j].ew)]
			if mi != mj {
				return mi < mj
			}
		}
		return tableLess(es[i], es[j])
	})
}

// tableName names a table in a warning: "table 3 (open room)", or, for a
// session that no table number places (an import that gave none), its
// session and the teams or players in it, never an empty name.
func tableName(t *Table) string {
	if t.Place.Table != "" {
		return "table " + t.Place.Table + roomText(t.Place.Room)
	}
	who := ""
	if ns, ew := t.Place.Teams(); ns != "" {
		who = ", " + ns + " v " + ew
	} else if ns, ew := playerSides(t); len(ns.players)+len(ew.players) > 0 {
		who = ", " + ns.name + " v " + ew.name
	}
	return "session " + t.Session + roomText(t.Place.Room) + who
}

// roomText is ", open room" or "".
func roomText(room string) string {
	if room == "" {
		return ""
	}
	return " (" + room + " room)"
}

// isTeams reports whether an event is a team match: some session names
// teams or a room.
func isTeams(tables []Table) bool {
	for _, t := range tables {
		if t.Place.HomeTeam != "" || t.Place.Room != "" {
			return true
		}
	}
	return false
}

// entry is one result being compared: the play, who sat where, and the
// result row it fills in.
type entry struct {
	table  *Table
	play   Play
	ns, ew side // the pair or team in each direction
	result Result
	top    *float64
	datum  *int    // Butler
	ruled  *judged // the director's rulings on the board at this table, or nil
	group  int     // a fouled board's group of identical deals (0: the correct form)
}

// side is a pair or a team: a key that tells them apart, the name shown,
// its players, and in a Mitchell its field.
type side struct {
	key, name string
	players   []string
	field     string
}

// gather makes an entry of every finished board of every table, with the
// pairs or teams that sat in it, and the director's rulings on it (when
// rule: an event scored by matchpoints or IMPs); a board ruled on that the
// table did not finish is an entry of its own, scored by the ruling.
func gather(tables []Table, plan *movement.Plan, form string, rule bool, roster map[string][]string, warn func(string, ...any)) []*entry {
	names := pairNames(tables, plan, roster)
	var out []*entry
	for i := range tables {
		t := &tables[i]
		add := func(p Play, j *judged) {
			e := &entry{table: t, play: p, ruled: j}
			e.result = Result{Session: t.Session, Hand: p.Hand, Table: t.Place.Table, Room: t.Place.Room,
				Contract: p.Contract, Declarer: p.Declarer.String(), Tricks: p.Tricks, NS: p.NS}
			switch {
			case form == FormTeams:
				e.ns, e.ew = teamSides(t)
			case plan != nil:
				tb, _ := t.Place.TableNumber()
				st, ok := plan.At(tb, p.Board)
				if !ok {
					warn("board %d at table %s: the movement %s has no such board there; its pairs are named by their players", p.Board, t.Place.Table, plan.Spec)
					e.ns, e.ew = playerSides(t)
					break
				}
				e.result.Round = st.Round
				e.ns, e.ew = names[pairKey(st.NS)], names[pairKey(st.EW)]
				// A pair the roster names is shown by its names too.
				if len(roster[pairKey(st.NS)]) > 0 {
					e.result.NSPair = e.ns.name + " " + strings.Join(e.ns.players, " & ")
				}
				if len(roster[pairKey(st.EW)]) > 0 {
					e.result.EWPair = e.ew.name + " " + strings.Join(e.ew.players, " & ")
				}
			default:
				e.ns, e.ew = playerSides(t)
			}
			e.result.NSName, e.result.EWName = e.ns.name, e.ew.name
			if e.result.NSPair == "" {
				e.result.NSPair = e.ns.name
			}
			if e.result.EWPair == "" {
				e.result.EWPair = e.ew.name
			}
			e.markRuling()
			out = append(out, e)
		}
		var rulings map[int]*judged
		switch {
		case rule:
			rulings = judge(t, form, warn)
		case len(t.Rulings) > 0:
			warn("%s has %s: rulings are scored at matchpoint pairs and IMP teams, not by this event's scoring: left out",
				tableName(t), plural(len(t.Rulings), "ruling"))
		}
		played := map[int]bool{}
		for _, p := range t.Plays {
			played[p.Board] = true
			add(p, rulings[p.Board])
		}
		for _, r := range t.Rulings {
			j := rulings[r.Board]
			if j == nil || played[r.Board] {
				continue
			}
			played[r.Board] = true
			if j.score == nil {
				warn("board %d at %s: a procedural penalty on a board with no result there: left out", r.Board, tableName(t))
				continue
			}
			add(ruledOnly(r.Board), j)
		}
	}
	return out
}

// teamSides is the teams sitting North-South and East-West at a table of
// a match; a table with rooms but no team names has its two "teams" named
// by the table.
func teamSides(t *Table) (ns, ew side) {
	nsName, ewName := t.Place.Teams()
	if nsName == "" {
		home, visit := "table "+t.Place.Table+" home", "table "+t.Place.Table+" visitors"
		nsName, ewName = home, visit
		if t.Place.Room == "closed" {
			nsName, ewName = visit, home
		}
	}
	return side{key: strings.ToLower(nsName), name: nsName}, side{key: strings.ToLower(ewName), name: ewName}
}

// playerSides is the pairs at a table named by their players: "Ann &
// Cy" (a pair is the same pair in either direction), or by the table when
// nobody is named.
func playerSides(t *Table) (ns, ew side) {
	mk := func(a, b cards.Seat, dir string) side {
		var players []string
		for _, s := range []cards.Seat{a, b} {
			if int(s) < len(t.Players) && strings.TrimSpace(t.Players[s]) != "" {
				players = append(players, strings.TrimSpace(t.Players[s]))
			}
		}
		if len(players) == 0 {
			name := "table " + t.Place.Table + " " + dir
			return side{key: strings.ToLower(name), name: name}
		}
		keys := make([]string, len(players))
		for i, p := range players {
			keys[i] = strings.ToLower(p)
		}
		sort.Strings(keys)
		return side{key: strings.Join(keys, "\x00"), name: strings.Join(players, " & "), players: players}
	}
	return mk(cards.North, cards.South, "NS"), mk(cards.East, cards.West, "EW")
}

func pairKey(p movement.Pair) string { return p.String() }

// pairNames names a movement's pairs by their numbers, with the players who
// sat in them in round 1 (each table's session names the pairs it began
// with), or, where the event's roster names them, its names.
func pairNames(tables []Table, plan *movement.Plan, roster map[string][]string) map[string]side {
	out := map[string]side{}
	if plan == nil || !plan.Duplicate() {
		return out
	}
	for _, row := range plan.Sittings {
		for _, st := range row {
			for _, pr := range []movement.Pair{st.NS, st.EW} {
				if pr == plan.Phantom {
					continue // the missing pair of an odd number: no one to rank
				}
				s := side{key: pairKey(pr), name: pr.String()}
				if pr.Dir != movement.NoDir {
					s.field = pr.Dir.String()
				}
				if _, ok := out[s.key]; !ok {
					out[s.key] = s
				}
			}
		}
	}
	for i := range tables {
		t := &tables[i]
		tb, ok := t.Place.TableNumber()
		if !ok || tb > plan.Tables {
			continue
		}
		first := plan.Sittings[0][tb-1]
		ns, ew := playerSides(t)
		for _, x := range []struct {
			pr movement.Pair
			s  side
		}{{first.NS, ns}, {first.EW, ew}} {
			if x.pr == plan.Phantom {
				continue
			}
			s := out[pairKey(x.pr)]
			if len(x.s.players) > 0 && len(s.players) == 0 {
				s.players = x.s.players
				out[pairKey(x.pr)] = s
			}
		}
	}
	for key, names := range roster {
		if s, ok := out[key]; ok && len(names) > 0 {
			s.players = names
			out[key] = s
		}
	}
	return out
}

// checkDeals warns of a board dealt differently at two tables.
func checkDeals(results []*entry, warn func(string, ...any)) {
	first := map[int]*entry{}
	for _, e := range results {
		if e.play.Cards == "" {
			continue
		}
		f, ok := first[e.play.Board]
		if !ok {
			first[e.play.Board] = e
			continue
		}
		if f.play.Cards != e.play.Cards {
			warn("board %d was dealt differently at %s and %s: fouled (Law 87), scored within each group of identical deals", e.play.Board,
				tableName(f.table), tableName(e.table))
		}
	}
}

// checkRounds warns of a table that played its boards out of the
// movement's order (an import, or a session opened without the movement,
// escapes the check at the deal), and of boards a table left unplayed.
func checkRounds(tables []Table, plan *movement.Plan, warn func(string, ...any)) {
	if !plan.Duplicate() {
		return
	}
	for _, t := range tables {
		tb, ok := t.Place.TableNumber()
		if !ok {
			continue
		}
		last := 0
		played := map[int]bool{}
		for _, r := range t.Rulings {
			if r.Kind != table.RulingProcedural {
				played[r.Board] = true // ruled on: scored by the ruling
			}
		}
		for _, p := range t.Plays {
			st, ok := plan.At(tb, p.Board)
			if !ok {
				continue
			}
			played[p.Board] = true
			if st.Round < last {
				warn("board %d at table %d belongs to round %d, but was played after boards of round %d", p.Board, tb, st.Round, last)
			}
			last = max(last, st.Round)
		}
		var missing []string
		for _, row := range plan.Sittings {
			st := row[tb-1]
			if st.Round > last {
				break
			}
			for _, b := range st.Boards() {
				if !played[b] && !inPlay(t, b) {
					missing = append(missing, fmt.Sprint(b))
				}
			}
		}
		if len(missing) > 0 {
			warn("table %d did not play board %s of its rounds", tb, strings.Join(missing, ", "))
		}
	}
}

// ruledOn reports whether the director gave an adjusted score on the
// board at the table: it is scored by the ruling, played or not.
func ruledOn(t Table, board int) bool {
	for _, r := range t.Rulings {
		if r.Board == board && r.Kind != table.RulingProcedural {
			return true
		}
	}
	return false
}

func inPlay(t Table, board int) bool {
	for _, b := range t.InPlay {
		if b == board {
			return true
		}
	}
	return false
}

// rank orders totals by score, best first, and numbers them; equal
// scores share a rank. Totals of different fields are ranked apart.
func rank(totals []Total, score func(Total) float64) {
	rankBy(totals, func(t Total) [2]float64 { return [2]float64{score(t), 0} })
}

// rankBy is rank by a score and a tie-break: totals equal in both share
// a rank (and are printed "=1").
func rankBy(totals []Total, score func(Total) [2]float64) {
	fieldOrder := map[string]int{"": 0, "NS": 1, "EW": 2}
	better := func(a, b [2]float64) bool {
		if !near(a[0], b[0]) {
			return a[0] > b[0]
		}
		return !near(a[1], b[1]) && a[1] > b[1]
	}
	same := func(a, b [2]float64) bool { return near(a[0], b[0]) && near(a[1], b[1]) }
	sort.SliceStable(totals, func(i, j int) bool {
		if totals[i].Field != totals[j].Field {
			return fieldOrder[totals[i].Field] < fieldOrder[totals[j].Field]
		}
		return better(score(totals[i]), score(totals[j]))
	})
	for i := range totals {
		switch {
		case i > 0 && totals[i].Field == totals[i-1].Field && same(score(totals[i]), score(totals[i-1])):
			totals[i].Rank = totals[i-1].Rank
		case i > 0 && totals[i].Field == totals[i-1].Field:
			totals[i].Rank = i + 1 - firstOfField(totals, i)
		default:
			totals[i].Rank = 1
		}
	}
}

func firstOfField(totals []Total, i int) int {
	j := i
	for j > 0 && totals[j-1].Field == totals[i].Field {
		j--
	}
	return j
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// num is a float for a JSON field, rounded to two places.
func num(x float64) *float64 {
	r := math.Round(x*100) / 100
	if r == 0 {
		r = 0 // no -0
	}
	return &r
}
