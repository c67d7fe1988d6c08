package ddkeep

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/dd/ddlist"
	"github.com/hoyle/hoyle/projections/ddhand"
)

// file is a Place: a bbolt file beside which answers are kept, opened for
// each read and write as a command opens its database, with the key the
// records are sealed with.
type file struct {
	path  string
	key   []byte
	opens int
}

func (f *file) Open(write bool) (Store, error) {
	f.opens++
	return bolt.Open(f.path, bolt.Options{ReadOnly: !write, Create: write, LockTimeout: time.Millisecond, SnapshotKey: f.key})
}

func newFile(t *testing.T) *file {
	return &file{path: filepath.Join(t.TempDir(), "hoyle.db"), key: []byte("0123456789abcdef0123456789abcdef")}
}

// newKeeper is a keeper as a new process has it, whose solver is the real
// one with each answer kept for the test binary: the keeper counts each
// call of it as a solve, and the tests do not wait for the same deal to be
// solved again and again.
func newKeeper() *Keeper {
	k := New()
	k.solver = func(dd.Config) ddhand.Solutions { return once }
	return k
}

var once = New().Source(dd.Config{}, nil)

// deal is deal 41 of DDS's list and the first trick of its play: what the
// tests solve (each process solves it again, as a new process would).
// Among the quickest of the list to solve (tens of milliseconds, where
// deal 1 takes a second on the two-core machine): the tests are of the
// keeping; the solver is checked against the whole list in projections/dd.
func deal(t *testing.T) ddlist.Deal {
	t.Helper()
	ds, err := ddlist.Load()
	require.NoError(t, err)
	return ds[41]
}

const played = 4

// solveBoth asks src for the deal's table and the trace of its first
// trick.
func solveBoth(t *testing.T, src ddhand.Solutions, ld ddlist.Deal) (dd.Table, dd.PlayTrace) {
	t.Helper()
	tb, err := src.Table(ld.Deal)
	require.NoError(t, err)
	tr, err := src.Trace(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played])
	require.NoError(t, err)
	return tb, tr
}

// record is the sealed record kept under key, read straight from the file.
func record(t *testing.T, f *file, key []byte) []byte {
	t.Helper()
	st, err := f.Open(false)
	require.NoError(t, err)
	defer st.Close()
	v, err := st.ReadDerived(context.Background(), Name, key)
	require.NoError(t, err)
	return v
}

// put writes a record as it is, past the keeper: what a forger, or a
// damaged disk, leaves.
func put(t *testing.T, f *file, key, value []byte) {
	t.Helper()
	st, err := f.Open(true)
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, st.WriteDerived(context.Background(), Name, events.SnapshotWrite{Put: []events.SnapshotRecord{{Key: key, Value: value}}}))
}

// A deal solved by one process is found by the next: it solves nothing,
// and its answers are the solver's.
func TestKeptAnswersAreUsed(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	first := newKeeper()
	tb, tr := solveBoth(t, first.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(2), first.Solves(), "a table and a trace solved")
	assert.Equal(t, ld.Table, tb.DDSOrder())
	assert.Equal(t, ld.Trace[:played+1], tr.Tricks)

	solveBoth(t, first.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(2), first.Solves(), "the process asks again: kept in its memory")

	next := newKeeper()
	opens := f.opens
	tb2, tr2 := solveBoth(t, next.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(0), next.Solves(), "the next process finds both beside the log")
	assert.Equal(t, tb, tb2)
	assert.Equal(t, tr, tr2)
	assert.Equal(t, 2, f.opens-opens, "one read each, no write")
}

// Dropped, the answers are solved again, and kept again.
func TestDroppedAndRebuilt(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	solveBoth(t, newKeeper().Source(dd.Config{}, f), ld)
	st, err := f.Open(true)
	require.NoError(t, err)
	require.NoError(t, Drop(context.Background(), st))
	require.NoError(t, st.Close())
	assert.Nil(t, record(t, f, tableKey(ld.Deal)))

	again := newKeeper()
	tb, _ := solveBoth(t, again.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(2), again.Solves())
	assert.Equal(t, ld.Table, tb.DDSOrder())
	after := newKeeper()
	solveBoth(t, after.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(0), after.Solves(), "kept again")
}

