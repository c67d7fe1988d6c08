package ddkeep

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
)

// Name is the name of the set of derived data the analysis is kept in
// (events.DerivedData).
const Name = "dd"

// A Keeper keeps the solver's answers for the process, and counts how many
// it has had to solve.
type Keeper struct {
	tables *memo[[4]cards.Set, dd.Table]
	traces *memo[string, dd.PlayTrace]
	solves atomic.Int64
	// places is held while the keeper opens a place: a file is locked by
	// each open, even by two of one process, so that a table and a trace
	// solved at once (Ready) would otherwise find each other's write in
	// the way, and one of them go unkept.
	places sync.Mutex
	// solver computes what is not kept: the solver itself, but for the
	// tests, which count its calls and solve each deal once.
	solver func(dd.Config) ddhand.Solutions
}

func solve(cfg dd.Config) ddhand.Solutions { return ddhand.Solve{Config: cfg} }

// New is a keeper with nothing kept yet.
func New() *Keeper {
	// A table costs some hundreds of milliseconds, a play's trace some
	// tens; each answer is a few hundred bytes.
	return &Keeper{tables: newMemo[[4]cards.Set, dd.Table](1024), traces: newMemo[string, dd.PlayTrace](1024), solver: solve}
}

var shared = New()

// Shared is the process's keeper: every command run in the process (the
// record prompt's, the tests') asks it, so that a deal is solved once a
// process.
func Shared() *Keeper { return shared }

// Solves is how many tables and traces k has had to solve: those found in
// the process or beside the log are not counted.
func (k *Keeper) Solves() int64 { return k.solves.Load() }

// Reset forgets every answer kept in the process (not those beside the
// log), for benchmarks that measure the solving.
func (k *Keeper) Reset() {
	k.tables.reset()
	k.traces.reset()
}

// A Place is where answers are kept beside a log: the database a command
// reads. Kept data never keeps anyone waiting: Open fails at once when the
// store cannot be had (another process writes it), and the answer is then
// solved, or not kept, this time.
type Place interface {
	// Open opens the store to read (write false) or to write.
	Open(write bool) (Store, error)
}

// Store is a store's derived data, opened by a Place for one read or write.
type Store interface {
	events.DerivedData
	Close() error
}

// Source gives ddhand the answers of k, solving with cfg those it does not
// have, and looking for them in (and keeping them at) place: nil keeps
// them in the process only.
func (k *Keeper) Source(cfg dd.Config, place Place) ddhand.Solutions {
	return source{k: k, cfg: cfg, place: place}
}

// source is a keeper's answers for one place.
type source struct {
	k     *Keeper
	cfg   dd.Config
	place Place
}

// Table implements ddhand.Solutions.
func (s source) Table(d cards.Deal) (dd.Table, error) {
	if err := ddhand.CheckDeal(d); err != nil {
		return dd.Table{}, err
	}
	return s.k.tables.get([4]cards.Set{d[0], d[1], d[2], d[3]}, func() (dd.Table, error) {
		key := tableKey(d)
		if t, ok := decodeTable(s.read(key)); ok {
			return t, nil
		}
		s.k.solves.Add(1)
		t, err := s.k.solver(s.cfg).Table(d)
		if err == nil {
			s.write(key, encodeTable(t))
		}
		return t, err
	})
}

// Trace implements ddhand.Solutions.
func (s source) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error) {
	if err := ddhand.CheckDeal(d); err != nil {
		return dd.PlayTrace{}, err
	}
	key := traceKey(d, strain, leader, seq)
	return s.k.traces.get(string(key), func() (dd.PlayTrace, error) {
		if tr, ok := decodeTrace(s.read(key), d, leader, len(seq)); ok {
			return tr, nil
		}
		s.k.solves.Add(1)
		tr, err := s.k.solver(s.cfg).Trace(d, strain, leader, seq)
		if err == nil {
			s.write(key, encodeTrace(tr))
		}
		return tr, err
	})
}

// ErrNotReady: an answer asked of a Ready source is being solved, not yet
// known.
var ErrNotReady = errors.New("the double-dummy analysis is being solved")

