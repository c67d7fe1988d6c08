package markdown

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// The analysis is the machine's: a section of its own under the diagram,
// and a bracketed mark on a costly card where people's notes have a
// numbered reference. NoDD leaves every part of it out, and the rest of
// the write-up as it was.
func TestDDInTheWriteUp(t *testing.T) {
	demo := replaytest.Record(t, "demo")
	with, err := Render(demo, Options{})
	require.NoError(t, err)
	md := string(with)
	diagramEnd := strings.Index(md, "```\n\n") + len("```\n\n")
	assert.True(t, strings.HasPrefix(md[diagramEnd:], "## Double dummy\n\n| Declarer | ♠ | ♥ | ♦ | ♣ | NT |\n"), "the table straight under the diagram")
	assert.Contains(t, md, "| East | 10 | 9 | 9 | 8 | 8 |")
	assert.NotContains(t, md, "Par by", "Auction Bridge has no par: it is duplicate contract bridge's measure")
	assert.Contains(t, md, "Two no trumps by East: EW take 8 tricks with best play.")
	assert.Contains(t, md, "| 1 | S ♥J [−4] | W ♥3 |", "the opening lead cost four tricks")
	assert.Contains(t, md, "| 5 | E ♣J [−4] | S ♣5 | W ♣6 | **N ♣A**?! (4) |", "a person's note and the machine's mark, apart")
	assert.Contains(t, md, "A card marked [−N] cost its side N tricks, double dummy.")

	without, err := Render(demo, Options{NoDD: true})
	require.NoError(t, err)
	plain := string(without)
	for _, part := range []string{"Double dummy", "Par by", "[−", "best play"} {
		assert.NotContains(t, plain, part)
	}
	// Without the analysis, the write-up is the one before it: the same
	// lines, less the analysis's.
	var kept []string
	skip := false
	for _, l := range strings.Split(md, "\n") {
		switch {
		case l == "## Double dummy":
			skip = true
			continue
		case skip && strings.HasPrefix(l, "## "):
			skip = false
		case skip, strings.HasPrefix(l, "A card marked"):
			continue
		}
		kept = append(kept, strings.NewReplacer(" [−4]", "", " [−2]", "").Replace(l))
	}
	assert.Equal(t, strings.Join(strings.Fields(plain), " "), strings.Join(strings.Fields(strings.Join(kept, "\n")), " "))
}

// A position in the play gives its value; a problem with hands hidden
// gives nothing away.
func TestDDAtAMomentAndInAProblem(t *testing.T) {
	demo := replaytest.Record(t, "demo")
	got, err := Render(demo, Options{At: moment(t, "1.4")})
	require.NoError(t, err)
	assert.Contains(t, string(got), "The deal as dealt: the tricks each hand takes as declarer")
	assert.Contains(t, string(got), "Tricks so far: NS 0, EW 4; East to play. Double dummy: EW take 12 tricks in all with best play from here (those won included).")

	got, err = Render(demo, Options{At: moment(t, "1.a15"), Hide: []string{"E,W"}, NoPlay: true})
	require.NoError(t, err)
	assert.NotContains(t, string(got), "Double dummy")
	assert.NotContains(t, string(got), "Par")
}

// A hand whose cards are not known says so; a game that is not four hands
// of 13 cards (Five Hundred) has no analysis, and says nothing of it.
func TestDDWhenItCannotBeAnalysed(t *testing.T) {
	blank := replaytest.RecordText(t, "new --game contract --dealer N\ndeal\ncall 1NT P P P\nplay S2 S3 S4 S5\n")
	got, err := Render(blank, Options{})
	require.NoError(t, err)
	assert.Contains(t, string(got), "*Double dummy: not analysed; the deal was not recorded, and the play has not shown it.*")
	assert.NotContains(t, string(got), "## Double dummy")

	fh, err := Render(replaytest.Record(t, "five-hundred"), Options{Hand: 2})
	require.NoError(t, err)
	assert.NotContains(t, string(fh), "ouble dummy")
}

// Royal spades are spades for the solver, and the write-up says so.
func TestDDRoyalSpades(t *testing.T) {
	envs := replaytest.RecordText(t, `new --game auction --dealer S
deal --pbn "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"
call 1S P P 1R P P P
play HJ`)
	got, err := Render(envs, Options{Seats: replay.CompassSeats})
	require.NoError(t, err)
	assert.Contains(t, string(got), "One royal by East (spades for the solver): EW take 10 tricks with best play.")
}
