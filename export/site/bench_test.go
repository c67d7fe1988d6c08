package site_test

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/site"
)

// BenchmarkSite27 makes and writes the site of a 27-board evening: a
// Mitchell of nine tables and three boards a round (243 results, every
// third with its lead played, so 81 hand pages). "dd" is the first site a
// process makes, each board's double-dummy table solved (run it with
// -benchtime=1x: the tables are kept for the process after); "no-dd" is
// hoyle export --no-dd, or a live update once the tables are kept. It
// reports the site's size and pages.
//
//	go test -run '^$' -bench Site27 -benchtime=1x ./export/site/
func BenchmarkSite27(b *testing.B) {
	const mov = "mitchell:9x3"
	e := newEvening(b, memstore.New(), "Club night", mov, "")
	e.playAll(mov)
	ev, tables := e.compare()
	require.Len(b, ev.Boards, 27)
	for _, noDD := range []bool{false, true} {
		name := "dd"
		if noDD {
			name = "no-dd"
		}
		b.Run(name, func(b *testing.B) {
			var s *site.Site
			for i := 0; b.Loop(); i++ {
				var err error
				s, err = site.Build(e.ctx, site.Input{Event: ev, Tables: tables, Hands: e.hands()}, site.Options{NoDD: noDD})
				require.NoError(b, err)
				require.NoError(b, s.Write(filepath.Join(b.TempDir(), strconv.Itoa(i)), false))
			}
			b.ReportMetric(float64(s.Size()), "bytes")
			b.ReportMetric(float64(len(s.Files)), "pages")
		})
	}
}
