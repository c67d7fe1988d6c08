package importer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/export/pbnsession"
	"github.com/hoyle/hoyle/projections/load"
)

// realPBN is a real tournament's file: 299 records at 30 tables, ten
// boards each, table by table. The tests take three tables of it.
const realPBN = "../pbn/testdata/realbridge-2021-teams.pbn"

// tables are the tables the tests import: 29 records.
var tables = []string{"11", "12", "13"}

// store is a store the tests import into, and what they count of it.
type store struct {
	st      *memstore.Store
	appends int // transactions
	// fail, when not 0, fails the transaction of that number (from 1).
	fail int
}

// kept is the store as Existing gives it: Match closes it, and the test
// goes on using it.
type kept struct{ events.Store }

func (kept) Close() error { return nil }

var errFull = errors.New("the disk is full")

// options are the options of an import of PBN text into s, in one
// transaction unless keep and batch say otherwise.
func (s *store) options(keep, batch int) Options {
	return Options{Format: "pbn", Read: pbnsession.Options{Name: "test"}, KeepEvents: keep, BatchEvents: batch,
		Existing: func() (events.Store, error) {
			if s.st == nil {
				return nil, nil
			}
			return kept{s.st}, nil
		},
		Append: func(ctx context.Context, batches []events.Batch) ([]events.Envelope, error) {
			s.appends++
			if s.appends == s.fail {
				return nil, errFull
			}
			if s.st == nil {
				s.st = memstore.New()
			}
			return s.st.Append(ctx, batches...)
		}}
}

// importText imports text into s.
func (s *store) importText(t *testing.T, text string, keep, batch int) (*Import, error) {
	t.Helper()
	again := func() (io.Reader, error) { return strings.NewReader(text), nil }
	return Run(context.Background(), strings.NewReader(text), again, s.options(keep, batch))
}

// exports is every session of s as PBN, by ID.
func (s *store) exports(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	list, err := s.st.Sessions(ctx)
	require.NoError(t, err)
	out := map[string]string{}
	for _, info := range list {
		fold, envs, err := load.Session(ctx, s.st, info.ID)
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, pbnsession.Write(&b, fold, envs, pbnsession.ExportOptions{}))
		out[info.ID] = b.String()
	}
	return out
}

// byIDs is exports in the order of ids.
func byIDs(exports map[string]string, ids []string) []string {
	var out []string
	for _, id := range ids {
		out = append(out, exports[id])
	}
	return out
}

// records are the records of tables, and the same without table 11's
// last two.
func records(t *testing.T) (whole, short string) {
	t.Helper()
	b, err := os.ReadFile(realPBN)
	require.NoError(t, err)
	var recs []string
	for _, r := range strings.Split(strings.TrimSpace(string(b)), "\n\n") {
		for _, tb := range tables {
			if strings.Contains(r, "[Table \""+tb+"\"]") {
				recs = append(recs, r)
			}
		}
	}
	require.Len(t, recs, 29)
	var held []int
	for i := len(recs) - 1; i >= 0 && len(held) < 2; i-- {
		if strings.Contains(recs[i], "[Table \"11\"]") {
			held = append(held, i)
		}
	}
	var first []string
	for i, r := range recs {
		if i != held[0] && i != held[1] {
			first = append(first, r)
		}
	}
	return strings.Join(recs, "\n\n") + "\n", strings.Join(first, "\n\n") + "\n"
}

// The same file twice adds nothing and names the sessions that hold its
// records; a file with two more records of a table adds those two to its
// session, and nothing else; and the sessions are then what one import of
// the whole file makes.
func TestImportTwiceAddsNothing(t *testing.T) {
	whole, short := records(t)
	var s store
	imp, err := s.importText(t, short, 1_000_000, 1_000_000)
	require.NoError(t, err)
	sessions := imp.IDs()
	require.Len(t, sessions, 3)
	assert.Equal(t, 3, imp.Added())
	assert.Equal(t, 1, s.appends, "one transaction")

	imp, err = s.importText(t, short, 1_000_000, 1_000_000)
	require.NoError(t, err)
	assert.Equal(t, sessions, imp.IDs(), "the sessions that hold the records")
	assert.Zero(t, imp.Added())
	assert.Equal(t, sessions, imp.Existing)
	assert.Equal(t, 1, s.appends, "nothing appended")
	assert.Empty(t, imp.Warnings())

	imp, err = s.importText(t, whole, 1_000_000, 1_000_000)
	require.NoError(t, err)
	assert.Equal(t, sessions, imp.IDs())
	assert.Equal(t, 1, imp.Added(), "table 11's session alone")
	for i, tg := range imp.Targets {
		if tg.Skip() {
			continue
		}
		assert.Equal(t, "2021 Online Qual: Open R2, table 11", imp.Result.Sessions[i].Name)
		assert.Equal(t, sessions[i], tg.ID, "added to the session that holds the first")
		assert.Equal(t, 8, tg.From)
		assert.Equal(t, 10, tg.Count)
		assert.NotNil(t, tg.Into)
	}

	var fresh store
	again, err := fresh.importText(t, whole, 1_000_000, 1_000_000)
	require.NoError(t, err)
	assert.Equal(t, byIDs(fresh.exports(t), again.IDs()), byIDs(s.exports(t), sessions))
}

