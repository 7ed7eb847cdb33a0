// Package schema derives the JSON Schemas of tool inputs and outputs from
// go/types at generate time.
//
// The rule that governs every case: what a schema says is exactly what the
// server will accept. Whatever decoding into the Go type with encoding/json
// would reject or silently change is stated in the schema (the runtime
// validates arguments against it before decoding), and a Go type whose JSON
// form cannot be stated is a Diagnostic rather than a loose schema. One
// exception, for portability (portable.go): no numeric bound beyond
// ±(2^53−1) is stated, so a schema may admit a number beyond the range of
// its Go type (int64, uint64, float32...); the runtime refuses it when
// decoding, with an error that names the field's path and the Go type
// (TestEndToEnd checks both halves).
//
// Schemas follow github.com/invopop/jsonschema's conventions, as its
// Reflector produces them with DoNotReference, ExpandedStruct and
// AddGoComments, so that a schema derived here equals the one reflected at
// run time, except for these deliberate improvements:
//
//   - integers carry the bounds of their Go type where these are within
//     ±(2^53−1): every unsigned type has minimum 0, the 8, 16 and 32-bit
//     types both bounds (the decoder enforces the rest of a Go type's range;
//     see portable.go for this and the other rules every provider needs);
//   - in an input schema, a named string or integer type with declared
//     constants of exactly that type is an enum of their values, in
//     declaration order (not in output schemas: a result may hold the zero
//     value or any other value of the type);
//   - []byte also has a pattern that only base64 text matches;
//   - map keys of integer type are described by propertyNames (a pattern of
//     the key type's range) instead of patternProperties "^[0-9]+$";
//   - the ",string" option gives a pattern (numbers) or an enum (booleans);
//   - json.Number is a number (invopop: a string, but encoding/json writes
//     a number);
//   - types implementing encoding.TextUnmarshaler (input) or
//     encoding.TextMarshaler (output) are strings;
//   - struct fields resolve exactly as in encoding/json, including its
//     dominance rules for conflicting embedded names and the name "-" of
//     json:"-,"; in an output schema, fields promoted through an embedded
//     pointer are not required (a nil pointer leaves them out);
//   - uintptr is an unsigned integer (invopop panics);
//   - field descriptions also come from fields of unexported, anonymous and
//     generic struct types;
//   - every object schema has "properties", empty if there are none, and an
//     unconstrained value is {} where invopop writes true;
//   - the names of an integer enum's values are in the description, and a
//     string enum's values with their constants' comments when one has
//     one;
//   - a struct field without a comment of its own is described by its
//     named type's doc comment (invopop leaves it undescribed);
//   - only recursive types go to "$defs", and in an output schema the
//     struct types used more than once (shareRepeated; TestInvariant
//     writes them out again before comparing);
//   - in an input schema, a pointer field is optional (absent, it is nil),
//     and so is every field of a struct without json tags, which was not
//     written for JSON (docs/existing-code.md states the rule and why);
//   - in an output schema, a value encoding/json writes as null admits null,
//     written as anyOf with {"type":"null"} (invopop writes a nullable
//     field with oneOf);
//   - a value of any type (any, interface{}, json.RawMessage) is the schema
//     {}, never the boolean schema true that invopop writes (the TypeScript
//     SDK rejects a boolean schema in a tool's properties).
//
// # Go types
//
// bool is a boolean, strings are strings, integers are integers and floats
// are numbers; pointers are their element; slices and arrays are arrays
// (arrays with minItems = maxItems = length), except []byte, a base64
// string; maps with string, integer or text keys are objects whose
// additionalProperties is the element schema; structs are objects with
// "additionalProperties": false, nested ones written out in place;
// time.Time is a "date-time" string; time.Duration an integer number of
// nanoseconds (its description says so); json.RawMessage and empty
// interfaces admit any value. Types with MarshalText/UnmarshalText are
// strings. The standard library's types with their own JSON or text form
// (math/big.Int, Float and Rat, net.IP, net/netip.Addr, AddrPort and
// Prefix, log/slog.Level, regexp.Regexp) have the schema of what
// encoding/json reads and writes (see knownTypes). A type whose JSON or
// text methods are promoted from an embedded field has that field's
// schema. A schema stated by //mcp:schema (see ParseSchemaDirective) is
// used as stated.
//
// Diagnostics, with the position of the field or parameter and a hint:
// channels, functions, complex numbers, unsafe.Pointer, other map keys,
// non-empty interfaces, types with their own MarshalJSON (output) or
// UnmarshalJSON (input) and no stated schema, types with invopop's
// JSONSchema methods, and type parameters.
//
// Input schemas never admit null (except for a `jsonschema:"nullable"`
// pointer, slice, map or interface field): encoding/json would silently
// turn null into the zero value.
//
// # The jsonschema tag
//
// Keywords are spelled and applied as invopop/jsonschema v0.14.0 spells and
// applies them, separated by commas (a comma inside a value is written \,).
// Supported:
//
//	any type:            title=, description=, type= (only the type the Go type already has)
//	string:              minLength=, maxLength=, pattern= (Go regexp syntax), format=,
//	                     enum=, default=, example=, readOnly=, writeOnly=
//	integer, number:     minimum=, maximum=, exclusiveMinimum=, exclusiveMaximum=,
//	                     multipleOf=, enum=, default=, example=
//	boolean:             default=
//	array, slice:        minItems=, maxItems=, uniqueItems=true, default= (string items),
//	                     format= and pattern= (for the items); the keywords of the item type
//	                     apply to the items
//	flags:               required (the property is required even with omitempty),
//	                     nullable (the property also admits null; pointer, slice, map and
//	                     interface fields only), and "-" as the first element (no property)
//
// The separate tag jsonschema_description="..." is honoured as in invopop.
//
// Everything else is a Diagnostic: an unknown or misspelt keyword, a keyword
// that does not apply to the field's type (invopop would drop it silently),
// a value that does not parse, and the keywords that do not describe what
// encoding/json decodes: anchor, oneof_required, anyof_required,
// oneof_ref, oneof_type, anyof_ref, anyof_type and the jsonschema_extras tag.
//
// Differences from invopop, all stricter: const= is rejected (invopop ignores
// it), format= accepts only the formats that OpenAI documents and the
// runtime checks: date, date-time, email, hostname, ipv4, ipv6, time and
// uuid, and a bound beyond ±(2^53−1) is rejected unless the Go type's range
// already implies it.
package schema

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
	"golang.org/x/tools/go/packages"
)

