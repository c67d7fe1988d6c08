package jsonview

import "github.com/hoyle/hoyle/projections/movement"

// Movement is `hoyle movement --json`: the plan of a movement, every
// sitting of every round.
type Movement struct {
	Movement string `json:"movement"`
	Tables   int    `json:"tables"`
	// Pairs is the pairs that play (a phantom not counted); 0 in a
	// progressive or pivot game.
	Pairs    int       `json:"pairs,omitempty"`
	Phantom  string    `json:"phantom,omitempty"`
	Arrow    []int     `json:"arrow_switch,omitempty"`
	Rounds   int       `json:"rounds"`
	Boards   int       `json:"boards"`
	Copies   int       `json:"copies"`
	Sittings []Sitting `json:"sittings"`
	Bye      []int     `json:"bye_sets,omitempty"`
}

// Sitting is one table in one round: the pairs (none in a progressive or
// pivot game, whose players move one by one), the set and boards played
// and the tables that share them. A table where a pair sits out (it met
// the phantom) has sit_out, the pair, and no boards.
type Sitting struct {
	Round    int    `json:"round"`
	Table    int    `json:"table"`
	NS       string `json:"ns"`
	EW       string `json:"ew"`
	Set      int    `json:"set,omitempty"`
	First    int    `json:"first_board,omitempty"`
	Last     int    `json:"last_board,omitempty"`
	Shares   []int  `json:"shares_with,omitempty"`
	SitOut   string `json:"sit_out,omitempty"`
	Switched bool   `json:"arrow_switched,omitempty"`
}

// NewMovement is the plan of spec.
func NewMovement(spec movement.Spec, plan *movement.Plan) Movement {
	out := Movement{Movement: spec.String(), Tables: spec.Tables, Arrow: spec.Arrow, Rounds: plan.Rounds, Boards: plan.TotalBoards(),
		Copies: plan.Copies, Bye: plan.Bye, Sittings: []Sitting{}}
	if spec.Duplicate() {
		out.Pairs = spec.FullPairs()
	}
	if plan.Phantom.Number > 0 {
		out.Phantom = plan.Phantom.String()
	}
	for _, row := range plan.Sittings {
		for _, st := range row {
			sj := Sitting{Round: st.Round, Table: st.Table, Set: st.Set, First: st.First, Last: st.Last, Shares: st.Shares, Switched: st.Switched}
			if st.NS.Number > 0 {
				sj.NS, sj.EW = st.NS.String(), st.EW.String()
			}
			if !st.Plays() {
				sj.SitOut, sj.Set, sj.First, sj.Last = st.SitOut.String(), 0, 0, 0
			}
			out.Sittings = append(out.Sittings, sj)
		}
	}
	return out
}
