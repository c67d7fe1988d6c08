package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/dd/ddlist"
)

// sessionID matches a session's ID in what hoyle prints, which is random.
var sessionID = regexp.MustCompile(`\b01[0-9A-HJKMNP-TV-Z]{24}\b`)

// ddTranscript runs each command and returns what it printed, the session's
// ID replaced.
func ddTranscript(t *testing.T, db string, commands ...[]string) string {
	t.Helper()
	var b strings.Builder
	for _, args := range commands {
		out := sessionID.ReplaceAllString(ok(t, db, args...), "(session)")
		fmt.Fprintf(&b, "$ hoyle %s\n%s\n", strings.Join(args, " "), out)
	}
	return b.String()
}

// hoyle dd on recorded hands: the table, par and the play, for people and
// as JSON; a moment in the play follows it to there. Auction Bridge's
// demo, and a hand of whist, which the solver counts by side: simulated,
// from a seed whose play it traces in a tenth of a second (the whist
// script's first hand takes it a second or more).
//
//	go test ./cmd/hoyle -run TestDDGoldens -update
func TestDDGoldens(t *testing.T) {
	t.Parallel()
	demo := filepath.Join(t.TempDir(), "demo.db")
	script(t, demo, "demo")
	golden(t, filepath.Join("dd", "demo.golden"), ddTranscript(t, demo,
		[]string{"dd"}, []string{"dd", "--at", "1.5.2"}, []string{"dd", "--json", "--at", "1"}, []string{"dd", "--at", "1.a4"}))

	whist := filepath.Join(t.TempDir(), "whist.db")
	ok(t, whist, "simulate", "--game", "whist", "--hands", "1", "--seed", "4")
	golden(t, filepath.Join("dd", "whist.golden"), ddTranscript(t, whist,
		[]string{"dd", "--at", "1"}, []string{"dd", "--json", "--at", "1.3"}))
}

// ddsPar turns DDS's par contracts ("EW 2Nx,EW 3Cx", "W 45N") into hoyle
// dd's ("2NTX EW", "3CX EW"; "4NT W", "5NT W").
func ddsPar(t *testing.T, s string) []string {
	t.Helper()
	out := []string{}
	if s == "" {
		return out
	}
	for _, c := range strings.Split(s, ",") {
		by, k, ok := strings.Cut(c, " ")
		require.True(t, ok, c)
		doubled := strings.HasSuffix(k, "x")
		k = strings.TrimSuffix(k, "x")
		strain := k[len(k)-1:]
		if strain == "N" {
			strain = "NT"
		}
		for _, l := range k[:len(k)-1] {
			text := string(l) + strain
			if doubled {
				text += "X"
			}
			out = append(out, text+" "+by)
		}
	}
	return out
}

// list100PBN writes deals of DDS's list as a PBN file: each with its
// board number (its place in the list, from 1), vulnerability and deal.
func list100PBN(deals []ddlist.Deal) string {
	var b strings.Builder
	for _, d := range deals {
		fmt.Fprintf(&b, "[Board \"%d\"]\n[Dealer \"%s\"]\n[Vulnerable \"%s\"]\n[Deal \"%s\"]\n\n", d.Number+1, d.Dealer, d.Vul.PBN(), d.Deal.PBN(d.Dealer))
	}
	return b.String()
}

