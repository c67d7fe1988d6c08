package linsession

import (
	"errors"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/export/lin"
)

const bboFile = "../lin/testdata/bbo-alerts.lin"

// records reads every record of a LIN text.
func records(t *testing.T, text string) []lin.Record {
	t.Helper()
	rd := lin.NewReader(strings.NewReader(text))
	var out []lin.Record
	for {
		ch, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		require.NoError(t, err)
		r, err := lin.Parse(ch.Text)
		require.NoError(t, err)
		out = append(out, r)
	}
}

// pairs are a record's other pairs as a sorted list (LIN writes st| and
// rh| where it likes among the board's heading).
func pairs(r lin.Record) []string {
	var out []string
	for _, t := range r.Extra {
		out = append(out, t.Key+"|"+t.Value+"|@"+string(rune('0'+t.At)))
	}
	sort.Strings(out)
	return out
}

// The real BBO file round-trips record for record: the players, the deal
// (its fourth hand now written out), the calls with their alerts and
// explanations, every card, the claim, and every other pair (st|, rh|,
// pg|) at its place.
func TestRealFileRoundTripRecordForRecord(t *testing.T) {
	b, err := os.ReadFile(bboFile)
	require.NoError(t, err)
	orig := records(t, string(b))
	im := importText(t, string(b))
	assert.Empty(t, im.res.Warnings)
	require.Len(t, im.folds, 1)
	back := records(t, im.export(t))
	require.Len(t, back, len(orig))
	for i := range orig {
		o, r := orig[i], back[i]
		assert.Equal(t, o.Players, r.Players, "record %d", i+1)
		assert.Equal(t, o.Dealer, r.Dealer)
		assert.Equal(t, o.Deal, r.Deal)
		assert.Equal(t, o.Title, r.Title)
		assert.Equal(t, o.Vul, r.Vul)
		assert.Equal(t, o.Calls, r.Calls)
		assert.Equal(t, o.Cards, r.Cards)
		assert.Equal(t, o.Claimed, r.Claimed)
		assert.Equal(t, o.Claim, r.Claim)
		assert.Equal(t, pairs(o), pairs(r), "record %d", i+1)
	}
}
