// Package bridge is Bridge, the game before auction: the dealer names the
// trump or no trumps, or leaves it to his partner; the adversaries may
// double, and the doubling goes on to the limit of 100 points a trick; the
// dealer plays both his own hand and his partner's (Dummy).
//
// The code of laws is the Club code of the Laws of Bridge as Professor
// Hoffmann prints it in "Hoyle's Games Modernized" (new edition, revised to
// 1909; Routledge; Project Gutenberg ebook #39445), chapter Bridge:
//
//   - Laws 17-108 are those of the seeds (file 000, which is that edition):
//     cutting and the deal (34-46), declaring trumps (47-52), doubling and
//     re-doubling (53-61), Dummy (62-69), exposed cards and leads out of
//     turn (70-88), the revoke (89-99).
//   - Laws 1-16, which the seeds lack, are taken from the same edition:
//     1 the rubber is the best of three games; 2 a game is thirty points,
//     by tricks alone; 3 every hand is played out and points over thirty
//     count; 4 each trick above six is worth 2 in spades, 4 in clubs, 6 in
//     diamonds, 8 in hearts, 12 at no trumps; 5 the honours are A K Q J 10
//     of trumps, or the four aces at no trumps; 6 honours with a trump
//     suit: three between partners twice the trick's value, four four
//     times, five five times, four in one hand eight times (nine with the
//     fifth in partner's hand), five in one hand ten times; 7 at no trumps
//     three aces 30, four 40, four in one hand 100; 8 a player holding no
//     trump scores for his side Chicane, twice the trick's value; 9 Grand
//     Slam (thirteen tricks) 40, Little Slam (twelve) 20; 10 honours,
//     Chicane and Slam are reckoned at the end of the rubber; 11 the
//     winners of the rubber add 100 points, and the difference of the
//     totals is what the rubber is worth; 12-13 erroneous scores; 14-16
//     cutting. The text of laws 7 (end) to 16 was read in a transcription
//     of that edition (Part 27 of the serial copy at lightnovelsonl.com).
//     Laws 1-6 could not be read there; the values above agree with the
//     chapter's worked score, "The Score in Actual Practice" (nine tricks
//     in diamonds 18, four honours 24), which the tests check, and they are
//     the same in the two other club codes of the period that were read:
//     the Whist Club of New York's Laws of Bridge (1897), laws 3-7, and
//     the table of honour values in J. B. Elwell, "Bridge" (1906; Project
//     Gutenberg #38000).
//
// The irregularities (irregular.go) follow laws 49-51 and 57-58 for the
// declaration and the doubling, and laws 62-99 for the play: exposed cards
// and cards liable to be called (70-79), leads out of turn (80-85), cards
// played in error (86-88) and the revoke (89-99: three tricks, or their
// value deducted or added, at the adversaries' option). The code has no
// law for a rubber left unfinished: its points stand as scored, with no
// 100 for the rubber, and the score sheet says so.
package bridge

