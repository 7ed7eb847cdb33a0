package schema

import (
	"encoding/json"
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// object returns the schema of the struct type t: its JSON members as
// properties, required unless omitempty or omitzero, no other properties.
func (c *conv) object(t types.Type, at site) *jsonschema.Schema {
	s := c.described(t)
	s.Type = "object"
	s.AdditionalProperties = jsonschema.FalseSchema
	fields := structFields(t)
	s.Properties = newProperties(len(fields))
	typeName := "struct"
	if n, ok := t.(*types.Named); ok {
		typeName = n.Obj().Name()
	}
	if len(fields) == 0 && hasHiddenState(t) {
		c.report(at, fmt.Sprintf("type %s has no exported fields and no JSON or text form: encoding/json would always write {} for it and read nothing into it; %s",
			c.typeString(t), c.opaqueHint(t)))
	} else if hidden := hiddenFields(t); len(hidden) > 0 {
		c.warn(at, fmt.Sprintf("type %s keeps state in unexported fields (%s) that JSON does not carry: a value of it that reaches the tool or leaves it loses them; %s",
			c.typeString(t), strings.Join(hidden, ", "), c.hiddenHint(t)), "hidden:"+typeKey(t))
	}
	for _, name := range cancelledFields(t) {
		c.warn(at, fmt.Sprintf("the fields named %s of the structs %s embeds cancel out by encoding/json's rules (as deep and as tagged as each other): neither is read or written; tag the one meant with json:%q",
			name, c.typeString(t), name), "cancel:"+typeKey(t)+"."+name)
	}
	// untagged: no field has a json tag, so the struct was not written
	// for JSON; in an input, every field is optional (a zero field means
	// "not set", the Go convention for such structs).
	untagged := !slices.ContainsFunc(fields, func(f jsonField) bool { _, ok := f.tag.Lookup("json"); return ok })
	if untagged && len(fields) > 0 && !c.output {
		if n, ok := t.(*types.Named); ok && c.inRoots(n.Obj().Pos()) {
			c.warn(at, fmt.Sprintf("struct %s has no json tags: its members are named after its Go fields (%s) and all of them are optional, a missing one being the field's zero value; tag the fields (json:\"name\" for a required one, json:\"name,omitempty\" for an optional one) to choose",
				c.typeString(t), fieldNames(fields)), "untagged:"+typeKey(t))
		}
	} else if !c.output {
		if opts := optionLike(t, fields, c.b); len(opts) > 0 {
			c.warn(at, fmt.Sprintf("struct %s: the fields %s look like options (%s) but are required, having json tags without omitempty: a client must send every one of them; tag them omitempty (or omitzero) if a zero value means \"not set\"",
				c.typeString(t), strings.Join(opts, ", "), optionReason(opts, fields, c.b)), "options:"+typeKey(t))
		}
	}
	// fat is the field being converted; report reads it when called.
	var fat site
	report := func(msg string) { c.report(fat, msg) }
	keep := c.view(t) // a view keeps some members, in an output schema
	lean := c.leanDoc(t)
	for i, f := range fields {
		if keep != nil && !keep[f.name] {
			continue
		}
		fat = fieldSite("field", typeName, f.v)
		if f.badName != "" {
			report(fmt.Sprintf("json tag name %q is not valid for encoding/json, which uses %q instead", f.badName, f.v.Name()))
		}
		if v := f.viaUnexportedPtr; v != nil && !c.output {
			// Reported once per embedded field (diagnostics are deduplicated).
			c.report(fieldSite("embedded field", typeName, v),
				"encoding/json cannot decode the fields of an embedded pointer to an unexported struct type (it cannot allocate it); embed the struct by value or export its type")
		}
		tag := parseSchemaTag(f.tag.Get("jsonschema"), report)
		if tag.optional {
			report(`optional is a keyword of //mcp:arg and //mcp:param; a struct field is optional with omitempty in its json tag`)
		}
		if h := f.hiddenBy; tag.skip || h != nil {
			if c.output {
				at := fat
				if h != nil {
					at = fieldSite("embedded field", typeName, h)
				}
				c.report(at, `jsonschema:"-" hides a field that encoding/json still writes; use json:"-"`)
			}
			continue
		}
		if f.tag.Get("jsonschema_extras") != "" {
			report("the jsonschema_extras tag is not supported: the runtime could not enforce arbitrary keywords")
		}

		sw := c.b.enumDirective(f.v)
		c.checkEnumSwitch(fat, f.v.Type(), sw)
		c.enumSwitch = sw
		c.statedField = c.b.declStated(f.v)
		c.push(typeName+"."+f.v.Name(), f.v.Pos(), f.v.Type())
		prop := c.schema(f.v.Type(), fat)
		c.pop()
		c.statedField = nil
		c.enumSwitch = EnumInferred
		lo, hi := bounds(f.v.Type())
		note := valueNote(f.v.Type())
		if f.stringOpt {
			prop = c.quoted(f, prop, report)
			lo, hi = "", ""
			note = prop.Description // the range of an integer written as a string
		}
		typeDoc := prop.Description // the doc comment of the field's named type, if any
		prop.Description = f.tag.Get("jsonschema_description")
		var items *keywordTarget
		if it, ok := c.itemsTarget(f.v.Type(), prop); ok {
			items = &it
		}
		applyKeywords(keywordTarget{s: prop, lo: lo, hi: hi, intType: lo != ""}, items, tag.keywords, report)
		if name := headerTag(f.tag, report); name != "" {
			c.markHeader(prop, f.v.Type(), name, fat)
		}
		if prop.Description == "" && !lean {
			prop.Description = c.b.fieldDoc(f.v)
		}
		if prop.Description == "" && !lean {
			// A field without a comment of its own is described by its
			// type, as a plain parameter is.
			prop.Description = typeDoc
		}
		if lean {
			// Another module's field, in an output schema: its
			// description only documents; what its value means (a
			// duration's unit) stays.
			prop.Description = ""
		}
		prop.Description = withNote(prop.Description, note)

		omitted := f.omitEmpty || f.omitZero
		nilable := c.nilable(f.v.Type())
		if tag.nullable && !nilable && !isInterface(f.v.Type()) {
			report("nullable: a field of type " + c.typeString(f.v.Type()) + " cannot hold null (encoding/json would leave it unchanged); make it a pointer or drop nullable")
		}
		if tag.nullable || c.output && nilable && !omitted {
			prop = orNull(prop)
		}
		// In an input, a pointer field is optional: absent, it is nil, as
		// encoding/json leaves it (and null for an optional member is taken
		// as absent, runtime/nullabsent.go).
		if !c.output && (untagged || isPointer(f.v.Type())) {
			omitted = true
		}
		s.Properties.Set(f.name, prop)
		if tag.required && omitted && c.output {
			report(`jsonschema:"required" on an omitempty or omitzero field of a result: encoding/json leaves it out when empty`)
		}
		// In a result, a field promoted through a nil embedded pointer is
		// left out, so it cannot be required.
		if (!omitted || tag.required) && !(c.output && f.viaPointer) {
			if s.Required == nil {
				s.Required = make([]string, 0, len(fields)-i)
			}
			s.Required = append(s.Required, f.name)
		}
	}
	return s
}

// isPointer reports whether t is a pointer type (through names).
func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok
}

