package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/mcpgen/mcpgen/parser/internal/suggest"
)

// knownFormats are the "format" values that the runtime validates and that
// OpenAI lists for structured outputs
// (https://platform.openai.com/docs/guides/structured-outputs#supported-properties:
// date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid). The
// runtime also checks "uri", which OpenAI does not list: a pattern says it
// portably.
var knownFormats = []string{"date", "date-time", "email", "hostname", "ipv4", "ipv6", "time", "uuid"}

// combinations explains why oneof_* and anyof_* keywords are rejected.
const combinations = "oneOf/anyOf combinations are not supported: the schema follows the Go type, and encoding/json decodes into it whatever they say"

// unenforceable are invopop keywords mcpgen does not emit, with the reason.
var unenforceable = map[string]string{
	"anchor":         "$anchor is not supported",
	"oneof_required": combinations,
	"anyof_required": combinations,
	"oneof_ref":      combinations,
	"oneof_type":     combinations,
	"anyof_ref":      combinations,
	"anyof_type":     combinations,
	"const":          "const is not supported; use enum= with one value",
}

// A tagKeyword is one element of a jsonschema tag.
type tagKeyword struct {
	name, value string
	hasValue    bool
}

// schemaTag is a parsed jsonschema tag.
type schemaTag struct {
	skip     bool // "-": no property
	required bool
	optional bool // parameters only: not required, whatever the type
	nullable bool
	keywords []tagKeyword
}

// parseSchemaTag splits a jsonschema tag on unescaped commas; flags are
// collected, everything else is kept in order for applyKeywords.
func parseSchemaTag(tag string, report func(string)) schemaTag {
	var st schemaTag
	if tag == "" {
		return st
	}
	// The first element is "-" exactly when the text before the first comma
	// is: a "\," would leave a backslash there.
	if first, _, _ := strings.Cut(tag, ","); first == "-" {
		st.skip = true
		return st
	}
	for rest, more := tag, true; more; {
		var e string
		e, rest, more = cutElem(rest)
		name, value, hasValue := strings.Cut(e, "=")
		switch {
		case e == "":
		case !hasValue && name == "required":
			st.required = true
		case !hasValue && name == "nullable":
			st.nullable = true
		case !hasValue && name == "optional":
			st.optional = true
		case !hasValue:
			report(fmt.Sprintf("jsonschema tag: %q is not a keyword (want keyword=value, required, optional or nullable; write a comma inside a value as \\,)", e))
		default:
			if st.keywords == nil {
				st.keywords = make([]tagKeyword, 0, strings.Count(tag, ",")+1)
			}
			st.keywords = append(st.keywords, tagKeyword{name: name, value: value, hasValue: true})
		}
	}
	return st
}

// cutElem returns the first element of a jsonschema tag, with each "\,"
// turned into ",", and the text after the comma that ends it; more is false
// for the last element. A comma is escaped exactly when a backslash
// precedes it. The elements are substrings of the tag unless they hold an
// escape.
func cutElem(s string) (elem, rest string, more bool) {
	i := 0
	for {
		j := strings.IndexByte(s[i:], ',')
		if j < 0 {
			return strings.ReplaceAll(s, `\,`, ","), "", false
		}
		i += j
		if i > 0 && s[i-1] == '\\' {
			i++
			continue
		}
		return strings.ReplaceAll(s[:i], `\,`, ","), s[i+1:], true
	}
}

// keywordTarget describes the schema tag keywords apply to.
type keywordTarget struct {
	s *jsonschema.Schema
	// lo and hi are the bounds of the Go integer type, or "".
	lo, hi json.Number
	// intType is set when the values must be integers.
	intType bool
}