import (
	"fmt"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Laws cited by the ruleset.
const (
	LawRubber     = "Law 1"
	LawGame       = "Law 2"
	LawTrickValue = "Law 4"
	LawHonours    = "Law 6"
	LawAces       = "Law 7"
	LawChicane    = "Law 8"
	LawSlam       = "Law 9"
	LawRubberPts  = "Law 11"
	LawCut        = "Law 35"
	LawDeclare    = "Law 47"
	LawLeave      = "Law 48"
	LawPassBack   = "Law 50"
	LawAltered    = "Law 52"
	LawDoubling   = "Law 53"
	LawMayILead   = "Law 54"
	LawRedouble   = "Law 55"
	LawDoubleBack = "Law 56"
	LawLimit      = "Law 58"
	LawPlayBegins = "Law 60"
	LawDummy      = "Law 62"
	LawRevoke     = "Law 89"
)

// TrickLimit is the most a trick may be worth by doubling (Law 58: "the
// process of re-doubling may be continued until the limit of 100 points is
// reached").
const TrickLimit = 100

// TrickValue is the value of each trick above six in a strain, undoubled
// (Law 4): spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12. Other
// strains (royal spades) are not bridge: 0.
func TrickValue(s cards.Strain) int {
	switch s {
	case cards.StrainSpades:
		return 2
	case cards.StrainClubs:
		return 4
	case cards.StrainDiamonds:
		return 6
	case cards.StrainHearts:
		return 8
	case cards.NoTrump:
		return 12
	}
	return 0
}

// DoubledValue is the value of a trick in strain s doubled n times (Law 53:
// "doubled, quadrupled, and so on").
func DoubledValue(s cards.Strain, n int) int { return TrickValue(s) << n }

// CanDouble reports whether a trick in s, doubled n times already, may be
// doubled once more without passing the limit of 100 points (Law 58).
func CanDouble(s cards.Strain, n int) bool { return DoubledValue(s, n+1) <= TrickLimit }

// strains are the declarations of Law 47, in the order of their value.
var strains = []cards.Strain{cards.StrainSpades, cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.NoTrump}

// Rules is the Bridge ruleset, and, with a Variant, the games Foster's
// Complete Hoyle (1914) describes as played "as Bridge" with a change or
// two (see the variant packages: shortbridge, reversibridge, drawbridge,
// kingsbridge, sixhandbridge).
type Rules struct {
	game.FourHanded
	game.RubberScoring // PBN and LIN (game.Interchange, with StandardContract)
	Variant
}

// Variant is what a game played as Bridge changes in the declaration, the
// doubling and the revoke. The zero Variant is Bridge by the Club code.
// Each field that changes a rule is the text that changes it, cited where
// the change is enforced.
type Variant struct {
	// ID, Title and Code are the game's Info: "short-bridge", "Short
	// Bridge", the text it follows and what it changes; Options its
	// options (nil: Bridge's). The zero Variant is Bridge's.
	ID, Title, Code string
	Options         []game.OptionInfo
	// NoDoubling: "there is no doubling" (Short, King's, Double Dummy
	// Bridge): a double or re-double is refused, and the play begins as
	// soon as the trump is declared.
	NoDoubling string
	// ForcedMake: the declaration left by the dealer is made by rule, not
	// by judgment ("according to the mechanical rules given in Bridge for
	// Three"): see Forced.
	ForcedMake string
	// NoDummy: no hand is laid down; each hand's cards stay hidden, and
	// every hand, the dealer's partner's too, answers for its revokes
	// (Draw Bridge: "all four hands are responsible for revokes").
	NoDummy string
	// ShortGame: no rubbers; a game ends when either side reaches thirty
	// below the line, and is won by the higher score for tricks and
	// honours (Short Bridge).
	ShortGame string
	// Reversed: "each side scores what the other makes": tricks, honours,
	// Chicane and Slam go to the other side's score (Reversi Bridge).
	Reversed string
	// RevokeTaken: the revoke penalty reversed, "the player in error
	// taking three tricks instead of losing them" (Reversi Bridge).
	RevokeTaken string
}

// New returns the ruleset.
func New() *Rules { return NewVariant(Variant{}) }

// NewVariant returns Bridge with the changes of a variant.
func NewVariant(v Variant) *Rules {
	return &Rules{FourHanded: game.FourHanded{CutLaw: LawCut, RevokeLaw: LawRevoke}, RubberScoring: game.RubberScoring{Name: ScoringName}, Variant: v}
}

// title names the game: "Bridge", or the variant's title.
func (r *Rules) title() string {
	if r.Title == "" {
		return "Bridge"
	}
	return r.Title
}

// Info implements game.Ruleset: Bridge's, or the variant's.
func (r *Rules) Info() game.Info {
	if r.ID != "" {
		return game.Info{ID: r.ID, Title: r.Title, Code: r.Code + "; otherwise " + ClubCode, Options: r.Options}
	}
	return game.Info{
		ID:    "bridge",
		Title: "Bridge",
		Code: "The Club code of the Laws of Bridge, as printed in Hoyle's Games Modernized (ed. Hoffmann, 1909; " +
			"Project Gutenberg #39445), laws 1-108",
		Options: []game.OptionInfo{game.ProgressiveScoring, WeOption},
	}
}

// ClubCode is the code the variants follow where their text is silent.
const ClubCode = "the Club code of Bridge (Hoyle's Games Modernized, 1909), laws 1-108"

// WeOption names the side written under WE on the score pad.
var WeOption = game.OptionInfo{Name: "we", Values: []string{"NS", "EW"},
	Summary: "the side written under WE on the score pad (the scorer's side)"}

// Start implements game.Ruleset: the dealer declares first (Law 47).
func (*Rules) Start(h *game.Hand, _ game.Options) {
	h.Phase = game.PhaseAuction
	h.Turn = h.Dealer
}

// ParseCall implements game.Ruleset: a declaration is the strain alone (H,
// S, D, C, NT), "P" leaves it to partner or is satisfied, X doubles and XX
// re-doubles.
func (*Rules) ParseCall(tok string) (cards.Call, error) { return cards.ParseCall(tok) }

// CallSpace implements game.Ruleset: pass, double, re-double and the five
// declarations (no double or re-double where there is no doubling).
func (r *Rules) CallSpace() []cards.Call {
	out := []cards.Call{cards.PassCall, cards.DoubleCall, cards.RedoubleCall}
	if r.NoDoubling != "" {
		out = out[:1]
	}
	for _, s := range strains {
		out = append(out, cards.NewBid(0, s))
	}
	return out
}

// stage is where the declaration stands.
type stage int

const (
	stageDeclare  stage = iota // the dealer declares or leaves it (Laws 47-48)
	stageLeft                  // the dealer left it: his partner must declare (Law 48)
	stageDoubling              // the trump is declared; doubling goes on (Laws 54-58)
	stageOver                  // the play begins (Law 60)
)

// Declaration is what the calls of a hand have settled so far.
type Declaration struct {
	stage   stage
	Maker   cards.Seat   // who named the trump; NoSeat before
	Strain  cards.Strain // the trump, or NoTrump
	Doubled int          // doublings so far (Law 53)
	// Acting is the side whose turn it is to double (or re-double), and
	// Next the player of it who may; Second is true when his partner has
	// already said "May I lead?" or "Satisfied" and this is the side's last
	// word (Laws 54, 55, 58).
	Acting cards.Side
	Next   cards.Seat
	Second bool
	// rights is, by side, the player with the first right to double next:
	// the maker, or the eldest hand, at first (Laws 54, 55), then whoever
	// doubled last for that side (Laws 56, 58).
	rights [2]cards.Seat
}

// Over reports whether the declaration and the doubling are done.
func (d Declaration) Over() bool { return d.stage == stageOver }

// State reads the calls of h (Call checked them) under the variant's
// rules: where there is no doubling, the play begins once the trump is
// declared.
func (r *Rules) State(h *game.Hand) Declaration {
	n := h.Seating.Seats
	d := Declaration{Maker: cards.NoSeat, Strain: cards.NoStrain, Next: h.Dealer}
	for _, c := range h.Calls {
		switch d.stage {
		case stageDeclare, stageLeft:
			if c.Call.Kind == cards.Pass {
				d.stage, d.Next = stageLeft, h.Seating.Partner(h.Dealer)
				continue
			}
			d.Maker, d.Strain, d.stage = c.Seat, c.Call.Strain, stageDoubling
			if r.NoDoubling != "" {
				d.stage, d.Next = stageOver, cards.NoSeat
				continue
			}
			eldest := h.Dealer.Next(n)
			d.rights[h.Seating.SideOf(h.Dealer)] = c.Seat
			d.rights[h.Seating.SideOf(eldest)] = eldest
			d.Acting, d.Next, d.Second = h.Seating.SideOf(eldest), eldest, false
		case stageDoubling:
			if c.Call.Kind == cards.Pass {
				if d.Second {
					d.stage, d.Next = stageOver, cards.NoSeat
					continue
				}
				d.Second, d.Next = true, h.Seating.Partner(c.Seat)
				continue
			}
			d.Doubled++
			d.rights[d.Acting] = c.Seat
			d.Acting = 1 - d.Acting
			d.Next, d.Second = d.rights[d.Acting], false
			if !CanDouble(d.Strain, d.Doubled) {
				d.stage, d.Next = stageOver, cards.NoSeat
			}
		}
	}
	return d
}

// Call implements game.Ruleset: the declaration (Laws 47-52) and the
// doubling (Laws 53-60). The dealer names a strain or passes ("I leave it
// to you, partner"); his partner must then name one. The eldest hand may
// double or pass ("May I lead?"), then his partner; after a double the
// maker of the trump may re-double or pass ("Satisfied"), then his partner;
// and so on, each side's first right belonging to whoever doubled last for
// it, until a side's two players are satisfied or a further double would
// make a trick worth more than 100. The dealer then plays the hand, his
// partner is Dummy, and the eldest hand leads.
func (r *Rules) Call(h *game.Hand, c cards.Call, id events.ID) error {
	if err := r.noDoubling(c); err != nil {
		return err
	}
	if h.Phase != game.PhaseAuction {
		return h.NotNow("a call cannot be made", c.String())
	}
	if err := r.check(h, c); err != nil {
		return err
	}
	h.Calls = append(h.Calls, game.CallEntry{Seat: h.Turn, Call: c, ID: id})
	d := r.State(h)
	if !d.Over() {
		h.Turn = d.Next
		return nil
	}
	r.begin(h, d)
	return nil
}

// noDoubling refuses a double or re-double in a game without doubling,
// whenever it is made.
func (r *Rules) noDoubling(c cards.Call) error {
	if r.NoDoubling == "" || (c.Kind != cards.Double && c.Kind != cards.Redouble) {
		return nil
	}
	return game.Illegal(c.String(), fmt.Sprintf("there is no doubling in %s: the play begins as soon as the trump is declared", r.title()), r.NoDoubling)
}

// begin ends the declaration and the doubling: the dealer plays the hand,
// his partner is Dummy, and the eldest hand leads (Laws 47, 60, 62). Where
// no hand is laid down (NoDummy) there is no Dummy.
func (r *Rules) begin(h *game.Hand, d Declaration) {
	h.Contract = &game.Contract{Strain: d.Strain, Doubled: d.Doubled, Declarer: h.Dealer}
	h.Dummy = h.Seating.Partner(h.Dealer)
	if r.NoDummy != "" {
		h.Dummy = cards.NoSeat
	}
	h.StartPlay(h.Dealer.Next(h.Seating.Seats))
	h.AfterCall(cards.NoSeat)
}

// check says whether c is a call the seat to act may make.
func (r *Rules) check(h *game.Hand, c cards.Call) error {
	d := r.State(h)
	tok := c.String()
	who := h.SeatName(h.Turn)
	switch d.stage {
	case stageDeclare, stageLeft:
		switch c.Kind {
		case cards.Pass:
			if d.stage == stageLeft {
				return game.Illegal(tok, "the dealer has left the declaration to his partner, who must make it; he may not pass it back", LawPassBack)
			}
			return nil
		case cards.Bid:
			if c.Level != 0 {
				return game.Illegal(tok, "in Bridge the trump is named without a number of tricks: say H, S, D, C or NT", LawDeclare)
			}
			if TrickValue(c.Strain) == 0 {
				return game.Illegal(tok, c.Strain.Name()+" is not a declaration of Bridge: the dealer names a suit or no trumps", LawDeclare)
			}
			if d.stage == stageLeft {
				return r.checkForced(h, c)
			}
			return nil
		}
		return game.Illegal(tok, "there is no declaration to double yet", LawMayILead)
	case stageDoubling:
		declaring := h.Seating.SideOf(h.Dealer)
		switch c.Kind {
		case cards.Pass:
			return nil
		case cards.Bid:
			return game.Illegal(tok, fmt.Sprintf("the trump has been declared (%s); a declaration once made cannot be altered", d.Strain.Name()), LawAltered)
		case cards.Double:
			if d.Acting == declaring {
				return game.Illegal(tok, fmt.Sprintf("%s is of the dealer's side, which re-doubles: XX (or P, satisfied)", who), LawRedouble)
			}
		case cards.Redouble:
			if d.Acting != declaring {
				if d.Doubled == 0 {
					return game.Illegal(tok, "there is no double to re-double: the adversaries may double (X) or ask \"May I lead?\" (P)", LawMayILead)
				}
				return game.Illegal(tok, fmt.Sprintf("%s is an adversary of the dealer, who doubles again: X (or P, satisfied)", who), LawDoubleBack)
			}
		default:
			return game.Illegal(tok, "not a call", "")
		}
		return nil
	}
	return h.NotNow("a call cannot be made", tok)
}

// Score implements game.Ruleset: the rubbers, by Laws 1-11.
//
// In a progressive game (the option scoring=progressive) there are no
// rubbers or games: see game.Progressive.
func (r *Rules) Score(in game.ScoreInput) game.ScoreSheet {
	if in.Opts["scoring"] == "progressive" {
		return game.Progressive(in, r.HandEntries)
	}
	return r.Rubbers(in, r.HandEntries)
}

// GiveContract implements game.ContractRules: a declaration given without
// the calls that made it. In Bridge the dealer plays the hand, whoever
// named the trump (Law 62: the dealer's partner's hand "is called Dummy"),
// and a hand is never passed out: the dealer declares, or leaves it to his
// partner, who must (Laws 47, 48). The trump is named without a number of tricks, and doubling
// stops at a trick worth 100 (Law 58).
func (r *Rules) GiveContract(h *game.Hand, bid cards.Call, doubled int, declarer cards.Seat) error {
	tok := bid.String()
	switch {
	case h.Phase != game.PhaseAuction || len(h.Calls) > 0:
		return game.Illegal(tok, "a declaration is given instead of the calls, before any call", "")
	case bid.Kind != cards.Bid:
		return game.Illegal(tok, "the dealer or his partner must declare: a Bridge hand is never passed out", "Laws 47 and 48")
	case doubled > 0 && r.NoDoubling != "":
		return r.noDoubling(cards.DoubleCall)
	case bid.Level > 1 || TrickValue(bid.Strain) == 0:
		return game.Illegal(tok, "a Bridge declaration is a suit or no trumps, without a number of tricks: H, S, D, C or NT", LawDeclare)
	case declarer != h.Dealer:
		return game.Illegal(tok, fmt.Sprintf("in Bridge the dealer, %s, plays the hand whoever named the trump", h.SeatName(h.Dealer)), "Law 62")
	case doubled < 0 || doubled > 0 && !CanDouble(bid.Strain, doubled-1):
		return game.Illegal(tok, fmt.Sprintf("%s cannot be doubled %d times: no trick may be worth more than 100", bid.Strain.Name(), doubled), "Law 58")
	}
	h.Contract = &game.Contract{Strain: bid.Strain, Doubled: doubled, Declarer: h.Dealer}
	h.Dummy = h.Seating.Partner(h.Dealer)
	if r.NoDummy != "" {
		h.Dummy = cards.NoSeat
	}
	h.StartPlay(h.Dealer.Next(h.Seating.Seats))
	return nil
}