// A Diagnostic is a problem found while deriving a schema.
type Diagnostic struct {
	Pos     token.Pos // in the FileSet given to NewBuilder
	Message string
	// Same is set on diagnostics that are one problem met at each use of
	// a type (a type whose JSON form is unknown): a caller may report it
	// once, with the other places.
	Same string
	// Warning marks a problem that does not stop generation: the schema
	// is still true, if less precise than it could be.
	Warning bool
}

// A Param is one plain tool parameter, which becomes one property, or one
// result of a function with several results, which becomes one member of
// the result object.
type Param struct {
	Name        string     // Go parameter name, also the property name
	Type        types.Type // declared type
	Description string     // from //mcp:arg; else the doc comment of the named type
	Optional    bool       // not listed in "required"
	Pos         token.Pos  // position for diagnostics
	Enum        EnumSwitch // whether constants of the parameter's type make an enum
	// Tag holds the jsonschema keywords of //mcp:arg, in the syntax of a
	// struct field's jsonschema tag, which they follow: the same keywords,
	// checked the same way; the required flag makes an Optional parameter
	// required, the optional flag (parameters only) a parameter of any
	// type optional: absent, it is its type's zero value. Its diagnostics
	// are reported at TagPos, as of TagFrom ("//mcp:param", or "//mcp:arg"
	// when empty).
	Tag     string
	TagPos  token.Pos
	TagFrom string
}

// A Builder derives schemas for types of the loaded packages. It caches
// comments and constants between calls, so use one Builder per load.
// A Builder is safe for concurrent use (go/types objects are, once type
// checking is complete).
type Builder struct {
	fset   *token.FileSet
	syntax map[string]*ast.File // files of the root packages, by name; read-only

	declDocs sync.Map // file name -> *fileDecls: descriptions per declaration of root files, collected on first use
	enumDocs sync.Map // *types.TypeName -> string: enumDoc of the type
	profile  Profile  // set by SetProfile before use

	mu       sync.Mutex                       // guards fileDocs and enums
	fileDocs map[string]*fileComments         // descriptions per file outside the roots, collected on first use
	enums    map[*types.TypeName][]any        // declared constants per named type
	enumRule map[*types.TypeName]bool         // inferredEnum of an integer type
	stated   map[[2]string]*jsonschema.Schema // package path and type key -> schema stated by //mcp:schema
	// statedPos holds the position of each of stated's directives.
	statedPos map[[2]string]token.Pos
	// unencodable caches conv.unencodable per *types.TypeName.
	unencodable sync.Map
	filePkg     map[string]string // root file name -> package path; read-only
}

