package runtime

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestURILimits: a URI longer than MaxURILength is refused with -32602
// before any template is tried, and matching stops when the request's
// context ends.
func TestURILimits(t *testing.T) {
	s := newTestServer(t)
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "faults://doc/{name}.{ext}", Name: "doc",
		Handler: func(ctx context.Context, req ResourceRequest) ([]ResourceContents, error) {
			return TextResource(req.Vars["name"]), nil
		}})
	c := serve(t, s)
	c.initialize("2025-11-25")
	long := "faults://doc/" + strings.Repeat(".", MaxURILength) + "/"
	m := c.do("1", "resources/read", `{"uri":"`+long+`"}`)
	m.code(t, codeInvalidParams)
	if want := "uri is " + strconv.Itoa(len(long)) + " bytes long; the server accepts at most 16384"; !strings.Contains(string(m.line), want) {
		t.Errorf("reply %.300s, want %q", m.line, want)
	}
	if r := c.do("2", "resources/read", `{"uri":"faults://doc/a.txt"}`).result(t); !strings.Contains(string(must(json.Marshal(r))), `"text":"a"`) {
		t.Errorf("read: %v", r)
	}
	m = c.do("3", "resources/subscribe", `{"uri":"`+long+`"}`)
	m.code(t, codeInvalidParams)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, _ := s.snapshot().findResource(ctx, "faults://doc/a.txt"); r != nil {
		t.Error("findResource went on after its context ended")
	}
}
