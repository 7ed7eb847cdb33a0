package hardening

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// The bounds on the memory of request bodies (docs/guarantees.md, "Bounded memory"),
// measured as the growth of the server's peak RSS (VmHWM) over its peak
// after a first small call, with the default limits: 64 MiB per message,
// 256 MiB for all bodies at once.
const (
	limit    = 64 * mib
	budget   = 256 * mib
	overhead = 8 * mib // what the server may use beyond the bodies it holds
)

// path is one way a POST reaches the core.
type path struct {
	name  string
	setup func(t *testing.T, client *http.Client, u string) []string // headers
	open  func(id int) string                                        // the body up to its padding
	close string                                                     // the body after it
}

var paths = []path{
	{
		name:  "modern",
		setup: func(*testing.T, *http.Client, string) []string { return modernHeaders("tools/call", "echo") },
		open: func(id int) string {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{%s},"name":"echo","arguments":{"text":"x%d"}`, id, modernMeta, id)
		},
		close: "}}",
	},
	{
		name: "session",
		setup: func(t *testing.T, client *http.Client, u string) []string {
			code, body, hdr, err := rpc(t.Context(), client, u, initBody)
			if err != nil || code != 200 {
				t.Fatalf("initialize: %d %v %s", code, err, body)
			}
			return []string{"Mcp-Session-Id", hdr.Get("Mcp-Session-Id"), "MCP-Protocol-Version", "2025-11-25"}
		},
		open: func(id int) string {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x%d"}`, id, id)
		},
		close: "}}",
	},
	{
		name:  "stateless",
		setup: func(*testing.T, *http.Client, string) []string { return nil },
		open: func(id int) string {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x%d"}`, id, id)
		},
		close: "}}",
	},
}

func modernHeaders(method, name string) []string {
	return []string{"MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method, "Mcp-Name", name}
}

// spaces is n bytes of white space, read without holding them.
type spaces struct{ n int }

var blank = []byte(strings.Repeat(" ", 64<<10))

func (s *spaces) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), s.n)], blank)
	s.n -= k
	return k, nil
}

// bigPost POSTs a call of p padded with white space to size bytes, with a
// Content-Length or (streamed) without, and returns the answer.
func bigPost(ctx context.Context, client *http.Client, u string, p path, hdr []string, id, size int, streamed bool) (int, string, http.Header, error) {
	open, close := p.open(id), p.close
	body := io.MultiReader(strings.NewReader(open), &spaces{size - len(open) - len(close)}, strings.NewReader(close))
	req, err := http.NewRequestWithContext(ctx, "POST", u, body)
	if err != nil {
		return 0, "", nil, err
	}
	if streamed {
		req.TransferEncoding = []string{"chunked"}
	} else {
		req.ContentLength = int64(size)
	}
	return post(client, req, hdr...)
}

// peakGrowth starts a server, makes a first small call on p, runs f and
// returns how much f raised the server's peak RSS.
func peakGrowth(t *testing.T, p path, f func(client *http.Client, u string, hdr []string)) uint64 {
	t.Helper()
	srv, u := httpServer(t, nil)
	client, _ := newClient()
	hdr := p.setup(t, client, u)
	if code, body, _, err := bigPost(t.Context(), client, u, p, hdr, 0, 1000, false); code != 200 || err != nil {
		t.Fatalf("first call: %d %v %s", code, err, body)
	}
	before := vmHWM(srv.cmd.Process.Pid)
	f(client, u, hdr)
	after := vmHWM(srv.cmd.Process.Pid)
	if before == 0 || after == 0 {
		t.Skip("no VmHWM in /proc on this system")
	}
	return after - before
}

// TestHTTPBodyMemoryBounded: on each path (modern, legacy session,
// stateless), a declared Content-Length over the limit is refused before
// the body is read, a streamed body over the limit holds at most the limit,
// and a body under the limit is held once.
func TestHTTPBodyMemoryBounded(t *testing.T) {
	t.Parallel()
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			tests := []struct {
				name     string
				size     int
				streamed bool
				status   int
				bound    uint64
			}{
				{"declared 65 MiB", 65 * mib, false, 413, overhead},
				{"streamed 200 MiB", 200 * mib, true, 413, limit + overhead},
				{"declared 60 MiB", 60 * mib, false, 200, 60*mib + overhead},
				{"streamed 60 MiB", 60 * mib, true, 200, limit + overhead},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					var status int
					var body string
					grown := peakGrowth(t, p, func(client *http.Client, u string, hdr []string) {
						var err error
						status, body, _, err = bigPost(t.Context(), client, u, p, hdr, 1, tt.size, tt.streamed)
						if err != nil && tt.status == 200 {
							t.Fatal(err)
						} // else: the server may close the connection while the body is still sent
					})
					t.Logf("peak RSS grew by %.1f MiB (bound %d MiB)", float64(grown)/mib, tt.bound/mib)
					if status != 0 && status != tt.status {
						t.Errorf("status %d, want %d: %s", status, tt.status, body)
					}
					if tt.status == 413 && status == 413 && !strings.Contains(body, "-32600") {
						t.Errorf("413 without its JSON-RPC error: %s", body)
					}
					if tt.status == 200 && !strings.Contains(body, `x1`) {
						t.Errorf("answer: %s", body)
					}
					if grown > tt.bound {
						t.Errorf("peak RSS grew by %d MiB, want at most %d MiB", grown/mib, tt.bound/mib)
					}
				})
			}
		})
	}
}

// TestHTTPBodyMemoryShared: 32 clients (on the three paths) each send a
// 60 MiB body at once while small calls go on. The server's peak RSS grows
// by no more than the body budget; every client is answered, 200 or 503
// with a JSON-RPC error that says to retry; every small call is answered.
func TestHTTPBodyMemoryShared(t *testing.T) {
	t.Parallel()
	var served, refused int
	grown := peakGrowth(t, paths[2], func(client *http.Client, u string, _ []string) {
		hdrs := make([][]string, len(paths))
		for i, p := range paths {
			hdrs[i] = p.setup(t, client, u)
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range 32 {
			wg.Go(func() {
				p := paths[i%len(paths)]
				code, body, hdr, err := bigPost(t.Context(), client, u, p, hdrs[i%len(paths)], i+1, 60*mib, i%2 == 1)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					t.Errorf("client %d (%s): %v", i, p.name, err)
				case code == 200 && strings.Contains(body, fmt.Sprintf(`x%d`, i+1)):
					served++
				case code == 503 && strings.Contains(body, "-32600") && strings.Contains(body, "retry") && hdr.Get("Retry-After") != "":
					refused++
				default:
					t.Errorf("client %d (%s): %d %s", i, p.name, code, body)
				}
			})
		}
		small := make(chan struct{})
		go func() {
			defer close(small)
			for j := 0; ; j++ {
				code, body, _, err := rpc(t.Context(), client, u, callBody(1000+j, "echo", `{"text":"small"}`))
				if err != nil || code != 200 || !strings.Contains(body, "small") {
					t.Errorf("small call during the flood: %d %v %s", code, err, body)
					return
				}
				if j >= 20 {
					return
				}
			}
		}()
		wg.Wait()
		<-small
	})
	t.Logf("32 x 60 MiB: %d served, %d refused; peak RSS grew by %.1f MiB (budget %d MiB)", served, refused, float64(grown)/mib, budget/mib)
	if grown > budget+overhead {
		t.Errorf("peak RSS grew by %d MiB, want at most %d MiB", grown/mib, (budget+overhead)/mib)
	}
}
