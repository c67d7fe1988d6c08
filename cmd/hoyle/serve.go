package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/export/site"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/ledger"
	"github.com/hoyle/hoyle/projections/load"
)

// serveOptions: hoyle serve [--listen ADDR] [--dir DIR] [--token-file FILE] [--director-token-file FILE].
type serveOptions struct {
	IO                *Streams
	DB                *database
	Listen            string
	Dir               string
	Token             string // the tables' (--token; better --token-file or $HOYLE_NATS_TOKEN)
	DirectorToken     string // the director's (--director-token)
	DirectorTokenFile string
	NoFollow          bool
	Verbose           bool
	Cluster           string   // --cluster NAME: one of a JetStream cluster
	ClusterListen     string   // --cluster-listen ADDR
	Routes            []string // --routes nats://A,nats://B: the other servers
	Name              string   // --name N: this server's name in the cluster
	// HTTP is --http ADDR: serve the events' sites live there too.
	HTTP          string
	HTTPToken     string // --http-token: asked of viewers
	HTTPTokenFile string
}

// newServeCmd builds the command: it binds the flags to the options and calls runServe.
func newServeCmd(f *factory) *cobra.Command {
	opts := &serveOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "serve [--listen ADDR] [--dir DIR] [--token-file FILE] [--director-token-file FILE] [--http ADDR [--http-token-file FILE]]",
		Short: "Run the club's shared log: a NATS JetStream server that every table records into",
		Long: `Run an embedded NATS server with JetStream, its store on disk in --dir,
listening on --listen (127.0.0.1:4222 unless given; 0.0.0.0:4222 for the
club's network). Every table then records into the one shared log with
--db nats://HOST:PORT (or HOYLE_DB=nats://HOST:PORT), every command works
against it, and the server decides which of two scorers racing on one
session gets in.

Every entry is on disk (fsynced) before the server acknowledges it: a
server killed and started again on its directory has every acknowledged
entry. While it is down, commands fail within a few seconds and record
nothing anywhere.

It also keeps hoyle compare's projection current: it follows the log with
a durable consumer and checkpoints each session's summary, so that hoyle
compare over the shared log folds only what changed since.

There are two credentials. The tables' token (--token-file FILE, or
$HOYLE_NATS_TOKEN) lets a table read the log and record into it, and
nothing else: not the summaries, which only this server writes, nor the
streams themselves. The director's token (--director-token-file FILE, or
$HOYLE_NATS_DIRECTOR_TOKEN) may do everything. Tables give theirs the same
way (hoyle --token-file FILE, or $HOYLE_NATS_TOKEN); a refused token is
said so. --token and --director-token exist, but every local user sees a
command line (ps): prefer the files. Without any token, anyone who reaches
the port may do everything: listen on the loopback only, or on a trusted
network. There is no TLS: for that, run a club's own nats-server cluster
(see hoyle help tables).

One server at a time keeps a directory: a second hoyle serve on the same
--dir is refused, naming the first. The directory also keeps the log's
identity and the key the server signs summaries with: a log deleted or
replaced is refused rather than taken for an empty one.

Three servers, on three machines, can keep the log together: each runs
hoyle serve --cluster NAME --cluster-listen ADDR --routes nats://B,nats://C
--name N with its own --dir, and the tables give all three addresses
(--db nats://h1:4222,h2:4222,h3:4222). Every stream is kept by all three
and an entry is acknowledged once two have it on disk; when a server
fails, another takes over within seconds and the tables' hoyle goes on
with it. A server of a cluster waits for the others before it serves.
See hoyle help tables.

--http ADDR also serves every event's site on the web at ADDR (such as
0.0.0.0:8080): the pages hoyle export --event E --format html writes, each
event in a folder of its own under an index of the events, made again as
the tables record. An open page shows a new result within a second or two,
without a reload: the server tells the pages what changed (server-sent
events) and only a page that changed fetches itself again. The site is
read-only; recording still needs the tables' token. Anyone who reaches
ADDR may view it, unless --http-token-file FILE (or $HOYLE_HTTP_TOKEN, or
--http-token) gives a token: viewers then open the site once with
?token=TOKEN in the address (a cookie keeps it). It needs compare's
projection, so not with --no-follow, and in a cluster only on the server
that keeps it.

It runs until interrupted (Ctrl-C, SIGTERM).`,
		Example: `  hoyle serve --listen 0.0.0.0:4222 --dir /var/lib/hoyle --token-file /etc/hoyle/tables --director-token-file /etc/hoyle/director
  HOYLE_NATS_TOKEN=$(cat tables) hoyle --db nats://192.168.1.10:4222 new --game contract --scoring duplicate --event "Tuesday" --table 3
  hoyle serve --listen 0.0.0.0:4222 --cluster club --cluster-listen 0.0.0.0:6222 --routes nats://h2:6222,nats://h3:6222 --name h1 --dir /var/lib/hoyle
  hoyle serve --http 0.0.0.0:8080          # the results on the web, live`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.Listen, "listen", "127.0.0.1:4222", "the address to listen on, HOST:PORT (port 0: any free port)")
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "the directory the server keeps the log in (default: jetstream in hoyle's XDG data directory)")
	cmd.Flags().StringVar(&opts.Token, "token", "", "the tables' token (visible to every local user in ps: prefer --token-file or $HOYLE_NATS_TOKEN)")
	cmd.Flags().StringVar(&opts.DirectorToken, "director-token", "", "the director's token (visible in ps: prefer --director-token-file or $HOYLE_NATS_DIRECTOR_TOKEN)")
	cmd.Flags().StringVar(&opts.DirectorTokenFile, "director-token-file", "", "a file holding the director's token")
	cmd.Flags().BoolVar(&opts.NoFollow, "no-follow", false, "do not keep hoyle compare's projection current")
	cmd.Flags().StringVar(&opts.HTTP, "http", "", "also serve the events' sites live on the web at this address, HOST:PORT")
	cmd.Flags().StringVar(&opts.HTTPToken, "http-token", "", "a token the site's viewers must give (visible in ps: prefer --http-token-file or $HOYLE_HTTP_TOKEN)")
	cmd.Flags().StringVar(&opts.HTTPTokenFile, "http-token-file", "", "a file holding the token the site's viewers must give")
	cmd.Flags().BoolVar(&opts.Verbose, "verbose", false, "print the NATS server's own log on standard error")
	cmd.Flags().StringVar(&opts.Cluster, "cluster", "", "the name of the cluster this server is one of (the same on every server)")
	cmd.Flags().StringVar(&opts.ClusterListen, "cluster-listen", "", "with --cluster: where the other servers reach this one, HOST:PORT (0.0.0.0:6222 unless given)")
	cmd.Flags().StringSliceVar(&opts.Routes, "routes", nil, "with --cluster: the other servers' --cluster-listen addresses, nats://HOST:PORT,...")
	cmd.Flags().StringVar(&opts.Name, "name", "", "with --cluster: this server's name, unique in the cluster (default: hoyle- and the cluster port)")
	return cmd
}

