package schema

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"math/big"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/mcpgen/mcpgen/internal/intpattern"
)

// A conv is one schema derivation: an input or an output schema with its
// diagnostics and the definitions of its recursive types.
type conv struct {
	b       *Builder
	output  bool
	rootPos token.Pos
	diags   []Diagnostic
	depth   int
	// enumSwitch is the //mcp:enum switch of the field or parameter whose
	// schema is being derived.
	enumSwitch EnumSwitch
	// headers are the properties marked with x-mcp-header (header.go).
	headers []headerMark
	// statedField is the schema stated by //mcp:schema at the field whose
	// schema is to be derived next.
	statedField *jsonschema.Schema
	// atRoot: the schema derived next is the whole document (root sets
	// it; schema clears it below a pointer's element).
	atRoot bool
	// noStated: this conv derives the form of a type with a stated schema
	// (unencodable); the types inside it are taken as stated, unchecked.
	noStated bool
	// addressed: the value whose schema is derived next is reached through
	// a pointer, so encoding/json can call its pointer methods.
	addressed bool

	// expanding holds the keys of the named types whose schema is being
	// built, innermost last; meeting one again means the type is recursive.
	// It is as long as the nesting is deep, which is not much: it starts
	// in expandingBuf.
	expanding    []string
	expandingBuf [4]string
	// recursive holds the recursive types; their schema is in defs and every
	// use of them is a $ref, one of the schemas in refs. These maps stay nil
	// until a recursive type is met, which is rare.
	recursive map[string]*types.Named
	defs      map[string]*jsonschema.Schema
	refs      map[*jsonschema.Schema]string
	// firstUse holds, in an output schema, the schema of each struct type
	// where it was first written out, and repeated the types met again
	// (shareRepeated).
	firstUse map[string]*jsonschema.Schema
	repeated map[string]*types.Named
	// problems counts the problems reported, grouped or not.
	problems int

	// root names the parameter or result being converted ("parameter
	// opts", "result") and holds its type; path holds the struct fields
	// and elements that led from it to the value being converted.
	rootSite site
	rootType types.Type
	path     []pathElem
	// foreign groups the problems met inside types of other packages by
	// the type where the path left the user's packages, in the order met:
	// one diagnostic each, at the parameter or result.
	foreign []*foreignProblem
	// enumDocs holds the names of the values of integer enums (enumDoc),
	// added to the schemas' descriptions by done, once these are set.
	enumDocs map[*jsonschema.Schema]string
	// outOpts shape an output schema (views.go); whole and wholeOrder
	// record the struct types of other modules written out whole.
	outOpts    OutputOptions
	whole      map[string]bool
	wholeOrder []string
}

// A pathElem is one step from a tool's parameter or result to a value
// inside it: a struct field (".F", the first one as "T.F") or the elements
// of a slice, array or map ("[]").
type pathElem struct {
	seg string
	pos token.Pos  // the field's declaration, or its container's for "[]"
	typ types.Type // the type of the field or element
}

// A foreignProblem is what was found wrong inside a type of another
// package, reached from a tool's parameter or result.
type foreignProblem struct {
	key   string     // typeKey of typ
	typ   types.Type // the type of another package
	where string     // the path to it from the parameter or result, "" for the root
	at    site       // the parameter or result
	first string     // the first problem, without its hint
	more  int        // how many others
	also  []string   // other paths that lead to the same type
}

// A site is where a type is used, for diagnostics.
type site struct {
	pos  token.Pos
	what string // "field", "embedded field", "parameter x", "result"
	// owner and field name a struct field: the site is "field T.F" for
	// owner T and field F. The text is put together only for a diagnostic.
	owner, field string
}

// fieldSite returns the site of the field v of the struct type named owner.
func fieldSite(what, owner string, v *types.Var) site {
	return site{pos: v.Pos(), what: what, owner: owner, field: v.Name()}
}

// String returns the site as diagnostics name it: "field T.F", "result".
func (at site) String() string {
	if at.field != "" {
		return at.what + " " + at.owner + "." + at.field
	}
	return at.what
}

