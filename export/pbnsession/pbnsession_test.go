package pbnsession

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

const (
	realFile = "../pbn/testdata/realbridge-2021-teams.pbn"
	edgeFile = "../pbn/testdata/edge.pbn"
)

// clock is the fixed clock of the tests: records without a complete Date
// are dated by it.
func clock() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// imported is a file imported into a fresh store: the result and each
// session's fold and log.
type imported struct {
	res   *Result
	folds []*projections.Session
	envs  [][]events.Envelope
}

func importText(t *testing.T, text []byte) imported {
	t.Helper()
	res, err := Read(bytes.NewReader(text), Options{Now: clock})
	require.NoError(t, err)
	im := imported{res: res}
	im.folds, im.envs = exporttest.Load(t, res)
	return im
}

// The real file imported once for the test binary: four tests read it
// and none changes it (each imported its thirty tables anew).
var (
	realMu       sync.Mutex
	realImported *imported
)

// importReal is importText of realFile, imported once for the binary.
func importReal(t *testing.T) imported {
	t.Helper()
	realMu.Lock()
	defer realMu.Unlock()
	if realImported == nil {
		im := importText(t, readFile(t, realFile))
		realImported = &im
	}
	return *realImported
}

// export writes every session of an import as one PBN file.
func (im imported) export(t *testing.T) []byte {
	t.Helper()
	var all []pbn.Game
	for i, s := range im.folds {
		games, err := Export(s, im.envs[i], ExportOptions{})
		require.NoError(t, err)
		all = append(all, games...)
	}
	var b bytes.Buffer
	require.NoError(t, pbn.Write(&b, all))
	return b.Bytes()
}

func summaries(im imported) []string {
	var out []string
	for _, s := range im.folds {
		out = append(out, exporttest.Summary(s, exporttest.Options{}))
	}
	return out
}

