package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/mcpgen/mcpgen/internal/validate"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
)

// A user states the schema of a type whose JSON form mcpgen cannot derive
// (its own MarshalJSON or UnmarshalJSON, say) with the directive
//
//	//mcp:schema {"type":"string","pattern":"^v[0-9]+"}
//
// in the doc comment of the type's declaration, or in the comment of a
// struct field of that type (for a type from another module), or, once for
// a whole package, with the type named by its import path or package name
// in any comment of one of the package's files:
//
//	//mcp:schema github.com/Masterminds/semver/v3.Version {"type":"string"}
//
// The nearest statement wins: the field's, then the package's, then the
// type's own. The schema is used as stated, for inputs and results; the
// user promises that what it admits, the type decodes.

// ParseSchemaDirective splits the text of an //mcp:schema directive, after
// "//mcp:", into the type it names (empty at a type or field) and the
// schema, which it parses and checks.
func ParseSchemaDirective(text string) (typeName string, s *jsonschema.Schema, err error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "schema")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", nil, fmt.Errorf("not an //mcp:schema directive")
	}
	rest = strings.TrimSpace(rest)
	if !strings.HasPrefix(rest, "{") {
		typeName, rest, _ = strings.Cut(rest, " ")
		rest = strings.TrimSpace(rest)
	}
	s, err = ParseStated(rest)
	return typeName, s, err
}

// ParseStated parses the schema of an //mcp:schema directive (the text
// after its type name, if any, trimmed) and checks it.
func ParseStated(text string) (*jsonschema.Schema, error) {
	if !strings.HasPrefix(text, "{") {
		return nil, fmt.Errorf(`write //mcp:schema {"type":...} (a JSON object), or //mcp:schema path/to/pkg.Type {...} to state a type's schema for a whole package`)
	}
	return parseStated(text)
}

// parseStated parses a stated schema and checks that mcpgen keeps all of
// it and that the runtime can enforce it.
func parseStated(text string) (*jsonschema.Schema, error) {
	var want any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&want); err != nil {
		return nil, fmt.Errorf("the schema is not valid JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("the schema must be one JSON object, with nothing after it")
	}
	if _, ok := want.(map[string]any); !ok {
		return nil, fmt.Errorf("the schema must be a JSON object")
	}
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(text), &s); err != nil {
		return nil, fmt.Errorf("the schema does not fit a JSON Schema: %v", err)
	}
	emptyToAny(&s)
	out, err := Marshal(&s)
	if err != nil {
		return nil, err
	}
	var got any
	dec = json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		return nil, err
	}
	if !reflect.DeepEqual(normalNumbers(got), normalNumbers(want)) {
		for k := range want.(map[string]any) {
			if _, kept := got.(map[string]any)[k]; !kept {
				if m := suggest.Closest(k, schemaKeywords); m != "" && m != k {
					return nil, fmt.Errorf("unknown keyword %q; did you mean %s?", k, m)
				}
			}
		}
		return nil, fmt.Errorf("the schema has keywords that mcpgen does not know or cannot keep as written (it keeps %s); write the 2020-12 keywords invopop/jsonschema models, with schemas (not true or false) as subschemas", compactJSON(out))
	}
	// Compiled as the property v of an input schema, where the errors
	// point ("at /properties/v: ..."); a schema that refers within itself
	// ($ref, $anchor) is compiled as the document it must be (see
	// internalRef).
	doc := `{"type":"object","properties":{"v":` + compactJSON(out) + `}}`
	if internalRef(&s) != "" {
		doc = out
	}
	if _, err := validate.Compile(doc); err != nil {
		return nil, fmt.Errorf("the runtime cannot enforce the schema: %s", err)
	}
	return &s, nil
}

// internalRef returns the first $ref or $anchor of a stated schema s, as
// `$ref "#/$defs/a"`, or "". Such a schema refers within itself ($ref
// "#/$defs/a" means its own $defs), which holds only where it is the whole
// document: the arguments type of a tool (its input schema), or a result
// type written as the output schema unwrapped. Nested in another schema,
// its references would point into that one, and two uses would define an
// anchor twice; the generator refuses it there (conv.nestedStated).
func internalRef(s *jsonschema.Schema) string {
	if s == nil {
		return ""
	}
	switch {
	case s.Ref != "":
		return fmt.Sprintf("$ref %q", s.Ref)
	case s.Anchor != "":
		return fmt.Sprintf("$anchor %q", s.Anchor)
	}
	for _, sub := range []*jsonschema.Schema{s.Items, s.AdditionalProperties, s.Not, s.Contains, s.PropertyNames, s.If, s.Then, s.Else} {
		if r := internalRef(sub); r != "" {
			return r
		}
	}
	for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, sub := range list {
			if r := internalRef(sub); r != "" {
				return r
			}
		}
	}
	for _, m := range []map[string]*jsonschema.Schema{s.Definitions, s.PatternProperties, s.DependentSchemas} {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if r := internalRef(m[k]); r != "" {
				return r
			}
		}
	}
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			if r := internalRef(p.Value); r != "" {
				return r
			}
		}
	}
	return ""
}

