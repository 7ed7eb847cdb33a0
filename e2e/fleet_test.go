package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgen/mcpgen/stores/redis/redistest"
)

// This file runs examples/fleet as a fleet: three replicas sharing a real
// redis-server, behind a real nginx that spreads requests round-robin
// with nothing sticky (the configuration docs/fleet.md shows), driven by
// the official clients: the TypeScript SDK v1 (legacy session: its
// requests, GET stream and answers reach different replicas) and v2
// (modern), the Go SDK client in both eras, and a raw client for tasks,
// which the SDK clients do not speak.

// fleetLease is the replicas' task lease: short, so that the task of a
// killed replica fails soon.
const fleetLease = 2 * time.Second

// nginxConf is the balancer's configuration that docs/fleet.md shows,
// examples/fleet/nginx.conf, with the test's ports and folder.
func nginxConf(t testing.TB, dir, port string, replicas []*fleetReplica) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(e2eDir, "..", "examples", "fleet", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	conf := string(b)
	var upstream strings.Builder
	for _, r := range replicas {
		fmt.Fprintf(&upstream, "    server %s;\n", r.addr)
	}
	for old, new := range map[string]string{
		"    server 127.0.0.1:8081;\n    server 127.0.0.1:8082;\n    server 127.0.0.1:8083;\n": upstream.String(),
		"listen 127.0.0.1:8080;": "listen 127.0.0.1:" + port + ";",
		"/tmp/mcp-fleet-nginx-":  dir + "/",
		"error_log stderr warn;": "error_log " + dir + "/error.log warn;",
	} {
		if !strings.Contains(conf, old) {
			t.Fatalf("examples/fleet/nginx.conf has no %q", old)
		}
		conf = strings.ReplaceAll(conf, old, new)
	}
	return []byte(conf)
}

type fleetReplica struct {
	addr string
	cmd  *exec.Cmd
}

type fleetRig struct {
	t        testing.TB
	bin      string
	redis    *redistest.Server
	replicas []*fleetReplica
	url      string // the balancer's
}

func freePort(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// waitHTTP waits until url answers an HTTP request at all.
func waitHTTP(t testing.TB, url string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s does not answer: %v", url, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startFleet starts three replicas on Redis behind nginx.
func startFleet(t testing.TB) *fleetRig { return startFleetOf(t, 3, true) }

// startFleetOf starts n replicas behind nginx, on Redis or each with its
// own memory.
func startFleetOf(t testing.TB, n int, withRedis bool) *fleetRig {
	t.Helper()
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("nginx is not installed (.ci/run installs the Debian package nginx)")
		}
		skipFor(t, "nginx is not installed (apt-get install nginx)")
	}
	rig := &fleetRig{t: t, bin: filepath.Join(t.TempDir(), "fleet")}
	if withRedis {
		rig.redis = redistest.Start(t)
	}
	build := exec.Command("go", "build", "-o", rig.bin, ".")
	build.Dir = filepath.Join(e2eDir, "..", "examples", "fleet")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building examples/fleet: %v\n%s", err, out)
	}
	for i := range n {
		rig.replicas = append(rig.replicas, &fleetReplica{addr: "127.0.0.1:" + freePort(t)})
		rig.start(i)
	}
	dir := t.TempDir()
	port := freePort(t)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, nginxConf(t, dir, port, rig.replicas), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginx, "-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log"))
	cmd.Stderr = stderrLog(t, "nginx")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Logf("nginx error.log:\n%s", tail(string(b), 4000))
		}
	})
	rig.url = "http://127.0.0.1:" + port + "/mcp"
	waitHTTP(t, rig.url)
	for _, r := range rig.replicas {
		waitHTTP(t, "http://"+r.addr+"/mcp")
	}
	return rig
}

// start starts replica i.
func (rig *fleetRig) start(i int) {
	r := rig.replicas[i]
	args := []string{"-http", r.addr, "-name", "r" + strconv.Itoa(i), "-task-lease", fleetLease.String()}
	if rig.redis != nil {
		args = append(args, "-redis", rig.redis.URL(0))
	}
	r.cmd = exec.Command(rig.bin, args...)
	r.cmd.Stderr = stderrLog(rig.t, "fleet-r"+strconv.Itoa(i))
	if err := r.cmd.Start(); err != nil {
		rig.t.Fatal(err)
	}
	cmd := r.cmd
	rig.t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
}

