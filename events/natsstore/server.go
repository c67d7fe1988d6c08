package natsstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// DefaultServerMaxBatch is the atomic batch limit of the embedded server:
// larger than JetStream's default of 1,000 so that hoyle's own server takes
// imports in larger pieces. A batch is staged on disk before it commits, so
// the limit costs no memory until used.
const DefaultServerMaxBatch = 10_000

// ServerOptions says how to run the embedded NATS server. The zero value
// is what `hoyle serve` uses.
type ServerOptions struct {
	// NoSync skips the fsync after each write: only for tests and benchmarks.
	// By default every acknowledged append is on disk, as with bolt.
	NoSync bool
	// MaxBatch is the most messages in one atomic batch;
	// DefaultServerMaxBatch when zero. Clients must not set
	// Options.MaxBatch higher.
	MaxBatch int
	// Token, when set, is the tables' credential: a client that gives it
	// (nats://TOKEN@host:port, or nats.Token) may read the log and its
	// index, append to the log and write the index, and nothing else: not
	// the checkpoints (the summaries only the server's follower writes),
	// not the JetStream API that creates, changes or deletes streams. See
	// TablePermissions.
	Token string
	// DirectorToken, when set, is the director's credential: everything,
	// the streams included. With a Token and no DirectorToken the server
	// makes one of its own for its own connections (DirectorURL), which
	// no one else knows. With neither, the server asks for no credential.
	DirectorToken string
	// Stream is the log stream the tables' permissions are for;
	// DefaultStream when empty.
	Stream string
	// Log receives the server's log (nil: none).
	Log io.Writer
}

// Server is an embedded NATS server with JetStream, keeping its streams in
// one directory.
type Server struct {
	ns          *server.Server
	url         string
	directorURL string
	dir         string
	lock        *dirLock
}

// StartServer runs a NATS server with JetStream in this process, its store
// in dir (created if missing), listening on listen ("host:port"; port 0
// takes a free port; "" is 127.0.0.1:4222). It returns once the server
// takes connections. The server has no accounts and no TLS: listen on the
// loopback or a trusted network, set a Token, or run a real nats-server.
//
// One server at a time keeps its streams in a directory: the server holds
// a lock on it (a file in it, flock) while it runs, and a second server
// on the same directory is refused with a DirInUseError naming the first.
func StartServer(dir, listen string, opt ServerOptions) (*Server, error) {
	if listen == "" {
		listen = "127.0.0.1:4222"
	}
	host, portStr, err := net.SplitHostPort(listen)
	if err != nil {
		return nil, fmt.Errorf("natsstore: listen address %q: %w", listen, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("natsstore: listen address %q: bad port", listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	} else {
		// The server reports a port in use only in its log: look first.
		l, err := net.Listen("tcp", net.JoinHostPort(host, portStr))
		if err != nil {
			return nil, fmt.Errorf("natsstore: cannot listen on %s: %w", listen, err)
		}
		l.Close()
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("natsstore: server directory: %w", err)
	}
	lock, err := lockDir(dir, fmt.Sprintf("pid %d, listening on %s", os.Getpid(), listen))
	if err != nil {
		return nil, err
	}
	started := false
	defer func() {
		if !started {
			lock.release()
		}
	}()
	auth, err := newTokenAuth(opt)
	if err != nil {
		return nil, err
	}
	maxBatch := opt.MaxBatch
	if maxBatch <= 0 {
		maxBatch = DefaultServerMaxBatch
	}
	sopts := &server.Options{
		ServerName:             "hoyle",
		Host:                   host,
		Port:                   port,
		NoSigs:                 true, // the program that embeds the server handles signals
		NoLog:                  opt.Log == nil,
		JetStream:              true,
		StoreDir:               dir,
		SyncAlways:             !opt.NoSync,
		DisableJetStreamBanner: true,
		JetStreamLimits:        server.JSLimitOpts{MaxBatchSize: maxBatch},
	}
	if auth != nil {
		sopts.CustomClientAuthentication = auth
	}
	ns, err := server.NewServer(sopts)
	if err != nil {
		return nil, fmt.Errorf("natsstore: server: %w", err)
	}
	if opt.Log != nil {
		ns.SetLoggerV2(&writerLogger{w: opt.Log}, false, false, false)
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("natsstore: the server on %s did not start within 10 s", listen)
	}
	if !ns.JetStreamEnabled() {
		ns.Shutdown()
		return nil, fmt.Errorf("natsstore: the server could not enable JetStream in %s", dir)
	}
	addr, ok := ns.Addr().(*net.TCPAddr)
	if !ok {
		ns.Shutdown()
		return nil, errors.New("natsstore: the server has no TCP address")
	}
	if addr.IP.IsUnspecified() {
		addr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: addr.Port}
	}
	url, directorURL := "nats://"+addr.String(), "nats://"+addr.String()
	if auth != nil {
		if auth.table != "" {
			url = "nats://" + auth.table + "@" + addr.String()
		}
		directorURL = "nats://" + auth.director + "@" + addr.String()
	}
	started = true
	return &Server{ns: ns, url: url, directorURL: directorURL, dir: dir, lock: lock}, nil
}

// URL is the address tables open the store at (with the tables' token,
// if any). It holds the token: never print it (see Redact).
func (s *Server) URL() string { return s.url }

// DirectorURL is the address with the director's token, if any: what the
// server's own connections (hoyle serve's follower) use.
func (s *Server) DirectorURL() string { return s.directorURL }

// Dir is the directory the server keeps its streams in.
func (s *Server) Dir() string { return s.dir }

// Shutdown stops the server and waits until it has: its directory may then
// be used by another server.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
	s.lock.release()
}

// Serve runs the embedded server until ctx is done (hoyle serve): see
// StartServer. It makes the log's streams first. ready, if not nil, is called with the URL once clients can
// connect.
func Serve(ctx context.Context, dir, listen string, opt ServerOptions, ready func(url string)) error {
	s, err := StartServer(dir, listen, opt)
	if err != nil {
		return err
	}
	// The streams are made now, with the director's credential, so that the
	// first table (whose credential may not make them) finds them; the
	// log's identity and the signing key are kept in the directory.
	st, err := OpenServed(ctx, s, Options{Stream: opt.Stream})
	if err != nil {
		s.Shutdown()
		return err
	}
	st.Close()
	if ready != nil {
		ready(s.URL())
	}
	<-ctx.Done()
	s.Shutdown()
	return nil
}

// writerLogger writes the server's log lines to an io.Writer.
type writerLogger struct{ w io.Writer }

func (l *writerLogger) logf(level, format string, v ...any) {
	fmt.Fprintf(l.w, "nats %s %s\n", level, fmt.Sprintf(format, v...))
}

func (l *writerLogger) Noticef(format string, v ...any) { l.logf("[INF]", format, v...) }
func (l *writerLogger) Warnf(format string, v ...any)   { l.logf("[WRN]", format, v...) }
func (l *writerLogger) Fatalf(format string, v ...any)  { l.logf("[FTL]", format, v...) }
func (l *writerLogger) Errorf(format string, v ...any)  { l.logf("[ERR]", format, v...) }
func (l *writerLogger) Debugf(format string, v ...any)  { l.logf("[DBG]", format, v...) }
func (l *writerLogger) Tracef(format string, v ...any)  { l.logf("[TRC]", format, v...) }
