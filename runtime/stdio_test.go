package runtime

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

func TestCancellation(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	_, start := gate(t.Name())
	c.send(`{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait","arguments":{"key":"` + t.Name() + `"}}}`)
	<-start
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w","reason":"user"}}`)
	c.do(`"p"`, "ping", "")
	// The same id may be used again once the call is over; the cancelled
	// call must never be answered.
	c.w.Close()
	for m := c.next(); m != nil; m = c.next() {
		if string(m.ID) == `"w"` {
			t.Errorf("cancelled call was answered: %s", m.line)
		}
	}
	if err := <-c.done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	c.done <- nil
}

func TestDuplicateInFlightID(t *testing.T) {
	c := serve(t, newTestServer(t))
	release, start := gate(t.Name())
	call := `{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"wait","arguments":{"key":"` + t.Name() + `"}}}`
	c.send(call)
	<-start
	c.send(call)
	c.next().code(t, codeInvalidRequest)
	close(release)
	if got := c.reply(`"dup"`).result(t); got["isError"] == true {
		t.Errorf("first call: %v", got)
	}
}

func TestProgress(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	c.do(`1`, "tools/call", `{"name":"progress","_meta":{"progressToken":"tok"}}`).result(t)
	got := c.notifications("notifications/progress")
	if len(got) != 2 {
		t.Fatalf("%d progress notifications, want 2", len(got))
	}
	jsonEqual(t, "first", got[0].Params, `{"progressToken":"tok","progress":1,"total":3,"message":"one"}`)
	jsonEqual(t, "second", got[1].Params, `{"progressToken":"tok","progress":2.5}`)

	// Modern requests carry the token in the same place.
	c2 := serve(t, newTestServer(t))
	c2.do(`1`, "tools/call", `{`+modernMeta+`,"progressToken":7},"name":"progress"}`).result(t)
	if got := c2.notifications("notifications/progress"); len(got) != 2 || !strings.Contains(string(got[0].Params), `"progressToken":7`) {
		t.Errorf("modern progress: %v", got)
	}

	// Without a token, nothing is sent.
	c.do(`2`, "tools/call", `{"name":"progress"}`).result(t)
	c.do(`3`, "ping", "")
	if got := c.notifications("notifications/progress"); len(got) != 0 {
		t.Errorf("progress without a token: %d notifications", len(got))
	}
}

func TestReportProgressOutsideCall(t *testing.T) {
	ReportProgress(context.Background(), 1, 2, "nobody listens") // must not panic
	if Logger(context.Background()) == nil {
		t.Error("Logger outside a call is nil")
	}
}

func TestLoggingLegacy(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	c.do(`1`, "tools/call", `{"name":"log"}`).result(t)
	c.do(`2`, "ping", "")
	if got := c.notifications("notifications/message"); len(got) != 0 {
		t.Fatalf("log notifications before setLevel: %d", len(got))
	}
	c.do(`3`, "logging/setLevel", `{"level":"info"}`).result(t)
	c.do(`4`, "tools/call", `{"name":"log"}`).result(t)
	got := c.notifications("notifications/message")
	if len(got) != 3 {
		t.Fatalf("%d log notifications at info, want 3 (info, warning, alert)", len(got))
	}
	jsonEqual(t, "info", got[0].Params, `{"level":"info","logger":"log","data":{"message":"hello","n":1}}`)
	jsonEqual(t, "warning", got[1].Params, `{"level":"warning","logger":"log","data":{"message":"careful","a":"b","g":{"x":true}}}`)
	jsonEqual(t, "alert", got[2].Params, `{"level":"alert","logger":"log","data":{"message":"alarm"}}`)

	c.do(`5`, "logging/setLevel", `{"level":"critical"}`).result(t)
	c.do(`6`, "tools/call", `{"name":"log"}`).result(t)
	if got := c.notifications("notifications/message"); len(got) != 1 {
		t.Errorf("%d log notifications at critical, want 1", len(got))
	}
}

func TestLoggingModern(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.do(`1`, "tools/call", modernParams(`"name":"log"`)).result(t)
	c.do(`2`, "tools/call", `{`+modernMeta+`,"io.modelcontextprotocol/logLevel":"debug"},"name":"log"}`).result(t)
	got := c.notifications("notifications/message")
	if len(got) != 4 {
		t.Fatalf("%d log notifications, want 4 (only for the request that asked, at debug)", len(got))
	}
	jsonEqual(t, "debug", got[0].Params, `{"level":"debug","logger":"log","data":{"message":"dbg"}}`)
}

