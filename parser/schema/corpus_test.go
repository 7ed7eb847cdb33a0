package schema

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/invopop/jsonschema"
	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/parser/internal/doctext"
	"github.com/mcpgen/mcpgen/testdata/schema_collections"
	"github.com/mcpgen/mcpgen/testdata/schema_comments"
	"github.com/mcpgen/mcpgen/testdata/schema_embedded"
	"github.com/mcpgen/mcpgen/testdata/schema_enums"
	"github.com/mcpgen/mcpgen/testdata/schema_omit"
	"github.com/mcpgen/mcpgen/testdata/schema_recursive"
	"github.com/mcpgen/mcpgen/testdata/schema_scalars"
	"github.com/mcpgen/mcpgen/testdata/schema_tags"
)

const modulePath = "github.com/mcpgen/mcpgen"

// corpus lists a value of every exported struct type declared in the
// testdata/schema_* packages, so that invopop/jsonschema can reflect the type
// at run time. TestCorpusComplete checks that none is missing.
var corpus = []any{
	schema_scalars.Scalars{}, schema_scalars.Named{}, schema_scalars.Address{},
	schema_collections.Item{}, schema_collections.Collections{}, schema_collections.Special{},
	schema_collections.Nested{}, schema_collections.Empty{}, schema_collections.Keys{}, schema_collections.Number{},
	schema_collections.Paged{},
	schema_embedded.Base{}, schema_embedded.Audit{}, schema_embedded.Meta{}, schema_embedded.Record{},
	schema_embedded.Left{}, schema_embedded.Right{}, schema_embedded.Deep{}, schema_embedded.Conflicts{}, schema_embedded.Hidden{},
	schema_recursive.Node{}, schema_recursive.Dept{}, schema_recursive.Person{}, schema_recursive.Forest{},
	schema_enums.Paint{},
	schema_tags.Strings{}, schema_tags.Numbers{},
	schema_comments.Commented{}, schema_comments.Item{}, schema_comments.Grouped{}, schema_comments.Own{},
	schema_comments.Bare{}, schema_comments.Wrapper{}, schema_comments.Private{},
	schema_omit.Omit{}, schema_omit.Quoted{}, schema_omit.Dash{}, schema_omit.Untagged{},
}

// deviating names the corpus types whose schema differs from invopop's as a
// whole by design, and the test that asserts how. Every other corpus type
// must match invopop once the keyword-level improvements are undone (see
// undoImprovements).
var deviating = map[string]string{
	"schema_scalars.Address":        "TestDeviationUintptr",
	"schema_collections.Keys":       "TestDeviationMapKeysAndText",
	"schema_collections.Number":     "TestDeviationJSONNumber",
	"schema_collections.Paged":      "TestDeviationGenericComments",
	"schema_embedded.Conflicts":     "TestDeviationDominance",
	"schema_embedded.Record/output": "TestRequiredMatchesEncodingJSON",
	"schema_recursive.Node":         "TestDeviationRecursion",
	"schema_recursive.Dept":         "TestDeviationRecursion",
	"schema_recursive.Person":       "TestDeviationRecursion",
	"schema_recursive.Forest":       "TestDeviationRecursion",
	"schema_comments.Private":       "TestDeviationUnexportedComments",
	"schema_omit.Quoted":            "TestDeviationStringOption",
	"schema_omit.Dash":              "TestDeviationDashComma",
	"schema_tags.Strings/output":    "TestOutputDiagnostics", // jsonschema:"-" and required+omitempty are errors in results
	"schema_embedded.Hidden/output": "TestOutputDiagnostics",
	"schema_collections.Empty/both": "TestDeviationEmptyStruct",
}

// inputOnly are corpus types that are valid tool inputs but not results
// (see TestOutputDiagnostics).
var inputOnly = map[string]bool{"schema_tags.Strings": true, "schema_embedded.Hidden": true}

