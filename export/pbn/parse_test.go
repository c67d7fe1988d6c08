package pbn

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func loadEdge(t *testing.T, name string) []Game {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	gs, err := Parse(bytes.NewReader(b))
	require.NoError(t, err)
	return gs
}

func calls(a *Auction) string {
	var s []string
	for _, c := range a.Calls {
		if c.Placeholder != 0 {
			s = append(s, string(c.Placeholder))
		} else {
			s = append(s, c.Call.String())
		}
	}
	return strings.Join(s, " ")
}

func TestEdgeFile(t *testing.T) {
	gs := loadEdge(t, "edge.pbn")
	require.Len(t, gs, 4)

	// Game 1: commentary everywhere, a redoubled contract, a claim.
	g := gs[0]
	assert.Equal(t, 7, g.Line)
	assert.Equal(t, "Club night", g.Event())
	assert.Equal(t, "Village hall", g.Site())
	c, err := g.Contract()
	require.NoError(t, err)
	assert.Equal(t, Contract{Level: 4, Strain: cards.StrainSpades, Doubled: 2}, c)
	assert.Equal(t, "4SXX", c.String())
	decl, err := g.Declarer()
	require.NoError(t, err)
	assert.Equal(t, cards.South, decl)
	res, err := g.Result()
	require.NoError(t, err)
	assert.Equal(t, 10, res)
	sc, err := g.Score()
	require.NoError(t, err)
	assert.Equal(t, Score{Side: cards.NS, Points: 880}, sc)
	vul, err := g.Vulnerable()
	require.NoError(t, err)
	assert.Equal(t, cards.VulNone, vul)

	a := g.Auction
	require.NotNil(t, a)
	assert.Equal(t, cards.North, a.First)
	assert.Equal(t, "1C 1D 1S Pass 2S Pass 4S X XX Pass Pass Pass", calls(a))
	assert.Equal(t, 1, a.Calls[0].Note)
	assert.Equal(t, "!", a.Calls[2].Suffix)
	assert.Equal(t, []int{1}, a.Calls[6].NAGs)
	assert.Equal(t, "?", a.Calls[8].Suffix)
	assert.Equal(t, map[int]string{1: "could be short"}, a.Notes)
	assert.Equal(t, 29, a.Calls[4].Line)

	p := g.Play
	require.NotNil(t, p)
	assert.Equal(t, cards.West, p.Leader)
	assert.True(t, p.End)
	require.Len(t, p.Tricks, 3)
	assert.Equal(t, cards.MustCard("SK"), p.Tricks[1][1].Card)

	want := []Comment{
		{Text: "Before the first tag: a hand from a club night.", Pos: Position{After: ""}, Line: 7},
		{Text: " the small room", Semicolon: true, Pos: Position{After: "Site"}, Line: 9},
		{Text: "A comment\nbetween tags, over\n\nfour lines, one of them empty", Pos: Position{After: "Deal"}, Line: 19},
		{Text: "West doubles", Pos: Position{After: "Auction", Index: 8}, Line: 29},
		{Text: " the end", Semicolon: true, Pos: Position{After: "Auction", Index: 12}, Line: 30},
		{Text: "about note 1", Pos: Position{After: "Note", Note: 1, Section: "Auction"}, Line: 32},
		{Text: "North draws trumps", Pos: Position{After: "Play", Index: 8}, Line: 35},
		{Text: "Dan claims the rest", Pos: Position{After: "Play", Index: 12}, Line: 38},
	}
	assert.Equal(t, want, g.Comments)

	played, early, err := p.Order(c.Strain)
	require.NoError(t, err)
	assert.True(t, early)
	assert.Equal(t, []PlayedCard{
		{cards.West, cards.MustCard("D3")}, {cards.North, cards.MustCard("DA")},
		{cards.East, cards.MustCard("D7")}, {cards.South, cards.MustCard("D6")},
		{cards.North, cards.MustCard("SK")}, {cards.East, cards.MustCard("S5")},
		{cards.South, cards.MustCard("S2")}, {cards.West, cards.MustCard("S3")},
		{cards.North, cards.MustCard("S8")}, {cards.East, cards.MustCard("SQ")},
		{cards.South, cards.MustCard("SA")}, {cards.West, cards.MustCard("S4")},
	}, played)

	// Game 2: "#" copies the previous game; a passed-out board as "AP".
	g = gs[1]
	assert.Equal(t, "Club night", g.Event())
	assert.Equal(t, "Ann", g.West())
	assert.Equal(t, "MP", g.Scoring())
	assert.Equal(t, "Pass Pass Pass Pass", calls(g.Auction))
	assert.Equal(t, 58, g.Auction.Calls[3].Line)
	c, err = g.Contract()
	require.NoError(t, err)
	assert.True(t, c.IsPass())
	decl, err = g.Declarer()
	require.NoError(t, err)
	assert.Equal(t, cards.NoSeat, decl)
	_, err = g.Result()
	assert.ErrorIs(t, err, ErrNoValue)
	assert.Nil(t, g.Play)

	// Game 3: tags out of order, "?" values, "##", no play.
	g = gs[2]
	assert.Equal(t, "Spring pairs", g.Event())
	v, _ := g.Tag("Site")
	assert.Equal(t, "?", v)
	assert.Equal(t, "", g.Site())
	assert.Equal(t, "2024.??.??", g.Date())
	assert.Equal(t, "Board", g.Tags[0].Name)
	assert.Equal(t, "Pass 1NT Pass 3NT Pass Pass Pass", calls(g.Auction))
	assert.Nil(t, g.Play)
	_, err = g.Score()
	assert.ErrorIs(t, err, ErrNoValue)
	assert.Equal(t, "", g.West())

	// Game 4: "##" carries Event on; "#" copies the Deal; "-" and "+".
	g = gs[3]
	assert.Equal(t, "Spring pairs", g.Event())
	last := g.Tags[len(g.Tags)-1]
	assert.Equal(t, Tag{Name: "Event", Value: "Spring pairs"}, last, "inherited tags are added at the end, with no line")
	d, first, err := g.Deal()
	require.NoError(t, err)
	assert.Equal(t, cards.South, first)
	d3, _, _ := gs[2].Deal()
	assert.Equal(t, d3, d)
	assert.Equal(t, "1D - Pass 2H Pass Pass Pass", calls(g.Auction))
	assert.Equal(t, Dash, g.Auction.Calls[1].Placeholder)
	assert.Equal(t, Plus, g.Play.Tricks[2][3].Placeholder)
	assert.False(t, g.Play.End)
	c, _ = g.Contract()
	played, early, err = g.Play.Order(c.Strain)
	require.NoError(t, err)
	assert.True(t, early, "an incomplete trick ends the play early")
	assert.Len(t, played, 11)
	assert.Equal(t, PlayedCard{cards.East, cards.MustCard("H7")}, played[8])

	roundTrip(t, gs)
}

