package events

import (
	"context"
	"errors"
	"fmt"
	"iter"
)

// ErrVerify is what every problem VerifyChain (and hoyle's verify, which
// builds on it) finds unwraps to, besides the specific cause (ErrTampered,
// ErrCorrupt, ...).
var ErrVerify = errors.New("verification failed")

// VerifyError is the first thing found wrong in a log, placed in it: at a
// session's event, or at a log position when no session is known.
type VerifyError struct {
	Session  string
	Version  uint64
	Position uint64
	Err      error
}

// Error says what was wrong and where.
func (e *VerifyError) Error() string {
	switch {
	case e.Session == "" && e.Position == 0:
		return e.Err.Error()
	case e.Session == "":
		return fmt.Sprintf("log position %d: %v", e.Position, e.Err)
	case e.Position == 0:
		return fmt.Sprintf("session %s: %v", e.Session, e.Err)
	}
	return fmt.Sprintf("session %s, event %d (log position %d): %v", e.Session, e.Version, e.Position, e.Err)
}

// Unwrap gives both ErrVerify and the cause to errors.Is.
func (e *VerifyError) Unwrap() []error { return []error{ErrVerify, e.Err} }

// ChainReport says what VerifyChain checked.
type ChainReport struct {
	Events   uint64 // records read, hashed and decoded
	Sessions int    // sessions whose chains were checked
	Bytes    uint64 // payload bytes hashed
}

// SessionVisit is given each session's events as the store reads them
// back by session (ReadSession), checked link by link as they pass: what
// verify folds. The sequence may be ranged over more than once.
type SessionVisit func(info SessionInfo, events iter.Seq2[Envelope, error]) error

// VerifyChain checks a whole store, the one check every store and hoyle's
// verify share:
//
//   - the store's own storage, if it can check it (StorageChecker);
//   - the log's positions run 1, 2, 3... with no gap;
//   - every record's hash matches its content, links to its session's
//     previous event, and its payload decodes;
//   - each session's versions run 1..n;
//   - the session index agrees with the log (versions, heads, first and
//     last positions), and reading each session back gives exactly its
//     chain, ending at its head.
//
// visit, when not nil, is given each session's events as they are read back
// (verify folds them there); otherwise they are only checked. It returns
// the report so far and the first problem, a *VerifyError.
func VerifyChain(ctx context.Context, st Store, visit SessionVisit) (ChainReport, error) {
	return verifyLog(ctx, st, nil, visit, true)
}

// Chain follows one session's hash chain as its events are read in order:
// every reader that folds a session checks what it reads with one, so a
// changed event is refused at the first command that reads it, not only by
// verify. A Chain may start mid-session (reading a session's latest hand):
// the first event it is given is checked against its own hash only.
type Chain struct {
	version uint64
	hash    Hash
	started bool
}

// Next checks e: its hash matches its content, and it follows the event
// before it (the next version, linked to its hash). The error is a
// *VerifyError that unwraps to ErrTampered.
func (c *Chain) Next(e Envelope) error {
	if !c.started {
		c.started = true
		c.version, c.hash = e.Version-1, e.PrevHash
	}
	if err := checkLink(e, c.version, c.hash); err != nil {
		return err
	}
	c.version, c.hash = e.Version, e.Hash
	return nil
}

// checkLink checks one event against its session's chain so far: that it
// follows it (checkOrder), and that its hash matches its content.
func checkLink(e Envelope, prevVersion uint64, prevHash Hash) error {
	if err := checkOrder(&e, prevVersion, prevHash); err != nil {
		return err
	}
	if err := e.CheckHash(); err != nil {
		return &VerifyError{Session: e.Session, Version: e.Version, Position: e.Position, Err: errors.Unwrap(err)}
	}
	return nil
}

// checkOrder checks that one event follows its session's chain so far: the
// next version, linked to the stored hash of the event before. Whether its
// own stored hash matches its content is checked apart (CheckHash), and
// may be checked on another core (readChecked).
func checkOrder(e *Envelope, prevVersion uint64, prevHash Hash) error {
	at := func(err error) error {
		return &VerifyError{Session: e.Session, Version: e.Version, Position: e.Position, Err: err}
	}
	if e.Version != prevVersion+1 {
		return at(fmt.Errorf("%w: version %d follows version %d", ErrTampered, e.Version, prevVersion))
	}
	if e.PrevHash != prevHash {
		return at(fmt.Errorf("%w: it links to %.12s…, but the session's previous event hashes to %.12s…", ErrTampered, e.PrevHash, prevHash))
	}
	return nil
}

// checkedSession reads a session back by itself, checking each event's link
// and, at the end, that it reached the session's head with its every event;
// the first problem is kept in *problem and ends the sequence.
func checkedSession(ctx context.Context, st Store, info SessionInfo, problem *error) iter.Seq2[Envelope, error] {
	return func(yield func(Envelope, error) bool) {
		var version, lastPos uint64
		var hash Hash
		fail := func(err error) { *problem = err; yield(Envelope{}, err) }
		for e, err := range st.ReadSession(ctx, info.ID, 1) {
			if err != nil {
				fail(&VerifyError{Session: info.ID, Version: version + 1, Err: err})
				return
			}
			if err := checkLink(e, version, hash); err != nil {
				fail(err)
				return
			}
			if e.Session != info.ID || e.Position <= lastPos || e.Position < info.First || e.Position > info.Last {
				fail(&VerifyError{Session: info.ID, Version: e.Version, Position: e.Position,
					Err: fmt.Errorf("%w: reading the session gives an event of %s at position %d", ErrCorrupt, e.Session, e.Position)})
				return
			}
			version, hash, lastPos = e.Version, e.Hash, e.Position
			if !yield(e, nil) {
				return
			}
		}
		if version != info.Version || hash != info.Head {
			fail(&VerifyError{Session: info.ID, Version: version, Position: lastPos,
				Err: fmt.Errorf("%w: reading the session reaches %d of its %d events", ErrCorrupt, version, info.Version)})
		}
	}
}
