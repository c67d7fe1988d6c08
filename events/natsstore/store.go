package natsstore

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hoyle/hoyle/events"
)

// Format is the layout of the streams this package writes (see the package
// doc). A stream marked with a higher format was written by a newer hoyle
// and is refused rather than misread.
const Format = 1

// Defaults for Options.
const (
	// DefaultStream is the log stream's name.
	DefaultStream = "HOYLE"
	// DefaultTimeout bounds each request to the server.
	DefaultTimeout = 5 * time.Second
	// DefaultMaxBatch is JetStream's own default limit on an atomic batch.
	DefaultMaxBatch = 1000
	// DefaultIndexEvery is how many events may wait unindexed.
	DefaultIndexEvery = 256
	// MaxSessionID is the longest session ID, in bytes, that the store takes:
	// it becomes a subject token, and subjects travel in protocol lines.
	MaxSessionID = 256
)

// Stream metadata keys: what marks a stream as hoyle's.
const (
	metaKind       = "hoyle.kind"
	metaFormat     = "hoyle.format"
	metaLogCreated = "hoyle.log-created"
	kindLog        = "log"
	kindIndex      = "index"
)

// Options says how to open a store. The zero value is usable.
type Options struct {
	// Stream names the log stream; DefaultStream when empty. Its subjects
	// are the name in lower case, then ".log.", then the session ID; its
	// index is the stream named Stream+"_INDEX". Several logs can share a
	// server under different names.
	Stream string
	// Timeout bounds each request to the server: a server that does not
	// answer within it makes the call fail with ErrUnavailable. It is also
	// the time allowed to connect. DefaultTimeout when zero.
	Timeout time.Duration
	// MaxBatch is the most new events one Append may hold: JetStream stores
	// an atomic batch of at most a server-set number of messages (1,000
	// unless the server's jetstream { limits { batch { max_msgs } } } says
	// otherwise; ServerOptions.MaxBatch for the embedded server). Larger
	// appends are refused with ErrBatchTooLarge before anything is sent.
	// DefaultMaxBatch when zero.
	MaxBatch int
	// Replicas is the number of servers that keep each stream, used when the
	// store creates them: 1 on a single server, 3 on a club's cluster.
	// 1 when zero.
	Replicas int
	// IndexEvery is how many log events may wait unindexed before a writer
	// adds them to the index (see the package doc): the longer, the fewer
	// index writes, and the more of the log's tail every append scans.
	// DefaultIndexEvery when zero.
	IndexEvery int
	// Name is the connection's name in the server's monitoring; "hoyle"
	// when empty.
	Name string
	// NATS are further connection options (credentials, TLS...), applied
	// after the store's own.
	NATS []nats.Option
	// Expect, when set, is the log's identity as known before (remembered
	// by a client, kept in the server's directory): a log of another
	// identity, or none, is refused with a LogReplacedError, and the store
	// does not create the stream.
	Expect *Expectation
	// Signer, when set, is the server's key (OpenServed): checkpoints are
	// saved signed with it, and the log's metadata names it.
	Signer ed25519.PrivateKey
	// Warn, when not nil, is told of what the store skips rather than
	// fails on: a message in the log that is not a hoyle event, an index
	// entry that points at nothing, a checkpoint part not the server's.
	// Each is told once per store.
	Warn func(msg string)

	// shareSigner: a log that names another signer keeps it, and this
	// store then signs nothing (OpenServed, for a server of a cluster).
	shareSigner bool
	// growReplicas: streams kept by fewer servers than Replicas are
	// changed to Replicas (OpenServed, for a server of a cluster).
	growReplicas bool
}

func (o Options) withDefaults() Options {
	if o.Stream == "" {
		o.Stream = DefaultStream
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = DefaultMaxBatch
	}
	if o.Replicas <= 0 {
		o.Replicas = 1
	}
	if o.IndexEvery <= 0 {
		o.IndexEvery = DefaultIndexEvery
	}
	if o.Name == "" {
		o.Name = "hoyle"
	}
	return o
}

