package jsonview

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// View is the table as `hoyle show --json` prints it. Its field names are a
// stable scripting contract.
type View struct {
	Session  string        `json:"session"`
	Game     string        `json:"game"`
	Hand     int           `json:"hand"`
	Board    int           `json:"board,omitempty"`
	Dealer   *string       `json:"dealer"`
	Phase    string        `json:"phase"`
	Turn     *string       `json:"turn"`
	Calls    []string      `json:"calls"`
	Contract *ContractView `json:"contract"`
	Dummy    *string       `json:"dummy"`
	// Dummies lists the dummies, in a game that lays out more than one
	// (Double Dummy); absent otherwise.
	Dummies []string `json:"dummies,omitempty"`
	// PlayedBy names, in a game where a player plays more than one hand
	// or the players change seats, who plays each seat's cards on this
	// hand: the player's name, or his seat when he has none ("N": "S"
	// for dummy played from South); absent in other games. Out lists the
	// hands laid aside, which play no card (Humbug Whist).
	PlayedBy map[string]string `json:"played_by,omitempty"`
	Out      []string          `json:"out,omitempty"`
	Tricks   map[string]int    `json:"tricks"`
	Hands    map[string]string `json:"hands"`
	// Shown is, for each seat whose hand is not known, the cards it has
	// played so far: what the record shows of it.
	Shown  map[string]string `json:"shown,omitempty"`
	Trick  []PlayView        `json:"trick"`
	Played int               `json:"played"`
	Claim  *int              `json:"claim"`
	// Result is the tricks by side when the hand's result was given (a
	// traveller's) rather than played.
	Result map[string]int `json:"result,omitempty"`
	Vul    []string       `json:"vulnerable"`
	Closed bool           `json:"closed"`
	Widow  string         `json:"widow,omitempty"`
	TurnUp string         `json:"turn_up,omitempty"`
	// Irregularities lists the hand's irregularities (irregular.go);
	// Restrictions what their remedies impose now, in words.
	Irregularities []IrregularityView `json:"irregularities"`
	Restrictions   []string           `json:"restrictions"`
	// Seated names the player in each seat on the hand, where players
	// move between hands (a pivot or progressive table, Six-hand, King's
	// and Draw Bridge, a duplicate movement's pairs, named by the event's
	// roster): a seat nobody sits in is absent, as is a player not named. Round and Table are where the hand falls in the game's
	// or the movement's rotation (0: none).
	Seated map[string]string `json:"seated,omitempty"`
	Round  int               `json:"round,omitempty"`
	Table  int               `json:"table,omitempty"`
}

// ContractView is the contract in a View.
type ContractView struct {
	Level    int    `json:"level"`
	Strain   string `json:"strain"`
	Doubled  int    `json:"doubled"`
	Declarer string `json:"declarer"`
	Text     string `json:"text"`
}

// PlayView is one card on the table.
type PlayView struct {
	Seat string `json:"seat"`
	Card string `json:"card"`
}

// NewView describes the session's current hand.
func NewView(s *projections.Session) View {
	seating := s.Seating()
	name := func(seat cards.Seat) *string {
		if seat == cards.NoSeat {
			return nil
		}
		n := seating.Names[seat]
		return &n
	}
	v := View{Session: s.ID, Game: s.Rules.Info().ID, Phase: "none", Calls: []string{}, Tricks: map[string]int{},
		Hands: map[string]string{}, Trick: []PlayView{}, Vul: []string{}, Closed: s.Closed,
		Irregularities: IrregularityViews(s), Restrictions: replay.RestrictionsText(s)}
	for side := 0; side < seating.SideCount(); side++ {
		v.Tricks[replay.SideName(seating, cards.Side(side))] = 0
	}
	h := s.Current()
	if h == nil {
		return v
	}
	v.Hand, v.Board, v.Dealer, v.Phase, v.Turn = h.Number, h.Board, name(h.Dealer), string(h.Phase), name(h.Turn)
	for _, c := range h.Calls {
		v.Calls = append(v.Calls, c.Call.String())
	}
	if h.Contract != nil {
		c := h.Contract
		v.Contract = &ContractView{Level: c.Level, Strain: c.Strain.String(), Doubled: c.Doubled, Text: game.ContractText(c)}
		// Whist's turned-up trump, or Five Hundred's hand that nobody bid
		// for, has no declarer: the field is then "".
		if c.Declarer != cards.NoSeat {
			v.Contract.Declarer = seating.Names[c.Declarer]
		}
	}
	v.Dummy = name(h.Dummy)
	if dummies := h.Dummies(); len(dummies) > 0 && h.Dummy == cards.NoSeat {
		v.Dummy = name(dummies[0])
		if len(dummies) > 1 {
			for _, d := range dummies {
				v.Dummies = append(v.Dummies, seating.Names[d])
			}
		}
	}
	if replay.PlayedFromOthers(s, h) {
		v.PlayedBy = map[string]string{}
		for seat := range seating.Seats {
			st := cards.Seat(seat)
			if !h.InPlay(st) {
				v.Out = append(v.Out, seating.Names[seat])
				continue
			}
			who := s.PlayerIn(h, st)
			if who == "" {
				who = seating.Names[h.PlayedFrom(st)]
			}
			v.PlayedBy[seating.Names[seat]] = who
		}
	}
	for side, n := range h.Won {
		v.Tricks[replay.SideName(seating, cards.Side(side))] = n
	}
	for seat := range seating.Seats {
		if h.Known(cards.Seat(seat)) {
			v.Hands[seating.Names[seat]] = h.Held[seat].PBN()
		} else if played := h.PlayedBy(cards.Seat(seat)); played != 0 {
			if v.Shown == nil {
				v.Shown = map[string]string{}
			}
			v.Shown[seating.Names[seat]] = played.PBN()
		}
	}
	if t := h.CurrentTrick(); t != nil && t.Winner == cards.NoSeat {
		for _, p := range t.Cards {
			v.Trick = append(v.Trick, PlayView{Seat: seating.Names[p.Seat], Card: p.Card.String()})
		}
	}
	v.Played = h.Played.Len()
	if h.Sitting.Seated() || (s.Roster() != nil && h.Board > 0) {
		// Seated also where the event's movement moves its pairs between
		// tables and its record names them (projections.Session.SetRoster).
		if h.Sitting.Seated() {
			v.Round, v.Table = h.Sitting.Round, h.Sitting.Table
		}
		v.Seated = map[string]string{}
		for seat := range seating.Seats {
			if p := s.PlayerAt(h.Number, cards.Seat(seat)); p != "" {
				v.Seated[seating.Names[seat]] = p
			}
		}
	}
	if h.Claim != nil {
		n := h.Claim.Tricks
		v.Claim = &n
	}
	if h.Result != nil {
		v.Result = map[string]int{}
		for side, n := range h.Result.Won {
			v.Result[replay.SideName(seating, cards.Side(side))] = n
		}
	}
	for _, side := range h.Vulnerable.Sides() {
		v.Vul = append(v.Vul, replay.SideName(seating, side))
	}
	if h.Widow != 0 {
		v.Widow = h.Widow.PBN()
	}
	if h.TurnUp != cards.NoCard {
		v.TurnUp = h.TurnUp.String()
	}
	return v
}