func (b *Builder) newConv(output bool, pos token.Pos) *conv {
	c := &conv{b: b, output: output, rootPos: pos}
	c.expanding = c.expandingBuf[:0]
	return c
}

// start begins the conversion of a tool's parameter or result of type t,
// used at the site at: problems inside types of other packages are
// reported there.
func (c *conv) start(at site, t types.Type) {
	c.rootPos, c.rootSite, c.rootType, c.path = at.pos, at, t, c.path[:0]
}

// push enters a struct field or the elements of a container (seg "[]"),
// of type t, declared at pos; pop leaves it.
func (c *conv) push(seg string, pos token.Pos, t types.Type) {
	if seg == "[]" && len(c.path) > 0 {
		pos = c.path[len(c.path)-1].pos
	} else if seg == "[]" {
		pos = c.rootPos
	}
	if seg != "[]" && len(c.path) > 0 {
		seg = "." + seg[strings.IndexByte(seg, '.')+1:]
	}
	c.path = append(c.path, pathElem{seg: seg, pos: pos, typ: t})
}

func (c *conv) pop() { c.path = c.path[:len(c.path)-1] }

// inRoots reports whether pos is in a file of the loaded root packages.
func (c *conv) inRoots(pos token.Pos) bool {
	f := c.b.fset.File(pos)
	return pos.IsValid() && f != nil && c.b.syntax[f.Name()] != nil
}

// expand returns the schema of the named type n from its underlying type,
// with n's key on the expanding stack meanwhile.
func (c *conv) expand(n types.Type, key string, at site) *jsonschema.Schema {
	c.expanding = append(c.expanding, key)
	s := c.body(n, at)
	c.expanding = c.expanding[:len(c.expanding)-1]
	return s
}

// report records a problem at the site. A problem inside a type of
// another package, which the user cannot change, is grouped with the others
// found in that type and reported once, at the parameter or result that
// led there, with the path of fields to it (see done).
func (c *conv) report(at site, msg string) {
	c.problems++
	if c.inRoots(at.pos) || c.rootSite.what == "" {
		pos := at.pos
		if !c.inRoots(pos) {
			pos = c.rootPos
		}
		c.diags = append(c.diags, Diagnostic{Pos: pos, Message: at.String() + ": " + msg})
		return
	}
	// Where the path left the user's packages: the first field declared
	// elsewhere, or the parameter or result itself.
	where, typ := "", c.rootType
	for i, e := range c.path {
		if !c.inRoots(e.pos) {
			break
		}
		where += e.seg
		typ = e.typ
		if i+1 < len(c.path) && c.path[i+1].seg == "[]" {
			// The elements of a container declared in the user's
			// package: still the user's field.
			continue
		}
	}
	if p := c.b.fset.Position(at.pos); p.IsValid() {
		// Only the line: export data keeps no columns.
		msg += fmt.Sprintf(" (declared at %s:%d)", filepath.Base(p.Filename), p.Line)
	}
	if i := strings.Index(msg, "; "); i >= 0 && !strings.Contains(msg[:i], "(declared at") {
		// The hint is for the type's author, not for its user.
		decl := ""
		if j := strings.LastIndex(msg, " (declared at "); j > i {
			decl = msg[j:]
		}
		msg = msg[:i] + decl
	}
	key := typeKey(deref(typ))
	for _, fp := range c.foreign {
		if fp.key == key && fp.at == c.rootSite {
			switch {
			case where == fp.where:
				fp.more++
			case !slices.Contains(fp.also, where):
				fp.also = append(fp.also, where)
			}
			return
		}
	}
	first := at.String()
	if len(c.path) > 0 {
		var full strings.Builder
		for _, e := range c.path {
			full.WriteString(e.seg)
		}
		first = full.String()
	}
	c.foreign = append(c.foreign, &foreignProblem{key: key, typ: typ, where: where, at: c.rootSite, first: first + ": " + msg})
}