// kill kills replica i with SIGKILL.
func (rig *fleetRig) kill(i int) {
	_ = rig.replicas[i].cmd.Process.Kill()
	_ = rig.replicas[i].cmd.Wait()
}

// fleetMeta is the _meta of a modern request from a client that declared
// the tasks extension and elicitation.
func fleetMeta() map[string]any { return taskMeta() }

// modern sends one modern request to url and returns its result, or its
// error as an error.
func modern(url, method, name string, params map[string]any) (map[string]any, error) {
	p := map[string]any{"_meta": fleetMeta()}
	for k, v := range params {
		p[k] = v
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": p})
	req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	if name != "" {
		req.Header.Set("Mcp-Name", name)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if i := bytes.LastIndex(b, []byte("data: ")); i >= 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		b = b[i+len("data: "):]
	}
	var m struct {
		Result map[string]any
		Error  *struct {
			Code    int
			Message string
		}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %s %q", method, resp.Status, b)
	}
	if m.Error != nil {
		return nil, fmt.Errorf("%s: error %d: %s", method, m.Error.Code, m.Error.Message)
	}
	return m.Result, nil
}

func mustModern(t *testing.T, url, method, name string, params map[string]any) map[string]any {
	t.Helper()
	r, err := modern(url, method, name, params)
	if err != nil {
		t.Fatalf("%s via %s: %v", method, url, err)
	}
	return r
}

func (rig *fleetRig) replicaURL(i int) string { return "http://" + rig.replicas[i].addr + "/mcp" }

// pollTask calls tasks/get through the given URLs in turn until the task
// is no longer working (a guard of a minute, never a timing assertion).
func pollTask(t *testing.T, id string, urls ...string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for i := 0; ; i++ {
		r := mustModern(t, urls[i%len(urls)], "tasks/get", id, map[string]any{"taskId": id})
		if r["status"] != "working" && r["status"] != "input_required" || time.Now().After(deadline) {
			return r
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// goFleetSession connects the Go SDK client to url with protocol version.
func goFleetSession(t *testing.T, url, version string) (*mcp.ClientSession, error) {
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-fleet-go", Version: "1.0.0"}, &mcp.ClientOptions{
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, nil
		},
	})
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

func goText(res *mcp.CallToolResult) string {
	var s []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			s = append(s, tc.Text)
		}
	}
	return strings.Join(s, "")
}

