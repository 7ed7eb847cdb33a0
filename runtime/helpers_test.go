package runtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// This file holds the test client: it drives Server.Serve through io.Pipe,
// as a client would drive a stdio server, and the tools the tests register
// (hand-written exactly as generated code would be).

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
	line []byte
}

type testClient struct {
	t     *testing.T
	w     *io.PipeWriter
	r     *bufio.Reader
	done  chan error
	stop  context.CancelFunc
	other []*message // messages read while waiting for another one
}

// serve starts s on a pipe pair and returns the client end. The server is
// stopped (stdin closed, Serve waited for) when the test ends.
func serve(t *testing.T, s *Server) *testClient {
	t.Helper()
	return serveCtx(t, t.Context(), s)
}

// serveCtx is serve with Serve's context derived from parent: a stdio
// server whose caller is known puts its Identity there.
func serveCtx(t *testing.T, parent context.Context, s *Server) *testClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, stop := context.WithCancel(parent)
	c := &testClient{t: t, w: inW, r: bufio.NewReaderSize(outR, 1<<16), done: make(chan error, 1), stop: stop}
	go func() {
		err := s.Serve(ctx, inR, outW)
		outW.CloseWithError(io.EOF)
		c.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR) // let the server finish writing
		<-c.done
		stop()
	})
	return c
}

func (c *testClient) send(msg string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, msg+"\n"); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// next returns the next message the server wrote, or nil at end of stream.
func (c *testClient) next() *message {
	c.t.Helper()
	line, err := c.r.ReadBytes('\n')
	if err != nil {
		if len(line) > 0 || !errors.Is(err, io.EOF) {
			c.t.Fatalf("reading from the server: %v (partial %q)", err, line)
		}
		return nil
	}
	var m message
	if line[0] == '[' { // a batch reply: the caller decodes line
		if !json.Valid(line) {
			c.t.Fatalf("server wrote a line that is not JSON: %s", line)
		}
	} else if err := json.Unmarshal(line, &m); err != nil {
		c.t.Fatalf("server wrote a line that is not JSON: %v: %s", err, line)
	}
	m.line = line
	return &m
}

// reply returns the response with the given id, keeping notifications and
// other responses read meanwhile for later.
func (c *testClient) reply(id string) *message {
	c.t.Helper()
	for i, m := range c.other {
		if string(m.ID) == id && m.Method == "" {
			c.other = append(c.other[:i], c.other[i+1:]...)
			return m
		}
	}
	for {
		m := c.next()
		if m == nil {
			c.t.Fatalf("stream ended before the reply to %s", id)
		}
		if string(m.ID) == id && m.Method == "" {
			return m
		}
		c.other = append(c.other, m)
	}
}

// notifications returns and forgets the notifications read so far.
func (c *testClient) notifications(method string) []*message {
	var got, rest []*message
	for _, m := range c.other {
		if m.Method == method {
			got = append(got, m)
		} else {
			rest = append(rest, m)
		}
	}
	c.other = rest
	return got
}

// do sends a request and returns its reply.
func (c *testClient) do(id, method, params string) *message {
	c.t.Helper()
	msg := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"`
	if params != "" {
		msg += `,"params":` + params
	}
	c.send(msg + "}")
	return c.reply(id)
}

// result checks that m is a success and decodes its result.
func (m *message) result(t *testing.T) map[string]any {
	t.Helper()
	if m.Error != nil || m.Result == nil {
		t.Fatalf("want a result, got %s", m.line)
	}
	var v map[string]any
	if err := json.Unmarshal(m.Result, &v); err != nil {
		t.Fatalf("result is not an object: %s", m.line)
	}
	return v
}

// code checks that m is an error with the given code.
func (m *message) code(t *testing.T, code int) {
	t.Helper()
	if m.Error == nil || m.Error.Code != code {
		t.Fatalf("want error %d, got %s", code, m.line)
	}
}

func (c *testClient) initialize(version string) map[string]any {
	c.t.Helper()
	res := c.do(`"init"`, "initialize", `{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"test","version":"0"}}`).result(c.t)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return res
}

