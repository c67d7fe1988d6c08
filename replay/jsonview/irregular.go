package jsonview

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// IrregularityView is one irregularity of a hand as `show --json` lists
// it: what it was, who, at which moment, when it was established (a
// revoke: the trick, from 1), the law, the remedy chosen or applied and
// what it did, and the choices still open.
type IrregularityView struct {
	Kind        string       `json:"kind"`
	Seat        *string      `json:"seat"`
	Moment      string       `json:"moment"`
	Trick       int          `json:"trick,omitempty"`
	Card        string       `json:"card,omitempty"`
	Call        string       `json:"call,omitempty"`
	What        string       `json:"what"`
	Found       bool         `json:"found,omitempty"`
	Proved      string       `json:"proved_at,omitempty"`
	Established *int         `json:"established"`
	Corrected   bool         `json:"corrected,omitempty"`
	Law         string       `json:"law"`
	Remedy      *string      `json:"remedy"`
	Settled     string       `json:"settled,omitempty"`
	Choices     []ChoiceView `json:"choices"`
}

// ChoiceView is a remedy open now.
type ChoiceView struct {
	Choice  string `json:"choice"`
	Arg     string `json:"arg,omitempty"`
	By      string `json:"by,omitempty"`
	Effect  string `json:"effect"`
	Law     string `json:"law"`
	Command string `json:"command"`
}

// IrregularityViews lists the irregularities of the session's current
// hand.
func IrregularityViews(s *projections.Session) []IrregularityView {
	out := []IrregularityView{}
	h := s.Current()
	if h == nil {
		return out
	}
	for _, irr := range h.Irregular {
		out = append(out, irregularityView(s, h, irr))
	}
	return out
}

func irregularityView(s *projections.Session, h *game.Hand, irr *game.Irregularity) IrregularityView {
	v := IrregularityView{Kind: string(irr.Kind), Moment: replay.IrregularityMoment(s, h, irr).String(), Trick: irr.Trick,
		What: replay.Clean(irr.What), Found: irr.Found, Corrected: irr.Corrected, Law: irr.Law, Choices: []ChoiceView{}}
	if irr.Seat != cards.NoSeat {
		n := h.SeatName(irr.Seat)
		v.Seat = &n
	}
	if irr.Card != cards.NoCard {
		v.Card = irr.Card.String()
	}
	if !irr.Call.IsZero() {
		v.Call = irr.Call.String()
	}
	if irr.Kind != game.KindRevoke && irr.Kind != game.KindLeadOutOfTurn && irr.Kind != game.KindPlayOutOfTurn &&
		irr.Kind != game.KindWrongHand && irr.Kind != game.KindDummyPlayed {
		v.Trick = 0
	}
	if irr.Found {
		if st, ok := s.StepOf(irr.Proof); ok {
			v.Proved = replay.MomentOf(s, st).String()
		}
	}
	if irr.Kind == game.KindRevoke && irr.Established > 0 {
		n := irr.Established
		v.Established = &n
	}
	if len(game.RemediesOf(s.Rules, h, irr)) > 0 {
		r := replay.RemedyText(s, h, irr)
		v.Remedy = &r
	}
	choices, settled := replay.OpenChoices(s, h, irr)
	v.Settled = settled
	for _, c := range choices {
		v.Choices = append(v.Choices, ChoiceView{Choice: c.Name, Arg: c.Arg, By: c.By, Effect: c.Effect, Law: c.Law, Command: replay.ChoiceCommand(c)})
	}
	return v
}
