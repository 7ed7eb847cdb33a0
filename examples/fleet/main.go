// Command fleet is one replica of a fleet: run several behind a load
// balancer, with one Redis, and any replica serves any request, nothing
// sticky (docs/fleet.md in the mcpgen repository says how, with the nginx
// configuration its tests use). Its tools (package ../jobs): work, a job
// that runs for its "seconds" argument and becomes a task; set_note, which
// updates the resource fleet://note for its subscribers; approve, which
// asks the user to confirm; replica, which says which replica answered.
//
//	redis-server --port 6379 &
//	go run . -http 127.0.0.1:8081 -redis redis://127.0.0.1:6379/0 &
//	go run . -http 127.0.0.1:8082 -redis redis://127.0.0.1:6379/0 &
//
// Without -redis it keeps its state in its own memory, as one process does.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/examples/jobs"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/stores/redis"
)

func main() {
	addr := flag.String("http", "127.0.0.1:8080", "serve Streamable HTTP at http://`ADDR`/mcp")
	redisURL := flag.String("redis", "", "share the fleet's state on the Redis at `URL` (redis://HOST:PORT/DB); without it, in this process's memory")
	prefix := flag.String("prefix", redis.DefaultPrefix, "what the fleet's Redis keys and channels start with")
	lease := flag.Duration("task-lease", runtime.DefaultTaskLease, "how long a task of a dead replica goes on saying it works")
	name := flag.String("name", "", "this replica's name, which the tools report (default: the -http address)")
	allowHost := flag.String("allow-host", "", "also accept this Host header (the balancer's address, if it forwards its own)")
	flag.Parse()
	if *name == "" {
		*name = *addr
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, nil)).With("replica", *name)
	opts := []runtime.Option{runtime.WithLogger(logger), runtime.WithTaskLease(*lease),
		runtime.WithInstructions("Jobs that run as tasks, a shared note, an approval form.")}
	var store runtime.Store = runtime.NewMemoryStore()
	if *redisURL != "" {
		st, err := redis.Open(*redisURL, redis.WithPrefix(*prefix))
		if err != nil {
			fmt.Fprintln(os.Stderr, "fleet: -redis:", err)
			os.Exit(2)
		}
		defer st.Close()
		store = st
		opts = append(opts, runtime.WithStore(st))
	}
	srv := runtime.NewServer("fleet", "1.0.0", opts...)
	jobs.Use(store, srv, *name)
	jobs.RegisterTools(srv)
	jobs.RegisterResources(srv)

	var httpOpts []runtime.HTTPOption
	if *allowHost != "" {
		httpOpts = append(httpOpts, runtime.WithAllowedHosts("localhost", "127.0.0.1", "[::1]", *allowHost))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger.Info("serving", "url", "http://"+*addr+"/mcp", "redis", *redisURL != "", "lease", lease.String())
	if err := srv.ListenAndServeHTTP(ctx, *addr, httpOpts...); err != nil {
		fmt.Fprintln(os.Stderr, "fleet:", err)
		os.Exit(1)
	}
}
