package runtime_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"sync"

	"github.com/mcpgen/mcpgen/runtime"
)

// Session hooks keep a count of the sessions open and say how each ended,
// where a real server would update a gauge and record the duration
// (si.Duration()) in a histogram, as the otel module does.
func ExampleWithSessionHooks() {
	var mu sync.Mutex
	open := 0
	began := func(si runtime.SessionInfo) {
		mu.Lock()
		defer mu.Unlock()
		open++
		fmt.Printf("began: %s, %s, %d open\n", si.Transport, si.Protocol, open)
	}
	ended := func(si runtime.SessionInfo) {
		mu.Lock()
		defer mu.Unlock()
		open--
		fmt.Printf("ended: %s, %s, error %v, %d open\n", si.Transport, si.End, si.Err, open)
	}
	srv := runtime.NewServer("calc", "1.0.0", quiet, runtime.WithSessionHooks(began, ended))
	addTool(srv)
	// The client initializes, calls a tool and closes the server's input.
	if err := srv.Serve(context.Background(), session(`{"a":1,"b":2}`), io.Discard); err != nil {
		log.Fatal(err)
	}
	// Output:
	// began: stdio, 2025-11-25, 1 open
	// ended: stdio, closed, error <nil>, 0 open
}
