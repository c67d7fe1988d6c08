// Package prompt is the part of the live-table recorder (`hoyle record`)
// that is not terminal glue: it reads a line typed at the prompt into the
// hoyle commands it stands for (Plan), offers completions of the word at
// the cursor (Complete), and writes the prompt and the table the scorer
// sees after each entry (Prompt, Table, Result).
//
// Everything here is a pure function of the folded session: no I/O, no
// clocks. The recorder itself (events/recorder, through the CLI's commands)
// still judges every entry; this package only decides which command a short
// form belongs to, so that a refusal reads exactly as the CLI's would.
package prompt

import (
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// Kind is what a short form stands for: a call of the auction or a card
// played.
type Kind int

// The kinds of short form.
const (
	KindNone Kind = iota
	KindCall
	KindCard
)

// Command is the hoyle command that records short forms of the kind.
func (k Kind) Command() string {
	switch k {
	case KindCall:
		return "call"
	case KindCard:
		return "play"
	}
	return ""
}

// Plan reads a line typed at the prompt and returns the hoyle commands it
// stands for, each as its words without the "hoyle" prefix, to be run in
// order. A short form marked "!" ("!d2") is recorded as made although the
// laws forbid it: play --irregular D2.
//
// A line that starts with a command name (isCommand says which words are)
// is that command as typed: "deal --pbn ...", "call 1H P", "undo". A
// leading "hoyle", as pasted from a shell, is dropped. Otherwise the line
// is short forms, bare calls and cards such as "1h p x sa 10h", several a
// line. Whether a token is a call or a card is decided by the phase of the
// hand when its turn comes: "2s" is two spades in the auction and the
// deuce of spades in the play. A line that runs from the end of the
// auction into the play ("p p p hj") becomes a call command and a play
// command.
//
// A line that starts with a double quote is a note: `"a fine lead` notes
// the latest trick as a whole once it is complete (until the next card is
// led), and otherwise the latest entry, as note does. The closing quote
// may be left off.
//
// Plan does not judge the entries: when a token would be refused, it and
// the rest of the line stay in the command that reached it, so the CLI
// refuses that command whole, with its own message.
func Plan(line string, s *projections.Session, isCommand func(string) bool) ([][]string, error) {
	if text, ok := strings.CutPrefix(strings.TrimSpace(line), `"`); ok {
		return [][]string{quickNote(text, s)}, nil
	}
	words, err := Words(line)
	if err != nil {
		return nil, err
	}
	if len(words) > 0 && strings.EqualFold(words[0], "hoyle") {
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, nil
	}
	if name := strings.ToLower(words[0]); isCommand(name) {
		return [][]string{append([]string{name}, words[1:]...)}, nil
	}
	sim := newSim(s)
	if sim.kindOf(words[0]) == KindNone && looksLikeCommand(words[0]) {
		// Not a call, not a card, and a word: a mistyped command, which
		// the CLI names as an unknown command.
		return [][]string{words}, nil
	}
	return sim.group(words), nil
}

// looksLikeCommand reports whether a token that is neither a call nor a
// card is more likely a command name than a mistyped card: a word of four
// or more letters ("shwo"), where a mistyped card is short ("sx", "1q").
func looksLikeCommand(tok string) bool {
	if len(tok) < 4 {
		return false
	}
	for _, r := range tok {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r == '-') {
			return false
		}
	}
	return true
}

// sim moves a copy of the current hand along as short forms are read, so
// that each token is read in the phase it will be recorded in. It never
// touches the session's own hand.
type sim struct {
	rs game.Ruleset
	h  *game.Hand // a clone; nil before the first deal
	ok bool       // false once a token was refused: the phase is no longer known
}

func newSim(s *projections.Session) *sim {
	sm := &sim{rs: s.Rules, ok: true}
	if h := s.Current(); h != nil {
		sm.h = h.Clone()
	}
	return sm
}

func (sm *sim) phase() game.Phase {
	if sm.h == nil {
		return ""
	}
	return sm.h.Phase
}

// kindOf says what tok is in the current phase: the phase's own kind when
// tok reads as one (a call in the auction, a card in the play), else the
// other kind if tok reads as that, else KindNone.
func (sm *sim) kindOf(tok string) Kind {
	_, callErr := sm.rs.ParseCall(tok)
	_, cardErr := cards.ParseCard(tok)
	first, second := KindCall, KindCard
	if sm.phase() == game.PhasePlay || sm.phase() == game.PhaseDone {
		first, second = KindCard, KindCall
	}
	reads := map[Kind]bool{KindCall: callErr == nil, KindCard: cardErr == nil}
	switch {
	case reads[first]:
		return first
	case reads[second]:
		return second
	}
	return KindNone
}