// Ready is Source for whoever must not wait for the solver (the record
// prompt's show): an answer kept in the process or at place is given at
// once; any other is started solving in the background, as Source solves
// and keeps it, and ErrNotReady returned meanwhile. The process must go on
// running for the answer to be kept: the prompt does.
func (k *Keeper) Ready(cfg dd.Config, place Place) ddhand.Solutions {
	return ready{source{k: k, cfg: cfg, place: place}}
}

// ready is a source that never waits for the solver.
type ready struct{ s source }

// Table implements ddhand.Solutions.
func (r ready) Table(d cards.Deal) (dd.Table, error) {
	if err := ddhand.CheckDeal(d); err != nil {
		return dd.Table{}, err
	}
	if t, err, ok := r.s.k.tables.ready([4]cards.Set{d[0], d[1], d[2], d[3]}); ok {
		return t, err
	}
	if _, ok := decodeTable(r.s.read(tableKey(d))); ok {
		return r.s.Table(d) // found beside the log: kept in the process too, at once
	}
	go func() { _, _ = r.s.Table(d) }()
	return dd.Table{}, ErrNotReady
}

// Trace implements ddhand.Solutions.
func (r ready) Trace(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) (dd.PlayTrace, error) {
	if err := ddhand.CheckDeal(d); err != nil {
		return dd.PlayTrace{}, err
	}
	key := traceKey(d, strain, leader, seq)
	if tr, err, ok := r.s.k.traces.ready(string(key)); ok {
		return tr, err
	}
	if _, ok := decodeTrace(r.s.read(key), d, leader, len(seq)); ok {
		return r.s.Trace(d, strain, leader, seq)
	}
	seq = append([]cards.Card(nil), seq...) // the caller's, which it may change
	go func() { _, _ = r.s.Trace(d, strain, leader, seq) }()
	return dd.PlayTrace{}, ErrNotReady
}

// read is the body of the record kept under key at the place, its seal
// checked: nil when there is none, or it is not believed.
func (s source) read(key []byte) []byte {
	if s.place == nil {
		return nil
	}
	s.k.places.Lock()
	defer s.k.places.Unlock()
	st, err := s.place.Open(false)
	if err != nil {
		return nil
	}
	defer st.Close()
	v, err := st.ReadDerived(context.Background(), Name, key)
	if err != nil {
		return nil
	}
	body, ok := open(st.SnapshotKey(), key, v)
	if !ok {
		return nil
	}
	return body
}

// write keeps body under key at the place, if it can be had at once. The
// first write after a change of the solver's version drops what the old
// one kept.
func (s source) write(key, body []byte) {
	if s.place == nil {
		return
	}
	s.k.places.Lock()
	defer s.k.places.Unlock()
	st, err := s.place.Open(true)
	if err != nil {
		return
	}
	defer st.Close()
	mk := st.SnapshotKey()
	if len(mk) == 0 {
		return // nothing is kept that could not be believed
	}
	ctx := context.Background()
	w := events.SnapshotWrite{Put: []events.SnapshotRecord{{Key: key, Value: seal(mk, key, body)}}}
	v, err := st.ReadDerived(ctx, Name, versionKey)
	if err != nil {
		return
	}
	if b, ok := open(mk, versionKey, v); !ok || len(b) != 8 || binary.BigEndian.Uint64(b) != version {
		w.Reset = true
		w.Put = append(w.Put, events.SnapshotRecord{Key: versionKey, Value: seal(mk, versionKey, binary.BigEndian.AppendUint64(nil, version))})
	}
	_ = st.WriteDerived(ctx, Name, w) // a cache: if it cannot be kept now, it is solved again next time
}

// Drop removes every answer kept in st: they are solved again as they are
// asked for.
func Drop(ctx context.Context, st events.DerivedData) error {
	return st.WriteDerived(ctx, Name, events.SnapshotWrite{Reset: true})
}

// The kinds of record, each key's first byte.
const (
	kindVersion = 0x00
	kindTable   = 0x01
	kindTrace   = 0x02
)

