package linsession

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

func clock() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

// Two boards of a vugraph file on one line (the open room), then a board
// of the closed room pasted from the hand viewer over several lines.
const file = "vg|Final,Seg 1,I,1,2,Blue,0,Red,0|pn|Ann,Bob,Cat,Dan|" +
	"qx|o1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|ah|Board 1|sv|o|" +
	"mb|1C!|an|could be short|mb|1D|mb|1S|mb|p|mb|2S|mb|p|mb|4S|mb|d|mb|r|mb|p|mb|p|mb|p|pg||" +
	"pc|D3|pc|DA|pc|D7|pc|D6|pg||pc|SK|nt|a trump at once|pc|S5|pc|S2|pc|S3|pg||mc|10|" +
	"qx|o2|md|4S2H653DQJT7CT9842,SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3|sv|n|ah|Board 2|mb|p|mb|p|mb|p|mb|p|\n" +
	"qx|c1|pn|Eve,Fay,Gil,Hal|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|ah|Board 1|sv|o|\n" +
	"mb|1N|mb|p|mb|2C|an|Stayman|mb|p|\n" +
	"mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|\n" +
	"pc|H2|pc|H4|pc|HQ|pc|HA|mc|9|\n"

type imported struct {
	res   *Result
	folds []*projections.Session
}

func importText(t *testing.T, text string) imported {
	t.Helper()
	res, err := Import(text, Options{Name: "final", Now: clock})
	require.NoError(t, err)
	im := imported{res: res}
	im.folds, _ = exporttest.Load(t, res)
	return im
}

func (im imported) export(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, s := range im.folds {
		var out bytes.Buffer
		require.NoError(t, Write(&out, s, ExportOptions{}))
		b.Write(out.Bytes())
	}
	return b.String()
}

func summaries(im imported, opt exporttest.Options) []string {
	var out []string
	for _, s := range im.folds {
		out = append(out, exporttest.Summary(s, opt))
	}
	return out
}

func TestImport(t *testing.T) {
	im := importText(t, file)
	require.Len(t, im.folds, 2)
	open, closed := im.folds[0], im.folds[1]
	assert.Equal(t, "Final, Seg 1, open room", open.Opened.Name, "named by vg|")
	assert.Equal(t, "Final, Seg 1, closed room", closed.Opened.Name)
	// Placed in the event by vg| and qx|, so that hoyle compare pairs the
	// rooms' boards.
	assert.Equal(t, projections.Placement{Event: "Final, Seg 1", Room: table.RoomOpen, HomeTeam: "Blue", VisitTeam: "Red"}, open.Placement())
	assert.Equal(t, projections.Placement{Event: "Final, Seg 1", Room: table.RoomClosed, HomeTeam: "Blue", VisitTeam: "Red"}, closed.Placement())
	assert.Equal(t, []string{"Cat", "Dan", "Ann", "Bob"}, open.Opened.Players, "pn| gives South, West, North, East")
	assert.Equal(t, []string{"Gil", "Hal", "Eve", "Fay"}, closed.Opened.Players)
	assert.Equal(t, contract.ScoringDuplicate, open.Opts["scoring"])
	require.Len(t, open.Hands, 2)

	// Board 1 in the open room: North deals, four spades redoubled,
	// three tricks played, then a claim of ten in all.
	h := open.Hands[0]
	assert.Equal(t, 1, h.Board)
	assert.Equal(t, cards.North, h.Dealer)
	assert.Equal(t, cards.VulNone, h.Vulnerable)
	assert.Equal(t, game.Contract{Level: 4, Strain: cards.StrainSpades, Doubled: 2, Declarer: cards.South}, *h.Contract)
	played := build.Played(h)
	require.Len(t, played, 8)
	assert.Equal(t, cards.West, played[0].Seat, "West leads against South")
	assert.Equal(t, cards.North, played[4].Seat, "dummy won the first trick with the ace")
	require.NotNil(t, h.Claim)
	assert.Equal(t, 10, h.Won[cards.NS])
	sum := exporttest.Summary(open, exporttest.Options{})
	assert.Contains(t, sum, `note on hand 1 call 1: "could be short" "" ""`)
	assert.Contains(t, sum, `note on hand 1 card 5: "a trump at once" "" ""`)

	// Board 2: passed out, North-South vulnerable, dealt by East.
	h = open.Hands[1]
	assert.Equal(t, cards.East, h.Dealer)
	assert.Equal(t, cards.VulNS, h.Vulnerable)
	assert.Nil(t, h.Contract)
	assert.Equal(t, game.PhaseDone, h.Phase)

	// The closed room: Stayman explained, a claim after one trick.
	h = closed.Hands[0]
	assert.Equal(t, game.Contract{Level: 3, Strain: cards.NoTrump, Declarer: cards.North}, *h.Contract)
	assert.Equal(t, 9, h.Won[cards.NS])
	assert.Contains(t, exporttest.Summary(closed, exporttest.Options{}), `note on hand 1 call 3: "Stayman" "" ""`)
}

func TestRoundTrip(t *testing.T) {
	first := importText(t, file)
	out := first.export(t)
	second := importText(t, out)
	// hoyle does not keep the room of a board, so the sessions come back
	// named without it.
	assert.Equal(t, summaries(first, exporttest.Options{NoName: true}), summaries(second, exporttest.Options{NoName: true}))
	assert.Equal(t, out, second.export(t), "writing is stable")
	assert.Contains(t, out, "pn|Ann,Bob,Cat,Dan|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,SQ5HKJ52DKQ874CT8|ah|Board 1|sv|o|mb|1C!|an|could be short|")
	assert.Contains(t, out, "pc|SK|nt|a trump at once|pc|S5|")
	assert.Contains(t, out, "|mc|10|\n")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		_, err := lin.Parse(line)
		require.NoError(t, err, "one record to a line")
	}
}

