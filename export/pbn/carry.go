package pbn

import "strings"

// Archive files (a championship's records, a club's season) are often
// written as they were kept at the table: a match's first record gives the
// event, the teams and the four players, a board's first record its number,
// dealer, vulnerability and deal, and each record after gives only what
// changed. Read as standard PBN, such a record has no board and no
// players. With Reader.Continue, a record that leaves out a tag the record
// before it gave takes that record's value, as its writer meant (the
// standard's "#" made implicit), by these rules:
//
//   - the event (Event) carries until a record gives another;
//   - what belongs to the event (Site, Date, Stage, Round, Section,
//     Scoring) and the match (HomeTeam and VisitTeam) carries while the
//     event does not change;
//   - the players carry while the event and the two teams do not change
//     (a new match has other players, and a record that names new teams
//     but no players has players nobody knows);
//   - the board (Board) carries into a record of the same event, stage,
//     round and section that gives no Board and no other Deal: the same
//     board at another table;
//   - a board's Dealer, Vulnerable and Deal carry into a later record of
//     the same board in the same event, stage, round and section, the
//     record just before or not (a file written room by room gives the
//     deal in the first room only).
//
// A tag the record gives, even empty or "?", is the record's own and is
// kept. What carries is added after the record's own tags, with Line 0 (as
// a "##" default is).
var (
	// eventTags carry while the Event stays the same.
	eventTags = []string{"Site", "Date", "Stage", "Round", "Section", "Scoring"}
	// teamTags name the match.
	teamTags = []string{"HomeTeam", "VisitTeam"}
	// playerTags carry while the event and the match stay the same.
	playerTags = []string{"West", "North", "East", "South"}
	// dealTags carry while the board stays the same.
	dealTags = []string{"Dealer", "Vulnerable", "Deal"}
	// roundTags tell a round's boards from another's of the same number.
	roundTags = []string{"Stage", "Round", "Section"}
)

// maxBoards bounds the boards a carrier remembers the deals of: a round
// has tens.
const maxBoards = 1000

// carrier fills in what a record leaves out (Reader.Continue): from the
// record before it, and the deals of the boards of its round.
type carrier struct {
	round  string           // the event, stage, round and section of the boards remembered
	boards map[string][]Tag // by Board: its Dealer, Vulnerable and Deal
}

// fill fills in g the tags it leaves out that prev (or, for a board's
// deal, an earlier record of its round) gave; it reports whether it
// filled any.
func (c *carrier) fill(g, prev *Game) bool {
	if len(g.Tags) == 0 && g.Auction == nil && g.Play == nil {
		return false // commentary alone
	}
	has := func(name string) bool { _, ok := g.Tag(name); return ok }
	val := func(x *Game, name string) string { v, _ := x.Tag(name); return strings.TrimSpace(v) }
	filled := false
	take := func(name string) {
		if v, ok := prev.Tag(name); ok && !has(name) {
			g.Tags = append(g.Tags, Tag{Name: name, Value: v})
			filled = true
		}
	}
	if prev != nil {
		take("Event")
		if val(g, "Event") == val(prev, "Event") {
			for _, name := range eventTags {
				take(name)
			}
			if !has("HomeTeam") && !has("VisitTeam") {
				for _, name := range teamTags {
					take(name)
				}
			}
			if sameTeams(val(g, "HomeTeam"), val(g, "VisitTeam"), val(prev, "HomeTeam"), val(prev, "VisitTeam")) {
				for _, name := range playerTags {
					take(name)
				}
			}
		}
	}
	round := val(g, "Event")
	for _, name := range roundTags {
		round += "\x00" + val(g, name)
	}
	if prev == nil || round != c.round {
		c.round, c.boards = round, nil // another round's board 1 is another board 1
	} else if !has("Board") && (!has("Deal") || val(g, "Deal") == val(prev, "Deal")) {
		take("Board")
	}
	board := val(g, "Board")
	if board == "" || board == "?" {
		return filled
	}
	if known, ok := c.boards[board]; ok {
		for _, t := range known {
			if !has(t.Name) {
				g.Tags = append(g.Tags, Tag{Name: t.Name, Value: t.Value})
				filled = true
			}
		}
	}
	if c.boards == nil {
		c.boards = map[string][]Tag{}
	}
	if _, ok := c.boards[board]; ok || len(c.boards) < maxBoards {
		var deal []Tag
		for _, name := range dealTags {
			if v, ok := g.Tag(name); ok {
				deal = append(deal, Tag{Name: name, Value: v})
			}
		}
		c.boards[board] = deal
	}
	return filled
}

// sameTeams reports whether two records name the same two teams, in either
// order (a file may name the team sitting North-South first).
func sameTeams(home, visit, prevHome, prevVisit string) bool {
	return home == prevHome && visit == prevVisit || home == prevVisit && visit == prevHome
}
