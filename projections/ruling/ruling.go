// Package ruling reads, checks and decides a director's rulings on the
// boards of an event, by the Laws of Duplicate Bridge 2017: an artificial
// adjusted score (Law 12C2: average plus, average, average minus; a
// percentage at pairs, IMPs at teams), an assigned adjusted score (Law
// 12C1(b)), a weighted one (Law 12C1(c)), and a procedural penalty (Law
// 90). A ruling is recorded in the session of the table it is given at
// (table.RulingAdjusted) and withdrawn like any entry; projections/compare
// scores the boards by them.
//
// It is pure: it reads what the director wrote and a folded session.
package ruling

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// The laws a ruling applies, by number (Laws of Duplicate Bridge 2017).
const (
	LawArtificial = "Law 12C2"
	LawAssigned   = "Law 12C1(b)"
	LawWeighted   = "Law 12C1(c)"
	LawProcedural = "Law 90"
	LawFouled     = "Law 87"
)

// The forms of an event a ruling is read for: the same words as
// projections/compare's.
const (
	Pairs = "pairs"
	Teams = "teams"
)

// The sentinel errors: what is wrong with a ruling.
var (
	// ErrBadRuling: an award, an assigned score or a penalty that is not
	// one, or not one of this form of event.
	ErrBadRuling = errors.New("not a ruling hoyle can record")
	// ErrNotAtTable: a ruling on a board the table did not play.
	ErrNotAtTable = errors.New("the board was not played at this table")
	// ErrNoRuling: a ruling to withdraw that is not in force.
	ErrNoRuling = errors.New("no such ruling")
)

// LawOf is the law a kind of ruling applies.
func LawOf(kind string) string {
	switch kind {
	case table.RulingArtificial:
		return LawArtificial
	case table.RulingAssigned:
		return LawAssigned
	case table.RulingWeighted:
		return LawWeighted
	case table.RulingProcedural:
		return LawProcedural
	}
	return ""
}

// AwardKind says what an award is counted in.
type AwardKind int

// The kinds of award.
const (
	// Average is average plus (+1), average (0) or average minus (-1):
	// 60%, 50% or 40% of the top at pairs, +3, 0 or -3 IMPs at teams.
	Average AwardKind = iota + 1
	// Percent is a percentage of the top (pairs).
	Percent
	// Points is IMPs at teams; in a penalty, matchpoints at pairs.
	Points
	// VPs is Victory Points (a penalty at teams).
	VPs
)

// Award is one side's artificial adjusted score, or what a procedural
// penalty takes from it.
type Award struct {
	Kind  AwardKind
	Value float64
}

// Text writes the award as the director does: "avg+", "55%", "+3", "1VP".
func (a Award) Text() string {
	switch a.Kind {
	case Average:
		return [...]string{"avg-", "avg", "avg+"}[int(a.Value)+1]
	case Percent:
		return number(a.Value) + "%"
	case VPs:
		return number(a.Value) + "VP"
	}
	if a.Value > 0 {
		return "+" + number(a.Value)
	}
	return number(a.Value)
}

// PenaltyText writes what a procedural penalty takes, unsigned: "2",
// "10%", "1VP".
func (a Award) PenaltyText() string {
	if a.Kind == Points {
		return number(math.Abs(a.Value))
	}
	return Award{a.Kind, math.Abs(a.Value)}.Text()
}

// Complement is the other side's award when the director gives one side's
// alone: average minus for average plus, 45% for 55%, -3 IMPs for +3.
func (a Award) Complement() Award {
	switch a.Kind {
	case Percent:
		return Award{Percent, 100 - a.Value}
	}
	return Award{a.Kind, -a.Value}
}

// Percentage is an award at pairs as a percentage of the top: 60, 50 or
// 40 for average plus, average or average minus (Law 12C2).
func (a Award) Percentage() float64 {
	if a.Kind == Average {
		return 50 + 10*a.Value
	}
	return a.Value
}

