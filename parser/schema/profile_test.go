package schema

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"

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
	// With a type, as OpenAI documents it (a client that keeps only the
	// object alternatives of an anyOf still shows the type).
	wantJSON(t, "empty", at(t, got, "properties/empty"), `{"type":["string","null"]}`)
	wantJSON(t, "ptr", at(t, got, "properties/ptr"), `{"type":["integer","null"]}`)
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
	// A tag's bound leaves the listed schema for the description; the
	// enforced one keeps it.
	s, _ := l.schema(t, "schema_tags.Numbers", false)
	r := ProfileInput(ProfileAnthropicStrict, s, false)
	if len(r.Problems) > 0 {
		t.Errorf("a tag's bound: %v", r.Problems)
	}
	listed, enforced := generic(t, r.Listed), generic(t, r.Enforced)
	wantJSON(t, "listed percent", at(t, listed, "properties/percent"), `{"type":"integer","description":"0 to 100, a multiple of 5","default":50,"examples":[25]}`)
	wantJSON(t, "listed ratio", at(t, listed, "properties/ratio"), `{"type":"number","description":"more than 0 and less than 1"}`)
	wantJSON(t, "listed scores", at(t, listed, "properties/scores"), `{"type":"array","description":"each 0 to 10","items":{"type":"number"}}`)
	wantJSON(t, "enforced percent", at(t, enforced, "properties/percent"), `{"type":"integer","minimum":0,"maximum":100,"multipleOf":5,"default":50,"examples":[25]}`)
}

// TestProfileMovesKeywords: a keyword the provider refuses and the server
// enforces leaves the listed schema for its description, under each
// profile, and the enforced schema keeps it.
func TestProfileMovesKeywords(t *testing.T) {
	text := func(p string) *jsonschema.Schema {
		var s jsonschema.Schema
		if err := json.Unmarshal([]byte(p), &s); err != nil {
			t.Fatal(err)
		}
		s.AdditionalProperties = jsonschema.FalseSchema // as the Builder writes it
		return &s
	}
	in := `{"type":"object","properties":{
		"name":{"type":"string","description":"The name.","minLength":1,"maxLength":100},
		"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true,"maxItems":20},
		"step":{"type":"number","exclusiveMinimum":0,"multipleOf":0.5},
		"mail":{"type":"string","format":"email"}},
		"required":["name","tags","step","mail"],"additionalProperties":false}`
	for _, c := range []struct {
		p          Profile
		name, tags string
		step, mail string
	}{
		{ProfileOpenAIStrict,
			`{"type":"string","description":"The name (1 to 100 characters)."}`,
			`{"type":"array","description":"no duplicates","items":{"type":"string"},"maxItems":20}`,
			`{"type":"number","exclusiveMinimum":0,"multipleOf":0.5}`,
			`{"type":"string","format":"email"}`},
		{ProfileGemini,
			`{"type":"string","description":"The name.","minLength":1,"maxLength":100}`,
			`{"type":"array","description":"no duplicates","items":{"type":"string"},"maxItems":20}`,
			`{"type":"number","description":"more than 0, a multiple of 0.5"}`,
			`{"type":"string","description":"email address"}`},
		{ProfileAnthropicStrict,
			`{"type":"string","description":"The name (1 to 100 characters)."}`,
			`{"type":"array","description":"at most 20 items, no duplicates","items":{"type":"string"}}`,
			`{"type":"number","description":"more than 0, a multiple of 0.5"}`,
			`{"type":"string","format":"email"}`},
	} {
		r := ProfileInput(c.p, text(in), false)
		if len(r.Problems) > 0 {
			t.Errorf("%s: problems %v", c.p, r.Problems)
		}
		got := generic(t, r.Listed)
		for _, w := range []struct{ path, want string }{{"name", c.name}, {"tags", c.tags}, {"step", c.step}, {"mail", c.mail}} {
			wantJSON(t, string(c.p)+" "+w.path, at(t, got, "properties/"+w.path), w.want)
		}
		// The enforced schema is the listed one with the keywords: every
		// keyword of the input is in it.
		enforced, _ := Marshal(r.Enforced)
		for _, kw := range []string{"minLength", "maxLength", "uniqueItems", "maxItems", "exclusiveMinimum", "multipleOf", `"email"`} {
			if !strings.Contains(enforced, kw) {
				t.Errorf("%s: enforced schema lost %s: %s", c.p, kw, enforced)
			}
		}
	}
}

