package runtime

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestResultTextNotHTMLEscaped: the JSON of a structured result, in its
// text block and in structuredContent, keeps <, > and & as they are.
func TestResultTextNotHTMLEscaped(t *testing.T) {
	for _, f := range []func(any) (*Result, error){StructuredResult, WrappedResult} {
		res, err := f(map[string]string{"v": ">=1.2 & <2"})
		if err != nil {
			t.Fatal(err)
		}
		if text := res.Content[0].(*TextContent).Text; !strings.Contains(text, `">=1.2 & <2"`) || strings.HasSuffix(text, "\n") {
			t.Errorf("text block %q", text)
		}
		if raw := string(res.StructuredContent.(json.RawMessage)); !strings.Contains(raw, `">=1.2 & <2"`) {
			t.Errorf("structuredContent %s", raw)
		}
	}
}