// IMPs is an award at teams in IMPs: +3, 0 or -3 for average plus,
// average or average minus (Law 12C2).
func (a Award) IMPs() float64 {
	if a.Kind == Average {
		return 3 * a.Value
	}
	return a.Value
}

func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// decimal reads a number of at most two decimals.
func decimal(s string) (float64, bool) {
	if s == "" || strings.ContainsAny(s, "eEnN_") {
		return 0, false
	}
	if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > 2 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsInf(v, 0)
}

func bad(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadRuling}, a...)...)
}

// ParseArtificial reads one side's artificial adjusted score for an event
// of form: avg+, avg or avg- (Law 12C2), a percentage at pairs ("55%",
// 0 to 100), IMPs at teams ("+3", "-2", "0").
func ParseArtificial(s, form string) (Award, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "avg+", "ave+", "a+":
		return Award{Average, 1}, nil
	case "avg", "ave", "a":
		return Award{Average, 0}, nil
	case "avg-", "ave-", "a-":
		return Award{Average, -1}, nil
	}
	if p, ok := strings.CutSuffix(t, "%"); ok {
		v, ok := decimal(p)
		switch {
		case !ok:
			return Award{}, bad("%q: a percentage is a number to two decimals, such as 55%%", s)
		case form == Teams:
			return Award{}, bad("%q: a percentage is an award at pairs; at teams give IMPs (NS=+3) or avg+, avg, avg-", s)
		case v < 0 || v > 100:
			return Award{}, bad("%q: a percentage of the top is 0 to 100", s)
		}
		return Award{Percent, v}, nil
	}
	v, ok := decimal(t)
	switch {
	case !ok:
		return Award{}, bad("%q: an artificial adjusted score is avg+, avg, avg-, a percentage at pairs (55%%) or IMPs at teams (+3)", s)
	case form != Teams:
		return Award{}, bad("%q: IMPs are an award at teams; at pairs give a percentage (NS=55%%) or avg+, avg, avg-", s)
	case math.Abs(v) > 24:
		return Award{}, bad("%q: a board is worth at most 24 IMPs (Law 78B)", s)
	}
	return Award{Points, v}, nil
}

// ParsePenalty reads what a procedural penalty (Law 90) takes from a side
// at an event of form: matchpoints at pairs or IMPs at teams ("2"), a
// percentage of the board's top at pairs ("10%"), Victory Points at teams
// ("1VP"). A penalty only takes away: "-2" is read as "2".
func ParsePenalty(s, form string) (Award, error) {
	t := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "-")
	kind := Points
	if p, ok := strings.CutSuffix(t, "%"); ok {
		if form == Teams {
			return Award{}, bad("%q: a penalty in percent is for pairs; at teams give IMPs (3) or VPs (1VP)", s)
		}
		kind, t = Percent, p
	} else if p, ok := strings.CutSuffix(t, "vp"); ok {
		if form != Teams {
			return Award{}, bad("%q: a penalty in VPs is for teams; at pairs give matchpoints (2) or a percentage of the top (10%%)", s)
		}
		kind, t = VPs, p
	}
	v, ok := decimal(t)
	switch {
	case !ok:
		return Award{}, bad("%q: a procedural penalty is matchpoints at pairs or IMPs at teams (2), a percentage of the top at pairs (10%%), or VPs at teams (1VP)", s)
	case kind == Percent && v > 100:
		return Award{}, bad("%q: a percentage of the top is 0 to 100", s)
	}
	return Award{kind, v}, nil
}

// Outcome is one result of an assigned or weighted score, read: North-
// South's score by Law 77 on the board's vulnerability (Law 2), and its
// weight, a fraction.
type Outcome struct {
	NS     int
	Weight float64
}