func TestFleet(t *testing.T) {
	t.Parallel()
	rig := startFleet(t)

	t.Run("store round trips, counted by Redis", func(t *testing.T) {
		// What docs/fleet.md's cost table says, counted in Redis itself
		// (INFO commandstats): each Store method is one command (GET, SET,
		// DEL, PUBLISH), so these are the store round trips through the
		// balancer.
		redisCommand(t, rig.redis.Addr, "CONFIG", "RESETSTAT")
		for range 6 {
			mustModern(t, rig.url, "tools/call", "replica", map[string]any{"name": "replica", "arguments": map[string]any{}})
		}
		mustModern(t, rig.url, "tools/list", "", map[string]any{})
		if n := redisDataCommands(t, rig.redis.Addr); total(n) != 0 {
			t.Errorf("6 stateless calls and a list: %d Redis commands %v, want 0", total(n), n)
		}

		sid := legacyPost(t, rig.url, "", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"count","version":"1"}}}`)
		if n := redisDataCommands(t, rig.redis.Addr); total(n) != 1 {
			t.Errorf("initialize: %d Redis commands %v, want 1 (the record)", total(n), n)
		}
		legacyPost(t, rig.url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		initialized := redisDataCommands(t, rig.redis.Addr)
		t.Logf("notifications/initialized: %v", initialized)
		for i := range 3 {
			legacyPost(t, rig.url, sid, `{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+`,"method":"tools/call","params":{"name":"replica","arguments":{}}}`)
		}
		if n := redisDataCommands(t, rig.redis.Addr); total(n) != 3 || n["get"] != 3 {
			t.Errorf("3 requests of a legacy session: %d Redis commands %v, want 3 GET (the record)", total(n), n)
		}

		r := mustModern(t, rig.replicaURL(0), "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 0.3}})
		id, _ := r["taskId"].(string)
		if r["resultType"] != "task" || id == "" {
			t.Fatalf("work: %s", dump(r))
		}
		if n := redisDataCommands(t, rig.redis.Addr); total(n) != 2 || n["set"] != 2 {
			t.Errorf("a call that became a task: %d Redis commands %v, want 2 SET (lease, record)", total(n), n)
		}
		pollTask(t, id, rig.replicaURL(0))
		// The task's replica ends it in the store after it answers
		// "completed": end mark, last record, then the lease's DEL.
		var ended map[string]int
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) { // guard only
			if ended = redisDataCommands(t, rig.redis.Addr); ended["del"] > 0 || time.Now().After(deadline) {
				break
			}
		}
		if total(ended) != 3 || ended["set"] != 2 || ended["del"] != 1 {
			t.Errorf("a task polled on its replica until it ended: %d Redis commands %v, want 3 (end mark, last record, the lease's DEL)", total(ended), ended)
		}
		mustModern(t, rig.replicaURL(1), "tasks/get", id, map[string]any{"taskId": id})
		if n := redisDataCommands(t, rig.redis.Addr); total(n) != 1 || n["get"] != 1 {
			t.Errorf("tasks/get of an ended task on another replica: %d Redis commands %v, want 1 GET", total(n), n)
		}
	})

	t.Run("clients", func(t *testing.T) {
		for _, c := range []struct{ sdk, era string }{{"v1", "legacy"}, {"v2", "modern"}} {
			t.Run("typescript-"+c.sdk+"-"+c.era, func(t *testing.T) {
				needNode(t)
				t.Parallel()
				runTSScript(t, "clients/fleet.mjs", c.sdk, c.era, "", []string{"--url", rig.url}, nil)
			})
		}
		for _, version := range []string{"2025-11-25", "2026-07-28"} {
			t.Run("go-sdk-"+version, func(t *testing.T) {
				t.Parallel()
				cs, err := goFleetSession(t, rig.url, version)
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				ctx := t.Context()
				seen := map[string]bool{}
				for range 6 {
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "replica", Arguments: map[string]any{}})
					if err != nil || res.IsError {
						t.Fatalf("replica: %v %s", err, dump(res))
					}
					seen[goText(res)] = true
				}
				if len(seen) < 2 {
					t.Errorf("every call reached %v", seen)
				}
				for range 3 {
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "approve", Arguments: map[string]any{"action": "ship"}})
					if err != nil || goText(res) != "ship: approved" {
						t.Fatalf("approve: %v %s", err, dump(res))
					}
				}
			})
		}
	})

	t.Run("task across replicas", func(t *testing.T) {
		r := mustModern(t, rig.replicaURL(0), "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 1.5}})
		id, _ := r["taskId"].(string)
		if r["resultType"] != "task" || id == "" {
			t.Fatalf("work: %s", dump(r))
		}
		got := pollTask(t, id, rig.replicaURL(1), rig.replicaURL(2), rig.url)
		if got["status"] != "completed" || !strings.Contains(dump(got["result"]), "worked 1.5s on replica r0") {
			t.Fatalf("task: %s", dump(got))
		}
		// Cancelled through another replica than the one that runs it.
		r = mustModern(t, rig.replicaURL(1), "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 600}})
		id = r["taskId"].(string)
		mustModern(t, rig.replicaURL(2), "tasks/cancel", id, map[string]any{"taskId": id})
		for _, u := range []string{rig.replicaURL(0), rig.replicaURL(1), rig.url} {
			if got := mustModern(t, u, "tasks/get", id, map[string]any{"taskId": id}); got["status"] != "cancelled" {
				t.Errorf("cancelled task via %s: %s", u, dump(got))
			}
		}
	})

	t.Run("kill -9 of the task's replica", func(t *testing.T) {
		r := mustModern(t, rig.replicaURL(2), "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 600}})
		id := r["taskId"].(string)
		rig.kill(2)
		killed := time.Now()
		got := pollTask(t, id, rig.url)
		t.Logf("failed %v after the kill (lease %v)", time.Since(killed).Round(100*time.Millisecond), fleetLease)
		if got["status"] != "failed" || !strings.Contains(dump(got["statusMessage"]), "replica that ran this task stopped") ||
			!strings.Contains(dump(got["error"]), "lease lapsed") {
			t.Fatalf("task of a killed replica: %s", dump(got))
		}
		for range 6 {
			res := mustModern(t, rig.url, "tools/call", "replica", map[string]any{"name": "replica", "arguments": map[string]any{}})
			if res["isError"] == true || strings.Contains(dump(res), "r2") {
				t.Errorf("after the kill: %s", dump(res))
			}
		}
		rig.start(2)
		waitHTTP(t, rig.replicaURL(2))
	})

	t.Run("redis stopped and restarted", func(t *testing.T) {
		cs, err := goFleetSession(t, rig.url, "2025-11-25")
		if err != nil {
			t.Fatal(err)
		}
		ctx := t.Context()
		rig.redis.Stop()
		for range 6 {
			if _, err := modern(rig.url, "tools/call", "replica", map[string]any{"name": "replica", "arguments": map[string]any{}}); err != nil {
				t.Errorf("stateless call with Redis down: %v", err)
			}
		}
		_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "replica", Arguments: map[string]any{}})
		// The Go SDK says the status, not the body (which says why).
		if err == nil || !strings.Contains(err.Error(), "Service Unavailable") {
			t.Errorf("legacy session call with Redis down: %v", err)
		}
		r, err := modern(rig.url, "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 0.5}})
		if err != nil || r["resultType"] == "task" || !strings.Contains(dump(r), "worked 0.5s") {
			t.Errorf("a task call with Redis down runs on its request: %v %s", err, dump(r))
		}
		if _, err := modern(rig.url, "tasks/get", "x", map[string]any{"taskId": "x"}); err == nil || !strings.Contains(err.Error(), "shared state store is unavailable") {
			t.Errorf("tasks/get with Redis down: %v", err)
		}
		rig.redis.Restart()
		// The restarted Redis is empty: a new session works at once (the
		// replicas reconnect by themselves).
		deadline := time.Now().Add(30 * time.Second)
		for {
			cs, err := goFleetSession(t, rig.url, "2025-11-25")
			if err == nil {
				var res *mcp.CallToolResult
				ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "approve", Arguments: map[string]any{"action": "recover"}})
				cancel()
				if err == nil && goText(res) != "recover: approved" {
					err = fmt.Errorf("approve: %s", dump(res))
				}
			}
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after Redis restarted: %v", err)
			}
			time.Sleep(100 * time.Millisecond)
		}
		r = mustModern(t, rig.url, "tools/call", "work", map[string]any{"name": "work", "arguments": map[string]any{"seconds": 1}})
		if r["resultType"] != "task" {
			t.Fatalf("work after Redis restarted: %s", dump(r))
		}
		if got := pollTask(t, r["taskId"].(string), rig.url); got["status"] != "completed" {
			t.Errorf("task after Redis restarted: %s", dump(got))
		}
	})
}

