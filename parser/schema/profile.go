package schema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// A Profile selects, at generate time, the subset of JSON Schema that one
// model provider's strict mode accepts, for the input schemas (what a host
// hands to the model as a function's parameters). The zero Profile is the
// portable default (portable.go). Output schemas never change: hosts do
// not send them to models.
//
// Each rule below names the provider's documentation it follows. A
// construct a profile cannot express is a Diagnostic that says why; a
// profile never loosens what the server accepts without saying so in the
// schema it advertises.
type Profile string

const (
	// ProfilePortable is the default: accepted by every provider and host
	// (portable.go).
	ProfilePortable Profile = ""

	// ProfileOpenAIStrict follows OpenAI's strict mode for function
	// calling and Structured Outputs,
	// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas:
	//   - "All fields must be required": every property is listed in
	//     "required"; an optional one admits null instead,
	//     {"anyOf": [X, {"type": "null"}]}, and the runtime takes null as
	//     absent (encoding/json leaves the field as it is);
	//   - "additionalProperties: false must always be set in objects": a
	//     map is an error;
	//   - every value has a type: a value of any type ({}) is an error;
	//   - unsupported keywords: minLength and maxLength ("Some
	//     type-specific keywords are not yet supported") and uniqueItems
	//     move into the description (the server enforces them);
	//     propertyNames and patternProperties (also refused by the OpenAI
	//     Agents SDK's strict schema conversion) are errors.
	ProfileOpenAIStrict Profile = "openai-strict"

	// ProfileGemini follows the Gemini API's Schema object for function
	// declarations' parameters, a subset of OpenAPI 3.0,
	// https://ai.google.dev/api/caching#Schema:
	//   - no "additionalProperties" field: false is left out (the server
	//     then ignores unknown arguments, as encoding/json does), a map is
	//     an error;
	//   - no "$ref" or "$defs": a recursive type is an error;
	//   - "type" is required: a value of any type ({}) is an error;
	//   - "format" for strings: only "enum" and "date-time"; another
	//     moves into the description (the server enforces it);
	//   - "enum" holds strings: an integer enum is an error;
	//   - fields it does not list move into the description when they
	//     constrain and the server enforces them (exclusiveMinimum,
	//     exclusiveMaximum, multipleOf, uniqueItems), are errors when it
	//     cannot (propertyNames, extension keywords such as x-mcp-header),
	//     and are left out when they only annotate (contentEncoding,
	//     examples, readOnly, writeOnly, deprecated).
	ProfileGemini Profile = "gemini"

	// ProfileAnthropicStrict follows Anthropic's strict tool use
	// ("JSON Schema limitations"),
	// https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations:
	//   - "additionalProperties set to anything other than false" is not
	//     supported: a map is an error;
	//   - "recursive schemas" are not supported: an error;
	//   - "numerical constraints (minimum, maximum, multipleOf, etc.)" are
	//     not supported: the Go type's own bounds are left out (the
	//     decoder enforces them), a jsonschema tag's bound moves into the
	//     description (the server enforces it);
	//   - "string constraints (minLength, maxLength)" move likewise;
	//   - "complex array constraints beyond minItems of 0 or 1" move
	//     likewise (maxItems, fixed-length arrays, uniqueItems).
	ProfileAnthropicStrict Profile = "anthropic-strict"
)

// Profiles lists the profiles by name, for flags and documentation.
var Profiles = []Profile{ProfileOpenAIStrict, ProfileGemini, ProfileAnthropicStrict}

// ParseProfile returns the profile called name ("" or "portable" for the
// default).
func ParseProfile(name string) (Profile, error) {
	if name == "" || name == "portable" {
		return ProfilePortable, nil
	}
	for _, p := range Profiles {
		if string(p) == name {
			return p, nil
		}
	}
	names := make([]string, len(Profiles))
	for i, p := range Profiles {
		names[i] = string(p)
	}
	return "", fmt.Errorf("unknown profile %q (known: portable, %s)", name, strings.Join(names, ", "))
}

// typeBounds reports whether schemas state the bounds of the Go integer
// types (within ±(2^53−1)).
func (p Profile) typeBounds() bool { return p != ProfileAnthropicStrict }

