// Package bolt is the events.Store that hoyle keeps on disk: one bbolt file.
//
// Layout (format 1):
//
//	meta      "format" -> store format version (uvarint); "app" -> "hoyle"
//	log       position (8 bytes, big-endian) -> encoded envelope
//	ids       event ID (16 bytes) -> position
//	sessions  session ID -> bucket of version (8 bytes) -> position
//	heads     session ID -> version, head hash, first and last position
//	order     first position (8 bytes) -> session ID: sessions in the order opened
//
// Each event is stored once, under its global position; the other buckets
// are indexes. Every append is one bbolt transaction, fsynced before Append
// returns: an acknowledged event survives a crash.
package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	bbolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/hoyle/hoyle/events"
)

// Format is the store format this package writes. A file with a higher
// format was written by a newer hoyle and is refused rather than misread.
const Format = 1

var (
	bucketMeta     = []byte("meta")
	bucketLog      = []byte("log")
	bucketIDs      = []byte("ids")
	bucketSessions = []byte("sessions")
	bucketHeads    = []byte("heads")
	bucketOrder    = []byte("order")
	keyFormat      = []byte("format")
	keyApp         = []byte("app")
	appName        = []byte("hoyle")
)

// Options says how to open a database.
type Options struct {
	// ReadOnly opens without taking the write lock: several readers may
	// share the file, but not with a writer in the middle of an append.
	ReadOnly bool
	// Create makes the file if it does not exist. Without it a missing file
	// is fs.ErrNotExist.
	Create bool
	// LockTimeout is how long to wait for another process to let go of the
	// file; 0 means one second. It never waits forever.
	LockTimeout time.Duration
	// NoSync skips fsync on commit: only for benchmarks and bulk tests,
	// never for a scorer's table.
	NoSync bool
	// Bulk is how many bytes a command that writes much (an import, a
	// simulation) expects to add: room for them is mapped up front, so
	// the file grows into the mapping instead of being remapped again and
	// again. A table entry gives 0, and a small file stays small: bbolt
	// grows a file by 16 MiB steps once more than 16 MiB are mapped.
	Bulk int64
	// LetGo, for a store opened read-only, is how long a read of many
	// events holds the file before it lets go of it between two of its
	// transactions, and opens it again for the next: a writer waiting on
	// it (a scorer's entry) gets in meanwhile, and waits no longer than
	// this. 0 holds the file until Close (verify, which checks the file as
	// one state).
	LetGo time.Duration
	// SnapshotKey seals the checkpoints (events.SessionSnapshots): the
	// caller keeps it away from the file (hoyle: in the user's data
	// directory). Without one, checkpoints are neither written nor
	// believed, and readers fold the log.
	SnapshotKey []byte
}

// letGoPause is how long a read that let go of the file waits before it
// opens it again: longer than a waiting writer takes to look (hoyle looks
// every 2 ms), so that the writer gets in first.
const letGoPause = 4 * time.Millisecond

// reopenWait bounds how long a read that let go of the file waits to open
// it again: a writer holds it for an entry, or for an import.
const reopenWait = 30 * time.Second

// maxBulkMmap bounds the address space mapped up front for a bulk write
// (Options.Bulk); it costs no memory until pages are touched.
const maxBulkMmap = 64 << 20

// bulkMmap is what to map for a bulk write of about n bytes: the next power
// of two above twice n (the indexes and the B+tree's slack), from 1 MiB to
// 64 MiB.
func bulkMmap(n int64) int {
	size := 1 << 20
	for int64(size) < 2*n && size < maxBulkMmap {
		size <<= 1
	}
	return size
}

// Store is an events.Store in a bbolt file.
type Store struct {
	db       *bbolt.DB // nil while a read has let go of the file (Options.LetGo)
	path     string
	readOnly bool
	opt      Options
	held     time.Time // when the file was last opened
	// read counts the bytes of records read since the mapped pages were
	// last dropped (see dropRead).
	read int
}

var _ events.Store = (*Store)(nil)

