package prompt_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay/prompt"
)

// FuzzPlan feeds lines to the short-form parser in each state a hand can be
// in. Whatever is typed, Plan must not panic or touch the session; a line
// of short forms must come back as call and play commands holding exactly
// its tokens, in order; and completion of any prefix offers only words that
// start with what was typed.
func FuzzPlan(f *testing.F) {
	for _, seed := range []string{
		"1s p 1c 1nt", "p p p hj h3 h5 ha", "sa", "10h", "h10 10h", "x xx", "2s", "sx", "1q",
		`note "a note"`, `note "unclosed`, `"a fine lead`, `  "a note" `, `"`, "hoyle call 1h", "shwo", "joker", "7nt", "2r", "dbl rdbl pass",
		"hj 3h h5 ha da d5 d2 d3", "  ", "\t1h\t", "'1h p'", "é", "\x00", "!d2", "1s !1h", "!", "!!sa h3",
	} {
		for state := range 4 {
			f.Add(uint8(state), seed)
		}
	}
	states := map[uint8]func(*testing.T) *projections.Session{0: noHand, 1: auctionStart, 2: openingLead, 3: handDone}
	f.Fuzz(func(t *testing.T, state uint8, line string) {
		s := states[state%4](t)
		before := fmt.Sprintf("%+v", s.Current())
		if h := s.Current(); h != nil {
			before = fmt.Sprintf("%+v", *h)
		}
		plan, err := prompt.Plan(line, s, isCommand)
		if err != nil {
			if !errors.Is(err, prompt.ErrUnclosedQuote) {
				t.Fatalf("Plan(%q): unexpected error %v", line, err)
			}
			return
		}
		if text, ok := strings.CutPrefix(strings.TrimSpace(line), `"`); ok {
			// A note's short form: one note command, its text the line's
			// after the quote (the closing quote may be left off).
			text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), `"`))
			if len(plan) != 1 || plan[0][0] != "note" || (text != "" && plan[0][len(plan[0])-1] != text) {
				t.Fatalf("Plan(%q) = %v: not the note %q", line, plan, text)
			}
			return
		}
		words, _ := prompt.Words(line)
		if len(words) > 0 && strings.EqualFold(words[0], "hoyle") {
			words = words[1:]
		}
		if len(words) == 0 {
			if plan != nil {
				t.Fatalf("Plan(%q) = %v for an empty line", line, plan)
			}
			return
		}
		if !isCommand(strings.ToLower(words[0])) && (len(plan) > 1 || plan[0][0] == "call" || plan[0][0] == "play") {
			var got []string
			for _, cmd := range plan {
				if cmd[0] != "call" && cmd[0] != "play" || len(cmd) < 2 {
					t.Fatalf("Plan(%q): %v is not a command of short forms", line, cmd)
				}
				if cmd[1] == "--irregular" {
					// "!d2" stands for play --irregular d2.
					got = append(append(got, prompt.Irregular+cmd[2]), cmd[3:]...)
					continue
				}
				got = append(got, cmd[1:]...)
			}
			if strings.Join(got, "\x00") != strings.Join(words, "\x00") {
				t.Fatalf("Plan(%q) = %v: the tokens are not the line's words %q", line, plan, words)
			}
		}
		for i := 1; i < len(plan); i++ {
			irregular := len(plan[i]) > 1 && plan[i][1] == "--irregular" || len(plan[i-1]) > 1 && plan[i-1][1] == "--irregular"
			if plan[i][0] == plan[i-1][0] && !irregular {
				t.Fatalf("Plan(%q) = %v: two commands of the same kind in a row", line, plan)
			}
		}
		if !utf8.ValidString(line) {
			return
		}
		// Every cursor position of a short line; of a long one (each position
		// reads the whole line before it), a few.
		n := utf8.RuneCountInString(line)
		step := 1
		if n > 64 {
			step = n / 16
		}
		for pos := 0; pos <= n; pos += step {
			head, items, _ := prompt.Complete(line, pos, s, commands)
			word := strings.TrimPrefix(string([]rune(line)[:pos]), head)
			for _, it := range items {
				if !strings.HasPrefix(strings.ToLower(it), strings.ToLower(word)) {
					t.Fatalf("Complete(%q, %d) offers %q for %q", line, pos, it, word)
				}
			}
		}
		after := fmt.Sprintf("%+v", s.Current())
		if h := s.Current(); h != nil {
			after = fmt.Sprintf("%+v", *h)
		}
		if before != after {
			t.Fatalf("Plan(%q) changed the session's hand", line)
		}
	})
}