func TestRealFileImportsCompletely(t *testing.T) {
	text := readFile(t, realFile)
	games, err := pbn.Parse(bytes.NewReader(text))
	require.NoError(t, err)
	im := importReal(t)
	res := im.res

	// Twenty records have no auction and [Contract "Pass"]: boards passed
	// out (result-only hands), none dropped; nothing is warned about
	// (every Contract, Declarer, Result and Score agrees with what the laws
	// made of the record).
	assert.Equal(t, 0, res.Skipped)
	assert.Empty(t, res.Warnings)
	// One session for each table: 30 tables.
	require.Len(t, res.Sessions, 30)
	hands := 0
	for i, s := range im.folds {
		hands += len(s.Hands)
		assert.True(t, exporttest.Done(s), s.Opened.Name)
		assert.Equal(t, "contract", s.Opened.Ruleset)
		assert.Equal(t, contract.ScoringDuplicate, s.Opts["scoring"])
		assert.Equal(t, []string{"North player", "East player", "South player", "West player"}, s.Opened.Players)
		assert.True(t, strings.HasPrefix(s.Opened.Name, "2021 Online Qual: Open R2, table "), s.Opened.Name)
		assert.Equal(t, res.Sessions[i].Hands, len(s.Hands))
		// Dated from the file.
		assert.Equal(t, "2021-08-23", im.envs[i][0].At.Format("2006-01-02"))
		// The records it holds, by their fingerprints.
		require.Len(t, s.Sources, 1)
		assert.Equal(t, res.Sessions[i].Fingerprints(), s.Sources[0].Records)
		assert.Len(t, s.Sources[0].Records, len(s.Hands))
		for _, r := range res.Sessions[i].Records {
			assert.Equal(t, "2021 Online Qual: Open R2", r.Origin.Event)
			assert.NotEmpty(t, r.Origin.Table)
			assert.NotEmpty(t, r.Origin.HomeTeam)
		}
	}
	assert.Equal(t, 299, hands)

	// Every record against what hoyle recorded for it: the hand of its
	// table and board.
	type key struct{ table, board string }
	byKey := map[key]*game.Hand{}
	sheets := map[key]game.Board{}
	for _, s := range im.folds {
		tbl := strings.TrimPrefix(s.Opened.Name, "2021 Online Qual: Open R2, table ")
		sheet := s.Score()
		for _, h := range s.Hands {
			byKey[key{tbl, strconv.Itoa(h.Board)}] = h
		}
		for _, b := range sheet.Boards {
			sheets[key{tbl, strconv.Itoa(b.Board)}] = b
		}
	}
	var scored, withPlay, claims, noteRefs int
	var passedOut int
	for i := range games {
		g := &games[i]
		table, _ := g.Tag("Table")
		board, _ := g.Tag("Board")
		ctx := "record at line " + strconv.Itoa(g.Line)
		h := byKey[key{table, board}]
		require.NotNil(t, h, ctx)
		require.Equal(t, game.PhaseDone, h.Phase, ctx)
		d, _, err := g.Deal()
		require.NoError(t, err)
		assert.Equal(t, []cards.Set(d), h.Dealt, ctx)
		if g.Auction == nil {
			// [Contract "Pass"] and nothing else: passed out.
			passedOut++
			assert.Nil(t, h.Contract, ctx)
			assert.Empty(t, h.Calls, ctx)
			assert.Equal(t, 0, sheets[key{table, board}].NS, ctx)
			continue
		}
		assert.Len(t, h.Calls, len(g.Auction.Calls), ctx)
		for _, c := range g.Auction.Calls {
			if c.Note != 0 {
				noteRefs++
			}
		}
		c, err := g.Contract()
		require.NoError(t, err, ctx)
		if c.IsPass() {
			assert.Nil(t, h.Contract, ctx)
		} else {
			require.NotNil(t, h.Contract, ctx)
			assert.Equal(t, c, pbn.Contract{Level: h.Contract.Level, Strain: h.Contract.Strain, Doubled: h.Contract.Doubled}, ctx)
			decl, err := g.Declarer()
			require.NoError(t, err)
			assert.Equal(t, decl, h.Contract.Declarer, ctx)
		}
		// The tricks hoyle counts equal Result, whether the play was
		// played out or claimed.
		if g.Play != nil {
			withPlay++
			result, err := g.Result()
			require.NoError(t, err, ctx)
			assert.Equal(t, result, h.Won[h.DeclaringSide()], ctx)
			played, early, err := g.Play.Order(h.Contract.Strain)
			require.NoError(t, err)
			assert.Len(t, build.Played(h), len(played), ctx)
			if early {
				claims++
				require.NotNil(t, h.Claim, ctx)
			}
		}
		// The score hoyle computes equals the Score tag: the session's
		// score sheet, and Law 77's table applied to the record's own tags.
		if sc, err := g.Score(); err == nil {
			scored++
			require.Equal(t, cards.NS, sc.Side, ctx)
			assert.Equal(t, sc.Points, sheets[key{table, board}].NS, ctx)
			ns, ok := nsScore(contract.New(), game.Options{"scoring": contract.ScoringDuplicate}, h)
			require.True(t, ok)
			assert.Equal(t, sc.Points, ns, ctx)
			if !c.IsPass() {
				vul, err := g.Vulnerable()
				require.NoError(t, err)
				decl, _ := g.Declarer()
				result, _ := g.Result()
				pure := contract.DuplicateScore(contract.Contract{Level: c.Level, Strain: c.Strain, Doubled: c.Doubled},
					vul.Vulnerable(decl.Partnership()), result)
				if decl.Partnership() == cards.EW {
					pure = -pure
				}
				assert.Equal(t, sc.Points, pure, ctx)
			}
		}
	}
	assert.Equal(t, 279, scored)
	assert.Equal(t, 278, withPlay)
	assert.Equal(t, 214, claims)
	assert.Equal(t, 20, passedOut)

	// Every note reference became a note on its call.
	notes := 0
	for _, s := range im.folds {
		for _, n := range s.Notes {
			st, ok := s.StepOf(n.Target)
			require.True(t, ok)
			assert.Equal(t, "auction.call", st.Type)
			assert.NotEmpty(t, n.Text)
			notes++
		}
	}
	assert.Equal(t, noteRefs, notes)
	assert.Greater(t, notes, 400)
}