func TestCRLFReadsLikeLF(t *testing.T) {
	assert.Equal(t, loadEdge(t, "edge.pbn"), loadEdge(t, "edge-crlf.pbn"))
	// Old Mac line ends and a byte order mark too.
	lf, err := os.ReadFile("testdata/edge.pbn")
	require.NoError(t, err)
	cr := "\ufeff" + strings.ReplaceAll(string(lf), "\n", "\r")
	assert.Equal(t, loadEdge(t, "edge.pbn"), parseString(t, cr))
}

func TestAllPass(t *testing.T) {
	for in, want := range map[string]string{
		"AP":                   "Pass Pass Pass Pass",
		"Pass AP":              "Pass Pass Pass Pass",
		"Pass Pass Pass ap":    "Pass Pass Pass Pass",
		"1NT AP":               "1NT Pass Pass Pass",
		"1C Pass AP":           "1C Pass Pass Pass",
		"1C Pass Pass Pass AP": "1C Pass Pass Pass",
		"1C X AP":              "1C X Pass Pass Pass",
		"- - 1C AP":            "- - 1C Pass Pass Pass",
	} {
		gs := parseString(t, "[Auction \"N\"]\n"+in+"\n")
		require.Len(t, gs, 1)
		assert.Equal(t, want, calls(gs[0].Auction), in)
	}
	gs := parseString(t, "[Auction \"N\"]\n1S AP =1=\n[Note \"1:the last pass\"]\n")
	assert.Equal(t, 1, gs[0].Auction.Calls[3].Note)
	gs = parseString(t, "[Auction \"N\"]\n1S AP!\n")
	assert.Equal(t, "!", gs[0].Auction.Calls[3].Suffix)
}