// corpusPackages are the testdata packages loaded as roots; the enum
// package's "units" subpackage is deliberately not among them, so its
// comments are read lazily from source.
var corpusPackages = []string{
	"schema_scalars", "schema_collections", "schema_embedded", "schema_recursive",
	"schema_enums", "schema_tags", "schema_comments", "schema_omit", "schema_params",
}

type loaded struct {
	pkgs    []*packages.Package
	builder *Builder

	enumsOnce sync.Once
	enums     map[string]bool
	typeDocs  map[string]bool // the doc comments of the named types, as schemas write them
}

var loadCorpus = sync.OnceValues(func() (*loaded, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir:  "../..",
		Fset: token.NewFileSet(),
	}
	var patterns []string
	for _, p := range corpusPackages {
		patterns = append(patterns, "./testdata/"+p)
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			return nil, e
		}
	}
	return &loaded{pkgs: pkgs, builder: NewBuilder(cfg.Fset, pkgs)}, nil
})

func corpusLoaded(t *testing.T) *loaded {
	t.Helper()
	l, err := loadCorpus()
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// lookup returns the named type pkg.Name of the corpus.
func (l *loaded) lookup(t *testing.T, qualified string) *types.Named {
	t.Helper()
	pkgName, name, _ := strings.Cut(qualified, ".")
	for _, p := range l.pkgs {
		if p.Name == pkgName {
			if obj, ok := p.Types.Scope().Lookup(name).(*types.TypeName); ok {
				return obj.Type().(*types.Named)
			}
		}
	}
	t.Fatalf("no type %s in the corpus", qualified)
	return nil
}

// ours returns the input or output schema of the corpus type as generic JSON.
func (l *loaded) ours(t *testing.T, qualified string, output bool) map[string]any {
	t.Helper()
	s, diags := l.schema(t, qualified, output)
	if len(diags) > 0 {
		t.Fatalf("%s: unexpected diagnostics: %v", qualified, diags)
	}
	return generic(t, s)
}

func (l *loaded) schema(t *testing.T, qualified string, output bool) (*jsonschema.Schema, []Diagnostic) {
	t.Helper()
	n := l.lookup(t, qualified)
	if output {
		s, wrapped, diags := l.builder.Output(n, n.Obj().Pos())
		if wrapped {
			t.Fatalf("%s: output of a struct type was wrapped", qualified)
		}
		return s, errorsOf(diags)
	}
	s, diags := l.builder.Struct(n, "", n.Obj().Pos())
	return s, errorsOf(diags)
}

// errorsOf returns the diagnostics of diags that are not warnings.
func errorsOf(diags []Diagnostic) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if !d.Warning {
			out = append(out, d)
		}
	}
	return out
}

