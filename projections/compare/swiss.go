package compare

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNoSwissDraw is a Swiss round that cannot be drawn: every way of
// pairing the teams makes two of them meet again.
var ErrNoSwissDraw = errors.New("no Swiss draw without a repeated match")

// ErrNoStandings is a Swiss draw asked of an event that is not a teams
// event, or that has no standings yet.
var ErrNoStandings = errors.New("no teams standings to draw from")

// SwissDraw is the next round of a Swiss teams event: its matches, the
// higher-placed team first (it is the home team), and the team that sits
// the round out when their number is odd.
type SwissDraw struct {
	Round   int         `json:"round"` // the round drawn: one more than the most matches any team has played
	Matches [][2]string `json:"matches"`
	Bye     string      `json:"bye,omitempty"`
}

// DrawSwiss pairs teams, listed best first, for the next round: top-down,
// each team in turn meeting the best-placed team below it it has not met
// (met says whether two have), and where that leaves a later team without
// an opponent it has not met, the pairing is taken back a step and the
// next candidate tried (backtracking), so that the draw stays as near the
// top-down one as the history allows. With an odd number of teams the bye
// goes to the lowest-placed team that has not had one (hadBye), going up
// the standings only if no draw of the rest exists, and to a team that
// has had one only if no other bye leaves a draw.
func DrawSwiss(teams []string, met func(a, b string) bool, hadBye func(string) bool) (SwissDraw, error) {
	var draw SwissDraw
	byes := []int{-1}
	if len(teams)%2 == 1 {
		// Those without a bye from the bottom up, then (when none of them
		// leaves a draw of the rest, or all have had one) the others.
		byes = byes[:0]
		for _, second := range []bool{false, true} {
			for i := len(teams) - 1; i >= 0; i-- {
				if hadBye(teams[i]) == second {
					byes = append(byes, i)
				}
			}
		}
	}
	for _, bye := range byes {
		var rest []string
		for i, t := range teams {
			if i != bye {
				rest = append(rest, t)
			}
		}
		if pairs, ok := pairTopDown(rest, met); ok {
			draw.Matches = pairs
			if bye >= 0 {
				draw.Bye = teams[bye]
			}
			return draw, nil
		}
	}
	return draw, fmt.Errorf("%w: the %d teams have met too often (%s)", ErrNoSwissDraw, len(teams), strings.Join(teams, ", "))
}

// pairTopDown pairs teams (an even number, best first) top-down without
// a repeated match, backtracking; ok is false when no pairing exists.
func pairTopDown(teams []string, met func(a, b string) bool) ([][2]string, bool) {
	if len(teams) == 0 {
		return [][2]string{}, true
	}
	first := teams[0]
	for j := 1; j < len(teams); j++ {
		if met(first, teams[j]) {
			continue
		}
		rest := make([]string, 0, len(teams)-2)
		rest = append(rest, teams[1:j]...)
		rest = append(rest, teams[j+1:]...)
		if pairs, ok := pairTopDown(rest, met); ok {
			return append([][2]string{{first, teams[j]}}, pairs...), true
		}
	}
	return nil, false
}

// NextSwissRound draws an event's next Swiss round from its standings:
// the teams in the order of the ranking (VPs, then IMPs), the matches
// played so far, and a bye for each team that has played fewer matches
// than the most any team has (a team that sat a round out).
func (ev *Event) NextSwissRound() (SwissDraw, error) {
	if ev.Form != FormTeams || len(ev.Totals) == 0 {
		return SwissDraw{}, fmt.Errorf("%w: %s is %s", ErrNoStandings, ev.Event, formText(ev))
	}
	played := map[string]int{}
	met := map[[2]string]bool{}
	for _, m := range ev.Matches {
		a, b := strings.ToLower(m.Teams[0]), strings.ToLower(m.Teams[1])
		met[[2]string{a, b}], met[[2]string{b, a}] = true, true
		played[a]++
		played[b]++
	}
	most := 0
	for _, n := range played {
		most = max(most, n)
	}
	teams := make([]string, len(ev.Totals))
	for i, t := range ev.Totals {
		teams[i] = t.Name
	}
	draw, err := DrawSwiss(teams,
		func(a, b string) bool { return met[[2]string{strings.ToLower(a), strings.ToLower(b)}] },
		func(t string) bool { return played[strings.ToLower(t)] < most })
	draw.Round = most + 1
	return draw, err
}

// formText says what an event is, for a refusal.
func formText(ev *Event) string {
	switch {
	case ev.Form != FormTeams:
		return "not a teams event (" + ev.Form + ")"
	default:
		return "a teams event with no match compared yet"
	}
}
