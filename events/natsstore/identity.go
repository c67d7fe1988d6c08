package natsstore

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/hoyle/hoyle/events"
)

// A log has an identity: a random ID, made when the stream is created and
// kept in its metadata ("hoyle.log-id"). The server keeps it on its disk
// (in its directory) and clients remember it from their first read
// (Options.Expect), so that a log deleted, or deleted and made again
// empty, is refused with a LogReplacedError rather than taken for a new
// club's. A store that expects an identity never creates the stream.
//
// The server also signs what it derives from the log (the checkpoints:
// hoyle compare's summaries) with an ed25519 key kept only in its
// directory; the public key is in the log's metadata ("hoyle.signer"). A
// store reading a log that names a signer believes only parts signed by
// it, and drops the others with a warning: its projection computes them
// again from the log. A store without the key does not save them.

// Stream metadata keys of the log's identity.
const (
	metaLogID  = "hoyle.log-id"
	metaSigner = "hoyle.signer"
)

// hdrSig carries a checkpoint message's signature.
const hdrSig = "Hoyle-Sig"

// Identity is what identifies a log: its ID, and the key its server signs
// derived data with (base64; empty when no hoyle serve signs for it).
type Identity struct {
	LogID  string
	Signer string
}

// Expectation is the identity a store must find, and where it was kept
// (for the message when it is not found).
type Expectation struct {
	Identity
	Where string
}

// newLogID is a fresh random identity for a log.
func newLogID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Identity is the log's identity as read when the store was opened.
func (s *Store) Identity() Identity { return s.identity }

// checkIdentity compares the identity found with the one expected.
func (s *Store) checkIdentity(found Identity) error {
	want := s.opt.Expect
	if want == nil || want.LogID == "" {
		return nil
	}
	if found.LogID != want.LogID || (want.Signer != "" && found.Signer != want.Signer) {
		shown := found.LogID
		if found.Signer != want.Signer && found.LogID == want.LogID {
			shown += " with another signing key"
		}
		return &LogReplacedError{Stream: s.log, Known: want.LogID, Found: shown, Where: want.Where}
	}
	return nil
}

// CheckIdentity reads the log stream again and fails with a
// LogReplacedError if it is missing or is not the log the store opened:
// deleted (and perhaps made again) since.
func (s *Store) CheckIdentity(ctx context.Context) error {
	if err := s.live(ctx); err != nil {
		return err
	}
	octx, cancel := s.opContext(ctx)
	defer cancel()
	st, err := s.js.Stream(octx, s.log)
	if err != nil {
		if isStreamNotFound(err) {
			return &LogReplacedError{Stream: s.log, Known: s.identity.LogID, Where: "this store, opened on it"}
		}
		return s.apiError(ctx, "checking the log's identity", err)
	}
	md := st.CachedInfo().Config.Metadata
	if md[metaLogID] != s.identity.LogID {
		return &LogReplacedError{Stream: s.log, Known: s.identity.LogID, Found: md[metaLogID], Where: "this store, opened on it"}
	}
	return nil
}

// sign is a checkpoint message's signature, over its subject and data.
func sign(key ed25519.PrivateKey, m *nats.Msg) string {
	return base64.StdEncoding.EncodeToString(ed25519.Sign(key, signed(m.Subject, m.Data)))
}

func signed(subject string, data []byte) []byte {
	b := make([]byte, 0, len(subject)+1+len(data))
	b = append(b, subject...)
	b = append(b, 0)
	return append(b, data...)
}

// verified reports whether a checkpoint message is signed by the log's
// signer (true when the log names none).
func (s *Store) verified(m stored) bool {
	if s.signerPub == nil {
		return true
	}
	sig, err := base64.StdEncoding.DecodeString(m.header.Get(hdrSig))
	return err == nil && ed25519.Verify(s.signerPub, signed(m.subject, m.data), sig)
}

// Key files in a server's directory.
const (
	signerFile = "hoyle-signer.key" // the ed25519 seed, base64
	logIDFile  = "hoyle-log-id."    // + stream name: the log's identity
)