// applyKeywords applies the keywords of a field's jsonschema tag to s, the
// field's schema, following invopop's precedence: generic keywords first,
// then those for the schema's type, then, for arrays, the leftovers to the
// items. It reuses kws's array for the keywords left at each step (as the
// type's keyword functions do), so kws is not to be used afterwards.
func applyKeywords(t keywordTarget, items *keywordTarget, kws []tagKeyword, report func(string)) {
	s := t.s
	rest := kws[:0]
	for _, kw := range kws {
		switch kw.name {
		case "title":
			s.Title = kw.value
		case "description":
			s.Description = kw.value
		case "type":
			if kw.value != s.Type {
				report(fmt.Sprintf("jsonschema tag: type=%s contradicts the Go type (a JSON %s); the schema's type follows the Go type", kw.value, orAny(s.Type)))
			}
		default:
			if why, ok := unenforceable[kw.name]; ok {
				report(fmt.Sprintf("jsonschema tag: %s: %s", kw.name, why))
				continue
			}
			rest = append(rest, kw)
		}
	}
	switch s.Type {
	case "string":
		rest = stringKeywords(s, rest, report)
	case "integer", "number":
		rest = numberKeywords(t, rest, report)
	case "boolean":
		rest = booleanKeywords(s, rest, report)
	case "array":
		rest = arrayKeywords(s, items, rest, report)
	}
	for _, kw := range rest {
		if !knownKeyword(kw.name) {
			unknownKeyword(kw.name, s.Type, report)
		} else {
			report(fmt.Sprintf("jsonschema tag: %s does not apply to a JSON %s (invopop/jsonschema would drop it)", kw.name, orAny(s.Type)))
		}
	}
	// A default or an example the schema itself rejects would mislead.
	check := func(v any) {
		if msg := violation(s, v); msg != "" {
			report(fmt.Sprintf("jsonschema tag: the default or example %v %s", v, msg))
		}
	}
	check(s.Default)
	for _, v := range s.Examples {
		check(v)
	}
}

// violation says how the scalar v breaks the scalar keywords of s, or "".
func violation(s *jsonschema.Schema, v any) string {
	if v == nil {
		return ""
	}
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		return "is not one of the enum values"
	}
	switch v := v.(type) {
	case string:
		n := uint64(utf8.RuneCountInString(v))
		if s.MinLength != nil && n < *s.MinLength || s.MaxLength != nil && n > *s.MaxLength {
			return "has a length outside minLength..maxLength"
		}
		if s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(v) {
			return "does not match the pattern"
		}
	case json.Number:
		switch {
		case s.Minimum != "" && cmpNumbers(v, s.Minimum) < 0,
			s.Maximum != "" && cmpNumbers(v, s.Maximum) > 0,
			s.ExclusiveMinimum != "" && cmpNumbers(v, s.ExclusiveMinimum) <= 0,
			s.ExclusiveMaximum != "" && cmpNumbers(v, s.ExclusiveMaximum) >= 0:
			return "is out of bounds"
		case s.MultipleOf != "" && !new(big.Rat).Quo(mustRat(v), mustRat(s.MultipleOf)).IsInt():
			return "is not a multiple of multipleOf"
		}
	}
	return ""
}

func orAny(typ string) string {
	if typ == "" {
		return "value of any type"
	}
	return typ
}

