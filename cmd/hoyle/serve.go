package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections/ledger"
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
}

// newServeCmd builds the command: it binds the flags to the options and calls runServe.
func newServeCmd(f *factory) *cobra.Command {
	opts := &serveOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "serve [--listen ADDR] [--dir DIR] [--token-file FILE] [--director-token-file FILE]",
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

It runs until interrupted (Ctrl-C, SIGTERM).`,
		Example: `  hoyle serve --listen 0.0.0.0:4222 --dir /var/lib/hoyle --token-file /etc/hoyle/tables --director-token-file /etc/hoyle/director
  HOYLE_NATS_TOKEN=$(cat tables) hoyle --db nats://192.168.1.10:4222 new --game contract --scoring duplicate --event "Tuesday" --table 3
  hoyle serve --listen 0.0.0.0:4222 --cluster club --cluster-listen 0.0.0.0:6222 --routes nats://h2:6222,nats://h3:6222 --name h1 --dir /var/lib/hoyle`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.Listen, "listen", "127.0.0.1:4222", "the address to listen on, HOST:PORT (port 0: any free port)")
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "the directory the server keeps the log in (default: jetstream in hoyle's XDG data directory)")
	cmd.Flags().StringVar(&opts.Token, "token", "", "the tables' token (visible to every local user in ps: prefer --token-file or $HOYLE_NATS_TOKEN)")
	cmd.Flags().StringVar(&opts.DirectorToken, "director-token", "", "the director's token (visible in ps: prefer --director-token-file or $HOYLE_NATS_DIRECTOR_TOKEN)")
	cmd.Flags().StringVar(&opts.DirectorTokenFile, "director-token-file", "", "a file holding the director's token")
	cmd.Flags().BoolVar(&opts.NoFollow, "no-follow", false, "do not keep hoyle compare's projection current")
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
	replaced := make(chan error, 1)
	if !opts.NoFollow && !st.Signs() {
		// Its summaries would not be believed: the log names another
		// server's key. That server keeps them; compare reads the log
		// itself past the last one.
		fmt.Fprintln(opts.IO.Out, "hoyle serve: compare's projection is kept by the server of the cluster that made the log, not this one")
	} else if !opts.NoFollow {
		go func() { replaced <- follow(ctx, opts.IO, st) }()
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

// follow keeps hoyle compare's projection current until ctx is done,
// starting again after a failure. The log deleted or replaced meanwhile
// ends it with a natsstore.LogReplacedError: the server must not follow
// (and sign the summaries of) a log that is not the club's.
func follow(ctx context.Context, streams *Streams, st *natsstore.Store) error {
	for {
		err := ledger.Follow(ctx, st, nil)
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
