package pbn

import (
	"errors"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Contract is a final contract: a level and strain, doubled or not. The
// zero Contract is a passed-out board.
type Contract struct {
	Level   int          // 1 to 7; 0 when passed out
	Strain  cards.Strain // meaningless when passed out
	Doubled int          // 0, 1 (doubled) or 2 (redoubled)
}

// IsPass reports whether the board was passed out.
func (c Contract) IsPass() bool { return c.Level == 0 }

// String is the contract as the export format writes it: "Pass", "4H",
// "3NTX", "6SXX".
func (c Contract) String() string {
	if c.IsPass() {
		return "Pass"
	}
	return strconv.Itoa(c.Level) + c.Strain.String() + strings.Repeat("X", c.Doubled)
}

// ParseContract reads a Contract tag value: "Pass", or a level 1 to 7, a
// strain (C, D, H, S, NT or N) and an optional X or XX, in any case ("5Dx").
func ParseContract(s string) (Contract, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "PASS" || t == "P" {
		return Contract{}, nil
	}
	if len(t) < 2 || t[0] < '1' || t[0] > '7' {
		return Contract{}, errors.New("a contract is Pass or a level 1 to 7 and a strain, with X or XX")
	}
	c := Contract{Level: int(t[0] - '0')}
	rest := t[1:]
	switch {
	case strings.HasSuffix(rest, "XX"):
		c.Doubled, rest = 2, rest[:len(rest)-2]
	case strings.HasSuffix(rest, "X"):
		c.Doubled, rest = 1, rest[:len(rest)-1]
	}
	switch rest {
	case "C", "D", "H", "S", "N", "NT":
		c.Strain, _ = cards.ParseStrain(rest)
	default:
		return Contract{}, errors.New("a contract's strain is C, D, H, S or NT")
	}
	return c, nil
}

// Score is a Score tag: points from one side's point of view.
type Score struct {
	Side   cards.Side // NS or EW; NoSide when the tag gives a bare number
	Points int
}

// String writes the score as PBN does: "NS 120", "EW -50".
func (s Score) String() string {
	if s.Side == cards.NoSide {
		return strconv.Itoa(s.Points)
	}
	return s.Side.String() + " " + strconv.Itoa(s.Points)
}

// ParseScore reads "NS 120", "EW -50", or a bare number. Of a value giving
// both sides ("NS 120 EW -120") the first is taken.
func ParseScore(v string) (Score, error) {
	f := strings.Fields(v)
	if len(f) == 1 {
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return Score{}, errors.New("a score is NS or EW and a number")
		}
		return Score{Side: cards.NoSide, Points: n}, nil
	}
	if len(f) == 2 || len(f) == 4 {
		side, err := cards.ParseSide(f[0])
		n, err2 := strconv.Atoi(f[1])
		if err == nil && err2 == nil {
			return Score{Side: side, Points: n}, nil
		}
	}
	return Score{}, errors.New("a score is NS or EW and a number")
}