// nestedStated reports a schema stated for the named type t (or at a
// field, t nil) that refers within itself and is met nested in another
// schema, where its references would not hold (see internalRef); pos is
// the statement's position.
func (c *conv) nestedStated(st *jsonschema.Schema, t *types.Named, pos token.Pos, at site) bool {
	r := internalRef(st)
	if r == "" {
		return false
	}
	what, hint := "//mcp:schema", "inline what it refers to"
	if t != nil {
		hint += ", or give the tool this type as its arguments"
		what += " for " + qualifiedTypeName(t)
		pos = c.statedAt(t)
	}
	if !c.inRoots(pos) {
		pos = at.pos
	}
	c.problems++
	c.diags = append(c.diags, Diagnostic{Pos: pos, Same: "nested stated " + what, Message: fmt.Sprintf(
		"%s: the schema refers within itself (%s), which holds only where it is the whole schema: the single arguments type of a tool, or a result that is an object (not a pointer); here it is nested in %s; %s",
		what, r, at, hint)})
	return true
}

// schemaKeywords are the JSON Schema keywords a stated schema may hold, for
// suggestions.
var schemaKeywords = []string{"type", "enum", "const", "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
	"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "items", "prefixItems", "minItems", "maxItems", "uniqueItems",
	"properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties",
	"anyOf", "oneOf", "allOf", "not", "title", "description", "default", "examples", "contentEncoding", "contentMediaType",
	"if", "then", "else", "$ref", "$defs", "$anchor", "readOnly", "writeOnly", "deprecated"}

// emptyToAny replaces the subschemas with nothing set, which invopop writes
// as true, with anyValue, written {}.
func emptyToAny(s *jsonschema.Schema) {
	fix := func(p **jsonschema.Schema) {
		if *p == nil {
			return
		}
		if isEmpty(*p) && !isFalse(*p) { // exported fields only (marshal.go)
			*p = anyValue()
			return
		}
		emptyToAny(*p)
	}
	for _, p := range []**jsonschema.Schema{&s.Items, &s.AdditionalProperties, &s.Not, &s.Contains, &s.PropertyNames, &s.If, &s.Then, &s.Else} {
		fix(p)
	}
	for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for i := range list {
			fix(&list[i])
		}
	}
	for _, m := range []map[string]*jsonschema.Schema{s.Definitions, s.PatternProperties, s.DependentSchemas} {
		for k, v := range m {
			fix(&v)
			m[k] = v
		}
	}
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			fix(&p.Value)
		}
	}
}

// normalNumbers rewrites the json.Numbers in v as their float64 values, so
// that 1.0 and 1 compare equal.
func normalNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case []any:
		for i := range v {
			v[i] = normalNumbers(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = normalNumbers(v[k])
		}
	}
	return v
}

func compactJSON(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return s
	}
	return b.String()
}

// stated returns the schema stated for the named type t as seen from the
// package of the tool being derived (see ParseSchemaDirective), or nil.
func (c *conv) stated(t *types.Named) *jsonschema.Schema {
	obj := t.Obj()
	if obj.Pkg() == nil {
		return nil
	}
	if s := c.b.packageStated(c.rootPos, obj.Pkg().Path()+"."+obj.Name()); s != nil {
		return s
	}
	return c.b.declStated(obj)
}

// declStated returns the schema stated in the comments of the type or
// field declared at obj's position, or nil. A malformed statement, which
// the parser reports (in the loaded packages), counts as {}.
func (b *Builder) declStated(obj types.Object) *jsonschema.Schema {
	dirs := b.directives(obj.Pos())
	if !strings.Contains(dirs, "schema") {
		return nil
	}
	var s *jsonschema.Schema
	for line := range strings.SplitSeq(dirs, "\n") {
		if !strings.HasPrefix(line, "schema") {
			continue
		}
		name, st, err := ParseSchemaDirective(line)
		switch {
		case err != nil:
			// Reported where the directive is: do not add that the type
			// has no schema.
			s = anyValue()
		case name == "":
			s = st
		}
	}
	return s
}

