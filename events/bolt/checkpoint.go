package bolt

import (
	"bytes"
	"context"
	"fmt"

	bbolt "go.etcd.io/bbolt"

	"github.com/hoyle/hoyle/events"
)

// Checkpoints are kept in their own bucket, beside the log:
//
//	checkpoints  session ID -> bucket of the session's checkpoint records
//
// The bucket is made by the first write of a checkpoint: a file written by
// a hoyle before checkpoints has none, and is read the long way until a
// writer makes one. No index of the log is in it, and verify does not read
// it: it is a cache of folds, which whoever reads it checks against the
// log (see projections/load).
var bucketCheckpoints = []byte("checkpoints")

var _ events.SessionSnapshots = (*Store)(nil)

// SnapshotKey implements events.SessionSnapshots: Options.SnapshotKey.
func (s *Store) SnapshotKey() []byte { return s.opt.SnapshotKey }

// ReadSnapshot implements events.SessionSnapshots, in one read transaction.
func (s *Store) ReadSnapshot(ctx context.Context, session string, from []byte, fn func(key, value []byte) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.view(func(tx *bbolt.Tx) error {
		root := tx.Bucket(bucketCheckpoints)
		if root == nil {
			return nil
		}
		b := root.Bucket([]byte(session))
		if b == nil {
			return nil
		}
		c := b.Cursor()
		for k, v := c.Seek(from); k != nil; k, v = c.Next() {
			if !fn(k, v) {
				return nil
			}
		}
		return nil
	})
}

// WriteSnapshot implements events.SessionSnapshots, in one transaction,
// fsynced before it returns.
func (s *Store) WriteSnapshot(ctx context.Context, session string, w events.SnapshotWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		if tx.Bucket(bucketHeads).Get([]byte(session)) == nil {
			return nil // no such session: nothing to keep
		}
		root, err := tx.CreateBucketIfNotExists(bucketCheckpoints)
		if err != nil {
			return err
		}
		if w.Reset && root.Bucket([]byte(session)) != nil {
			if err := root.DeleteBucket([]byte(session)); err != nil {
				return err
			}
		}
		b, err := root.CreateBucketIfNotExists([]byte(session))
		if err != nil {
			return err
		}
		if w.Trim != nil {
			c := b.Cursor()
			for k, _ := c.Seek(w.Trim); k != nil && bytes.Compare(k, w.Trim) >= 0; k, _ = c.Seek(w.Trim) {
				if err := c.Delete(); err != nil {
					return err
				}
			}
		}
		b.FillPercent = 0.9 // records are appended by hand number, rarely rewritten
		for _, r := range w.Put {
			if err := b.Put(r.Key, r.Value); err != nil {
				return err
			}
		}
		return nil
	})
}

var _ events.SessionIndexer = (*Store)(nil)

// SessionPositions implements events.SessionIndexer: the session's index,
// version by version, read in transactions of positionsChunk entries with
// the file's mapped pages dropped between them. (A session's index lies in
// pages scattered among the log's, and the kernel maps the neighbours of
// each page read: a long session's index would otherwise bring most of the
// file into the reader's memory.)
func (s *Store) SessionPositions(ctx context.Context, session string, fn func(version, position uint64) error) error {
	next := uint64(1)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := 0
		var size int64
		err := s.view(func(tx *bbolt.Tx) error {
			size = tx.Size()
			sb := tx.Bucket(bucketSessions).Bucket([]byte(session))
			if sb == nil {
				return fmt.Errorf("%w: %s", events.ErrNoSession, session)
			}
			c := sb.Cursor()
			for k, v := c.Seek(u64(next)); k != nil; k, v = c.Next() {
				if n == positionsChunk {
					next = getU64(k)
					return nil
				}
				if len(k) != 8 || len(v) != 8 {
					return fmt.Errorf("%w: session %s has an index entry of %d and %d bytes", events.ErrCorrupt, session, len(k), len(v))
				}
				if err := fn(getU64(k), getU64(v)); err != nil {
					return err
				}
				n++
			}
			n = -1 // the end
			return nil
		})
		if err != nil {
			return err
		}
		s.read = dropAfter
		s.dropRead(size)
		if n < 0 {
			return nil
		}
	}
}

// positionsChunk is how many entries of a session's index SessionPositions
// reads in one transaction.
const positionsChunk = 32 << 10

// Derived data is kept in a bucket of its own, beside the log and the
// checkpoints:
//
//	derived  name -> bucket of the set's records
//
// Like the checkpoints, it is made by the first write, verify does not read
// it, and no index of the log is in it.
var bucketDerived = []byte("derived")

var _ events.DerivedData = (*Store)(nil)

// ReadDerived implements events.DerivedData, in one read transaction.
func (s *Store) ReadDerived(ctx context.Context, name string, key []byte) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []byte
	err := s.view(func(tx *bbolt.Tx) error {
		root := tx.Bucket(bucketDerived)
		if root == nil {
			return nil
		}
		if b := root.Bucket([]byte(name)); b != nil {
			out = bytes.Clone(b.Get(key)) // valid after the transaction
		}
		return nil
	})
	return out, err
}

// WriteDerived implements events.DerivedData, in one transaction, fsynced
// before it returns.
func (s *Store) WriteDerived(ctx context.Context, name string, w events.SnapshotWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		root, err := tx.CreateBucketIfNotExists(bucketDerived)
		if err != nil {
			return err
		}
		if w.Reset && root.Bucket([]byte(name)) != nil {
			if err := root.DeleteBucket([]byte(name)); err != nil {
				return err
			}
		}
		b, err := root.CreateBucketIfNotExists([]byte(name))
		if err != nil {
			return err
		}
		if w.Trim != nil {
			c := b.Cursor()
			for k, _ := c.Seek(w.Trim); k != nil && bytes.Compare(k, w.Trim) >= 0; k, _ = c.Seek(w.Trim) {
				if err := c.Delete(); err != nil {
					return err
				}
			}
		}
		for _, r := range w.Put {
			if err := b.Put(r.Key, r.Value); err != nil {
				return err
			}
		}
		return nil
	})
}
