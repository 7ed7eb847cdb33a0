package hardening

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

const mib = 1 << 20

// idleWorkers is how many idle goroutines a stdio connection keeps after a
// burst of calls (runtime's maxIdleWorkers), plus slack for the runtime's
// own.
const idleWorkers = 128 + 4

// TestStdioHostileInputThen500InFlight is the acceptance test: the
// generated server, fed malformed, oversized, deeply nested and invalid
// UTF-8 input over stdio, answers each with the right JSON-RPC error (or an
// isError result) and stays up; then, with 500 calls in flight when stdin
// closes, it answers every one and exits 0.
func TestStdioHostileInputThen500InFlight(t *testing.T) {
	t.Parallel()
	p := start(t, nil, "-max-message", fmt.Sprint(mib))
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"hostile","version":"1"}}}`)
	if m := p.next(); m.Result == nil {
		t.Fatalf("initialize: %s", m.raw)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	for i, tt := range []struct {
		name, msg string
		code      int // 0: an isError result
		text      string
	}{
		{"malformed", `{"jsonrpc":"2.0","id":1,"method":`, -32700, ""},
		{"not json at all", `hello, server`, -32700, ""},
		{"no method", `{"jsonrpc":"2.0","id":2}`, -32600, ""},
		{"id is an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, ""},
		{"id is null", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600, ""},
		{"id is a bool", `{"jsonrpc":"2.0","id":false,"method":"ping"}`, -32600, ""},
		{"unknown method", `{"jsonrpc":"2.0","id":3,"method":"no/such/method"}`, -32601, ""},
		{"arguments not an object", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":["hi"]}}`, -32602, ""},
		{"invalid arguments", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":5}}}`, 0, `invalid arguments: "text"`},
		{"oversized", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("x", 2*mib) + `"}}}`, -32600, "1048576 bytes"},
		{"deeply nested", `{"jsonrpc":"2.0","id":7,"method":"ping","params":` + strings.Repeat(`[`, 500_000) + strings.Repeat(`]`, 500_000) + `}`, -32700, ""},
		{"deeply nested arguments", `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{"text":"a","x":` + strings.Repeat(`{"a":`, 100_000) + `0` + strings.Repeat(`}`, 100_000) + `}}}`, -32700, ""},
		{"invalid utf-8 in a string", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"caf\xe9\"}}}", 0, "invalid arguments"},
		{"invalid utf-8 in the id", "{\"jsonrpc\":\"2.0\",\"id\":\"\xc3\x28\",\"method\":\"ping\"}", -32600, ""},
		{"invalid utf-8 outside strings", "\xff\xfe{}", -32700, ""},
		{"tool panics", `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"explode"}}`, 0, "internal error in tool explode"},
		{"result does not encode", `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"ratio","arguments":{"a":0,"b":0}}}`, 0, "the result of tool ratio could not be encoded as JSON"},
		{"tool error", `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"fail","arguments":{"reason":"no"}}}`, 0, "refused: no"},
	} {
		p.send(tt.msg)
		m := p.next()
		if m == nil {
			t.Fatalf("%s: the server closed stdout", tt.name)
		}
		if !utf8.Valid(m.raw) {
			t.Errorf("%s: reply is not UTF-8: %q", tt.name, m.raw)
		}
		switch {
		case tt.code != 0 && (m.Error == nil || m.Error.Code != tt.code || !strings.Contains(m.Error.Message, tt.text)):
			t.Errorf("%s: want error %d (%q), got %.300s", tt.name, tt.code, tt.text, m.raw)
		case tt.code == 0 && (m.Result == nil || !m.Result.IsError || !strings.Contains(m.text(), tt.text)):
			t.Errorf("%s: want an isError result with %q, got %.300s", tt.name, tt.text, m.raw)
		}
		for _, leak := range []string{"goroutine ", ".go:", "/home/", "nil map", "NaN", "json:"} {
			if strings.Contains(string(m.raw), leak) {
				t.Errorf("%s: %q reaches the client: %s", tt.name, leak, m.raw)
			}
		}
		// The session continues.
		if m := p.call(fmt.Sprintf(`"alive-%d"`, i), "echo", `{"text":"still here"}`); m.text() != "still here" {
			t.Fatalf("after %s: %s", tt.name, m.raw)
		}
	}

	// 500 calls in flight, then end of input.
	const n = 500
	for i := range n {
		p.send(callBody(1000+i, "sleep", `{"millis":300}`))
	}
	p.waitStderrCount("sleep started", n) // every call is running
	if err := p.stdin.Close(); err != nil {
		t.Fatal(err)
	}
	answered := map[string]int{}
	for m := p.next(); m != nil; m = p.next() {
		if m.Method != "" {
			continue
		}
		answered[string(m.ID)]++
		if m.text() != "slept 300ms" {
			t.Errorf("call %s: %s", m.ID, m.raw)
		}
	}
	for i := range n {
		if c := answered[fmt.Sprint(1000+i)]; c != 1 {
			t.Errorf("call %d answered %d times", 1000+i, c)
		}
	}
	if len(answered) != n {
		t.Errorf("%d answers, want %d", len(answered), n)
	}
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v, want status 0", err)
	}
}

