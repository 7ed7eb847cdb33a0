package runtime

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Benchmarks of the hot paths, one transport-level operation each (the
// side-by-side comparison with other SDKs and a hand-written loop is the
// harness in bench/). They assert nothing about time: run them with
//
//	go test -run '^$' -bench . -benchmem ./runtime/
//
// cpu-ns/op is the process's CPU time per operation (all threads), which a
// loaded machine's wall-clock ns/op hides.

// lines returns n copies of the JSON-RPC message made by msg(id), one per line.
func lines(n int, msg func(id int) string) []byte {
	var b bytes.Buffer
	for i := range n {
		b.WriteString(msg(i + 1))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

const benchInitialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}` + "\n" +
	`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"

// benchToolsServer returns a server with the test tools and n-3 more
// generated-style tools with small object schemas.
func benchToolsServer(n int) *Server {
	s := NewServer("bench", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)))
	for _, t := range testTools() {
		s.MustAddTool(t)
	}
	for i := len(testTools()); i < n; i++ {
		t := testTools()[0]
		t.Name = "add_" + strconv.Itoa(i)
		t.Description = "Add returns the sum a + b; tool " + strconv.Itoa(i) + " of a benchmark."
		s.MustAddTool(t)
	}
	return s
}

// serveBench serves the initialize handshake and then b.N messages made by
// msg over the stdio transport, writing to io.Discard.
func serveBench(b *testing.B, s *Server, msg func(id int) string) {
	b.Helper()
	input := append([]byte(benchInitialize), lines(b.N, msg)...)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	if err := s.Serve(context.Background(), bytes.NewReader(input), io.Discard); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStdioToolsList writes the precomputed tools/list answer.
func BenchmarkStdioToolsList(b *testing.B) {
	for _, n := range []int{3, 100} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			serveBench(b, benchToolsServer(n), func(id int) string {
				return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/list","params":{}}`
			})
		})
	}
}

// BenchmarkStdioCallAdd is one tools/call of a generated-style tool end to
// end: framing, envelope, validation, Decode, the handler, the structured
// result and its text, the reply.
func BenchmarkStdioCallAdd(b *testing.B) {
	serveBench(b, benchToolsServer(3), func(id int) string {
		return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"add","arguments":{"a":` + strconv.Itoa(id) + `,"b":0.25}}}`
	})
}

// BenchmarkStdioCallEcho64K echoes 64 KiB of text: string validation,
// decoding and encoding dominate.
func BenchmarkStdioCallEcho64K(b *testing.B) {
	text, _ := json.Marshal(strings.Repeat("lorem ipsum dolor sit amet, é ü ñ — ", 64<<10/40))
	b.SetBytes(int64(len(text)))
	serveBench(b, benchToolsServer(3), func(id int) string {
		return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"echo","arguments":{"text":` + string(text) + `}}}`
	})
}

// BenchmarkStdioStartup is a server's life for one client: NewServer, two
// tools registered, initialize, one tools/list, one call, end of input.
func BenchmarkStdioStartup(b *testing.B) {
	input := []byte(benchInitialize +
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}` + "\n")
	tools := testTools()[:2]
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		s := NewServer("bench", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)))
		for _, t := range tools {
			s.MustAddTool(t)
		}
		if err := s.Serve(context.Background(), bytes.NewReader(input), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHTTPCallAdd is one tools/call through the Streamable HTTP
// handler (httptest, no network): in a legacy session, and stateless.
func BenchmarkHTTPCallAdd(b *testing.B) {
	call := func(id int) string {
		return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`
	}
	post := func(h http.Handler, body string, header map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "http://localhost/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	b.Run("session", func(b *testing.B) {
		h := benchToolsServer(3).HTTPHandler()
		rec := post(h, strings.SplitN(benchInitialize, "\n", 2)[0], nil)
		sid := rec.Header().Get("Mcp-Session-Id")
		if rec.Code != http.StatusOK || sid == "" {
			b.Fatalf("initialize: %d %s", rec.Code, rec.Body)
		}
		header := map[string]string{"Mcp-Session-Id": sid, "Mcp-Protocol-Version": "2025-06-18"}
		post(h, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, header)
		b.ReportAllocs()
		defer reportCPU(b)()
		id := 0
		for b.Loop() {
			id++
			if rec := post(h, call(id), header); rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"structuredContent"`)) {
				b.Fatalf("call: %d %s", rec.Code, rec.Body)
			}
		}
	})
	b.Run("stateless", func(b *testing.B) {
		h := benchToolsServer(3).HTTPHandler()
		b.ReportAllocs()
		defer reportCPU(b)()
		id := 0
		for b.Loop() {
			id++
			// No version header: the oldest legacy version, without structuredContent.
			if rec := post(h, call(id), nil); rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"text":"{\"result\":3}"`)) {
				b.Fatalf("call: %d %s", rec.Code, rec.Body)
			}
		}
	})
}

// BenchmarkStdioPipe is tools/call add over OS pipes, as a client process
// drives a server: c=1 sends a call and waits for its answer (the calls
// run on the reading goroutine, see runInline); c=8 keeps eight in flight
// (the calls go to workers, see workerPool).
func BenchmarkStdioPipe(b *testing.B) {
	for _, c := range []int{1, 8} {
		b.Run(fmt.Sprintf("c=%d", c), func(b *testing.B) {
			inR, inW, err := os.Pipe()
			if err != nil {
				b.Fatal(err)
			}
			outR, outW, err := os.Pipe()
			if err != nil {
				b.Fatal(err)
			}
			s := benchToolsServer(3)
			done := make(chan error, 1)
			go func() { done <- s.Serve(context.Background(), inR, outW); outW.Close() }()
			out := bufio.NewReader(outR)
			io.WriteString(inW, benchInitialize)
			if _, err := out.ReadBytes('\n'); err != nil {
				b.Fatal(err)
			}
			call := func(id int) string {
				return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}` + "\n"
			}
			b.ReportAllocs()
			stop := reportCPU(b)
			sent := 0
			for range min(c, b.N) {
				sent++
				io.WriteString(inW, call(sent))
			}
			for range b.N {
				if _, err := out.ReadBytes('\n'); err != nil {
					b.Fatal(err)
				}
				if sent < b.N {
					sent++
					io.WriteString(inW, call(sent))
				}
			}
			b.StopTimer()
			stop()
			inW.Close()
			if err := <-done; err != nil {
				b.Fatal(err)
			}
			inR.Close()
			outR.Close()
		})
	}
}
