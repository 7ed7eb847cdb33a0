package e2e

import (
	"bufio"
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// This file is the seam between the clients and the way they reach the
// server. Every client test runs once per entry of transports(); adding a
// transport (Streamable HTTP) means adding an entry, not touching the tests.

// An endpoint is one way to reach a running testserver.
type endpoint struct {
	// name names the transport in subtest names: "stdio", "http".
	name string
	// goTransport returns a new Go SDK transport for one client session.
	// Over stdio every session starts its own server process.
	goTransport func(t *testing.T) mcp.Transport
	// nodeArgs select the server for clients/ts-client.mjs:
	// "--stdio BIN" or "--url URL".
	nodeArgs []string
	// inspectorArgs select the server for the Inspector CLI (after --cli):
	// the command to run, or "--transport http --server-url URL".
	inspectorArgs []string
	// freshState reports whether each session sees a fresh Store (one process
	// per session). When false, sessions share one server process and tests
	// must not assume they are alone (they use unique SKUs anyway).
	freshState bool
}

// transports returns the endpoints every client test runs against: stdio,
// and Streamable HTTP unless -e2e.http=false (or MCPGEN_E2E_HTTP=0).
func transports(t *testing.T) []*endpoint {
	t.Helper()
	eps := []*endpoint{stdioEndpoint()}
	if *flagHTTP {
		eps = append(eps, httpEndpoint(t))
	}
	return eps
}

// forEachTransport runs f as a subtest per transport.
func forEachTransport(t *testing.T, f func(t *testing.T, ep *endpoint)) {
	for _, ep := range transports(t) {
		t.Run(ep.name, func(t *testing.T) { f(t, ep) })
	}
}

func stdioEndpoint() *endpoint { return stdioEndpointFor(serverBin) }

// stdioEndpointFor is stdioEndpoint for the server binary bin.
func stdioEndpointFor(bin string) *endpoint {
	return &endpoint{
		name: "stdio",
		goTransport: func(t *testing.T) mcp.Transport {
			cmd := exec.Command(bin)
			cmd.Stderr = stderrLog(t, filepath.Base(bin))
			return &mcp.CommandTransport{Command: cmd}
		},
		nodeArgs:      []string{"--stdio", bin},
		inspectorArgs: []string{bin},
		freshState:    true,
	}
}

// httpEndpoint starts one `testserver -http 127.0.0.1:0` for the calling
// test and its subtests; its address is read from the server's stderr line
// "listening on http://ADDR". The MCP endpoint is http://ADDR/mcp.
func httpEndpoint(t *testing.T) *endpoint { return httpEndpointFor(t, serverBin) }

// httpEndpointFor is httpEndpoint for the server binary bin.
func httpEndpointFor(t *testing.T, bin string) *endpoint {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })

	addr := make(chan string, 1)
	logw := stderrLog(t, filepath.Base(bin)+" -http")
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			line := sc.Text()
			if rest, ok := strings.CutPrefix(line, "listening on "); ok {
				select {
				case addr <- rest:
				default:
				}
			}
			logw.Write([]byte(line + "\n"))
		}
	}()
	var base string
	select {
	case base = <-addr:
	case <-time.After(30 * time.Second):
		t.Fatal(filepath.Base(bin) + " -http did not print its address within 30s")
	}
	url := base + "/mcp"
	return &endpoint{
		name: "http",
		goTransport: func(t *testing.T) mcp.Transport {
			return &mcp.StreamableClientTransport{Endpoint: url}
		},
		nodeArgs:      []string{"--url", url},
		inspectorArgs: []string{"--transport", "http", "--server-url", url},
		freshState:    false,
	}
}

// stderrLog returns a writer that keeps a process's stderr and prints it in
// the test log when the test fails (stdout carries the protocol).
func stderrLog(t testing.TB, who string) *lockedBuffer {
	t.Helper()
	b := &lockedBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			if s := b.String(); s != "" {
				t.Logf("%s stderr:\n%s", who, tail(s, 8000))
			}
		}
	})
	return b
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "...\n" + s[len(s)-n:]
}