// Store is an events.Store in a NATS JetStream stream. It is safe for use by
// several goroutines, and several stores (processes, tables) may share one
// log: appends are checked by the server.
type Store struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	url string
	opt Options

	log, index           string // stream names
	logPrefix, idxPrefix string // subject prefixes, ending in "."
	logCreated           time.Time
	identity             Identity
	signerPub            ed25519.PublicKey // the log's signer, if it names one

	warnMu sync.Mutex
	warned map[string]bool

	foreignMu sync.Mutex
	foreign   map[uint64]bool // positions skipped as not hoyle events

	closed atomic.Bool
	// replicated: the log is kept by several servers of a cluster, whose
	// replicas may answer reads a moment behind the leader, and whose
	// leader may change under an append (see Append).
	replicated bool
	// cluster: the store was opened on several servers' addresses, which
	// may be electing a leader when it opens (see ensureStream).
	cluster bool
	// dupWindow is the log's duplicate window: the server refuses an
	// event ID stored within it (see young).
	dupWindow time.Duration
	// seen is, on a replicated log, the furthest position of each
	// session's messages this store has read or appended: a read from a
	// replica behind it is asked again (see last).
	seenMu sync.Mutex
	seen   map[string]uint64
	// noBatchMsgID is set when the server refuses Nats-Msg-Id inside an
	// atomic batch (servers before deduplication came to atomic batches).
	noBatchMsgID atomic.Bool

	tailMu sync.Mutex
	tail   tail

	firstMu sync.Mutex
	firsts  map[string]uint64 // session -> position of its first event; never changes

	// connCtx ends when the connection is lost (see opContext).
	connMu   sync.Mutex
	connCtx  context.Context
	connDone context.CancelFunc
	// denyCtx ends when the server refuses this credential something
	// (see refused); denial is that refusal, and when it came.
	denyCtx  context.Context
	denyDone context.CancelFunc
	denial   error
	deniedAt time.Time
}

var _ events.Store = (*Store)(nil)

// Open connects to the NATS server(s) at url ("nats://host:port", several
// separated by commas for a cluster), creates the log stream and its index
// if they are missing, and brings the index up to date with the log
// (rebuilding it if it was lost). A server that cannot be reached fails
// within Options.Timeout with ErrUnavailable; a stream of that name not made
// by hoyle is events.ErrNotDatabase; one made by a newer hoyle is
// events.ErrFutureFormat.
func Open(ctx context.Context, url string, opt Options) (*Store, error) {
	opt = opt.withDefaults()
	if err := checkStreamName(opt.Stream); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	nopts := append([]nats.Option{
		nats.Name(opt.Name),
		nats.Timeout(opt.Timeout),
		// Never queue a publish while reconnecting: an append that failed
		// must not land later, when the connection comes back.
		nats.ReconnectBufSize(-1),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.NoCallbacksAfterClientClose(),
	}, opt.NATS...)
	shown := Redact(url)
	s := &Store{url: shown, opt: opt, cluster: strings.Contains(url, ",")}
	s.connCtx, s.connDone = context.WithCancel(context.Background())
	s.denyCtx, s.denyDone = context.WithCancel(context.Background())
	nopts = append(nopts,
		// The client's default reports asynchronous errors on stderr; the
		// store reports them as the calls' errors instead. A permissions
		// violation is the server refusing this credential something: the
		// request it answers would otherwise wait out its timeout.
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			if errors.Is(err, nats.ErrPermissionViolation) {
				s.refused(err)
			}
		}))
	nopts = append(nopts,
		nats.DisconnectErrHandler(func(*nats.Conn, error) { s.connectionLost() }),
		nats.ReconnectHandler(func(*nats.Conn) { s.connectionBack() }))
	nc, err := nats.Connect(url, nopts...)
	if err != nil {
		err = RedactError(err, url)
		if errors.Is(err, nats.ErrAuthorization) {
			return nil, &AuthError{URL: shown, Err: err}
		}
		return nil, &UnavailableError{Op: "connect", URL: shown, Err: err}
	}
	js, err := jetstream.New(nc, jetstream.WithDefaultTimeout(opt.Timeout))
	if err != nil {
		nc.Close()
		return nil, err
	}
	base := strings.ToLower(opt.Stream)
	s.nc, s.js = nc, js
	s.log, s.index = opt.Stream, opt.Stream+"_INDEX"
	s.logPrefix, s.idxPrefix = base+".log.", base+".index."
	s.firsts = map[string]uint64{}
	if err := s.ensureStreams(ctx); err != nil {
		nc.Close()
		return nil, err
	}
	s.tailMu.Lock()
	err = s.refresh(ctx)
	s.tailMu.Unlock()
	if err != nil {
		nc.Close()
		return nil, err
	}
	return s, nil
}