// modernMeta is the _meta of a 2026-07-28 request; extra members may follow.
const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}`

func modernParams(members string) string {
	if members == "" {
		return `{` + modernMeta + `}}`
	}
	return `{` + modernMeta + `},` + members + `}`
}

// jsonEqual compares the JSON encodings of got and want, semantically.
func jsonEqual(t *testing.T, what string, got any, want string) {
	t.Helper()
	var g, w any
	gb, _ := json.Marshal(got)
	if err := json.Unmarshal(gb, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON %s: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, gb, want)
	}
}

// newTestServer returns a server with the test tools. Logs go to the test log.
func newTestServer(t *testing.T, opts ...Option) *Server {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s := NewServer("test-server", "1.2.3", append([]Option{WithLogger(logger), WithTitle("Test Server"), WithInstructions("Use add.")}, opts...)...)
	for _, tool := range testTools() {
		s.MustAddTool(tool)
	}
	return s
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// release unblocks calls of the "wait" tool that carry the same key.
var (
	releaseMu sync.Mutex
	releases  = map[string]chan struct{}{}
	started   = map[string]chan struct{}{}
)

func gate(key string) (release, start chan struct{}) {
	releaseMu.Lock()
	defer releaseMu.Unlock()
	if releases[key] == nil {
		releases[key] = make(chan struct{})
		started[key] = make(chan struct{}, 1000)
	}
	return releases[key], started[key]
}

const numberPairSchema = `{
  "type": "object",
  "properties": {
    "a": {"type": "number"},
    "b": {"type": "number"}
  },
  "required": ["a", "b"],
  "additionalProperties": false
}`

func testTools() []Tool {
	return []Tool{
		{
			Name: "add", Title: "Add numbers", Description: "Add returns a+b.",
			InputSchema:  numberPairSchema,
			OutputSchema: `{"type":"object","properties":{"result":{"type":"number"}},"required":["result"],"additionalProperties":false}`,
			Annotations:  &ToolAnnotations{ReadOnlyHint: Bool(true), IdempotentHint: Bool(true)},
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				var in struct {
					A float64 `json:"a"`
					B float64 `json:"b"`
				}
				if err := Decode(args, &in); err != nil {
					return nil, err
				}
				return WrappedResult(in.A + in.B)
			},
		},
		{
			Name: "echo", Description: "Echo returns its text.",
			InputSchema: `{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				var in struct {
					Text string `json:"text"`
				}
				if err := Decode(args, &in); err != nil {
					return nil, err
				}
				return TextResult(in.Text), nil
			},
		},
		{
			Name: "info", Title: "Info",
			InputSchema:  `{"type":"object","additionalProperties":false}`,
			OutputSchema: `{"type":"object","properties":{"n":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}}}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				return StructuredResult(struct {
					N    int      `json:"n"`
					Tags []string `json:"tags"`
				}{7, []string{"x", "<y>"}})
			},
		},
		{
			Name: "fail", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				return nil, errors.New("the disk is full")
			},
		},
		{
			Name: "explode", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				var m map[string]int
				//lint:ignore SA5000 deliberate: the runtime error that buggy code panics with
				m["secret internals"] = 1 // nil map write: panics
				return nil, nil
			},
		},
		{
			Name: "nothing", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) { return nil, nil },
		},
		{
			Name: "raw", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				size := int64(42)
				prio := 0.5
				return &Result{
					Content: []Content{
						&TextContent{Text: "line1\nline2", Annotations: &Annotations{Audience: []string{"user"}, Priority: &prio}},
						&ImageContent{Data: []byte{1, 2, 3}, MIMEType: "image/png"},
						&AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav"},
						&ResourceLink{URI: "file:///a.txt", Name: "a.txt", MIMEType: "text/plain", Size: &size},
						&EmbeddedResource{Resource: ResourceContents{URI: "mem://t", MIMEType: "text/plain", Text: "hello"}},
						&EmbeddedResource{Resource: ResourceContents{URI: "mem://b", Blob: []byte{0xff}}},
					},
					Meta: map[string]any{"k": "v"},
				}, nil
			},
		},
		{
			// wait blocks until its gate is released or the call is cancelled.
			Name: "wait", InputSchema: `{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				var in struct {
					Key string `json:"key"`
				}
				if err := Decode(args, &in); err != nil {
					return nil, err
				}
				release, start := gate(in.Key)
				start <- struct{}{}
				select {
				case <-release:
					return TextResult("released " + in.Key), nil
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			},
		},
		{
			Name: "progress", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				ReportProgress(ctx, 1, 3, "one")
				ReportProgress(ctx, 1, 3, "one again") // not increasing: dropped
				ReportProgress(ctx, 0.5, 3, "back")    // dropped
				ReportProgress(ctx, 2.5, 0, "")
				return TextResult("done"), nil
			},
		},
		{
			Name: "log", InputSchema: `{"type":"object"}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				l := Logger(ctx)
				l.Debug("dbg")
				l.Info("hello", "n", 1)
				l.With("a", "b").WithGroup("g").Warn("careful", "x", true)
				l.Log(ctx, slog.LevelError+8, "alarm")
				return EmptyResult(), nil
			},
		},
	}
}

func toolNames(tools []Tool) []string {
	var names []string
	for _, t := range tools {
		names = append(names, t.Name)
	}
	return names
}

var _ = fmt.Sprint

// pipeNet is a listener and an HTTP client that reach it through
// net.Pipe: HTTP that a synctest bubble can wait for (its I/O blocks
// durably, a socket's does not). Make it inside the bubble.
type pipeNet struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func newPipeNet() *pipeNet {
	return &pipeNet{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (p *pipeNet) Accept() (net.Conn, error) {
	select {
	case c := <-p.conns:
		return c, nil
	case <-p.done:
		return nil, net.ErrClosed
	}
}

func (p *pipeNet) Close() error {
	p.once.Do(func() { close(p.done) })
	return nil
}

func (p *pipeNet) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// client returns an HTTP client whose every connection is a new pipe to
// the listener; its idle connections close when the test ends.
func (p *pipeNet) client(t *testing.T) *http.Client {
	tr := &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		server, client := net.Pipe()
		select {
		case p.conns <- server:
			return client, nil
		case <-p.done:
			return nil, net.ErrClosed
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// pipeHTTP serves each of servers over HTTP as the host replica<i>, on
// pipes (see pipeNet), and returns the client that reaches them. The
// servers stop when the test ends.
func pipeHTTP(t *testing.T, servers []*Server) *http.Client {
	nets := make(map[string]*pipeNet)
	for i, s := range servers {
		ln := newPipeNet()
		h := s.newHTTPHandler()
		hs := &http.Server{Handler: h}
		go hs.Serve(ln)
		t.Cleanup(func() {
			hs.Close()
			h.closeStreams()
			h.sessions.closeAll()
			h.stopTasks()
			h.workers.stop() // idle workers would linger
		})
		nets[fmt.Sprintf("replica%d:80", i)] = ln
	}
	tr := &http.Transport{DialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
		ln := nets[addr]
		if ln == nil {
			return nil, fmt.Errorf("no replica at %s", addr)
		}
		server, client := net.Pipe()
		select {
		case ln.conns <- server:
			return client, nil
		case <-ln.done:
			return nil, net.ErrClosed
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}
