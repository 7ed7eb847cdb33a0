package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestToolJSONMatchesEncodingJSON checks that appendTool writes, for every
// protocol version, what encoding/json writes for the tool (without HTML
// escapes): titles, annotations, output schemas, icons and _meta present
// or not, text that needs escapes.
func TestToolJSONMatchesEncodingJSON(t *testing.T) {
	type wireTool struct {
		Name         string           `json:"name"`
		Title        string           `json:"title,omitempty"`
		Description  string           `json:"description,omitempty"`
		Icons        []Icon           `json:"icons,omitempty"`
		InputSchema  json.RawMessage  `json:"inputSchema"`
		OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
		Annotations  *ToolAnnotations `json:"annotations,omitempty"`
		Meta         json.RawMessage  `json:"_meta,omitempty"`
	}
	want := func(tl *tool, p protocol) string {
		w := wireTool{Name: tl.Name, Description: tl.Description, InputSchema: tl.input}
		if p.hasTitle() {
			w.Title, w.OutputSchema = tl.Title, tl.output
		}
		if p.hasIcons() {
			w.Icons = tl.Icons
		}
		if p.hasMeta() {
			w.Meta = tl.meta
		}
		if p.hasAnnotations() {
			w.Annotations = tl.Annotations
			if !p.hasTitle() && tl.Title != "" && (w.Annotations == nil || w.Annotations.Title == "") {
				a := ToolAnnotations{}
				if tl.Annotations != nil {
					a = *tl.Annotations
				}
				a.Title = tl.Title
				w.Annotations = &a
			}
		}
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		if err := e.Encode(w); err != nil {
			t.Fatal(err)
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	tools := []Tool{
		{Name: "plain", InputSchema: `{"type":"object"}`},
		{Name: "all", Title: "All <of> it", Description: "Quotes \" and \\ and\nlines, tabs\t, é, \u2028 & <tags>.",
			InputSchema: `{"type": "object", "properties": {"a": {"type": "string"}}}`, OutputSchema: `{"type":"object"}`,
			Annotations: &ToolAnnotations{Title: "Shown", ReadOnlyHint: Bool(true), DestructiveHint: Bool(false), IdempotentHint: Bool(true), OpenWorldHint: Bool(false)}},
		{Name: "titled", Title: "Titled", Annotations: &ToolAnnotations{ReadOnlyHint: Bool(false)}},
		{Name: "icons-meta", Icons: []Icon{{Src: "https://example.com/a.png?x=<1>&y=2", Sizes: []string{"any"}}, {Src: "data:image/png;base64,iVBO", Theme: "light"}},
			Meta: `{ "com.example/a": "<b> & c", "ui": {"resourceUri": "ui://x/y.html"} }`, Annotations: &ToolAnnotations{}},
		{Name: "empty-annotations", Annotations: &ToolAnnotations{}},
		{Name: "title-only-in-annotations", Annotations: &ToolAnnotations{Title: "A"}, OutputSchema: `{"type":"object","properties":{}}`},
	}
	for _, tt := range tools {
		tt.Handler = func(ctx context.Context, args json.RawMessage) (*Result, error) { return nil, nil }
		tl, err := newTool(tt)
		if err != nil {
			t.Fatal(err)
		}
		for p := range numProtocols {
			if got, w := string(appendTool(nil, tl, p)), want(tl, p); got != w {
				t.Errorf("%s, %s:\n got %s\nwant %s", tt.Name, protocolNames[p], got, w)
			}
			if got := appendTool(nil, tl, p); len(got) > toolSizeHint(tl)+len(tl.Description) {
				t.Errorf("%s, %s: %d bytes, far over the size hint %d", tt.Name, protocolNames[p], len(got), toolSizeHint(tl))
			}
		}
	}
}

// BenchmarkFirstToolsList writes the tools/list result of 1,000 tools with
// schemas of about 1.4 kB each (the shape of bench's scale scenario): for
// the one version a client asks for (what the first tools/list costs), and
// for all five (what writing them all at start-up would cost).
func BenchmarkFirstToolsList(b *testing.B) {
	s := NewServer("bench", "1.0.0")
	for i := range 1000 {
		s.MustAddTool(Tool{
			Name:         fmt.Sprintf("tool_%04d", i),
			Description:  fmt.Sprintf("Tool%04d searches collection %04d.", i, i),
			InputSchema:  `{"type":"object","description":"The input.","properties":{"query":{"type":"string","description":"Query is what to look for."},"limit":{"type":"integer","description":"Limit caps the number of matches; 0 means the server's default."},"tags":{"type":"array","description":"Tags keep only the matches that carry every one of them.","items":{"type":"string"}},"window":{"type":"object","description":"Window bounds the search in time.","properties":{"from":{"type":"string","description":"From is the start, inclusive, as an RFC 3339 date."},"to":{"type":"string","description":"To is the end, exclusive; empty means now."}},"additionalProperties":false,"required":["from"]},"cursor":{"type":"string","description":"Cursor continues a previous search where it stopped."}},"additionalProperties":false,"required":["query","window"]}`,
			OutputSchema: `{"type":"object","description":"The result.","properties":{"matches":{"anyOf":[{"type":"array","description":"Matches are the matching entries.","items":{"type":"string"}},{"type":"null"}]},"total":{"type":"integer","description":"Total counts every match, also those beyond the limit."},"query":{"type":"string","description":"Query repeats the query."}},"additionalProperties":false,"required":["matches","total","query"]}`,
			Annotations:  &ToolAnnotations{ReadOnlyHint: Bool(true)},
			Handler:      func(ctx context.Context, args json.RawMessage) (*Result, error) { return nil, nil },
		})
	}
	tools := s.tools
	for _, bc := range []struct {
		name     string
		versions []protocol
	}{{"one-version", []protocol{proto20250618}}, {"all-versions", []protocol{proto20241105, proto20250326, proto20250618, proto20251125, proto20260728}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				l := s.buildList(tools)
				for _, p := range bc.versions {
					page, _ := l.page(p, "")
					n = len(page)
				}
			}
			b.ReportMetric(float64(n), "bytes/page")
		})
	}
}
