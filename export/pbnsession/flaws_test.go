package pbnsession

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections/game"
)

const flawsFile = "testdata/flaws.pbn"

// The flaws of real files (testdata/README.md), one a record: what is
// true is kept, what is not is said with its line, nothing is dropped
// silently, and every result is scored as its tags give it.
func TestFlawsKeepWhatIsTrue(t *testing.T) {
	im := importText(t, readFile(t, flawsFile))
	res := im.res
	var msgs []string
	for _, w := range res.Warnings {
		msgs = append(msgs, w.String())
	}
	assert.Equal(t, []string{
		"line 18: board 1: the auction makes North declarer; Declarer says East; recorded as the Contract and Declarer give it (3NT by E), with the auction as given",
		"line 87: board 4: call 3: 1C: insufficient: 1C does not overcall 1NT (Law 18); recorded as the Contract and Declarer give it (2S by N), with the auction as given",
		"line 111: board 5: S3: W must follow suit to the diamonds led (holds D3 D2) (Law 44); recorded as the renounce it was (a revoke unless it was corrected)",
		`line 118: Board "0" is not a board (boards are numbered from 1); the deal is recorded without a board number, as hand 6 of the session`,
		"line 132: board 0: Score says NS 600, the hand scores NS 400",
		`line 139: the name of North "Ann\x1b]0;pwned\a" holds control characters; kept as "Ann]0;pwned"`,
		"line 163: board 8: KT8.A96.A95.754: seat N is dealt 12 cards; each hand has 13; the hands are recorded as unknown",
		"line 202: board 10 has no auction and no contract: not played at this table, or not recorded; skipped",
		"line 235: board 11: call 3 is not known (-); recorded as the Contract and Declarer give it (3D by E), with the auction as given",
		"line 256: board 12: Score says NS 400, the hand scores NS 630",
	}, msgs)
	assert.Equal(t, 1, res.Skipped)
	require.Len(t, im.folds, 2, "North's cleaned name makes another table")
	s := im.folds[0]
	assert.Equal(t, "World Championship, final, table 1, open room", s.Opened.Name)
	assert.Equal(t, "Ann]0;pwned", im.folds[1].Opened.Players[cards.North])
	require.Len(t, s.Hands, 10)
	byBoard := map[int]*game.Hand{}
	for _, h := range s.Hands {
		byBoard[h.Board] = h
	}
	boards := map[int]game.Board{}
	for _, b := range s.Score().Boards {
		boards[b.Board] = b
	}

	// Board 1: the contract, the play and the result are East's, as the
	// tags and the play say; the auction is kept as given, and why it
	// could not be this contract's.
	h := byBoard[1]
	assert.Equal(t, game.Contract{Level: 3, Strain: cards.NoTrump, Declarer: cards.East}, *h.Contract)
	require.NotNil(t, h.Given)
	assert.Len(t, h.Given.Calls, 10)
	assert.Equal(t, "the auction makes North declarer; Declarer says East (line 18)", h.Given.Inconsistent)
	assert.Empty(t, h.Calls)
	assert.Len(t, build.Played(h), 12)
	require.NotNil(t, h.Claim)
	assert.Equal(t, 9, h.Won[cards.EW])
	assert.Equal(t, -400, boards[1].NS, "scored as the tags give it")

	// Board 2: a result-only hand, doubled and down one, vulnerable.
	h = byBoard[2]
	assert.Nil(t, h.Given)
	require.NotNil(t, h.Result)
	assert.Equal(t, game.Contract{Level: 4, Strain: cards.StrainHearts, Doubled: 1, Declarer: cards.North}, *h.Contract)
	assert.Equal(t, []int{9, 4}, h.Won)
	assert.Equal(t, -200, boards[2].NS)

	// Board 3: [Contract "Pass"]: passed out.
	h = byBoard[3]
	assert.Nil(t, h.Contract)
	assert.Equal(t, game.PhaseDone, h.Phase)
	assert.Equal(t, 0, boards[3].NS)

	// Board 4: an insufficient bid: the contract of the tags, the result
	// given.
	h = byBoard[4]
	assert.Contains(t, h.Given.Inconsistent, "insufficient")
	assert.Equal(t, []int{8, 5}, h.Won)
	assert.Equal(t, 110, boards[4].NS)

	// Board 5: West's renounce is recorded as what it was: the trick is
	// played out, and the claim of the rest gives the Result with the
	// revoke's tricks transferred (Law 64), so North won 7 in play.
	h = byBoard[5]
	assert.Len(t, build.Played(h), 4)
	require.Len(t, h.Revokes(), 1)
	assert.Equal(t, 7, h.Won[cards.NS])
	assert.Equal(t, 120, boards[5].NS)

	// Board "0": the sixth hand, dealt as no board; the tag is kept.
	h = s.Hands[5]
	assert.Equal(t, 0, h.Board)
	assert.Equal(t, "0", keptValue(s.Kept[h.DealID], "Board"))

	// Board 8: the Deal cannot be read: the hands are unknown, the result
	// stands.
	h = byBoard[8]
	assert.Equal(t, []cards.Set{0, 0, 0, 0}, h.Dealt)
	assert.Equal(t, 420, boards[8].NS)

	// Board 9: the tags of another program, and the table, kept.
	k := s.Kept[byBoard[9].DealID]
	assert.Equal(t, `C:\scores\"final".pbn`, keptValue(k, "MyClubPath"))
	assert.Equal(t, "NS 3", keptValue(k, "ScoreIMP"))
	for _, tg := range k.Tags {
		if tg.Name == "OptimumResultTable" {
			assert.Equal(t, `Declarer;Denomination\2R;Result\2R`, tg.Value)
			assert.Equal(t, []string{"N NT 7", "S NT 7", "E NT 6", "W NT 6"}, tg.Section)
		}
	}

	// Board 11: the calls known before the unknown one, as given.
	h = byBoard[11]
	assert.Equal(t, []cards.Call{cards.PassCall, cards.NewBid(1, cards.StrainDiamonds)}, h.Given.Calls)
	assert.Equal(t, game.Contract{Level: 3, Strain: cards.StrainDiamonds, Declarer: cards.East}, *h.Contract)

	// Written back, every tag as the standard writes strings, and read
	// again: the same hands.
	out := im.export(t)
	// A backslash is doubled only where it would read as an escape
	// (issue 28): "\s" stands for itself, "\\\"" is a backslash and a quote.
	assert.Contains(t, string(out), `[MyClubPath "C:\scores\\\"final\".pbn"]`)
	assert.Contains(t, string(out), `[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]`+"\nN NT 7\nS NT 7\nE NT 6\nW NT 6\n")
	assert.Contains(t, string(out), "[North \"Ann]0;pwned\"]")
	again := importText(t, out)
	assert.Equal(t, summaries(im), summaries(again))
}

