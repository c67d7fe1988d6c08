package contract

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Holdings of scorable honours a scorer may claim at the table when the
// deal is not recorded (Laws of Rubber Bridge, Law 81): four of the five
// trump honours in one hand (100), all five in one hand (150); at no trumps
// the four aces in one hand (150), written 4-in-one too.
const (
	HoldingFourInOne = "4-in-one"
	HoldingFiveInOne = "5-in-one"
)

// ParseHolding reads a claim of scorable honours: 4-in-one or 5-in-one (also
// "4", "5", "4-in-1", "5-in-1"), in any case. The error is a
// *cards.TokenError that unwraps to game.ErrBadHolding.
func ParseHolding(tok string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "4-in-one", "4-in-1", "4", "four-in-one":
		return HoldingFourInOne, nil
	case "5-in-one", "5-in-1", "5", "five-in-one":
		return HoldingFiveInOne, nil
	}
	return "", &cards.TokenError{Kind: game.ErrBadHolding, Token: tok,
		Reason: "scorable honours are 4-in-one (four trump honours, or four aces at no trumps, in one hand) or 5-in-one (Laws of Rubber Bridge, Law 81)"}
}

// HoldingPoints is what a claimed holding is worth at a contract in strain
// s (Law 81): 4-in-one 100, or 150 at no trumps (the four aces); 5-in-one
// 150. ok is false for five honours at no trumps, which do not exist.
func HoldingPoints(s cards.Strain, holding string) (points int, ok bool) {
	switch holding {
	case HoldingFourInOne:
		p := HonoursBonus(s, 4)
		return p, p > 0
	case HoldingFiveInOne:
		p := HonoursBonus(s, 5)
		return p, p > 0
	}
	return 0, false
}

// CheckHonours checks a claim of honours made at the table for hand h (the
// recorder's HonoursRules): duplicate scoring has no honours (Law 77), the
// auction must be over so that the trump is known, the deal must not have
// been recorded (hoyle then counts them itself), and only one hand can hold
// four honours of five. It returns the holding's canonical name.
func (*Rules) CheckHonours(h *game.Hand, side cards.Side, holding string) (string, error) {
	name, err := ParseHolding(holding)
	if err != nil {
		return "", err
	}
	switch {
	case h == nil:
		return "", game.Illegal(holding, "no hand has been dealt", "")
	case h.Opts["scoring"] == ScoringDuplicate:
		return "", game.Illegal(holding, "honours do not score at duplicate", "Law 77")
	case side != cards.NS && side != cards.EW:
		return "", game.Illegal(side.String(), "honours are held by NS or EW", "")
	case h.Contract == nil:
		return "", game.Illegal(holding, "honours are claimed once the contract is settled: they depend on the trump suit", "Laws of Rubber Bridge, Law 81")
	case h.KnownAtDeal():
		return "", game.Illegal(holding, "the deal of this hand is recorded, so hoyle counts the honours itself", "Laws of Rubber Bridge, Law 81")
	}
	if _, ok := HoldingPoints(h.Contract.Strain, name); !ok {
		return "", game.Illegal(holding, "at no trumps the only scorable honours are the four aces in one hand: 4-in-one", "Laws of Rubber Bridge, Law 81")
	}
	for other := range h.HonoursClaimed {
		if other != side {
			return "", game.Illegal(holding, fmt.Sprintf("%s have already claimed honours on this hand, and only one hand can hold them; undo that claim first", other), "Laws of Rubber Bridge, Law 81")
		}
	}
	return name, nil
}

// handHonours is the scorable honours of a hand at rubber bridge or
// Chicago: from the deal when every hand was recorded, else as claimed at
// the table.
func handHonours(h *game.Hand) (Honours, []string) {
	s := h.Contract.Strain
	if h.DealKnown() {
		hon := DealHonours(s, cards.Deal(h.Dealt))
		var notes []string
		for side, holding := range h.HonoursClaimed {
			if p, _ := HoldingPoints(s, holding); hon.Points != p || hon.Side != side {
				notes = append(notes, fmt.Sprintf("hand %d: %s claimed honours %s, but the hands (as dealt, or as the play showed them) give otherwise; the hands are scored", h.Number, side, holding))
			}
		}
		return hon, notes
	}
	for _, side := range []cards.Side{cards.NS, cards.EW} {
		if holding, ok := h.HonoursClaimed[side]; ok {
			if p, ok := HoldingPoints(s, holding); ok {
				return Honours{Side: side, Points: p}, nil
			}
			return Honours{}, []string{fmt.Sprintf("hand %d: %s claimed %q, which does not score at %s; not scored", h.Number, side, holding, s.Name())}
		}
	}
	return Honours{}, nil
}

// handResult is a finished hand as the rubber and Chicago sheets take it.
func handResult(h *game.Hand) (HandResult, []string) {
	if h.Contract == nil {
		return HandResult{PassedOut: true}, nil
	}
	c := h.Contract
	decl := h.Seating.SideOf(c.Declarer)
	hon, notes := handHonours(h)
	transfers, _ := revokeTransfers(h)
	return HandResult{Declarer: decl, Contract: Contract{Level: c.Level, Strain: c.Strain, Doubled: c.Doubled},
		Tricks: game.ScoredWon(h, transfers)[decl], Honours: hon}, notes
}

// sheetEntries turns a rubber or Chicago sheet's entries into the score
// sheet's, drawing a line under the trick score that completed a game.
func sheetEntries(es []SheetEntry, hand int, gameWon bool) []game.Entry {
	out := make([]game.Entry, 0, len(es))
	for _, e := range es {
		ge := game.Entry{Hand: hand, Side: e.Side, Above: e.Line == Above, Points: e.Points, Label: e.Label, Law: e.Law}
		if e.Line != Above && e.Label == LabelContractTricks {
			ge.GameLine = gameWon
		}
		out = append(out, ge)
	}
	return out
}

