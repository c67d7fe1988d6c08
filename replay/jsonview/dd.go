package jsonview

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/replay"
)

// DDTable is a table as JSON, in the order people read it: declarers
// N, E, S, W, each with strains S, H, D, C, NT.
type DDTable dd.Table

// MarshalJSON writes {"N":{"S":t,"H":t,"D":t,"C":t,"NT":t},...}.
func (t DDTable) MarshalJSON() ([]byte, error) {
	return seatStrainJSON(func(seat cards.Seat, s cards.Strain) int { return dd.Table(t).Get(s, seat) }), nil
}

// DDLeadTable is a whist table as JSON: the tricks NS take, by the seat
// that leads and the trumps.
type DDLeadTable dd.Table

// MarshalJSON writes {"N":{"S":t,...},...}, t the tricks of NS.
func (t DDLeadTable) MarshalJSON() ([]byte, error) {
	return seatStrainJSON(func(seat cards.Seat, s cards.Strain) int { return replay.DDSideTricks(dd.Table(t), s, seat, cards.NS) }), nil
}

// seatStrainJSON writes an object of a value for each seat and strain, in
// the order people read a table: seats N, E, S, W, strains S, H, D, C, NT.
func seatStrainJSON(value func(cards.Seat, cards.Strain) int) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for seat := cards.North; seat <= cards.West; seat++ {
		if seat > cards.North {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:{", seat.String())
		for i, s := range dd.Strains {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q:%d", s.String(), value(seat, s))
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.Bytes()
}

// Par is par as JSON: the score for NS and the par contracts, with
// NS first to bid; EWFirst only where the side that bids first matters.
type Par struct {
	NS        int      `json:"ns"`
	Contracts []string `json:"contracts"`
	EWFirst   *Par     `json:"ew_first,omitempty"`
}

// NewPar is a par result as JSON.
func NewPar(r dd.ParResult) Par {
	p := parView(r.NSFirst)
	if ew := parView(r.EWFirst); ew.NS != p.NS || strings.Join(ew.Contracts, ",") != strings.Join(p.Contracts, ",") {
		p.EWFirst = &ew
	}
	return p
}

// parView is one side-first par as JSON.
func parView(v dd.ParView) Par {
	p := Par{NS: v.Score, Contracts: []string{}}
	for _, c := range v.Contracts {
		by := c.Side().String()
		if len(c.Declarers) == 1 {
			by = c.Declarers[0].String()
		}
		for l := c.Level; l <= c.Level+c.Overtricks; l++ {
			k := strconv.Itoa(l) + c.Strain.String()
			if c.Doubled {
				k += "X"
			}
			p.Contracts = append(p.Contracts, k+" "+by)
		}
	}
	return p
}

// DDFileLine is one line of `hoyle dd --file`: a deal of the file.
type DDFileLine struct {
	Board *int    `json:"board"`
	Deal  string  `json:"deal"`
	Table DDTable `json:"table"`
	Par   Par     `json:"par"`
}

// DDDeal is `hoyle dd --deal --json`: a bare deal, nobody vulnerable.
type DDDeal struct {
	Deal       string  `json:"deal"`
	Vulnerable string  `json:"vulnerable"`
	Table      DDTable `json:"table"`
	Par        Par     `json:"par"`
}

// DDHand is `hoyle dd --json`: the analysis of a recorded hand.
type DDHand struct {
	Session    string   `json:"session"`
	Hand       int      `json:"hand"`
	At         *string  `json:"at,omitempty"`
	Game       string   `json:"game"`
	Board      int      `json:"board,omitempty"`
	Dealer     string   `json:"dealer"`
	Vulnerable string   `json:"vulnerable,omitempty"` // par's; none at whist
	Deal       string   `json:"deal"`
	Table      *DDTable `json:"table,omitempty"`
	Par        *Par     `json:"par,omitempty"`
	// ByLeader is whist's table: the tricks NS take by leader and trumps.
	ByLeader *DDLeadTable `json:"by_leader,omitempty"`
	Play     *DDPlay      `json:"play,omitempty"`
}

// DDPlay is the play's analysis: Trace is the counted side's tricks
// before the first card and after each (as DDS's TRACE lines), Cards each
// card with its value and cost, Costly the cards that cost a trick.
type DDPlay struct {
	Contract string   `json:"contract,omitempty"`
	Declarer string   `json:"declarer,omitempty"`
	Strain   string   `json:"strain"`
	Leader   string   `json:"leader"`
	Side     string   `json:"side"`
	Trace    []int    `json:"trace"`
	Cards    []DDCard `json:"cards"`
	Costly   []DDCard `json:"costly"`
	Stopped  *DDStop  `json:"stopped,omitempty"`
}

// DDCard is one card of the play with its value: the tricks the counted
// side takes after it, and what it cost.
type DDCard struct {
	Moment string `json:"moment"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Tricks int    `json:"tricks"`
	Cost   int    `json:"cost"`
}

// DDStop is where the analysis of an irregular play stops.
type DDStop struct {
	Moment string `json:"moment"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Why    string `json:"why"`
}

// NewDDHand is the analysis of a recorded hand at a moment
// (replay.AnalyseDDHand) as JSON.
func NewDDHand(dh *replay.DDHand) DDHand {
	s, h, a, at := dh.Session, dh.Hand, dh.Analysis, dh.At
	v := DDHand{Session: s.ID, Hand: h.Number, At: at, Game: s.Rules.Info().ID, Board: h.Board, Dealer: h.Dealer.String(),
		Deal: a.Deal.PBN(cards.North)}
	if a.BySide {
		t := DDLeadTable(a.Table)
		v.ByLeader = &t
	} else {
		t, par := DDTable(a.Table), NewPar(a.Par)
		v.Table, v.Par, v.Vulnerable = &t, &par, a.Vul.PBN()
	}
	p := a.Play
	if p == nil {
		return v
	}
	pj := &DDPlay{Strain: p.Strain.String(), Leader: p.Leader.String(), Side: p.Side.String(),
		Trace: []int{p.Start}, Cards: []DDCard{}, Costly: []DDCard{}}
	if p.Declarer != cards.NoSeat {
		pj.Contract, pj.Declarer = replay.ContractShort(h.Contract, true), p.Declarer.String()
	}
	for _, c := range p.Cards {
		cj := DDCard{Moment: replay.CardMoment(h, c.Trick, c.Place).String(), Seat: c.Seat.String(), Card: c.Card.String(), Tricks: c.Tricks, Cost: c.Cost}
		pj.Trace = append(pj.Trace, c.Tricks)
		pj.Cards = append(pj.Cards, cj)
		if c.Cost > 0 {
			pj.Costly = append(pj.Costly, cj)
		}
	}
	if p.Stopped != nil && p.Recorded > len(p.Cards) {
		pj.Stopped = &DDStop{Moment: replay.MomentOfCard(h, p.Stopped.ID).String(), Seat: p.Stopped.Seat.String(), Card: p.Stopped.Card.String(), Why: p.Stop}
	}
	v.Play = pj
	return v
}

// NewDDDeal is the analysis of a bare deal as JSON: par at nobody's
// vulnerability.
func NewDDDeal(d cards.Deal, t dd.Table) DDDeal {
	return DDDeal{Deal: d.PBN(cards.North), Vulnerable: cards.VulNone.PBN(), Table: DDTable(t), Par: NewPar(dd.Par(t, cards.VulNone, contract.ParScore))}
}

// NewDDFileLine is the analysis of a deal of a PBN file as JSON: its board
// (nil when the record has none), and par at its vulnerability.
func NewDDFileLine(board *int, d cards.Deal, t dd.Table, vul cards.Vulnerability) DDFileLine {
	return DDFileLine{Board: board, Deal: d.PBN(cards.North), Table: DDTable(t), Par: NewPar(dd.Par(t, vul, contract.ParScore))}
}