// warn records a warning at the site, or, for a site in another
// package's type, at the parameter or result that led there, with the path
// of fields to it. same groups the warnings of one problem met at several
// uses (see Diagnostic.Same).
func (c *conv) warn(at site, msg, same string) {
	c.problems++
	pos := at.pos
	if !c.inRoots(pos) || c.rootSite.what == "" {
		pos = c.rootPos
		var full strings.Builder
		full.WriteString(c.rootSite.String())
		for i, e := range c.path {
			if i == 0 {
				full.WriteByte(' ')
			}
			full.WriteString(e.seg)
		}
		if c.rootSite.what == "" {
			full.Reset()
			full.WriteString(at.String())
		}
		msg = full.String() + ": " + msg
	} else {
		msg = at.String() + ": " + msg
	}
	c.diags = append(c.diags, Diagnostic{Pos: pos, Message: msg, Same: same, Warning: true})
}

// foreignDiagnostics turns the grouped problems of other packages' types
// into diagnostics.
func (c *conv) foreignDiagnostics() {
	verb := "decoded from"
	if c.output {
		verb = "encoded as"
	}
	for _, fp := range c.foreign {
		name := fp.at.String()
		if fp.where != "" {
			name += " " + fp.where
		}
		msg := fmt.Sprintf("%s: type %s cannot be %s JSON: %s", name, c.typeString(fp.typ), verb, fp.first)
		if fp.more > 0 {
			msg += fmt.Sprintf(", and %d more problem", fp.more)
			if fp.more > 1 {
				msg += "s"
			}
		}
		if len(fp.also) > 0 {
			msg += "; the same type is also at " + strings.Join(fp.also, ", ")
		}
		switch {
		case fp.where != "":
			msg += `; leave the field out with json:"-", or give it a type of your own`
		case c.output && strings.HasPrefix(fp.at.what, "result"):
			name := qualifiedTypeName(fp.typ)
			if n, ok := types.Unalias(deref(fp.typ)).(*types.Named); ok && n.Obj().Pkg() != nil {
				if f := c.b.fset.File(fp.at.pos); f != nil && c.b.filePkg[f.Name()] == n.Obj().Pkg().Path() {
					name = n.Obj().Name() // a type of the tool's own package
				}
			}
			msg += fmt.Sprintf("; leave such results out of every tool of the package with //mcp:result %s omit, or send what the tool needs of one with //mcp:result %s FUNC, FUNC a function of the package that takes it and returns a value to send", name, name)
		default:
			msg += "; use a type of your own that holds what the tool needs"
		}
		c.diags = append(c.diags, Diagnostic{Pos: fp.at.pos, Message: msg})
	}
	c.foreign = c.foreign[:0]
}

func (c *conv) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// root returns the schema of t as the root of a document: a recursive type
// is written out here as well as in $defs, as MCP wants "type" at the root.
func (c *conv) root(t types.Type, at site) *jsonschema.Schema {
	c.atRoot = true
	s := c.schema(t, at)
	c.atRoot = false
	if key, ok := c.refs[s]; ok {
		delete(c.refs, s)
		s = c.expand(c.recursive[key], key, at)
	}
	return s
}

// done names the definitions of recursive types, puts them into the root
// schema s, and returns the sorted diagnostics.
func (c *conv) done(s *jsonschema.Schema) []Diagnostic {
	c.foreignDiagnostics()
	c.shareRepeated()
	withEnumDocs(c.enumDocs)
	c.enumDocs = nil
	if s != nil && len(c.defs) > 0 {
		names := c.defNames()
		s.Definitions = jsonschema.Definitions{}
		for key, def := range c.defs {
			s.Definitions[names[key]] = def
		}
		for ref, key := range c.refs {
			ref.Ref = "#/$defs/" + names[key]
		}
	}
	return sortDiagnostics(c.diags)
}

// defNames names each definition after its type, qualified by the package
// path only when types of the same name meet in one schema.
func (c *conv) defNames() map[string]string {
	byName := map[string][]string{}
	for key, n := range c.recursive {
		byName[n.Obj().Name()] = append(byName[n.Obj().Name()], key)
	}
	names := map[string]string{}
	for name, keys := range byName {
		if len(keys) == 1 {
			names[keys[0]] = name
			continue
		}
		sort.Strings(keys)
		for _, key := range keys {
			names[key] = strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
					return r
				}
				return '_'
			}, strings.ReplaceAll(key, "/", "."))
		}
	}
	return names
}

