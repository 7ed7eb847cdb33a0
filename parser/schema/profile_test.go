package schema

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/testdata/schema_omit"
)

func profileText(t *testing.T, l *loaded, p Profile, qualified string) (map[string]any, []ProfileProblem) {
	t.Helper()
	s, diags := l.schema(t, qualified, false)
	if len(diags) > 0 {
		t.Fatalf("%s: %v", qualified, diags)
	}
	out, problems := ApplyProfile(p, s)
	// The portable schema is left as it was.
	before, _ := Marshal(s)
	again, _ := l.schema(t, qualified, false)
	if fresh, _ := Marshal(again); before != fresh {
		t.Errorf("ApplyProfile changed its argument")
	}
	return generic(t, out), problems
}

func problemsAt(problems []ProfileProblem) map[string]string {
	m := map[string]string{}
	for _, p := range problems {
		m[p.Path] += p.Message + "\n"
	}
	return m
}

func TestProfileOpenAIStrict(t *testing.T) {
	l := corpusLoaded(t)
	got, problems := profileText(t, l, ProfileOpenAIStrict, "schema_omit.Omit")
	// Every property is required; the optional ones admit null instead.
	wantJSON(t, "required", got["required"], `["required","empty","zero","both","NoName","ptr","slice","map","opt_ptr"]`)
	wantJSON(t, "empty", at(t, got, "properties/empty"), `{"anyOf":[{"type":"string"},{"type":"null"}]}`)
	wantJSON(t, "ptr", at(t, got, "properties/ptr"), `{"anyOf":[{"type":"integer"},{"type":"null"}]}`)
	// A map cannot be stated: additionalProperties must be false.
	p := problemsAt(problems)
	if !strings.Contains(p["/properties/map"], `requires "additionalProperties": false`) || len(p) != 1 {
		t.Errorf("problems %v", problems)
	}
}

func TestProfileGemini(t *testing.T) {
	l := corpusLoaded(t)
	got, problems := profileText(t, l, ProfileGemini, "schema_enums.Paint")
	if _, ok := got["additionalProperties"]; ok {
		t.Errorf("additionalProperties kept: %v", got)
	}
	p := problemsAt(problems)
	for path, want := range map[string]string{
		"/properties/priority": "Gemini's enum holds strings only",
		"/properties/by_color": `Gemini's Schema has no "additionalProperties"`,
	} {
		if !strings.Contains(p[path], want) {
			t.Errorf("%s: %q, want %q", path, p[path], want)
		}
	}
	_, problems = profileText(t, l, ProfileGemini, "schema_collections.Special")
	if p := problemsAt(problems); !strings.Contains(p["/properties/any"], `has no "type"`) {
		t.Errorf("any: %v", problems)
	}
}

func TestProfileAnthropicStrict(t *testing.T) {
	l := corpusLoaded(t)
	l.builder.SetProfile(ProfileAnthropicStrict)
	defer l.builder.SetProfile(ProfilePortable)
	got, problems := profileText(t, l, ProfileAnthropicStrict, "schema_scalars.Scalars")
	// The Go types' own bounds are left out: the decoder enforces them.
	wantJSON(t, "int8", at(t, got, "properties/int8"), `{"type":"integer"}`)
	if len(problems) > 0 {
		t.Errorf("problems %v", problems)
	}
	_, problems = profileText(t, l, ProfileAnthropicStrict, "schema_tags.Numbers")
	if p := problemsAt(problems); !strings.Contains(p["/properties/small"], "does not support maximum") {
		t.Errorf("a tag's bound: %v", problems)
	}
}

func TestParseProfile(t *testing.T) {
	for _, name := range []string{"", "portable", "openai-strict", "gemini", "anthropic-strict"} {
		if _, err := ParseProfile(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	if _, err := ParseProfile("openai"); err == nil || !strings.Contains(err.Error(), "known: portable, openai-strict") {
		t.Errorf("openai: %v", err)
	}
}

func TestRequiredCycles(t *testing.T) {
	ref := func(name string) *jsonschema.Schema { return &jsonschema.Schema{Ref: "#/$defs/" + name} }
	obj := func(required []string, props ...any) *jsonschema.Schema {
		s := &jsonschema.Schema{Type: "object", Properties: newProperties(0), Required: required}
		for i := 0; i < len(props); i += 2 {
			s.Properties.Set(props[i].(string), props[i+1].(*jsonschema.Schema))
		}
		return s
	}
	s := &jsonschema.Schema{Definitions: jsonschema.Definitions{
		// A -> B -> A through required fields: a cycle (found from both).
		"A": obj([]string{"b"}, "b", ref("B")),
		"B": obj([]string{"a", "self"}, "a", ref("A"), "self", obj([]string{"x"}, "x", ref("A"))),
		// Through an optional field or the items of an array: none.
		"C": obj(nil, "c", ref("C")),
		"D": obj([]string{"d"}, "d", &jsonschema.Schema{Type: "array", Items: ref("D")}),
	}}
	got := RequiredCycles(s)
	want := []string{"A.b.a", "B.a.b"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("RequiredCycles = %v, want %v", got, want)
	}
}

// TestOpenAIStrictNullIsAbsent serves the openai-strict schema of a type
// with optional fields: a model in strict mode sends null for each of them,
// which the runtime accepts and decodes as absent.
func TestOpenAIStrictNullIsAbsent(t *testing.T) {
	l := corpusLoaded(t)
	s, _ := l.schema(t, "schema_omit.Omit", false)
	strict, problems := ApplyProfile(ProfileOpenAIStrict, s)
	if len(problems) != 1 { // the map
		t.Fatalf("problems %v", problems)
	}
	strict.Properties.Delete("map")
	strict.Required = slices.DeleteFunc(strict.Required, func(k string) bool { return k == "map" })
	text, err := Marshal(strict)
	if err != nil {
		t.Fatal(err)
	}
	var got schema_omit.Omit
	srv := runtime.NewServer("t", "1")
	srv.MustAddTool(runtime.Tool{Name: "omit", InputSchema: text, Handler: func(_ context.Context, args json.RawMessage) (*runtime.Result, error) {
		return runtime.TextResult("ok"), runtime.Decode(args, &got)
	}})
	args := `{"required":"r","empty":null,"zero":null,"both":null,"NoName":null,"ptr":1,"slice":["a"],"opt_ptr":null}`
	res, err := srv.Call(t.Context(), "omit", json.RawMessage(args), nil)
	if err != nil || res.IsError {
		t.Fatalf("call: %v %+v", err, res)
	}
	if got.Required != "r" || got.Empty != "" || got.Zero != 0 || got.Both != nil || got.OptPtr != nil || *got.Ptr != 1 {
		t.Errorf("decoded %+v", got)
	}
	// Left out, a property the strict schema requires is an error.
	res, err = srv.Call(t.Context(), "omit", json.RawMessage(`{"required":"r","ptr":1,"slice":[]}`), nil)
	if err == nil && !res.IsError {
		t.Errorf("missing properties accepted")
	}
}
