package natsstore

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
)

// StartLocalCluster runs n embedded servers of one cluster in this
// process, on loopback ports, each keeping its streams in dir/sN, and
// makes the log's streams (Options.Stream in opt) as hoyle serve does
// (OpenServed), kept by min(n, 3) of them. It is a cluster on one machine:
// for tests and benchmarks, and to try a cluster before running one
// server per machine with hoyle serve --cluster. URLs lists the servers'
// client addresses as tables give them.
func StartLocalCluster(ctx context.Context, dir string, n int, sopt ServerOptions, opt Options) ([]*Server, error) {
	var clusterAddrs, routes []string
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("natsstore: a cluster port: %w", err)
		}
		ls = append(ls, l)
		clusterAddrs = append(clusterAddrs, l.Addr().String())
		routes = append(routes, "nats://"+l.Addr().String())
	}
	for _, l := range ls {
		l.Close() // free again for the server, which takes it at once
	}
	servers := make([]*Server, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := sopt
			o.Cluster = &ClusterOptions{Name: "local", Listen: clusterAddrs[i], Routes: routes, ServerName: fmt.Sprintf("s%d", i+1)}
			srv, err := StartServer(filepath.Join(dir, fmt.Sprintf("s%d", i+1)), "127.0.0.1:0", o)
			if err != nil {
				errs[i] = err
				return
			}
			servers[i] = srv
			st, err := OpenServed(ctx, srv, opt)
			if err != nil {
				errs[i] = err
				return
			}
			st.Close()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			for _, s := range servers {
				if s != nil {
					s.Shutdown()
				}
			}
			return nil, fmt.Errorf("natsstore: server %d of the local cluster: %w", i+1, err)
		}
	}
	return servers, nil
}

// URLs is the servers' client addresses, comma-separated: what tables
// open a cluster's log with.
func URLs(servers []*Server) string {
	urls := make([]string, len(servers))
	for i, s := range servers {
		urls[i] = s.URL()
	}
	return strings.Join(urls, ",")
}