// runServe runs the server until a signal says stop.
func runServe(ctx context.Context, opts *serveOptions) error {
	host, _, err := net.SplitHostPort(opts.Listen)
	if err != nil {
		return usagef("--listen %q: give HOST:PORT, such as 0.0.0.0:4222", opts.Listen)
	}
	dir := opts.Dir
	if dir == "" {
		dir = filepath.Join(filepath.Dir(opts.DB.dbPathFile()), "jetstream")
	}
	tables, director, err := opts.tokens()
	if err != nil {
		return err
	}
	viewers, err := opts.httpToken()
	if err != nil {
		return err
	}
	if opts.Token != "" || opts.DirectorToken != "" {
		fmt.Fprintln(opts.IO.Err, "hoyle serve: warning: a token on the command line is visible to every local user (ps): prefer --token-file, --director-token-file or the environment")
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	sopts := natsstore.ServerOptions{Token: tables, DirectorToken: director}
	if sopts.Cluster, err = opts.cluster(); err != nil {
		return err
	}
	if opts.Verbose {
		sopts.Log = opts.IO.Err
	}
	srv, err := natsstore.StartServer(dir, opts.Listen, sopts)
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	if ip := net.ParseIP(host); tables == "" && director == "" && (host == "" || (ip != nil && !ip.IsLoopback())) {
		fmt.Fprintln(opts.IO.Err, "hoyle serve: warning: listening beyond this machine without a token: anyone on the network can record into the log, or delete it")
	}
	// The streams are made now, with the director's credential, so that
	// the first table finds them; the log's identity and the summaries'
	// key are kept in the directory.
	st, err := natsstore.OpenServed(ctx, srv, natsstore.Options{Name: "hoyle serve", Warn: opts.DB.warn})
	if err != nil {
		return err
	}
	defer st.Close()
	url := natsstore.Redact(srv.URL())
	if tables != "" {
		url = strings.Replace(url, "***@", "", 1)
	}
	if sopts.Cluster != nil {
		fmt.Fprintf(opts.IO.Out, "hoyle serve: server %s of cluster %s, taking the other servers at %s; each stream is kept by %d\n",
			srv.Name(), opts.Cluster, srv.ClusterAddr(), sopts.Replicas())
	}
	fmt.Fprintf(opts.IO.Out, "hoyle serve: the shared log is at %s, kept in %s\n", url, dir)
	fmt.Fprintf(opts.IO.Out, "tables record into it with: hoyle --db %s ... (or HOYLE_DB=%s)\n", url, url)
	if tables != "" {
		fmt.Fprintln(opts.IO.Out, "giving the tables' token in $HOYLE_NATS_TOKEN or with --token-file FILE")
	}
	moved := make(chan struct{}, 1) // the log moved: the live site is made again
	if opts.HTTP != "" && !st.Signs() {
		return fmt.Errorf("--http: this server does not keep compare's projection, which the site is made from (the server of the cluster that made the log does): give --http to that one")
	}
	if opts.HTTP != "" {
		addr, err := serveSite(ctx, opts, st, viewers, moved)
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.IO.Out, "hoyle serve: the events' sites are at http://%s/\n", addr)
	}
	replaced := make(chan error, 1)
	if !opts.NoFollow && !st.Signs() {
		// Its summaries would not be believed: the log names another
		// server's key. That server keeps them; compare reads the log
		// itself past the last one.
		fmt.Fprintln(opts.IO.Out, "hoyle serve: compare's projection is kept by the server of the cluster that made the log, not this one")
	} else if !opts.NoFollow {
		go func() {
			replaced <- follow(ctx, opts.IO, st, func(uint64, int) {
				select {
				case moved <- struct{}{}:
				default: // an update is already due, and will read this batch too
				}
			})
		}()
	}
	select {
	case <-ctx.Done():
	case err := <-replaced:
		if err != nil {
			return fmt.Errorf("hoyle serve: %w", err)
		}
		<-ctx.Done()
	}
	fmt.Fprintln(opts.IO.Err, "hoyle serve: stopping")
	return nil
}

