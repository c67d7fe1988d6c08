package cards

import (
	"strconv"
	"strings"
)

// Strain is what a declaration names: a trump suit or no trumps. Royal
// spades ("lilies") is the 1913 code's spades at the higher value; it trumps
// spades like Spades does.
type Strain uint8

// The strains. Their order here is not their rank in any auction: each
// ruleset ranks them (1913: spades < clubs < ... < royal spades < no trump).
const (
	StrainClubs Strain = iota
	StrainDiamonds
	StrainHearts
	StrainSpades
	NoTrump
	RoyalSpades
	NoStrain
)

var strainLetters = [...]string{"C", "D", "H", "S", "NT", "R", ""}
var strainNames = [...]string{"clubs", "diamonds", "hearts", "spades", "no trumps", "royal spades", ""}

// StrainOf is the strain whose trump is suit s.
func StrainOf(s Suit) Strain {
	if s > Spades {
		return NoStrain
	}
	return Strain(s)
}

// Trump is the trump suit of the strain; false for no trumps.
func (s Strain) Trump() (Suit, bool) {
	switch s {
	case StrainClubs, StrainDiamonds, StrainHearts, StrainSpades:
		return Suit(s), true
	case RoyalSpades:
		return Spades, true
	}
	return NoSuit, false
}

// String is the strain as PBN writes it: C, D, H, S, NT; R for royal spades.
func (s Strain) String() string {
	if int(s) < len(strainLetters) {
		return strainLetters[s]
	}
	return "?"
}

// Name is the strain in words: "hearts", "no trumps", "royal spades".
func (s Strain) Name() string {
	if int(s) < len(strainNames) {
		return strainNames[s]
	}
	return "?"
}

// Symbol is the suit symbol, or NT, or "R♠" for royal spades.
func (s Strain) Symbol() string {
	switch s {
	case NoTrump:
		return "NT"
	case RoyalSpades:
		return "R♠"
	}
	if u, ok := s.Trump(); ok {
		return u.Symbol()
	}
	return "?"
}

// ParseStrain reads C, D, H, S, N or NT, R (royal spades), or their names.
func ParseStrain(tok string) (Strain, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "c", "♣", "club", "clubs":
		return StrainClubs, nil
	case "d", "♦", "diamond", "diamonds":
		return StrainDiamonds, nil
	case "h", "♥", "heart", "hearts":
		return StrainHearts, nil
	case "s", "♠", "spade", "spades":
		return StrainSpades, nil
	case "n", "nt", "notrump", "notrumps", "no-trump", "no-trumps":
		return NoTrump, nil
	case "r", "royal", "royals", "lilies", "royal-spades":
		return RoyalSpades, nil
	}
	return NoStrain, tokenError(ErrBadStrain, tok, "a strain is C, D, H, S, NT or R (royal spades)")
}

// CallKind says what sort of call a Call is.
type CallKind uint8

// The kinds of call.
const (
	Pass CallKind = iota + 1
	Double
	Redouble
	Bid
	// Exchange is Humbug Whist's call of a player who puts down the hand
	// dealt him and takes up the one on his right ("if not [content], he
	// may exchange it"). Only a ruleset that has it reads it (ParseCall
	// does not): no other game can be given one.
	Exchange
)

// Call is one call of an auction or declaration: pass, double, redouble, or
// a bid of a level and strain. A bid of level 0 is a bare declaration of a
// strain, as in straight bridge ("hearts").
type Call struct {
	Kind   CallKind
	Level  uint8
	Strain Strain
}

// Calls that carry no level or strain.
var (
	PassCall     = Call{Kind: Pass}
	DoubleCall   = Call{Kind: Double}
	RedoubleCall = Call{Kind: Redouble}
	ExchangeCall = Call{Kind: Exchange}
)

// NewBid makes a bid.
func NewBid(level int, s Strain) Call { return Call{Kind: Bid, Level: uint8(level), Strain: s} }

// String writes the call as PBN does: "Pass", "X", "XX", "1S", "3NT"; a bare
// declaration is its strain ("H", "NT").
func (c Call) String() string {
	switch c.Kind {
	case Pass:
		return "Pass"
	case Double:
		return "X"
	case Redouble:
		return "XX"
	case Exchange:
		return "Exchange"
	case Bid:
		if c.Level == 0 {
			return c.Strain.String()
		}
		if int(c.Level) < len(bidNames) && int(c.Strain) < len(strainLetters) {
			return bidNames[c.Level][c.Strain]
		}
		return strconv.Itoa(int(c.Level)) + c.Strain.String()
	}
	return "?"
}

// bidNames is each bid's String to the ten level, made once: the laws name
// the call of every bid they check, and a fold of a whole log checks
// hundreds of thousands.
var bidNames = func() (names [11][len(strainLetters)]string) {
	for level := 1; level < len(names); level++ {
		for s := range names[level] {
			names[level][s] = strconv.Itoa(level) + strainLetters[s]
		}
	}
	return names
}()

// IsZero reports whether c is the zero Call (no call).
func (c Call) IsZero() bool { return c.Kind == 0 }

// ParseCall reads a call: "1C" to "7NT" (also "1N"), "2R" for royal spades,
// levels up to 10 for games that bid more tricks, a bare strain ("H", "NT")
// for a declaration, "P" or "pass", "X" or "double", "XX" or "redouble".
// Whether the call is allowed is for the ruleset to say.
func ParseCall(tok string) (Call, error) {
	t := strings.ToLower(strings.TrimSpace(tok))
	switch t {
	case "p", "pass":
		return PassCall, nil
	case "x", "double", "dbl":
		return DoubleCall, nil
	case "xx", "redouble", "rdbl":
		return RedoubleCall, nil
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	level := 0
	if i > 0 {
		n, err := strconv.Atoi(t[:i])
		if err != nil || n < 1 || n > 10 {
			return Call{}, tokenError(ErrBadCall, tok, "a bid's level is 1 to 7 (to 10 in Five Hundred)")
		}
		level = n
	}
	s, err := ParseStrain(t[i:])
	if err != nil || t[i:] == "" {
		return Call{}, tokenError(ErrBadCall, tok, "a call is 1C-7NT, 2R (royal spades), P or pass, X or double, XX or redouble")
	}
	return NewBid(level, s), nil
}