func TestAnnotations(t *testing.T) {
	gs := parseString(t, `[Auction "W"]
1C!! =2= $3 $4 1D ?! 2C ^S Pass !?
*
[Note "2:strong"]
[Play "N"]
SA! =1= $7 S2 ?? S3 -
+ + + +
*
[Note "1:lucky"]
`)
	a := gs[0].Auction
	assert.Equal(t, Annotation{Suffix: "!!", Note: 2, NAGs: []int{3, 4}}, a.Calls[0].Annotation)
	assert.Equal(t, "?!", a.Calls[1].Suffix)
	assert.Equal(t, "2C", a.Calls[2].Call.String())
	assert.Equal(t, []string{"^S"}, a.Calls[2].Irregularities)
	assert.Equal(t, "!?", a.Calls[3].Suffix)
	assert.True(t, a.End)
	assert.Equal(t, map[int]string{2: "strong"}, a.Notes)
	p := gs[0].Play
	assert.Equal(t, Annotation{Suffix: "!", Note: 1, NAGs: []int{7}}, p.Tricks[0][0].Annotation)
	assert.Equal(t, "??", p.Tricks[0][1].Suffix)
	assert.Equal(t, Dash, p.Tricks[0][3].Placeholder)
	assert.Equal(t, map[int]string{1: "lucky"}, p.Notes)
	roundTrip(t, gs)
}

func TestSectionsKeptRaw(t *testing.T) {
	src := `[Board "1"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT  7 ; a comment inside is data
{and a
multi-line one}
N  S  7
[ScoreTable "Rank\3R;Names\20"] 1 "Ann ;Bob [x]"
  2 "Cat ;Dan"
% an escape line inside
  3 "Eve ;Fay"
[Odd "x"] %not an escape here
[Last "y"] ; only a comment: not a section
`
	gs := parseString(t, src)
	require.Len(t, gs, 1)
	g := gs[0]
	v, _ := g.Tag("OptimumResultTable")
	assert.Equal(t, `Declarer;Denomination\2R;Result\2R`, v)
	assert.Equal(t, "\nN NT  7 ; a comment inside is data\n{and a\nmulti-line one}\nN  S  7", g.Tags[1].Section)
	assert.Equal(t, []string{"N NT  7 ; a comment inside is data", "{and a", "multi-line one}", "N  S  7"}, g.Tags[1].SectionLines())
	assert.Equal(t, " 1 \"Ann ;Bob [x]\"\n  2 \"Cat ;Dan\"\n% an escape line inside\n  3 \"Eve ;Fay\"", g.Tags[2].Section)
	assert.Equal(t, []string{`1 "Ann ;Bob [x]"`, `  2 "Cat ;Dan"`, "% an escape line inside", `  3 "Eve ;Fay"`}, g.Tags[2].SectionLines())
	assert.Equal(t, " %not an escape here", g.Tags[3].Section)
	assert.Empty(t, g.Tags[4].Section)
	assert.Equal(t, []Comment{{Text: " only a comment: not a section", Semicolon: true, Pos: Position{After: "Last"}, Line: 12}}, g.Comments)
	out := roundTrip(t, gs)
	// Issue 28: the header comes back as the standard's own tables write
	// it, "\2R", not "\\2R".
	assert.Contains(t, out, "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  7 ;", "a backslash is written as the standard writes it")
	assert.Contains(t, out, "[Odd \"x\"] %not an escape here\n")
}

func TestImportTolerance(t *testing.T) {
	src := "\n\n% header\n  \n[Event \"a\"][Site \"b\"]   [Board \"3\"]\n" +
		"[Event \"ignored repeat\"]\n" +
		"[Note \"not a numbered note\"]\n" +
		"[Note \"1:stray\"]\n" +
		"[Auction \"?\"]\nPass\n[Auction \"N\"]\n1C\n" + // a repeated section is ignored
		"[Play \"\"]\n" +
		"\n\n\n" +
		"{only commentary}\n"
	gs := parseString(t, src)
	require.Len(t, gs, 2)
	g := gs[0]
	assert.Equal(t, "a", g.Event())
	assert.Equal(t, 5, g.Line)
	n, err := g.Board()
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	v, _ := g.Tag("Note")
	assert.Equal(t, "not a numbered note", v)
	assert.Equal(t, map[int]string{1: "stray"}, g.Notes)
	assert.Equal(t, cards.NoSeat, g.Auction.First)
	assert.Equal(t, "Pass", calls(g.Auction))
	assert.Equal(t, cards.NoSeat, g.Play.Leader)
	assert.Empty(t, g.Play.Tricks)
	assert.Equal(t, []Comment{{Text: "only commentary", Line: 17}}, gs[1].Comments)
	roundTrip(t, gs)
}

