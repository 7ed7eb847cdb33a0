package gen_apiclient

// This test is added to testdata/gen_apiclient, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools that package-level directives made of an API
// client's methods, as a client does.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("apiclient", "1.0.0")
	RegisterIssuesServiceTools(srv, &IssuesService{next: 3})
	RegisterLabelsServiceTools(srv, &LabelsService{})
	RegisterMilestonesServiceTools(srv, &MilestonesService{})
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result as a client gets it
	}{
		// //mcp:result Response Paging: the record is sent as Paging(r),
		// beside the value; a type with its own MarshalJSON is as it writes itself.
		{"get", `{"number":7}`, []string{`"structuredContent":{"result":{"number":7,"title":"issue 7","extra":[7]},"paging":{"next":3}}`}},
		// A result that is only the record: only what Paging makes of it.
		{"delete", `{"number":7}`, []string{`"structuredContent":{"paging":{}}`}},
		// //mcp:result Trace omit: the value is sent as if Count had no Trace.
		{"count", `{}`, []string{`"structuredContent":{"result":3}`}},
		{"touch", `{}`, []string{`"content":[{"type":"text","text":"done"}]`}},
		// //mcp:tools: ListContext is the tool named after List.
		{"labels_list", `{"repo":"r"}`, []string{`"result":[{"name":"bug","color":"red"}],"paging":{"next":2}`}},
		{"labels_get", `{"repo":"r","name":"ui"}`, []string{`"result":{"name":"ui","color":"blue"},"paging":{}`}},
		{"milestones_create", `{"owner":"o","repo":"r","title":"v1","state":"open"}`, []string{`"result":{"title":"v1","state":"open"}`}},
	} {
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
				t.Errorf("%s %s: result lacks %s:\n%s", c.name, c.args, w, b)
			}
		}
	}
	tools := map[string]runtime.Tool{}
	for _, tl := range srv.Tools() {
		tools[tl.Name] = tl
	}
	for _, name := range []string{"labels_list_context", "list", "labels_watch", "labels_stop", "labels_describe"} {
		if _, ok := tools[name]; ok {
			t.Errorf("tool %s is served", name)
		}
	}
	// //mcp:output max=600: output schemas longer than that are left out
	// (get's holds a Page and an Issue), shorter ones kept.
	if s := tools["get"].OutputSchema; s != "" {
		t.Errorf("get: output schema of %d bytes kept under max=600", len(s))
	}
	if s := tools["count"].OutputSchema; s == "" || len(s) > 600 {
		t.Errorf("count: output schema %q, want one of at most 600 bytes", s)
	}
	if a := tools["labels_rename"].Annotations; a == nil || a.DestructiveHint == nil || !*a.DestructiveHint || a.ReadOnlyHint != nil {
		t.Errorf("labels_rename: annotations %+v, want its own //mcp:tool's destructive only", a)
	}
}
