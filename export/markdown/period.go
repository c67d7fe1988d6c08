package markdown

import (
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// A period game (Auction Bridge, Bridge, the whist family...) is written
// up in its books' words: Foster writes "two royals", "one no trump",
// "three clubs doubled", not 2R♠, 1NT and 3♣X; and it has no par, which
// is a measure of duplicate contract bridge, scored by a table the period
// did not know. A game is of the period when its ruleset keeps no
// vulnerability (game.VulnerabilityRules): only contract bridge does.

// period reports whether the session's game is written in its period's
// words.
func (d *doc) period() bool {
	_, modern := d.full.Rules.(game.VulnerabilityRules)
	return !modern
}

// levelWords are the levels in words, to Five Hundred's ten.
var levelWords = [...]string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// capital makes the first letter of a phrase that starts a sentence a
// capital: "Two no trumps by East".
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// strainWord is a strain as the period's books name it, singular for a
// bid of one: "spade", "royals", "no trump".
func strainWord(s cards.Strain, one bool) string {
	var w string
	switch s {
	case cards.RoyalSpades:
		w = "royal"
	case cards.NoTrump:
		w = "no trump"
	case cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades:
		w = strings.TrimSuffix(s.Name(), "s")
	default:
		return s.Name()
	}
	if one {
		return w
	}
	return w + "s"
}

// callText writes a call as the write-up does: "1♠", or in a period game
// "one spade", "two royals", "hearts" for a declaration without a level.
func (d *doc) callText(c cards.Call) string {
	if !d.period() || c.Kind != cards.Bid || int(c.Level) >= len(levelWords) {
		return replay.CallText(c, d.ascii)
	}
	if c.Level == 0 {
		return strainWord(c.Strain, false)
	}
	return levelWords[c.Level] + " " + strainWord(c.Strain, c.Level == 1)
}

// contractText writes a contract as the write-up does: "2NT", "4♠X", or
// in a period game "two no trumps", "four spades doubled".
func (d *doc) contractText(c *game.Contract) string {
	if c == nil || !d.period() || c.Level < 1 || c.Level >= len(levelWords) {
		return replay.ContractShort(c, d.ascii)
	}
	s := levelWords[c.Level] + " " + strainWord(c.Strain, c.Level == 1)
	switch {
	case c.Doubled == 1:
		s += " doubled"
	case c.Doubled >= 2:
		s += " redoubled"
	}
	return s
}
