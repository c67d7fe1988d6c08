package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A note says what it is attached to, so that a misplaced note is seen at
// once; --trick and --hand put it on the trick or the hand as a whole.
func TestNoteSaysWhatItIsOn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	ok(t, db, "new", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S")
	ok(t, db, "deal", "--pbn", demoPBN)
	ok(t, db, append([]string{"call"}, strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P")...)...)
	first := func(out string) string { return strings.SplitN(out, "\n", 2)[0] }
	assert.Equal(t, "note on N Pass, call 15", first(ok(t, db, "note", "the auction is over")))
	ok(t, db, "play", "HJ", "H3", "H5", "HA", "DA", "D5", "D2")
	assert.Equal(t, "note on W ♦2, trick 2", first(ok(t, db, "note", "dummy's deuce")))
	ok(t, db, "play", "D3")
	assert.Equal(t, "note on N ♦3, trick 2", first(ok(t, db, "note", "the latest card, as ever")))
	assert.Equal(t, "note on trick 2", first(ok(t, db, "note", "--trick", "2", "the second diamond trick")))
	assert.Equal(t, "note on trick 1", first(ok(t, db, "note", "--trick", "1", "--glyph", "!", "East wins the first")))
	assert.Equal(t, "note on hand 1", first(ok(t, db, "note", "--hand", "--by", "Foster", "a hand for the column")))
	assert.Equal(t, "note on S 1♠, call 1", first(ok(t, db, "note", "--at", "1.a1", "one spade: I pass")))
	assert.Equal(t, "note on trick 1", first(ok(t, db, "note", "--at", "1.2", "--trick", "1", "the hand of --at")))

	// The write-up puts each where it is meant (the machine's marks left
	// out: the subject is people's notes).
	md := ok(t, db, "export", "--no-dd")
	assert.Contains(t, md, "| 1 ! (3) | S ♥J |")
	assert.Contains(t, md, "| 2 (4) | **E ♦A** | S ♦5 | W ♦2 (5) | N ♦3 (6) |", "the trick's note on the trick, the card's on the card")
	assert.Contains(t, md, "- (3) Trick 1!: East wins the first\n- (3) Trick 1: the hand of --at\n- (4) Trick 2: the second diamond trick")
	assert.Contains(t, md, "- (6) Trick 2, N ♦3: the latest card, as ever")
	assert.Contains(t, md, "## Commentary\n\na hand for the column (Foster)")
	replayed := ok(t, db, "replay", "--at", "1.2")
	assert.Contains(t, replayed, "on the trick: the second diamond trick")
	assert.Contains(t, replayed, "N ♦3", "the card's own note stays the card's")

	// An earlier hand is named.
	ok(t, db, "play", "HK", "H6", "H4", "H8", "DK", "D6", "D8", "D7", "CJ", "C5", "C6", "CA")
	ok(t, db, "claim", "3")
	ok(t, db, "deal")
	assert.Equal(t, "note on hand 1", first(ok(t, db, "note", "--at", "1.3", "--hand", "and hand 1 once more")))
	assert.Equal(t, "note on trick 3 of hand 1", first(ok(t, db, "note", "--at", "1", "--trick", "3", "the third")))
	assert.Equal(t, "note on the deal of hand 2", first(ok(t, db, "note", "a deal not recorded")))
}

func TestNoteOnATrickOrHandRefused(t *testing.T) {
	inPlay := func(t *testing.T, db string) {
		ok(t, db, "new", "--game", "auction", "--dealer", "S")
		ok(t, db, "deal", "--pbn", demoPBN)
		ok(t, db, append([]string{"call"}, strings.Fields("1S P 1C 1NT 2C 2R P P 3C X P 2NT P P P")...)...)
		ok(t, db, "play", "HJ", "H3", "H5", "HA", "DA")
	}
	refused(t, []badInput{
		{"a trick not complete", inPlay, []string{"note", "--trick", "2", "x"}, 1, []string{"trick 2 of hand 1 is not complete", "--at 1.2.C"}},
		{"a trick not played", inPlay, []string{"note", "--trick", "5", "x"}, 1, []string{"hand 1 has 2 tricks played, not trick 5"}},
		{"trick 0", inPlay, []string{"note", "--trick", "0", "x"}, 2, []string{"tricks are numbered from 1"}},
		{"both", inPlay, []string{"note", "--trick", "1", "--hand", "x"}, 2, []string{"not both"}},
		{"withdrawing by trick", inPlay, []string{"note", "--retract", "--trick", "1"}, 2, []string{"no --trick or --hand"}},
		{"no hand yet", func(t *testing.T, db string) { ok(t, db, "new", "--game", "auction") }, []string{"note", "--hand", "x"}, 1, []string{"no hand has been dealt"}},
	})
}

// At the prompt, a line that starts with a double quote is a note: on the
// latest trick once it is complete, else on the latest entry.
func TestQuoteAtThePromptNotesTheTrick(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	input := strings.Join([]string{
		`deal --pbn "` + demoPBN + `"`,
		`1s p 1c 1nt 2c 2r p p 3c x p 2nt p p p`,
		`"Two no trumps overcalls three clubs doubled`,
		`hj h3 h5`,
		`"the only heart`,
		`ha`,
		`"East wins the first trick cheaply"`,
		`da`,
		`"and leads a diamond`,
	}, "\n") + "\n"
	r := recordPiped(t, db, input, "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "note on N Pass, call 15\n")
	assert.Contains(t, r.out, "note on N ♥5, trick 1\n")
	assert.Contains(t, r.out, "note on trick 1\n")
	assert.Contains(t, r.out, "note on E ♦A, trick 2\n")
	md := ok(t, db, "export", "--no-dd")
	assert.Contains(t, md, "| 1 (2) | S ♥J | W ♥3 | N ♥5 (3) | **E ♥A** |")
	assert.Contains(t, md, "- (2) Trick 1: East wins the first trick cheaply")
}