// dropHint suggests how to do without a value that has no JSON form.
func (c *conv) dropHint(at site) string {
	if at.what == "field" {
		return `; remove the field or tag it json:"-"`
	}
	return "; use a type that encoding/json can read and write"
}

func (c *conv) unsupported(at site, t types.Type, hint string) *jsonschema.Schema {
	c.report(at, fmt.Sprintf("type %s is not supported: %s", c.typeString(t), hint))
	return anyValue()
}

// noJSONForm reports a type that encoding/json cannot read or write at
// all (an interface, a channel, a function, ...). In a result itself, or
// inside another package's type reached from one, what fails is encoding
// it, and the diagnostic says so; a field of the user's own type, which
// may be an argument too, keeps one wording, so that it is reported once.
func (c *conv) noJSONForm(at site, t types.Type, hint string) *jsonschema.Schema {
	if c.output && (at.field == "" || !c.inRoots(at.pos)) {
		c.report(at, fmt.Sprintf("type %s cannot be encoded as JSON: %s", c.typeString(t), hint))
		return anyValue()
	}
	return c.unsupported(at, t, hint)
}

// schema returns a fresh schema for a value of type t.
func (c *conv) schema(t types.Type, at site) *jsonschema.Schema {
	t = types.Unalias(t)
	addressed := c.addressed
	c.addressed = false
	atRoot := c.atRoot
	c.atRoot = false
	if c.depth > 100 {
		return c.unsupported(at, t, "it nests too deeply (an ever-growing generic type?)")
	}
	c.depth++
	defer func() { c.depth-- }()

	if _, ok := t.(*types.TypeParam); ok {
		return c.unsupported(at, t, "a type parameter has no schema at generate time; use a concrete type")
	}
	if st := c.statedField; st != nil {
		// The schema stated at the field is that of its whole value.
		c.statedField = nil
		if c.nestedStated(st, nil, at.pos, at) {
			return anyValue()
		}
		return copySchema(st)
	}
	if p, ok := t.(*types.Pointer); ok {
		c.addressed = true
		return c.schema(p.Elem(), at) // encoding/json handles nil and methods through the pointer
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		if st := c.stated(n); st != nil {
			if c.output && !c.noStated {
				if reason := c.unencodable(n); reason != "" {
					c.refuseStated(n, reason)
					return anyValue()
				}
			}
			if !atRoot && c.nestedStated(st, n, 0, at) {
				return anyValue()
			}
			return copySchema(st)
		}
		if n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration" {
			// An integer number of nanoseconds to encoding/json, which a
			// model cannot guess from "integer"; never an enum of the
			// time package's units.
			s := c.body(t.Underlying(), at)
			s.Description = durationNote
			return s
		}
		if s, ok := c.known(t, addressed, at); ok {
			return s
		}
	}
	if _, ok := t.Underlying().(*types.Interface); !ok {
		if s, ok := c.custom(t, addressed, at); ok {
			return s
		}
		for _, m := range []string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias"} {
			if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m); obj != nil {
				if _, isFunc := obj.(*types.Func); isFunc {
					c.report(at, fmt.Sprintf("type %s has a %s method, which mcpgen cannot call: schemas are derived from the Go type at generate time; remove the method or use a plain type", c.typeString(t), m))
				}
			}
		}
	}

	if n, ok := t.(*types.Named); ok && composite(n) {
		return c.named(n, at)
	}
	return c.body(t, at)
}

// durationNote describes a time.Duration value, whose JSON form is an
// integer number of nanoseconds.
const durationNote = "A duration as an integer number of nanoseconds: 1500000000 is 1.5 seconds, 90000000000 is 90 seconds."

// valueNote returns what the schema of a value of type t must say
// whatever the field or parameter's own description: the unit of a
// duration, the form of a known standard-library type's text.
func valueNote(t types.Type) string {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	if key == "time.Duration" {
		return durationNote
	}
	if k, ok := knownTypes[key]; ok {
		return k.schema().Description
	}
	return ""
}