// Outcomes scores the results of an assigned or weighted ruling on board
// as if played (Law 77, the board's vulnerability by Law 2).
func Outcomes(r table.RulingAdjusted) ([]Outcome, error) {
	vul := contract.BoardVulnerability(r.Board)
	var out []Outcome
	for _, s := range r.Scores {
		c, pass, err := contract.ParseContract(s.Contract)
		if err != nil {
			return nil, bad("%v", err)
		}
		ns := 0
		if !pass {
			if err := contract.CheckResult(c, s.Tricks); err != nil {
				return nil, bad("%s %s %d: declarer takes 0 to 13 tricks", s.Contract, s.Declarer, s.Tricks)
			}
			if s.Declarer < cards.North || s.Declarer > cards.West {
				return nil, bad("%s: the declarer is N, E, S or W", s.Contract)
			}
			ns = contract.DuplicateScore(c, vul.Vulnerable(s.Declarer.Partnership()), s.Tricks)
			if s.Declarer.Partnership() == cards.EW {
				ns = -ns
			}
		}
		out = append(out, Outcome{NS: ns, Weight: float64(s.Weight) / 10000})
	}
	return out, nil
}

// ParseScores reads an assigned score ("4S N 10", Law 12C1(b)) or a
// weighted one ("4S N 10=60%,4S N 9=40%", Law 12C1(c)): each result a
// contract as PBN writes it, its declarer and his tricks ("Pass" alone for
// a deal passed out), the weights adding up to 100%.
func ParseScores(text string) ([]table.AssignedScore, error) {
	parts := strings.Split(text, ",")
	var out []table.AssignedScore
	total := 0
	for _, part := range parts {
		res, weight, weighted := strings.Cut(strings.TrimSpace(part), "=")
		fields := strings.Fields(res)
		s := table.AssignedScore{Declarer: cards.NoSeat, Weight: 10000}
		switch {
		case len(fields) == 1 && strings.EqualFold(fields[0], "pass"):
			s.Contract = "Pass"
		case len(fields) == 3:
			c, pass, err := contract.ParseContract(fields[0])
			if err != nil || pass {
				return nil, bad("%q: the contract is a level 1-7, a strain C, D, H, S or NT, and X or XX if doubled, such as 4S or 3NTX", fields[0])
			}
			seat, err := cards.ParseSeat(fields[1])
			if err != nil || seat < cards.North || seat > cards.West {
				return nil, bad("%q: the declarer is N, E, S or W", fields[1])
			}
			tricks, err := strconv.Atoi(fields[2])
			if err != nil {
				return nil, bad("%q: the declarer's tricks are a number, 0 to 13", fields[2])
			}
			if err := contract.CheckResult(c, tricks); err != nil {
				return nil, bad("%q: declarer takes 0 to 13 tricks, not %d", strings.TrimSpace(res), tricks)
			}
			s.Contract, s.Declarer, s.Tricks = c.String(), seat, tricks
		default:
			return nil, bad("%q: an assigned score is CONTRACT DECLARER TRICKS, such as \"4S N 10\" (or Pass), and a weighted one such as \"4S N 10=60%%,4S N 9=40%%\"", strings.TrimSpace(part))
		}
		if weighted {
			v, ok := decimal(strings.TrimSuffix(strings.TrimSpace(weight), "%"))
			if !ok || v <= 0 || v > 100 {
				return nil, bad("%q: a weight is a percentage above 0 and at most 100, such as 60%%", strings.TrimSpace(part))
			}
			s.Weight = int(math.Round(v * 100))
		} else if len(parts) > 1 {
			return nil, bad("%q: each result of a weighted score has its weight, such as 4S N 10=60%%", strings.TrimSpace(part))
		}
		total += s.Weight
		out = append(out, s)
	}
	if total != 10000 {
		return nil, bad("%q: the weights add up to %s%%, not 100%%", text, number(float64(total)/100))
	}
	return out, nil
}

