package ddlist

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

func TestLoad(t *testing.T) {
	ds, err := Load()
	require.NoError(t, err)
	require.Len(t, ds, 100)
	d := ds[1]
	assert.Equal(t, 1, d.Number)
	assert.Equal(t, cards.East, d.Dealer)
	assert.Equal(t, cards.VulNS, d.Vul)
	assert.Equal(t, cards.NoTrump, d.Strain)
	assert.Equal(t, cards.East, d.Leader)
	assert.Equal(t, [4]string{"NS 100", "EW -100", "NS:EW 4Sx", "EW:EW 4Sx"}, d.Par)
	assert.Len(t, d.Play, 52)
	assert.Len(t, d.Trace, 49)
	assert.Equal(t, 9, d.Tricks().Get(cards.NoTrump, cards.North))
	for _, d := range ds {
		assert.Len(t, d.Deal.Cards().Cards(), 52, "deal %d", d.Number)
	}
}

func TestReadRefuses(t *testing.T) {
	for _, text := range []string{
		"TABLE 1 2 3\n",
		"PBN 0 0 0 0 \"N:AKQ\"\n",
		"PBN 9 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n",
		"PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\nPLAY 2 \"SA\"\n",
		"PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\nWHAT 1\n",
	} {
		_, err := Read(strings.NewReader(text))
		assert.Error(t, err, text)
	}
}

// FuzzRead: any text is read or refused, never a panic; what is read has
// as many cards as it says.
func FuzzRead(f *testing.F) {
	b, err := os.ReadFile(Path())
	require.NoError(f, err)
	f.Add(string(b[:2000]))
	f.Add("PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\nPLAY 1 \"SA\"\nTRACE 2 5 5\n")
	f.Fuzz(func(t *testing.T, text string) {
		ds, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, d := range ds {
			if len(d.Play) > 52 {
				t.Fatalf("a play of %d cards", len(d.Play))
			}
		}
	})
}