// withNote returns the description desc followed by note.
func withNote(desc, note string) string {
	switch {
	case note == "" || strings.Contains(desc, note):
		return desc
	case desc == "":
		return note
	case strings.HasSuffix(desc, ".") || strings.HasSuffix(desc, "!") || strings.HasSuffix(desc, "?"):
		return desc + " " + note
	}
	return desc + ". " + note
}

// composite reports whether values of t contain other values, so that t
// can be recursive.
func composite(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// named returns the schema of a named composite type: written out where it
// is used, unless the type is recursive, which makes it a definition in
// $defs and every use of it a $ref.
func (c *conv) named(n *types.Named, at site) *jsonschema.Schema {
	key := typeKey(n)
	if slices.Contains(c.expanding, key) || c.defs[key] != nil {
		if c.recursive == nil {
			c.recursive = map[string]*types.Named{}
		}
		c.recursive[key] = n
		return c.ref(key)
	}
	if c.output && c.firstUse[key] != nil {
		// A struct type met again in an output schema: one definition
		// in $defs, the first use made a $ref too (shareRepeated).
		if c.repeated == nil {
			c.repeated = map[string]*types.Named{}
		}
		c.repeated[key] = n
		r := c.ref(key)
		if !c.leanDoc(n) {
			r.Description = c.b.typeDoc(n.Obj()) // as expand would give it
		}
		return r
	}
	problems := c.problems
	s := c.expand(n, key, at)
	if c.recursive[key] != nil {
		if c.defs == nil {
			c.defs = map[string]*jsonschema.Schema{}
		}
		c.defs[key] = s
		return c.ref(key)
	}
	// A type with problems is written out at each use, so that each use is
	// reported.
	if _, isStruct := n.Underlying().(*types.Struct); c.output && isStruct && problems == c.problems {
		if c.firstUse == nil {
			c.firstUse = map[string]*jsonschema.Schema{}
		}
		c.firstUse[key] = s
	}
	return s
}

// shareRepeated moves each struct type used more than once in an output
// schema to $defs: its first use, written out where it was met, becomes
// the definition, and a $ref in its place. Each use keeps its own
// description beside its $ref, exactly as it was written out (a field's
// comment, the type's doc comment where that is the rule, or nothing), so
// the definition has none. Output schemas are not read by models but by the clients
// that validate results, and an API type met twice (a pull request's
// head and base repository) is otherwise written out twice, with all it
// holds.
func (c *conv) shareRepeated() {
	if len(c.repeated) == 0 {
		return
	}
	keys := slices.Sorted(maps.Keys(c.repeated))
	for _, key := range keys {
		n, first := c.repeated[key], c.firstUse[key]
		def := new(jsonschema.Schema)
		*def = *first
		*first = jsonschema.Schema{Description: def.Description}
		def.Description = ""
		if c.recursive == nil {
			c.recursive = map[string]*types.Named{}
		}
		if c.defs == nil {
			c.defs = map[string]*jsonschema.Schema{}
		}
		c.recursive[key], c.defs[key] = n, def
		if c.refs == nil {
			c.refs = map[*jsonschema.Schema]string{}
		}
		c.refs[first] = key
	}
}

// body returns the schema of t from its underlying type.
func (c *conv) body(t types.Type, at site) *jsonschema.Schema {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return c.basic(t, u, at)
	case *types.Pointer:
		return c.schema(u.Elem(), at)
	case *types.Slice:
		s := c.described(t)
		if isByte(u.Elem()) {
			s.Type, s.ContentEncoding, s.Pattern = "string", "base64", base64Pattern
			return s
		}
		s.Type = "array"
		s.Items = c.element(u.Elem(), at)
		return s
	case *types.Array:
		s := c.described(t)
		s.Type = "array"
		s.Items = c.element(u.Elem(), at)
		n := uint64(u.Len())
		s.MinItems, s.MaxItems = &n, &n
		return s
	case *types.Map:
		return c.mapSchema(t, u, at)
	case *types.Struct:
		return c.object(t, at)
	case *types.Interface:
		if u.Empty() {
			return anyValue()
		}
		if c.output && types.Identical(t, types.Universe.Lookup("error").Type()) {
			return c.noJSONForm(at, t, "encoding/json writes an error as the exported fields of the value it holds, {} for most errors, never its text; return err.Error(), or a []error result (sent as the errors' texts)")
		}
		if c.output {
			// encoding/json writes the value the interface holds: all
			// that is known of it is that it is a JSON value.
			c.warn(at, fmt.Sprintf("the JSON form of interface %s depends on the value it holds at run time: the output schema says only that it is a JSON value ({}); return a concrete type to state it", c.typeString(t)),
				"iface:"+typeKey(t))
			return anyValue()
		}
		return c.noJSONForm(at, t, "encoding/json cannot decode into a non-empty interface; use any or a concrete type")
	case *types.Chan:
		return c.noJSONForm(at, t, "channels have no JSON form"+c.dropHint(at))
	case *types.Signature:
		return c.noJSONForm(at, t, "functions have no JSON form"+c.dropHint(at))
	}
	return c.noJSONForm(at, t, "it has no JSON form")
}