// fieldNames lists the JSON names of fields, at most eight.
func fieldNames(fields []jsonField) string {
	var names []string
	for i, f := range fields {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(fields)-i))
			break
		}
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// optionWords are the words of a field's comment that say a zero value
// means "not set".
var optionWords = []string{"optional", "if empty", "if zero", "if unset", "if not set", "zero means", "empty means", "defaults to", "by default", "(default"}

// optionLike returns the names of the required fields of t (json-tagged,
// without omitempty or omitzero) that look like options: another tag of
// the field has omitempty (url:"state,omitempty"), or its comment says
// optional or names a default.
func optionLike(t types.Type, fields []jsonField, b *Builder) []string {
	var out []string
	for _, f := range fields {
		if f.omitEmpty || f.omitZero || isPointer(f.v.Type()) {
			continue
		}
		if first, _, _ := strings.Cut(f.tag.Get("jsonschema"), ","); first == "required" || strings.Contains(f.tag.Get("jsonschema"), ",required") {
			continue
		}
		if otherOmitEmpty(f.tag) != "" || optionDoc(b.fieldDoc(f.v)) {
			out = append(out, f.name)
		}
	}
	return out
}

// optionReason says why the fields named opts look like options.
func optionReason(opts []string, fields []jsonField, b *Builder) string {
	for _, f := range fields {
		if slices.Contains(opts, f.name) {
			if key := otherOmitEmpty(f.tag); key != "" {
				return "their " + key + " tags say omitempty"
			}
		}
	}
	return "their comments say they are optional or have a default"
}

