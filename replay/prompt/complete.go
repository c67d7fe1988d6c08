package prompt

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Complete offers completions of the word at the cursor: line is the line
// being edited and pos the cursor, in runes (as line editors count). It
// returns the text before the word, the candidates for the word, and the
// text after the cursor, which is the shape line editors take
// (liner.WordCompleter).
//
// Only entries the laws allow are offered. For short forms and after
// "call" or "play", the words already on the line are read first (as Plan
// would read them), so after "p p p" the candidates are the opening leads.
// The first word may also be any of commands. "claim" is offered the
// numbers of tricks that remain. Candidates come in the case the word was
// begun in (calls and cards in upper case when nothing tells). A single
// candidate ends with a space, so the next entry can be typed at once.
func Complete(line string, pos int, s *projections.Session, commands []string) (head string, items []string, tail string) {
	runes := []rune(line)
	if pos < 0 || pos > len(runes) {
		pos = len(runes)
	}
	before, tail := string(runes[:pos]), string(runes[pos:])
	start := strings.LastIndexAny(before, " \t") + 1
	head, word := before[:start], before[start:]
	prev, err := Words(head)
	if err != nil {
		return head, nil, tail // inside a quote: free text
	}
	if len(prev) > 0 && strings.EqualFold(prev[0], "hoyle") {
		prev = prev[1:]
	}
	var cands []string
	sm := newSim(s)
	switch {
	case len(prev) == 0:
		cands = append(matching(commands, word), sm.legal(word)...)
	case isIn(commands, strings.ToLower(prev[0])):
		cands = sm.forCommand(strings.ToLower(prev[0]), prev[1:], word)
	default:
		kind := KindNone
		for _, tok := range prev {
			kind = sm.next(tok, kind)
		}
		if sm.ok {
			cands = sm.legal(word)
		}
	}
	// Candidates take the case the word was begun in, so that what was
	// typed stays the candidates' common prefix (an editor replaces the
	// word with it on the first Tab). Commands are read in any case.
	switch {
	case strings.ToUpper(word) != word:
		for i, c := range cands {
			cands[i] = strings.ToLower(c)
		}
	case strings.ToLower(word) != word:
		for i, c := range cands {
			cands[i] = strings.ToUpper(c)
		}
	}
	if len(cands) == 1 {
		cands[0] += " "
	}
	return head, cands, tail
}

// forCommand completes the arguments of the commands that take calls,
// cards or a number of tricks.
func (sm *sim) forCommand(name string, args []string, word string) []string {
	var kind Kind
	switch name {
	case "call":
		kind = KindCall
	case "play":
		kind = KindCard
	case "won":
		if len(args) > 0 || sm.h == nil || sm.h.Unsettled() == nil {
			return nil
		}
		return matching(sm.rs.Seating().Names, word)
	case "claim":
		if len(args) > 0 || sm.h == nil || sm.phase() != game.PhasePlay {
			return nil
		}
		var out []string
		for n := range sm.rs.Tricks() - sm.h.CompletedTricks() + 1 {
			out = append(out, strconv.Itoa(n))
		}
		return matching(out, word)
	default:
		return nil
	}
	for _, tok := range args {
		if !sm.apply(kind, tok) {
			return nil
		}
	}
	if kindOfPhase(sm.phase()) != kind {
		return nil
	}
	return sm.legal(word)
}

func kindOfPhase(p game.Phase) Kind {
	switch p {
	case game.PhaseAuction:
		return KindCall
	case game.PhasePlay:
		return KindCard
	}
	return KindNone
}

// legal lists the calls or cards the laws allow now that start with word.
func (sm *sim) legal(word string) []string {
	if !sm.ok || sm.h == nil {
		return nil
	}
	var out []string
	switch sm.phase() {
	case game.PhaseAuction:
		for _, c := range sm.h.LegalCalls(sm.rs) {
			if hasPrefixFold(c.String(), word) {
				out = append(out, c.String())
			}
		}
	case game.PhasePlay:
		for _, c := range sm.legalCards() {
			if f, ok := cardForm(c, word); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

// legalCards is Hand.LegalCards when the seat's hand is known; when it is
// not (the deal was recorded without the hands), every card of the pack the
// generic checks allow: not played, not in a hand that is known.
func (sm *sim) legalCards() []cards.Card {
	if sm.h.Known(sm.h.Turn) {
		return sm.h.LegalCards(sm.rs)
	}
	var pack cards.Set
	for _, c := range sm.rs.Pack() {
		pack = pack.Add(c)
	}
	var out []cards.Card
	for _, c := range pack.Cards() {
		if sm.h.CheckCard(sm.rs, c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// cardForm writes c in the form the scorer started typing: suit first
// ("SA", "S10"), or rank first ("AS", "10S"). Nothing typed yet gives the
// suit-first form hoyle writes.
func cardForm(c cards.Card, word string) (string, bool) {
	if c == cards.Joker {
		return "JK", hasPrefixFold("JK", word)
	}
	suit, rank := c.Suit().String(), c.Rank().String()
	forms := []string{suit + rank, rank + suit}
	if c.Rank() == cards.Ten {
		forms = append(forms, suit+"10", "10"+suit)
	}
	for _, f := range forms {
		if hasPrefixFold(f, word) {
			return f, true
		}
	}
	return "", false
}

func matching(list []string, word string) []string {
	var out []string
	for _, s := range list {
		if hasPrefixFold(s, word) {
			out = append(out, s)
		}
	}
	return out
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) && utf8.ValidString(prefix)
}

func isIn(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// InColumns arranges candidates for a line editor that lists them down
// the columns of a terminal width wide (peterh/liner's second Tab: as
// many columns as fit the widest, filled top to bottom): so that, read
// across the rows as a scorer reads, they come in the order given (the
// calls in rank order, the cards by suit and rank), not scrambled. The
// set is unchanged; with one row, or no width known, so is the order.
func InColumns(items []string, width int) []string {
	n, widest := len(items), 0
	for _, it := range items {
		if len(it) >= width {
			return items // one to a line: the order as given
		}
		widest = max(widest, len(it)+1)
	}
	if n < 2 || width <= 0 || widest == 0 {
		return items
	}
	cols := width / widest
	if n <= cols {
		return items
	}
	rows := (n + cols - 1) / cols
	out := make([]string, n)
	k := 0
	for r := range rows {
		for c := range cols {
			if i := r + c*rows; i < n {
				out[i] = items[k]
				k++
			}
		}
	}
	return out
}