// ScoresText writes an assigned or weighted score as the director does:
// "4S N 10", "4S N 10=60%,4S N 9=40%".
func ScoresText(scores []table.AssignedScore) string {
	parts := make([]string, len(scores))
	for i, s := range scores {
		p := s.Contract
		if s.Declarer != cards.NoSeat {
			p += " " + s.Declarer.String() + " " + strconv.Itoa(s.Tricks)
		}
		if len(scores) > 1 {
			p += "=" + number(float64(s.Weight)/100) + "%"
		}
		parts[i] = p
	}
	return strings.Join(parts, ",")
}

// Text is a ruling as the traveller and the log say it: "NS avg+, EW
// avg-", "4S N 10 (assigned)", "4S N 10=60%,4S N 9=40% (weighted)", "NS
// loses 2 (procedural)".
func Text(r table.RulingAdjusted) string {
	switch r.Kind {
	case table.RulingAssigned:
		return ScoresText(r.Scores) + " (assigned)"
	case table.RulingWeighted:
		return ScoresText(r.Scores) + " (weighted)"
	case table.RulingProcedural:
		var parts []string
		for _, x := range [][2]string{{"NS", r.NS}, {"EW", r.EW}} {
			if x[1] != "" {
				parts = append(parts, x[0]+" loses "+strings.TrimLeft(x[1], "+-"))
			}
		}
		return strings.Join(parts, ", ") + " (procedural penalty)"
	}
	return "NS " + r.NS + ", EW " + r.EW
}

// Spec is a ruling as the director gives it at a table.
type Spec struct {
	Board int
	// Score is the adjusted score: the arguments of hoyle adjust, either
	// the sides' artificial scores ("NS=avg+", "EW=avg-"; "avg" for both;
	// one side alone gives the other the complement) or an assigned or
	// weighted score ("4S N 10", "4S N 10=60%,4S N 9=40%"). Empty: none.
	Score []string
	// Procedural is a Law 90 penalty by side ("NS=2", "EW=10%").
	Procedural []string
	By         string
	// Retract withdraws the latest ruling in force on the board instead.
	Retract bool
}

// FormOf is the form of event a session is a table of: teams when it
// names teams or a room, else pairs (as projections/compare tells them).
func FormOf(p projections.Placement) string {
	if p.HomeTeam != "" || p.Room != "" {
		return Teams
	}
	return Pairs
}

// sides reads SIDE=VALUE arguments; a bare value is for both sides.
func sides(args []string, what string) (ns, ew string, err error) {
	for _, a := range args {
		side, v, ok := strings.Cut(a, "=")
		if !ok {
			if ns != "" || ew != "" {
				return "", "", bad("%q: give each side as NS=… and EW=…", a)
			}
			ns, ew = a, a
			continue
		}
		switch strings.ToUpper(strings.TrimSpace(side)) {
		case "NS":
			if ns != "" {
				return "", "", bad("%q: North-South's %s is given twice", a, what)
			}
			ns = strings.TrimSpace(v)
		case "EW":
			if ew != "" {
				return "", "", bad("%q: East-West's %s is given twice", a, what)
			}
			ew = strings.TrimSpace(v)
		default:
			return "", "", bad("%q: a side is NS or EW", a)
		}
	}
	return ns, ew, nil
}

// isArtificial tells the sides' artificial scores from an assigned score
// among the arguments: an artificial score is SIDE=VALUE or avg+, avg,
// avg- alone.
func isArtificial(args []string) bool {
	for _, a := range args {
		side, _, ok := strings.Cut(a, "=")
		s := strings.ToUpper(strings.TrimSpace(side))
		if ok && (s == "NS" || s == "EW") {
			return true
		}
	}
	if len(args) == 1 {
		_, err := ParseArtificial(args[0], Pairs)
		return err == nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(args[0])), "a")
	}
	return false
}