// checkStreamName refuses a name JetStream would refuse, with a clearer error.
func checkStreamName(name string) error {
	if name == "" || len(name) > 200 || strings.ContainsAny(name, ".*> \t\r\n/\\") {
		return fmt.Errorf("%w: %q is not a JetStream stream name", events.ErrInvalid, name)
	}
	return nil
}

// checkSessionID refuses a session ID that cannot be one token of a NATS
// subject.
func checkSessionID(id string) error {
	reason := ""
	switch {
	case id == "":
		reason = "is empty"
	case len(id) > MaxSessionID:
		reason = fmt.Sprintf("is longer than %d bytes", MaxSessionID)
	case !utf8.ValidString(id):
		reason = "is not UTF-8"
	default:
		for _, r := range id {
			switch {
			case r == '.' || r == '*' || r == '>':
				reason = fmt.Sprintf("contains %q, which NATS subjects reserve", r)
			case unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar:
				reason = "contains a space or a control character"
			}
			if reason != "" {
				break
			}
		}
	}
	if reason == "" {
		return nil
	}
	return &SessionIDError{ID: id, Reason: reason}
}

// noSession is the error of a read of a session that does not exist; one
// whose ID could not be stored is both missing and invalid.
func noSession(id string) error {
	if err := checkSessionID(id); err != nil {
		return fmt.Errorf("%w: %w", events.ErrNoSession, err)
	}
	return fmt.Errorf("%w: %s", events.ErrNoSession, id)
}

func (s *Store) logSubject(session string) string { return s.logPrefix + session }

// ensureStreams creates the log stream and its index, or checks the ones
// there. An index that does not belong to this log (made for a log since
// deleted, or ahead of it) is dropped and rebuilt: it is derived data.
func (s *Store) ensureStreams(ctx context.Context) error {
	logCfg := jetstream.StreamConfig{
		Name:        s.log,
		Description: "hoyle event log: one message per event; the stream sequence is the log position",
		Subjects:    []string{s.logPrefix + "*"},
		Storage:     jetstream.FileStorage,
		Replicas:    s.opt.Replicas,
		Retention:   jetstream.LimitsPolicy,
		MaxMsgs:     -1, MaxBytes: -1, MaxMsgsPerSubject: -1, MaxMsgSize: -1,
		// Should someone set limits, refuse new events rather than drop old ones.
		Discard:    jetstream.DiscardNew,
		DenyDelete: true, DenyPurge: true, // positions run 1, 2, 3... with no gaps
		AllowDirect:        true,
		AllowAtomicPublish: true,
		Duplicates:         2 * time.Minute,
		Metadata: map[string]string{metaKind: kindLog, metaFormat: strconv.Itoa(Format),
			metaLogID: newLogID(), metaSigner: signerOf(s.opt.Signer)},
	}
	if s.opt.Signer == nil {
		delete(logCfg.Metadata, metaSigner)
	}
	info, err := s.ensureStream(ctx, logCfg, kindLog)
	if err != nil {
		return err
	}
	if info, err = s.ownIdentity(ctx, info); err != nil {
		return err
	}
	if !info.Config.AllowAtomicPublish || !info.Config.AllowDirect || !info.Config.DenyDelete || !info.Config.DenyPurge {
		return fmt.Errorf("%w: JetStream stream %s lacks allow_atomic, allow_direct, deny_delete or deny_purge, which hoyle's log needs",
			events.ErrNotDatabase, s.log)
	}
	s.logCreated = info.Created
	s.replicated = info.Config.Replicas > 1
	s.dupWindow = info.Config.Duplicates
	created := info.Created.UTC().Format(time.RFC3339Nano)
	idxCfg := jetstream.StreamConfig{
		Name:        s.index,
		Description: "index of the hoyle event log " + s.log + ": derived from it, rebuilt if lost",
		Subjects:    []string{s.idxPrefix + ">"},
		Storage:     jetstream.FileStorage,
		Replicas:    s.opt.Replicas,
		Retention:   jetstream.LimitsPolicy,
		MaxMsgs:     -1, MaxBytes: -1, MaxMsgSize: -1,
		MaxMsgsPerSubject:  1, // a key-value map: only the latest entry counts
		AllowDirect:        true,
		AllowAtomicPublish: true,
		Metadata:           map[string]string{metaKind: kindIndex, metaFormat: strconv.Itoa(Format), metaLogCreated: created},
	}
	idx, err := s.ensureStream(ctx, idxCfg, kindIndex)
	if err != nil {
		return err
	}
	stale := idx.Config.Metadata[metaLogCreated] != created
	if !stale {
		upto, _, err := s.indexUpto(ctx)
		if err != nil {
			return err
		}
		stale = upto > info.State.LastSeq
	}
	if !stale {
		return nil
	}
	return s.emptyIndex(ctx, idx.Config, created)
}