// NewBuilder returns a Builder for types of pkgs, the loaded root packages
// (loaded with syntax, types and types info), whose positions are in fset.
// Comments of types declared in other packages are read from their source
// files when first needed.
func NewBuilder(fset *token.FileSet, pkgs []*packages.Package) *Builder {
	b := &Builder{
		fset:     fset,
		syntax:   map[string]*ast.File{},
		fileDocs: map[string]*fileComments{},
		enums:    map[*types.TypeName][]any{},
		enumRule: map[*types.TypeName]bool{},
		filePkg:  map[string]string{},
	}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			if tf := fset.File(f.Pos()); tf != nil {
				b.syntax[tf.Name()] = f
				b.filePkg[tf.Name()] = p.PkgPath
			}
		}
	}
	return b
}

// SetProfile makes b derive schemas for the profile p (the default is
// ProfilePortable); call it before any schema is derived. Under
// ProfileAnthropicStrict the bounds of the Go integer types are left out
// (the decoder enforces them); the rest of a profile is ApplyProfile's.
func (b *Builder) SetProfile(p Profile) { b.profile = p }

// Struct returns the input schema of a tool whose single parameter has type
// t, a named struct or a pointer to one. name and pos are the parameter's
// name (which diagnostics give, unless it is "" or "_") and position.
func (b *Builder) Struct(t types.Type, name string, pos token.Pos) (*jsonschema.Schema, []Diagnostic) {
	c := b.newConv(false, pos)
	what := "parameter"
	if name != "" && name != "_" {
		what += " " + name
	}
	elem := types.Unalias(t)
	if p, ok := elem.(*types.Pointer); ok {
		elem = types.Unalias(p.Elem())
	}
	if _, named := elem.(*types.Named); !named || !isStruct(elem) {
		c.report(site{pos: pos, what: what}, "type "+c.typeString(t)+" is not a named struct type or a pointer to one")
		return emptyObject(), c.done(nil)
	}
	c.start(site{pos: pos, what: what}, t)
	s := c.root(elem, site{pos: pos, what: what})
	if st := c.stated(elem.(*types.Named)); st != nil && s.Type != "object" && len(c.diags) == 0 {
		// A malformed statement is reported where it is, and counts as {}.
		if !isEmpty(st) {
			c.report(site{pos: pos, what: what}, "type "+c.typeString(t)+` has a stated schema (//mcp:schema) that is not "type":"object": a tool's arguments are an object; state "type":"object" in it`)
		}
		return emptyObject(), c.done(nil)
	}
	if s.Type != "object" && len(c.diags) == 0 {
		// A struct with UnmarshalText decodes from a string: the arguments
		// object could never be decoded into it.
		c.report(site{pos: pos, what: what}, "type "+c.typeString(t)+" decodes from a JSON string (it implements encoding.TextUnmarshaler), not from the arguments object; use a struct without UnmarshalText")
		return emptyObject(), c.done(nil)
	}
	c.checkHeaders(s)
	return s, c.done(s)
}

// OmitTypeDoc removes from s, the schema Struct or Output returned for t,
// a root description that is the doc comment of t's named type (through a
// pointer). A tool that has a description of its own omits it from both its
// schemas: at a tool's schema root the context is the tool, whose
// description is the more specific one, as a struct field's doc comment is
// over its type's. Everything below the root is left as it is: $defs
// entries, nested types, and the "result" member of a wrapped result
// (Output), which keeps its type's doc as the members of a result object
// (Results) do.
func (b *Builder) OmitTypeDoc(s *jsonschema.Schema, t types.Type) {
	n, ok := deref(t).(*types.Named)
	if ok && s.Description != "" && s.Description == b.typeDoc(n.Obj()) {
		s.Description = ""
	}
}