// A ProfileProblem is a construct of a schema that a profile cannot
// express: Path is the JSON pointer of the subschema ("/properties/a"),
// Message says why and after which rule.
type ProfileProblem struct {
	Path    string
	Message string
}

// ApplyProfile returns the input schema s as profile p requires it, and
// the constructs that p cannot express. s is not modified. A keyword that
// p refuses but the server can still enforce (see Profiled) is left out
// of the result without a problem.
func ApplyProfile(p Profile, s *jsonschema.Schema) (*jsonschema.Schema, []ProfileProblem) {
	r := ProfileInput(p, s, false)
	return r.Listed, r.Problems
}

// Profiled is an input schema under a profile.
type Profiled struct {
	// Listed is the schema tools/list advertises, which the provider
	// accepts: a keyword the provider refuses but the server can still
	// enforce (minLength under openai-strict, multipleOf under gemini...)
	// is left out of it and stated in the description instead.
	Listed *jsonschema.Schema
	// Enforced is the schema the server validates arguments with: Listed
	// with those keywords kept; Listed itself when there were none.
	Enforced *jsonschema.Schema
	// Problems are the constructs the provider cannot express at all.
	Problems []ProfileProblem
}

// ProfileInput applies profile p to the input schema s. With describeAll
// every constraint of s is also stated in the description of the
// subschema that holds it (Describe); without it only the constraints p
// moves out of the schema are. s is not modified.
func ProfileInput(p Profile, s *jsonschema.Schema, describeAll bool) Profiled {
	described := s
	switch {
	case describeAll:
		described = Describe(s, nil)
	case p != ProfilePortable:
		described = Describe(s, p.moves)
	}
	if p == ProfilePortable {
		return Profiled{Listed: described, Enforced: described}
	}
	a := &applier{p: p}
	listed := a.walk(described, "")
	r := Profiled{Listed: listed, Enforced: listed, Problems: a.problems}
	if a.moved {
		k := &applier{p: p, keep: true}
		r.Enforced = k.walk(s, "")
	}
	return r
}

// moves reports whether p leaves keyword out of the schemas it lists (and
// states it in the description) while the server still enforces it.
func (p Profile) moves(keyword string) bool {
	switch p {
	case ProfileOpenAIStrict:
		return keyword == "minLength" || keyword == "maxLength" || keyword == "uniqueItems"
	case ProfileGemini:
		// format: all but date-time, which stays (stating it twice is
		// harmless).
		return keyword == "exclusiveMinimum" || keyword == "exclusiveMaximum" || keyword == "multipleOf" ||
			keyword == "uniqueItems" || keyword == "format"
	case ProfileAnthropicStrict:
		switch keyword {
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
			"minLength", "maxLength", "minItems", "maxItems", "uniqueItems":
			return true
		}
	}
	return false
}

// DropsKeywords reports whether the hosts that use p's provider are known
// to drop validation keywords before the model sees the schema (Codex and
// strict OpenAI Agents do, for OpenAI's models): under it every
// constraint is also stated in the descriptions by default.
func (p Profile) DropsKeywords() bool { return p == ProfileOpenAIStrict }

type applier struct {
	p        Profile
	problems []ProfileProblem
	// keep: the keywords the profile moves are kept (the enforced
	// schema); moved: the walk left one out.
	keep, moved bool
}

// drop leaves out a keyword the profile moves into the description
// (Describe stated it before the walk), unless the walk keeps them.
func (a *applier) drop(clear func()) {
	if !a.keep {
		clear()
		a.moved = true
	}
}

func (a *applier) bad(path, format string, args ...any) {
	if path == "" {
		path = "/"
	}
	a.problems = append(a.problems, ProfileProblem{Path: path, Message: string(a.p) + ": " + fmt.Sprintf(format, args...)})
}

