package natsstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	// Cluster, when set, makes the server one of a JetStream cluster
	// (hoyle serve --cluster): see ClusterOptions.
	Cluster *ClusterOptions
}

// ClusterOptions make an embedded server one of a JetStream cluster: the
// servers, each with its own directory, keep every stream on several of
// them (Replicas), and one of them, the stream's leader, takes its appends.
// A server that fails hands the leadership on to another within seconds.
type ClusterOptions struct {
	// Name is the cluster's name, the same on every server of it.
	Name string
	// Listen is where this server takes the other servers' connections,
	// "host:port" (port 0: any free port).
	Listen string
	// Routes are the other servers' cluster addresses, "nats://host:port"
	// (this server's own may be among them: it is ignored).
	Routes []string
	// ServerName names this server in the cluster, unique in it (stream
	// leaders and replicas are named by it); "hoyle-" and the cluster
	// port when empty.
	ServerName string
}

// size is how many servers the cluster has: this one and each other route.
func (c *ClusterOptions) size() int {
	if c == nil {
		return 1
	}
	n := 1
	for _, r := range c.Routes {
		if hostPort(r) != hostPort(c.Listen) {
			n++
		}
	}
	return n
}

// hostPort is an address without its scheme, "localhost" as 127.0.0.1.
func hostPort(addr string) string {
	if _, rest, ok := strings.Cut(addr, "://"); ok {
		addr = rest
	}
	if at := strings.LastIndex(addr, "@"); at >= 0 {
		addr = addr[at+1:]
	}
	return strings.Replace(addr, "localhost:", "127.0.0.1:", 1)
}

// Replicas is how many servers should keep each of hoyle's streams: the
// cluster's size, at most 3 (1 for a server alone).
func (o ServerOptions) Replicas() int { return min(3, o.Cluster.size()) }

// Server is an embedded NATS server with JetStream, keeping its streams in
// one directory.
type Server struct {
	ns          *server.Server
	url         string
	directorURL string
	dir         string
	lock        *dirLock
	replicas    int  // how many servers keep each stream
	clustered   bool // one of a cluster (ServerOptions.Cluster)
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
	if c := opt.Cluster; c != nil {
		if err := clusterOptions(sopts, c); err != nil {
			return nil, err
		}
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
	return &Server{ns: ns, url: url, directorURL: directorURL, dir: dir, lock: lock, replicas: opt.Replicas(), clustered: opt.Cluster != nil}, nil
}

// clusterOptions sets the server's cluster options from c.
func clusterOptions(sopts *server.Options, c *ClusterOptions) error {
	if c.Name == "" || strings.ContainsAny(c.Name, " \t.*>") {
		return fmt.Errorf("%w: cluster name %q: give a name without spaces, dots or wildcards", ErrBadCluster, c.Name)
	}
	chost, cportStr, err := net.SplitHostPort(c.Listen)
	if err != nil {
		return fmt.Errorf("%w: cluster listen address %q: give HOST:PORT", ErrBadCluster, c.Listen)
	}
	cport, err := strconv.Atoi(cportStr)
	if err != nil || cport < 0 || cport > 65535 {
		return fmt.Errorf("%w: cluster listen address %q: bad port", ErrBadCluster, c.Listen)
	}
	if cport == 0 {
		cport = server.RANDOM_PORT
	}
	for _, r := range c.Routes {
		u, err := url.Parse(r)
		if err != nil || u.Scheme != "nats" || u.Port() == "" {
			return fmt.Errorf("%w: route %q: give nats://HOST:PORT, another server's --cluster-listen", ErrBadCluster, Redact(r))
		}
		sopts.Routes = append(sopts.Routes, u)
	}
	sopts.Cluster = server.ClusterOpts{Name: c.Name, Host: chost, Port: cport, ConnectRetries: -1}
	sopts.ServerName = c.ServerName
	if sopts.ServerName == "" {
		sopts.ServerName = "hoyle-" + cportStr
	}
	if strings.ContainsAny(sopts.ServerName, " \t") {
		return fmt.Errorf("%w: server name %q: give a name without spaces", ErrBadCluster, sopts.ServerName)
	}
	return nil
}

// URL is the address tables open the store at (with the tables' token,
// if any). It holds the token: never print it (see Redact).
func (s *Server) URL() string { return s.url }

// DirectorURL is the address with the director's token, if any: what the
// server's own connections (hoyle serve's follower) use.
func (s *Server) DirectorURL() string { return s.directorURL }

// Name is the server's name (its cluster's name for it).
func (s *Server) Name() string { return s.ns.Name() }

// ClusterAddr is where the server takes the other servers of its cluster
// ("" when it is alone).
func (s *Server) ClusterAddr() string {
	if a := s.ns.ClusterAddr(); a != nil {
		return a.String()
	}
	return ""
}

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