// Open opens (or with Create, creates) the hoyle database at path. It fails
// with events.ErrLocked when another process holds it, events.ErrNotDatabase
// when the file is not a hoyle database, and events.ErrFutureFormat when a
// newer hoyle wrote it; in none of these cases is the file changed.
func Open(path string, opt Options) (s *Store, err error) {
	st, statErr := os.Stat(path)
	switch {
	case statErr == nil && st.IsDir():
		return nil, fmt.Errorf("%w: %s is a directory", events.ErrNotDatabase, path)
	case statErr == nil && st.Size() == 0:
		// bbolt would quietly turn an empty file into a database.
		return nil, fmt.Errorf("%w: %s is an empty file", events.ErrNotDatabase, path)
	case errors.Is(statErr, fs.ErrNotExist) && !opt.Create:
		return nil, fmt.Errorf("no database at %s: %w", path, fs.ErrNotExist)
	case errors.Is(statErr, fs.ErrNotExist) && opt.ReadOnly:
		return nil, fmt.Errorf("no database at %s: %w", path, fs.ErrNotExist)
	}
	fresh := errors.Is(statErr, fs.ErrNotExist)
	timeout := opt.LockTimeout
	if timeout <= 0 {
		timeout = time.Second
	}
	if fresh {
		// A crash while bbolt lays out a new file would leave an empty or
		// half-made file at path, which every later Open refuses: so the
		// database is made whole under a temporary name, then linked in.
		if err := create(path, timeout, opt.NoSync); err != nil {
			return nil, err
		}
		fresh = false
	}
	defer guardFaults()()
	defer func() {
		// A damaged file can make bbolt panic while mapping it.
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("%w: %s is damaged (%v)", events.ErrNotDatabase, path, r)
		}
	}()
	if !fresh && !opt.ReadOnly {
		// Opening for writing, bbolt reads the freelist page through its
		// memory map before we can look at the file. In a file cut short
		// that page may be past the end: a fault, which would leave the file
		// mapped and locked. So look first, read-only: that reads only
		// the meta pages, which bbolt checks are there.
		if err := preflight(path, timeout); err != nil {
			return nil, err
		}
	}
	bo := &bbolt.Options{Timeout: timeout, ReadOnly: opt.ReadOnly, NoSync: opt.NoSync, FreelistType: bbolt.FreelistMapType}
	if opt.Bulk > 0 {
		bo.InitialMmapSize = bulkMmap(opt.Bulk)
	}
	db, err := bbolt.Open(path, 0o600, bo)
	if err != nil {
		return nil, openError(path, fresh, err)
	}
	s = &Store{db: db, path: path, readOnly: opt.ReadOnly, opt: opt, held: time.Now()}
	if err := s.checkOrInit(fresh); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// create makes a new, empty hoyle database at path, all or nothing: it is
// written and synced under a temporary name in the same directory, then
// linked to path. If another process created path meanwhile, that database
// is kept and this one dropped. A crash leaves at most a stray temporary
// file (".NAME.new-*"), never a damaged database at path.
func create(path string, timeout time.Duration, noSync bool) error {
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+".new-*")
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	defer os.Remove(tmp) // once linked, path names the file; tmp is a second name
	db, err := bbolt.Open(tmp, 0o600, &bbolt.Options{Timeout: timeout, NoSync: noSync, FreelistType: bbolt.FreelistMapType})
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	err = (&Store{db: db, path: tmp}).checkOrInit(true)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil // another process created it first: open theirs
		}
		// A file system without hard links: rename, which would replace a
		// database created meanwhile, so only while there is none.
		if _, statErr := os.Lstat(path); !errors.Is(statErr, fs.ErrNotExist) {
			return nil
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("creating %s: %w", path, err)
		}
	}
	if !noSync {
		syncDir(dir)
	}
	return nil
}

// syncDir makes a new directory entry durable. Not every system can sync a
// directory; the entry is then as durable as the system makes it.
func syncDir(dir string) {
	if dir == "" {
		dir = "."
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// preflight opens an existing file read-only to check that it is not cut
// short.
func preflight(path string, timeout time.Duration) error {
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: timeout, ReadOnly: true})
	if err != nil {
		return openError(path, false, err)
	}
	defer db.Close()
	return db.View(func(tx *bbolt.Tx) error { return checkSize(tx, path) })
}

// checkSize refuses a file cut short (a bad copy, a full disk): it lacks
// pages that its meta page counts on.
func checkSize(tx *bbolt.Tx, path string) error {
	if st, err := os.Stat(path); err == nil && st.Size() < tx.Size() {
		return fmt.Errorf("%w: %s is cut short (%d bytes of %d); restore it from a backup", events.ErrNotDatabase, path, st.Size(), tx.Size())
	}
	return nil
}

