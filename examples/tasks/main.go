// Command tasks is a realistic mcpgen server: a task board whose methods
// (tasks.go) are MCP tools, with state shared between calls, enums found from
// Go constants, nested and recursive types, bounds, formats and logging.
//
// It serves MCP over stdio by default:
//
//	go run ./examples/tasks
//
// and Streamable HTTP at http://ADDR/mcp with -http (bind to loopback):
//
//	go run ./examples/tasks -http 127.0.0.1:8080
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	flag.Parse()

	srv := runtime.NewServer("tasks", "1.0.0",
		runtime.WithTitle("Task board"),
		runtime.WithInstructions("A task board. Add tasks with add_task, find them with list_tasks, "+
			"move them along with set_status. Ids come from add_task and list_tasks."))
	RegisterBoardTools(srv, NewBoard())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		err = srv.ListenAndServeHTTP(ctx, *addr)
	}
	if err != nil { // a signal is a clean stop: err is nil then
		fmt.Fprintln(os.Stderr, "tasks:", err)
		os.Exit(1)
	}
}
