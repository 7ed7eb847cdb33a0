package gen_notes

// This test is added to testdata/gen_notes, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it serves the generated tools and calls them as a client does.

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("notes", "1.0.0")
	store := NewStore()
	store.now = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	RegisterStoreTools(srv, store)
	RegisterClockTools(srv, &Clock{Zone: "UTC"})
	RegisterTools(srv)

	calls := []struct {
		name, args string
		want       []string // substrings of the JSON result
	}{
		{"create_note", `{"title":"Hello world","tags":["a","b"],"outline":{"heading":"h","children":[{"heading":"c"}]}}`,
			[]string{`"structuredContent":{"id":1,"title":"Hello world","tags":["a","b"],"priority":"normal","created":"2026-11-30T12:00:00Z","outline":{"heading":"h","children":[{"heading":"c"}]}}`}},
		{"create_note", `{"title":"Other","priority":"high"}`, []string{`"id":2`, `"priority":"high"`}},
		{"create_note", `{"title":""}`, []string{`"isError":true`, `title`}},
		{"create_note", `{"title":"x","bogus":1}`, []string{`"isError":true`, `bogus`}},
		{"search_notes", `{"query":"HELLO"}`, []string{`"structuredContent":{"result":[{"id":1,`}},
		{"search_notes", `{"query":"","priority":"high","limit":1}`, []string{`"structuredContent":{"result":[{"id":2,`}},
		{"get_note", `{"id":2}`, []string{`"structuredContent":{"id":2,`}}, // a pointer to a struct is sent as the struct
		{"get_note", `{"id":99}`, []string{`"isError":true`, `note 99: no such note`}},
		{"tag_counts", `{}`, []string{`"structuredContent":{"a":1,"b":1}`}},
		{"summary", `{}`, []string{`"text":"- Hello world (normal)\n- Other (high)\n"`}},
		{"delete_note", `{"id":1}`, []string{`"content":[{"type":"text","text":"done"}]`}},
		{"now", `{}`, []string{`"structuredContent":{"result":"`}},
		{"add", `{"a":1.5,"b":2}`, []string{`"structuredContent":{"result":3.5}`}},
		{"add", `{"a":1}`, []string{`"isError":true`, `b`}},
		{"slugify", `{"title":"Hello Big World","maxLen":9}`, []string{`"text":"hello-big"`}},
		{"slugify", `{"title":"Hello Big World"}`, []string{`"text":"hello-big-world"`}},
		{"wait", `{"millis":1}`, []string{`"content":[{"type":"text","text":"done"}]`}},
		{"parse_outline", `{"text":"a\n  b\nc\n"}`, []string{`"structuredContent":{"heading":"","children":[{"heading":"a","children":[{"heading":"b"}]},{"heading":"c"}]}`}},
		{"reset", `{}`, []string{`"content":[{"type":"text","text":"done"}]`}},
	}

	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	for i, c := range calls {
		req, _ := json.Marshal(map[string]any{
			"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
			"params": map[string]any{"name": c.name, "arguments": json.RawMessage(c.args)},
		})
		in.Write(req)
		in.WriteString("\n")
	}
	// Calls run concurrently: serve them one at a time, in order.
	replies := map[int]string{}
	lines := strings.SplitAfter(in.String(), "\n")
	setup := strings.Join(lines[:2], "")
	for i := range calls {
		var out bytes.Buffer
		if err := srv.Serve(context.Background(), strings.NewReader(setup+lines[2+i]), &out); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var msg struct {
				ID     int             `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal([]byte(line), &msg); err != nil {
				t.Fatalf("reply %q: %v", line, err)
			}
			if msg.ID == i+1 {
				replies[i+1] = string(msg.Result) + string(msg.Error)
			}
		}
	}
	for i, c := range calls {
		got := replies[i+1]
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s %s: reply lacks %s:\n%s", c.name, c.args, w, got)
			}
		}
	}
}