// openError says why bbolt.Open failed, in hoyle's errors.
func openError(path string, fresh bool, err error) error {
	switch {
	case errors.Is(err, bolterrors.ErrTimeout):
		return fmt.Errorf("%w (%s); wait for it to finish and try again", events.ErrLocked, path)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum),
		errors.Is(err, bolterrors.ErrVersionMismatch):
		return fmt.Errorf("%w: %s (%v)", events.ErrNotDatabase, path, err)
	case !fresh && !isOSError(err):
		// bbolt's other complaints about an existing file are about its
		// content: "file size too small" for one cut short.
		return fmt.Errorf("%w: %s (%v)", events.ErrNotDatabase, path, err)
	}
	return fmt.Errorf("opening %s: %w", path, err)
}

// isOSError reports whether err came from the operating system (permission
// denied, out of memory...) rather than from bbolt reading the file.
func isOSError(err error) bool {
	var pathErr *fs.PathError
	var errno syscall.Errno
	return errors.As(err, &pathErr) || errors.As(err, &errno)
}

// Path is the file the store lives in.
func (s *Store) Path() string { return s.path }

func (s *Store) checkOrInit(fresh bool) error {
	check := func(tx *bbolt.Tx) error {
		if err := checkSize(tx, s.path); err != nil {
			return err // before reading any page that may not be there
		}
		meta := tx.Bucket(bucketMeta)
		if meta == nil || !bytes.Equal(meta.Get(keyApp), appName) {
			return fmt.Errorf("%w: %s is a bbolt file but not one hoyle wrote", events.ErrNotDatabase, s.path)
		}
		f, n := binary.Uvarint(meta.Get(keyFormat))
		switch {
		case n <= 0:
			return fmt.Errorf("%w: %s has no store format", events.ErrNotDatabase, s.path)
		case f > Format:
			return fmt.Errorf("%w: %s has store format %d, this hoyle reads up to %d; upgrade hoyle", events.ErrFutureFormat, s.path, f, Format)
		}
		for _, name := range [][]byte{bucketLog, bucketIDs, bucketSessions, bucketHeads, bucketOrder} {
			if tx.Bucket(name) == nil {
				return fmt.Errorf("%w: %s lacks its %s index", events.ErrNotDatabase, s.path, name)
			}
		}
		return nil
	}
	if !fresh {
		return s.view(check)
	}
	return s.update(func(tx *bbolt.Tx) error {
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		if err := meta.Put(keyApp, appName); err != nil {
			return err
		}
		if err := meta.Put(keyFormat, binary.AppendUvarint(nil, Format)); err != nil {
			return err
		}
		for _, name := range [][]byte{bucketLog, bucketIDs, bucketSessions, bucketHeads, bucketOrder} {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		return nil
	})
}

// view and update run a transaction, turning a panic inside bbolt (a damaged
// page) into events.ErrCorrupt instead of a crash.
func (s *Store) view(fn func(*bbolt.Tx) error) (err error) {
	if err := s.hold(); err != nil {
		return err
	}
	defer guardFaults()()
	defer recoverCorrupt(&err, s.path)
	return s.db.View(fn)
}

// hold opens the file again if a read let go of it.
func (s *Store) hold() error {
	if s.db != nil {
		return nil
	}
	time.Sleep(letGoPause)
	db, err := bbolt.Open(s.path, 0o600, &bbolt.Options{Timeout: reopenWait, ReadOnly: true, FreelistType: bbolt.FreelistMapType})
	if err != nil {
		return openError(s.path, false, err)
	}
	s.db, s.held = db, time.Now()
	return nil
}

// letGo closes the file, between two transactions of a long read, once the
// read has held it for Options.LetGo: the next transaction opens it again
// (hold). The log only grows, so the read goes on where it was.
func (s *Store) letGo() {
	if s.db == nil || !s.readOnly || s.opt.LetGo <= 0 || time.Since(s.held) < s.opt.LetGo {
		return
	}
	s.db.Close()
	s.db = nil
}

func (s *Store) update(fn func(*bbolt.Tx) error) (err error) {
	if s.readOnly {
		return events.ErrReadOnly
	}
	defer guardFaults()()
	defer recoverCorrupt(&err, s.path)
	return s.db.Update(fn)
}

// guardFaults turns a fault on the memory-mapped file (bbolt reading past the
// end of a file cut short) into a panic that the recover around it catches:
// by default the runtime crashes the whole program with SIGBUS. Use it as
// defer guardFaults()(), in the function that recovers.
func guardFaults() (restore func()) {
	old := debug.SetPanicOnFault(true)
	return func() { debug.SetPanicOnFault(old) }
}

func recoverCorrupt(err *error, path string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s is damaged (%v); restore it from a backup (hoyle export --format json)", events.ErrCorrupt, path, r)
	}
}

