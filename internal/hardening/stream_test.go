package hardening

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestHTTPUnreadStreamMemoryBounded: a legacy session subscribes to a
// resource and opens its GET stream, which it never reads, while a tool
// announces 200,000 updates of the resource (a 1 KiB URI). The server's
// peak RSS grows by less than 16 MiB (docs/guarantees.md, "A stream nobody
// reads costs a bounded memory"), on one replica and as a replica of a
// fleet, whose updates go through the store; the call is answered, and
// the server serves the next one.
func TestHTTPUnreadStreamMemoryBounded(t *testing.T) {
	t.Parallel()
	const bound = 16 << 20
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"one replica", nil},
		{"through the store", []string{"-memory-store"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, u := httpServer(t, nil, tc.args...)
			client, _ := newClient()
			code, body, hdr, err := rpc(t.Context(), client, u, initBody)
			if err != nil || code != 200 {
				t.Fatalf("initialize: %d %v %s", code, err, body)
			}
			session := []string{"Mcp-Session-Id", hdr.Get("Mcp-Session-Id"), "MCP-Protocol-Version", "2025-11-25"}
			uri := "updates://" + strings.Repeat("x", 1024-len("updates://"))
			if code, body, _, err := rpc(t.Context(), client, u, `{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`, session...); err != nil || code != 200 || strings.Contains(body, "error") {
				t.Fatalf("subscribe: %d %v %s", code, err, body)
			}
			req, _ := http.NewRequestWithContext(t.Context(), "GET", u, nil)
			req.Header.Set("Accept", "text/event-stream")
			req.Header.Set(session[0], session[1])
			stream, err := client.Do(req)
			if err != nil || stream.StatusCode != 200 {
				t.Fatalf("GET stream: %v %v", err, stream)
			}
			defer stream.Body.Close() // never read
			announce := func(n int) {
				t.Helper()
				code, body, _, err := rpc(t.Context(), client, u, callBody(2, "announce", fmt.Sprintf(`{"n":%d,"size":1024}`, n)), session...)
				if err != nil || code != 200 || !strings.Contains(body, fmt.Sprintf("announced %d updates", n)) {
					t.Fatalf("announce: %d %v %s", code, err, body)
				}
			}
			announce(1)
			before := vmHWM(srv.cmd.Process.Pid)
			announce(200000)
			after := vmHWM(srv.cmd.Process.Pid)
			if before == 0 || after == 0 {
				t.Skip("no VmHWM in /proc on this system")
			}
			grown := after - before
			t.Logf("%s: peak RSS grew by %.1f MiB (%.1f → %.1f MiB)", tc.name, float64(grown)/(1<<20), float64(before)/(1<<20), float64(after)/(1<<20))
			if grown > bound {
				t.Errorf("peak RSS grew by %.1f MiB for a stream nobody reads, want at most %d MiB", float64(grown)/(1<<20), bound>>20)
			}
			if code, body, _, err := rpc(t.Context(), client, u, callBody(3, "echo", `{"text":"still here"}`), session...); err != nil || code != 200 || !strings.Contains(body, "still here") {
				t.Errorf("a call after the updates: %d %v %s", code, err, body)
			}
		})
	}
}
