// Package contract scores modern contract bridge: the duplicate scoring table
// of Law 77 of the Laws of Duplicate Bridge (2017), matchpoints and IMPs
// (Law 78), the dealer and vulnerability printed on a duplicate board
// (Law 2), rubber bridge (Laws of Rubber Bridge, Laws 72 to 81) and Chicago,
// the four-deal form of rubber bridge.
//
// Everything here is a pure function of its arguments, or a score sheet that
// folds hand results one at a time: no I/O, no clock. Each scored part
// carries the text of the law it comes from, so that a write-up can explain
// every number.
//
// Law numbers for rubber bridge are those of the Laws of Rubber Bridge as the
// ACBL publishes them (Law 72 points earned, Law 73 part score and game,
// Law 74 the rubber, Law 80 the incomplete rubber, Law 81 the scoring table).
package contract

import (
	"errors"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// The degrees of doubling a Contract can carry.
const (
	Undoubled = 0
	Doubled   = 1
	Redoubled = 2
)

// ErrBadContract is what ParseContract's *cards.TokenError unwraps to, and
// what Contract.Validate and CheckResult wrap.
var ErrBadContract = errors.New("not a contract")

// Contract is the final contract of a modern bridge auction: a level from 1
// to 7, a strain (clubs, diamonds, hearts, spades or no trumps; royal spades
// are not a modern strain) and whether it was doubled (Doubled) or
// redoubled (Redoubled).
type Contract struct {
	Level   int
	Strain  cards.Strain
	Doubled int // Undoubled, Doubled or Redoubled
}

// String writes the contract as PBN's Contract tag does: "4S", "3NTX",
// "6HXX".
func (c Contract) String() string {
	s := strconv.Itoa(c.Level) + c.Strain.String()
	switch c.Doubled {
	case Doubled:
		s += "X"
	case Redoubled:
		s += "XX"
	}
	return s
}

// Needed is the number of tricks the contract asks of declarer: six (the
// book) plus the level.
func (c Contract) Needed() int { return 6 + c.Level }

// Validate reports whether c is a contract of modern bridge; the error
// unwraps to ErrBadContract.
func (c Contract) Validate() error {
	switch {
	case c.Level < 1 || c.Level > 7:
		return badContract(c, "the level of a contract is 1 to 7")
	case !modernStrain(c.Strain):
		return badContract(c, "the strain of a contract is C, D, H, S or NT")
	case c.Doubled < Undoubled || c.Doubled > Redoubled:
		return badContract(c, "a contract is undoubled, doubled (X) or redoubled (XX)")
	}
	return nil
}

// CheckResult reports whether c is a valid contract and tricks a possible
// number of tricks for declarer (0 to 13); the error unwraps to
// ErrBadContract.
func CheckResult(c Contract, tricks int) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if tricks < 0 || tricks > 13 {
		return &cards.TokenError{Kind: ErrBadContract, Token: c.String() + " with " + strconv.Itoa(tricks) + " tricks",
			Reason: "declarer takes 0 to 13 tricks"}
	}
	return nil
}

func badContract(c Contract, reason string) error {
	return &cards.TokenError{Kind: ErrBadContract, Token: c.String(), Reason: reason}
}

func modernStrain(s cards.Strain) bool {
	switch s {
	case cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades, cards.NoTrump:
		return true
	}
	return false
}

// ParseContract reads a contract as PBN writes it: a level 1 to 7, a strain
// (C, D, H, S, NT, or N for no trumps) and an optional X or XX, in any case:
// "4S", "3NTX", "6hxx", "1N". "Pass" (or "P") is a passed-out deal: pass is
// true and the Contract is the zero Contract. Errors are *cards.TokenError
// values that unwrap to ErrBadContract.
func ParseContract(s string) (c Contract, pass bool, err error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "PASS" || t == "P" {
		return Contract{}, true, nil
	}
	fail := func(reason string) (Contract, bool, error) {
		return Contract{}, false, &cards.TokenError{Kind: ErrBadContract, Token: s, Reason: reason}
	}
	if len(t) < 2 || t[0] < '1' || t[0] > '7' {
		return fail("a contract is a level 1-7, a strain C, D, H, S or NT, then X or XX if doubled, or Pass")
	}
	c.Level = int(t[0] - '0')
	rest := t[1:]
	switch {
	case strings.HasSuffix(rest, "XX"):
		c.Doubled, rest = Redoubled, strings.TrimSuffix(rest, "XX")
	case strings.HasSuffix(rest, "X"):
		c.Doubled, rest = Doubled, strings.TrimSuffix(rest, "X")
	}
	switch rest {
	case "C":
		c.Strain = cards.StrainClubs
	case "D":
		c.Strain = cards.StrainDiamonds
	case "H":
		c.Strain = cards.StrainHearts
	case "S":
		c.Strain = cards.StrainSpades
	case "N", "NT":
		c.Strain = cards.NoTrump
	default:
		return fail("the strain of a contract is C, D, H, S or NT")
	}
	return c, false, nil
}