// A record that was changed (a forger without the key, a damaged disk) or
// moved to another key is not believed: the deal is solved again, the
// answer is the solver's, and the record is written again.
func TestForgedOrDamagedIsSolvedAgain(t *testing.T) {
	ld := deal(t)
	other := deal(t)
	other.Deal = cards.Deal{ld.Deal[1], ld.Deal[2], ld.Deal[3], ld.Deal[0]} // the same hands, turned
	f := newFile(t)
	solveBoth(t, newKeeper().Source(dd.Config{}, f), ld)
	good := record(t, f, tableKey(ld.Deal))
	require.NotNil(t, good)

	lie := dd.Table{}
	lie.Tricks[cards.NoTrump][cards.North] = 13
	cases := map[string][]byte{
		"sealed with another key": seal([]byte("not the user's key"), tableKey(ld.Deal), encodeTable(lie)),
		"a byte changed":          append([]byte{good[0] ^ 1}, good[1:]...),
		"cut short":               good[:len(good)-1],
		"another deal's record":   nil, // filled below
	}
	solveBoth(t, newKeeper().Source(dd.Config{}, f), other)
	cases["another deal's record"] = record(t, f, tableKey(other.Deal))
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			put(t, f, tableKey(ld.Deal), v)
			k := newKeeper()
			tb, err := k.Source(dd.Config{}, f).Table(ld.Deal)
			require.NoError(t, err)
			assert.Equal(t, int64(1), k.Solves(), "solved again")
			assert.Equal(t, ld.Table, tb.DDSOrder(), "the solver's answer, not the record's")
			assert.Equal(t, good, record(t, f, tableKey(ld.Deal)), "written again")
		})
	}

	// A trace record that does not fit the play (a forger who has the
	// key, or a bug) is not believed either.
	put(t, f, traceKey(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played]),
		seal(f.key, traceKey(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played]), []byte{byte(ld.Leader), 9, 9}))
	k := newKeeper()
	_, tr := solveBoth(t, k.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(1), k.Solves(), "the trace solved again")
	assert.Equal(t, ld.Trace[:played+1], tr.Tricks)
}

// A store opened without a key keeps nothing and believes nothing.
func TestNoKeyKeepsNothing(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	solveBoth(t, newKeeper().Source(dd.Config{}, f), ld)
	keyless := &file{path: f.path}
	k := newKeeper()
	solveBoth(t, k.Source(dd.Config{}, keyless), ld)
	assert.Equal(t, int64(2), k.Solves())
}

// A change of the solver's version: what the old one kept is not
// believed, and the first write drops all of it.
func TestSolverVersionChangeDiscards(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	old := version
	t.Cleanup(func() { version = old })
	solveBoth(t, newKeeper().Source(dd.Config{}, f), ld)
	traceAt := traceKey(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played])
	require.NotNil(t, record(t, f, traceAt))

	version = old + 1
	k := newKeeper()
	tb, err := k.Source(dd.Config{}, f).Table(ld.Deal)
	require.NoError(t, err)
	assert.Equal(t, int64(1), k.Solves(), "the old version's table is solved again")
	assert.Equal(t, ld.Table, tb.DDSOrder())
	assert.Nil(t, record(t, f, traceAt), "the old version's trace is dropped")
	v, ok := open(f.key, versionKey, record(t, f, versionKey))
	require.True(t, ok)
	assert.Equal(t, []byte{0, 0, 0, 0, 0, 0, 0, byte(old + 1)}, v)

	next := newKeeper()
	solveBoth(t, next.Source(dd.Config{}, f), ld)
	assert.Equal(t, int64(1), next.Solves(), "the table kept under the new version; the trace solved")
}

