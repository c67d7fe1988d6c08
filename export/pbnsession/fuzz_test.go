package pbnsession

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/internal/exporttest"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections/load"
)

// FuzzImport: an import never panics; what it refuses it places at a line
// (a *pbn.ParseError or an *Error); what it accepts appends, folds without
// a problem, exports, and imports again as the same sessions.
func FuzzImport(f *testing.F) {
	for _, name := range []string{edgeFile, "testdata/rubber.pbn", championshipFile} {
		b, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(b)
	}
	real, err := os.ReadFile(realFile)
	require.NoError(f, err)
	records := strings.SplitAfter(string(real), "\n\n")
	f.Add([]byte(strings.Join(records[1:4], "")))
	f.Add([]byte("[Board \"1\"]\n[Dealer \"N\"]\n[Result \"9\"]\n[Auction \"N\"]\n1NT X XX AP\n{x}\n[Play \"E\"]\n- - - -\n*\n"))
	// A hand of whist (tricks.go), claimed after the first trick.
	f.Add([]byte("[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.7654\"]\n" +
		"[HoyleGame \"whist\"]\n[HoyleTurnUp \"C2\"]\n[Play \"E\"]\nST S6 S2 SA\n*\n[HoyleClaim \"N 6\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Read(bytes.NewReader(data), Options{Now: clock})
		if err != nil {
			var pe *pbn.ParseError
			var ie *Error
			switch {
			case errors.As(err, &pe):
				if pe.Line < 1 {
					t.Fatalf("parse error without a line: %v", err)
				}
			case errors.As(err, &ie):
				if ie.Line < 1 {
					t.Fatalf("import error without a line: %v", err)
				}
			case errors.Is(err, ErrNothingToImport):
			default:
				t.Fatalf("error %v is not placed in the file", err)
			}
			return
		}
		folds, envss := exporttest.Load(t, res)
		for i, fold := range folds {
			envs := envss[i]
			var out bytes.Buffer
			if err := Write(&out, fold, envs, ExportOptions{}); err != nil {
				t.Fatalf("export: %v", err)
			}
			again, err := Read(bytes.NewReader(out.Bytes()), Options{Now: clock})
			if err != nil {
				t.Fatalf("the export does not import: %v\n%s", err, out.String())
			}
			st2 := memstore.New()
			if _, err := st2.Append(context.Background(), again.Batches()...); err != nil {
				t.Fatal(err)
			}
			if len(again.Sessions) != 1 {
				t.Fatalf("one session exported, %d imported", len(again.Sessions))
			}
			fold2, _, err := load.Session(context.Background(), st2, again.Sessions[0].ID)
			require.NoError(t, err)
			want := exporttest.Summary(fold, exporttest.Options{NoName: true})
			got := exporttest.Summary(fold2, exporttest.Options{NoName: true})
			if want != got {
				t.Fatalf("round trip differs:\n%s\n---\n%s\n---\n%s", want, got, out.String())
			}
		}
	})
}