// The real order of play is rebuilt from the trick winners: in the first
// record with play (board 11, table 4), the second trick is led by
// dummy, who won the first.
func TestPlayInTheOrderPlayed(t *testing.T) {
	im := importReal(t)
	var h *game.Hand
	for _, s := range im.folds {
		if s.Opened.Name == "2021 Online Qual: Open R2, table 4" {
			h = s.Hands[0]
		}
	}
	require.NotNil(t, h)
	require.Equal(t, 11, h.Board)
	// [Play "E"] D4 DJ D3 D5 / S5 S2 S3 SK: East leads D4, South's DJ wins
	// (1NT by North); South leads S2 to the second trick.
	played := build.Played(h)
	assert.Equal(t, game.PlayedCard{Seat: cards.East, Card: cards.MustCard("D4"), ID: played[0].ID}, played[0])
	assert.Equal(t, cards.South, h.Tricks[0].Winner)
	assert.Equal(t, cards.South, h.Tricks[1].Leader)
	assert.Equal(t, cards.MustCard("S2"), played[4].Card)
	assert.Equal(t, cards.West, played[5].Seat)
	assert.Equal(t, cards.MustCard("S3"), played[5].Card)
	// The play stopped with West's H3 on the table; the claim gives the
	// declarer 8 tricks in all.
	require.NotNil(t, h.Claim)
	assert.Equal(t, cards.North, h.Claim.Seat)
	assert.Equal(t, 8, h.Won[cards.NS])
}

// Import, export, import: each session, exported as `hoyle export` writes
// it, imports as the same session; and its export is the same text again.
// The whole file's export imports as the same sessions too (they are told
// apart by their names).
func TestRoundTrips(t *testing.T) {
	for _, name := range []string{realFile, edgeFile, "testdata/rubber.pbn"} {
		t.Run(name, func(t *testing.T) {
			var first imported
			if name == realFile {
				first = importReal(t)
			} else {
				first = importText(t, readFile(t, name))
			}
			want := summaries(first)
			// Each session written alone and imported again: in the real
			// file's thirty tables of one event, a sample of six spread
			// from the first to the last (all thirty under HOYLE_FULL);
			// the whole file's round trip below still brings every one
			// back.
			for _, i := range spread(len(first.folds), testkit.Rounds(6, len(first.folds))) {
				s := first.folds[i]
				var out bytes.Buffer
				require.NoError(t, Write(&out, s, first.envs[i], ExportOptions{}))
				second := importText(t, out.Bytes())
				require.Len(t, second.folds, 1, s.Opened.Name)
				assert.Equal(t, want[i], summaries(second)[0])
				again := second.export(t)
				assert.Equal(t, out.String(), string(again), "writing is stable")
			}
			if name == realFile {
				out := first.export(t)
				second := importText(t, out)
				assert.Equal(t, want, summaries(second))
				assert.Equal(t, string(out), string(second.export(t)), "writing the whole file is stable")
			}
		})
	}
}

// spread is n indices of 0..size-1 spread evenly from the first to the
// last (all of them when n >= size).
func spread(size, n int) []int {
	n = min(max(n, 2), size)
	out := make([]int, n)
	for k := range out {
		if n > 1 {
			out[k] = k * (size - 1) / (n - 1)
		}
	}
	return out
}

