package pbnsession

import (
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
)

// Team matches from a file.
//
// The records of one event (with its stage, section and round) between the
// same two teams are one match. A file that numbers its tables says where
// each record was played (and is read as it was before); an archive file
// often does not, and gives the teams as the match's home and visitors in both
// rooms. Its records are then placed by the match:
//
//   - the match is a table of the event, numbered in the order the
//     matches first appear (1, 2...);
//   - a record's room is the open room when the home team sits
//     North-South, the closed room when the visitors do. Which team a
//     player is on is learnt as the file goes: the match's first record is
//     the open room (its North-South players are the home team's), and
//     each record placed tells the teams of its players. A record whose
//     players are not known yet is the room of its board not seen yet
//     (the open room first). A record that names the teams the other way
//     round (the team sitting North-South first, as some files do) is the
//     closed room.
//
// compare then finds each match's two rooms side by side, and scores it.

// matchKey is what the records of a match share: the event as placed (its
// name with stage, section and round) and the two teams, in either order.
type matchKey struct {
	event string
	teams [2]string
}

// match is what the import knows of one match.
type match struct {
	table       string
	home, visit string         // as the match's first record names them
	side        map[string]int // a player (lower case): +1 home, -1 visitors
	rooms       map[string][2]bool
}

// eventKey is the event a record is placed in, as build.Place names it.
func eventKey(o build.Origin) string {
	return strings.Join([]string{o.Event, o.Stage, o.Section, o.Round}, "\x00")
}

// placeMatch places a record of a team match that the file does not place
// (see above): its table, and its room. o is the record's origin; the one
// returned is where it goes.
func (imp *importer) placeMatch(o build.Origin, players [4]string, board string) build.Origin {
	if o.HomeTeam == "" || o.VisitTeam == "" || o.Table != "" {
		// Not a match, or placed by the file: a file that numbers its
		// tables names at each the team sitting North-South first, or
		// says the room (projections.Placement.Teams).
		return o
	}
	ev := eventKey(o)
	k := matchKey{event: ev, teams: [2]string{strings.ToLower(o.HomeTeam), strings.ToLower(o.VisitTeam)}}
	if k.teams[0] > k.teams[1] {
		k.teams[0], k.teams[1] = k.teams[1], k.teams[0]
	}
	m := imp.matches[k]
	if m == nil {
		if imp.tables == nil {
			imp.tables = map[string]int{}
		}
		imp.tables[ev]++
		m = &match{table: strconv.Itoa(imp.tables[ev]), home: o.HomeTeam, visit: o.VisitTeam, side: map[string]int{}, rooms: map[string][2]bool{}}
		imp.matches[k] = m
	}
	o.Table = m.table
	if o.Room != "" {
		return o
	}
	open := true
	switch {
	case !strings.EqualFold(o.HomeTeam, m.home):
		// The team sitting North-South named first: the visitors.
		open = false
	default:
		score := 0
		for s := cards.North; s <= cards.West; s++ {
			sign := 1
			if s == cards.East || s == cards.West {
				sign = -1
			}
			if p := strings.ToLower(players[s]); p != "" {
				score += sign * m.side[p]
			}
		}
		seen := m.rooms[board]
		switch {
		case score != 0:
			open = score > 0
		case seen[0] && !seen[1]:
			open = false // the board's other room
		}
	}
	o.HomeTeam, o.VisitTeam = m.home, m.visit
	o.Room = table.RoomClosed
	home := -1 // the side North-South are on
	if open {
		o.Room, home = table.RoomOpen, 1
	}
	for s := cards.North; s <= cards.West; s++ {
		if p := strings.ToLower(players[s]); p != "" {
			if s == cards.East || s == cards.West {
				m.side[p] = -home
			} else {
				m.side[p] = home
			}
		}
	}
	seen := m.rooms[board]
	if open {
		seen[0] = true
	} else {
		seen[1] = true
	}
	m.rooms[board] = seen
	return o
}
