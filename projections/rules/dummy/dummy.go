// Package dummy is English Dummy: whist for three players, one of whom
// plays two hands, his own and the dummy's, laid face up opposite him. It
// follows Foster's Complete Hoyle (1914), "DUMMY", the English game, which
// says that "the general method of playing is identical with that of
// whist" and gives only what differs; the rest is English whist's, the Laws
// of Short Whist as hoyle's whist ruleset follows them (projections/rules/
// whist, citing Hoyle's Games Modernized, 1909). "There are no American
// Laws governing it."
//
// What the text changes, and hoyle does:
//
//   - Players: three; "the table is complete with that number". Four hands
//     are dealt: the dummy's at North, its partner at South, the two
//     adversaries West and East. new --players names them in the order of
//     the cut: "the player cutting the lowest card takes dummy for the
//     first rubber; the one cutting the next lowest takes dummy for the
//     second rubber; and the one cutting the highest takes it for the last
//     rubber". The three rubbers are a tournée. --option dummy=continuous
//     is the other usage: "one player shall take dummy continuously, on
//     condition that he concedes to his adversaries one point in each
//     rubber".
//   - Cutting and dealing: the lowest "must deal the first hand for his
//     dummy; not for himself", "turning up the last card for dummy's
//     trump"; "there is no change of partners, or of the rotation of the
//     deal, until the completion of a rubber; but at the beginning of each
//     rubber, dummy must deal the first hand" (Cutting Out). hoyle keeps
//     the deal passing to the left and, at each new rubber, seats the new
//     dummy where the deal has come round to: the players change seats,
//     and each deal records who sits where.
//   - Method of playing: "when it is dummy's turn to play, his partner
//     selects the card": the prompt asks him for it.
//   - Irregularities (see irregular.go): dummy is liable to no penalty for
//     a revoke; his partner is, as at whist (three tricks or three points,
//     and he cannot win the game that hand); his partner is liable to no
//     penalty for cards dropped face upwards or played two at once; a lead
//     out of turn by dummy or his partner, when the other should have led,
//     lets the adversaries call a suit from the one that should have led,
//     and none when it was neither's turn.
//   - Scoring: "The methods of Taking Tricks; Scoring; Claiming and
//     Counting Honours; Marking Rubber Points, etc., are the same as in
//     whist": whist's rubber (Laws 1-10). "Dummy's partner must pay to, or
//     receive from each adversary the amount agreed": the sheet says what
//     each player won or lost on each rubber, and in all.
package dummy