// The export of the edge cases and of the rubber, as golden files (go test
// ./export/pbnsession -update rewrites them).
func TestGolden(t *testing.T) {
	for _, c := range []struct{ in, golden string }{
		{edgeFile, "testdata/edge.golden.pbn"},
		{"testdata/rubber.pbn", "testdata/rubber.golden.pbn"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			got := importText(t, readFile(t, c.in)).export(t)
			testkit.Golden(t, c.golden, string(got))
		})
	}
}

func TestEdgeCases(t *testing.T) {
	im := importText(t, readFile(t, edgeFile))
	require.Len(t, im.folds, 3)
	require.Len(t, im.res.Warnings, 2)
	// Board 4 leaves out the Site and Date board 3 gave: it continues it.
	assert.Equal(t, 77, im.res.Warnings[1].Line)
	assert.Contains(t, im.res.Warnings[1].Msg, "1 record left out tags the record before gave")
	assert.Equal(t, 84, im.res.Warnings[0].Line)
	assert.Contains(t, im.res.Warnings[0].Msg, "call 2 is not known (-)")
	assert.Contains(t, im.res.Warnings[0].Msg, "recorded as the Contract and Declarer give it (2H by N)")

	// Board 1: four spades redoubled, claimed after three tricks, with
	// notes everywhere.
	s := im.folds[0]
	assert.Equal(t, "Club night, open room", s.Opened.Name)
	assert.Equal(t, []string{"Bob", "Cat", "Dan", "Ann"}, s.Opened.Players)
	assert.Equal(t, contract.ScoringDuplicate, s.Opts["scoring"], "MP is duplicate scoring")
	h := s.Hands[0]
	assert.Equal(t, game.Contract{Level: 4, Strain: cards.StrainSpades, Doubled: 2, Declarer: cards.South}, *h.Contract)
	require.NotNil(t, h.Claim)
	assert.Equal(t, 7, h.Claim.Tricks)
	assert.Equal(t, 10, h.Won[cards.NS])
	require.Len(t, s.Score().Boards, 1)
	assert.Equal(t, 880, s.Score().Boards[0].NS)
	want := `note on session: "Before the first tag: a hand from a club night." "" ""
note on hand 1 deal: "the small room" "" ""
note on hand 1 deal: "A comment\nbetween tags, over\n\nfour lines, one of them empty" "" ""
note on hand 1 call 1: "could be short" "" ""
note on hand 1 call 1: "about note 1" "" ""
note on hand 1 call 3: "" "!" ""
note on hand 1 call 7: "" "!" ""
note on hand 1 call 8: "West doubles" "" ""
note on hand 1 call 9: "" "?" ""
note on hand 1 call 12: "the end" "" ""
note on hand 1 card 7: "North draws trumps" "" ""
note on hand 1 claim: "Dan claims the rest" "" ""
`
	sum := exporttest.Summary(s, exporttest.Options{})
	assert.Equal(t, want, sum[strings.Index(sum, "note on"):])

	// Board 2: passed out (AP), with the players inherited by "#".
	s = im.folds[1]
	assert.Equal(t, "Club night", s.Opened.Name)
	assert.Equal(t, []string{"Bob", "Cat", "Dan", "Ann"}, s.Opened.Players)
	h = s.Hands[0]
	assert.Equal(t, game.PhaseDone, h.Phase)
	assert.Nil(t, h.Contract)
	assert.Len(t, h.Calls, 4)
	assert.Equal(t, cards.VulNS, h.Vulnerable)

	// Board 3: no play, Result 9: claimed at the start of the play; tags
	// out of order; an incomplete Date dates it by the clock.
	s = im.folds[2]
	h = s.Hands[0]
	assert.Equal(t, "Spring pairs", s.Opened.Name)
	assert.Equal(t, 9, h.Won[cards.EW])
	assert.Equal(t, 9, h.Claim.Tricks)
	assert.Empty(t, build.Played(h))
	assert.Equal(t, clock(), im.envs[2][0].At)

	// Board 4: an unknown call ("-"): the contract is the one its
	// Contract and Declarer give (2H by North), with the calls known
	// before it as given; the play goes on to where the record stops
	// ("+": to be continued), in board 3's session (it leaves out the
	// Site and Date board 3 gave, and so continues it), with the
	// commentary on its last card.
	require.Len(t, s.Hands, 2)
	h = s.Hands[1]
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Empty(t, h.Calls)
	require.NotNil(t, h.Given)
	assert.Equal(t, []cards.Call{cards.NewBid(1, cards.StrainDiamonds)}, h.Given.Calls)
	assert.Contains(t, h.Given.Inconsistent, "call 2 is not known (-) (line 84)")
	assert.Equal(t, game.Contract{Level: 2, Strain: cards.StrainHearts, Declarer: cards.North}, *h.Contract)
	assert.Len(t, build.Played(h), 11)
	require.Len(t, s.Notes, 1)
	assert.Equal(t, "to be continued", s.Notes[0].Text)
}

