package e2e

import (
	"context"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkGoToolList checks tools/list as the Go SDK client sees it.
func checkGoToolList(t *testing.T, cs *mcp.ClientSession, version string) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	var tools []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		tools = append(tools, tool)
	}
	var names []string
	byName := map[string]*mcp.Tool{}
	for _, tool := range tools {
		names = append(names, tool.Name)
		byName[tool.Name] = tool
	}
	var want []string
	for name := range wantTools {
		want = append(want, name)
	}
	sort.Strings(want)
	if got := slices.Sorted(slices.Values(names)); !reflect.DeepEqual(got, want) {
		t.Errorf("tool names:\n got  %v\n want %v", got, want)
	}
	for name, w := range wantTools {
		tool := byName[name]
		if tool == nil {
			continue
		}
		checkTool(t, version, name, w, toolJSON{
			title:        tool.Title,
			description:  tool.Description,
			inputSchema:  normJSON(t, tool.InputSchema),
			outputSchema: normJSON(t, tool.OutputSchema),
			annotations:  normJSON(t, tool.Annotations),
		})
	}
}

// toolJSON is one tools/list entry as plain JSON values.
type toolJSON struct {
	title, description                     string
	inputSchema, outputSchema, annotations any // nil when absent
}

// checkTool checks one tool against what the fixture declares.
// Annotations as the Go SDK decodes them lose the difference between false
// and absent for readOnlyHint and idempotentHint; raw_test.go checks the wire.
func checkTool(t *testing.T, version, name string, w wantTool, got toolJSON) {
	t.Helper()
	if got.description == "" {
		t.Errorf("%s: no description", name)
	}
	if hasOutputSchema(version) && got.title != w.title {
		t.Errorf("%s: title %q, want %q", name, got.title, w.title)
	}
	in, _ := got.inputSchema.(map[string]any)
	if in == nil || in["type"] != "object" {
		t.Errorf("%s: inputSchema %s is not an object schema", name, dump(got.inputSchema))
	} else {
		var req []string
		if r, ok := in["required"].([]any); ok {
			for _, x := range r {
				req = append(req, x.(string))
			}
		}
		if !sameSet(req, w.required) {
			t.Errorf("%s: inputSchema.required = %v, want %v", name, req, w.required)
		}
		if in["additionalProperties"] != false {
			t.Errorf("%s: inputSchema.additionalProperties = %v, want false", name, in["additionalProperties"])
		}
	}
	switch {
	case !hasOutputSchema(version) && got.outputSchema != nil:
		t.Errorf("%s: protocol %s has no outputSchema, got %s", name, version, dump(got.outputSchema))
	case hasOutputSchema(version) && w.structured:
		if out, _ := got.outputSchema.(map[string]any); out == nil || out["type"] != "object" {
			t.Errorf("%s: outputSchema %s, want an object schema", name, dump(got.outputSchema))
		}
	case hasOutputSchema(version) && !w.structured && got.outputSchema != nil:
		t.Errorf("%s: unexpected outputSchema %s", name, dump(got.outputSchema))
	}
	if hasAnnotations(version) {
		checkAnnotations(t, name, w.hints, got.annotations)
	}
	checkSchemaDetails(t, version, name, in, got.outputSchema)
}

func checkAnnotations(t *testing.T, name string, h *hints, got any) {
	t.Helper()
	a, _ := got.(map[string]any)
	if h == nil {
		if len(a) > 0 && (a["readOnlyHint"] == true || a["destructiveHint"] != nil || a["idempotentHint"] == true || a["openWorldHint"] != nil || a["title"] != nil) {
			t.Errorf("%s: annotations %s, want none", name, dump(got))
		}
		return
	}
	if a == nil {
		t.Errorf("%s: no annotations, want %+v", name, *h)
		return
	}
	if h.title != "" && a["title"] != h.title {
		t.Errorf("%s: annotations.title = %v, want %q", name, a["title"], h.title)
	}
	for key, want := range map[string]*bool{"readOnlyHint": h.readOnly, "destructiveHint": h.destructive, "idempotentHint": h.idempotent, "openWorldHint": h.openW} {
		v, present := a[key]
		switch {
		case want == nil && present && v == true:
			t.Errorf("%s: annotations.%s = true, not declared", name, key)
		case want != nil && v != *want:
			t.Errorf("%s: annotations.%s = %v, want %v", name, key, v, *want)
		}
	}
}

