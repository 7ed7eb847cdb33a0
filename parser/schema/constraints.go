package schema

import (
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/intpattern"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// Some hosts drop the validation keywords of an input schema before the
// model sees it (minimum, maxLength, pattern, format, contentEncoding...),
// and some providers refuse them: the model then learns a bound only by
// failing. Describe states a schema's constraints in its description too,
// short and plain ("1 to 100", "at most 20 items", "RFC 3339 date-time",
// "base64"), written from the keywords themselves so that the two never
// disagree.

// A keywordSet selects the keywords whose constraint Describe states.
type keywordSet func(keyword string) bool

// everyKeyword selects every keyword.
func everyKeyword(string) bool { return true }

// Describe returns a copy of s in which each subschema's description also
// states the constraints of its keywords that only selects (nil: all of
// them). An array's item constraints join the array's description
// ("each ..."), where a host that flattens the items still shows them. s
// is not modified; a subschema with nothing to state is shared.
func Describe(s *jsonschema.Schema, only func(keyword string) bool) *jsonschema.Schema {
	if only == nil {
		only = everyKeyword
	}
	return describe(s, only)
}

func describe(s *jsonschema.Schema, only keywordSet) *jsonschema.Schema {
	if s == nil || s == jsonschema.FalseSchema || s == nullSchema {
		return s
	}
	c := *s
	phrases := constraintPhrases(s, only)
	if c.Type == "array" && c.Items != nil && c.Items.Properties == nil && c.Items.Ref == "" {
		if each := constraintPhrases(c.Items, only); len(each) > 0 {
			phrases = append(phrases, "each "+strings.Join(each, ", "))
		}
		// The items' constraints are stated above: below, only what their
		// own subschemas hold.
		items := *c.Items
		items.Items = describe(items.Items, only)
		c.Items = &items
	} else {
		c.Items = describe(c.Items, only)
	}
	if c.Properties != nil && only(untypedWord) {
		phrases = append(phrases, untypedPhrases(c.Properties)...)
	}
	c.Description = withConstraints(c.Description, phrases)
	if c.Properties != nil {
		props := newProperties(c.Properties.Len())
		for p := c.Properties.Oldest(); p != nil; p = p.Next() {
			props.Set(p.Key, describe(p.Value, only))
		}
		c.Properties = props
	}
	if !isFalseSchema(c.AdditionalProperties) {
		c.AdditionalProperties = describe(c.AdditionalProperties, only)
	}
	if c.AnyOf != nil {
		alts := make([]*jsonschema.Schema, len(c.AnyOf))
		for i, alt := range c.AnyOf {
			alts[i] = describe(alt, only)
		}
		c.AnyOf = alts
	}
	if c.Definitions != nil {
		defs := jsonschema.Definitions{}
		for name, d := range c.Definitions {
			defs[name] = describe(d, only)
		}
		c.Definitions = defs
	}
	return &c
}

// untypedWord selects, in a keywordSet, the restating of the descriptions
// of an object's properties of any type: Codex drops the description of a
// property without "type" ({"description": "..."} becomes {}), so the
// object that holds it states it too ("extra (any JSON value): ...").
const untypedWord = "untyped"

// untypedPhrases returns the phrases that restate the descriptions of the
// properties of any type among props.
func untypedPhrases(props *orderedmap.OrderedMap[string, *jsonschema.Schema]) []string {
	var out []string
	for p := props.Oldest(); p != nil; p = p.Next() {
		v := p.Value
		if v.Description != "" && v.Type == "" && v.Ref == "" && v.AnyOf == nil && v.AllOf == nil && v.OneOf == nil && v.Enum == nil && v.Const == nil {
			out = append(out, p.Key+" (any JSON value): "+strings.TrimSuffix(v.Description, "."))
		}
	}
	return out
}

// withConstraints returns the description desc followed by the constraint
// phrases: "The page size (1 to 100)." or, without a description, "1 to
// 100".
func withConstraints(desc string, phrases []string) string {
	if len(phrases) == 0 {
		return desc
	}
	stated := strings.Join(phrases, ", ")
	if desc == "" {
		return stated
	}
	if d, ok := strings.CutSuffix(desc, "."); ok {
		return d + " (" + stated + ")."
	}
	return desc + " (" + stated + ")"
}

// constraintPhrases returns the constraints of s's own keywords that only
// selects, each as a short phrase, in a fixed order.
func constraintPhrases(s *jsonschema.Schema, only keywordSet) []string {
	var out []string
	add := func(p string) {
		if p != "" {
			out = append(out, p)
		}
	}
	has := func(kw string, set bool) bool { return set && only(kw) }
	// Numbers.
	lo, hi := "", ""
	if has("minimum", s.Minimum != "") {
		lo = string(s.Minimum)
	}
	if has("maximum", s.Maximum != "") {
		hi = string(s.Maximum)
	}
	if has("exclusiveMinimum", s.ExclusiveMinimum != "") {
		lo = "more than " + string(s.ExclusiveMinimum)
	} else if lo != "" {
		lo = "at least " + lo
	}
	if has("exclusiveMaximum", s.ExclusiveMaximum != "") {
		hi = "less than " + string(s.ExclusiveMaximum)
	} else if hi != "" {
		hi = "at most " + hi
	}
	switch {
	case strings.HasPrefix(lo, "at least ") && strings.HasPrefix(hi, "at most "):
		add(strings.TrimPrefix(lo, "at least ") + " to " + strings.TrimPrefix(hi, "at most "))
	case lo != "" && hi != "":
		add(lo + " and " + hi)
	default:
		add(lo + hi)
	}
	if has("multipleOf", s.MultipleOf != "") {
		add("a multiple of " + string(s.MultipleOf))
	}
	// Strings.
	add(countPhrase(s.MinLength, s.MaxLength, only("minLength"), only("maxLength"), "character"))
	if has("format", s.Format != "") {
		add(formatPhrase(s.Format))
	}
	if has("contentEncoding", s.ContentEncoding != "") {
		add(s.ContentEncoding)
	}
	// A []byte's pattern is the base64 its contentEncoding states.
	if has("pattern", s.Pattern != "") && !(s.Pattern == base64Pattern && s.ContentEncoding != "") {
		// An integer kind's pattern (a quoted integer, an integer map key)
		// is hundreds of characters a model cannot read: its range.
		if r, ok := intpattern.KindRange(s.Pattern); ok {
			add("an integer from " + r.Lo + " to " + r.Hi + ", in a string")
		} else {
			add("matching " + s.Pattern)
		}
	}
	// Arrays and objects.
	add(countPhrase(s.MinItems, s.MaxItems, only("minItems"), only("maxItems"), "item"))
	if has("uniqueItems", s.UniqueItems) {
		add("no duplicates")
	}
	add(countPhrase(s.MinProperties, s.MaxProperties, only("minProperties"), only("maxProperties"), "entry"))
	if k := s.PropertyNames; has("propertyNames", k != nil && k.Pattern != "") {
		if r, ok := intpattern.KindRange(k.Pattern); ok {
			add("keys: integers from " + r.Lo + " to " + r.Hi)
		} else {
			add("keys matching " + k.Pattern)
		}
	}
	return out
}

// countPhrase states the bounds min and max of a count of units: "1 to 20
// items", "at least 1 character", "at most 3 entries"; "" when neither is
// set and selected.
func countPhrase(min, max *uint64, useMin, useMax bool, unit string) string {
	if !useMin {
		min = nil
	}
	if !useMax {
		max = nil
	}
	plural := func(n uint64) string {
		if n == 1 {
			return unit
		}
		if strings.HasSuffix(unit, "y") {
			return strings.TrimSuffix(unit, "y") + "ies"
		}
		return unit + "s"
	}
	n := strconv.FormatUint
	switch {
	case min != nil && max != nil && *min == *max:
		return "exactly " + n(*min, 10) + " " + plural(*min)
	case min != nil && max != nil:
		return n(*min, 10) + " to " + n(*max, 10) + " " + plural(*max)
	case min != nil && *min > 0:
		return "at least " + n(*min, 10) + " " + plural(*min)
	case max != nil:
		return "at most " + n(*max, 10) + " " + plural(*max)
	}
	return ""
}

// formatPhrase names a string format as people write it.
func formatPhrase(f string) string {
	switch f {
	case "date-time":
		return "RFC 3339 date-time"
	case "date":
		return "RFC 3339 date (YYYY-MM-DD)"
	case "time":
		return "RFC 3339 time"
	case "duration":
		return "ISO 8601 duration"
	case "email":
		return "email address"
	case "uri":
		return "absolute URI"
	case "uri-reference":
		return "URI reference"
	case "uuid":
		return "UUID"
	case "ipv4":
		return "IPv4 address"
	case "ipv6":
		return "IPv6 address"
	case "hostname":
		return "host name"
	}
	return "format " + f
}
