package schema

import (
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
)

func TestParams(t *testing.T) {
	l := corpusLoaded(t)
	var pkg *types.Package
	for _, p := range l.pkgs {
		if p.Name == "schema_params" {
			pkg = p.Types
		}
	}
	params := func(fn string, descs map[string]string) []Param {
		sig := pkg.Scope().Lookup(fn).(*types.Func).Signature()
		var ps []Param
		for v := range sig.Params().Variables() {
			if v.Type().String() == "context.Context" {
				continue
			}
			_, ptr := v.Type().(*types.Pointer)
			ps = append(ps, Param{Name: v.Name(), Type: v.Type(), Description: descs[v.Name()], Optional: ptr, Pos: v.Pos()})
		}
		return ps
	}
	for _, tc := range []struct {
		fn    string
		descs map[string]string
		want  string
	}{
		{"Add", map[string]string{"a": "the first addend", "b": "the second addend"}, `{"type":"object","additionalProperties":false,
			"properties":{"a":{"type":"number","description":"the first addend"},"b":{"type":"number","description":"the second addend"}},
			"required":["a","b"]}`},
		{"Greet", map[string]string{"name": "who to greet"}, `{"type":"object","additionalProperties":false,
			"properties":{"name":{"type":"string","description":"who to greet"},"times":{"type":"integer","minimum":-128,"maximum":127},
			"polite":{"type":"boolean"}},
			"required":["name","times"]}`},
		{"Ping", nil, `{"type":"object","properties":{},"additionalProperties":false}`},
		{"Counts", nil, `{"type":"object","additionalProperties":false,
			"properties":{"words":{"type":"array","items":{"type":"string"}}},"required":["words"]}`},
	} {
		s, diags := l.builder.Params(params(tc.fn, tc.descs))
		if len(diags) > 0 {
			t.Errorf("%s: %v", tc.fn, diags)
		}
		wantJSON(t, tc.fn, generic(t, s), tc.want)
	}
}

func TestOutputWrapping(t *testing.T) {
	l := corpusLoaded(t)
	for _, tc := range []struct {
		typ     types.Type
		wrapped bool
		want    string
	}{
		{types.Typ[types.Float64], true, `{"type":"object","additionalProperties":false,"properties":{"result":{"type":"number"}},"required":["result"]}`},
		{types.NewMap(types.Typ[types.String], types.Typ[types.Int8]), false,
			`{"type":"object","properties":{},"additionalProperties":{"type":"integer","minimum":-128,"maximum":127}}`},
		// A pointer to a struct is sent as the struct (the generated
		// handler answers nil with an isError result).
		{types.NewPointer(l.lookup(t, "schema_collections.Empty")), false,
			`{"type":"object","properties":{},"additionalProperties":false,"description":"Empty has no fields."}`},
		// A pointer to a pointer may hold a nil the handler does not see: wrapped.
		{types.NewPointer(types.NewPointer(l.lookup(t, "schema_collections.Empty"))), true,
			`{"type":"object","additionalProperties":false,"properties":{"result":{"anyOf":[{"type":"object","properties":{},"additionalProperties":false,"description":"Empty has no fields."},{"type":"null"}]}},"required":["result"]}`},
	} {
		s, wrapped, diags := l.builder.Output(tc.typ, 0)
		if wrapped != tc.wrapped || len(diags) > 0 {
			t.Errorf("%v: wrapped %v, diags %v", tc.typ, wrapped, diags)
		}
		wantJSON(t, tc.typ.String(), generic(t, s), tc.want)
	}
}