// otherOmitEmpty returns the key of a tag other than json whose options
// include omitempty, or "".
func otherOmitEmpty(tag reflect.StructTag) string {
	for _, key := range []string{"url", "query", "form", "yaml", "toml", "mapstructure", "xml", "bson"} {
		if _, opts, _ := strings.Cut(tag.Get(key), ","); hasOption(opts, "omitempty") {
			return key
		}
	}
	return ""
}

func optionDoc(doc string) bool {
	doc = strings.ToLower(doc)
	return slices.ContainsFunc(optionWords, func(w string) bool { return strings.Contains(doc, w) })
}

// hiddenFields returns the unexported fields of the struct type t (and of
// the structs it embeds) that hold state: not blank, not of zero size, and
// not a lock, a sync.Once or an atomic value, which guard state rather than
// hold it. A struct type with its own JSON or text form never gets here.
func hiddenFields(t types.Type) []string {
	var out []string
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if !ok || depth > 10 {
			return
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			switch {
			case f.Embedded():
				if et := deref(f.Type()); !hasMethod(et, "MarshalJSON", 0, 2) && !hasMethod(et, "MarshalText", 0, 2) {
					walk(et, depth+1)
				}
			case f.Exported(), f.Name() == "_", zeroSize(f.Type()), guardType(f.Type()):
			default:
				out = append(out, f.Name())
			}
		}
	}
	walk(t, 0)
	return out
}

// zeroSize reports whether values of t hold nothing (struct{}, [0]T).
func zeroSize(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			if !zeroSize(u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return u.Len() == 0 || zeroSize(u.Elem())
	}
	return false
}

// guardType reports whether t is a type of package sync or sync/atomic
// (or a pointer to one), or a noCopy marker.
func guardType(t types.Type) bool {
	n, ok := deref(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == "sync" || path == "sync/atomic" || n.Obj().Name() == "noCopy"
}

// hiddenHint says what to do about a type whose unexported fields JSON
// does not carry.
func (c *conv) hiddenHint(t types.Type) string {
	if n, ok := t.(*types.Named); ok && c.inRoots(n.Obj().Pos()) {
		return "export them, give the type MarshalJSON and UnmarshalJSON (or MarshalText and UnmarshalText) methods, or state its schema with //mcp:schema"
	}
	return "annotate a function that takes or returns a form of it JSON carries (for example its text), or state its JSON form with //mcp:schema if it has one"
}

// hasHiddenState reports whether the struct type t holds state that
// encoding/json cannot see: a field that is neither exported nor embedded,
// or one inside an embedded struct (type Cache struct{ *cache }). Fields
// tagged json:"-" are hidden on purpose and do not count.
func hasHiddenState(t types.Type) bool {
	return hiddenState(t, 0)
}

func hiddenState(t types.Type, depth int) bool {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok || depth > 10 {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		switch {
		case f.Embedded():
			if hiddenState(deref(f.Type()), depth+1) {
				return true
			}
		case !f.Exported():
			return true
		}
	}
	return false
}

// opaqueHint says what to do about a struct type with no JSON form.
func (c *conv) opaqueHint(t types.Type) string {
	if n, ok := t.(*types.Named); ok && c.inRoots(n.Obj().Pos()) {
		return "export the fields that carry its value, or give it MarshalText and UnmarshalText methods"
	}
	if c.output {
		return "return a value JSON can carry instead (for example a string the tool formats)"
	}
	return "take a value JSON can carry instead (for example a string the tool parses)"
}

func isInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// deref returns the element type of an unnamed pointer type, else t.
func deref(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return types.Unalias(p.Elem())
	}
	return t
}