var bothSides = []cards.Side{cards.NS, cards.EW}

// scoreSession folds a session's finished hands by its scoring style (the
// option "scoring"): rubber bridge, Chicago or duplicate. Hands still in
// play are not scored.
func scoreSession(in game.ScoreInput) game.ScoreSheet {
	switch in.Opts["scoring"] {
	case ScoringDuplicate:
		return scoreDuplicate(in)
	case ScoringChicago:
		return scoreChicago(in)
	}
	return scoreRubbers(in)
}

func finished(in game.ScoreInput) []*game.Hand {
	var out []*game.Hand
	for _, h := range in.Hands {
		if h.Phase == game.PhaseDone && !h.Annulled {
			out = append(out, h)
		}
	}
	return out
}

// chicagoDeals is the number of deals of a Chicago.
const chicagoDeals = 4

func newRubber(n int) *game.Rubber {
	return &game.Rubber{Number: n, Entries: []game.Entry{}, Hands: []int{}, Games: []cards.Side{}, Above: "premiums"}
}

// scoreRubbers scores rubber bridge: RubberSheet does the laws (vulnerable
// after a game won, Law 73 game, Law 74 rubber bonus, Law 81 table); a new
// rubber begins with the hand after one is won. When the session is closed
// by agreement, a rubber left unfinished is scored by Law 80.
func scoreRubbers(in game.ScoreInput) game.ScoreSheet {
	f, _ := foldFrom(newSessionFold(false), nil)
	return game.FoldScore(f, in)
}

// scoreChicago scores four-deal bridge: each ChicagoSheet takes four deals
// (a passed-out deal is dealt again and does not count), then a new one
// begins with the next dealer. The first dealer of each is the dealer of
// its first hand, which fixes the vulnerability of its deals. A Chicago
// left unfinished when the session is closed is scored as it stands: no
// law gives it a premium.
func scoreChicago(in game.ScoreInput) game.ScoreSheet {
	f, _ := foldFrom(newSessionFold(true), nil)
	return game.FoldScore(f, in)
}

// scoreDuplicate scores each finished hand as a duplicate board by Law 77,
// from North-South's side, at the hand's vulnerability: its board's
// (Law 2), or, for a hand not dealt as a board, that of the board of its
// number.
func scoreDuplicate(in game.ScoreInput) game.ScoreSheet {
	hands := finished(in)
	// Each board's line is allotted at its size, not grown: a session of
	// a hundred thousand boards is scored when its checkpoint is written
	// (an import's), and the sheet is then most of what is in memory.
	out := game.ScoreSheet{Rubbers: []game.Rubber{}, Boards: make([]game.Board, 0, len(hands))}
	for _, h := range hands {
		b := game.Board{Board: h.Board, Hand: h.Number, Contract: "Pass", Declarer: cards.NoSeat, Entries: []game.Entry{}}
		vul := h.Vulnerable // the board's, or that of the board of its number (see NewVulnerability)
		if b.Board == 0 {
			b.Board = h.Number
			out.Notes = append(out.Notes, fmt.Sprintf("hand %d was not dealt as a board; it is scored as board %d, with that board's vulnerability", h.Number, b.Board))
		}
		if len(h.HonoursClaimed) > 0 {
			out.Notes = append(out.Notes, fmt.Sprintf("hand %d: honours claimed, but duplicate scoring has none (Law 77)", h.Number))
		}
		if h.Contract == nil {
			b.Entries = append(b.Entries, game.Entry{Hand: h.Number, Side: cards.NS, Label: "passed out", Law: LawPassedOut})
			out.Boards = append(out.Boards, b)
			continue
		}
		c := Contract{Level: h.Contract.Level, Strain: h.Contract.Strain, Doubled: h.Contract.Doubled}
		decl := h.Seating.SideOf(h.Contract.Declarer)
		vulnerable := vul.Vulnerable(decl)
		transfers, line := revokeTransfers(h)
		b.Contract, b.Declarer, b.Tricks = c.String(), h.Contract.Declarer, game.ScoredWon(h, transfers)[decl]
		entries := DuplicateEntries(c, vulnerable, b.Tricks)
		b.Entries = make([]game.Entry, 0, len(entries))
		for i, e := range entries {
			side, points := decl, e.Points
			if points < 0 {
				side, points = 1-decl, -points
			}
			ge := game.Entry{Hand: h.Number, Side: side, Above: e.Label != LabelContractTricks, Points: points, Label: e.Label, Law: e.Law}
			if i == 0 && line != "" {
				// The tricks transferred count as won in play (Law 64A).
				ge.Label += fmt.Sprintf(" (%d tricks, with %s)", b.Tricks, line)
				ge.Law += "; " + LawRevokeTricks
			}
			b.Entries = append(b.Entries, ge)
		}
		b.NS = DuplicateScore(c, vulnerable, b.Tricks)
		if decl != cards.NS {
			b.NS = -b.NS
		}
		out.Boards = append(out.Boards, b)
	}
	return out
}

// revokeNoted says on the first entry of a hand scored with tricks
// transferred for a revoke what was transferred, and by which law (the
// Laws of Rubber Bridge give the same one or two tricks as Law 64A).
func revokeNoted(h *game.Hand, es []game.Entry) []game.Entry {
	if _, line := revokeTransfers(h); line != "" && len(es) > 0 {
		es[0].Label += " (with " + line + ")"
		es[0].Law += "; " + LawRevokeTricks + ", and the Laws of Rubber Bridge, Law 64"
	}
	return es
}