// A place that cannot be had at once (another process writes it) costs
// only the keeping: the answers are solved.
func TestPlaceInUse(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	st, err := f.Open(true) // a writer holds the file
	require.NoError(t, err)
	defer st.Close()
	k := newKeeper()
	tb, _ := solveBoth(t, k.Source(dd.Config{}, f), ld)
	assert.Equal(t, ld.Table, tb.DDSOrder())
	assert.Equal(t, int64(2), k.Solves())
}

// Each table is solved once a process, however many ask at once.
func TestTablesAreKept(t *testing.T) {
	ld := deal(t)
	k := newKeeper()
	var wg sync.WaitGroup
	got := make([]dd.Table, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			got[i], err = k.Source(dd.Config{}, nil).Table(ld.Deal)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	assert.Equal(t, int64(1), k.Solves())
	assert.Equal(t, 1, k.tables.len())
	for _, g := range got {
		assert.Equal(t, ld.Table, g.DDSOrder())
	}
	short := append(cards.Deal(nil), ld.Deal...)
	short[0] = short[0].Remove(short[0].Cards()[0])
	_, err := k.Source(dd.Config{}, nil).Table(short)
	assert.True(t, errors.Is(err, ddhand.ErrNotBridgeDeal))
}

func TestMemoIsBounded(t *testing.T) {
	m := newMemo[int, int](3)
	calls := 0
	for _, k := range []int{1, 2, 3, 1, 4, 1, 2} {
		v, err := m.get(k, func() (int, error) { calls++; return k * 10, nil })
		require.NoError(t, err)
		assert.Equal(t, k*10, v)
	}
	assert.Equal(t, 3, m.len())
	// 1, 2, 3 computed; 1 kept; 4 drops 2 (1 was used since); 1 kept; 2
	// again.
	assert.Equal(t, 5, calls)
	assert.Panics(t, func() { _, _ = m.get(9, func() (int, error) { panic("boom") }) })
	v, err := m.get(9, func() (int, error) { return 90, nil })
	assert.NoError(t, err, "a panic is not kept")
	assert.Equal(t, 90, v)
}

// gated is the test binary's solver, held back until released: what a
// slow solve looks like to whoever must not wait for it.
type gated struct{ release chan struct{} }

func (g gated) Table(d cards.Deal) (dd.Table, error) {
	<-g.release
	return once.Table(d)
}

func (g gated) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error) {
	<-g.release
	return once.Trace(d, strain, leader, seq)
}

// A Ready source never waits for the solver: what is not known is started
// in the background, and given (and kept beside the log) once solved.
func TestReadyNeverWaits(t *testing.T) {
	ld := deal(t)
	f := newFile(t)
	g := gated{release: make(chan struct{})}
	k := New()
	k.solver = func(dd.Config) ddhand.Solutions { return g }
	r := k.Ready(dd.Config{}, f)
	_, err := r.Table(ld.Deal)
	assert.ErrorIs(t, err, ErrNotReady)
	_, err = r.Trace(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played])
	assert.ErrorIs(t, err, ErrNotReady)
	_, err = r.Table(ld.Deal)
	assert.ErrorIs(t, err, ErrNotReady, "still being solved: asked again, not solved twice")
	close(g.release)

	tb, tr := solveBoth(t, k.Source(dd.Config{}, f), ld) // waits for the solves under way
	assert.Equal(t, int64(2), k.Solves())
	assert.Equal(t, ld.Table, tb.DDSOrder())
	got, err := r.Table(ld.Deal)
	require.NoError(t, err)
	assert.Equal(t, tb, got)
	gotTr, err := r.Trace(ld.Deal, ld.Strain, ld.Leader, ld.Play[:played])
	require.NoError(t, err)
	assert.Equal(t, tr, gotTr)

	// Kept beside the log: a new process's Ready gives it at once.
	next := newKeeper()
	got, err = next.Ready(dd.Config{}, f).Table(ld.Deal)
	require.NoError(t, err)
	assert.Equal(t, tb, got)
	assert.Equal(t, int64(0), next.Solves())
}
