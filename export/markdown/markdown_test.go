package markdown

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

func moment(t *testing.T, text string) *replay.Moment {
	t.Helper()
	m, err := replay.ParseMoment(text)
	require.NoError(t, err)
	return &m
}

// goldens are the write-ups checked against testdata/NAME.md.
func goldens(t *testing.T) map[string]struct {
	envs []events.Envelope
	opts Options
} {
	demo := replaytest.Record(t, "demo")
	claim := replaytest.Record(t, "claim")
	column := replaytest.Record(t, "column")
	fiveHundred := replaytest.Record(t, "five-hundred")
	whist := replaytest.Record(t, "whist")
	type g = struct {
		envs []events.Envelope
		opts Options
	}
	return map[string]g{
		// A full hand with notes: Foster's bidding example played out.
		"demo": {demo, Options{}},
		// A hand ended by a claim with cards on the table, notes by several
		// people, several on one moment, one on the deal and one on the claim.
		"claim": {claim, Options{}},
		// The end position after trick 8: the cards remaining.
		"demo-after-trick-8": {demo, Options{At: moment(t, "1.8"), Labels: LabelsMoments}},
		// An end position in the middle of a trick, with the cards on the table.
		"claim-at-3.2": {claim, Options{At: moment(t, "1.3.2")}},
		// Foster's letters, South dealing (Z South) and North dealing (Z North).
		"demo-foster":  {demo, Options{Seats: replay.FosterSeats}},
		"claim-foster": {claim, Options{Seats: replay.FosterSeats}},
		// Moments on the notes, for a reviewer (hoyle show's default).
		"demo-moments": {demo, Options{Labels: LabelsMoments}},
		// A column's hands: names of their own, notes on tricks and on the
		// hands as a whole; hand 2 is dealt by West, so Foster's diagram
		// is turned to put West, Z, at the bottom.
		"column-1-foster": {column, Options{Hand: 1, Seats: replay.FosterSeats}},
		"column-1-inline": {column, Options{Hand: 1, Seats: replay.FosterSeats, Notes: NotesInline, NoDD: true}},
		"column-2-foster": {column, Options{Hand: 2, Seats: replay.FosterSeats}},
		"column-2":        {column, Options{Hand: 2, Labels: LabelsMoments}},
		// A problem: a title of the writer's own, the defenders' hands
		// hidden, no play; at the end of the auction, so nothing is given
		// away.
		"problem": {claim, Options{At: moment(t, "1.a6"), Title: "You are North, at three no trumps: plan the play",
			Hide: []string{"E,W"}, NoPlay: true}},
		// The narrative from a moment: the end position after trick 8, the
		// play from trick 9; and between two moments.
		"demo-from-8":      {demo, Options{From: moment(t, "1.8")}},
		"demo-from-4-to-9": {demo, Options{From: moment(t, "1.4"), At: moment(t, "1.9"), Labels: LabelsMoments}},
		// ASCII suits.
		"demo-ascii": {demo, Options{ASCII: true}},
		// Mid-auction, by event number.
		"demo-at-event-9": {demo, Options{At: &replay.Moment{Kind: replay.AfterEvent, Event: 9}}},
		// User text that tries to break out of the Markdown.
		"hostile": {replaytest.Hostile(t), Options{}},
		// Five Hundred: the eldest hand bids first, the bidder takes the
		// widow and lays three away, and leads the Joker at no trumps
		// naming spades for it.
		"five-hundred-2": {fiveHundred, Options{Hand: 2}},
		// Mid-auction: C, the eldest hand, bids, A overbids, and B is to
		// call.
		"five-hundred-at-6.a2": {fiveHundred, Options{At: moment(t, "6.a2")}},
		// Nobody bids: played at no trumps, the eldest hand leading.
		"five-hundred-9": {fiveHundred, Options{Hand: 9}},
		// Whist: no auction; the card turned up makes the trump. Without
		// the analysis, here and in whist-2: each whist deal costs the
		// solver a second, and the analysis by side, trumps turned up, is
		// in dummy-9's and double-dummy-1's (TestDummyGamesWriteUps).
		"whist-1": {whist, Options{Hand: 1, NoDD: true}},
		// A whist hand recorded by its turn-up alone, honours claimed.
		"whist-2": {whist, Options{Hand: 2, NoDD: true}},
	}
}

func TestGoldens(t *testing.T) {
	for name, g := range goldens(t) {
		t.Run(name, func(t *testing.T) {
			got, err := Render(g.envs, g.opts)
			require.NoError(t, err)
			testkit.Golden(t, filepath.Join("testdata", name+".md"), string(got))
		})
	}
}

