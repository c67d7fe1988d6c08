package game

import "github.com/hoyle/hoyle/events/cards"

// The optional parts of a ruleset. A code of laws implements the ones its
// game has; whoever needs one asks for it with a type assertion
// (rs.(game.CutRules)), and says plainly when the game has none.

// CutRules is implemented by rulesets whose code of laws settles the first
// deal by cutting: given each player's card it names the dealer, or
// refuses the cut (a card twice, a seat missing, a tie the law has cut
// again) with an *IllegalError that cites the law. opts are the session's:
// a game played by duplicate boards has no cut for deal, since each board
// fixes its dealer.
type CutRules interface {
	CutDealer(cuts []CutCard, opts Options) (cards.Seat, error)
	// CutRule says in a sentence who deals by the cut under opts, with
	// the laws: what help and write-ups tell the players.
	CutRule(opts Options) string
}

// HonoursHoldings is implemented by rulesets whose score counts honours:
// the holdings a claim may name under a session's options (none when the
// options score no honours, as at duplicate), in the code's order, and
// the law that names them. Help lists them from here, so the names are
// written once, in the ruleset.
type HonoursHoldings interface {
	Holdings(opts Options) (holdings []Holding, law string)
}

// HonoursRules is implemented by rulesets that score honours: it checks a
// claim of honours made at the table for the current hand (the holding is
// one the code names, the trump is settled, the deal was not recorded) and
// returns the holding's canonical name.
type HonoursRules interface {
	CheckHonours(h *Hand, side cards.Side, holding string) (string, error)
}

// BoardRules is implemented by rulesets whose hands may be duplicate
// boards: the board number fixes the dealer and the vulnerable sides, and a
// board is the same deal each time it is played.
type BoardRules interface {
	Board(n int) (dealer cards.Seat, vulnerable cards.Vulnerability)
	// Duplicate reports whether a session with these options plays its
	// hands as boards: a deal that names no board is the next board.
	Duplicate(opts Options) bool
}

// Comparison is how the plays of one board at several tables are
// compared (hoyle compare).
type Comparison int

// The ways a board is compared.
const (
	// ByScore compares the scores of the board's plays (matchpoints,
	// IMPs, points): a contract is declared and scored.
	ByScore Comparison = iota
	// ByTricks compares the tricks North-South took: nobody declares, and
	// the tricks are the score (duplicate whist).
	ByTricks
)

// ComparisonRules is implemented by rulesets whose boards are not compared
// by score; a ruleset that does not implement it is compared ByScore (see
// ComparisonOf).
type ComparisonRules interface {
	Comparison() Comparison
}

// ComparisonOf is how the boards of a ruleset are compared.
func ComparisonOf(r Ruleset) Comparison {
	if cr, ok := r.(ComparisonRules); ok {
		return cr.Comparison()
	}
	return ByScore
}

// VulnerabilityRules is implemented by rulesets in which a side can be
// vulnerable. Vulnerability is the ruleset's alone: the fold asks it for
// each hand as the hand is dealt (duplicate by board, rubber by games won,
// Chicago by the deal's place in its four), and every view, write-up and
// export reads it from the hand (Hand.Vulnerable).
type VulnerabilityRules interface {
	// NewVulnerability starts following a session with these options.
	NewVulnerability(opts Options) VulnerabilityTracker
}

// VulnerabilityTracker follows a session's hands in order and says who is
// vulnerable on each, by the ruleset's account (rubber games won, the
// board, Chicago's four deals). What it says is a cards.Vulnerability.
type VulnerabilityTracker interface {
	// Dealt gives the sides vulnerable on a hand just dealt (its number,
	// dealer and board are set).
	Dealt(h *Hand) cards.Vulnerability
	// Finished is told of each hand once it is done, in order.
	Finished(h *Hand)
}

// ContractRules is implemented by rulesets whose hands are played at a
// contract that a traveller (or a file) can give without the auction.
type ContractRules interface {
	// GiveContract checks a contract given without the auction and sets
	// the hand to play it: the contract, dummy and the opening lead. A
	// Pass for the bid means the hand was passed out.
	GiveContract(h *Hand, bid cards.Call, doubled int, declarer cards.Seat) error
}

// ContractWording is implemented by rulesets whose hands are played at
// neither a bid contract nor a trump turned up (Quinto: no trump, and the
// value of every trick, doubled or not, before the play): the views say
// it in the ruleset's words rather than as a contract.
type ContractWording interface {
	// ContractWords says what hand h is played at: "10 a trick, doubled".
	ContractWords(h *Hand) string
}

// FirstDealer is implemented by rulesets whose first dealer, when the
// session names none, is not the default (South at a compass table,
// Foster's Z; else the first seat): English Dummy's dummy deals first.
type FirstDealer interface {
	FirstDealer(opts Options) cards.Seat
}

// PhaseWords is implemented by rulesets whose calls before the play are
// not an auction (Quinto's doubling; Humbug Whist's players say whether
// they are content with their hands): what views call the phase
// ("doubling", "content or exchange"), and what the player to call does
// ("to call", "to say"). The JSON's phase stays "auction".
type PhaseWords interface {
	CallWords() (phase, doing string)
}