// PBN in, LIN out, LIN in: the same hands and notes (LIN has no session
// name of its own).
func TestFromPBN(t *testing.T) {
	f, err := os.Open("../pbn/testdata/realbridge-2021-teams.pbn")
	require.NoError(t, err)
	defer f.Close()
	res, err := pbnsession.Read(f, pbnsession.Options{Now: clock})
	require.NoError(t, err)
	st := memstore.New()
	_, err = st.Append(context.Background(), res.Batches()...)
	require.NoError(t, err)
	for _, s := range res.Sessions[:6] {
		fold, _, err := load.Session(context.Background(), st, s.ID)
		require.NoError(t, err)
		var out bytes.Buffer
		require.NoError(t, Write(&out, fold, ExportOptions{}))
		back := importText(t, out.String())
		require.Len(t, back.folds, 1)
		// PBN's notes keep the blank after "n:" (" 11-13"); LIN's
		// explanations are trimmed.
		opt := exporttest.Options{NoName: true, TrimNotes: true}
		assert.Equal(t, exporttest.Summary(fold, opt), exporttest.Summary(back.folds[0], opt))
	}
}

// The calls a PBN record gave against its contract, beginning at another
// seat than the dealer's, go through LIN (whose calls are from the dealer)
// and back with the seat they began from.
func TestGivenAuctionFromAnotherSeat(t *testing.T) {
	const record = "[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Contract \"1NT\"]\n[Declarer \"E\"]\n[Result \"7\"]\n[Auction \"E\"]\n1NT Pass Pass Pass\n"
	res, err := pbnsession.Read(strings.NewReader(record), pbnsession.Options{Now: clock})
	require.NoError(t, err)
	folds, _ := exporttest.Load(t, res)
	require.Len(t, folds, 1)
	var out bytes.Buffer
	require.NoError(t, Write(&out, folds[0], ExportOptions{}))
	assert.Contains(t, out.String(), "1NT E from E|")
	back := importText(t, out.String())
	require.Len(t, back.folds, 1)
	g := back.folds[0].Hands[0].Given
	require.NotNil(t, g, "the calls are still the calls as given")
	assert.Equal(t, cards.East, g.First)
	assert.Equal(t, folds[0].Hands[0].Given.Calls, g.Calls)
	assert.Equal(t, folds[0].Score(), back.folds[0].Score())
}

// Under Strict, a record the laws refuse, or that cannot be read, refuses
// the whole file, placed at its token.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name, text string
		line, tok  int
		key        string
		is         error
	}{
		{"card not held", "qx|o1|md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|\nmb|1N|mb|p|mb|p|mb|p|\npc|SA|", 3, 6, "pc", game.ErrIllegal},
		{"insufficient", "md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|mb|1N|mb|1C|", 1, 2, "mb", game.ErrIllegal},
		{"bad call", "md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|\n\nmb|9Z|", 3, 1, "mb", lin.ErrSyntax},
		{"bad pair in the second record", "md|3,,,|mb|p|mb|p|mb|p|mb|p|\nmd|3,,,|sv|q|", 2, 6, "sv", lin.ErrSyntax},
		{"claim over the top", "md|3SAJ92H874DJT6CAQ3,S7643HQT3D32CKJ96,SKT8HA96DA95C7542,|mb|1N|mb|p|mb|p|mb|p|pc|SQ|pc|S2|pc|S3|pc|S8|mc|13|", 1, 9, "mc", game.ErrIllegal},
		{"no dealer", "mb|p|", 1, 0, "mb", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Import(c.text, Options{Now: clock, Strict: true})
			require.Error(t, err)
			assert.Nil(t, res)
			var ie *Error
			require.True(t, errors.As(err, &ie), "%v", err)
			assert.Equal(t, c.line, ie.Line, err.Error())
			assert.Equal(t, c.tok, ie.Token, err.Error())
			assert.Equal(t, c.key, ie.Key, err.Error())
			if c.is != nil {
				assert.ErrorIs(t, err, c.is)
			}
		})
	}
	_, err := Import("  \n", Options{})
	assert.ErrorIs(t, err, ErrNothingToImport)
}

// A record that stops in its auction leaves the hand in progress; the next
// record opens a new session.
func TestUnfinished(t *testing.T) {
	im := importText(t, "md|3,,,|ah|Board 1|mb|1C|mb|p|\nmd|4,,,|ah|Board 2|mb|p|mb|p|mb|p|mb|p|\n")
	require.Len(t, im.folds, 2)
	assert.Equal(t, game.PhaseAuction, im.folds[0].Hands[0].Phase)
	assert.Equal(t, "final (2)", im.folds[1].Opened.Name)
	assert.Equal(t, cards.East, im.folds[1].Hands[0].Dealer)
}

func TestExportOptions(t *testing.T) {
	im := importText(t, file)
	recs, err := Export(im.folds[0], ExportOptions{Hand: 2})
	require.NoError(t, err)
	require.Len(t, recs, 1)
	assert.Equal(t, "Board 2", recs[0].Title)
	_, err = Export(im.folds[0], ExportOptions{Hand: 7})
	assert.ErrorIs(t, err, ErrNoHand)
	var seen []int
	_, err = Export(im.folds[0], ExportOptions{Progress: func(done, total int) { seen = append(seen, done*10+total) }})
	require.NoError(t, err)
	assert.Equal(t, []int{12, 22}, seen)
}