// TestOutputDiagnostics checks that a type valid as input can be invalid as
// a result: a field hidden by jsonschema:"-" is still written, and a
// required omitempty field may be left out.
func TestOutputDiagnostics(t *testing.T) {
	l := corpusLoaded(t)
	_, diags := l.schema(t, "schema_tags.Strings", true)
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.Message)
	}
	got := strings.Join(msgs, "\n")
	for _, want := range []string{`field Strings.Skipped: jsonschema:"-" hides a field`, `field Strings.Must: jsonschema:"required" on an omitempty`} {
		if !strings.Contains(got, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, got)
		}
	}
	if len(diags) != 2 {
		t.Errorf("got %d diagnostics:\n%s", len(diags), got)
	}
	_, diags = l.schema(t, "schema_embedded.Hidden", true)
	if len(diags) != 1 || !strings.HasPrefix(diags[0].Message, `embedded field Hidden.Base: jsonschema:"-" hides a field`) {
		t.Errorf("Hidden: %v", diags)
	}
}

// TestMarshal checks the escapes and the key order: the type first, then
// what describes it, then its parts, with $defs last.
func TestMarshal(t *testing.T) {
	s := &jsonschema.Schema{Type: "string", Description: "a < b && c > d, `code`, \\u003c stays", Pattern: `^\d+$`}
	got, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"type\": \"string\",\n  \"description\": \"a < b && c > d, \\u0060code\\u0060, \\\\u003c stays\",\n  \"pattern\": \"^\\\\d+$\"\n}"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	props := jsonschema.NewProperties()
	props.Set("x", &jsonschema.Schema{})
	s = &jsonschema.Schema{
		Definitions: jsonschema.Definitions{"T": {Type: "null"}},
		AnyOf:       []*jsonschema.Schema{{Type: "object"}},
		Required:    []string{"x"}, AdditionalProperties: jsonschema.FalseSchema, Properties: props,
		Description: "d", Type: "object", Version: "v",
	}
	got, err = Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, line := range strings.Split(got, "\n") {
		if k, _, ok := strings.Cut(line, ":"); ok && strings.HasPrefix(line, "  \"") {
			keys = append(keys, strings.TrimSpace(k))
		}
	}
	wantKeys := []string{`"$schema"`, `"type"`, `"description"`, `"properties"`, `"additionalProperties"`, `"required"`, `"anyOf"`, `"$defs"`}
	if !slices.Equal(keys, wantKeys) {
		t.Errorf("keys %v, want %v in\n%s", keys, wantKeys, got)
	}
	if !strings.Contains(got, `"x": {}`) || !strings.Contains(got, `"additionalProperties": false`) {
		t.Errorf("an empty schema is {} and additionalProperties false stays false:\n%s", got)
	}
}

// TestDeterministic builds every corpus schema twice with fresh builders
// and compares the text.
func TestDeterministic(t *testing.T) {
	l := corpusLoaded(t)
	first := map[string]string{}
	for round := range 2 {
		b := NewBuilder(l.builder.fset, l.pkgs)
		for _, v := range corpus {
			q := qualifiedName(v)
			n := l.lookup(t, q)
			s, _, _ := b.Output(n, n.Obj().Pos())
			text, err := Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if round == 1 && first[q] != text {
				t.Errorf("%s differs between builds", q)
			}
			first[q] = text
		}
	}
}

// TestLazyComments checks that descriptions of a type declared outside the
// loaded packages come from its source file, parsed once.
func TestLazyComments(t *testing.T) {
	l := corpusLoaded(t)
	b := NewBuilder(l.builder.fset, l.pkgs)
	n := l.lookup(t, "schema_enums.Paint")
	s, _ := b.Struct(n, "", n.Obj().Pos())
	m := generic(t, s)
	wantJSON(t, "value", at(t, m, "properties/reading/properties/value/description"), `"Value is the temperature."`)
	wantJSON(t, "unit", at(t, m, "properties/reading/properties/unit/description"), `"Unit of Value.\n\nValues:\n- c: Celsius is the default.\n- f\n- k"`)
	var parsed []string
	for name := range b.fileDocs {
		if b.syntax[name] == nil {
			parsed = append(parsed, filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name))
		}
	}
	if len(parsed) != 1 || parsed[0] != "units/units.go" {
		t.Errorf("files parsed from source: %v", parsed)
	}
}