// theirs returns the schema invopop/jsonschema reflects for v at run time,
// with the settings that match mcpgen's conventions.
func theirs(t *testing.T, v any) map[string]any {
	t.Helper()
	r := &jsonschema.Reflector{
		Anonymous:                  true,
		DoNotReference:             true,
		ExpandedStruct:             true,
		AllowAdditionalProperties:  false,
		RequiredFromJSONSchemaTags: false,
	}
	pkg := reflect.TypeOf(v).PkgPath()
	// AddGoComments joins base and the walked directory to get import paths.
	dir := "../../" + strings.TrimPrefix(pkg, modulePath+"/")
	if err := r.AddGoComments(modulePath+"/parser/schema", dir); err != nil {
		t.Fatal(err)
	}
	s := r.Reflect(v)
	s.Version = ""
	// invopop's own MarshalJSON, not Marshal (which writes {} for true).
	text, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(text, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func generic(t *testing.T, s *jsonschema.Schema) map[string]any {
	t.Helper()
	text, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	sameAsReference(t, "schema", s)
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func qualifiedName(v any) string {
	rt := reflect.TypeOf(v)
	return path.Base(rt.PkgPath()) + "." + rt.Name()
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCorpusComplete checks that every exported struct type of the corpus
// packages is in corpus, so that none escapes the invariant.
func TestCorpusComplete(t *testing.T) {
	l := corpusLoaded(t)
	listed := map[string]bool{}
	for _, v := range corpus {
		listed[qualifiedName(v)] = true
	}
	for _, p := range l.pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !obj.Exported() || !isStruct(obj.Type()) || obj.Type().(*types.Named).TypeParams().Len() > 0 {
				continue
			}
			if q := p.Name + "." + name; !listed[q] {
				t.Errorf("corpus lacks %s", q)
			}
		}
	}
}

// TestInvariant checks that, over the whole corpus, the static schema equals
// what invopop/jsonschema reflects at run time for the same type and
// comments, once the deliberate improvements are undone.
func TestInvariant(t *testing.T) {
	l := corpusLoaded(t)
	for _, v := range corpus {
		q := qualifiedName(v)
		for _, output := range []bool{false, true} {
			mode := "input"
			if output {
				mode = "output"
			}
			t.Run(q+"/"+mode, func(t *testing.T) {
				for _, key := range []string{q, q + "/" + mode, q + "/both"} {
					if test, ok := deviating[key]; ok {
						t.Skipf("deviates by design; see %s", test)
					}
				}
				got := l.ours(t, q, output)
				want := theirs(t, v)
				if output {
					inlineShared(got)
				}
				l.undoImprovements(got, want, output)
				if g, w := jsonText(t, got), jsonText(t, want); g != w {
					t.Errorf("schema differs from invopop's\nours (improvements undone):\n%s\ninvopop:\n%s", g, w)
				}
			})
		}
	}
}

// undoImprovements removes from ours, in place, the keyword-level
// improvements over invopop, where invopop's schema lacks them. Each is
// asserted by its own test:
//
//	integer and float32 bounds       TestDeviationBounds
//	automatic enums                  TestDeviationEnums
//	base64 pattern of []byte         TestDeviationBytes
//	null in output schemas, anyOf    TestDeviationOutputNull
//	"properties" on every object     TestDeviationEmptyStruct
//	paragraph lines joined           TestDeviationDescriptionLines
//	{} for any value, never true     TestDeviationAny
//	integer enum names               TestDeviationEnums
//	optional pointers and untagged   TestDeviationOptional
//	a field described by its type    TestDeviationFieldTypeDoc
func (l *loaded) undoImprovements(ours, theirs any, output bool) {
	switch o := ours.(type) {
	case []any:
		t, _ := theirs.([]any)
		for i := range o {
			if i < len(t) {
				if isAnyValue(o[i], t[i]) {
					o[i] = true
					continue
				}
				l.undoImprovements(o[i], t[i], output)
			}
		}
	case map[string]any:
		t, _ := theirs.(map[string]any)
		if t == nil {
			return
		}
		if one, ok := o["anyOf"].([]any); ok && len(one) == 2 && t["anyOf"] == nil {
			if null, _ := one[1].(map[string]any); len(null) == 1 && null["type"] == "null" {
				delete(o, "anyOf")
				if t["oneOf"] != nil {
					o["oneOf"] = one // a nullable field, which invopop writes with oneOf
				} else if output {
					for k, v := range one[0].(map[string]any) {
						o[k] = v
					}
				} else {
					o["anyOf"] = one
				}
			}
		}
		for k, v := range o {
			if e, ok := v.(map[string]any); ok && len(e) == 0 && t[k] == true {
				o[k] = true
			}
		}
		if d, ok := o["description"].(string); ok {
			if i := strings.Index(d, "Values:\n- "); i >= 0 && !strings.Contains(fmt.Sprint(t["description"]), "Values:") {
				d = strings.TrimSuffix(d[:i], "\n\n")
				if d == "" {
					delete(o, "description")
				} else {
					o["description"] = d
				}
			}
		}
		for _, k := range []string{"minimum", "maximum"} {
			// The Go type's bound stays where a tag's bound is looser.
			if tv, ok := t[k]; isTypeBound(o[k]) {
				if ok {
					o[k] = tv
				} else {
					delete(o, k)
				}
			}
		}
		if _, ok := t["enum"]; !ok && l.autoEnums()[fmt.Sprint(o["enum"])] {
			delete(o, "enum")
		}
		if _, ok := t["pattern"]; !ok && o["pattern"] == base64Pattern {
			delete(o, "pattern")
		}
		if d, ok := o["description"].(string); ok && t["description"] == nil && t["type"] != nil {
			l.autoEnums()
			if l.typeDocs[d] {
				delete(o, "description") // a field described by its type's doc comment
			}
		}
		if td, ok := t["description"].(string); ok && o["description"] != td && o["description"] == doctext.Join(td) {
			o["description"] = td
		}
		if p, ok := o["properties"].(map[string]any); ok && len(p) == 0 && t["properties"] == nil {
			delete(o, "properties")
		}
		if r, ok := t["required"].([]any); ok && !output && isSubset(o["required"], r) {
			o["required"] = r // pointer fields and untagged structs are optional in an input
		}
		for k, v := range o {
			if isAnyValue(v, t[k]) {
				o[k] = true
				continue
			}
			l.undoImprovements(v, t[k], output)
		}
	}
}

// isSubset reports whether ours, a "required" list or nil, holds only
// names of theirs, in theirs' order.
func isSubset(ours any, theirs []any) bool {
	o, _ := ours.([]any)
	i := 0
	for _, name := range theirs {
		if i < len(o) && o[i] == name {
			i++
		}
	}
	return i == len(o)
}

// isAnyValue reports whether ours is the schema {} where invopop's is the
// boolean schema true.
func isAnyValue(ours, theirs any) bool {
	m, ok := ours.(map[string]any)
	return ok && len(m) == 0 && theirs == true
}

// autoEnums returns the automatic enums of the corpus's named types, as
// printed by fmt, so that undoImprovements removes only those.
func (l *loaded) autoEnums() map[string]bool {
	l.enumsOnce.Do(func() {
		l.enums = map[string]bool{}
		l.typeDocs = map[string]bool{}
		seen := map[*types.Package]bool{}
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			if seen[p] {
				return
			}
			seen[p] = true
			for _, name := range p.Scope().Names() {
				if tn, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
					if n, ok := tn.Type().(*types.Named); ok {
						if vals := l.builder.enumValues(n); vals != nil {
							l.enums[fmt.Sprint(vals)] = true
						}
						if doc := l.builder.typeDoc(tn); doc != "" {
							l.typeDocs[doc] = true
						}
					}
				}
			}
			for _, imp := range p.Imports() {
				visit(imp)
			}
		}
		for _, p := range l.pkgs {
			visit(p.Types)
		}
	})
	return l.enums
}