// emptyIndex empties an index made for another log of the same name (or
// ahead of this one) and binds it to this log; the store then rebuilds it
// from the log. It is purged in place, not deleted and made again: a
// stream made again at once under the same name can be handed what the
// deleted one was still writing, and so be stale again.
func (s *Store) emptyIndex(ctx context.Context, cfg jetstream.StreamConfig, created string) error {
	octx, cancel := s.opContext(ctx)
	defer cancel()
	idx, err := s.js.Stream(octx, s.index)
	if err == nil {
		err = idx.Purge(octx)
	}
	if err == nil && cfg.Metadata[metaLogCreated] != created {
		md := map[string]string{}
		for k, v := range cfg.Metadata {
			md[k] = v
		}
		md[metaLogCreated] = created
		cfg.Metadata = md
		_, err = s.js.UpdateStream(octx, cfg)
	}
	if err != nil {
		return s.apiError(ctx, "rebuilding the index", err)
	}
	return nil
}

// ensureStream creates a stream, or checks that the one there is hoyle's
// of that kind and not of a newer format.
func (s *Store) ensureStream(ctx context.Context, cfg jetstream.StreamConfig, kind string) (*jetstream.StreamInfo, error) {
	start := time.Now()
	for tries := 0; tries < 3; tries++ {
		octx, cancel := s.opContext(ctx)
		st, err := s.js.Stream(octx, cfg.Name)
		if errors.Is(err, jetstream.ErrStreamNotFound) && kind == kindLog && s.opt.Expect != nil && s.opt.Expect.LogID != "" {
			cancel()
			return nil, &LogReplacedError{Stream: cfg.Name, Known: s.opt.Expect.LogID, Where: s.opt.Expect.Where}
		}
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			st, err = s.js.CreateStream(octx, cfg)
			if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
				cancel()
				continue // another process created it first: check theirs
			}
		}
		if err == nil {
			var info *jetstream.StreamInfo
			if info, err = st.Info(octx); err == nil && s.opt.growReplicas && info.Config.Replicas < cfg.Replicas && info.Config.Metadata[metaKind] == kind {
				// Made on a smaller cluster (or one server): kept by more
				// servers from now on.
				grown := info.Config
				grown.Replicas = cfg.Replicas
				if _, err = s.js.UpdateStream(octx, grown); err == nil {
					info, err = st.Info(octx)
				}
			}
			if err == nil {
				cancel()
				return s.checkStream(info, cfg, kind)
			}
		}
		lost := s.lost(ctx, octx, err)
		cancel()
		if lost && s.waitConnected(ctx) == nil {
			continue // the connection came back: ask again
		}
		err = s.apiError(ctx, "opening stream "+cfg.Name, err)
		if s.cluster && failingOver(err) && time.Since(start) < failoverWait {
			// A cluster electing the stream's leader: it answers within
			// seconds.
			tries--
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(4 * failoverPause):
			}
			continue
		}
		return nil, err
	}
	return nil, fmt.Errorf("natsstore: stream %s: created and deleted again while opening", cfg.Name)
}

