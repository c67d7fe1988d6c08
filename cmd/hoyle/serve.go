package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events/natsstore"
	"github.com/hoyle/hoyle/projections/ledger"
)

// serveOptions: hoyle serve [--listen ADDR] [--dir DIR] [--token TOKEN].
type serveOptions struct {
	IO       *IO
	DB       *database
	Listen   string
	Dir      string
	Token    string
	NoFollow bool
	Verbose  bool
}

// newServeCmd builds the command: it binds the flags to the options and calls runServe.
func newServeCmd(f *factory) *cobra.Command {
	opts := &serveOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "serve [--listen ADDR] [--dir DIR] [--token TOKEN]",
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

The server has no accounts and no TLS: listen on a trusted network, or
give --token (tables then use nats://TOKEN@HOST:PORT), or run a club's own
nats-server cluster (see hoyle help tables). It runs until interrupted (Ctrl-C,
SIGTERM).`,
		Example: `  hoyle serve --listen 0.0.0.0:4222 --dir /var/lib/hoyle --token s3cret
  hoyle --db nats://s3cret@192.168.1.10:4222 new --game contract --scoring duplicate --event "Tuesday" --table 3`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.Listen, "listen", "127.0.0.1:4222", "the address to listen on, HOST:PORT (port 0: any free port)")
	cmd.Flags().StringVar(&opts.Dir, "dir", "", "the directory the server keeps the log in (default: jetstream in hoyle's XDG data directory)")
	cmd.Flags().StringVar(&opts.Token, "token", "", "a token every client must give: nats://TOKEN@HOST:PORT")
	cmd.Flags().BoolVar(&opts.NoFollow, "no-follow", false, "do not keep hoyle compare's projection current")
	cmd.Flags().BoolVar(&opts.Verbose, "verbose", false, "print the NATS server's own log on standard error")
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
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	sopts := natsstore.ServerOptions{Token: opts.Token}
	if opts.Verbose {
		sopts.Log = opts.IO.Err
	}
	srv, err := natsstore.StartServer(dir, opts.Listen, sopts)
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	url := srv.URL()
	if ip := net.ParseIP(host); opts.Token == "" && (host == "" || (ip != nil && !ip.IsLoopback())) {
		fmt.Fprintln(opts.IO.Err, "hoyle serve: warning: listening beyond this machine without --token: anyone on the network can record into the log")
	}
	// The streams are made now, so that the first table finds them.
	st, err := natsstore.Open(ctx, url, natsstore.Options{Name: "hoyle serve"})
	if err != nil {
		return err
	}
	defer st.Close()
	fmt.Fprintf(opts.IO.Out, "hoyle serve: the shared log is at %s, kept in %s\n", url, dir)
	fmt.Fprintf(opts.IO.Out, "tables record into it with: hoyle --db %s ... (or HOYLE_DB=%s)\n", url, url)
	if !opts.NoFollow {
		go follow(ctx, opts.IO, st)
	}
	<-ctx.Done()
	fmt.Fprintln(opts.IO.Err, "hoyle serve: stopping")
	return nil
}

// follow keeps hoyle compare's projection current until ctx is done,
// starting again after a failure.
func follow(ctx context.Context, io *IO, st *natsstore.Store) {
	for {
		err := ledger.Follow(ctx, st, nil)
		if ctx.Err() != nil || errors.Is(err, natsstore.ErrClosed) {
			return
		}
		fmt.Fprintf(io.Err, "hoyle serve: keeping compare's projection: %v; trying again\n", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}
