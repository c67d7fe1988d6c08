package jsonview

import "github.com/hoyle/hoyle/projections"

// Session is one session in `hoyle sessions --json`.
type Session struct {
	ID       string   `json:"id"`
	Game     string   `json:"game"`
	Name     string   `json:"name"`
	Event    string   `json:"event"`
	Table    string   `json:"table"`
	Room     string   `json:"room"`
	Teams    *Teams   `json:"teams"`
	Movement string   `json:"movement"`
	Players  []string `json:"players"`
	Hands    int      `json:"hands"`
	Events   uint64   `json:"events"`
	Closed   bool     `json:"closed"`
}

// Teams is the two teams of a team match.
type Teams struct {
	Home  string `json:"home"`
	Visit string `json:"visit"`
}

// NewSession is session s, of so many events, as the list shows it.
func NewSession(s *projections.Session, events uint64) Session {
	p := s.Placement()
	out := Session{ID: s.ID, Game: s.Rules.Info().ID, Name: s.Opened.Name, Event: p.Event, Table: p.Table, Room: p.Room,
		Movement: p.Movement, Players: s.Opened.Players, Hands: len(s.Hands), Events: events, Closed: s.Closed}
	if p.HomeTeam != "" || p.VisitTeam != "" {
		out.Teams = &Teams{Home: p.HomeTeam, Visit: p.VisitTeam}
	}
	if out.Players == nil {
		out.Players = []string{}
	}
	return out
}