func TestInheritance(t *testing.T) {
	src := `[Event "##Autumn"]
[Site "A"]
[Board "1"]

[Board "2"]
[Site "#"]

[Board "3"]
[Event "#"]

[Board "4"]
[Event "Winter"]

[Board "5"]

[Hidden "###"]
[Board "6"]

[Board "7"]
`
	gs := parseString(t, src)
	require.Len(t, gs, 7)
	ev := func(g Game) string { v, _ := g.Tag("Event"); return v }
	assert.Equal(t, "Autumn", ev(gs[0]))
	assert.Equal(t, "Autumn", ev(gs[1]), "## carries on")
	assert.Equal(t, "A", gs[1].Site())
	assert.Equal(t, "Autumn", ev(gs[2]))
	assert.Equal(t, "Winter", ev(gs[3]))
	_, ok := gs[4].Tag("Event")
	assert.False(t, ok, "a value of its own ends ##")
	h, _ := gs[6].Tag("Hidden")
	assert.Equal(t, "#", h, `"###" is a literal "#", carried on`)
	out := roundTrip(t, gs)
	assert.Contains(t, out, `[Hidden "###"]`)

	// "#" with no previous game is empty.
	gs = parseString(t, `[Event "#"]`)
	assert.Equal(t, "", gs[0].Event())
}