func TestEndPositionShowsTheCardsRemaining(t *testing.T) {
	got, err := Render(replaytest.Record(t, "demo"), Options{At: moment(t, "1.8"), NoDD: true})
	require.NoError(t, err)
	text := string(got)
	// After trick 8 each hand holds five cards: West has the spades left.
	assert.Contains(t, text, "♠ K Q J 9 2")
	assert.NotContains(t, text, "♠ A K Q J 9 2", "the spade ace is gone")
	assert.Contains(t, text, "Tricks so far: NS 3, EW 5; West (dummy) to play.")
	assert.NotContains(t, text, "| 9 |", "no trick after the moment")
	assert.NotContains(t, text, "## Result")
}

func TestASCIIIsASCII(t *testing.T) {
	for _, name := range []string{"demo", "claim"} {
		got, err := Render(replaytest.Record(t, name), Options{ASCII: true, Seats: replay.FosterSeats})
		require.NoError(t, err)
		for i, r := range string(got) {
			require.Less(t, r, rune(0x80), "%s: %q at byte %d", name, r, i)
		}
	}
}

func TestFosterSeatsFollowTheDeal(t *testing.T) {
	got, err := Render(replaytest.Record(t, "claim"), Options{Seats: replay.FosterSeats})
	require.NoError(t, err)
	text := string(got)
	// North deals: Z North, A East, Y South, B West; the players' names
	// beside the letters.
	assert.Contains(t, text, "| Z (Ann) | A (Bob) | Y (Cy) | B (Di) |")
	assert.Contains(t, text, "Z: Ann")
	assert.Contains(t, text, "Y: Cy")
	assert.Contains(t, text, "3NT by Z, Y dummy; A leads.")
	assert.Contains(t, text, "| Trick | 1st | 2nd | 3rd | 4th | Won by | YZ | AB |")
}

func TestErrors(t *testing.T) {
	demo := replaytest.Record(t, "demo")
	_, err := Render(demo, Options{Hand: 2})
	assert.ErrorIs(t, err, ErrNoHand)
	_, err = Render(demo, Options{Hand: 1, At: moment(t, "1.3")})
	assert.NoError(t, err)
	_, err = Render(demo, Options{At: moment(t, "1.14")})
	assert.ErrorIs(t, err, replay.ErrNoMoment)
	_, err = Render(demo, Options{At: moment(t, "@1")})
	assert.ErrorIs(t, err, ErrNoHand, "no hand is dealt at the session's first event")
	twoHands := replaytest.RecordText(t, `
new --game contract --name two
deal
call P P P P
deal
`)
	_, err = Render(twoHands, Options{Hand: 2, At: moment(t, "1.a2")})
	assert.ErrorIs(t, err, ErrHandMismatch)
	got, err := Render(twoHands, Options{})
	require.NoError(t, err)
	assert.Contains(t, string(got), "hand 2")
	assert.Contains(t, string(got), "(not recorded)")
	got, err = Render(twoHands, Options{Hand: 1})
	require.NoError(t, err)
	assert.Contains(t, string(got), "Passed out")
}

func TestText(t *testing.T) {
	cases := map[string]string{
		"Ann":                "Ann",
		"a | b":              `a \| b`,
		"<script>":           `\<script\>`,
		"&amp;":              `\&amp;`,
		"*x* _y_ ~z~ `c`":    "\\*x\\* \\_y\\_ \\~z\\~ \\`c\\`",
		"[l](javascript:x)":  `\[l\](javascript:x)`,
		"back\\slash":        `back\\slash`,
		"line\nbreak":        "line break",
		"\x1b[31mred":        `\[31mred`,
		"# not a heading #":  `\# not a heading \#`,
		"Foster's 3♣! ?! ok": "Foster's 3♣! ?! ok",
	}
	for in, want := range cases {
		assert.Equal(t, want, Text(in), "%q", in)
	}
}

func TestHostileTextStaysText(t *testing.T) {
	got, err := Render(replaytest.Hostile(t), Options{NoDD: true}) // the tables are counted
	require.NoError(t, err)
	text := string(got)
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u202e"} {
		assert.NotContains(t, text, bad)
	}
	html := toHTML(t, got)
	for _, bad := range []string{"<script", "<img", "<b>", "javascript:", "<h1 id=\"heading\"", "<del>", "<em>"} {
		assert.NotContains(t, html, bad)
	}
	// The tables keep their shape: the auction has its header and two
	// rows, every row four cells; the note's pipes are inside one item.
	assert.Equal(t, 2, strings.Count(html, "<table>"))
	auction := html[strings.Index(html, "<table>"):strings.Index(html, "</table>")]
	assert.Equal(t, 3, strings.Count(auction, "<tr>"))
	assert.Equal(t, 8, strings.Count(auction, "<td"))
	assert.Contains(t, html, "a | b | c | --- |  # heading &lt;b&gt;bold&lt;/b&gt; &amp;amp; &amp;lt; \\| ~~strike~~ ![img](x.png) &lt;style&gt;body{display:none}&lt;/style&gt; (Eve Mallory)")
	assert.Contains(t, html, "# Club | night &lt;script&gt;alert(1)&lt;/script&gt; #: hand 1</h1>")
}