// Labels of the parts of a score, shared by Entry and SheetEntry.
const (
	LabelContractTricks = "contract tricks"
	LabelOvertricks     = "overtricks"
	LabelPartScore      = "part-score bonus"
	LabelGame           = "game bonus"
	LabelSmallSlam      = "small slam bonus"
	LabelGrandSlam      = "grand slam bonus"
	LabelInsult         = "insult"
	LabelUndertricks    = "undertricks"
	LabelHonours        = "honours"
	LabelRubber         = "rubber bonus"
	LabelUnfinishedGame = "game in an unfinished rubber"
	LabelUnfinishedPart = "part score in an unfinished game"
	LabelFourthDealPart = "part score on the fourth deal"
)

// Law texts of the duplicate scoring table, as Entry.Law carries them.
const (
	LawTrickScore  = "Law 77, trick score"
	LawOvertricks  = "Law 77, overtricks"
	LawPartScore   = "Law 77, premium for making any part score"
	LawGame        = "Law 77, premium for making game"
	LawSlam        = "Law 77, slam premium"
	LawInsult      = "Law 77, premium for making a doubled or redoubled contract"
	LawUndertricks = "Law 77, undertrick penalties"
	LawMatchpoints = "Law 78A, matchpoint scoring"
	LawIMPs        = "Law 78B, international matchpoint scoring"
	LawBoards      = "Law 2, the duplicate boards"
	LawPassedOut   = "Law 77 (and Law 22): if all four players pass, each side scores zero"
)

// Entry is one part of a duplicate score: what it is for (one of the Label
// constants), its points from declarer's side (negative for undertricks,
// which the defenders score) and the law that awards it.
type Entry struct {
	Label  string
	Points int
	Law    string
}

// oddTrickValue is the Law 77 value of each odd trick after the first,
// undoubled: 20 in a minor, 30 in a major or at no trumps.
func oddTrickValue(s cards.Strain) int {
	if s == cards.StrainClubs || s == cards.StrainDiamonds {
		return 20
	}
	return 30
}

func doublingFactor(doubled int) int {
	switch doubled {
	case Doubled:
		return 2
	case Redoubled:
		return 4
	}
	return 1
}

// TrickScore is the trick score of a contract bid and made (Law 77; below
// the line in rubber bridge, Law 81 of the Laws of Rubber Bridge): per odd
// trick bid, 20 in a minor and 30 in a major; at no trumps 40 for the first
// and 30 for each after; twice that doubled and four times redoubled. A
// trick score of 100 or more is game. It is 0 for an invalid contract.
func TrickScore(c Contract) int {
	if c.Validate() != nil {
		return 0
	}
	score := c.Level * oddTrickValue(c.Strain)
	if c.Strain == cards.NoTrump {
		score += 10 // the first odd trick at no trumps is 40
	}
	return score * doublingFactor(c.Doubled)
}

// IsGame reports whether the contract's trick score is 100 or more, which
// Law 77 calls game.
func IsGame(c Contract) bool { return TrickScore(c) >= 100 }

// OvertrickValue is what Law 77 awards for each overtrick: the undoubled
// trick value (20 in a minor, 30 in a major or at no trumps); doubled 100,
// or 200 vulnerable; redoubled 200, or 400 vulnerable. Rubber bridge
// (Law 81) uses the same values.
func OvertrickValue(c Contract, vulnerable bool) int {
	switch c.Doubled {
	case Doubled:
		return vul(vulnerable, 100, 200)
	case Redoubled:
		return vul(vulnerable, 200, 400)
	}
	return oddTrickValue(c.Strain)
}

// SlamBonus is the Law 77 premium for a slam bid and made: a small slam
// (level 6) 500, vulnerable 750; a grand slam (level 7) 1000, vulnerable
// 1500; 0 below the six level. Doubling does not change it.
func SlamBonus(level int, vulnerable bool) int {
	switch level {
	case 6:
		return vul(vulnerable, 500, 750)
	case 7:
		return vul(vulnerable, 1000, 1500)
	}
	return 0
}

// InsultBonus is the Law 77 premium for making a doubled contract (50) or a
// redoubled one (100): "the insult".
func InsultBonus(doubled int) int {
	switch doubled {
	case Doubled:
		return 50
	case Redoubled:
		return 100
	}
	return 0
}

// UndertrickPenalty is what the defenders score when declarer falls short
// by down tricks (Law 77; Law 81 in rubber bridge). Undoubled: 50 each, or
// 100 vulnerable. Doubled, not vulnerable: 100 for the first, 200 for each
// of the second and third, 300 for each after; doubled, vulnerable: 200 for
// the first and 300 for each after. Redoubled: twice the doubled figures.
func UndertrickPenalty(down int, doubled int, vulnerable bool) int {
	total := 0
	for i := 1; i <= down; i++ {
		total += undertrick(i, doubled, vulnerable)
	}
	return total
}