// A record left unfinished at a table: the records after it at the same
// table open a new session, and the export writes "+" where it stopped.
func TestUnfinishedRecordSplitsTheSession(t *testing.T) {
	text := `[Event "E"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Auction "N"]
1NT Pass 3NT AP
[Play "E"]
D4 DJ D3 D5
- S2 +

[Event "E"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]
[Auction "E"]
AP

[Event "E"]
[Board "3"]
[Dealer "S"]
[Auction "S"]
1C
`
	im := importText(t, []byte(text))
	require.Len(t, im.folds, 2)
	assert.Equal(t, "E", im.folds[0].Opened.Name)
	assert.Equal(t, "E (2)", im.folds[1].Opened.Name)
	h := im.folds[0].Hands[0]
	assert.Equal(t, game.PhasePlay, h.Phase)
	assert.Len(t, build.Played(h), 5)
	assert.Len(t, im.folds[1].Hands, 2)
	// Board 3's deal was not given: the hands are unknown, the calls are
	// still judged for turn.
	assert.Equal(t, []cards.Set{0, 0, 0, 0}, im.folds[1].Hands[1].Dealt)
	assert.Equal(t, game.PhaseAuction, im.folds[1].Hands[1].Phase)

	out := string(im.export(t))
	assert.Contains(t, out, "- S2 + -\n", "the play is to be continued where West was to play")
	assert.Contains(t, out, "[Auction \"S\"]\n1C +\n")
	again := importText(t, []byte(out))
	assert.Equal(t, summaries(im), summaries(again))
}

// Under Strict, a file that breaks the laws, or cannot be read, is refused
// with the line of the offending token, and nothing is built (a file that
// cannot be read at all is refused whatever the mode).
func TestRefusals(t *testing.T) {
	header := "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96\"]\n"
	cases := []struct {
		name, text string
		line       int
		is         error
		says       string
	}{
		{"insufficient bid", header + "[Auction \"N\"]\n1NT 1C\n", 7, game.ErrIllegal, "1C"},
		{"out of turn", header + "[Auction \"E\"]\n1C\n", 7, game.ErrIllegal, "N's turn"},
		{"card not held", header + "[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nD4 DJ D3 D5\n- SK\n", 10, game.ErrIllegal, "does not hold"},
		{"wrong leader", header + "[Auction \"N\"]\n1NT AP\n[Play \"S\"]\nDJ - - -\n", 9, game.ErrIllegal, "turn"},
		{"impossible result", header + "[Result \"2\"]\n[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nD4 DJ D3 D5\nS5 S2 S3 SK\nSQ SA S4 ST\n*\n", 6, game.ErrIllegal, "Result 2"},
		{"bad deal", "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQ.AKQ\"]\n[Auction \"N\"]\nAP\n", 3, pbn.ErrBadValue, "Deal"},
		{"bad dealer", "[Board \"1\"]\n[Dealer \"Z\"]\n[Auction \"N\"]\nAP\n", 2, pbn.ErrBadValue, "Dealer"},
		{"play after a gap", header + "[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nD4 DJ D3 D5\nS5 - S3 SK\n", 10, pbn.ErrInvalid, ""},
		{"a card twice", header + "[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nD4 DJ D3 D5\nS5 S2 S3 SK\nD4 SA S4 ST\n", 11, pbn.ErrInvalid, "twice"},
		{"syntax", header + "[Auction \"N\"]\n1NT 8C\n", 7, pbn.ErrSyntax, "8C"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Read(strings.NewReader(c.text), Options{Now: clock, Strict: true})
			require.Error(t, err)
			assert.Nil(t, res)
			assert.ErrorIs(t, err, c.is)
			assert.Contains(t, err.Error(), c.says)
			var ie *Error
			var pe *pbn.ParseError
			switch {
			case errors.As(err, &ie):
				assert.Equal(t, c.line, ie.Line, err.Error())
				assert.Contains(t, err.Error(), "line "+strconv.Itoa(c.line))
			case errors.As(err, &pe):
				assert.Equal(t, c.line, pe.Line, err.Error())
			default:
				t.Fatalf("%v carries no line", err)
			}
		})
	}
	_, err := Read(strings.NewReader("[Event \"E\"]\n[Board \"1\"]\n"), Options{})
	assert.ErrorIs(t, err, ErrNothingToImport)
}

