package e2e

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"
)

// What the testserver fixture declares, as a client sees it. Shared by the
// Go SDK and raw JSON-RPC tests; clients/ts-client.mjs keeps its own copy.

// protocolVersions are all published MCP versions, newest first.
var protocolVersions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// hints are a tool's declared annotations: nil means "not stated".
type hints struct {
	title                                    string
	readOnly, destructive, idempotent, openW *bool
}

var (
	yes = ptr(true)
	no  = ptr(false)
)

func ptr[T any](v T) *T { return &v }

// wantTool is what tools/list must say about one tool.
type wantTool struct {
	title      string // Tool.title (2025-06-18 and later)
	hints      *hints // nil: no annotations at all
	structured bool   // has an outputSchema (2025-06-18 and later)
	required   []string
}

var wantTools = map[string]wantTool{
	"add_item":        {title: "Add item", hints: &hints{title: "Add item"}, structured: true, required: []string{"sku", "name", "category", "quantity", "price_cents"}},
	"get_item":        {hints: &hints{readOnly: yes, idempotent: yes}, structured: true, required: []string{"sku"}},
	"list_items":      {title: "List items", hints: &hints{title: "List items", readOnly: yes}, structured: true},
	"remove_item":     {hints: &hints{destructive: yes, idempotent: yes}, required: []string{"sku"}},
	"move_item":       {hints: &hints{idempotent: yes, openW: no}, required: []string{"sku", "shelf", "bin"}},
	"inventory_stats": {hints: &hints{readOnly: yes}, structured: true},
	"add":             {hints: &hints{readOnly: yes, idempotent: yes}, structured: true, required: []string{"a", "b"}},
	"echo":            {hints: &hints{readOnly: yes}, required: []string{"text"}},
	"fail":            {required: []string{"reason"}},
	"explode":         {required: []string{"message"}},
	"summarize_tree":  {hints: &hints{readOnly: yes}, structured: true, required: []string{"root"}},
	"schedule_restock": {hints: &hints{openW: yes}, structured: true,
		required: []string{"sku", "quantity", "priority", "at", "supplier"}},
	"count_to":        {hints: &hints{readOnly: yes}, structured: true, required: []string{"to"}},
	"wait":            {hints: &hints{readOnly: yes}, required: []string{"millis"}},
	"cancelled_waits": {hints: &hints{readOnly: yes}, structured: true, required: []string{"tag"}},
	"badge":           {hints: &hints{readOnly: yes, idempotent: yes}, required: []string{"label"}},
	"touch_policy":    {},
}

// hasOutputSchema reports whether protocol version v knows outputSchema,
// structuredContent and Tool.title.
func hasOutputSchema(v string) bool { return v >= "2025-06-18" }

// hasAnnotations reports whether protocol version v knows tool annotations.
func hasAnnotations(v string) bool { return v >= "2025-03-26" }

// skuSeq hands out SKUs that are unique in the test binary, so sessions that
// share one server process (HTTP) never collide.
var skuSeq atomic.Int64

func newSKU() string {
	n := skuSeq.Add(1)
	return fmt.Sprintf("%c%c-%04d", 'A'+byte(n/26/10000%26), 'A'+byte(n/10000%26), n%10000)
}

// addItemArgs returns valid add_item arguments for sku.
func addItemArgs(sku string) map[string]any {
	return map[string]any{
		"sku":         sku,
		"name":        "Hammer \"Thor\" ünicode",
		"category":    "tools",
		"quantity":    12,
		"price_cents": 1999,
		"tags":        []any{"steel", "heavy"},
		"attributes":  map[string]any{"color": "red"},
		"dimensions":  map[string]any{"width_mm": 30, "height_mm": 300},
		"supplier":    map[string]any{"name": "ACME", "email": "sales@acme.example"},
		"shelf":       7,
		"bin":         []any{2, 3},
		"received_at": "2026-11-30T08:00:00+01:00",
	}
}

// addItemWant is the item add_item stores for addItemArgs(sku).
func addItemWant(sku string) map[string]any {
	return map[string]any{
		"sku":         sku,
		"name":        "Hammer \"Thor\" ünicode",
		"category":    "tools",
		"quantity":    12,
		"price_cents": 1999,
		"tags":        []any{"steel", "heavy"},
		"attributes":  map[string]any{"color": "red"},
		"dimensions":  map[string]any{"width_mm": 30, "height_mm": 300},
		"supplier":    map[string]any{"name": "ACME", "email": "sales@acme.example"},
		"shelf":       7,
		"bin":         []any{2, 3},
		"added_at":    "2026-11-30T07:00:00Z",
	}
}

func restockArgs() map[string]any {
	return map[string]any{
		"sku":      "RS-0001",
		"quantity": 40,
		"priority": "urgent",
		"at":       "2026-12-01T09:30:00-05:00",
		"supplier": map[string]any{"name": "ACME", "email": "sales@acme.example"},
		"notes":    map[string]any{"en": "back door", "de": "Hintertür"},
	}
}

// with returns a copy of m with key set to v (or deleted when v is deleteKey).
func with(m map[string]any, key string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, x := range m {
		out[k] = x
	}
	if v == deleteKey {
		delete(out, key)
	} else {
		out[key] = v
	}
	return out
}

type deleteMarker struct{}

var deleteKey = deleteMarker{}

// A badCall is a call whose arguments break the tool's input schema: the
// server must answer an isError result whose text names path.
type badCall struct {
	name string
	tool string
	args map[string]any
	path []any // field path: strings and ints
}

