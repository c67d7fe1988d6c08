package pbn

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func loadReal(t *testing.T) []Game {
	t.Helper()
	f, err := os.Open("testdata/realbridge-2021-teams.pbn")
	require.NoError(t, err)
	defer f.Close()
	gs, err := Parse(f)
	require.NoError(t, err)
	return gs
}

func TestRealFileParses(t *testing.T) {
	gs := loadReal(t)
	require.Len(t, gs, 299)

	var scores, auctions, plays, claims, passOuts, unplayed int
	for i := range gs {
		g := &gs[i]
		ctx := "record at line " + strconv.Itoa(g.Line)

		// Every record has the fifteen mandatory tags, first and in order.
		for k, name := range MandatoryTags {
			require.Equal(t, name, g.Tags[k].Name, ctx)
		}
		_, err := g.Board()
		assert.NoError(t, err, ctx)
		_, err = g.Dealer()
		assert.NoError(t, err, ctx)
		_, err = g.Vulnerable()
		assert.NoError(t, err, ctx)
		d, first, err := g.Deal()
		require.NoError(t, err, ctx)
		assert.Equal(t, cards.North, first, ctx)
		assert.Equal(t, 52, d.Cards().Len(), ctx)
		assert.Equal(t, "IMP", g.Scoring(), ctx)
		assert.Equal(t, "2021 Online Qual: Open R2", g.Event(), ctx)
		assert.Equal(t, "North player", g.Player(cards.North), ctx)

		c, err := g.Contract()
		require.NoError(t, err, ctx)
		if _, err := g.Score(); err == nil {
			scores++
		}
		if g.Auction != nil {
			auctions++
			dealer, _ := g.Dealer()
			assert.Equal(t, dealer, g.Auction.First, ctx)
			// Every note reference has its note.
			for _, call := range g.Auction.Calls {
				if call.Note != 0 {
					assert.NotEmpty(t, g.Auction.Notes[call.Note], "%s: note %d", ctx, call.Note)
				}
			}
		}
		if c.IsPass() {
			decl, err := g.Declarer()
			assert.NoError(t, err, ctx)
			assert.Equal(t, cards.NoSeat, decl, ctx)
			_, err = g.Result()
			assert.ErrorIs(t, err, ErrNoValue, ctx)
			if g.Auction != nil {
				passOuts++
				assert.Len(t, g.Auction.Calls, 4, ctx)
			} else {
				unplayed++
			}
			continue
		}
		if g.Play != nil {
			plays++
			if g.Play.End {
				claims++
			}
		}
	}
	assert.Equal(t, 279, scores)
	assert.Equal(t, 279, auctions)
	assert.Equal(t, 278, plays)
	assert.Equal(t, 214, claims)
	assert.Equal(t, 1, passOuts)
	assert.Equal(t, 20, unplayed)
}

func TestRealFileNotes(t *testing.T) {
	gs := loadReal(t)
	notes := 0
	for _, g := range gs {
		assert.Nil(t, g.Notes, "no note stands outside a section")
		if g.Play != nil {
			assert.Nil(t, g.Play.Notes)
		}
		if g.Auction != nil {
			notes += len(g.Auction.Notes)
		}
	}
	assert.Equal(t, 432, notes)

	g := gs[1] // board 11, table 4
	require.NotNil(t, g.Auction)
	assert.Equal(t, map[int]string{1: " 11-13,17-19 or clubs", 2: " 9-11, no 4cM"}, g.Auction.Notes, "the text as written after the colon")
	assert.Equal(t, 1, g.Auction.Calls[0].Note)
	assert.Equal(t, "1C", g.Auction.Calls[0].Call.String())
	assert.Equal(t, 2, g.Auction.Calls[2].Note)
	assert.Equal(t, 66, g.Auction.Calls[0].Line)
	assert.Equal(t, 67, g.Auction.Calls[5].Line)
}

// TestRealFileTricks replays every play record: the tricks the declarer
// wins, plus those a claim leaves (when play ends with "*"), must account
// for Result.
func TestRealFileTricks(t *testing.T) {
	gs := loadReal(t)
	checked := 0
	for i := range gs {
		g := &gs[i]
		if g.Play == nil {
			continue
		}
		ctx := "record at line " + strconv.Itoa(g.Line)
		c, err := g.Contract()
		require.NoError(t, err, ctx)
		decl, err := g.Declarer()
		require.NoError(t, err, ctx)
		result, err := g.Result()
		require.NoError(t, err, ctx)
		d, _, err := g.Deal()
		require.NoError(t, err, ctx)
		assert.Equal(t, decl.Plus(1, 4), g.Play.Leader, "%s: the opening lead is from declarer's left", ctx)

		played, early, err := g.Play.Order(c.Strain)
		require.NoError(t, err, ctx)
		// Each card comes from the hand of the seat that played it.
		for _, pc := range played {
			assert.True(t, d[pc.Seat].Has(pc.Card), "%s: %v does not hold %v", ctx, pc.Seat, pc.Card)
		}
		won, complete := 0, 0
		for k := 0; k+4 <= len(played); k += 4 {
			complete++
			if Winner(played[k:k+4], c.Strain).Partnership() == decl.Partnership() {
				won++
			}
		}
		assert.Equal(t, early, g.Play.End, ctx)
		if g.Play.End {
			assert.GreaterOrEqual(t, result, won, ctx)
			assert.LessOrEqual(t, result, won+13-complete, ctx)
		} else {
			assert.Equal(t, 13, complete, ctx)
			assert.Equal(t, result, won, ctx)
		}

		// The inverse gives the section back.
		back, err := PlayFromOrder(g.Play.Leader, c.Strain, played, early)
		require.NoError(t, err, ctx)
		want := canonical(Game{Play: g.Play}).Play
		want.Notes = nil
		assert.Equal(t, want, canonical(Game{Play: back}).Play, ctx)
		checked++
	}
	assert.Equal(t, 278, checked)
}

func TestRealFileRoundTrip(t *testing.T) {
	gs := loadReal(t)
	out := roundTrip(t, gs)
	assert.True(t, strings.HasPrefix(out, "% PBN 2.1\n% EXPORT\n[Event "))
	// The file is already in export order: the tags come back in it.
	back := parseString(t, out)
	for i := range gs {
		for k := range gs[i].Tags {
			assert.Equal(t, gs[i].Tags[k].Name, back[i].Tags[k].Name)
		}
	}
}