// Disagreements between the tags and what the laws made of a record are
// warnings: the contract is the one Contract and Declarer give (the
// result's), the auction kept as given; the Score is hoyle's.
func TestWarnings(t *testing.T) {
	text := `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Scoring "Whist"]
[Declarer "S"]
[Contract "2NT"]
[Result "8"]
[Auction "N"]
1NT $7 ^S AP
[Score "NS 90"]
`
	res, err := Read(strings.NewReader(text), Options{Now: clock})
	require.NoError(t, err)
	var msgs []string
	for _, w := range res.Warnings {
		msgs = append(msgs, w.String())
	}
	assert.Equal(t, []string{
		`line 5: Scoring "Whist" is not one hoyle knows; the board is scored as duplicate`,
		"line 10: board 1: glyph $7 has no place in hoyle's notes; dropped",
		"line 10: board 1: irregularity marks [^S] are not recorded",
		"line 7: board 1: the auction makes the contract 1NT; Contract says 2NT; recorded as the Contract and Declarer give it (2NT by S), with the auction as given",
		"line 11: board 1: Score says NS 90, the hand scores NS 120",
	}, msgs)
}

// Progress is told, after each record, how many bytes of the file are
// read, of its size.
func TestProgress(t *testing.T) {
	text := readFile(t, edgeFile)
	var seen []int
	_, err := Read(bytes.NewReader(text), Options{Now: clock, Size: int64(len(text)), Progress: func(done, total int) {
		assert.Equal(t, len(text), total)
		seen = append(seen, done)
	}})
	require.NoError(t, err)
	require.Len(t, seen, 4)
	assert.IsIncreasing(t, seen)
	assert.Equal(t, len(text), seen[3])
}

func TestExportOneHandAndRefusals(t *testing.T) {
	im := importText(t, readFile(t, "testdata/rubber.pbn"))
	s, envs := im.folds[0], im.envs[0]
	games, err := Export(s, envs, ExportOptions{Hand: 3})
	require.NoError(t, err)
	require.Len(t, games, 1)
	board, _ := games[0].Tag("Board")
	assert.Equal(t, "3", board)
	_, err = Export(s, envs, ExportOptions{Hand: 9})
	assert.ErrorIs(t, err, ErrNoHand)

	// Five Hundred is no game of PBN's: its seats are not the compass's
	// and its pack not 52 cards. (Whist is: tricks.go.)
	st := memstore.New()
	rec := recorder.New(st)
	id, err := rec.Open(context.Background(), projections.SessionSpec{Game: "five-hundred", PlayerList: []string{"A", "B", "C"}})
	require.NoError(t, err)
	fold, envs, err := load.Session(context.Background(), st, id)
	require.NoError(t, err)
	_, err = Export(fold, envs, ExportOptions{})
	assert.ErrorIs(t, err, build.ErrNotBridge)
}