func TestPanicLogsStack(t *testing.T) {
	var buf syncBuffer
	s := newTestServer(t, WithLogger(slog.New(slog.NewTextHandler(&buf, nil))))
	c := serve(t, s)
	res := c.do(`1`, "tools/call", `{"name":"explode"}`).result(t)
	if text := fmt.Sprint(res["content"]); strings.Contains(text, "nil map") {
		t.Errorf("panic value leaked to the client: %s", text)
	}
	// The server keeps serving.
	c.do(`2`, "tools/call", `{"name":"echo","arguments":{"text":"still here"}}`).result(t)
	log := buf.String()
	for _, want := range []string{"tool panicked", "tool=explode", "nil map", "goroutine"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func TestOversizedMessage(t *testing.T) {
	const limit = 1000
	c := serve(t, newTestServer(t, WithMaxMessageSize(limit)))
	padded := func(n int) string {
		msg := `{"jsonrpc":"2.0","id":"fit","method":"ping","params":{"pad":""}}`
		return strings.Replace(msg, `""`, `"`+strings.Repeat("x", n-len(msg))+`"`, 1)
	}
	c.send(padded(limit + 1))
	m := c.next()
	m.code(t, codeInvalidRequest)
	if string(m.ID) != `"fit"` || !strings.Contains(m.Error.Message, "1000 bytes") {
		t.Errorf("oversized reply: %s, want the id \"fit\" and the limit", m.line)
	}
	// A far larger line, in many buffer fills, with no id to read, is
	// skipped as well and answered without id.
	c.send(strings.Repeat("y", 300_000))
	m = c.next()
	m.code(t, codeInvalidRequest)
	if len(m.ID) != 0 {
		t.Errorf("oversized reply to a line without id: %s", m.line)
	}
	// A message of exactly the limit is served; the session continues.
	c.send(padded(limit))
	c.reply(`"fit"`).result(t)
	c.do(`"next"`, "ping", "").result(t)
}

// TestOversizedMessageKeepsID: the error answer to a request that is too
// long carries its id, wherever the client put it, so the call settles.
func TestOversizedMessageKeepsID(t *testing.T) {
	const limit = 1000
	c := serve(t, newTestServer(t, WithMaxMessageSize(limit)))
	pad := strings.Repeat("x", 300_000)
	c.send(`{"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + pad + `"}},"jsonrpc":"2.0","id":"ts-style"}`)
	m := c.reply(`"ts-style"`)
	m.code(t, codeInvalidRequest)
	c.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + pad + `"}}}`)
	c.reply(`7`).code(t, codeInvalidRequest)
	c.do(`"next"`, "ping", "").result(t)
}

func TestLargeMessage(t *testing.T) {
	t.Parallel()
	size := 17 << 20 // above 16 MiB: a message larger than most line readers take
	if raceEnabled || testing.Short() {
		size = 2 << 20 // still many buffer fills; TestReadLineLimit covers the limit itself
	}
	c := serve(t, newTestServer(t))
	text := strings.Repeat("abcdefgh", size/8)
	res := c.do(`1`, "tools/call", `{"name":"echo","arguments":{"text":"`+text+`"}}`).result(t)
	if got := res["content"].([]any)[0].(map[string]any)["text"]; got != text {
		t.Errorf("echoed %d bytes, want %d", len(got.(string)), len(text))
	}
}

func TestEOFWaitsForCalls(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	keys := []string{t.Name() + "a", t.Name() + "b", t.Name() + "c"}
	for i, key := range keys {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"wait","arguments":{"key":%q}}}`, i, key))
	}
	for _, key := range keys {
		_, start := gate(key)
		<-start
	}
	c.w.Close() // EOF while three calls are in flight
	for _, key := range keys {
		release, _ := gate(key)
		close(release)
	}
	answered := map[string]bool{}
	for m := c.next(); m != nil; m = c.next() {
		if res := m.result(t); res["isError"] == true {
			t.Errorf("call %s: %v", m.ID, res)
		}
		answered[string(m.ID)] = true
	}
	if len(answered) != 3 {
		t.Errorf("answered %v, want 3 calls", answered)
	}
	if err := <-c.done; err != nil {
		t.Errorf("Serve after EOF: %v", err)
	}
	c.done <- nil
}

func TestConcurrentCalls(t *testing.T) {
	t.Parallel()
	const n = 200
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	key := t.Name()
	release, start := gate(key)
	var want []string
	for i := range n {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":"c%d","method":"tools/call","params":{"name":"wait","arguments":{"key":%q}}}`, i, key))
		want = append(want, fmt.Sprintf(`"c%d"`, i))
	}
	for range n {
		<-start // all n handlers run at once
	}
	close(release)
	got := map[string]bool{}
	for range n {
		m := c.next()
		if res := m.result(t); fmt.Sprint(res["content"]) != "[map[text:released "+key+" type:text]]" {
			t.Errorf("call %s: %v", m.ID, res)
		}
		got[string(m.ID)] = true
	}
	for _, id := range want {
		if !got[id] {
			t.Errorf("call %s not answered", id)
		}
	}
}

