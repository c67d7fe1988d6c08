package contract

import (
	"strings"

	"github.com/hoyle/hoyle/projections/game"
)

// duplicateScorings are the Scoring words of PBN that compare boards
// scored by the duplicate table (Law 77): hoyle scores each board and
// leaves the comparison to the event. A file that gives no Scoring is
// taken for one of these: it records boards.
var duplicateScorings = map[string]bool{
	"": true, "?": true, "imp": true, "imps": true, "mp": true, "mp1": true, "mp2": true, "matchpoints": true, "bam": true,
	"butler": true, "cross": true, "crossimps": true, "instant": true, "total": true, "totalpoints": true,
	"cavendish": true, "ximp": true, "percentage": true,
}

// StandardContract implements game.Interchange: the contract is contract
// bridge's already.
func (*Rules) StandardContract(c game.Contract) game.Contract { return c }

// ScoringName implements game.Interchange: "IMP" for duplicate (hoyle
// keeps how a board is scored, not how the event compares boards),
// "Rubber" and "Chicago".
func (*Rules) ScoringName(opts game.Options) string {
	switch opts["scoring"] {
	case ScoringDuplicate:
		return "IMP"
	case ScoringChicago:
		return "Chicago"
	}
	return "Rubber"
}

// ScoringOptions implements game.Interchange: the first word of the tag
// decides ("MP;Butler" is matchpoints): Rubber, Chicago, or one of the
// comparisons of duplicate (IMP, MP, BAM, Butler...). Another is not known,
// and the board is scored as duplicate.
func (*Rules) ScoringOptions(name string) (game.Options, bool) {
	word := strings.ToLower(strings.TrimSpace(name))
	if i := strings.IndexAny(word, "; ,"); i >= 0 {
		word = word[:i]
	}
	switch word {
	case ScoringRubber:
		return game.Options{"scoring": ScoringRubber}, true
	case ScoringChicago:
		return game.Options{"scoring": ScoringChicago}, true
	}
	return game.Options{"scoring": ScoringDuplicate}, duplicateScorings[word]
}

// DeclarerTricks implements game.Interchange (see the function of the same
// name): with the tricks an established revoke transferred (Law 64A).
func (*Rules) DeclarerTricks(h *game.Hand) int { return DeclarerTricks(h) }