// Build reads a Spec into the rulings it records at a table of an event of
// form: the adjusted score first, then the procedural penalty.
func Build(spec Spec, form string) ([]table.RulingAdjusted, error) {
	if spec.Board < 1 {
		return nil, bad("board %d: boards are numbered from 1", spec.Board)
	}
	var out []table.RulingAdjusted
	switch {
	case len(spec.Score) == 0:
	case isArtificial(spec.Score):
		ns, ew, err := sides(spec.Score, "score")
		if err != nil {
			return nil, err
		}
		var a [2]Award
		for i, v := range []string{ns, ew} {
			if v == "" {
				continue
			}
			if a[i], err = ParseArtificial(v, form); err != nil {
				return nil, err
			}
		}
		switch {
		case ns == "":
			a[0] = a[1].Complement()
		case ew == "":
			a[1] = a[0].Complement()
		}
		out = append(out, table.RulingAdjusted{Board: spec.Board, Kind: table.RulingArtificial, Law: LawArtificial,
			NS: a[0].Text(), EW: a[1].Text(), By: spec.By})
	default:
		scores, err := ParseScores(strings.Join(spec.Score, " "))
		if err != nil {
			return nil, err
		}
		r := table.RulingAdjusted{Board: spec.Board, Kind: table.RulingAssigned, Law: LawAssigned, Scores: scores, By: spec.By}
		if len(scores) > 1 {
			r.Kind, r.Law = table.RulingWeighted, LawWeighted
		}
		out = append(out, r)
	}
	if len(spec.Procedural) > 0 {
		ns, ew, err := sides(spec.Procedural, "penalty")
		if err != nil {
			return nil, err
		}
		r := table.RulingAdjusted{Board: spec.Board, Kind: table.RulingProcedural, Law: LawProcedural, By: spec.By}
		for _, x := range []struct {
			v   string
			put *string
		}{{ns, &r.NS}, {ew, &r.EW}} {
			if x.v == "" {
				continue
			}
			a, err := ParsePenalty(x.v, form)
			if err != nil {
				return nil, err
			}
			*x.put = a.PenaltyText()
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, bad("give the adjusted score (NS=avg+ EW=avg-, NS=55%%, NS=+3, \"4S N 10\", \"4S N 10=60%%,4S N 9=40%%\") or --procedural SIDE=N")
	}
	return out, nil
}

// Check reads a recorded ruling's awards for an event of form, as compare
// scores them: the artificial scores or the penalties by side (NS, EW;
// a penalty not given is zero), or the outcomes of an assigned score.
func Check(r table.RulingAdjusted, form string) (awards [2]Award, outcomes []Outcome, err error) {
	switch r.Kind {
	case table.RulingArtificial:
		for i, v := range []string{r.NS, r.EW} {
			if awards[i], err = ParseArtificial(v, form); err != nil {
				return awards, nil, err
			}
		}
	case table.RulingProcedural:
		for i, v := range []string{r.NS, r.EW} {
			if v == "" {
				awards[i] = Award{Points, 0}
				continue
			}
			if awards[i], err = ParsePenalty(v, form); err != nil {
				return awards, nil, err
			}
		}
	default:
		if outcomes, err = Outcomes(r); err != nil {
			return awards, nil, err
		}
		total := 0.0
		for _, o := range outcomes {
			total += o.Weight
		}
		if math.Abs(total-1) > 1e-9 {
			return awards, nil, bad("the weights of the ruling on board %d add up to %s%%", r.Board, number(100*total))
		}
	}
	return awards, outcomes, nil
}

// contractID is the ruleset rulings are for: the modern game.
var contractID = contract.New().Info().ID

// Decide records a ruling at the table whose session s is: the rulings
// spec builds, or with Retract the retraction of the latest in force on
// its board. It needs the whole session (the boards the table played);
// on a fold of the latest hand it says game.ErrWholeSession.
func Decide(s *projections.Session, stamp projections.Stamp, spec Spec) ([]events.Event, error) {
	p := s.Placement()
	switch {
	case s.Rules.Info().ID != contractID:
		return nil, bad("rulings are the Laws of Duplicate Bridge's (2017): this session plays %s", s.Rules.Info().Title)
	case !p.InEvent():
		return nil, bad("a ruling is on a board of an event, and this session is in none (hoyle new --event E --table T)")
	case !s.WholeLog():
		return nil, game.ErrWholeSession
	}
	if spec.Retract {
		for i := len(s.Rulings) - 1; i >= 0; i-- {
			if s.Rulings[i].Board == spec.Board {
				return []events.Event{stamp(&table.Retracted{Target: s.Rulings[i].ID, Reason: "ruling withdrawn"})}, nil
			}
		}
		return nil, fmt.Errorf("%w: no ruling on board %d is in force at table %s", ErrNoRuling, spec.Board, p.Table)
	}
	if err := playedHere(s, p, spec.Board); err != nil {
		return nil, err
	}
	rs, err := Build(spec, FormOf(p))
	if err != nil {
		return nil, err
	}
	var out []events.Event
	for i := range rs {
		ev := stamp(&rs[i])
		if err := s.Propose(ev); err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// playedHere checks that board was played at the table: a hand of the
// session was dealt as it, or the movement brings it there (a board not
// reached in time is ruled on all the same, Law 12C2).
func playedHere(s *projections.Session, p projections.Placement, board int) error {
	var dealt []int
	for _, h := range s.Hands {
		if h.Board == board {
			return nil
		}
		if h.Board != 0 && !slices.Contains(dealt, h.Board) {
			dealt = append(dealt, h.Board)
		}
	}
	plan, err := p.Plan()
	where := ""
	if tb, ok := p.TableNumber(); err == nil && plan != nil && ok {
		if _, ok := plan.At(tb, board); ok {
			return nil
		}
		var boards []int
		for _, row := range plan.Sittings {
			if tb <= len(row) {
				boards = append(boards, row[tb-1].Boards()...)
			}
		}
		slices.Sort(boards)
		where = fmt.Sprintf("; under %s table %s plays boards %s", plan.Spec, p.Table, list(boards))
	}
	played := "no board"
	if len(dealt) > 0 {
		slices.Sort(dealt)
		played = "boards " + list(dealt)
	}
	return fmt.Errorf("%w: board %d was not played at table %s (its session dealt %s%s); give the table that played it with --table",
		ErrNotAtTable, board, p.Table, played, where)
}

func list(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}

// Args writes a ruling as the arguments of hoyle adjust that record it
// again: "NS=avg+ EW=avg-", "4S N 10=60%,4S N 9=40%", "--procedural NS=2",
// each followed by "--by NAME" when the director is named. PBN's
// HoyleRuling carries it (export/pbnsession); ParseArgs reads it back.
func Args(r table.RulingAdjusted) string {
	var parts []string
	switch r.Kind {
	case table.RulingAssigned, table.RulingWeighted:
		parts = append(parts, ScoresText(r.Scores))
	case table.RulingProcedural:
		parts = append(parts, "--procedural")
		fallthrough
	default:
		for _, x := range [][2]string{{"NS", r.NS}, {"EW", r.EW}} {
			if x[1] != "" {
				parts = append(parts, x[0]+"="+x[1])
			}
		}
	}
	if by := strings.Join(strings.Fields(r.By), " "); by != "" {
		parts = append(parts, "--by", by)
	}
	return strings.Join(parts, " ")
}

// ParseArgs reads what Args writes into the Spec of hoyle adjust on
// board: the director's name is the rest of the text after "--by".
func ParseArgs(board int, text string) (Spec, error) {
	spec := Spec{Board: board}
	args, by, _ := strings.Cut(text, "--by")
	spec.By = strings.TrimSpace(by)
	procedural := false
	for _, f := range strings.Fields(args) {
		switch {
		case f == "--procedural":
			procedural = true
		case strings.HasPrefix(f, "--"):
			return Spec{}, bad("%q: a ruling is written as hoyle adjust takes it (NS=avg+ EW=avg-, \"4S N 10\", --procedural NS=2, --by NAME), and %q is none of these", text, f)
		case procedural:
			spec.Procedural = append(spec.Procedural, f)
		default:
			spec.Score = append(spec.Score, f)
		}
	}
	return spec, nil
}