import (
	"fmt"
	"slices"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// ID is the game's ID.
const ID = "dummy"

// The text's sections, as hoyle cites them.
const (
	Text            = "Foster's Complete Hoyle (1914), English Dummy"
	LawPlayers      = Text + ", Players: the lowest cut takes dummy for the first rubber, the next lowest for the second, the highest for the last (a tournée)"
	LawContinuous   = Text + ", Players: one player may take dummy continuously, conceding his adversaries one point in each rubber"
	LawCutting      = Text + ", Cutting: the lowest must deal the first hand for his dummy; ties as at whist"
	LawDealing      = Text + ", Dealing: dummy's partner deals for dummy, turning up the last card for dummy's trump"
	LawCuttingOut   = Text + ", Cutting Out: no change of partners or of the rotation of the deal until the completion of a rubber; at the beginning of each rubber dummy deals the first hand"
	LawMethod       = Text + ", Method of Playing: when it is dummy's turn to play, his partner selects the card"
	LawDummyRevoke  = Text + ", The Revoke: dummy is not liable to any penalty; his revoke cannot be remedied after the trick is turned and quitted, and the game proceeds as if none had occurred"
	LawRevoke       = Text + ", The Revoke: the penalties may be enforced against dummy's partner, the English three tricks or three points, and the revoking player cannot win the game that hand"
	LawInError      = Text + ", Cards Played in Error: dummy's partner is not liable to any penalty for cards dropped face upwards, or two or more played at once"
	LawLead         = Text + ", Leading out of Turn: should dummy or his partner lead out of turn, the adversaries may call a suit from the one that should have led; if it was the turn of neither, there is no penalty; should all have played to the lead, it stands"
	LawScoring      = Text + ": the methods of taking tricks, scoring, claiming and counting honours and marking rubber points are the same as in whist"
	LawStakes       = Text + ", Stakes: dummy's partner must pay to, or receive from each adversary the amount agreed"
	OptionDummy     = "dummy"
	OptionTournee   = "tournee"
	OptionContinual = "continuous"
)

// Seating is English Dummy's table: four hands, three players. The dummy
// lies at North, played by its partner at South; West and East are the
// adversaries. --players names them in the order of the cut: South (who
// takes dummy first), West, East.
var Seating = game.Seating{
	Seats:      4,
	Names:      []string{"N", "E", "S", "W"},
	Sides:      []cards.Side{cards.NS, cards.EW, cards.NS, cards.EW},
	Compass:    true,
	PlayedFrom: []cards.Seat{cards.South, cards.East, cards.South, cards.West},
	Dummies:    []bool{true, false, false, false},
	Players:    []cards.Seat{cards.South, cards.West, cards.East},
}

// Rules is English Dummy: English whist with the text's changes.
type Rules struct {
	Game
}

// New returns English Dummy.
func New() *Rules { return &Rules{Game{Rules: whist.New(), Laws: English}} }

// Info implements game.Ruleset.
func (*Rules) Info() game.Info {
	return game.Info{
		ID:    ID,
		Title: "English Dummy",
		Code: "Foster's Complete Hoyle (1914), Dummy, the English game: three players, dummy's partner plays both hands; " +
			"otherwise the Laws of Short Whist (Hoyle's Games Modernized, 1909): whist's rubber, honours and revoke",
		Options: []game.OptionInfo{
			{Name: OptionDummy, Values: []string{OptionTournee, OptionContinual},
				Summary: "tournee: each player takes dummy for a rubber in turn, in the order of the cut (--players); continuous: the first takes it throughout, conceding one point a rubber"},
		},
	}
}

// Seating implements game.Ruleset.
func (*Rules) Seating() game.Seating { return Seating }

// FirstDealer implements game.FirstDealer: the lowest cut "must deal the
// first hand for his dummy; not for himself".
func (*Rules) FirstDealer(game.Options) cards.Seat { return cards.North }

// Score implements game.Ruleset: whist's rubbers, then what each player
// won or lost on each (Stakes), with the point conceded a rubber by a
// player who takes dummy continuously.
func (*Rules) Score(in game.ScoreInput) game.ScoreSheet {
	sheet := (&whist.Scorer{}).Score(in)
	if in.Opts[OptionDummy] == OptionContinual {
		for i, r := range sheet.Rubbers {
			sheet.Rubbers[i] = concede(r, in)
		}
	}
	Settle(&sheet, in)
	return sheet
}

// concede adds the point a player taking dummy continuously concedes to his
// adversaries in each rubber, and settles the rubber again.
func concede(r game.Rubber, in game.ScoreInput) game.Rubber {
	h := firstHand(r, in)
	if h == nil || (!r.Complete && !in.Closed) {
		return r
	}
	dummySide := dummySideOf(h)
	if dummySide == cards.NoSide {
		return r
	}
	r.Entries = append(r.Entries, game.Entry{Side: 1 - dummySide, Above: true, Points: 1,
		Label: "a point conceded for dummy taken continuously", Law: LawContinuous})
	note := r.Note
	r = whist.Settle(r, true)
	if note != "" && r.Note == "" {
		r.Note = note
	}
	return r
}

// Settle says what each player won or lost on each settled rubber, and in
// all: "dummy's partner must pay to, or receive from each adversary the
// amount agreed", the rubber's points (Stakes). Mort settles its games so.
func Settle(sheet *game.ScoreSheet, in game.ScoreInput) {
	total := map[int]int{}
	var order []int
	for i, r := range sheet.Rubbers {
		h := firstHand(r, in)
		if h == nil || (!r.Complete && !in.Closed) {
			continue // in play: nothing is settled yet
		}
		partnerSide := dummySideOf(h)
		if partnerSide == cards.NoSide {
			continue
		}
		var partner int
		var adversaries []int
		for seat := range h.Seating.Seats {
			s := cards.Seat(seat)
			switch {
			case h.IsDummy(s):
			case h.Seating.SideOf(s) == partnerSide:
				partner = h.Player(s)
			default:
				adversaries = append(adversaries, h.Player(s))
			}
		}
		stake := 0
		if r.Winner != nil {
			stake = r.Points
			if *r.Winner != partnerSide {
				stake = -stake
			}
		}
		scores := []game.PlayerScore{{Player: partner, Points: stake * len(adversaries), Role: "dummy's partner"}}
		for _, a := range adversaries {
			scores = append(scores, game.PlayerScore{Player: a, Points: -stake})
		}
		sheet.Rubbers[i].Players = scores
		for _, p := range scores {
			if _, ok := total[p.Player]; !ok {
				order = append(order, p.Player)
			}
			total[p.Player] += p.Points
		}
	}
	sheet.Players = nil
	for _, seat := range in.Seating.PlayerSeats() {
		if p, ok := int(seat), slices.Contains(order, int(seat)); ok {
			sheet.Players = append(sheet.Players, game.PlayerScore{Player: p, Points: total[p]})
		}
	}
	for _, p := range order {
		if !in.Seating.Own(cards.Seat(p)) {
			sheet.Players = append(sheet.Players, game.PlayerScore{Player: p, Points: total[p]})
		}
	}
}

// firstHand is the first hand of a rubber of the sheet: who sat where on it
// is who sat where for the whole rubber.
func firstHand(r game.Rubber, in game.ScoreInput) *game.Hand {
	if len(r.Hands) == 0 {
		return nil
	}
	for _, h := range in.Hands {
		if h.Number == r.Hands[0] {
			return h
		}
	}
	return nil
}

// dummySideOf is the side with the dummy on h, or NoSide.
func dummySideOf(h *game.Hand) cards.Side {
	for _, d := range h.Dummies() {
		return h.Seating.SideOf(d)
	}
	return cards.NoSide
}

// DummySide reports whether seat is of a side that has a dummy on h: the
// dummy, or dummy's partner.
func DummySide(h *game.Hand, seat cards.Seat) bool {
	for _, d := range h.Dummies() {
		if h.Seating.SideOf(d) == h.Seating.SideOf(seat) {
			return true
		}
	}
	return false
}

// seatingText names the players' roles for help: who takes dummy when.
func seatingText(opts game.Options) string {
	if opts[OptionDummy] == OptionContinual {
		return fmt.Sprintf("the first player named takes dummy throughout (%s; %s)", LawContinuous, LawCutting)
	}
	return fmt.Sprintf("the players take dummy in the order named, a rubber each (%s; %s)", LawPlayers, LawCutting)
}

// Fold implements game.Folding for the dummy games built on Game: their
// score is not a fold here, since its settlement between the players
// reads the hands of each rubber (who took dummy on its first hand; see
// Settle), and the whist fold Game's whist rules give would miss it.
func (Game) Fold(game.Options, game.Seating, *game.FoldState) (game.SheetFold, bool) {
	return nil, false
}
