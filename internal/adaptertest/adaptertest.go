// Package adaptertest is what the adapters' tests share: a runtime server
// with generated tools and tools that return every kind of content, panic
// or wait to be cancelled, and the comparison of a client's result with the
// runtime's own.
package adaptertest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/examples/units"
	"github.com/mcpgen/mcpgen/runtime"
)

// Server returns a runtime server with the generated tools of package units
// (convert, total) and these:
//   - kinds returns every kind of content, with annotations and _meta, and
//     structured content;
//   - explode panics;
//   - wait reports progress 1 ("started"), then waits until its context
//     ends and sends the context's error on cancelled.
func Server(cancelled chan<- error) *runtime.Server {
	s := runtime.NewServer("units", "1.0.0", runtime.WithLogger(slog.New(slog.DiscardHandler)))
	units.RegisterTools(s)
	s.MustAddTool(runtime.Tool{Name: "kinds", Handler: kinds})
	s.MustAddTool(runtime.Tool{Name: "explode", Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
		panic("boom")
	}})
	s.MustAddTool(runtime.Tool{Name: "wait", Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
		runtime.ReportProgress(ctx, 1, 0, "started")
		<-ctx.Done()
		cancelled <- ctx.Err()
		return nil, ctx.Err()
	}})
	return s
}

func kinds(context.Context, json.RawMessage) (*runtime.Result, error) {
	size, prio := int64(42), 0.25
	ann := &runtime.Annotations{Audience: []string{"user"}, Priority: &prio,
		LastModified: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	return &runtime.Result{
		Content: []runtime.Content{
			&runtime.TextContent{Text: "plain"},
			&runtime.TextContent{Text: "annotated", Annotations: ann, Meta: map[string]any{"k": "v"}},
			&runtime.ImageContent{Data: []byte{1, 2, 3}, MIMEType: "image/png", Annotations: ann},
			&runtime.AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav"},
			&runtime.ResourceLink{URI: "file:///a.txt", Name: "a.txt", Title: "A", Description: "a file",
				MIMEType: "text/plain", Size: &size},
			&runtime.EmbeddedResource{Resource: runtime.ResourceContents{URI: "mem://t", MIMEType: "text/plain", Text: "hello"}},
			&runtime.EmbeddedResource{Resource: runtime.ResourceContents{URI: "mem://b", Blob: []byte{0xff}}},
		},
		StructuredContent: json.RawMessage(`{"n":1}`),
		Meta:              map[string]any{"trace": "abc"},
	}, nil
}

// Calls are calls whose results a client must get as the runtime gives
// them: valid, an argument outside its enum, a wrong type and a missing
// argument, a tool error, every kind of content, a panic.
var Calls = []struct{ Name, Args string }{
	{"convert", `{"length":{"value":1,"unit":"mi"},"to":"km"}`},
	{"convert", `{"length":{"value":1,"unit":"mi"},"to":"parsec"}`},
	{"convert", `{"length":{"value":"one","unit":"mi"}}`},
	{"total", `{"lengths":[],"unit":"m"}`},
	{"kinds", `{}`},
	{"explode", `{}`},
}

// SameResult reports how got, a client's CallToolResult (any value that
// encodes as one), differs from what s.Call gives for the same call, or
// nil. What an SDK adds of its own under protocol 2026-07-28 (resultType,
// its serverInfo in _meta) is left out of the comparison.
func SameResult(s *runtime.Server, got any, name, args string) error {
	want, err := s.Call(context.Background(), name, json.RawMessage(args), nil)
	if err != nil {
		return err
	}
	g, err := asMap(got)
	if err != nil {
		return err
	}
	w, err := asMap(want)
	if err != nil {
		return err
	}
	if rt, ok := g["resultType"]; ok && rt != "complete" {
		return fmt.Errorf("resultType %v", rt)
	}
	delete(g, "resultType")
	if m, ok := g["_meta"].(map[string]any); ok {
		delete(m, "io.modelcontextprotocol/serverInfo")
		if len(m) == 0 {
			delete(g, "_meta")
		}
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Errorf("%s %s:\n got  %v\n want %v", name, args, g, w)
	}
	return nil
}

// SameJSON reports whether got encodes as the JSON text want, as values.
func SameJSON(got any, want string) bool {
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return false
	}
	g, err := asAny(got)
	return err == nil && reflect.DeepEqual(g, w)
}

func asMap(v any) (map[string]any, error) {
	x, err := asAny(v)
	if err != nil {
		return nil, err
	}
	m, ok := x.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("not a JSON object: %v", x)
	}
	return m, nil
}

func asAny(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var x any
	err = json.Unmarshal(b, &x)
	return x, err
}

// ExampleTools are the tools of the example programs examples/gosdk and
// examples/mcpgo: their own and the generated ones, sorted.
var ExampleTools = []string{"convert", "now", "total"}

// ExampleConversions are arguments of convert and the text the example
// programs answer.
var ExampleConversions = map[string]string{
	`{"length":{"value":2,"unit":"km"},"to":"m"}`:  `{"value":2000,"unit":"m"}`,
	`{"length":{"value":2,"unit":"km"},"to":"au"}`: `invalid arguments: "to": must be one of "mm", "m", "km", "in", "ft", "mi" (got "au")`,
}

// Build builds the program in the current directory and returns the path
// of the binary, in a temporary directory of t.
func Build(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "example")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// A Recorder keeps what a client's notification handlers see, in order.
type Recorder struct {
	mu  sync.Mutex
	got []string
}

// Add records s.
func (r *Recorder) Add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, s)
}

// Wait returns what was recorded once there are n entries, or after 2 s:
// notifications may trail a call's result.
func (r *Recorder) Wait(n int) []string {
	for i := 0; ; i++ {
		r.mu.Lock()
		got := slices.Clone(r.got)
		r.mu.Unlock()
		if len(got) >= n || i == 200 {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Curious is a tool that asks the client three questions (a form, its
// roots, a model's message) and answers with what it got; a client that
// answers "Ada", file:///home/ada and "hello" makes it answer CuriousText.
var Curious = runtime.Tool{Name: "curious", Handler: func(ctx context.Context, _ json.RawMessage) (*runtime.Result, error) {
	e, err := runtime.ElicitSchema(ctx, "Your name?", `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
	if err != nil {
		return nil, err
	}
	roots, err := runtime.ListRoots(ctx)
	if err != nil {
		return nil, err
	}
	s, err := runtime.Sample(ctx, &runtime.SamplingRequest{Messages: []runtime.SamplingMessage{runtime.UserText("hi")}, MaxTokens: 10})
	if err != nil {
		return nil, err
	}
	return runtime.TextResult(fmt.Sprintf("%s %s %s %s", e.Action, e.Content, roots[0].URI, s.Content.Text)), nil
}}

// CuriousText is what Curious answers to a client that answers it.
const CuriousText = `accept {"name":"Ada"} file:///home/ada hello`