var versionKey = []byte{kindVersion}

func dealKey(kind byte, d cards.Deal) []byte {
	b := []byte{kind}
	for _, h := range d {
		b = binary.BigEndian.AppendUint64(b, uint64(h))
	}
	return b
}

func tableKey(d cards.Deal) []byte { return dealKey(kindTable, d) }

func traceKey(d cards.Deal, strain cards.Strain, leader cards.Seat, seq []cards.Card) []byte {
	b := append(dealKey(kindTrace, d), byte(strain), byte(leader))
	for _, c := range seq {
		b = append(b, byte(c))
	}
	return b
}

// macSize is how many bytes of a record's seal are kept: half an
// HMAC-SHA-256, as for the checkpoints.
const macSize = 16

// mac is the seal of a record: over the solver's version, the record's key
// and its bytes, with the store's key.
func mac(mk, key, body []byte) []byte {
	m := hmac.New(sha256.New, mk)
	var n [8]byte
	m.Write([]byte("hoyle dd kept 1\x00"))
	binary.BigEndian.PutUint64(n[:], version)
	m.Write(n[:])
	binary.BigEndian.PutUint64(n[:], uint64(len(key)))
	m.Write(n[:])
	m.Write(key)
	m.Write(body)
	return m.Sum(nil)[:macSize]
}

func seal(mk, key, body []byte) []byte {
	return append(append([]byte(nil), body...), mac(mk, key, body)...)
}

// open checks a record's seal and returns its bytes without it: not ok
// when there is no record, no key to check it with, or the seal does not
// hold (damaged, forged, moved from another key, or another version's).
func open(mk, key, v []byte) ([]byte, bool) {
	if len(mk) == 0 || len(v) < macSize {
		return nil, false
	}
	body := v[:len(v)-macSize]
	return body, hmac.Equal(mac(mk, key, body), v[len(v)-macSize:])
}

// encodeTable is a table's 20 values, strain by strain.
func encodeTable(t dd.Table) []byte {
	var b []byte
	for _, row := range t.Tricks {
		for _, v := range row {
			b = append(b, byte(v))
		}
	}
	return b
}

// decodeTable reads a table: not ok unless it is 20 values of 0 to 13.
func decodeTable(b []byte) (dd.Table, bool) {
	var t dd.Table
	if len(b) != 20 {
		return t, false
	}
	for i, v := range b {
		if v > 13 {
			return t, false
		}
		t.Tricks[i/4][i%4] = int(v)
	}
	return t, true
}

// encodeTrace is a trace's declarer, then its values before the lead and
// after each card, then each card's cost.
func encodeTrace(tr dd.PlayTrace) []byte {
	b := []byte{byte(tr.Declarer)}
	for _, v := range tr.Tricks {
		b = append(b, byte(v))
	}
	for _, v := range tr.Cost {
		b = append(b, byte(v))
	}
	return b
}

// decodeTrace reads a trace of a play of n cards from leader: not ok
// unless its declarer is on the leader's right, and it has as many values
// as costs and one, no more costs than cards, each a count of tricks.
func decodeTrace(b []byte, d cards.Deal, leader cards.Seat, n int) (dd.PlayTrace, bool) {
	if len(b) < 2 || len(b)%2 != 0 || cards.Seat(b[0]) != leader.Plus(3, len(d)) {
		return dd.PlayTrace{}, false
	}
	cost := (len(b) - 2) / 2
	if cost > n {
		return dd.PlayTrace{}, false
	}
	tr := dd.PlayTrace{Declarer: cards.Seat(b[0]), Tricks: make([]int, cost+1), Cost: make([]int, cost)}
	for i, v := range b[1:] {
		if v > 13 {
			return dd.PlayTrace{}, false
		}
		if i <= cost {
			tr.Tricks[i] = int(v)
		} else {
			tr.Cost[i-cost-1] = int(v)
		}
	}
	return tr, true
}

// version is the solver's version the records are bound to: dd's, changed
// only by the tests of a change of version.
var version uint64 = dd.SolverVersion