// bounds returns the range of an integer type (through pointers), or "".
func bounds(t types.Type) (lo, hi json.Number) {
	for {
		p, ok := types.Unalias(t).Underlying().(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return "", ""
	}
	return intRange(b)
}

// itemsTarget returns where array keywords meant for the items go; ok is
// false when s is not an array with items of a known type.
func (c *conv) itemsTarget(t types.Type, s *jsonschema.Schema) (_ keywordTarget, ok bool) {
	if s.Type != "array" || s.Items == nil {
		return keywordTarget{}, false
	}
	items := s.Items
	if len(items.AnyOf) == 2 { // an output element that may be null
		items = items.AnyOf[0]
	}
	var elem types.Type
	switch u := deref(t).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return keywordTarget{}, false
	}
	lo, hi := bounds(elem)
	return keywordTarget{s: items, lo: lo, hi: hi, intType: lo != ""}, true
}

// jsonNumberPattern matches JSON numbers without exponent and with at most
// maxIntDigits digits before the point, which strconv.ParseFloat reads
// without overflow. The ",string" option then decodes them exactly as it
// decodes the number itself.
func jsonNumberPattern(maxIntDigits int) string {
	return fmt.Sprintf(`^-?(?:0|[1-9][0-9]{0,%d})(?:\.[0-9]+)?$`, maxIntDigits-1)
}

// quoted returns the schema of a field with the ",string" json option, which
// encoding/json reads and writes as a JSON string holding the JSON literal of
// a number or boolean.
func (c *conv) quoted(f jsonField, prop *jsonschema.Schema, report func(string)) *jsonschema.Schema {
	t := deref(f.v.Type())
	if !f.quoted {
		report("the ,string json option has no effect on a field of type " + c.typeString(f.v.Type()) + " (encoding/json applies it to strings, numbers and booleans only); remove it")
		return prop
	}
	if hasMethod(t, "UnmarshalJSON", 1, 1) || hasMethod(t, "UnmarshalText", 1, 1) || hasMethod(t, "MarshalJSON", 0, 2) || hasMethod(t, "MarshalText", 0, 2) {
		report("the ,string json option on a type with its own JSON or text methods is not supported; remove it")
		return prop
	}
	b := t.Underlying().(*types.Basic)
	s := &jsonschema.Schema{Type: "string"}
	switch {
	case b.Info()&types.IsString != 0:
		report("the ,string json option on a string field makes encoding/json expect JSON-encoded text inside the string; remove it")
		return prop
	case b.Info()&types.IsBoolean != 0:
		s.Enum = []any{"true", "false"}
	case b.Info()&types.IsInteger != 0:
		s.Pattern = intPattern(b)
		if b.Info()&types.IsUnsigned == 0 {
			// encoding/json reads "-0" into a signed integer (0).
			s.Pattern = strings.Replace(s.Pattern, "^(?:0|", "^(?:-?0|", 1)
		}
		lo, hi := intRange(b)
		s.Description = fmt.Sprintf("An integer from %s to %s, written as a string.", lo, hi)
		for _, v := range prop.Enum {
			s.Enum = append(s.Enum, fmt.Sprint(v))
		}
	case b.Kind() == types.Float32:
		s.Pattern = jsonNumberPattern(38) // below MaxFloat32 ≈ 3.4e38
	default:
		s.Pattern = jsonNumberPattern(308) // below MaxFloat64 ≈ 1.8e308
	}
	return s
}

// mapSchema returns the schema of a map: an object whose values follow the
// element schema and whose names are keys that encoding/json can decode.
func (c *conv) mapSchema(t types.Type, u *types.Map, at site) *jsonschema.Schema {
	s := c.described(t)
	s.Type = "object"
	s.Properties = newProperties(0)
	key := types.Unalias(u.Key())
	kb, _ := key.Underlying().(*types.Basic)
	// encoding/json decodes keys with UnmarshalText before looking at the
	// kind, and encodes string kinds before trying MarshalText.
	text := c.output && hasMethod(key, "MarshalText", 0, 2) && (kb == nil || kb.Info()&types.IsString == 0) ||
		!c.output && hasMethod(key, "UnmarshalText", 1, 1)
	switch {
	case text, kb != nil && kb.Info()&types.IsString != 0:
	case kb != nil && kb.Info()&types.IsInteger != 0:
		s.PropertyNames = &jsonschema.Schema{Pattern: intPattern(kb)}
	default:
		return c.noJSONForm(at, t, "encoding/json needs map keys of string or integer kind or implementing encoding.TextMarshaler; use map[string]...")
	}
	v := c.element(u.Elem(), at)
	if !isInterface(u.Elem()) { // any value: invopop leaves additionalProperties out
		s.AdditionalProperties = v
	}
	return s
}