// cluster is the server's cluster options from the flags, nil without
// --cluster.
func (opts *serveOptions) cluster() (*natsstore.ClusterOptions, error) {
	if opts.Cluster == "" {
		if opts.ClusterListen != "" || len(opts.Routes) > 0 || opts.Name != "" {
			return nil, usagef("--cluster-listen, --routes and --name are for a server of a cluster: give --cluster NAME too")
		}
		return nil, nil
	}
	listen := opts.ClusterListen
	if listen == "" {
		listen = "0.0.0.0:6222"
	}
	if _, _, err := net.SplitHostPort(listen); err != nil {
		return nil, usagef("--cluster-listen %q: give HOST:PORT, such as 0.0.0.0:6222", listen)
	}
	for _, r := range opts.Routes {
		if !strings.HasPrefix(r, "nats://") {
			return nil, usagef("--routes %q: give each server as nats://HOST:PORT, its --cluster-listen", natsstore.Redact(r))
		}
	}
	return &natsstore.ClusterOptions{Name: opts.Cluster, Listen: listen, Routes: opts.Routes, ServerName: opts.Name}, nil
}

// tokens are the tables' token and the director's, each from its flag,
// else its file, else its environment variable.
func (opts *serveOptions) tokens() (tables, director string, err error) {
	tables, director = opts.Token, opts.DirectorToken
	if tables == "" {
		if tables, err = opts.DB.token(); err != nil {
			return "", "", err
		}
	}
	if director == "" && opts.DirectorTokenFile != "" {
		if director, err = readToken("--director-token-file", opts.DirectorTokenFile); err != nil {
			return "", "", err
		}
	}
	if director == "" {
		director = opts.IO.Getenv("HOYLE_NATS_DIRECTOR_TOKEN")
	}
	if tables != "" && tables == director {
		return "", "", usagef("the tables' token and the director's must differ: a table would have the director's rights")
	}
	return tables, director, nil
}