// Params returns the input schema of a tool with plain parameters: an object
// with one property per parameter, described by its Description and required
// unless Optional. Without parameters it is
// {"type":"object","properties":{},"additionalProperties":false}.
func (b *Builder) Params(params []Param) (*jsonschema.Schema, []Diagnostic) {
	var pos token.Pos
	if len(params) > 0 {
		pos = params[0].Pos
	}
	c := b.newConv(false, pos)
	s := emptyObject()
	for _, p := range params {
		at := site{pos: p.Pos, what: "parameter " + p.Name}
		c.start(at, p.Type)
		c.checkEnumSwitch(at, p.Type, p.Enum)
		c.enumSwitch = p.Enum
		ps := c.schema(p.Type, at)
		c.enumSwitch = EnumInferred
		required := !p.Optional
		if p.Tag != "" {
			from := p.TagFrom
			if from == "" {
				from = "//mcp:arg"
			}
			tagAt := site{pos: p.TagPos, what: from + " " + p.Name}
			report := func(msg string) { c.report(tagAt, msg) }
			tag := parseSchemaTag(p.Tag, report)
			if tag.optional && tag.required {
				report("optional contradicts required: write one of them")
			}
			if tag.skip {
				report(`jsonschema:"-" cannot leave out a parameter: the function needs a value for it`)
			}
			if tag.nullable {
				report("nullable does not apply to a parameter: null for an optional parameter already means absent")
			}
			required = (required || tag.required) && !tag.optional
			lo, hi := bounds(p.Type)
			var items *keywordTarget
			if it, ok := c.itemsTarget(p.Type, ps); ok {
				items = &it
			}
			applyKeywords(keywordTarget{s: ps, lo: lo, hi: hi, intType: lo != ""}, items, tag.keywords, report)
		}
		c.describe(ps, p)
		ps.Description = withNote(ps.Description, valueNote(p.Type))
		s.Properties.Set(p.Name, ps)
		if required {
			if s.Required == nil {
				s.Required = make([]string, 0, len(params))
			}
			s.Required = append(s.Required, p.Name)
		}
	}
	c.checkHeaders(s)
	return s, c.done(s)
}

// describe sets the description of ps, the schema of parameter or result
// p: p's own Description, else one the keywords gave, else the doc comment
// of p's named type (through a pointer), as a struct field of that type
// would have (in an output schema, not that of another module's type, as
// for a field: OutputOptions.LeanDocs).
func (c *conv) describe(ps *jsonschema.Schema, p Param) {
	if p.Description != "" {
		ps.Description = p.Description
		return
	}
	if ps.Description != "" {
		return
	}
	if n, ok := deref(p.Type).(*types.Named); ok && !c.leanDoc(n) {
		ps.Description = c.b.typeDoc(n.Obj())
	}
}

// IsErrorSlice reports whether t is []error, which a result of a function
// with several results may be: it is sent as the errors' texts (see
// runtime.ErrorTexts).
func IsErrorSlice(t types.Type) bool {
	sl, ok := types.Unalias(t).(*types.Slice)
	return ok && types.Identical(sl.Elem(), types.Universe.Lookup("error").Type())
}

// Results returns the output schema of a function with several results:
// an object with one required member per result, which admits null where
// encoding/json can write the result as null.
func (b *Builder) Results(members []Param) (*jsonschema.Schema, []Diagnostic) {
	s, _, diags := b.ResultsOf(members, OutputOptions{})
	return s, diags
}

// ResultsOf is Results with the package's views and choices of output
// schemas, and says what the schema holds.
func (b *Builder) ResultsOf(members []Param, o OutputOptions) (*jsonschema.Schema, OutputFacts, []Diagnostic) {
	var pos token.Pos
	if len(members) > 0 {
		pos = members[0].Pos
	}
	c := b.newConv(true, pos)
	c.outOpts = o
	s := emptyObject()
	s.Properties = newProperties(len(members))
	s.Required = make([]string, 0, len(members))
	for _, m := range members {
		at := site{pos: m.Pos, what: "result " + m.Name}
		c.start(at, m.Type)
		if IsErrorSlice(m.Type) {
			// Problems a function reports as a value (Validate(v) (bool,
			// []error)): the generated code sends their texts.
			s.Properties.Set(m.Name, errorTexts())
			s.Required = append(s.Required, m.Name)
			continue
		}
		ms := c.schema(m.Type, at)
		c.describe(ms, m)
		if c.nilable(m.Type) {
			ms = orNull(ms)
		}
		s.Properties.Set(m.Name, ms)
		s.Required = append(s.Required, m.Name)
	}
	return s, OutputFacts{Whole: c.wholeOrder}, c.done(s)
}

// errorTexts returns the schema of a []error result, which the generated
// code sends as the errors' texts (runtime.ErrorTexts).
func errorTexts() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "array", Items: orNull(&jsonschema.Schema{Type: "string"}),
		Description: "The texts of the errors (null for a nil one)."}
}