func TestDescribe(t *testing.T) {
	u := func(n uint64) *uint64 { return &n }
	for _, c := range []struct {
		s    jsonschema.Schema
		want string
	}{
		{jsonschema.Schema{Type: "integer", Minimum: "1", Maximum: "100", Description: "Page size."}, "Page size (1 to 100)."},
		{jsonschema.Schema{Type: "integer", Minimum: "0"}, "at least 0"},
		{jsonschema.Schema{Type: "array", MaxItems: u(20), Description: "Tags"}, "Tags (at most 20 items)"},
		{jsonschema.Schema{Type: "array", MinItems: u(1)}, "at least 1 item"},
		{jsonschema.Schema{Type: "string", MinLength: u(3), MaxLength: u(3)}, "exactly 3 characters"},
		{jsonschema.Schema{Type: "string", Format: "date-time"}, "RFC 3339 date-time"},
		{jsonschema.Schema{Type: "string", ContentEncoding: "base64", Pattern: base64Pattern}, "base64"},
		{jsonschema.Schema{Type: "string", Pattern: "^v[0-9]+$"}, "matching ^v[0-9]+$"},
		{jsonschema.Schema{Type: "object", MaxProperties: u(3)}, "at most 3 entries"},
		{jsonschema.Schema{Type: "string"}, ""},
		{jsonschema.Schema{Type: "object", Properties: func() *orderedmap.OrderedMap[string, *jsonschema.Schema] {
			p := newProperties(1)
			p.Set("extra", &jsonschema.Schema{Description: "Extra is anything."})
			p.Set("n", &jsonschema.Schema{Type: "integer", Description: "N."})
			return p
		}()}, "extra (any JSON value): Extra is anything"},
	} {
		if got := Describe(&c.s, nil).Description; got != c.want {
			t.Errorf("%+v: %q, want %q", c.s, got, c.want)
		}
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

// TestProfileStatesEveryConstraint runs every profile over the whole
// corpus: where the profile's hosts drop the keywords (DropsKeywords) every
// constraint of the enforced schema is stated in the listed one's
// descriptions, under every profile each constraint it moves is, and a
// moved keyword is never listed.
func TestProfileStatesEveryConstraint(t *testing.T) {
	l := corpusLoaded(t)
	checked := 0
	for _, p := range Profiles {
		for _, v := range corpus {
			q := qualifiedName(v)
			s, diags := l.schema(t, q, false)
			if len(errorsOf(diags)) > 0 {
				continue
			}
			r := ProfileInput(p, s, p.DropsKeywords())
			listed, err := Marshal(r.Listed)
			if err != nil {
				t.Fatal(err)
			}
			var descriptions strings.Builder
			eachSubschema(r.Listed, func(n *jsonschema.Schema) { descriptions.WriteString(n.Description + "\n") })
			only := p.moves
			if p.DropsKeywords() {
				only = everyKeyword
			}
			eachSubschema(r.Enforced, func(n *jsonschema.Schema) {
				for _, phrase := range constraintPhrases(n, only) {
					checked++
					if !strings.Contains(descriptions.String(), phrase) {
						t.Errorf("%s %s: no description states %q", p, q, phrase)
					}
				}
			})
			for _, kw := range schemaKeywords {
				// format date-time stays under gemini, minItems 0 or 1
				// under anthropic-strict.
				if p.moves(kw) && kw != "format" && kw != "minItems" && strings.Contains(listed, `"`+kw+`":`) {
					t.Errorf("%s %s: %s listed: %s", p, q, kw, listed)
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d constraints checked", checked)
	}
}

// eachSubschema calls f on s and on each of its subschemas.
func eachSubschema(s *jsonschema.Schema, f func(*jsonschema.Schema)) {
	if s == nil {
		return
	}
	f(s)
	eachSubschema(s.Items, f)
	if s.AdditionalProperties != jsonschema.FalseSchema {
		eachSubschema(s.AdditionalProperties, f)
	}
	for _, alt := range s.AnyOf {
		eachSubschema(alt, f)
	}
	for _, name := range sortedKeys(s.Definitions) {
		eachSubschema(s.Definitions[name], f)
	}
	if s.Properties != nil {
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			eachSubschema(pair.Value, f)
		}
	}
}

// TestProfileRefusesComposition: a stated schema's allOf, oneOf, not and
// if stay errors under openai-strict and gemini, which cannot express them.
func TestProfileRefusesComposition(t *testing.T) {
	for _, p := range []Profile{ProfileOpenAIStrict, ProfileGemini} {
		for _, kw := range []string{"allOf", "oneOf", "not", "if"} {
			s, err := parseStated(map[string]string{
				"allOf": `{"type":"string","allOf":[{"minLength":1}]}`,
				"oneOf": `{"oneOf":[{"type":"integer"},{"type":"string"}]}`,
				"not":   `{"type":"string","not":{"const":"x"}}`,
				"if":    `{"type":"string","if":{"pattern":"^k"},"then":{"maxLength":3}}`,
			}[kw])
			if err != nil {
				t.Fatal(err)
			}
			root := &jsonschema.Schema{Type: "object", Properties: newProperties(1), Required: []string{"v"}, AdditionalProperties: jsonschema.FalseSchema}
			root.Properties.Set("v", s)
			r := ProfileInput(p, root, false)
			if m := problemsAt(r.Problems)["/properties/v"]; !strings.Contains(m, `"`+kw+`"`) {
				t.Errorf("%s %s: problems %v", p, kw, r.Problems)
			}
		}
	}
}

// TestProfileStatedFalse: a stated schema's "additionalProperties": false
// (decoded from JSON, not the Builder's jsonschema.FalseSchema) is the
// closed object each profile wants: no map under openai-strict, left out
// under gemini.
func TestProfileStatedFalse(t *testing.T) {
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`), &s); err != nil {
		t.Fatal(err)
	}
	if r := ProfileInput(ProfileOpenAIStrict, &s, false); len(r.Problems) > 0 {
		t.Errorf("openai-strict: %v", r.Problems)
	}
	r := ProfileInput(ProfileGemini, &s, false)
	if text, _ := Marshal(r.Listed); len(r.Problems) > 0 || strings.Contains(text, "additionalProperties") {
		t.Errorf("gemini: %v\n%s", r.Problems, text)
	}
}

// TestOpenAIStrictTypeOrNull: an optional field of one type admits null
// with "type": [T, "null"] (an enum gets null too); an object or a $ref
// with anyOf [X, null]. The runtime then accepts null and the values of T.
func TestOpenAIStrictTypeOrNull(t *testing.T) {
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{
		"unit":{"type":"string","enum":["c","f"],"description":"The scale."},
		"sub":{"type":"object","properties":{},"additionalProperties":false}},"additionalProperties":false}`), &s); err != nil {
		t.Fatal(err)
	}
	s.AdditionalProperties = jsonschema.FalseSchema
	r := ProfileInput(ProfileOpenAIStrict, &s, false)
	got := generic(t, r.Listed)
	wantJSON(t, "unit", at(t, got, "properties/unit"), `{"type":["string","null"],"description":"The scale.","enum":["c","f",null]}`)
	if _, ok := at(t, got, "properties/sub").(map[string]any)["anyOf"]; !ok {
		t.Errorf("sub: %v", at(t, got, "properties/sub"))
	}
	text, _ := Marshal(r.Listed)
	srv := runtime.NewServer("t", "1")
	srv.MustAddTool(runtime.Tool{Name: "t", InputSchema: text, Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
		return runtime.TextResult("ok"), nil
	}})
	for args, ok := range map[string]bool{`{"unit":"c","sub":null}`: true, `{"unit":null,"sub":{}}`: true, `{"unit":"k","sub":null}`: false} {
		res, err := srv.Call(context.Background(), "t", json.RawMessage(args), nil)
		if err != nil || res.IsError == ok {
			t.Errorf("%s: %v %+v", args, err, res)
		}
	}
}