// follow keeps hoyle compare's projection current until ctx is done
// (progress, when not nil, told of each batch saved),
// starting again after a failure. The log deleted or replaced meanwhile
// ends it with a natsstore.LogReplacedError: the server must not follow
// (and sign the summaries of) a log that is not the club's.
func follow(ctx context.Context, streams *Streams, st *natsstore.Store, progress func(position uint64, sessions int)) error {
	for {
		err := ledger.Follow(ctx, st, progress)
		if ctx.Err() != nil || errors.Is(err, natsstore.ErrClosed) {
			return nil
		}
		if ierr := st.CheckIdentity(ctx); errors.Is(ierr, natsstore.ErrLogReplaced) {
			return ierr
		}
		fmt.Fprintf(streams.Err, "hoyle serve: keeping compare's projection: %v; trying again\n", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// httpToken is the token the site's viewers must give: --http-token, else
// --http-token-file, else $HOYLE_HTTP_TOKEN; "" for none. The flags are
// checked here too, before the server starts.
func (opts *serveOptions) httpToken() (string, error) {
	if opts.HTTP == "" {
		if opts.HTTPToken != "" || opts.HTTPTokenFile != "" {
			return "", usagef("--http-token and --http-token-file guard the site of --http ADDR: give --http too")
		}
		return "", nil
	}
	if opts.NoFollow {
		return "", usagef("--http serves the sites from compare's projection, which --no-follow stops keeping: give one or the other")
	}
	if _, _, err := net.SplitHostPort(opts.HTTP); err != nil {
		return "", usagef("--http %q: give HOST:PORT, such as 0.0.0.0:8080", opts.HTTP)
	}
	if opts.HTTPToken != "" {
		fmt.Fprintln(opts.IO.Err, "hoyle serve: warning: a token on the command line is visible to every local user (ps): prefer --http-token-file or $HOYLE_HTTP_TOKEN")
		return opts.HTTPToken, nil
	}
	if opts.HTTPTokenFile != "" {
		return readToken("--http-token-file", opts.HTTPTokenFile)
	}
	return opts.IO.Getenv("HOYLE_HTTP_TOKEN"), nil
}

// serveSite serves the events' sites live (export/site) on --http until
// ctx is done, made again at each signal on moved; it returns the address
// it listens on.
func serveSite(ctx context.Context, opts *serveOptions, st *natsstore.Store, token string, moved <-chan struct{}) (string, error) {
	ln, err := net.Listen("tcp", opts.HTTP)
	if err != nil {
		return "", fmt.Errorf("--http %s: %w", opts.HTTP, err)
	}
	live := site.NewLive(site.Source{
		Compare: func(ctx context.Context) (compare.Report, []compare.Table, error) {
			return compareStore(ctx, opts.DB, st, compare.Options{})
		},
		Hands: func(ctx context.Context, id string) (*projections.Session, []events.Envelope, error) {
			return load.Session(ctx, st, id)
		},
	}, token)
	go live.Run(ctx, moved, func(err error) { fmt.Fprintf(opts.IO.Err, "hoyle serve: the site: %v\n", err) })
	srv := &http.Server{Handler: live, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
		srv.Close() // the live pages' streams do not end by themselves
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(opts.IO.Err, "hoyle serve: the site: %v\n", err)
		}
	}()
	return ln.Addr().String(), nil
}
