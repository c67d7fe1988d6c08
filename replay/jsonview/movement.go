package jsonview

import "github.com/hoyle/hoyle/projections/movement"

// Movement is `hoyle movement --json`: the plan of a movement, every
// sitting of every round.
type Movement struct {
	Movement string    `json:"movement"`
	Tables   int       `json:"tables"`
	Rounds   int       `json:"rounds"`
	Boards   int       `json:"boards"`
	Copies   int       `json:"copies"`
	Sittings []Sitting `json:"sittings"`
	Bye      []int     `json:"bye_sets,omitempty"`
}

// Sitting is one table in one round: the pairs (none in a progressive or
// pivot game, whose players move one by one), the boards played and the
// tables that share them.
type Sitting struct {
	Round  int    `json:"round"`
	Table  int    `json:"table"`
	NS     string `json:"ns"`
	EW     string `json:"ew"`
	First  int    `json:"first_board,omitempty"`
	Last   int    `json:"last_board,omitempty"`
	Shares []int  `json:"shares_with,omitempty"`
}

// NewMovement is the plan of spec.
func NewMovement(spec movement.Spec, plan *movement.Plan) Movement {
	out := Movement{Movement: spec.String(), Tables: spec.Tables, Rounds: plan.Rounds, Boards: plan.TotalBoards(),
		Copies: plan.Copies, Bye: plan.Bye, Sittings: []Sitting{}}
	for _, row := range plan.Sittings {
		for _, st := range row {
			sj := Sitting{Round: st.Round, Table: st.Table, First: st.First, Last: st.Last, Shares: st.Shares}
			if st.NS.Number > 0 {
				sj.NS, sj.EW = st.NS.String(), st.EW.String()
			}
			out.Sittings = append(out.Sittings, sj)
		}
	}
	return out
}