// State records the schema stated for the type named typeKey (import path,
// ".", name) in the package pkgPath, by an //mcp:schema directive with a
// type name in one of its files. Call it before deriving schemas.
// pos is the directive's position, where a statement for a type that
// encoding/json cannot encode is refused.
func (b *Builder) State(pkgPath, typeKey string, s *jsonschema.Schema, pos token.Pos) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stated == nil {
		b.stated = map[[2]string]*jsonschema.Schema{}
		b.statedPos = map[[2]string]token.Pos{}
	}
	b.stated[[2]string{pkgPath, typeKey}] = s
	b.statedPos[[2]string{pkgPath, typeKey}] = pos
}

// statedAt returns the position of the //mcp:schema statement for the
// named type t that applies in the package of the tool being derived: the
// package's directive, else the type's declaration.
func (c *conv) statedAt(t *types.Named) token.Pos {
	obj := t.Obj()
	key := obj.Pkg().Path() + "." + obj.Name()
	c.b.mu.Lock()
	defer c.b.mu.Unlock()
	if f := c.b.fset.File(c.rootPos); f != nil {
		if pos, ok := c.b.statedPos[[2]string{c.b.filePkg[f.Name()], key}]; ok {
			return pos
		}
	}
	return obj.Pos()
}

// unencodable returns, for a named type with a stated schema met in an
// output, the first reason why encoding/json cannot write it at all (a
// function or channel field, say), or "". A type with its own MarshalJSON
// or MarshalText writes what it likes, and a stated schema says what.
func (c *conv) unencodable(t *types.Named) string {
	if hasMethod(t, "MarshalJSON", 0, 2) || hasMethod(t, "MarshalText", 0, 2) {
		return ""
	}
	if v, ok := c.b.unencodable.Load(t.Obj()); ok {
		return v.(string)
	}
	sc := c.b.newConv(true, c.rootPos)
	at := site{pos: c.rootPos, what: "result"}
	sc.start(at, t)
	sc.noStated = true
	sc.expand(t, typeKey(t), at)
	sc.foreignDiagnostics()
	reason := ""
	for _, d := range sc.diags {
		if !d.Warning {
			reason = d.Message
			break
		}
	}
	c.b.unencodable.Store(t.Obj(), reason)
	return reason
}

// refuseStated reports a schema stated for the named type t, which
// encoding/json cannot encode for the reason given, at the statement.
func (c *conv) refuseStated(t *types.Named, reason string) {
	name := qualifiedTypeName(t)
	pos := c.statedAt(t)
	if !c.inRoots(pos) {
		pos = c.rootPos
	}
	c.problems++
	c.diags = append(c.diags, Diagnostic{Pos: pos, Same: "unencodable " + name, Message: fmt.Sprintf(
		"//mcp:schema %s: encoding/json cannot encode the type, so every call that returns one would fail whatever the schema says (%s); state no schema for it, and leave such results out with //mcp:result %s omit or send what a tool needs of one with //mcp:result %s FUNC",
		name, reason, t.Obj().Name(), t.Obj().Name())})
}

// packageStated returns the schema stated for typeKey in the package of
// the file holding pos, or nil.
func (b *Builder) packageStated(pos token.Pos, typeKey string) *jsonschema.Schema {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.stated) == 0 {
		return nil
	}
	f := b.fset.File(pos)
	if f == nil {
		return nil
	}
	return b.stated[[2]string{b.filePkg[f.Name()], typeKey}]
}

// copySchema returns a deep copy of s, so that a stated schema can be
// described and changed at each use.
func copySchema(s *jsonschema.Schema) *jsonschema.Schema {
	text, err := Marshal(s)
	if err != nil {
		return anyValue()
	}
	var out jsonschema.Schema
	if json.Unmarshal([]byte(text), &out) != nil {
		return anyValue()
	}
	emptyToAny(&out)
	return &out
}

// StatedFor makes the //mcp:schema directives of the package pkgPath
// apply to the tools whose declarations are in the file filename, of
// another package (one that pkgPath's directives make tools of). The
// packages being checked one after another, the last call for a file
// holds while that package's schemas are derived.
func (b *Builder) StatedFor(filename, pkgPath string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.syntax[filename] == nil { // a root's own file keeps its package
		b.filePkg[filename] = pkgPath
	}
}
