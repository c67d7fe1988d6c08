package linsession

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/projections/load"
)

// FuzzImport: an import never panics; what it refuses it places at a token
// and a line; what it accepts appends, folds without a problem, exports,
// and imports again as the same hands and notes.
func FuzzImport(f *testing.F) {
	f.Add(file)
	f.Add("pn|a,b,c,d|md|1S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|sv|b|mb|7N|an|x|mb|d|mb|r|mb|p|mb|p|mb|p|pc|CA|nt|y|mc|0|")
	f.Add("qx|c3|md|2,,,|mb|1C|mb|p|\nqx|c4|ah|Board 4|mb|p|")
	f.Fuzz(func(t *testing.T, data string) {
		res, err := Import(data, Options{Name: "f", Now: clock})
		if err != nil {
			var ie *Error
			if errors.As(err, &ie) {
				if ie.Line < 1 || ie.Token < 0 {
					t.Fatalf("error %v is not placed", err)
				}
				return
			}
			if !errors.Is(err, ErrNothingToImport) {
				t.Fatalf("error %v is not placed in the file", err)
			}
			return
		}
		folds, _ := exporttest.Load(t, res)
		for _, fold := range folds {
			recs, err := Export(fold, ExportOptions{})
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			var text string
			for _, r := range recs {
				text += r.String() + "\n"
			}
			again, err := Import(text, Options{Name: "f", Now: clock})
			if err != nil {
				t.Fatalf("the export does not import: %v\n%s", err, text)
			}
			if len(again.Sessions) != 1 {
				t.Fatalf("one session exported, %d imported:\n%s", len(again.Sessions), text)
			}
			st2 := memstore.New()
			_, err = st2.Append(context.Background(), again.Batches()...)
			require.NoError(t, err)
			fold2, _, err := load.Session(context.Background(), st2, again.Sessions[0].ID)
			require.NoError(t, err)
			want := exporttest.Summary(fold, exporttest.Options{NoName: true})
			got := exporttest.Summary(fold2, exporttest.Options{NoName: true})
			if want != got {
				t.Fatalf("round trip differs:\n%s\n---\n%s\n---\n%s", want, got, text)
			}
		}
	})
}