// walk returns a copy of s changed for the profile (s itself if there is
// nothing to change below it, for the shared null and false schemas).
func (a *applier) walk(s *jsonschema.Schema, path string) *jsonschema.Schema {
	if s == nil || s == jsonschema.FalseSchema || s == nullSchema {
		return s
	}
	c := *s
	if s.Type == "" && s.Extras[typeExtra] == nil && s.Ref == "" && s.AnyOf == nil && s.AllOf == nil && s.OneOf == nil && s.Enum == nil && s.Const == nil {
		if a.p != ProfileAnthropicStrict {
			a.bad(path, "a value of any type ({}, from any, interface{} or json.RawMessage) has no \"type\", which this provider requires; use a concrete Go type")
		}
		return s
	}
	switch a.p {
	case ProfileOpenAIStrict:
		a.openAI(&c, path)
	case ProfileGemini:
		a.gemini(&c, path)
	case ProfileAnthropicStrict:
		a.anthropic(&c, path)
	}
	if c.Properties != nil {
		props := newProperties(c.Properties.Len())
		for pair := c.Properties.Oldest(); pair != nil; pair = pair.Next() {
			props.Set(pair.Key, a.walk(pair.Value, path+"/properties/"+pair.Key))
		}
		c.Properties = props
	}
	c.Items = a.walk(c.Items, path+"/items")
	if !isFalseSchema(c.AdditionalProperties) {
		c.AdditionalProperties = a.walk(c.AdditionalProperties, path+"/additionalProperties")
	}
	if c.AnyOf != nil {
		alts := make([]*jsonschema.Schema, len(c.AnyOf))
		for i, alt := range c.AnyOf {
			alts[i] = a.walk(alt, fmt.Sprintf("%s/anyOf/%d", path, i))
		}
		c.AnyOf = alts
	}
	if c.Definitions != nil {
		defs := jsonschema.Definitions{}
		for _, name := range sortedKeys(c.Definitions) {
			defs[name] = a.walk(c.Definitions[name], path+"/$defs/"+name)
		}
		c.Definitions = defs
	}
	return &c
}

// isMap reports whether s is an object whose properties are not fixed.
func isMap(s *jsonschema.Schema) bool {
	return s.Type == "object" && !isFalseSchema(s.AdditionalProperties)
}

// isFalseSchema reports whether s is the boolean schema false: the
// Builder's jsonschema.FalseSchema, or a stated schema's false.
func isFalseSchema(s *jsonschema.Schema) bool { return s != nil && isFalse(s) }

const mapHint = "a map has no fixed property names; use a struct"

func (a *applier) openAI(s *jsonschema.Schema, path string) {
	if isMap(s) {
		a.bad(path, "strict mode requires \"additionalProperties\": false on every object: %s", mapHint)
	}
	for _, kw := range []struct {
		name string
		set  bool
	}{
		{"propertyNames", s.PropertyNames != nil}, {"patternProperties", s.PatternProperties != nil},
		{"allOf", s.AllOf != nil}, {"oneOf", s.OneOf != nil}, {"not", s.Not != nil}, {"if", s.If != nil},
	} {
		if kw.set {
			a.bad(path, "strict mode does not support %q; remove the jsonschema keyword or the type that needs it", kw.name)
		}
	}
	// Refused, but the server enforces them: stated in the description.
	if s.MinLength != nil || s.MaxLength != nil || s.UniqueItems {
		a.drop(func() { s.MinLength, s.MaxLength, s.UniqueItems = nil, nil, false })
	}
	if s.Type != "object" || s.Properties == nil {
		return
	}
	// All fields must be required (also "required": [] without any): an
	// optional one admits null instead.
	props := newProperties(s.Properties.Len())
	required := make([]string, 0, s.Properties.Len())
	for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
		ps := pair.Value
		if !slices.Contains(s.Required, pair.Key) && !admitsNull(ps) {
			if typed := typeOrNull(ps); typed != nil {
				ps = typed
			} else {
				inner := *ps
				wrapped := orNull(&inner)
				wrapped.Description, inner.Description = inner.Description, ""
				ps = wrapped
			}
		}
		props.Set(pair.Key, ps)
		required = append(required, pair.Key)
	}
	s.Properties, s.Required = props, required
}

