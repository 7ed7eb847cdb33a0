package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkFleet measures what the shared state costs, through nginx:
// examples/fleet as one replica that keeps its state in memory against
// three replicas on one Redis, for a stateless modern call, a request of a
// legacy session and a tasks/get of a finished task. Each reports calls/s
// and the 99th percentile latency; docs/fleet.md has the figures, run
// with
//
//	cd e2e && go test -run '^$' -bench BenchmarkFleet -benchtime 3000x -count 3 .
func BenchmarkFleet(b *testing.B) {
	setups := []struct {
		name     string
		replicas int
		redis    bool
	}{{"memory-1", 1, false}, {"redis-3", 3, true}}
	for _, kind := range []string{"stateless", "legacy-session", "tasks-get"} {
		for _, s := range setups {
			b.Run(kind+"/"+s.name, func(b *testing.B) {
				rig := startFleetOf(b, s.replicas, s.redis)
				send := benchRequest(b, rig, kind)
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
				var mu sync.Mutex
				var lat []time.Duration
				b.SetParallelism(4)
				b.ResetTimer()
				start := time.Now()
				b.RunParallel(func(pb *testing.PB) {
					var mine []time.Duration
					for pb.Next() {
						t0 := time.Now()
						if err := send(client); err != nil {
							b.Error(err)
							return
						}
						mine = append(mine, time.Since(t0))
					}
					mu.Lock()
					lat = append(lat, mine...)
					mu.Unlock()
				})
				elapsed := time.Since(start)
				b.StopTimer()
				slices.Sort(lat)
				if len(lat) > 0 {
					b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "calls/s")
					b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
				}
			})
		}
	}
}

// benchRequest returns the function that sends one request of kind.
func benchRequest(b *testing.B, rig *fleetRig, kind string) func(*http.Client) error {
	post := func(c *http.Client, body []byte, hdr ...string) error {
		req, _ := http.NewRequest("POST", rig.url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !bytes.Contains(out, []byte(`"result"`)) {
			return &benchError{resp.Status, string(out)}
		}
		return nil
	}
	modernBody := func(method string, params map[string]any) []byte {
		params["_meta"] = fleetMeta()
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
		return body
	}
	switch kind {
	case "stateless":
		body := modernBody("tools/call", map[string]any{"name": "replica", "arguments": map[string]any{}})
		return func(c *http.Client) error {
			return post(c, body, "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "replica")
		}
	case "tasks-get":
		r := mustModernTB(b, rig.url, "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 0.3}})
		id, _ := r["taskId"].(string)
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
			got := mustModernTB(b, rig.url, "tasks/get", id, map[string]any{"taskId": id})
			if got["status"] == "completed" {
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("task: %s", dump(got))
			}
		}
		body := modernBody("tasks/get", map[string]any{"taskId": id})
		return func(c *http.Client) error {
			return post(c, body, "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tasks/get", "Mcp-Name", id)
		}
	}
	// legacy-session: one session, its tools/call requests.
	init := []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	req, _ := http.NewRequest("POST", rig.url, bytes.NewReader(init))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	hdr := []string{"Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25"}
	var next atomic.Int64
	return func(c *http.Client) error {
		body := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"replica","arguments":{}}}`, next.Add(1))
		return post(c, body, hdr...)
	}
}

type benchError struct{ status, body string }

func (e *benchError) Error() string { return e.status + ": " + e.body }

func mustModernTB(b *testing.B, url, method, name string, params map[string]any) map[string]any {
	b.Helper()
	r, err := modern(url, method, name, params)
	if err != nil {
		b.Fatalf("%s: %v", method, err)
	}
	return r
}
