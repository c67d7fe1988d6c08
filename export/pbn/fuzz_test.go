package pbn

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

// FuzzParse: Parse never panics; what it rejects is a *ParseError; what it
// reads, Write writes, and Parse reads back the same; writing is stable.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"edge.pbn", "edge-crlf.pbn"} {
		b, err := os.ReadFile("testdata/" + name)
		require.NoError(f, err)
		f.Add(b)
	}
	real, err := os.ReadFile("testdata/realbridge-2021-teams.pbn")
	require.NoError(f, err)
	records := strings.SplitAfter(string(real), "\n\n")
	f.Add([]byte(strings.Join(records[:3], "")))
	for _, s := range []string{
		"",
		"[Event \"#\"]\n\n[Event \"##x\"]\n\n[Board \"1\"]\n",
		"[Auction \"N\"]\n1C =1= X! $2 AP\n[Note \"1:a\"]\n[Play \"E\"]\nSA - + ST\n*\n{c}",
		"[T \"\\\\\\\"\"] ; c\n{a\n\nb} [U \"v\"] 1 \"2 ;3\" %4\n%5\n 6",
		"[Note \"1:x\"][Note \"y\"][Note \"1:z\"]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		gs, err := Parse(bytes.NewReader(data))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Line < 1 {
				t.Fatalf("Parse error %v is not a *ParseError with a line", err)
			}
			return
		}
		for i := range gs {
			g := &gs[i]
			g.Board()
			g.Dealer()
			g.Declarer()
			g.Vulnerable()
			g.Deal()
			g.Contract()
			g.Result()
			g.Score()
			if g.Play == nil {
				continue
			}
			for _, s := range []cards.Strain{cards.NoTrump, cards.StrainClubs, cards.StrainSpades} {
				played, early, err := g.Play.Order(s)
				if err != nil {
					if !errors.Is(err, ErrInvalid) {
						t.Fatalf("Order error %v is not ErrInvalid", err)
					}
					continue
				}
				p, err := PlayFromOrder(g.Play.Leader, s, played, early)
				if err != nil {
					t.Fatalf("PlayFromOrder of a replayed play: %v", err)
				}
				again, early2, err := p.Order(s)
				if err != nil || early2 != early || len(again) != len(played) {
					t.Fatalf("PlayFromOrder does not replay: %v", err)
				}
			}
		}
		var b bytes.Buffer
		if err := Write(&b, gs); err != nil {
			t.Fatalf("Write of parsed games: %v", err)
		}
		out := b.String()
		back, err := Parse(strings.NewReader(out))
		if err != nil {
			t.Fatalf("written text does not parse: %v\n%s", err, out)
		}
		require.Equal(t, canonAll(gs), canonAll(back), "written text:\n%s", out)
		var b2 bytes.Buffer
		if err := Write(&b2, back); err != nil || b2.String() != out {
			t.Fatalf("writing is not stable: %v", err)
		}
	})
}