func (c *conv) ref(key string) *jsonschema.Schema {
	s := &jsonschema.Schema{}
	if c.refs == nil {
		c.refs = map[*jsonschema.Schema]string{}
	}
	c.refs[s] = key
	return s
}

// described returns a schema carrying the doc comment of t if t is a named type.
func (c *conv) described(t types.Type) *jsonschema.Schema {
	s := &jsonschema.Schema{}
	if n, ok := t.(*types.Named); ok && !c.leanDoc(n) {
		s.Description = c.b.typeDoc(n.Obj())
	}
	return s
}

// element returns the schema of a slice, array or map element, which in an
// output schema admits null when encoding/json can write the element as null.
func (c *conv) element(t types.Type, at site) *jsonschema.Schema {
	c.push("[]", token.NoPos, t)
	s := c.schema(t, at)
	c.pop()
	if c.output && c.nilable(t) {
		s = orNull(s)
	}
	return s
}

// nilable reports whether encoding/json writes a nil value of type t as null.
func (c *conv) nilable(t types.Type) bool {
	t = types.Unalias(t)
	switch t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Slice, *types.Map:
		// A Marshaler or TextMarshaler decides itself what nil becomes (a
		// nil json.RawMessage is null, but its schema admits any value).
		return !hasMethod(t, "MarshalJSON", 0, 2) && !hasMethod(t, "MarshalText", 0, 2)
	}
	return false
}