// A file larger than KeepEvents is checked, then read again and appended
// in transactions of whole records: it makes what one transaction makes,
// and imported again adds nothing.
func TestImportInTransactions(t *testing.T) {
	whole, _ := records(t)
	var batched store
	imp, err := batched.importText(t, whole, 300, 100)
	require.NoError(t, err)
	require.Len(t, imp.IDs(), 3)
	assert.True(t, imp.Result.Dropped, "the first pass let the events go")
	assert.Greater(t, batched.appends, 4, "in transactions")

	var one store
	again, err := one.importText(t, whole, 1_000_000, 1_000_000)
	require.NoError(t, err)
	assert.Equal(t, 1, one.appends)
	assert.Equal(t, byIDs(one.exports(t), again.IDs()), byIDs(batched.exports(t), imp.IDs()))

	n := batched.appends
	imp, err = batched.importText(t, whole, 300, 100)
	require.NoError(t, err)
	assert.Zero(t, imp.Added())
	assert.Equal(t, n, batched.appends, "nothing appended")
}

// An import in transactions that fails midway says how many it appended,
// and importing the file again adds the rest: the sessions are then what
// one import makes.
func TestImportStoppedIsCompletedByImportingAgain(t *testing.T) {
	whole, _ := records(t)
	s := store{fail: 4}
	_, err := s.importText(t, whole, 300, 100)
	var stopped *StoppedError
	require.ErrorAs(t, err, &stopped)
	assert.Equal(t, 3, stopped.Done)
	assert.ErrorIs(t, err, errFull)

	s.fail = 0
	imp, err := s.importText(t, whole, 300, 100)
	require.NoError(t, err)
	resumed := 0
	for _, tg := range imp.Targets {
		if tg.From > 0 {
			resumed++
		}
	}
	assert.Positive(t, resumed, "the sessions begun are added to, not made again")

	var one store
	again, err := one.importText(t, whole, 1_000_000, 1_000_000)
	require.NoError(t, err)
	assert.Equal(t, byIDs(one.exports(t), again.IDs()), byIDs(s.exports(t), imp.IDs()))
}

// A file that cannot be read, or that the store refuses at once, is a
// FileError, and nothing is appended.
func TestImportRefusedAppendsNothing(t *testing.T) {
	var s store
	_, err := s.importText(t, "[Event \"x\"]\n\x00\n", 1_000_000, 1_000_000)
	var failed *FileError
	require.ErrorAs(t, err, &failed)
	assert.Zero(t, s.appends)
	assert.Nil(t, s.st)

	whole, _ := records(t)
	s = store{fail: 1}
	_, err = s.importText(t, whole, 1_000_000, 1_000_000)
	require.ErrorAs(t, err, &failed)
	assert.ErrorIs(t, err, errFull)
	assert.Nil(t, s.st)
}

func TestWithin(t *testing.T) {
	fps := []string{"a", "b", "c", "d"}
	for _, c := range []struct {
		last []string
		want bool
	}{
		{[]string{"a"}, true},
		{[]string{"c", "d"}, true},
		{[]string{"b", "c"}, true},
		{[]string{"a", "c"}, false},
		{[]string{"d", "e"}, false},
		{[]string{"a", "b", "c", "d", "e"}, false},
		{[]string{"x"}, false},
	} {
		assert.Equal(t, c.want, within(fps, c.last), "%v", c.last)
	}
}

// mitchellText is two records of table 1 of a Mitchell as hoyle export
// --event writes them: the pairs by the movement's numbers (both named by
// the event's roster on the first), the deal.
const mitchellText = `[Event "Tuesday pairs"]
[Board "1"]
[Table "1"]
[Round "1"]
[PairNS "1"]
[PairEW "1"]
[HoyleMovement "mitchell:3x2"]
[HoyleRoster "NS EW"]
[Scoring "MP"]
[West "Di"]
[North "Ann"]
[East "Cy"]
[South "Bob"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
3NT Pass Pass Pass

[Event "Tuesday pairs"]
[Board "2"]
[Table "1"]
[Round "1"]
[PairNS "1"]
[PairEW "1"]
[HoyleMovement "mitchell:3x2"]
[Scoring "MP"]
[West "Di"]
[North "Ann"]
[East "Cy"]
[South "Bob"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"]
[HoyleFouled "Law 87"]
[Declarer "N"]
[Contract "3NT"]
[Result "8"]
[Auction "E"]
Pass 3NT Pass Pass Pass
`

// An event hoyle exported under a movement gives its own record back
// (issue 28): the roster of the pairs its records name and the hand
// record of the boards not fouled, in the event's stream, with the
// tables, from memory or in a second pass; imported again, nothing is
// added, and a record the store holds already stands.
func TestImportEventRecord(t *testing.T) {
	for _, keep := range []int{0, 1} {
		s := &store{}
		imp, err := s.importText(t, mitchellText, keep, 1)
		require.NoError(t, err)
		require.Len(t, imp.Result.Sessions, 1, "one table")
		ctx := context.Background()
		var book []events.Envelope
		for e, err := range s.st.ReadSession(ctx, eventrec.StreamID("Tuesday pairs"), 1) {
			require.NoError(t, err)
			book = append(book, e)
		}
		require.Len(t, book, 2, "keep %d", keep)
		roster := book[0].Data.(*eventrec.Roster)
		assert.Equal(t, []eventrec.Entry{{Who: "1 NS", Names: []string{"Ann", "Bob"}}, {Who: "1 EW", Names: []string{"Cy", "Di"}}}, roster.Entries)
		boards := book[1].Data.(*eventrec.Boards)
		require.Len(t, boards.Deals, 1, "board 2 was fouled")
		assert.Equal(t, 1, boards.Deals[0].Board)

		before := s.appends
		_, err = s.importText(t, mitchellText, keep, 1)
		require.NoError(t, err)
		assert.Equal(t, before, s.appends, "nothing added")
	}
}