// allKeywords are the keywords a jsonschema tag may hold, for suggestions.
var allKeywords = []string{"title", "description", "type", "minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly",
	"default", "example", "enum", "multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"minItems", "maxItems", "uniqueItems", "required", "nullable"}

// unknownKeyword reports the unknown keyword name on a schema of type typ,
// with the keyword it most likely meant.
func unknownKeyword(name, typ string, report func(string)) {
	msg := fmt.Sprintf("jsonschema tag: unknown keyword %q", name)
	if m := suggestKeyword(name, typ); m != "" {
		msg += fmt.Sprintf("; did you mean %s?", m)
	}
	report(msg)
}

// suggestKeyword returns the keyword that name, unknown, most likely
// meant on a schema of type typ: the nearest by spelling or the one it
// abbreviates (maxlen: maxLength), else for the bounds of other tag
// languages (max=10, len=2), the keyword of that bound for the type.
func suggestKeyword(name, typ string) string {
	if m := suggest.Closest(name, allKeywords); m != "" {
		return m
	}
	bound := map[string][3]string{ // string, number, array
		"max": {"maxLength", "maximum", "maxItems"},
		"min": {"minLength", "minimum", "minItems"},
		"len": {"minLength and maxLength", "", "minItems and maxItems"},
	}[strings.ToLower(name)]
	switch typ {
	case "string":
		return bound[0]
	case "number", "integer":
		return bound[1]
	case "array":
		return bound[2]
	}
	return ""
}

func knownKeyword(name string) bool {
	switch name {
	case "minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum",
		"multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
		"minItems", "maxItems", "uniqueItems":
		return true
	}
	return false
}

func stringKeywords(s *jsonschema.Schema, kws []tagKeyword, report func(string)) (rest []tagKeyword) {
	rest = kws[:0] // filtered in place
	var enum []any
	for _, kw := range kws {
		switch kw.name {
		case "minLength":
			s.MinLength = parseCount(kw, report)
		case "maxLength":
			s.MaxLength = parseCount(kw, report)
		case "pattern":
			if _, err := regexp.Compile(kw.value); err != nil {
				report(fmt.Sprintf("jsonschema tag: pattern=%s does not compile: %v", kw.value, err))
				continue
			}
			s.Pattern = kw.value
		case "format":
			if !slices.Contains(knownFormats, kw.value) {
				report(fmt.Sprintf("jsonschema tag: format=%s is not one of the formats that model providers document and the runtime checks (%s); use pattern= instead", kw.value, strings.Join(knownFormats, ", ")))
				continue
			}
			s.Format = kw.value
		case "readOnly", "writeOnly":
			b, err := strconv.ParseBool(kw.value)
			if err != nil {
				report(fmt.Sprintf("jsonschema tag: %s=%s is not a boolean", kw.name, kw.value))
				continue
			}
			if kw.name == "readOnly" {
				s.ReadOnly = b
			} else {
				s.WriteOnly = b
			}
		case "default":
			s.Default = kw.value
		case "example":
			s.Examples = append(s.Examples, kw.value)
		case "enum":
			enum = append(enum, kw.value)
		default:
			rest = append(rest, kw)
		}
	}
	if enum != nil {
		s.Enum = enum // the tag's values replace the declared constants
	}
	return rest
}

func numberKeywords(t keywordTarget, kws []tagKeyword, report func(string)) (rest []tagKeyword) {
	rest = kws[:0] // filtered in place
	s := t.s
	var enum []any
	for _, kw := range kws {
		var n json.Number
		switch kw.name {
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "default", "example", "enum":
			var ok bool
			n, ok = parseNumber(kw.value)
			if !ok {
				report(fmt.Sprintf("jsonschema tag: %s=%s is not a JSON number", kw.name, kw.value))
				continue
			}
		}
		// inType reports a value the decoder could never produce.
		inType := func() bool {
			if t.intType && !isInteger(n) {
				report(fmt.Sprintf("jsonschema tag: %s=%s is not an integer", kw.name, kw.value))
				return false
			}
			if t.lo != "" && (cmpNumbers(n, t.lo) < 0 || cmpNumbers(n, t.hi) > 0) {
				report(fmt.Sprintf("jsonschema tag: %s=%s is outside the range of the Go type [%s, %s]", kw.name, kw.value, t.lo, t.hi))
				return false
			}
			return true
		}
		// portableBound reports whether the bound n is written: a bound no
		// tighter than the Go type's range is left to the decoder, and one
		// beyond ±(2^53−1) is an error (see portableNumber).
		portableBound := func(below bool) bool {
			if t.lo != "" && (below && cmpNumbers(n, t.lo) <= 0 || !below && cmpNumbers(n, t.hi) >= 0) {
				return false
			}
			if !portableNumber(n) {
				report(fmt.Sprintf("jsonschema tag: %s=%s is beyond ±(2^53−1) (%s), which JSON clients cannot write exactly and model providers reject; use a smaller bound", kw.name, kw.value, maxSafeInteger))
				return false
			}
			return true
		}
		switch kw.name {
		case "minimum":
			// The Go type's own bound stays when it is the tighter one.
			if portableBound(true) && (s.Minimum == "" || cmpNumbers(n, s.Minimum) > 0) {
				s.Minimum = n
			}
		case "maximum":
			if portableBound(false) && (s.Maximum == "" || cmpNumbers(n, s.Maximum) < 0) {
				s.Maximum = n
			}
		case "exclusiveMinimum":
			if portableBound(true) {
				s.ExclusiveMinimum = n
			}
		case "exclusiveMaximum":
			if portableBound(false) {
				s.ExclusiveMaximum = n
			}
		case "multipleOf":
			if numberSign(n) <= 0 {
				report(fmt.Sprintf("jsonschema tag: multipleOf=%s must be greater than 0", kw.value))
				continue
			}
			s.MultipleOf = n
		case "default":
			if inType() {
				s.Default = n
			}
		case "example":
			if inType() {
				s.Examples = append(s.Examples, n)
			}
		case "enum":
			if inType() {
				enum = append(enum, n)
			}
		default:
			rest = append(rest, kw)
		}
	}
	if enum != nil {
		s.Enum = enum
	}
	return rest
}

func booleanKeywords(s *jsonschema.Schema, kws []tagKeyword, report func(string)) (rest []tagKeyword) {
	rest = kws[:0] // filtered in place
	for _, kw := range kws {
		if kw.name != "default" {
			rest = append(rest, kw)
			continue
		}
		switch kw.value {
		case "true":
			s.Default = true
		case "false":
			s.Default = false
		default:
			report(fmt.Sprintf("jsonschema tag: default=%s is not true or false", kw.value))
		}
	}
	return rest
}

func arrayKeywords(s *jsonschema.Schema, items *keywordTarget, kws []tagKeyword, report func(string)) (rest []tagKeyword) {
	var defaults []any
	forItems := kws[:0] // filtered in place
	for _, kw := range kws {
		switch kw.name {
		case "minItems":
			s.MinItems = parseCount(kw, report)
		case "maxItems":
			s.MaxItems = parseCount(kw, report)
		case "uniqueItems":
			if kw.value != "true" {
				report(fmt.Sprintf("jsonschema tag: write uniqueItems=true (invopop sets it for any value, so %q is misleading)", kw.value))
				continue
			}
			s.UniqueItems = true
		case "default":
			// invopop collects array defaults as strings.
			if items == nil || items.s.Type != "string" {
				report("jsonschema tag: default= on an array is supported only for string items")
				continue
			}
			defaults = append(defaults, kw.value)
		default:
			if !knownKeyword(kw.name) {
				// Unknown here and to the items: said of the array,
				// whose sizes a borrowed max= or len= means.
				unknownKeyword(kw.name, "array", report)
				continue
			}
			forItems = append(forItems, kw)
		}
	}
	if defaults != nil {
		s.Default = defaults
	}
	if len(forItems) == 0 {
		return nil
	}
	if items == nil || (items.s.Type != "string" && items.s.Type != "integer" && items.s.Type != "number" && items.s.Type != "boolean") {
		// invopop does not pass keywords on to items of other types.
		return forItems
	}
	// invopop sets format and pattern on the items whatever their type.
	itemRest := forItems[:0]
	for _, kw := range forItems {
		if (kw.name == "format" || kw.name == "pattern") && items.s.Type != "string" {
			report(fmt.Sprintf("jsonschema tag: %s does not apply to items of type %s", kw.name, items.s.Type))
			continue
		}
		itemRest = append(itemRest, kw)
	}
	applyKeywords(*items, nil, itemRest, report)
	return nil
}

func parseCount(kw tagKeyword, report func(string)) *uint64 {
	n, err := strconv.ParseUint(kw.value, 10, 64)
	if err != nil {
		report(fmt.Sprintf("jsonschema tag: %s=%s is not a non-negative integer", kw.name, kw.value))
		return nil
	}
	return &n
}