func TestMaxConcurrentCalls(t *testing.T) {
	c := serve(t, newTestServer(t, WithMaxConcurrentCalls(1)))
	key := t.Name()
	release, start := gate(key)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{"key":"` + key + `"}}}`)
	<-start
	// The second call waits for the slot; cancelling it frees it unanswered.
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"queued"}}}`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":"cancelled"}}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`)
	c.do(`4`, "ping", "")
	close(release)
	c.reply(`1`).result(t)
	jsonEqual(t, "queued call", c.reply(`2`).result(t), `{"content":[{"type":"text","text":"queued"}]}`)
	c.w.Close()
	for m := c.next(); m != nil; m = c.next() {
		if string(m.ID) == "3" {
			t.Errorf("cancelled queued call answered: %s", m.line)
		}
	}
}

func TestServeContextCancel(t *testing.T) {
	s := newTestServer(t)
	inR, inW := io.Pipe()
	defer inW.Close()
	var out syncBuffer
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, inR, &out) }()
	key := t.Name()
	_, start := gate(key)
	io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{"key":"`+key+`"}}}`+"\n")
	<-start
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after cancel: %v, want nil (a cancelled context is a clean stop)", err)
	}
}

func TestServeWriteError(t *testing.T) {
	s := newTestServer(t)
	inR, inW := io.Pipe()
	defer inW.Close()
	done := make(chan error, 1)
	go func() { done <- s.Serve(t.Context(), inR, failingWriter{}) }()
	io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n")
	if err := <-done; err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("Serve with a failing writer: %v", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestOutputIsOneMessagePerLine(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	m := c.do(`1`, "tools/call", `{"name":"echo","arguments":{"text":"a\nb\r\u2028c\u0000"}}`)
	if bytes.Count(m.line, []byte("\n")) != 1 || !json.Valid(m.line) {
		t.Errorf("reply is not one line of JSON: %q", m.line)
	}
	var res struct {
		Content []textJSON `json:"content"`
	}
	json.Unmarshal(m.Result, &res)
	if len(res.Content) != 1 || res.Content[0].Text != "a\nb\r\u2028c\u0000" {
		t.Errorf("text round trip: %q", m.line)
	}
}

type textJSON struct {
	Type, Text string
}

// repeatReader yields n bytes of c, then a newline, then the rest.
type repeatReader struct {
	n     int
	c     byte
	rest  string
	block []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		if r.rest == "" {
			return 0, io.EOF
		}
		n := copy(p, r.rest)
		r.rest = r.rest[n:]
		return n, nil
	}
	if len(r.block) == 0 {
		r.block = bytes.Repeat([]byte{r.c}, 64<<10)
	}
	n := copy(p[:min(len(p), r.n)], r.block)
	r.n -= n
	return n, nil
}

func TestReadLineLimit(t *testing.T) {
	t.Parallel()
	limit := DefaultMaxMessageSize
	if raceEnabled {
		limit = 200_000 // the same code path, crossing many buffer fills
	}
	for _, tt := range []struct {
		size    int
		tooLong bool
	}{{limit, false}, {limit + 1, true}} {
		r := bufio.NewReaderSize(&repeatReader{n: tt.size, c: 'x', rest: "\n{}\r\n"}, 64<<10)
		ln := readLine(r, limit)
		if ln.tooLong != tt.tooLong || ln.err != nil || (!tt.tooLong && len(ln.data) != tt.size) {
			t.Errorf("line of %d bytes: tooLong=%v err=%v len=%d", tt.size, ln.tooLong, ln.err, len(ln.data))
		}
		if ln := readLine(r, limit); string(ln.data) != "{}" || ln.err != nil {
			t.Errorf("after a line of %d bytes: %q %v", tt.size, ln.data, ln.err)
		}
		if ln := readLine(r, limit); ln.err != io.EOF || len(ln.data) != 0 {
			t.Errorf("at the end: %q %v", ln.data, ln.err)
		}
	}
}

// TestSlowCallDoesNotHoldUpReading: a call that nothing else waits behind
// runs on the reading goroutine (see runInline); while it is blocked, the
// next messages must still be read and answered.
func TestSlowCallDoesNotHoldUpReading(t *testing.T) {
	c := serve(t, newTestServer(t))
	c.initialize("2025-11-25")
	release, start := gate(t.Name())
	c.send(`{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait","arguments":{"key":"` + t.Name() + `"}}}`)
	<-start
	for i := range 3 {
		id := fmt.Sprintf(`"p%d"`, i)
		if m := c.do(id, "ping", ""); string(m.ID) != id {
			t.Fatalf("ping %s answered as %s", id, m.ID)
		}
	}
	close(release)
	if got := c.reply(`"w"`).result(t); got["isError"] == true {
		t.Errorf("call: %v", got)
	}
}