func keptValue(k *table.TagsKept, name string) string {
	if k == nil {
		return ""
	}
	for _, t := range k.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// --strict refuses the file at its first flaw, as imports did.
func TestFlawsRefusedWhenStrict(t *testing.T) {
	_, err := Read(bytes.NewReader(readFile(t, flawsFile)), Options{Now: clock, Strict: true})
	require.Error(t, err)
	var ie *Error
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, 18, ie.Line)
	assert.Contains(t, err.Error(), "the auction makes North declarer; Declarer says East")

	// A file whose first flaw is a card the laws refuse.
	text := string(readFile(t, flawsFile))
	records := strings.Split(text, "\n\n")
	var fifth string
	for _, r := range records {
		if strings.Contains(r, `[Board "5"]`) {
			fifth = r
		}
	}
	// West's renounce is what happened, not a flaw: even Strict records
	// it, with its warning.
	im, err := Read(strings.NewReader(fifth), Options{Now: clock, Strict: true})
	require.NoError(t, err)
	require.Len(t, im.Warnings, 1)
	assert.Contains(t, im.Warnings[0].Msg, "recorded as the renounce it was")
	// West playing South's ace is a slip of the file's: refused.
	fifth = strings.Replace(fifth, "D4 DJ S3 DA", "D4 DJ SA DA", 1)
	_, err = Read(strings.NewReader(fifth), Options{Now: clock, Strict: true})
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, game.ErrIllegal)
	games, err := pbn.Parse(strings.NewReader(fifth))
	require.NoError(t, err)
	assert.Equal(t, games[0].Play.Tricks[0][2].Line, ie.Line)
}

// An Auction section that begins with another seat than the dealer is
// kept as the file gave it, from that seat: exported, it begins there
// again, and it is not read back as a lawful auction from the dealer.
func TestGivenAuctionKeepsItsFirstSeat(t *testing.T) {
	const record = `[Board "1"]
[Dealer "S"]
[Vulnerable "None"]
[Contract "1NT"]
[Declarer "E"]
[Result "7"]
[Auction "E"]
1NT Pass Pass Pass
`
	im := importText(t, []byte(record))
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].String(), "with the auction as given")
	require.Len(t, im.folds, 1)
	h := im.folds[0].Hands[0]
	require.NotNil(t, h.Given)
	assert.Equal(t, cards.East, h.Given.First)
	assert.Len(t, h.Given.Calls, 4)

	out := im.export(t)
	assert.Contains(t, string(out), "[Auction \"E\"]\n1NT Pass Pass Pass")
	back := importText(t, out)
	require.Len(t, back.folds, 1)
	require.NotNil(t, back.folds[0].Hands[0].Given, "still an auction given, not the auction")
	assert.Equal(t, cards.East, back.folds[0].Hands[0].Given.First)
	assert.Empty(t, back.folds[0].Hands[0].Calls)
	assert.Equal(t, im.folds[0].Score(), back.folds[0].Score())
}