// hoyle dd --file on deals of DDS's list100: each line's table is DDS's
// TABLE and its par DDS's PAR, at the deal's vulnerability. Three deals by
// default, of the quickest to solve that show each kind of par (a part
// score at three levels, nobody vulnerable; two doubled sacrifices, and
// two strains at two levels each, East-West vulnerable); DD_LIST100=all
// (.ci/run) for the hundred. The solver's table, par and trace of every
// deal are projections/dd's TestList100Table, TestList100Par and
// TestList100Trace: this is the command's reading of the file and its
// lines.
func TestDDFileIsDDSList100(t *testing.T) {
	t.Parallel()
	all, err := ddlist.Load()
	require.NoError(t, err)
	deals := []ddlist.Deal{all[18], all[17], all[27]}
	if os.Getenv("DD_LIST100") == "all" {
		deals = all
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "list100.pbn")
	require.NoError(t, os.WriteFile(file, []byte(list100PBN(deals)), 0o644))
	out := ok(t, filepath.Join(dir, "none.db"), "dd", "--file", file)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(deals))
	for i, line := range lines {
		d := deals[i]
		var v struct {
			Board int                       `json:"board"`
			Deal  string                    `json:"deal"`
			Table map[string]map[string]int `json:"table"`
			Par   struct {
				NS        int             `json:"ns"`
				Contracts []string        `json:"contracts"`
				EWFirst   json.RawMessage `json:"ew_first"`
			} `json:"par"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &v), line)
		assert.Equal(t, d.Number+1, v.Board)
		assert.Equal(t, d.Deal.PBN(cards.North), v.Deal)
		var table [20]int
		for si, s := range dd.Strains {
			for seat := cards.North; seat <= cards.West; seat++ {
				table[4*si+int(seat)] = v.Table[seat.String()][s.String()]
			}
		}
		assert.Equal(t, d.Table, table, "deal %d: TABLE", d.Number)
		ns, err := strconv.Atoi(strings.TrimPrefix(d.Par[0], "NS "))
		require.NoError(t, err)
		assert.Equal(t, ns, v.Par.NS, "deal %d: PAR %q", d.Number, d.Par[0])
		assert.Equal(t, ddsPar(t, strings.TrimPrefix(d.Par[2], "NS:")), v.Par.Contracts, "deal %d: PAR %q", d.Number, d.Par[2])
		if d.Par[2][3:] == d.Par[3][3:] && d.Par[1] == fmt.Sprintf("EW %d", -ns) {
			assert.Empty(t, v.Par.EWFirst, "deal %d: the same par whoever bids first", d.Number)
		}
	}
	if len(deals) == 3 {
		golden(t, filepath.Join("dd", "list100-file.golden"), out)
	}
}

// hoyle dd --deal: the table and par of a bare deal, nobody vulnerable;
// list100's 16th deal (played with nobody vulnerable in the list; a grand
// slam sacrificed against, the quickest of the list's first forty to
// solve).
func TestDDDeal(t *testing.T) {
	all, err := ddlist.Load()
	require.NoError(t, err)
	d := all[15]
	require.Equal(t, cards.VulNone, d.Vul)
	db := filepath.Join(t.TempDir(), "none.db")
	text := ok(t, db, "dd", "--deal", d.Deal.PBN(cards.West))
	assert.Equal(t, d.Deal.PBN(cards.North)+`

Declarer     ♠   ♥   ♦   ♣  NT
North       12  10   5   3   6
East         1   2   7  10   1
South       11  10   5   3   6
West         1   2   7  10   1

Par by duplicate scoring, neither side vulnerable: NS 500 (7♣X by EW, 3 down)
`, text)
	require.Equal(t, [20]int{12, 1, 11, 1, 10, 2, 10, 2, 5, 7, 5, 7, 3, 10, 3, 10, 6, 1, 6, 1}, d.Table, "the table above is DDS's TABLE")
	require.Equal(t, [4]string{"NS 500", "EW -500", "NS:EW 7Cx", "EW:EW 7Cx"}, d.Par)
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "dd", "--deal", d.Deal.PBN(cards.North), "--json")), &v))
	assert.Equal(t, map[string]any{"ns": 500.0, "contracts": []any{"7CX EW"}}, v["par"])
	assert.Equal(t, "None", v["vulnerable"])
}

// recordList100 records a deal of DDS's list through the command line: its
// declarer (on the opening leader's right) bids one of the play's strain
// after passes from the dealer, and the play is the list's PLAY.
func recordList100(t *testing.T, db string, d ddlist.Deal) {
	t.Helper()
	ok(t, db, "new", "--game", "contract", "--dealer", d.Dealer.String())
	ok(t, db, "deal", "--pbn", d.Deal.PBN(d.Dealer))
	declarer := d.Leader.Plus(3, 4)
	var calls []string
	for s := d.Dealer; s != declarer; s = s.Plus(1, 4) {
		calls = append(calls, "P")
	}
	calls = append(calls, "1"+d.Strain.String(), "P", "P", "P")
	ok(t, db, append([]string{"call"}, calls...)...)
	for i := 0; i < len(d.Play); i += 4 {
		args := []string{"play"}
		for _, c := range d.Play[i:min(i+4, len(d.Play))] {
			args = append(args, c.String())
		}
		ok(t, db, args...)
	}
}

// A deal of DDS's list recorded and played through the command line: hoyle
// dd's trace is DDS's TRACE line, and replay and show --at give each card
// the cost the line's steps say, for the side that played it. go test
// plays deal 6 (spades; two cards cost a trick), the quickest to solve of
// the list's first thirty played out with two costly cards or more
// (0.1 s; deal 2 1.3 s, deals 4 and 12 0.5 s); HOYLE_FULL=1 also
// deal 2 (notrump, a card of each side costly), which takes ten times as
// long. The solver's traces of the list are projections/dd's
// TestList100Trace.
func TestEachCardsCostIsDDSTrace(t *testing.T) {
	all, err := ddlist.Load()
	require.NoError(t, err)
	deals := []ddlist.Deal{all[5]}
	if testkit.Rounds(0, 1) == 1 {
		deals = append(deals, all[1])
	}
	for _, d := range deals {
		t.Run(fmt.Sprintf("deal %d", d.Number+1), func(t *testing.T) { eachCardsCost(t, d) })
	}
}

// eachCardsCost is TestEachCardsCostIsDDSTrace on the deal d.
func eachCardsCost(t *testing.T, d ddlist.Deal) {
	db := filepath.Join(t.TempDir(), "l.db")
	recordList100(t, db, d)
	side := d.Leader.Plus(3, 4).Partnership()
	require.Len(t, d.Trace, 49)
	// cost[k] is what card k (from 0) cost the side that played it, by
	// DDS's trace; seat[k] who played it.
	var cost []int
	var seat []cards.Seat
	leader, trick := d.Leader, []cards.Card{}
	for k := 0; k < 48; k++ {
		s := leader.Plus(len(trick), 4)
		c := d.Trace[k] - d.Trace[k+1]
		if s.Partnership() != side {
			c = -c
		}
		cost, seat = append(cost, c), append(seat, s)
		trick = append(trick, d.Play[k])
		if len(trick) == 4 {
			leader = leader.Plus(trickWinner(trick, d.Strain), 4)
			trick = trick[:0]
		}
	}
	costly := 0
	for _, c := range cost {
		if c > 0 {
			costly++
		}
	}
	require.GreaterOrEqual(t, costly, 2, "the deal has costly cards to show")

	// hoyle dd --json: the trace and the costly cards.
	var v struct {
		Table map[string]map[string]int `json:"table"`
		Play  struct {
			Side   string `json:"side"`
			Trace  []int  `json:"trace"`
			Costly []struct {
				Seat string `json:"seat"`
				Card string `json:"card"`
				Cost int    `json:"cost"`
			} `json:"costly"`
		} `json:"play"`
	}
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "dd", "--json", "--at", "1")), &v))
	assert.Equal(t, side.String(), v.Play.Side)
	require.Len(t, v.Play.Trace, 53)
	assert.Equal(t, d.Trace, v.Play.Trace[:49], "DDS's TRACE, card by card")
	var want []string
	for k, c := range cost {
		if c > 0 {
			want = append(want, fmt.Sprintf("%s %s %d", seat[k], d.Play[k], c))
		}
	}
	var got []string
	for _, c := range v.Play.Costly {
		got = append(got, fmt.Sprintf("%s %s %d", c.Seat, c.Card, c.Cost))
	}
	assert.Equal(t, want, got[:len(want)], "the costly cards of the 48 DDS traces")

	// replay: each card's line, with its value and cost.
	lines := strings.Split(ok(t, db, "replay", "--hand", "1"), "\n")
	cardLine := regexp.MustCompile(`^1\.\d+(\.\d)? +([NESW]) (\S+)(: trick .*)? · dd (NS|EW) (\d+)( · cost (\d+) tricks?)?$`)
	k := 0
	for _, l := range lines {
		m := cardLine.FindStringSubmatch(l)
		if m == nil || k >= 48 {
			continue
		}
		assert.Equal(t, seat[k].String(), m[2], l)
		assert.Equal(t, side.String(), m[5], l)
		assert.Equal(t, strconv.Itoa(d.Trace[k+1]), m[6], "card %d: %s", k+1, l)
		if cost[k] > 0 {
			assert.Equal(t, strconv.Itoa(cost[k]), m[8], "card %d costs %d: %s", k+1, cost[k], l)
		} else {
			assert.Empty(t, m[7], "card %d costs nothing: %s", k+1, l)
		}
		k++
	}
	assert.Equal(t, 48, k, "every card of the trace has its line")

	// show --at the end of trick 12 (48 cards): the marks in the play
	// table, and the position's value.
	md := ok(t, db, "show", "--at", "1.12")
	assert.Contains(t, md, fmt.Sprintf("Double dummy: %s take %d tricks in all with best play from here (those won included).", side, d.Trace[48]))
	row := regexp.MustCompile(`(?m)^\| (\d+) \| (.*) \| [NESW] \| \d+ \| \d+ \|$`)
	k = 0
	for _, m := range row.FindAllStringSubmatch(md, -1) {
		for _, cell := range strings.Split(m[2], " | ") {
			cell = strings.ReplaceAll(cell, "**", "")
			mark := ""
			if cost[k] > 0 {
				mark = fmt.Sprintf(" [−%d]", cost[k])
			}
			c := d.Play[k]
			assert.Equal(t, fmt.Sprintf("%s %s%s", seat[k], cardSymbol(c), mark), cell, "card %d", k+1)
			k++
		}
	}
	assert.Equal(t, 48, k, "twelve tricks shown")
	for _, want := range []string{
		fmt.Sprintf("| North | %d | %d | %d | %d | %d |", d.Table[0], d.Table[4], d.Table[8], d.Table[12], d.Table[16]),
		fmt.Sprintf("| West | %d | %d | %d | %d | %d |", d.Table[3], d.Table[7], d.Table[11], d.Table[15], d.Table[19]),
	} {
		assert.Contains(t, md, want, "DDS's TABLE under the diagram")
	}
}

// cardSymbol writes a card as the write-up does: "♥10".
func cardSymbol(c cards.Card) string { return c.Suit().Symbol() + c.Rank().Display() }

// trickWinner is the place in a complete trick of the card that wins it.
func trickWinner(trick []cards.Card, strain cards.Strain) int {
	trump, hasTrump := strain.Trump()
	best := 0
	for k := 1; k < len(trick); k++ {
		c, b := trick[k], trick[best]
		if c.Suit() == b.Suit() && c.Rank() > b.Rank() || hasTrump && c.Suit() == trump && b.Suit() != trump {
			best = k
		}
	}
	return best
}

// --no-dd removes every part of the analysis from show, export and the
// page, and from replay; the rest is as it was.
func TestNoDDLeavesTheAnalysisOut(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "demo.db")
	script(t, db, "demo")
	for _, args := range [][]string{{"show"}, {"show", "--at", "1.8"}, {"export", "--dd"}, {"export", "--format", "html"}, {"replay"}, {"replay", "--at", "1.a14"}} {
		with := ok(t, db, args...)
		without := ok(t, db, append(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--dd" }), "--no-dd")...)
		assert.Contains(t, with, "ouble dummy", "%v", args)
		for _, part := range []string{"ouble dummy", "Par ", "[−", "· dd ", "cost "} {
			assert.NotContains(t, without, part, "%v --no-dd", args)
		}
		assert.Less(t, len(without), len(with))
	}
	assert.Equal(t, writeUp(t, "demo"), ok(t, db, "export", "--dd"), "--dd puts the analysis in the write-up")
	// A write-up is for readers: without --dd it has none; the viewer,
	// a review view, keeps it; --dd with --no-dd is refused.
	plain := ok(t, db, "export")
	for _, part := range []string{"ouble dummy", "[−", "cost "} {
		assert.NotContains(t, plain, part, "export without --dd")
	}
	assert.Contains(t, ok(t, db, "export", "--format", "html"), `"dd":"dd EW `, "the viewer gives each card's value")
	r := hoyle(t, db, "export", "--dd", "--no-dd")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "give one of them")
}