// The rubber: vulnerability by games won, the score of each hand above
// and below the line, and the sheet before each deal.
func TestRubberScoreTags(t *testing.T) {
	im := importText(t, readFile(t, "testdata/rubber.pbn"))
	require.Len(t, im.folds, 1)
	s := im.folds[0]
	assert.Equal(t, contract.ScoringRubber, s.Opts["scoring"])
	games, err := Export(s, im.envs[0], ExportOptions{})
	require.NoError(t, err)
	require.Len(t, games, 4)
	tag := func(i int, name string) string {
		v, _ := games[i].Tag(name)
		return v
	}
	var vul, rubber, history []string
	for i := range games {
		vul = append(vul, tag(i, "Vulnerable"))
		rubber = append(rubber, tag(i, "ScoreRubber"))
		history = append(history, tag(i, "ScoreRubberHistory"))
	}
	assert.Equal(t, []string{"None", "NS", "NS", "None"}, vul)
	// 3NT+1: 100 below, 30 above, game. 2S-1 not vulnerable: 50 to NS.
	// 4S= vulnerable: 120 below, and the rubber in two games, 700.
	assert.Equal(t, []string{"NS 30/100 EW 0/0", "NS 50/0 EW 0/0", "NS 700/120 EW 0/0", "NS 0/0 EW 0/0"}, rubber)
	assert.Equal(t, []string{
		"NS 0 0/0 EW 0 0/0",
		"NS 0 30/100 0 EW 0 0/0 0",
		"NS 0 80/100 0 EW 0 0/0 0",
		"NS 780 0/0 EW 0 0/0",
	}, history)
	assert.Equal(t, "Rubber", tag(0, "Scoring"))
	assert.Equal(t, "NS 130", tag(0, "Score"))
	assert.Equal(t, "Sue", tag(0, "Annotator"), "the record's own, kept")
	assert.Equal(t, []projections.Note{{ID: s.Notes[0].ID, Target: s.Hands[1].Claim.ID, Version: s.Notes[0].Version, Text: "East goes one down"}}, s.Notes,
		"commentary after the end of play is on the claim")
}

// Chicago: the vulnerability of each of the four deals by its place (none,
// dealer's side, dealer's side, both); a passed-out deal does not count.
func TestChicago(t *testing.T) {
	text := strings.ReplaceAll(string(readFile(t, "testdata/rubber.pbn")), `[Scoring "Rubber"]`, `[Scoring "Chicago"]`)
	records := strings.Split(text, "\n\n")
	for i, v := range []string{"None", "EW", "NS", "All"} {
		records[i] = regexp.MustCompile(`\[Vulnerable "[A-Za-z]*"\]`).ReplaceAllString(records[i], `[Vulnerable "`+v+`"]`)
	}
	im := importText(t, []byte(strings.Join(records, "\n\n")))
	require.Len(t, im.folds, 1)
	s := im.folds[0]
	assert.Equal(t, contract.ScoringChicago, s.Opts["scoring"])
	games, err := Export(s, im.envs[0], ExportOptions{})
	require.NoError(t, err)
	var vul []string
	for _, g := range games {
		v, _ := g.Tag("Vulnerable")
		vul = append(vul, v)
		_, hist := g.Tag("ScoreRubberHistory")
		assert.False(t, hist, "the history is rubber bridge's")
	}
	assert.Equal(t, []string{"None", "EW", "NS", "All"}, vul)
	var out bytes.Buffer
	require.NoError(t, pbn.Write(&out, games))
	again := importText(t, out.Bytes())
	assert.Equal(t, summaries(im), summaries(again))
}