// isTypeBound reports whether v is a bound of a Go integer type or float32.
func isTypeBound(v any) bool {
	n, ok := v.(float64)
	if !ok {
		return false
	}
	for _, b := range []float64{-128, 127, 255, -32768, 32767, 65535, -2147483648, 2147483647, 4294967295,
		-9223372036854775808, 9223372036854775807, 18446744073709551615, 0, -3.4028235e+38, 3.4028235e+38} {
		if n == b {
			return true
		}
	}
	return false
}

// inlineShared undoes, in the output schema s, the improvement of
// shareRepeated: every $ref to a definition is replaced by the definition,
// with the $ref's own keywords (a use's description) over it, and $defs
// goes. The corpus types that reach it are not recursive (those deviate by
// design), so this ends.
func inlineShared(s any) {
	root, ok := s.(map[string]any)
	if !ok {
		return
	}
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		return
	}
	delete(root, "$defs")
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case []any:
			for i := range v {
				v[i] = walk(v[i])
			}
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				def, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
				out := map[string]any{}
				for k, x := range deepCopy(def).(map[string]any) {
					out[k] = walk(x)
				}
				for k, x := range v {
					if k != "$ref" {
						out[k] = x
					}
				}
				return out
			}
			for k := range v {
				v[k] = walk(v[k])
			}
		}
		return v
	}
	walk(root)
}

// deepCopy returns a copy of the JSON value v.
func deepCopy(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = deepCopy(v[i])
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = deepCopy(x)
		}
		return out
	}
	return v
}