func TestEscapes(t *testing.T) {
	gs := parseString(t, `[Event "say \"hi\" \\o/ \2R \\\\ end\\"]`+"\n")
	want := `say "hi" \o/ \2R \\ end\`
	assert.Equal(t, want, gs[0].Event())
	out := roundTrip(t, gs)
	// Written back as PBN 2.1 writes strings: a backslash doubled only
	// where it would read as an escape (before a quote or a backslash,
	// last in the value); "\o" and "\2R" stand for themselves.
	assert.Contains(t, out, `[Event "say \"hi\" \o/ \2R \\\ end\\"]`)
	back := parseString(t, out)
	assert.Equal(t, want, back[0].Event())
}

func TestMalformed(t *testing.T) {
	cases := []struct {
		src  string
		line int
	}{
		{"[Event \"x\"]\n[\"y\"]\n", 2},
		{"[Event x]\n", 1},
		{"[Event \"x\n\"]\n", 1},
		{"[Event \"x\"\n", 1},
		{"[Event \"x\"] {never closed\n\n", 1},
		{"stray words\n", 1},
		{"[Event \"x\"]\n\nstray words\n", 3},
		{"[Auction \"N\"]\n1C 8NT\n", 2},
		{"[Auction \"N\"]\n=1= 1C\n", 2},
		{"[Auction \"N\"]\n1C =1= =2=\n", 2},
		{"[Auction \"N\"]\n1C !!!\n", 2},
		{"[Auction \"N\"]\n1C * Pass\n", 2},
		{"[Auction \"Q\"]\n", 1},
		{"[Play \"N\"]\nSA SK SZ\n", 2},
		{"[Play \"N\"]\nJK\n", 2},
		{"[Play \"N\"]\n* SA\n", 2},
		{"[Play \"N\"]\n\n\n[Note \"1:x\"] SA\n", 4},
		{"[Auction \"N\"]\n1C =0=\n", 2},
		{"[Auction \"N\"]\n1C $x\n", 2},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.src))
		require.Error(t, err, c.src)
		assert.ErrorIs(t, err, ErrSyntax, c.src)
		var pe *ParseError
		require.True(t, errors.As(err, &pe), c.src)
		assert.Equal(t, c.line, pe.Line, "%q: %v", c.src, err)
	}
}

func TestTypedValues(t *testing.T) {
	for in, want := range map[string]Contract{
		"Pass": {}, "pass": {}, "1NT": {1, cards.NoTrump, 0}, "3n": {3, cards.NoTrump, 0},
		"5Dx": {5, cards.StrainDiamonds, 1}, "7CXX": {7, cards.StrainClubs, 2}, "4H": {4, cards.StrainHearts, 0},
	} {
		c, err := ParseContract(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, c, in)
	}
	for _, in := range []string{"", "8S", "0H", "4Z", "4SXXX", "XX"} {
		_, err := ParseContract(in)
		assert.Error(t, err, in)
	}
	g := Game{Tags: []Tag{{Name: "Contract", Value: "4Q"}, {Name: "Board", Value: "?"}, {Name: "Dealer", Value: "Q"}, {Name: "Score", Value: "EW -50"}}}
	_, err := g.Contract()
	assert.ErrorIs(t, err, ErrBadValue)
	_, err = g.Board()
	assert.ErrorIs(t, err, ErrNoValue)
	_, err = g.Dealer()
	assert.ErrorIs(t, err, ErrBadValue)
	_, err = g.Vulnerable()
	assert.ErrorIs(t, err, ErrNoValue)
	s, err := g.Score()
	require.NoError(t, err)
	assert.Equal(t, Score{Side: cards.EW, Points: -50}, s)
	assert.Equal(t, "EW -50", s.String())

	g.SetTag("Board", "12")
	g.SetDeal(cards.Deal{cards.NewSet(cards.MustCard("SA")), 0, 0, 0}, cards.North)
	n, err := g.Board()
	require.NoError(t, err)
	assert.Equal(t, 12, n)
	v, _ := g.Tag("Deal")
	assert.Equal(t, "N:A... - - -", v)
	g.DeleteTag("Board")
	_, ok := g.Tag("Board")
	assert.False(t, ok)
}

func TestWriteRejects(t *testing.T) {
	bad := []Game{
		{},
		{Tags: []Tag{{Name: "Event", Value: "two\nlines"}}},
		{Tags: []Tag{{Name: "Bad Name", Value: "x"}}},
		{Tags: []Tag{{Name: "Event", Value: "a"}, {Name: "Event", Value: "b"}}},
		{Tags: []Tag{{Name: "Auction", Value: "N"}}},
		{Tags: []Tag{{Name: "Note", Value: "1:x"}}},
		{Tags: []Tag{{Name: "Event", Value: "a"}}, Comments: []Comment{{Text: "a } b"}}},
		{Tags: []Tag{{Name: "Event", Value: "a"}}, Comments: []Comment{{Text: "a\nb", Semicolon: true}}},
		{Tags: []Tag{{Name: "Event", Value: "a"}}, Comments: []Comment{{Text: "x", Pos: Position{After: "Site"}}}},
		{Auction: &Auction{First: cards.North, Calls: []AuctionCall{{}}}},
		{Auction: &Auction{First: 7}},
		{Auction: &Auction{First: cards.North, Calls: []AuctionCall{{Call: cards.PassCall, Annotation: Annotation{Suffix: "!!!"}}}}},
		{Play: &Play{Leader: cards.North, Tricks: [][]PlayCard{{{Card: cards.MustCard("SA")}}, {{Card: cards.MustCard("SK")}}}}},
		{Play: &Play{Leader: cards.North, Tricks: [][]PlayCard{{{Card: cards.Joker}}}}},
		{Auction: &Auction{Notes: map[int]string{0: "zero"}}},
	}
	for i, g := range bad {
		err := Write(&bytes.Buffer{}, []Game{g})
		assert.ErrorIs(t, err, ErrInvalid, "case %d", i)
	}
}

func TestWriteBuiltGame(t *testing.T) {
	// A game built in code, the way an exporter would.
	g := Game{}
	for _, name := range MandatoryTags {
		g.SetTag(name, "?")
	}
	g.SetTag("Dealer", "W")
	g.SetTag("Contract", Contract{Level: 3, Strain: cards.NoTrump}.String())
	g.Auction = &Auction{First: cards.West}
	for _, s := range []string{"1C", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"} {
		c, err := cards.ParseCall(s)
		require.NoError(t, err)
		g.Auction.Calls = append(g.Auction.Calls, AuctionCall{Call: c})
	}
	p, err := PlayFromOrder(cards.North, cards.NoTrump, []PlayedCard{
		{cards.North, cards.MustCard("H4")}, {cards.East, cards.MustCard("H2")},
		{cards.South, cards.MustCard("HQ")}, {cards.West, cards.MustCard("HA")},
		{cards.West, cards.MustCard("C2")},
	}, true)
	require.NoError(t, err)
	g.Play = p
	g.Comments = []Comment{{Text: "declarer claims", Pos: Position{After: "Play", Index: 8}}}
	out := roundTrip(t, []Game{g})
	assert.Equal(t, `% PBN 2.1
% EXPORT
[Event "?"]
[Site "?"]
[Date "?"]
[Board "?"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "W"]
[Vulnerable "?"]
[Deal "?"]
[Scoring "?"]
[Declarer "?"]
[Contract "3NT"]
[Result "?"]
[Auction "W"]
1C Pass 1NT Pass
3NT Pass Pass Pass
[Play "N"]
H4 H2 HQ HA
- - - C2 {declarer claims}
*
`, out)
}