// Output returns the output schema of a tool result of type t; pos is the
// position of the result for diagnostics. When t's schema is not an object,
// or t is a pointer (which may be nil, and no object schema with required
// members admits the null encoding/json writes for it), it is wrapped as
//
//	{"type":"object","properties":{"result":<t>},"required":["result"],"additionalProperties":false}
//
// and wrapped is true. <t> admits null when encoding/json can write t as
// null (a nil pointer, slice or map).
func (b *Builder) Output(t types.Type, pos token.Pos) (s *jsonschema.Schema, wrapped bool, diags []Diagnostic) {
	s, wrapped, _, diags = b.OutputOf(t, pos, OutputOptions{})
	return s, wrapped, diags
}

// OutputOf is Output with the package's views and choices of output
// schemas, and says what the schema holds.
func (b *Builder) OutputOf(t types.Type, pos token.Pos, o OutputOptions) (s *jsonschema.Schema, wrapped bool, facts OutputFacts, diags []Diagnostic) {
	c := b.newConv(true, pos)
	c.outOpts = o
	defer func() { facts.Whole = c.wholeOrder }()
	at := site{pos: pos, what: "result"}
	c.start(at, t)
	if IsErrorSlice(t) {
		s = errorTexts()
	} else {
		s = c.root(t, at)
	}
	// An object, or a pointer to one, is sent as itself, as encoding/json
	// writes it; the generated handler answers a nil pointer with an
	// isError result, since null is no object of the schema.
	if s.Type == "object" && objectOrPointerToOne(t) {
		return s, false, facts, c.done(s)
	}
	if n, ok := deref(t).(*types.Named); ok && c.nestedStated(s, n, 0, at) {
		s = anyValue() // wrapped below: its references would not hold
	}
	if c.nilable(t) {
		s = orNull(s)
	}
	w := emptyObject()
	w.Properties = newProperties(1)
	w.Properties.Set("result", s)
	w.Required = []string{"result"}
	return w, true, facts, c.done(w)
}

// objectOrPointerToOne reports whether t is no pointer, or a pointer (not
// a named pointer type) to something other than a pointer.
func objectOrPointerToOne(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	_, named := types.Unalias(t).(*types.Named)
	_, pp := types.Unalias(p.Elem()).Underlying().(*types.Pointer)
	return !named && !pp
}

// readableEscapes rewrites the escapes \u003c, \u003e and \u0026 that
// encoding/json writes for HTML safety back to their characters, and
// escapes "`".
func readableEscapes(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '`':
			out.WriteString(`\u0060`)
		case s[i] == '\\' && i+1 < len(s):
			if i+5 < len(s) && s[i+1] == 'u' {
				switch s[i+2 : i+6] {
				case "003c":
					out.WriteByte('<')
					i += 5
					continue
				case "003e":
					out.WriteByte('>')
					i += 5
					continue
				case "0026":
					out.WriteByte('&')
					i += 5
					continue
				}
			}
			// Any other escape is copied whole, so an escaped backslash
			// followed by "u003c" stays as it is.
			out.WriteString(s[i : i+2])
			i++
		default:
			out.WriteByte(s[i])
		}
	}
	return out.String()
}

// newProperties returns empty properties (jsonschema.NewProperties) with
// room for n of them.
func newProperties(n int) *orderedmap.OrderedMap[string, *jsonschema.Schema] {
	return orderedmap.New[string, *jsonschema.Schema](n)
}

// emptyObject returns an object schema without properties: the
// "properties" keyword is there, empty, as OpenAI requires.
func emptyObject() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Properties: newProperties(0), AdditionalProperties: jsonschema.FalseSchema}
}

// orNull returns a schema that admits what s admits and null. invopop
// writes a `jsonschema:"nullable"` field with oneOf; anyOf says the same (a
// schema of ours never admits null itself) and strict modes accept it.
func orNull(s *jsonschema.Schema) *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, nullSchema}}
}

// anyValue returns a schema that admits every JSON value, written {}.
// invopop writes a Schema with nothing set as the boolean schema true, which
// the TypeScript SDK's tools/list rejects (a ZodError on the property), and
// so would every client that reads a schema as an object: its empty, non-nil
// Extras make it an object with no members.
func anyValue() *jsonschema.Schema {
	return &jsonschema.Schema{Extras: map[string]any{}}
}

// nullSchema admits only null. It is shared: never modify it.
var nullSchema = &jsonschema.Schema{Type: "null"}

// sortDiagnostics orders diagnostics by position and drops repeats (a
// recursive root type is converted twice).
func sortDiagnostics(diags []Diagnostic) []Diagnostic {
	slices.SortStableFunc(diags, func(a, b Diagnostic) int {
		if a.Pos != b.Pos {
			return int(a.Pos) - int(b.Pos)
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.Compact(diags)
}