// undertrick is the penalty for the i-th undertrick (from 1).
func undertrick(i, doubled int, vulnerable bool) int {
	if doubled == Undoubled {
		return vul(vulnerable, 50, 100)
	}
	var p int
	switch {
	case i == 1:
		p = vul(vulnerable, 100, 200)
	case vulnerable:
		p = 300
	case i <= 3:
		p = 200
	default:
		p = 300 // the 2007 and 2017 tables add 100 for the fourth and later
	}
	if doubled == Redoubled {
		p *= 2
	}
	return p
}

func vul(vulnerable bool, notVul, isVul int) int {
	if vulnerable {
		return isVul
	}
	return notVul
}

// DuplicateEntries is the duplicate score of a deal broken into its parts
// by Law 77, from declarer's side: for a contract made, the contract tricks,
// any overtricks, the game premium (300, vulnerable 500) or the part-score
// premium (50), any slam premium and any premium for making a doubled
// contract; for a contract defeated, one negative entry for the undertricks.
// It is nil for an invalid contract or number of tricks (see CheckResult).
// A passed-out deal scores nothing (Law 77, Law 22): it has no Contract and
// is not scored here.
func DuplicateEntries(c Contract, vulnerable bool, tricks int) []Entry {
	if CheckResult(c, tricks) != nil {
		return nil
	}
	if tricks < c.Needed() {
		down := c.Needed() - tricks
		return []Entry{{Label: LabelUndertricks, Points: -UndertrickPenalty(down, c.Doubled, vulnerable), Law: LawUndertricks}}
	}
	es := []Entry{{Label: LabelContractTricks, Points: TrickScore(c), Law: LawTrickScore}}
	if over := tricks - c.Needed(); over > 0 {
		es = append(es, Entry{Label: LabelOvertricks, Points: over * OvertrickValue(c, vulnerable), Law: LawOvertricks})
	}
	if IsGame(c) {
		es = append(es, Entry{Label: LabelGame, Points: vul(vulnerable, 300, 500), Law: LawGame})
	} else {
		es = append(es, Entry{Label: LabelPartScore, Points: 50, Law: LawPartScore})
	}
	switch c.Level {
	case 6:
		es = append(es, Entry{Label: LabelSmallSlam, Points: SlamBonus(6, vulnerable), Law: LawSlam})
	case 7:
		es = append(es, Entry{Label: LabelGrandSlam, Points: SlamBonus(7, vulnerable), Law: LawSlam})
	}
	if c.Doubled != Undoubled {
		es = append(es, Entry{Label: LabelInsult, Points: InsultBonus(c.Doubled), Law: LawInsult})
	}
	return es
}

// ParScore is DuplicateScore as the double-dummy solver takes it for par
// (dd.Scorer): a contract of level in strain, doubled (a sacrifice) or
// not, at declarer's vulnerability, taking tricks.
func ParScore(level int, strain cards.Strain, doubled, vulnerable bool, tricks int) int {
	c := Contract{Level: level, Strain: strain}
	if doubled {
		c.Doubled = Doubled
	}
	return DuplicateScore(c, vulnerable, tricks)
}

// DuplicateScore is declarer's duplicate score by Law 77: the sum of
// DuplicateEntries, negative when the contract is defeated. It is 0 for an
// invalid contract or number of tricks.
func DuplicateScore(c Contract, vulnerable bool, tricks int) int {
	total := 0
	for _, e := range DuplicateEntries(c, vulnerable, tricks) {
		total += e.Points
	}
	return total
}

// BoardDealer is the dealer printed on duplicate board number board (Law 2):
// North on boards 1, 5, 9, 13, East on 2, 6, 10, 14, South on 3, 7, 11, 15,
// West on 4, 8, 12, 16, the same again for every later group of sixteen.
// It is cards.NoSeat for a board number below 1.
func BoardDealer(board int) cards.Seat {
	if board < 1 {
		return cards.NoSeat
	}
	return cards.Seat((board - 1) % 4)
}

// boardVulnerability is Law 2's table.
var boardVulnerability = [16]cards.Vulnerability{
	cards.VulNone, cards.VulNS, cards.VulEW, cards.VulAll, // boards 1-4
	cards.VulNS, cards.VulEW, cards.VulAll, cards.VulNone, // boards 5-8
	cards.VulEW, cards.VulAll, cards.VulNone, cards.VulNS, // boards 9-12
	cards.VulAll, cards.VulNone, cards.VulNS, cards.VulEW, // boards 13-16
}

// BoardVulnerability says which sides are vulnerable on duplicate board
// number board (Law 2): neither on boards 1, 8, 11, 14; North-South on 2, 5,
// 12, 15; East-West on 3, 6, 9, 16; both on 4, 7, 10, 13; the same again
// for every later group of sixteen. Neither side for a board below 1.
func BoardVulnerability(board int) cards.Vulnerability {
	if board < 1 {
		return cards.VulNone
	}
	return boardVulnerability[(board-1)%16]
}
