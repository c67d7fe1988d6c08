package pbnsession

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/pbn"
)

const youthFile = "../pbn/testdata/european-youth-1998.pbn"

// recordKey finds a record again after a round trip: its event, room,
// table and board.
func recordKey(g *pbn.Game) string {
	v := func(n string) string { s, _ := g.Tag(n); return s }
	return strings.Join([]string{v("Event"), v("Section"), v("Round"), v("Room"), v("Table"), v("Board")}, "|")
}

// sameValue compares a tag's value as the file wrote it with hoyle's, for
// the tags hoyle writes from its events in its own form (a Deal from
// another seat, "5Dx" as "5DX").
func sameValue(t *testing.T, name, want, got string, ctx string) {
	t.Helper()
	switch name {
	case "Deal":
		w, err1 := dealText(want)
		g, err2 := dealText(got)
		require.NoError(t, err1, ctx)
		require.NoError(t, err2, ctx)
		assert.Equal(t, w, g, "%s: Deal", ctx)
	case "Contract", "Declarer", "Vulnerable":
		assert.Equal(t, strings.ToUpper(want), strings.ToUpper(got), "%s: %s", ctx, name)
	default:
		assert.Equal(t, want, got, "%s: %s", ctx, name)
	}
}

func dealText(deal string) (string, error) {
	g := pbn.Game{Tags: []pbn.Tag{{Name: "Deal", Value: deal}}}
	d, _, err := g.Deal()
	if err != nil {
		return "", err
	}
	return d.PBN(0), nil
}

// calls writes an auction's calls and annotations, and a play's cards in
// the order played, to compare them.
func auctionText(a *pbn.Auction) string {
	if a == nil {
		return "none"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:", a.First)
	for _, c := range a.Calls {
		fmt.Fprintf(&b, " %s%s", c.Call, c.Suffix)
	}
	return b.String()
}

func playText(t *testing.T, g *pbn.Game) string {
	if g.Play == nil {
		return "none"
	}
	c, err := g.Contract()
	require.NoError(t, err)
	played, early, err := g.Play.Order(c.Strain)
	require.NoError(t, err)
	return fmt.Sprintf("%v %v", played, early)
}

// The real files round-trip record for record: every record comes back,
// with every tag it had (known to hoyle or not, OptimumResultTable's rows
// included) and the same value; the auction with its notes, the play, the
// Result and the Score as the file gave them. The 20 [Contract "Pass"]
// records of the teams file are there as passed-out boards.
func TestRealFilesRoundTripRecordForRecord(t *testing.T) {
	for _, name := range []string{realFile, youthFile} {
		t.Run(name, func(t *testing.T) {
			text := readFile(t, name)
			orig, err := pbn.Parse(bytes.NewReader(text))
			require.NoError(t, err)
			var im imported
			if name == realFile {
				im = importReal(t)
			} else {
				im = importText(t, text)
			}
			assert.Empty(t, im.res.Warnings)
			out := im.export(t)
			back, err := pbn.Parse(bytes.NewReader(out))
			require.NoError(t, err)
			require.Len(t, back, len(orig), "record for record")
			byKey := map[string]*pbn.Game{}
			for i := range back {
				k := recordKey(&back[i])
				require.Nil(t, byKey[k], "one record for %s", k)
				byKey[k] = &back[i]
			}
			tags := 0
			for i := range orig {
				o := &orig[i]
				ctx := fmt.Sprintf("record at line %d", o.Line)
				b := byKey[recordKey(o)]
				require.NotNil(t, b, ctx)
				for _, tg := range o.Tags {
					v, ok := b.Tag(tg.Name)
					require.True(t, ok, "%s: tag %s is lost", ctx, tg.Name)
					sameValue(t, tg.Name, tg.Value, v, ctx)
					for _, bt := range b.Tags {
						if bt.Name == tg.Name {
							assert.Equal(t, tg.SectionLines(), bt.SectionLines(), "%s: the section of %s", ctx, tg.Name)
						}
					}
					tags++
				}
				assert.Equal(t, auctionText(o.Auction), auctionText(b.Auction), ctx)
				if o.Auction != nil {
					assert.Equal(t, o.Auction.Notes, b.Auction.Notes, ctx)
				}
				assert.Equal(t, playText(t, o), playText(t, b), ctx)
			}
			t.Logf("%d records, %d tags, every one back", len(orig), tags)
		})
	}
}
