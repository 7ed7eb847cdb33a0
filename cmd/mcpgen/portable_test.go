package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPortableSchemas reads every schema of every generated file of the
// repository (goldens, examples, e2e and bench servers) and checks the
// rules that make a schema acceptable to every model provider and host
// (parser/schema/portable.go and docs/types.md, "Which hosts and providers
// accept these schemas"). TestNoBooleanSchema checks the boolean schemas.
func TestPortableSchemas(t *testing.T) {
	schemas, files := generatedSchemas(t)
	for _, s := range schemas {
		allow := statedKeywords[filepath.ToSlash(s.file)]
		for _, p := range portableProblems(s.value, "", allow) {
			t.Errorf("%s:%d: %s", s.file, s.line, p)
		}
	}
	if len(schemas) < 100 {
		t.Errorf("only %d schemas in %d generated files", len(schemas), files)
	}
	t.Logf("%d schemas in %d generated files", len(schemas), files)
}

// portableKeywords are the keywords a generated schema may use: JSON
// Schema's own, none of our invention (Gemini rejects unknown keywords).
// The one extension is x-mcp-header, which MCP itself defines (SEP-2243)
// and which appears only where a field asks for it (a mcp:"header=Name" tag).
var portableKeywords = []string{"x-mcp-header",
	"$schema", "$id", "$ref", "$defs", "type", "title", "description", "enum", "const", "format", "pattern",
	"minLength", "maxLength", "contentEncoding", "contentMediaType", "minimum", "exclusiveMinimum",
	"maximum", "exclusiveMaximum", "multipleOf", "items", "minItems", "maxItems", "uniqueItems",
	"properties", "additionalProperties", "propertyNames", "required", "anyOf", "default", "examples",
	"deprecated", "readOnly", "writeOnly",
}

// statedKeywords are, per generated file, the keywords that schemas stated
// by its package (//mcp:schema) use and that mcpgen never derives: a
// stated schema is kept as the user wrote it, portable or not
// (docs/types.md, Schemas). With them, anyOf may be any alternatives.
// Every other rule still holds in those files.
var statedKeywords = map[string][]string{
	"examples/conformance/mcp_gen.go":              {"allOf", "if", "then", "else", "$anchor"},
	"testdata/gen_stated_keywords/want/mcp_gen.go": {"allOf", "oneOf", "not", "if", "then", "else", "$anchor"},
	"e2e/hostserver/mcp_gen.go":                    {"$anchor"},
	// Generated with -profile openai-strict, whose optional fields admit
	// null as OpenAI documents it: "type": [T, "null"].
	"testdata/gen_profile_openai/want/mcp_gen.go": {typeList},
}

// typeList, among the allowed keywords of a file, allows a list as "type".
const typeList = "type: [T, null]"

// portableFormats are the formats OpenAI documents for structured outputs
// that the runtime checks (parser/schema/tags.go, knownFormats).
var portableFormats = []string{"date", "date-time", "email", "hostname", "ipv4", "ipv6", "time", "uuid"}

const maxSafeInteger = 1<<53 - 1

// portableProblems returns what in the schema s at path breaks a portable
// rule, with the stated keywords in allow allowed too.
func portableProblems(s any, path string, allow []string) []string {
	m, ok := s.(map[string]any)
	if !ok {
		return nil // a boolean schema: TestNoBooleanSchema
	}
	var found []string
	bad := func(format string, args ...any) {
		found = append(found, orRoot(path)+": "+fmt.Sprintf(format, args...))
	}
	for k := range m {
		if !slices.Contains(portableKeywords, k) && !slices.Contains(allow, k) {
			bad("keyword %q is not in the portable set (no oneOf, no nullable, no x- keywords)", k)
		}
	}
	switch typ := m["type"].(type) {
	case nil, string:
	case []any:
		if !slices.Contains(allow, typeList) || len(typ) != 2 || typ[1] != "null" {
			bad("type %v is not a single type name (no type arrays)", typ)
		}
	default:
		bad("type %v is not a single type name (no type arrays)", typ)
	}
	if m["type"] == "object" {
		if _, ok := m["properties"].(map[string]any); !ok {
			bad(`an object schema without "properties" (OpenAI rejects it)`)
		}
	}
	for _, k := range []string{"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"} {
		if v, ok := m[k].(float64); ok && (v > maxSafeInteger || v < -maxSafeInteger) {
			bad("%s %v is beyond ±(2^53−1)", k, v)
		}
	}
	if f, ok := m["format"].(string); ok && !slices.Contains(portableFormats, f) {
		bad("format %q is not one OpenAI documents", f)
	}
	if alts, ok := m["anyOf"].([]any); ok {
		null, _ := alts[len(alts)-1].(map[string]any)
		if (len(alts) != 2 || len(null) != 1 || null["type"] != "null") && allow == nil {
			bad("anyOf is used only for [X, {\"type\":\"null\"}]")
		}
	}
	for _, k := range schemaKeywords {
		found = append(found, portableProblems(m[k], path+"/"+k, allow)...)
	}
	for _, k := range schemaMapKeywords {
		sub, _ := m[k].(map[string]any)
		for name, v := range sub {
			found = append(found, portableProblems(v, path+"/"+k+"/"+name, allow)...)
		}
	}
	for _, k := range schemaListKeyword {
		list, _ := m[k].([]any)
		for i, v := range list {
			found = append(found, portableProblems(v, fmt.Sprintf("%s/%s/%d", path, k, i), allow)...)
		}
	}
	return found
}

// TestProfileFlag runs mcpgen -profile on a golden package: what the
// profile cannot express is a diagnostic at the parameter, with the JSON
// pointer and the provider's rule, and nothing is written.
func TestProfileFlag(t *testing.T) {
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mcpgen(t, root, "-check", "-profile", "gemini", "./testdata/schema_enums")
	for _, want := range []string{
		"testdata/schema_enums/enums.go:48:18: input schema at /properties/priority: gemini: an enum of integer values: Gemini's enum holds strings only",
		`testdata/schema_enums/enums.go:48:18: input schema at /properties/by_color: gemini: Gemini's Schema has no "additionalProperties"`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	// The same package is fine under openai-strict but for its map.
	code, _, stderr = mcpgen(t, root, "-check", "-profile", "openai-strict", "./testdata/schema_enums")
	if code != 1 || strings.Count(stderr, "openai-strict:") != 1 || !strings.Contains(stderr, "/properties/by_color") {
		t.Errorf("openai-strict: exit %d:\n%s", code, stderr)
	}
}