// OpenServed opens the store as the server's own (hoyle serve): with the
// director's credential, the signing key from the server's directory (made
// there the first time), and the log's identity as kept there. The first
// time, the log is made (or found) and its identity written to the
// directory; after that a log missing or not the one kept is refused
// (LogReplacedError), never made again empty.
func OpenServed(ctx context.Context, srv *Server, opt Options) (*Store, error) {
	opt = opt.withDefaults()
	key, err := loadSigner(srv.Dir())
	if err != nil {
		return nil, err
	}
	opt.Signer = key
	idPath := filepath.Join(srv.Dir(), logIDFile+opt.Stream)
	if b, err := os.ReadFile(idPath); err == nil {
		opt.Expect = &Expectation{Identity: Identity{LogID: strings.TrimSpace(string(b))}, Where: idPath}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("natsstore: the log's identity: %w", err)
	}
	if opt.Replicas <= 1 {
		opt.Replicas = srv.replicas
	}
	if srv.clustered {
		// The servers of a cluster share the log: each has a key of its
		// own, and the log names the first that made it. The others do not
		// take its place (which would refuse the first one's summaries),
		// and a stream made by a smaller cluster grows to this one.
		opt.shareSigner, opt.growReplicas = true, true
	}
	st, err := openServed(ctx, srv, opt)
	if err != nil {
		return nil, err
	}
	if opt.Expect == nil {
		if err := os.WriteFile(idPath, []byte(st.identity.LogID+"\n"), 0o600); err != nil {
			st.Close()
			return nil, fmt.Errorf("natsstore: keeping the log's identity: %w", err)
		}
	}
	return st, nil
}

// clusterRetry is how often a server of a cluster asks again for the
// log's streams while the cluster forms.
const clusterRetry = 500 * time.Millisecond

// openServed opens the server's own store. A server of a cluster waits
// for the cluster: JetStream answers once a majority of its servers have
// met, and a stream kept by three needs three.
func openServed(ctx context.Context, srv *Server, opt Options) (*Store, error) {
	told := false
	for {
		st, err := Open(ctx, srv.DirectorURL(), opt)
		if err == nil || !srv.clustered || !clusterForming(err) {
			return st, err
		}
		if !told && opt.Warn != nil {
			told = true
			opt.Warn(fmt.Sprintf("waiting for the cluster's other servers (%v)", err))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(clusterRetry):
		}
	}
}

// clusterForming reports an error that a cluster still forming gives:
// anything but a refusal that waiting cannot change.
func clusterForming(err error) bool {
	for _, fatal := range []error{ErrLogReplaced, ErrAuth, ErrNotPermitted, events.ErrNotDatabase, events.ErrFutureFormat, events.ErrInvalid, context.Canceled} {
		if errors.Is(err, fatal) {
			return false
		}
	}
	return true
}

// Signs reports whether the store holds the key the log names as its
// signer: whether checkpoints it saves are believed. In a cluster, only
// the server that made the log does.
func (s *Store) Signs() bool { return s.opt.Signer != nil }

// loadSigner reads the server's signing key from its directory, making one
// the first time.
func loadSigner(dir string) (ed25519.PrivateKey, error) {
	path := filepath.Join(dir, signerFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		_, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, []byte(base64.StdEncoding.EncodeToString(key.Seed())+"\n"), 0o600); err != nil {
			return nil, fmt.Errorf("natsstore: keeping the signing key: %w", err)
		}
		return key, nil
	}
	if err != nil {
		return nil, fmt.Errorf("natsstore: the signing key: %w", err)
	}
	seed, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("natsstore: the signing key %s is damaged: remove it, and the server makes another (the summaries are computed again)", path)
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// signerOf is a public key in the metadata's encoding.
func signerOf(key ed25519.PrivateKey) string {
	if key == nil {
		return ""
	}
	return base64.StdEncoding.EncodeToString(key.Public().(ed25519.PublicKey))
}