// defaultKind is the kind a token that reads as neither is taken for, so
// that the CLI's refusal names what the phase expects.
func (sm *sim) defaultKind() Kind {
	if sm.phase() == game.PhaseAuction {
		return KindCall
	}
	return KindCard
}

// apply moves the hand along by tok, read as kind k, and reports whether
// the laws allowed it.
func (sm *sim) apply(k Kind, tok string) bool {
	if !sm.ok || sm.h == nil || sm.h.Turn == cards.NoSeat {
		sm.ok = false
		return false
	}
	var err error
	switch k {
	case KindCall:
		var c cards.Call
		if c, err = sm.rs.ParseCall(tok); err == nil {
			err = sm.rs.Call(sm.h, c, events.ID{})
		}
	case KindCard:
		var c cards.Card
		if c, err = cards.ParseCard(tok); err == nil {
			err = sm.h.Play(sm.rs, c, events.ID{})
		}
	default:
		sm.ok = false
	}
	if err != nil {
		sm.ok = false
	}
	return sm.ok
}

// next reads one token: its kind, and the state moved along by it. After
// a refused token the kind stays what it was, so the rest of the line goes
// with the command the CLI will refuse.
func (sm *sim) next(tok string, prev Kind) Kind {
	if !sm.ok {
		return prev
	}
	k := sm.kindOf(tok)
	if k == KindNone {
		k = sm.defaultKind()
	}
	sm.apply(k, tok)
	return k
}

// Irregular is the mark of a short form recorded as made although the laws
// forbid it: "!d2" is play --irregular D2 in the play, "!4c" call
// --irregular 4C in the auction.
const Irregular = "!"

// nextIrregular reads a token marked irregular: its kind, and the state
// moved along by it as the laws record it.
func (sm *sim) nextIrregular(tok string) Kind {
	k := sm.kindOf(tok)
	if k == KindNone {
		k = sm.defaultKind()
	}
	if !sm.ok || sm.h == nil || sm.h.Turn == cards.NoSeat {
		sm.ok = false
		return k
	}
	var err error
	switch k {
	case KindCall:
		var c cards.Call
		if c, err = sm.rs.ParseCall(tok); err == nil {
			_, err = sm.h.CallIrregular(sm.rs, sm.h.Turn, c, events.ID{})
		}
	case KindCard:
		var c cards.Card
		if c, err = cards.ParseCard(tok); err == nil {
			_, err = sm.h.PlayIrregular(sm.rs, sm.h.Turn, cards.NoSeat, c, events.ID{})
		}
	}
	if err != nil {
		sm.ok = false
	}
	return k
}

// group splits short forms into commands where the kind changes; a token
// marked irregular ("!d2") is a command of its own, with --irregular.
func (sm *sim) group(tokens []string) [][]string {
	var out [][]string
	kind := KindNone
	for _, tok := range tokens {
		if bare, ok := strings.CutPrefix(tok, Irregular); ok && bare != "" {
			k := sm.nextIrregular(bare)
			out = append(out, []string{k.Command(), "--irregular", bare})
			kind = KindNone // what follows begins a command of its own
			continue
		}
		k := sm.next(tok, kind)
		if k != kind || len(out) == 0 {
			out = append(out, []string{k.Command()})
			kind = k
		}
		out[len(out)-1] = append(out[len(out)-1], tok)
	}
	return out
}

// quickNote is the note command a line `"text` stands for: on the latest
// trick when it is complete and nothing has been entered after its last
// card but notes, else on the latest entry.
func quickNote(text string, s *projections.Session) []string {
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), `"`))
	cmd := []string{"note"}
	if n := completeTrick(s); n > 0 {
		cmd = append(cmd, "--trick", strconv.Itoa(n))
	}
	if text != "" {
		cmd = append(cmd, text)
	}
	return cmd
}

// completeTrick is the number of the current hand's latest trick if it is
// complete and its last card is the latest entry (notes aside); else 0.
func completeTrick(s *projections.Session) int {
	h := s.Current()
	if h == nil || h.Claim != nil {
		return 0
	}
	n := len(h.Tricks)
	for n > 0 && len(h.Tricks[n-1].Cards) == 0 {
		n--
	}
	if n == 0 || h.Tricks[n-1].Winner == cards.NoSeat {
		return 0
	}
	last := h.Tricks[n-1].Cards[len(h.Tricks[n-1].Cards)-1].ID
	for i := len(s.Steps) - 1; i >= 0; i-- {
		if s.Steps[i].Type == table.TypeNoted {
			continue
		}
		if s.Steps[i].ID == last {
			return n
		}
		return 0
	}
	return 0
}