// redisCommand sends one command to the Redis at addr and returns its
// reply (a status or a bulk string).
func redisCommand(t *testing.T, addr string, args ...string) string {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(c, "$%d\r\n%s\r\n", len(a), a)
	}
	rd := bufio.NewReader(c)
	line, err := rd.ReadString('\n')
	if err != nil {
		t.Fatalf("redis %v: %v", args, err)
	}
	line = strings.TrimRight(line, "\r\n")
	switch {
	case strings.HasPrefix(line, "$"):
		n, _ := strconv.Atoi(line[1:])
		b := make([]byte, n+2)
		if _, err := io.ReadFull(rd, b); err != nil {
			t.Fatalf("redis %v: %v", args, err)
		}
		return string(b[:n])
	case strings.HasPrefix(line, "-"):
		t.Fatalf("redis %v: %s", args, line)
	}
	return line
}

// redisDataCommands returns how many GET, SET, DEL and PUBLISH commands
// Redis ran since the last call (or CONFIG RESETSTAT), by command, and
// resets the count. The rest (the replicas' connection setup, the pub/sub
// connections' PING, this test's INFO) are not store round trips.
func redisDataCommands(t *testing.T, addr string) map[string]int {
	t.Helper()
	info := redisCommand(t, addr, "INFO", "commandstats")
	redisCommand(t, addr, "CONFIG", "RESETSTAT")
	n := map[string]int{}
	for _, line := range strings.Split(info, "\n") {
		name, rest, ok := strings.Cut(strings.TrimPrefix(strings.TrimSpace(line), "cmdstat_"), ":calls=")
		if !ok {
			continue
		}
		calls, _, _ := strings.Cut(rest, ",")
		switch name {
		case "get", "set", "del", "publish":
			n[name], _ = strconv.Atoi(calls)
		}
	}
	return n
}

func total(n map[string]int) int {
	s := 0
	for _, v := range n {
		s += v
	}
	return s
}

// legacyPost sends a message of the legacy session sid ("" for
// initialize) and returns the session id the response names.
func legacyPost(t *testing.T, url, sid, body string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s: %s %s", body, resp.Status, b)
	}
	if sid == "" {
		sid = resp.Header.Get("Mcp-Session-Id")
	}
	return sid
}