// TestStdioOversizedInputMemoryBounded: a 100 MiB line, beyond a 1 MiB
// limit, is skipped as it streams by: the server never holds it, and its
// memory stays within a few times the limit.
func TestStdioOversizedInputMemoryBounded(t *testing.T) {
	t.Parallel()
	p := start(t, nil, "-max-message", fmt.Sprint(mib))
	before := parseVitals(t, p.call("1", "get_vitals", `{}`).text())

	chunk := strings.Repeat("a", 64<<10)
	go func() {
		io.WriteString(p.stdin, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"`)
		for range 100 * mib / len(chunk) {
			if _, err := io.WriteString(p.stdin, chunk); err != nil {
				return
			}
		}
		io.WriteString(p.stdin, `"}}}`+"\n")
	}()
	if m := p.next(); m.Error == nil || m.Error.Code != -32600 {
		t.Fatalf("oversized line: %s", m.raw)
	}
	after := parseVitals(t, p.call("3", "get_vitals", `{}`).text())
	t.Logf("before: %+v; after a 100 MiB line: %+v; peak RSS %d MiB", before, after, vmHWM(p.cmd.Process.Pid)/mib)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 8*mib {
		t.Errorf("the server allocated %d MiB while skipping the line; want at most 8 MiB for a 1 MiB limit", grown/mib)
	}
	if after.Sys > 64*mib {
		t.Errorf("the server obtained %d MiB from the OS", after.Sys/mib)
	}
	if hwm := vmHWM(p.cmd.Process.Pid); hwm > 64*mib {
		t.Errorf("peak RSS %d MiB", hwm/mib)
	}
	p.stdin.Close()
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestStdioCancellationStorm: 1000 calls, each cancelled right after it
// was sent, interleaved with calls that complete. Cancelled calls are not
// answered (or answered once, when they won the race), the others are, the
// server's goroutines return to their baseline, and it exits 0 at EOF.
func TestStdioCancellationStorm(t *testing.T) {
	t.Parallel()
	p := start(t, nil)
	base := parseVitals(t, p.call("0", "get_vitals", `{}`).text()).Goroutines
	const n = 1000
	for i := 1; i <= n; i++ {
		p.send(callBody(i, "sleep", `{"millis":60000}`))
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d,"reason":"storm"}}`, i))
		if i%100 == 0 {
			p.send(callBody(n+i, "echo", `{"text":"ok"}`))
		}
	}
	answers := map[string]int{}
	for len(answers) < n/100 {
		m := p.next()
		if m.Method != "" {
			continue
		}
		answers[string(m.ID)]++
		if !strings.HasPrefix(m.text(), "ok") && m.text() != "" {
			t.Errorf("unexpected answer %s", m.raw)
		}
	}
	deadline := time.Now().Add(guard)
	var g int
	for i := 0; ; i++ {
		m := p.call(fmt.Sprintf(`"v%d"`, i), "get_vitals", `{}`)
		if g = parseVitals(t, m.text()).Goroutines; g <= base+idleWorkers || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if g > base+idleWorkers {
		t.Errorf("%d goroutines after the storm, baseline %d", g, base)
	}
	p.stdin.Close()
	for m := p.next(); m != nil; m = p.next() {
		if m.Method == "" {
			t.Errorf("late answer: %s", m.raw)
		}
	}
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestExampleTasksHostileStdio runs the acceptance sequence against the
// tasks example, a realistic generated server with the default limits:
// hostile input answered, then 500 calls written at once and stdin closed
// → 500 answers and exit status 0.
func TestExampleTasksHostileStdio(t *testing.T) {
	t.Parallel()
	p := startBin(t, tasksBin, nil)
	for _, tt := range []struct {
		msg  string
		code int // 0: an isError result
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_task","arguments":{"title":`, -32700},
		{`{"jsonrpc":"2.0","id":2}`, -32600},
		{`{"jsonrpc":"2.0","id":[],"method":"tools/list"}`, -32600},
		{`{"jsonrpc":"2.0","id":3,"method":"tasks/list"}`, -32601},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add_task","arguments":"title"}}`, -32602},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add_task","arguments":{"title":""}}}`, 0},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"add_task","arguments":{"title":"x","subtasks":[` + strings.Repeat(`{"title":"x","subtasks":[`, 2000) + `{"title":""}` + strings.Repeat(`]}`, 2000) + `]}}}`, 0},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"add_task","arguments":{"title":"x","subtasks":[` + strings.Repeat(`{"title":"x","subtasks":[`, 6000) + strings.Repeat(`]}`, 6000) + `]}}}`, -32700},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add_task","arguments":{"title":` + strings.Repeat(`[`, 200_000) + `}}}`, -32700},
		{"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"add_task\",\"arguments\":{\"title\":\"\xed\xa0\x80\"}}}", 0},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"set_status","arguments":{"id":99,"status":"lost"}}}`, 0},
	} {
		p.send(tt.msg)
		m := p.next()
		switch {
		case tt.code != 0 && (m.Error == nil || m.Error.Code != tt.code):
			t.Errorf("%.80s: want error %d, got %.300s", tt.msg, tt.code, m.raw)
		case tt.code == 0 && (m.Result == nil || !m.Result.IsError):
			t.Errorf("%.80s: want an isError result, got %.300s", tt.msg, m.raw)
		}
		p.send(`{"jsonrpc":"2.0","id":"ping","method":"ping"}`)
		if m := p.next(); string(m.ID) != `"ping"` || m.Result == nil {
			t.Fatalf("after %.80s: %s", tt.msg, m.raw)
		}
	}
	const n = 500
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"add_task","arguments":{"title":"task %d","tags":["load"]}}}`+"\n", 1000+i, i)
	}
	io.WriteString(p.stdin, b.String())
	p.stdin.Close()
	answered := map[string]int{}
	for m := p.next(); m != nil; m = p.next() {
		answered[string(m.ID)]++
		if m.Result == nil || m.Result.IsError {
			t.Errorf("call %s: %s", m.ID, m.raw)
		}
	}
	if len(answered) != n {
		t.Errorf("%d calls answered, want %d", len(answered), n)
	}
	for id, c := range answered {
		if c != 1 {
			t.Errorf("call %s answered %d times", id, c)
		}
	}
	if err := p.wait(); err != nil {
		t.Errorf("exit: %v, want status 0", err)
	}
}

// TestStdioSignalWithStalledClient: a client that stops reading stdout
// blocks the server's writes; SIGTERM must still end the process (before
// the fix, Serve waited for the blocked write forever and the signal,
// caught by signal.NotifyContext, was lost). A signal is a clean stop:
// ServeStdio returns nil and the server exits with status 0.
func TestStdioSignalWithStalledClient(t *testing.T) {
	t.Parallel()
	p := start(t, nil)
	go func() {
		// tools/list replies (~2 KiB each) until the stdout pipe is full.
		for range 1000 {
			if _, err := io.WriteString(p.stdin, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`+"\n"); err != nil {
				return
			}
		}
	}()
	time.Sleep(500 * time.Millisecond) // the pipe fills; not required for the test to pass
	p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.wait(); err != nil { // the guard fails the test on a hang
		t.Errorf("server exited with %v, want status 0\nstderr:\n%s", err, p.stderr.String())
	}
}