// ownIdentity reads the log's identity from its metadata, gives it one if
// it has none (a log made before identities) and names the server's
// signer in it when the store holds the key, then checks it against
// Options.Expect.
func (s *Store) ownIdentity(ctx context.Context, info *jetstream.StreamInfo) (*jetstream.StreamInfo, error) {
	md := info.Config.Metadata
	want := signerOf(s.opt.Signer)
	if s.opt.shareSigner && md[metaSigner] != "" && md[metaSigner] != want {
		s.opt.Signer = nil // another server of the cluster signs
	}
	if s.opt.Signer != nil && (md[metaLogID] == "" || md[metaSigner] != want) {
		cfg := info.Config
		cfg.Metadata = map[string]string{}
		for k, v := range md {
			cfg.Metadata[k] = v
		}
		if cfg.Metadata[metaLogID] == "" {
			cfg.Metadata[metaLogID] = newLogID()
		}
		cfg.Metadata[metaSigner] = want
		octx, cancel := s.opContext(ctx)
		updated, err := s.js.UpdateStream(octx, cfg)
		if err == nil {
			info, err = updated.Info(octx)
		}
		cancel()
		if err != nil {
			return nil, s.apiError(ctx, "naming the log's identity", err)
		}
		md = info.Config.Metadata
	}
	s.identity = Identity{LogID: md[metaLogID], Signer: md[metaSigner]}
	if s.identity.Signer != "" {
		pub, err := base64.StdEncoding.DecodeString(s.identity.Signer)
		if err != nil || len(pub) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("%w: the log %s names a signing key that is not one", events.ErrCorrupt, s.log)
		}
		s.signerPub = pub
	}
	return info, s.checkIdentity(s.identity)
}

// isStreamNotFound reports a stream that is not there.
func isStreamNotFound(err error) bool { return errors.Is(err, jetstream.ErrStreamNotFound) }

// checkStream checks that a stream is hoyle's of that kind and not of a
// newer format.
func (s *Store) checkStream(info *jetstream.StreamInfo, cfg jetstream.StreamConfig, kind string) (*jetstream.StreamInfo, error) {
	md := info.Config.Metadata
	if md[metaKind] != kind {
		return nil, fmt.Errorf("%w: JetStream stream %s exists but is not a hoyle %s", events.ErrNotDatabase, cfg.Name, kind)
	}
	if f, err := strconv.Atoi(md[metaFormat]); err != nil || f > Format {
		return nil, fmt.Errorf("%w: stream %s has format %q, this hoyle reads up to %d; upgrade hoyle",
			events.ErrFutureFormat, cfg.Name, md[metaFormat], Format)
	}
	return info, nil
}

// apiError is netError for JetStream API calls.
func (s *Store) apiError(ctx context.Context, op string, err error) error {
	return s.netError(ctx, op, err)
}

// Redact hides credentials in server URLs (nats://user:pass@host,
// nats://token@host), which errors and logs show.
func Redact(urls string) string {
	parts := strings.Split(urls, ",")
	for i, p := range parts {
		scheme, rest, ok := strings.Cut(p, "://")
		if at := strings.LastIndex(rest, "@"); ok && at >= 0 {
			parts[i] = scheme + "://***@" + rest[at+1:]
		} else if !ok {
			if at := strings.LastIndex(p, "@"); at >= 0 {
				parts[i] = "***@" + p[at+1:]
			}
		}
	}
	return strings.Join(parts, ",")
}

// secretsOf is what a server URL holds as credentials: its token, or its
// user and password, each long enough to be told from ordinary text.
func secretsOf(url string) []string {
	_, rest, ok := strings.Cut(url, "://")
	if !ok {
		rest = url
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return nil
	}
	var out []string
	info := rest[:at]
	for _, s := range append([]string{info}, strings.Split(info, ":")...) {
		if len(s) >= 3 {
			out = append(out, s)
		}
	}
	return out
}

// warnf tells Options.Warn, once per store for each message.
func (s *Store) warnf(format string, a ...any) {
	if s.opt.Warn == nil {
		return
	}
	msg := fmt.Sprintf(format, a...)
	s.warnMu.Lock()
	seen := s.warned[msg]
	if !seen {
		if s.warned == nil {
			s.warned = map[string]bool{}
		}
		if len(s.warned) < 1000 {
			s.warned[msg] = true
		}
	}
	s.warnMu.Unlock()
	if !seen {
		s.opt.Warn(msg)
	}
}

// URL is the server address the store was opened with, credentials hidden.
func (s *Store) URL() string { return s.url }

// StreamName is the log stream's name.
func (s *Store) StreamName() string { return s.log }

// MaxBatch is the most new events one Append may hold.
func (s *Store) MaxBatch() int { return s.opt.MaxBatch }

// Close releases the connection. Calls after it fail with ErrClosed.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.nc.Close()
	return nil
}

// live fails once the store is closed, and with the caller's context.
func (s *Store) live(ctx context.Context) error {
	if s.closed.Load() {
		return ErrClosed
	}
	return ctx.Err()
}