// typeOrNull returns s admitting null as OpenAI documents it for an
// optional field, "type": [T, "null"] (and null in its enum), or nil when s
// has no single type besides "object" to pair with null (an object, a
// $ref, a const): those are written anyOf [X, null]. Clients that keep
// only the object alternatives of an anyOf (LangChain's MCP adapter) would
// show the model nothing but the description of anyOf [X, null].
func typeOrNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Type == "" || s.Type == "object" || s.Type == "null" || s.Ref != "" || s.Const != nil ||
		s.AnyOf != nil || s.AllOf != nil || s.OneOf != nil || s.Extras[typeExtra] != nil {
		return nil
	}
	c := *s
	c.Extras = map[string]any{typeExtra: []any{s.Type, "null"}}
	for k, v := range s.Extras {
		c.Extras[k] = v
	}
	c.Type = ""
	if s.Enum != nil {
		c.Enum = append(slices.Clip(s.Enum), nil)
	}
	return &c
}

// typeExtra is the key in a schema's Extras of a "type" that is a list
// ([T, "null"]), which jsonschema.Schema's Type cannot hold.
const typeExtra = "type"

// admitsNull reports whether s is written as anyOf [X, null], or with
// "type": [T, "null"].
func admitsNull(s *jsonschema.Schema) bool {
	return len(s.AnyOf) == 2 && s.AnyOf[1] == nullSchema || s.Extras[typeExtra] != nil
}

func (a *applier) gemini(s *jsonschema.Schema, path string) {
	if s.Ref != "" || s.Definitions != nil {
		a.bad(path, "a recursive type needs \"$ref\", which Gemini's Schema does not have; break the cycle with a type that does not contain itself")
		s.Definitions = nil
	}
	if isMap(s) {
		a.bad(path, "Gemini's Schema has no \"additionalProperties\": %s", mapHint)
	}
	if isFalseSchema(s.AdditionalProperties) {
		s.AdditionalProperties = nil
	}
	// Refused, but the server enforces them: stated in the description.
	if s.Format != "" && s.Format != "date-time" || s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" || s.MultipleOf != "" || s.UniqueItems {
		a.drop(func() {
			if s.Format != "date-time" {
				s.Format = ""
			}
			s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf, s.UniqueItems = "", "", "", false
		})
	}
	if s.Enum != nil && s.Type != "string" {
		a.bad(path, "an enum of %s values: Gemini's enum holds strings only; use a string type for the constants", s.Type)
	}
	for _, kw := range []struct {
		name string
		set  bool
	}{
		{"propertyNames", s.PropertyNames != nil}, {"patternProperties", s.PatternProperties != nil},
		{"allOf", s.AllOf != nil}, {"oneOf", s.OneOf != nil}, {"not", s.Not != nil}, {"if", s.If != nil},
	} {
		if kw.set {
			a.bad(path, "Gemini's Schema has no %q; remove the jsonschema keyword or the type that needs it", kw.name)
		}
	}
	for _, k := range sortedKeys(s.Extras) {
		a.bad(path, "Gemini rejects the keyword %q", k)
	}
	// Annotations Gemini's Schema does not list: left out.
	s.ContentEncoding, s.Examples, s.ReadOnly, s.WriteOnly, s.Deprecated = "", nil, false, false, false
}

func (a *applier) anthropic(s *jsonschema.Schema, path string) {
	if s.Ref != "" || s.Definitions != nil {
		a.bad(path, "strict tool use does not support recursive schemas; break the cycle with a type that does not contain itself")
		s.Definitions = nil
	}
	if isMap(s) {
		a.bad(path, "strict tool use supports only \"additionalProperties\": false: %s", mapHint)
	}
	for _, kw := range []struct {
		name string
		set  bool
	}{
		{"propertyNames", s.PropertyNames != nil}, {"patternProperties", s.PatternProperties != nil},
	} {
		if kw.set {
			a.bad(path, "strict tool use does not support %s; remove the jsonschema keyword or the type that needs it", kw.name)
		}
	}
	// Refused, but the server enforces them: stated in the description.
	if s.Minimum != "" || s.Maximum != "" || s.ExclusiveMinimum != "" || s.ExclusiveMaximum != "" || s.MultipleOf != "" ||
		s.MinLength != nil || s.MaxLength != nil || s.MaxItems != nil || s.MinItems != nil && *s.MinItems > 1 || s.UniqueItems {
		a.drop(func() {
			s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf = "", "", "", "", ""
			s.MinLength, s.MaxLength, s.MaxItems, s.UniqueItems = nil, nil, nil, false
			if s.MinItems != nil && *s.MinItems > 1 {
				s.MinItems = nil
			}
		})
	}
}
