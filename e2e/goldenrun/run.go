// Package goldenrun calls every tool of the golden packages of
// ../testdata (each gen_* case, with its want/mcp_gen.go in place) with
// arguments derived from the tool's input schema, and writes what each
// call returned next to the tool's output schema, for a validator to
// check (see ../goldenresults_test.go). The program that registers the
// goldens is written by that test, since the list of goldens changes.
package goldenrun

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/mcpgen/mcpgen/runtime"
)

// A Call is one tool call and what it returned.
type Call struct {
	Package      string          `json:"package"`
	Tool         string          `json:"tool"`
	Arguments    json.RawMessage `json:"arguments"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Result       json.RawMessage `json:"result"` // the CallToolResult as a client gets it
}

// Run calls every tool of every server, in the order of the package
// names, and writes the calls to w as one JSON array. The arguments of a
// call come from args, by "package tool", else from the input schema.
func Run(servers map[string]*runtime.Server, args map[string]string, w io.Writer) error {
	names := make([]string, 0, len(servers))
	for name := range servers {
		names = append(names, name)
	}
	sort.Strings(names)
	var calls []Call
	for _, pkg := range names {
		s := servers[pkg]
		for _, t := range s.Tools() {
			a, err := arguments(t, args[pkg+" "+t.Name])
			if err != nil {
				return fmt.Errorf("%s %s: %v", pkg, t.Name, err)
			}
			res, err := s.Call(context.Background(), t.Name, a, nil)
			if err != nil {
				return fmt.Errorf("%s %s: %v", pkg, t.Name, err)
			}
			b, err := json.Marshal(res)
			if err != nil {
				return fmt.Errorf("%s %s: result: %v", pkg, t.Name, err)
			}
			c := Call{Package: pkg, Tool: t.Name, Arguments: a, Result: b}
			if t.OutputSchema != "" {
				c.OutputSchema = json.RawMessage(t.OutputSchema)
			}
			calls = append(calls, c)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(calls)
}

// arguments returns given, if not empty, else an instance of t's input schema.
func arguments(t runtime.Tool, given string) (json.RawMessage, error) {
	if given != "" {
		return json.RawMessage(given), nil
	}
	var in map[string]any
	if err := json.Unmarshal([]byte(t.InputSchema), &in); err != nil {
		return nil, fmt.Errorf("input schema: %v", err)
	}
	return json.Marshal(Instance(in, in))
}

// Instance returns a value that schema s admits, resolving $ref in root:
// the smallest one that satisfies its keywords, as far as this simple
// generator knows them (enough for the goldens' schemas).
func Instance(root map[string]any, s map[string]any) any {
	if ref, ok := s["$ref"].(string); ok {
		def, _ := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		return Instance(root, def)
	}
	if d, ok := s["default"]; ok {
		return d
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			return Instance(root, alts[0].(map[string]any))
		}
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	typ := s["type"]
	if list, ok := typ.([]any); ok && len(list) > 0 { // [T, "null"] (-profile openai-strict)
		typ = list[0]
	}
	switch typ {
	case "object":
		obj := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		for _, name := range req {
			p, _ := props[name.(string)].(map[string]any)
			obj[name.(string)] = Instance(root, p)
		}
		return obj
	case "array":
		arr := []any{}
		n := 1 // one element exercises the items
		if m, ok := s["minItems"].(float64); ok {
			n = max(n, int(m))
		}
		if m, ok := s["maxItems"].(float64); ok {
			n = min(n, int(m))
		}
		items, _ := s["items"].(map[string]any)
		for i := range n {
			v := Instance(root, items)
			if f, ok := v.(float64); ok && s["uniqueItems"] == true {
				v = f + float64(i)
			}
			arr = append(arr, v)
		}
		return arr
	case "string":
		return stringInstance(s)
	case "integer", "number":
		return numberInstance(s)
	case "boolean":
		return true
	}
	return "any" // the empty schema: any value
}

func stringInstance(s map[string]any) string {
	switch s["format"] {
	case "date-time":
		return "2026-12-01T12:00:00Z"
	case "date":
		return "2026-12-01"
	case "time":
		return "12:00:00Z"
	case "email":
		return "a@example.com"
	case "uuid":
		return "123e4567-e89b-12d3-a456-426614174000"
	case "uri":
		return "https://example.com/"
	case "hostname":
		return "example.com"
	case "ipv4":
		return "192.0.2.1"
	case "ipv6":
		return "2001:db8::1"
	}
	pattern, _ := s["pattern"].(string)
	minLen, _ := s["minLength"].(float64)
	for _, c := range []string{"a", "abc", "QUJD", "AB", "0", "1", "1.5", "true", "a-b", "hello world"} {
		if len(c) < int(minLen) {
			continue
		}
		if pattern == "" || regexp.MustCompile(pattern).MatchString(c) {
			return c
		}
	}
	return strings.Repeat("a", max(1, int(minLen)))
}

func numberInstance(s map[string]any) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	if m, ok := s["minimum"].(float64); ok {
		lo = m
	}
	if m, ok := s["exclusiveMinimum"].(float64); ok {
		lo = max(lo, m+1)
	}
	if m, ok := s["maximum"].(float64); ok {
		hi = m
	}
	if m, ok := s["exclusiveMaximum"].(float64); ok {
		hi = min(hi, m-1)
	}
	for _, c := range []float64{1, 2, 0, 5} {
		if c >= lo && c <= hi {
			return c
		}
	}
	return math.Ceil(lo)
}
