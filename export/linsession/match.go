package linsession

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Match is a team match to write as one vugraph file: its event, its two
// teams, and the sessions of its open room (the home team North-South) and
// its closed room. Either room may be nil (not recorded).
type Match struct {
	Event       string
	Home, Visit string
	Open        *projections.Session
	Closed      *projections.Session
}

// WriteMatch writes a team match's two rooms as one vugraph file, as Bridge
// Base Online's viewer reads it: a header (vg| the event, the boards and
// the two teams; rs| each board's result in the open room, then the
// closed; pn| the open room's players, South, West, North, East, then the
// closed room's), then each board in number order, the open room's record
// (qx|o1|) before the closed room's (qx|c1|), each as Export writes it
// (without its own pn|: the header names the players). hoyle import reads
// it back as the match's two rooms, placed in the event with the teams.
func WriteMatch(w io.Writer, m Match) error {
	type roomRecords struct {
		prefix  string
		s       *projections.Session
		records map[int]lin.Record
		results map[int]string
	}
	rooms := []*roomRecords{{prefix: "o", s: m.Open}, {prefix: "c", s: m.Closed}}
	boards := map[int]bool{}
	for _, r := range rooms {
		r.records, r.results = map[int]lin.Record{}, map[int]string{}
		if r.s == nil {
			continue
		}
		hands := map[int]*game.Hand{}
		for _, h := range r.s.Hands {
			hands[boardOf(h)] = h
		}
		err := each(r.s, ExportOptions{}, func(rec lin.Record, _ []lin.Token) {
			n, ok := rec.Board()
			if !ok {
				return
			}
			rec.Players = nil // the header's pn| names them
			rec.BoardID = r.prefix + strconv.Itoa(n)
			r.records[n] = rec
			boards[n] = true
			if h := hands[n]; h != nil {
				r.results[n] = resultText(r.s.Rules, h)
			}
		})
		if err != nil {
			return err
		}
	}
	numbers := make([]int, 0, len(boards))
	for n := range boards {
		numbers = append(numbers, n)
	}
	sort.Ints(numbers)
	if len(numbers) == 0 {
		return nil
	}
	clean := func(s string) string { return strings.NewReplacer(",", " ", "|", " ").Replace(build.Name(s)) }
	var rs []string
	for _, n := range numbers {
		rs = append(rs, rooms[0].results[n], rooms[1].results[n])
	}
	var pn []string
	for _, r := range rooms {
		for _, seat := range []cards.Seat{cards.South, cards.West, cards.North, cards.East} {
			name := ""
			if r.s != nil && len(r.s.Hands) > 0 {
				name = r.s.PlayerAt(r.s.Hands[0].Number, seat)
			}
			pn = append(pn, clean(name))
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "vg|%s,,I,%d,%d,%s,0,%s,0|rs|%s|pn|%s|pg||\n", clean(m.Event), numbers[0], numbers[len(numbers)-1],
		clean(m.Home), clean(m.Visit), strings.Join(rs, ","), strings.Join(pn, ","))
	for _, n := range numbers {
		for _, r := range rooms {
			if rec, ok := r.records[n]; ok {
				bw.WriteString(rec.String())
				bw.WriteString("pg||\n")
			}
		}
	}
	return bw.Flush()
}

// boardOf is a hand's board, or its number when it was not dealt as one
// (as Export titles it).
func boardOf(h *game.Hand) int {
	if h.Board != 0 {
		return h.Board
	}
	return h.Number
}

// resultText is a finished hand's rs| entry: "3NE+1", "4SXN-2", "PASS";
// "" for a hand not finished.
func resultText(rs game.Ruleset, h *game.Hand) string {
	switch {
	case h.Phase != game.PhaseDone:
		return ""
	case h.Contract == nil:
		return "PASS"
	}
	c := *h.Contract
	if ic, ok := rs.(game.Interchange); ok {
		c = ic.StandardContract(c)
	}
	strain := "N"
	if c.Strain != cards.NoTrump {
		strain = c.Strain.String()[:1]
	}
	text := strconv.Itoa(c.Level) + strain + strings.Repeat("X", c.Doubled) + c.Declarer.String()
	switch over := build.DeclarerTricks(rs, h) - 6 - c.Level; {
	case over == 0:
		return text + "="
	case over > 0:
		return text + "+" + strconv.Itoa(over)
	default:
		return text + strconv.Itoa(over)
	}
}

// Matches groups the sessions of a teams event into its matches, in the
// order they come: the sessions of the same two teams; the open room is
// the one the placement says (or, where none is said, the table whose
// North-South team is the match's home team, as PBN files of team matches
// number their tables), the closed room the other. Sessions that name no
// teams are left out.
func Matches(sessions []*projections.Session) []Match {
	var out []Match
	at := map[[2]string]int{}
	for _, s := range sessions {
		p := s.Placement()
		if p.HomeTeam == "" || p.VisitTeam == "" {
			continue
		}
		k := [2]string{strings.ToLower(p.HomeTeam), strings.ToLower(p.VisitTeam)}
		if k[0] > k[1] {
			k[0], k[1] = k[1], k[0]
		}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, Match{Event: p.Event, Home: p.HomeTeam, Visit: p.VisitTeam})
		}
		m := &out[i]
		ns, _ := p.Teams()
		if p.Room == table.RoomOpen || p.Room == "" && strings.EqualFold(ns, m.Home) {
			if m.Open == nil {
				m.Open = s
			}
		} else if m.Closed == nil {
			m.Closed = s
		}
	}
	return out
}