func TestTerminal(t *testing.T) {
	md, err := Render(replaytest.Record(t, "claim"), Options{})
	require.NoError(t, err)
	plain, err := Terminal(md, TermOptions{Style: "notty", Width: 80})
	require.NoError(t, err)
	assert.NotContains(t, string(plain), "\x1b", "no colour without a colour terminal")
	lines := strings.Split(string(plain), "\n")
	// The diagram lines up: East's label and suits start in one column.
	var east []int
	for _, l := range lines {
		if i := strings.Index(l, "East: Bob"); i >= 0 {
			east = append(east, replayWidth(l[:i]))
		}
		for _, s := range []string{"♠ J 9 3", "♥ Q J 9", "♦ K Q J 2", "♣ J 7 5"} {
			if i := strings.Index(l, s); i >= 0 {
				east = append(east, replayWidth(l[:i]))
			}
		}
		assert.LessOrEqual(t, replayWidth(l), 80, "%q", l)
	}
	require.Len(t, east, 5)
	for _, c := range east {
		assert.Equal(t, east[0], c)
	}
	dark, err := Terminal(md, TermOptions{Style: "dark", Width: 80, Profile: 2})
	require.NoError(t, err)
	assert.Contains(t, string(dark), "\x1b[", "colours on a colour terminal")
	_, err = Terminal(md, TermOptions{Style: "/etc/passwd"})
	assert.ErrorIs(t, err, ErrBadStyle, "a style is a name, never a file")

	hostileMD, err := Render(replaytest.Hostile(t), Options{})
	require.NoError(t, err)
	out, err := Terminal(hostileMD, TermOptions{Style: "dark", Profile: 2})
	require.NoError(t, err)
	assert.NotContains(t, string(out), "\x1b[2J", "no escape sequence from user text")
	assert.NotContains(t, string(out), "\x1b]0;")
}

func replayWidth(s string) int { return replay.Width(s) }

func TestWriteMatchesRender(t *testing.T) {
	envs := replaytest.Record(t, "demo")
	var b bytes.Buffer
	require.NoError(t, Write(&b, envs, Options{}))
	want, err := Render(envs, Options{})
	require.NoError(t, err)
	assert.Equal(t, want, b.Bytes())
}

// In Five Hundred the eldest hand, on the dealer's left, bids first: the
// auction's columns start with him, a player who has passed is passed
// over, and the next to call is marked in his own column.
func TestFiveHundredAuctionStartsWithTheEldestHand(t *testing.T) {
	envs := replaytest.Record(t, "five-hundred")
	got, err := Render(envs, Options{Hand: 2})
	require.NoError(t, err)
	text := string(got)
	assert.Contains(t, text, "dealer A")
	assert.Contains(t, text, "| B | C | A |\n| --- | --- | --- |\n| Pass | Pass | six no trumps |\n")
	assert.Contains(t, text, "Six no trumps by A; A takes the widow and lays away ♣9 ♦8 ♦9; A leads.")
	assert.Contains(t, text, "| 1 | **A Joker for ♠** | B ♠Q | C ♠9 | A |", "the suit named for the Joker at no trumps")

	got, err = Render(envs, Options{At: moment(t, "6.a2")})
	require.NoError(t, err)
	assert.Contains(t, string(got), "| C | A | B |\n| --- | --- | --- |\n| seven hearts | eight clubs | ? |\n")

	got, err = Render(envs, Options{Hand: 6})
	require.NoError(t, err)
	assert.Contains(t, string(got), "| seven hearts | eight clubs | Pass |\n| Pass |  |  |\n", "C passes in his own column")

	got, err = Render(envs, Options{Hand: 9, ASCII: true})
	require.NoError(t, err)
	assert.Contains(t, string(got), "Nobody bid: played at no trumps; C leads.")
	assert.Contains(t, string(got), "**C Joker for S**")
}

// Whist has no auction: the write-up says which card was turned up, and
// so which suit is trumps, and who leads.
func TestWhistShowsTheTurnUp(t *testing.T) {
	got, err := Render(replaytest.Record(t, "whist"), Options{Hand: 1, NoDD: true})
	require.NoError(t, err)
	text := string(got)
	assert.NotContains(t, text, "## Auction")
	assert.Contains(t, text, "## Trumps\n\nSouth, the dealer, turned up ♥A: hearts are trumps; West leads.")
	assert.Contains(t, text, "Trumps: hearts, ♥A turned up by South. NS took 7 tricks, EW 6.")
	assert.Contains(t, text, "Score after the hand: rubber 1, game 1 to 5: NS 1, EW 0 (no game yet).")
}
