package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestToolJSONMatchesEncodingJSON checks that appendTool writes, for every
// protocol version, what encoding/json writes for the tool (without HTML
// escapes): titles, annotations and output schemas present or not, text
// that needs escapes.
func TestToolJSONMatchesEncodingJSON(t *testing.T) {
	type wireTool struct {
		Name         string           `json:"name"`
		Title        string           `json:"title,omitempty"`
		Description  string           `json:"description,omitempty"`
		InputSchema  json.RawMessage  `json:"inputSchema"`
		OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
		Annotations  *ToolAnnotations `json:"annotations,omitempty"`
	}
	want := func(tl *tool, p protocol) string {
		w := wireTool{Name: tl.Name, Description: tl.Description, InputSchema: tl.input}
		if p.hasTitle() {
			w.Title, w.OutputSchema = tl.Title, tl.output
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