func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func getU64(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

// head is what the heads bucket stores for a session.
type head struct {
	version     uint64
	hash        events.Hash
	first, last uint64
}

func (h head) encode() []byte {
	b := make([]byte, 0, 8+32+16)
	b = binary.BigEndian.AppendUint64(b, h.version)
	b = append(b, h.hash[:]...)
	b = binary.BigEndian.AppendUint64(b, h.first)
	return binary.BigEndian.AppendUint64(b, h.last)
}

func decodeHead(b []byte) (head, bool) {
	if len(b) != 8+32+16 {
		return head{}, false
	}
	var h head
	h.version = binary.BigEndian.Uint64(b)
	copy(h.hash[:], b[8:40])
	h.first = binary.BigEndian.Uint64(b[40:])
	h.last = binary.BigEndian.Uint64(b[48:])
	return h, true
}

// Append implements events.Store.
func (s *Store) Append(ctx context.Context, batches ...events.Batch) ([]events.Envelope, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := events.CheckBatches(batches); err != nil {
		return nil, err
	}
	var out []events.Envelope
	err := s.update(func(tx *bbolt.Tx) error {
		logB, ids, sessions, heads, order := tx.Bucket(bucketLog), tx.Bucket(bucketIDs),
			tx.Bucket(bucketSessions), tx.Bucket(bucketHeads), tx.Bucket(bucketOrder)
		logB.FillPercent = 1 // positions only grow: pack pages full
		if err := checkSequence(logB); err != nil {
			return err
		}
		plan, stored, err := events.Stage(stageSource{logB, ids, heads}, logB.Sequence()+1, batches)
		if err != nil {
			return err
		}
		for _, p := range plan {
			if len(p.Envs) == 0 {
				continue
			}
			sb, err := sessions.CreateBucketIfNotExists([]byte(p.Session))
			if err != nil {
				return err
			}
			sb.FillPercent = 1
			for _, e := range p.Envs {
				pos := u64(e.Position)
				// A new buffer each time: bbolt keeps the slice it is given
				// until the transaction commits.
				if err := logB.Put(pos, e.MarshalRecord(make([]byte, 0, 256))); err != nil {
					return err
				}
				if err := ids.Put(e.ID[:], pos); err != nil {
					return err
				}
				if err := sb.Put(u64(e.Version), pos); err != nil {
					return err
				}
			}
			if p.Opens {
				if err := order.Put(u64(p.Head.First), []byte(p.Session)); err != nil {
					return err
				}
			}
			h := head{version: p.Head.Version, hash: p.Head.Hash, first: p.Head.First, last: p.Head.Last}
			if err := heads.Put([]byte(p.Session), h.encode()); err != nil {
				return err
			}
			if err := logB.SetSequence(p.Head.Last); err != nil {
				return err
			}
		}
		out = stored
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// stageSource answers events.Stage from the buckets of the append's
// transaction.
type stageSource struct{ logB, ids, heads *bbolt.Bucket }

func (src stageSource) Lookup(id events.ID) (events.Envelope, bool, error) {
	pos := src.ids.Get(id[:])
	if pos == nil {
		return events.Envelope{}, false, nil
	}
	e, err := readAt(src.logB, getU64(pos), true)
	return e, err == nil, err
}

func (src stageSource) Head(session string) (events.Head, bool, error) {
	h, ok := decodeHead(src.heads.Get([]byte(session)))
	return events.Head{Version: h.version, Hash: h.hash, First: h.first, Last: h.last}, ok, nil
}

func readAt(logB *bbolt.Bucket, pos uint64, decode bool) (events.Envelope, error) {
	return readWith(nil, logB, pos, decode)
}

// readWith reads the record at pos with records (nil: a one-off read).
func readWith(records *events.RecordReader, logB *bbolt.Bucket, pos uint64, decode bool) (events.Envelope, error) {
	var key [8]byte
	binary.BigEndian.PutUint64(key[:], pos)
	v := logB.Get(key[:])
	if v == nil {
		return events.Envelope{}, fmt.Errorf("%w: the index points at position %d, which is missing", events.ErrCorrupt, pos)
	}
	var e events.Envelope
	var err error
	if records == nil {
		e, err = events.UnmarshalRecord(v, pos, true)
	} else {
		e, err = records.Read(v, pos)
	}
	if err == nil && decode {
		err = e.Decode()
	}
	return e, err
}

// chunk is the most events a read takes per transaction. Reading in chunks
// keeps no transaction open while the caller works, so a caller may append
// between chunks without deadlocking on bbolt's remap. Reads start with
// firstChunk and double: many readers stop after a few events (the opening
// event, the latest hand), and must not pay for thousands.
const (
	chunk      = 2048
	firstChunk = 16
)

// ReadSession implements events.Store.
func (s *Store) ReadSession(ctx context.Context, session string, from uint64) iter.Seq2[events.Envelope, error] {
	if from == 0 {
		from = 1
	}
	return s.readSession(ctx, session, from, false)
}

// ReadSessionBackward implements events.Store.
func (s *Store) ReadSessionBackward(ctx context.Context, session string) iter.Seq2[events.Envelope, error] {
	return s.readSession(ctx, session, 0, true)
}

// readSession reads a session's events in chunks, forwards from version
// from, or backwards from version from (0: from the last).
func (s *Store) readSession(ctx context.Context, session string, from uint64, backward bool) iter.Seq2[events.Envelope, error] {
	return s.readChunks(ctx, func() chunkReader {
		next := from // per range: ranging over the sequence again starts again at from
		size := firstChunk
		var records events.RecordReader
		return func(tx *bbolt.Tx, buf []events.Envelope) ([]events.Envelope, bool, error) {
			sb := tx.Bucket(bucketSessions).Bucket([]byte(session))
			if sb == nil {
				return nil, false, fmt.Errorf("%w: %s", events.ErrNoSession, session)
			}
			logB := tx.Bucket(bucketLog)
			c := sb.Cursor()
			step := c.Next
			if backward {
				step = c.Prev
			}
			var k, v []byte
			if backward && next == 0 {
				k, v = c.Last()
			} else {
				k, v = c.Seek(u64(next))
			}
			for ; k != nil; k, v = step() {
				if len(buf) == size {
					next = getU64(k)
					size = min(2*size, chunk)
					return buf, true, nil
				}
				e, err := readWith(&records, logB, getU64(v), true)
				if err != nil {
					return buf, false, err
				}
				s.read += len(e.Raw) + 100
				buf = append(buf, e)
			}
			return buf, false, nil
		}
	})
}

// ReadAll implements events.Store.
func (s *Store) ReadAll(ctx context.Context, from uint64, decode bool) iter.Seq2[events.Envelope, error] {
	if from == 0 {
		from = 1
	}
	return s.readChunks(ctx, func() chunkReader {
		from := from // per range: ranging over the sequence again starts again at from
		var records events.RecordReader
		size := firstChunk
		return func(tx *bbolt.Tx, buf []events.Envelope) ([]events.Envelope, bool, error) {
			c := tx.Bucket(bucketLog).Cursor()
			for k, v := c.Seek(u64(from)); k != nil; k, v = c.Next() {
				if len(buf) == size {
					from = getU64(k)
					size = min(2*size, chunk)
					return buf, true, nil
				}
				e, err := records.Read(v, getU64(k))
				if err == nil && decode {
					err = e.Decode()
				}
				if err != nil {
					return buf, false, err
				}
				s.read += len(v)
				buf = append(buf, e)
			}
			return buf, false, nil
		}
	})
}

var _ events.LogScanner = (*Store)(nil)

// ScanLog implements events.LogScanner: the log's records as stored, read
// in transactions of chunk records, the file's mapped pages dropped as the
// read goes, as ReadAll's are.
func (s *Store) ScanLog(ctx context.Context, from uint64, fn func(pos uint64, rec []byte) bool) error {
	if from == 0 {
		from = 1
	}
	long := false
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		more, stop := false, false
		var size int64
		err := s.view(func(tx *bbolt.Tx) error {
			size = tx.Size()
			c := tx.Bucket(bucketLog).Cursor()
			n := 0
			for k, v := c.Seek(u64(from)); k != nil; k, v = c.Next() {
				if n == chunk {
					from, more = getU64(k), true
					return nil
				}
				n++
				s.read += len(v)
				if !fn(getU64(k), v) {
					stop = true
					return nil
				}
			}
			return nil
		})
		if !more && long {
			s.read = dropAfter // the end of a long read: what it mapped is dropped now
		}
		s.dropRead(size)
		if err != nil || stop || !more {
			return err
		}
		long = true
		s.letGo()
	}
}

// chunkReader reads the next chunk into buf, and says whether more follow.
type chunkReader func(tx *bbolt.Tx, buf []events.Envelope) ([]events.Envelope, bool, error)

// readChunks runs a reader in successive transactions, yielding what each one
// read after the transaction has closed. Each range over the sequence gets a
// new reader from newReader, so that it starts again from the start.
func (s *Store) readChunks(ctx context.Context, newReader func() chunkReader) iter.Seq2[events.Envelope, error] {
	return func(yield func(events.Envelope, error) bool) {
		read := newReader()
		buf := make([]events.Envelope, 0, 64)
		long := false // the read let go of the file at least once
		for {
			if err := ctx.Err(); err != nil {
				yield(events.Envelope{}, err)
				return
			}
			var more bool
			var readErr error
			var size int64
			err := s.view(func(tx *bbolt.Tx) error {
				buf, more, readErr = read(tx, buf[:0])
				size = tx.Size()
				return nil
			})
			if !more && long {
				// The end of a long read: what it mapped is dropped now,
				// not left resident beside what its reader goes on to do
				// with it (a checkpoint folded from a whole session).
				s.read = dropAfter
			}
			s.dropRead(size)
			if more {
				long = true
				s.letGo()
			}
			for _, e := range buf {
				if !yield(e, nil) {
					return
				}
			}
			if err == nil {
				err = readErr
			}
			if err != nil {
				yield(events.Envelope{}, err)
				return
			}
			if !more {
				return
			}
		}
	}
}

// dropAfter is how many bytes of records a long read takes through the
// file's mapping before it drops the pages it has mapped (dropPages).
const dropAfter = 4 << 20

// dropRead drops the file's mapped pages (the first size bytes) once a
// read has gone through dropAfter bytes of records since it last did: a
// read of the whole log then keeps a few megabytes of the file resident,
// not the file.
func (s *Store) dropRead(size int64) {
	if s.read < dropAfter {
		return
	}
	s.read = 0
	if s.db != nil {
		dropPages(s.db.Info().Data, int(size))
	}
}

// Session implements events.Store.
func (s *Store) Session(ctx context.Context, session string) (events.SessionInfo, error) {
	var info events.SessionInfo
	err := s.view(func(tx *bbolt.Tx) error {
		h, ok := decodeHead(tx.Bucket(bucketHeads).Get([]byte(session)))
		if !ok {
			return fmt.Errorf("%w: %s", events.ErrNoSession, session)
		}
		info = events.SessionInfo{ID: session, Version: h.version, Head: h.hash, First: h.first, Last: h.last}
		return nil
	})
	return info, err
}

// Sessions implements events.Store.
func (s *Store) Sessions(ctx context.Context) ([]events.SessionInfo, error) {
	var out []events.SessionInfo
	err := s.view(func(tx *bbolt.Tx) error {
		heads := tx.Bucket(bucketHeads)
		return tx.Bucket(bucketOrder).ForEach(func(_, id []byte) error {
			h, ok := decodeHead(heads.Get(id))
			if !ok {
				return fmt.Errorf("%w: session %s has no head", events.ErrCorrupt, id)
			}
			out = append(out, events.SessionInfo{ID: string(id), Version: h.version, Head: h.hash, First: h.first, Last: h.last})
			return nil
		})
	})
	return out, err
}

// LastSession is the ID of the session opened most recently, or ErrNoSession
// if the database has none. Cheaper than Sessions on a large file.
func (s *Store) LastSession(ctx context.Context) (string, error) {
	var id string
	err := s.view(func(tx *bbolt.Tx) error {
		k, v := tx.Bucket(bucketOrder).Cursor().Last()
		if k == nil {
			return fmt.Errorf("%w: the database has no sessions yet", events.ErrNoSession)
		}
		id = string(v)
		return nil
	})
	return id, err
}

// Close implements events.Store.
func (s *Store) Close() error {
	if s.db == nil {
		return nil
	}
	return s.db.Close()
}