// checkSchemaDetails checks the schema keywords the fixture declares.
func checkSchemaDetails(t *testing.T, version, name string, in map[string]any, out any) {
	t.Helper()
	expect := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(normJSON(t, got), normJSON(t, want)) {
			t.Errorf("%s: %s = %s, want %s", name, what, dump(got), dump(want))
		}
	}
	switch name {
	case "add_item":
		expect("sku.pattern", at(in, "properties", "sku", "pattern"), "^[A-Z]{2}-[0-9]{4}$")
		expect("category.enum", sortedAny(at(in, "properties", "category", "enum")), []any{"food", "parts", "tools"})
		expect("quantity bounds", []any{at(in, "properties", "quantity", "minimum"), at(in, "properties", "quantity", "maximum")}, []any{0, 10000})
		expect("shelf (uint8) bounds", []any{at(in, "properties", "shelf", "minimum"), at(in, "properties", "shelf", "maximum")}, []any{0, 255})
		expect("bin ([2]int) items", []any{at(in, "properties", "bin", "type"), at(in, "properties", "bin", "minItems"), at(in, "properties", "bin", "maxItems")}, []any{"array", 2, 2})
		expect("tags.maxItems", at(in, "properties", "tags", "maxItems"), 5)
		expect("name lengths", []any{at(in, "properties", "name", "minLength"), at(in, "properties", "name", "maxLength")}, []any{1, 64})
		expect("received_at format", at(in, "properties", "received_at", "format"), "date-time")
		expect("dimensions.width_mm maximum (uint16)", at(in, "properties", "dimensions", "properties", "width_mm", "maximum"), 65535)
		expect("supplier.email format", at(in, "properties", "supplier", "properties", "email", "format"), "email")
		expect("attributes values", at(in, "properties", "attributes", "additionalProperties", "type"), "string")
		if hasOutputSchema(version) {
			expect("output added_at format", at(out, "properties", "added_at", "format"), "date-time")
		}
	case "move_item":
		expect("shelf bounds", []any{at(in, "properties", "shelf", "minimum"), at(in, "properties", "shelf", "maximum")}, []any{0, 255})
		expect("bin lengths", []any{at(in, "properties", "bin", "minItems"), at(in, "properties", "bin", "maxItems")}, []any{2, 2})
		expect("sku description", at(in, "properties", "sku", "description"), "the item's stock keeping unit")
	case "schedule_restock":
		expect("priority.enum", sortedAny(at(in, "properties", "priority", "enum")), []any{"low", "normal", "urgent"})
		expect("at.format", at(in, "properties", "at", "format"), "date-time")
	case "summarize_tree":
		if dump(in) == "" || !containsKey(in, "$ref") {
			t.Errorf("%s: recursive Node has no $ref in %s", name, dump(in))
		}
	case "list_items":
		if hasOutputSchema(version) {
			// A nil slice marshals to null: the output schema may allow null too.
			if r := at(out, "properties", "result"); !allowsType(r, "array") {
				t.Errorf("%s: output result schema %s does not allow an array", name, dump(r))
			}
			expect("output required", at(out, "required"), []any{"result"})
		}
	case "add":
		if hasOutputSchema(version) {
			expect("output result type", at(out, "properties", "result", "type"), "number")
		}
	}
}

// at follows keys through nested JSON objects; nil when a key is missing.
func at(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func containsKey(v any, key string) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == key || containsKey(x, key) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if containsKey(x, key) {
				return true
			}
		}
	}
	return false
}

func sortedAny(v any) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	out := slices.Clone(list)
	sort.Slice(out, func(i, j int) bool { return dump(out[i]) < dump(out[j]) })
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(a, b)
}

// allowsType reports whether schema s has type typ, directly, in a type list
// or in one branch of oneOf/anyOf.
func allowsType(s any, typ string) bool {
	switch t := at(s, "type").(type) {
	case string:
		if t == typ {
			return true
		}
	case []any:
		if slices.Contains(t, any(typ)) {
			return true
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		branches, _ := at(s, key).([]any)
		for _, b := range branches {
			if allowsType(b, typ) {
				return true
			}
		}
	}
	return false
}