// custom handles types with their own JSON or text methods. encoding/json
// prefers json.Unmarshaler, then encoding.TextUnmarshaler (for JSON strings)
// when decoding, and json.Marshaler, then encoding.TextMarshaler when encoding.
func (c *conv) custom(t types.Type, addressed bool, at site) (*jsonschema.Schema, bool) {
	jsonMethod, textMethod := "UnmarshalJSON", "UnmarshalText"
	jsonIface, params, results := "json.Unmarshaler", 1, 1
	if c.output {
		jsonMethod, textMethod = "MarshalJSON", "MarshalText"
		jsonIface, params, results = "json.Marshaler", 0, 2
	}
	for _, m := range []string{jsonMethod, textMethod} {
		// A method promoted from an embedded field gives the value the
		// JSON form of that field's type (a struct embedding time.Time
		// is a date-time string).
		if emb, ptr := promotedFrom(t, m); emb != nil && hasMethod(t, m, params, results) {
			c.addressed = addressed || ptr
			return c.schema(emb, at), true
		}
	}
	if hasMethod(t, jsonMethod, params, results) && c.output {
		// What a result holds is written, whatever its form: a schema
		// that admits any value is true, if less useful, and a wrong
		// guess here lets no bad input through.
		c.warn(at, fmt.Sprintf("type %s implements json.Marshaler and has no stated schema: its output schema is {} (any JSON value); state its form with //mcp:schema {...} in the type's doc comment (for a type from another package: once per package as //mcp:schema %s {...})",
			c.typeString(t), qualifiedTypeName(t)), "any value for "+qualifiedTypeName(t))
		return anyValue(), true
	}
	if hasMethod(t, jsonMethod, params, results) {
		hint := "take a plain type instead (for example a string the tool parses)"
		if c.output {
			hint = "return a plain type instead (for example a string the tool formats)"
		}
		n := len(c.diags)
		s := c.unsupported(at, t, fmt.Sprintf("it implements %s, so its JSON form is unknown at generate time; state it with //mcp:schema {...} in the type's doc comment (for a type from another package: in the field's comment, or once per package as //mcp:schema %s {...}), or %s",
			jsonIface, qualifiedTypeName(t), hint))
		if len(c.diags) == n+1 {
			c.diags[n].Same = "no schema for " + qualifiedTypeName(t)
		}
		return s, true
	}
	if hasMethod(t, textMethod, params, results) {
		if n, ok := t.(*types.Named); ok && isIntegerType(n) && len(c.b.enumValues(n)) > 0 {
			// The constants are integers; the JSON form is their text,
			// which only running MarshalText would give.
			c.warn(at, fmt.Sprintf("type %s is an integer enum with a %s method: its JSON form is the text of each value, which mcpgen cannot derive from the constants, so its schema is any string; state the texts with //mcp:schema {\"type\":\"string\",\"enum\":[...]} in the type's doc comment (for a type from another package: once per package as //mcp:schema %s {...})",
				c.typeString(t), textMethod, qualifiedTypeName(t)), "textenum:"+typeKey(t))
		}
		return &jsonschema.Schema{Type: "string"}, true
	}
	return nil, false
}

// isIntegerType reports whether the underlying type of t is an integer.
func isIntegerType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// promotedFrom returns the type of the embedded field from which t's
// method name is promoted, and whether that field is a pointer; nil when
// t has no such method or declares it itself.
func promotedFrom(t types.Type, name string) (types.Type, bool) {
	obj, index, _ := types.LookupFieldOrMethod(t, true, nil, name)
	if _, ok := obj.(*types.Func); !ok || len(index) < 2 {
		return nil, false
	}
	typ, ptr := t, false
	for _, i := range index[:len(index)-1] {
		st, ok := deref(typ).Underlying().(*types.Struct)
		if !ok {
			return nil, false
		}
		typ = st.Field(i).Type()
		_, ptr = types.Unalias(typ).(*types.Pointer)
	}
	return typ, ptr
}

// qualifiedTypeName names t by import path, as a package-wide
// //mcp:schema directive names it.
func qualifiedTypeName(t types.Type) string {
	if n, ok := types.Unalias(deref(t)).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

// hasMethod reports whether t or *t has the method name with the given
// numbers of parameters and results (methods promoted from embedded fields
// included, as in the method sets encoding/json checks).
func hasMethod(t types.Type, name string, params, results int) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Signature()
	return sig.Params().Len() == params && sig.Results().Len() == results
}

func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// base64Pattern matches exactly the padded standard base64 text that
// encoding/json decodes into a []byte: base64.StdEncoding ignores \r and
// \n anywhere. The runtime checks it without a regular expression.
const base64Pattern = `^[\r\n]*(?:(?:[A-Za-z0-9+/][\r\n]*){4})*(?:(?:[A-Za-z0-9+/][\r\n]*){2}=[\r\n]*=|(?:[A-Za-z0-9+/][\r\n]*){3}=)?[\r\n]*$`