func badCalls() []badCall {
	item := addItemArgs("BD-0001")
	return []badCall{
		{"missing required property", "add_item", with(item, "name", deleteKey), []any{"name"}},
		{"missing required plain parameter", "echo", map[string]any{}, []any{"text"}},
		{"unknown property", "add", map[string]any{"a": 1, "b": 2, "c": 3}, []any{"c"}},
		{"wrong type", "add", map[string]any{"a": "one", "b": 2}, []any{"a"}},
		{"null for string", "echo", map[string]any{"text": nil}, []any{"text"}},
		{"float into int", "count_to", map[string]any{"to": 2.5}, []any{"to"}},
		{"uint8 above 255", "move_item", map[string]any{"sku": "BD-0001", "shelf": 256, "bin": []any{1, 2}}, []any{"shelf"}},
		{"uint8 below 0", "move_item", map[string]any{"sku": "BD-0001", "shelf": -1, "bin": []any{1, 2}}, []any{"shelf"}},
		{"array too long for [2]int", "move_item", map[string]any{"sku": "BD-0001", "shelf": 1, "bin": []any{1, 2, 3}}, []any{"bin"}},
		{"array too short for [2]int", "move_item", map[string]any{"sku": "BD-0001", "shelf": 1, "bin": []any{1}}, []any{"bin"}},
		{"bad enum from constants", "add_item", with(item, "category", "toys"), []any{"category"}},
		{"bad enum from tag", "schedule_restock", with(restockArgs(), "priority", "asap"), []any{"priority"}},
		{"bad pattern", "add_item", with(item, "sku", "ab-12"), []any{"sku"}},
		{"bad date-time", "schedule_restock", with(restockArgs(), "at", "tomorrow"), []any{"at"}},
		{"below minimum", "add_item", with(item, "quantity", -1), []any{"quantity"}},
		{"above maximum", "add_item", with(item, "quantity", 10001), []any{"quantity"}},
		{"too many items", "add_item", with(item, "tags", []any{"a", "b", "c", "d", "e", "f"}), []any{"tags"}},
		{"too short string", "add_item", with(item, "name", ""), []any{"name"}},
		{"nested field below minimum", "add_item", with(item, "dimensions", map[string]any{"width_mm": -1, "height_mm": 1}), []any{"dimensions", "width_mm"}},
		{"nested uint16 overflow", "add_item", with(item, "dimensions", map[string]any{"width_mm": 1, "height_mm": 70000}), []any{"dimensions", "height_mm"}},
		{"nested unknown property", "schedule_restock", with(restockArgs(), "supplier", map[string]any{"name": "x", "email": "a@b.example", "phone": "1"}), []any{"supplier", "phone"}},
		{"nested missing property", "schedule_restock", with(restockArgs(), "supplier", map[string]any{"email": "a@b.example"}), []any{"supplier", "name"}},
		{"recursive type, deep field", "summarize_tree", map[string]any{"root": map[string]any{"name": "hall",
			"children": []any{map[string]any{"name": "shelf 1"}, map[string]any{"name": "shelf 2", "children": []any{map[string]any{"capacity": 3}}}}}},
			[]any{"root", "children", 1, "children", 0, "name"}},
		{"map value of wrong type", "add_item", with(item, "attributes", map[string]any{"color": 5}), []any{"attributes", "color"}},
	}
}

// namesPath reports whether text names the field path, in any of the usual
// notations: a.b[1].c, a.b.1.c, /a/b/1/c, a/b/1/c.
func namesPath(text string, path []any) bool {
	var dotted, dotted2, slashed strings.Builder
	for i, p := range path {
		switch p := p.(type) {
		case int:
			fmt.Fprintf(&dotted, "[%d]", p)
			fmt.Fprintf(&dotted2, ".%d", p)
			fmt.Fprintf(&slashed, "/%d", p)
		default:
			if i > 0 {
				dotted.WriteString(".")
				dotted2.WriteString(".")
			}
			fmt.Fprintf(&dotted, "%s", p)
			fmt.Fprintf(&dotted2, "%s", p)
			fmt.Fprintf(&slashed, "/%s", p)
		}
	}
	for _, form := range []string{dotted.String(), dotted2.String(), slashed.String(), strings.TrimPrefix(slashed.String(), "/")} {
		re := regexp.MustCompile(`(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(form) + `($|[^A-Za-z0-9_])`)
		if re.MatchString(text) {
			return true
		}
	}
	return false
}

func pathString(path []any) string {
	var b strings.Builder
	for i, p := range path {
		if n, ok := p.(int); ok {
			b.WriteString("[" + strconv.Itoa(n) + "]")
			continue
		}
		if i > 0 {
			b.WriteString(".")
		}
		fmt.Fprint(&b, p)
	}
	return b.String()
}

// normJSON round-trips v through JSON so values compare by JSON meaning.
func normJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	return out
}

// jsonEqual reports a test error unless got and want are the same JSON.
func jsonEqual(t *testing.T, what string, got, want any) bool {
	t.Helper()
	g, w := normJSON(t, got), normJSON(t, want)
	if !reflect.DeepEqual(g, w) {
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		t.Errorf("%s:\n got  %s\n want %s", what, tail(string(gb), 2000), tail(string(wb), 2000))
		return false
	}
	return true
}

// bigText is 1 MiB of text with characters that need JSON escaping.
func bigText() string {
	const chunk = "line \"quoted\" \\ tab\t ünïcödé 😀 <>&\n"
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString(chunk)
	}
	s := b.String()[:1<<20-len("END")]
	for !utf8.ValidString(s) { // do not cut a character in half
		s = s[:len(s)-1]
	}
	return s + "END"
}
