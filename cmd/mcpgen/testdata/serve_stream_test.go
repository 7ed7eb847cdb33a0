package gen_stream

// This test is added to testdata/gen_stream, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// the tools whose results are streams are called as a client calls them.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("stream", "1.0.0")
	RegisterTools(srv)
	for _, tool := range srv.Tools() {
		if tool.Name == "download_with_meta" {
			if strings.Contains(tool.OutputSchema, "body") || !strings.Contains(tool.OutputSchema, `"meta"`) {
				t.Errorf("%s: output schema %s, want meta's and no member for the stream", tool.Name, tool.OutputSchema)
			}
			continue
		}
		if tool.OutputSchema != "" {
			t.Errorf("%s has an output schema, %s: a stream has no JSON form", tool.Name, tool.OutputSchema)
		}
	}
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result as a client gets it
		closed     int32    // streams closed by the call
	}{
		// Valid UTF-8 is text.
		{"download", `{"path":"README.md"}`, []string{`{"content":[{"type":"text","text":"# Hello\n\nThis is the readme. ✓\n"}]}`}, 1},
		{"changelog", `{}`, []string{`"text":"v1.0.0: first release\n"`}, 0},
		// Other bytes: an image when they are one, else an embedded blob
		// whose URI names the tool.
		{"download", `{"path":"logo.png"}`, []string{`"type":"image"`, `"mimeType":"image/png"`, `"data":"iVBORw0KGgo`}, 1},
		{"download", `{"path":"data.bin"}`, []string{`"type":"resource"`, `"uri":"result://download"`, `"mimeType":"application/octet-stream"`, `"blob":"AAEC//4D"`}, 1},
		// Past the bound: the text up to it, and a block that says so.
		{"download", `{"path":"huge.log"}`, []string{`"text":"aaaa`, `"text":"[truncated: the result had more than 1048576 bytes; the first 1048576 are above]"`}, 1},
		// A read that fails is the call's error; the stream is closed.
		{"download", `{"path":"broken"}`, []string{`"isError":true`, `reading the result: connection reset`}, 1},
		// The function's error: the stream it returned anyway is closed.
		{"download", `{"path":"denied"}`, []string{`"isError":true`, `permission denied`}, 1},
		{"download", `{"path":"nope"}`, []string{`"isError":true`, `no such file: nope`}, 0},
		// Beside other results: the stream's blocks, then the others'
		// structured result and its text; the stream is no member.
		{"download_with_meta", `{"path":"README.md"}`, []string{`{"content":[{"type":"text","text":"# Hello\n"},{"type":"text","text":"{\"meta\":{\"size\":8,\"sha\":\"abc\"}}"}],"structuredContent":{"meta":{"size":8,"sha":"abc"}}}`}, 1},
		{"download_with_meta", `{"path":"x"}`, []string{`"isError":true`, `no such file: x`}, 1},
	} {
		before := Closed.Load()
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s %s: result lacks %s:\n%.300s", c.name, c.args, w, b)
			}
		}
		if got := Closed.Load() - before; got != c.closed {
			t.Errorf("%s %s: %d streams closed, want %d", c.name, c.args, got, c.closed)
		}
	}
}
