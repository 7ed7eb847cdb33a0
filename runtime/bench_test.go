package runtime

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"testing"

	"github.com/mcpgen/mcpgen/internal/cputime"
)

// The benchmarks compare one tools/call through the runtime with a
// hand-written encoding/json server loop that does the same work without
// validation, concurrency or protocol checks (the yardstick: the runtime
// should cost at most 1.5 times as much CPU per call).

const benchCall = `{"jsonrpc":"2.0","id":12345,"method":"tools/call","params":{"name":"add","arguments":{"a":1.5,"b":2},"_meta":{"progressToken":"p1"}}}`

// benchInput returns n calls with distinct ids, one per line.
func benchInput(n int) []byte {
	var b []byte
	for i := range n {
		b = append(b, `{"jsonrpc":"2.0","id":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, benchCall[len(`{"jsonrpc":"2.0","id":12345`):]...)
		b = append(b, '\n')
	}
	return b
}

func benchServer() *Server {
	s := NewServer("bench", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(testTools()[0])
	return s
}

// BenchmarkCallCore measures the transport-independent path: receive and run.
func BenchmarkCallCore(b *testing.B) {
	s := benchServer()
	c := s.newConn()
	ctx := context.Background()
	msg := []byte(benchCall)
	out := func([]byte) {}
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		_, run := c.receive(ctx, msg, out)
		if run() == nil {
			b.Fatal("no reply")
		}
	}
}

// BenchmarkCallCoreMiddleware is BenchmarkCallCore without middleware and
// with an empty one (a request middleware that only calls next), side by
// side: what the seam costs a call.
func BenchmarkCallCoreMiddleware(b *testing.B) {
	empty := func(next RequestHandler) RequestHandler {
		return func(ctx context.Context, req *Request) Outcome { return next(ctx, req) }
	}
	for _, bc := range []struct {
		name string
		opts []Option
	}{
		{"none", nil},
		{"empty", []Option{WithRequestMiddleware(empty)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := NewServer("bench", "1.0.0", append([]Option{WithLogger(slog.New(slog.DiscardHandler))}, bc.opts...)...)
			s.MustAddTool(testTools()[0])
			c := s.newConn()
			ctx := context.Background()
			msg := []byte(benchCall)
			out := func([]byte) {}
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				_, run := c.receive(ctx, msg, out)
				if run() == nil {
					b.Fatal("no reply")
				}
			}
		})
	}
}

// BenchmarkServeStdio measures whole calls through Serve: line reading,
// dispatch, a goroutine per call and serialized writes.
func BenchmarkServeStdio(b *testing.B) {
	s := benchServer()
	input := benchInput(b.N)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	if err := s.Serve(context.Background(), bytes.NewReader(input), io.Discard); err != nil {
		b.Fatal(err)
	}
}

// reportCPU reports the process's CPU time (user and system, all threads)
// per operation: what a loaded machine's wall-clock time hides.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}

func cpuTime() int64 {
	d, _ := cputime.Process()
	return int64(d)
}

// BenchmarkBaselineStdio is the yardstick: a minimal hand-written loop with
// encoding/json.
func BenchmarkBaselineStdio(b *testing.B) {
	input := benchInput(b.N)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b)()
	baselineLoop(bytes.NewReader(input), io.Discard)
}

func baselineLoop(r io.Reader, w io.Writer) {
	type content struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	type result struct {
		Content           []content `json:"content"`
		StructuredContent any       `json:"structuredContent"`
	}
	type response struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  result          `json:"result"`
	}
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriter(w)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			var req struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Method  string          `json:"method"`
				Params  struct {
					Name      string          `json:"name"`
					Arguments json.RawMessage `json:"arguments"`
				} `json:"params"`
			}
			if json.Unmarshal(line, &req) != nil {
				continue
			}
			var in struct {
				A float64 `json:"a"`
				B float64 `json:"b"`
			}
			if json.Unmarshal(req.Params.Arguments, &in) != nil {
				continue
			}
			out, _ := json.Marshal(map[string]any{"result": in.A + in.B})
			resp := response{JSONRPC: "2.0", ID: req.ID, Result: result{
				Content:           []content{{Type: "text", Text: string(out)}},
				StructuredContent: json.RawMessage(out),
			}}
			b, _ := json.Marshal(resp)
			bw.Write(b)
			bw.WriteByte('\n')
			bw.Flush()
		}
		if err != nil {
			return
		}
	}
}
