package bolt

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"

	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
)

// bbolt keeps two meta pages, 0 and 1, and each commit writes the one of
// its transaction's parity; on opening it takes the valid meta page with
// the higher transaction, quietly falling back to the older one when the
// newer is damaged. That fallback loses the last commit without a word, so
// the storage check reads both pages itself. The layout is bbolt's
// (internal/common: a 16-byte page header, then magic, version, page size,
// flags, the root bucket's page and sequence, the freelist page, the high
// water mark, the transaction ID and an FNV-64a checksum of all before it),
// in the machine's byte order, little-endian on every platform hoyle runs.
const (
	metaMagic   = 0xED0CDAED
	metaVersion = 2
	pageHeader  = 16
	metaLen     = 4*4 + 8*5 // magic .. txid, the bytes the checksum covers
)

// meta is what the check reads of a meta page.
type meta struct {
	page     int
	txid     uint64
	pageSize uint32
	valid    bool
	problem  string
}

func readMeta(b []byte, page int) meta {
	m := meta{page: page}
	if len(b) < pageHeader+metaLen+8 {
		m.problem = "the file ends inside it"
		return m
	}
	body := b[pageHeader : pageHeader+metaLen]
	le := binary.LittleEndian
	m.pageSize = le.Uint32(body[8:])
	m.txid = le.Uint64(body[metaLen-8:])
	h := fnv.New64a()
	h.Write(body)
	switch {
	case le.Uint32(body[0:]) != metaMagic:
		m.problem = "its magic number is wrong"
	case le.Uint32(body[4:]) != metaVersion:
		m.problem = "its version is wrong"
	case le.Uint64(b[pageHeader+metaLen:]) != h.Sum64():
		m.problem = "its checksum does not match its content"
	default:
		m.valid = true
	}
	return m
}

// checkMeta reads the two meta pages of the file at path. A damaged meta
// page that held the newer commit means that commit is lost: bbolt reads
// the older one. A damaged older page loses nothing yet, but the file is
// damaged, and is reported as such.
func checkMeta(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	first := make([]byte, 4096)
	if _, err := io.ReadFull(f, first); err != nil {
		return fmt.Errorf("%w: reading the meta pages of %s: %v", events.ErrCorrupt, path, err)
	}
	m0 := readMeta(first, 0)
	pageSize := int64(m0.pageSize)
	if !m0.valid || pageSize < 512 || pageSize > 1<<16 {
		pageSize = int64(os.Getpagesize())
	}
	second := make([]byte, pageHeader+metaLen+8)
	if _, err := f.ReadAt(second, pageSize); err != nil {
		return fmt.Errorf("%w: reading meta page 1 of %s: %v", events.ErrCorrupt, path, err)
	}
	m1 := readMeta(second, 1)
	switch {
	case m0.valid && m1.valid:
		return nil
	case !m0.valid && !m1.valid:
		return fmt.Errorf("%w: both meta pages of %s are damaged (%s; %s)", events.ErrCorrupt, path, m0.problem, m1.problem)
	}
	good, bad := m0, m1
	if !m0.valid {
		good, bad = m1, m0
	}
	if bad.txid > good.txid {
		return fmt.Errorf("%w: meta page %d of %s is damaged (%s): the last commit, transaction %d, is lost; the database reads as it stood after transaction %d",
			events.ErrCorrupt, bad.page, path, bad.problem, bad.txid, good.txid)
	}
	return fmt.Errorf("%w: meta page %d of %s is damaged (%s); the newest commit, transaction %d, is intact, but the file is damaged: copy it with hoyle export --format json and import it into a new database",
		events.ErrCorrupt, bad.page, path, bad.problem, good.txid)
}

// checkSequence: the log bucket's sequence numbers the next event, so it
// must be the position of the last event in the log. A damaged one would
// place the next event far past the end (one bit set at 2^40 did).
func checkSequence(logB *bbolt.Bucket) error {
	var last uint64
	if k, _ := logB.Cursor().Last(); k != nil {
		last = getU64(k)
	}
	if seq := logB.Sequence(); seq != last {
		return fmt.Errorf("%w: the log's counter says %d events, but the last event is at position %d: the database is damaged", events.ErrCorrupt, seq, last)
	}
	return nil
}

// CheckStorage implements events.StorageChecker: both meta pages of the
// file are sound, and the log's counter matches its last event.
func (s *Store) CheckStorage(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := checkMeta(s.path); err != nil {
		return err
	}
	return s.view(func(tx *bbolt.Tx) error { return checkSequence(tx.Bucket(bucketLog)) })
}