func (c *conv) basic(t types.Type, u *types.Basic, at site) *jsonschema.Schema {
	s := &jsonschema.Schema{}
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		s.Type = "boolean"
	case info&types.IsString != 0:
		s.Type = "string"
	case info&types.IsInteger != 0:
		s.Type = "integer"
		// Bounds beyond ±(2^53−1) are left out (those of int, int64, uint,
		// uint64 and uintptr): encoding/json refuses a number outside the
		// Go type's range, and the runtime reports it with the field's path.
		lo, hi := intRange(u)
		if portableNumber(lo) && (c.output || c.b.profile.typeBounds()) {
			s.Minimum = lo
		}
		if portableNumber(hi) && (c.output || c.b.profile.typeBounds()) {
			s.Maximum = hi
		}
	case u.Kind() == types.Float32:
		// ±MaxFloat32 is beyond ±(2^53−1): the decoder enforces it.
		s.Type = "number"
	case u.Kind() == types.Float64:
		s.Type = "number"
	case info&types.IsComplex != 0:
		return c.noJSONForm(at, t, "encoding/json cannot encode complex numbers; use two float64 fields")
	case u.Kind() == types.UnsafePointer:
		return c.noJSONForm(at, t, "pointers have no JSON form"+c.dropHint(at))
	default:
		return c.noJSONForm(at, t, "it has no JSON form")
	}
	// Only inputs are held to the declared constants: a result may well be
	// the zero value or another value of the type, which a client that
	// validates results would then reject.
	if n, ok := t.(*types.Named); ok && !c.output && c.b.isEnum(n, c.enumSwitch) {
		vals := c.b.enumValues(n)
		if vals == nil && (c.enumSwitch == EnumOn || c.b.enumDirective(n.Obj()) == EnumOn) {
			c.report(at, "//mcp:enum: type "+c.typeString(t)+" has no constants declared with exactly that type")
		}
		s.Enum = vals
	}
	// The names of an enum's values, in input and output schemas alike (a
	// result's 2 means High whether or not the schema lists the values).
	if n, ok := t.(*types.Named); ok && c.b.isEnum(n, c.enumSwitch) && !c.leanDoc(n) {
		if doc := c.b.enumDoc(n); doc != "" {
			if c.enumDocs == nil {
				c.enumDocs = map[*jsonschema.Schema]string{}
			}
			c.enumDocs[s] = doc
		}
	}
	return s
}

// intRange returns the bounds of an integer kind as exact JSON numbers.
// int, uint and uintptr are taken to be 64 bits wide.
func intRange(u *types.Basic) (lo, hi json.Number) {
	if k := intKindOf(u); k != nil {
		return k.lo, k.hi
	}
	l, h := intBounds(u)
	return json.Number(l.String()), json.Number(h.String())
}

// An intKind holds what is derived from the range of an integer kind.
type intKind struct {
	lo, hi  json.Number
	pattern string // intpattern.Pattern of the range
}

// intKinds holds the intKind of each integer basic kind, computed once.
var intKinds = func() (r [types.UnsafePointer + 1]*intKind) {
	for _, k := range []types.BasicKind{types.Int8, types.Int16, types.Int32, types.Int64, types.Int,
		types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uint, types.Uintptr} {
		l, h := intBounds(types.Typ[k])
		r[k] = &intKind{
			lo: json.Number(l.String()), hi: json.Number(h.String()),
			pattern: intpattern.Pattern(l, h),
		}
	}
	return r
}()

// intKindOf returns the intKind of u, or nil for a kind not in intKinds.
func intKindOf(u *types.Basic) *intKind {
	if k := u.Kind(); k >= 0 && int(k) < len(intKinds) {
		return intKinds[k]
	}
	return nil
}

// intPattern returns intpattern.Pattern of the range of the integer type u.
func intPattern(u *types.Basic) string {
	if k := intKindOf(u); k != nil {
		return k.pattern
	}
	return intpattern.Pattern(intBounds(u))
}

func intBounds(u *types.Basic) (lo, hi *big.Int) {
	var bits uint
	switch u.Kind() {
	case types.Int8, types.Uint8:
		bits = 8
	case types.Int16, types.Uint16:
		bits = 16
	case types.Int32, types.Uint32:
		bits = 32
	case types.Int64, types.Int, types.Uint64, types.Uint, types.Uintptr:
		bits = 64
	}
	one := big.NewInt(1)
	if u.Info()&types.IsUnsigned != 0 {
		hi = new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
		return big.NewInt(0), hi
	}
	hi = new(big.Int).Sub(new(big.Int).Lsh(one, bits-1), one)
	lo = new(big.Int).Neg(new(big.Int).Lsh(one, bits-1))
	return lo, hi
}
