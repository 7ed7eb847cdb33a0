package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/internal/intpattern"
)

// JSON types, as a bit set.
const (
	typeNull uint8 = 1 << iota
	typeBoolean
	typeObject
	typeArray
	typeNumber
	typeString
	typeInteger
)

var typeNames = map[string]uint8{
	"null": typeNull, "boolean": typeBoolean, "object": typeObject, "array": typeArray,
	"number": typeNumber, "string": typeString, "integer": typeInteger,
}

// A schemaNode is one compiled (sub)schema.
type schemaNode struct {
	never    bool        // the false schema
	ref      *schemaNode // $ref target, applied in addition to the other keywords
	assertsN bool        // the node asserts something besides $ref
	types    uint8       // 0: any type

	enum     map[string]struct{} // canonical forms (see appendCanonical)
	enumText string              // for messages
	hasConst bool
	constVal string // canonical form
	constTxt string

	minimum, maximum, exclMin, exclMax *numBound
	multipleOf                         *numBound

	minLength, maxLength int // -1: none
	pattern              *regexp.Regexp
	patternFast          func([]byte) bool // equivalent to pattern, faster
	patternIsBase64      bool              // pattern implies contentEncoding base64
	patternInts          string            // the integers pattern matches, for messages ("an integer from 0 to 255"), or ""
	format               *stringFormat
	formatName           string
	base64               bool

	props         map[string]propInfo
	propNames     []string // sorted, for messages
	required      []string
	patternProps  []patternProp
	additional    *schemaNode // nil: anything
	propertyNames *schemaNode
	minProps      int
	maxProps      int // -1: none

	prefixItems []*schemaNode
	items       *schemaNode // nil: anything
	minItems    int
	maxItems    int // -1: none
	uniqueItems bool

	allOf, anyOf, oneOf []*schemaNode
	not                 *schemaNode

	// if, then and else; then and else without if are compiled (so that
	// they are valid schemas) but never applied.
	ifN, thenN, elseN *schemaNode

	// For messages only, set at compile time.
	title       string // the schema's title, naming it as an alternative
	patternText string // a long pattern's description or title, cut to a line
	soleText    string // of a not's schema, what a value of it is or has, when that is one const, enum, type or required: `be "a"`, `be one of 1, 2`, `be a string`, `have "a"`
}

type propInfo struct {
	schema *schemaNode // nil when only required
	req    int         // index in required, or -1
}

type patternProp struct {
	re     *regexp.Regexp
	schema *schemaNode
}

// A numBound is a number from a schema, kept exactly.
type numBound struct {
	d    decNum
	text string
}

// annotations are keywords without effect on validation.
var annotations = map[string]bool{
	"title": true, "description": true, "default": true, "examples": true,
	"$schema": true, "$comment": true, "readOnly": true, "writeOnly": true,
	"deprecated": true, "contentMediaType": true, "$id": true,
	// MCP's own: the header that mirrors an argument (checked by the HTTP
	// transport, see checkParamHeaders) and the titles of an elicitation
	// form's enum values.
	"x-mcp-header": true, "enumNames": true,
}

type schemaCompiler struct {
	root  any
	nodes map[string]*schemaNode // by JSON Pointer, for $ref
	refs  []*schemaNode          // nodes with a $ref, for the cycle check

	anchors map[string]anchorAt // by $anchor, for $ref "#name"
}

// anchorAt is where a $anchor is: the schema's JSON Pointer and the schema.
type anchorAt struct {
	ptr    string
	schema any
}

// anchorName is the syntax of a plain-name fragment (JSON Schema 2020-12,
// section 8.2.2).
var anchorName = regexp.MustCompile(`^[A-Za-z_][-A-Za-z0-9._]*$`)

// collectAnchors records the $anchor of the schema v at ptr and of its
// subschemas (those of the keywords Compile supports), so that a $ref may
// name one before the compiler reaches it. An anchor is an error when it
// is not a plain name or is defined twice.
func (c *schemaCompiler) collectAnchors(v any, ptr string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if a, ok := m["$anchor"]; ok {
		name, _ := a.(string)
		if !anchorName.MatchString(name) {
			return &schemaError{fmt.Sprintf("%s: $anchor: must be a name of letters, digits, '-', '_' and '.' that starts with a letter or '_' (got %s)", where(ptr), jsonText(a))}
		}
		if prev, dup := c.anchors[name]; dup {
			return &schemaError{fmt.Sprintf("%s: $anchor: %q is already the anchor of the schema %s", where(ptr), name, where(prev.ptr)[3:])}
		}
		if c.anchors == nil {
			c.anchors = map[string]anchorAt{}
		}
		c.anchors[name] = anchorAt{ptr, v}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first of two duplicates is the one reported
	for _, k := range keys {
		kp := ptr + "/" + escapePointer(k)
		var err error
		switch k {
		case "additionalProperties", "propertyNames", "items", "not", "if", "then", "else":
			err = c.collectAnchors(m[k], kp)
		case "$defs", "definitions", "properties", "patternProperties":
			sub, _ := m[k].(map[string]any)
			names := make([]string, 0, len(sub))
			for name := range sub {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				if err = c.collectAnchors(sub[name], kp+"/"+escapePointer(name)); err != nil {
					break
				}
			}
		case "prefixItems", "allOf", "anyOf", "oneOf":
			list, _ := m[k].([]any)
			for i, e := range list {
				if err = c.collectAnchors(e, kp+"/"+strconv.Itoa(i)); err != nil {
					break
				}
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// jsonText returns the JSON text of v, for messages.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Compile compiles a tool's input schema (JSON text, as mcpgen emits
// it) once, at registration. It fails, with an error that says where
// ("at /properties/a: maxLength: must be a non-negative integer"), on
// invalid JSON, on keywords it does
// not know (so that no constraint is silently dropped), on $ref that is not
// a local JSON Pointer ("#", "#/$defs/Name"), and on invalid keyword values.
//
// Supported, with JSON Schema 2020-12 semantics:
//
//   - boolean schemas, {} and true; type (a name or a list; "integer"
//     includes 1.0 and 1e2); enum and const (JSON equality: numbers by
//     value, object members in any order)
//   - minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, all
//     in exact decimal arithmetic (no float64 rounding; 0.3 is a multiple of
//     0.1, 18446744073709551616 exceeds 18446744073709551615)
//   - minLength, maxLength (Unicode code points), pattern (Go regexp syntax,
//     unanchored search), format (asserted: date-time, date, time, email,
//     hostname, ipv4, ipv6, uri, uuid; others are annotations), and
//     contentEncoding "base64" (standard, padded, as encoding/json decodes
//     []byte)
//   - properties, required, patternProperties, additionalProperties,
//     propertyNames, minProperties, maxProperties
//   - items, prefixItems, minItems, maxItems, uniqueItems
//   - $defs (and definitions), $anchor, $ref (local, recursive: a JSON
//     Pointer or an anchor's name, "#name"), allOf, anyOf, oneOf, not, if,
//     then, else
//   - annotations, ignored: title, description, default, examples, $schema,
//     $id (root only), $comment, readOnly, writeOnly, deprecated,
//     contentMediaType
func Compile(text string) (*Validator, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: unexpected data after the top-level value")
	}
	c := &schemaCompiler{root: root, nodes: map[string]*schemaNode{}}
	if err := c.collectAnchors(root, ""); err != nil {
		return nil, err
	}
	n, err := c.compile(root, "")
	if err != nil {
		return nil, err
	}
	// A cycle of $refs that never descends into the instance would never end.
	for _, r := range c.refs {
		seen := map[*schemaNode]bool{}
		for x := r; x != nil; x = x.ref {
			if seen[x] {
				return nil, errors.New("$ref cycle that does not descend into the instance")
			}
			seen[x] = true
		}
	}
	return &Validator{root: n}, nil
}

func (c *schemaCompiler) compile(v any, ptr string) (*schemaNode, error) {
	if n := c.nodes[ptr]; n != nil {
		return n, nil
	}
	n := &schemaNode{minLength: -1, maxLength: -1, maxProps: -1, maxItems: -1}
	c.nodes[ptr] = n
	switch v := v.(type) {
	case bool:
		n.never = !v
		return n, nil
	case map[string]any:
		if err := c.compileObject(n, v, ptr); err != nil {
			return nil, err
		}
		return n, nil
	}
	return nil, &schemaError{where(ptr) + ": schema must be an object or a boolean"}
}

// A schemaError is a compile error that already says where it is.
type schemaError struct{ msg string }

func (e *schemaError) Error() string { return e.msg }

func where(ptr string) string {
	if ptr == "" {
		return "at the root"
	}
	return "at " + ptr
}

func (c *schemaCompiler) compileObject(n *schemaNode, m map[string]any, ptr string) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if annotations[k] {
			if k == "$id" && ptr != "" {
				return fmt.Errorf("%s: $id is only supported at the root", where(ptr))
			}
			continue
		}
		kp := ptr + "/" + escapePointer(k)
		if err := c.keyword(n, k, m[k], ptr, kp); err != nil {
			if _, located := err.(*schemaError); located {
				return err
			}
			return &schemaError{fmt.Sprintf("%s: %s: %v", where(ptr), k, err)}
		}
	}
	n.assertsN = n.types != 0 || n.enum != nil || n.hasConst || n.minimum != nil || n.maximum != nil ||
		n.exclMin != nil || n.exclMax != nil || n.multipleOf != nil || n.minLength >= 0 || n.maxLength >= 0 ||
		n.pattern != nil || n.format != nil || n.base64 || n.props != nil || n.patternProps != nil ||
		n.additional != nil || n.propertyNames != nil || n.minProps > 0 || n.maxProps >= 0 ||
		n.prefixItems != nil || n.items != nil || n.minItems > 0 || n.maxItems >= 0 || n.uniqueItems ||
		n.allOf != nil || n.anyOf != nil || n.oneOf != nil || n.not != nil || n.ifN != nil
	n.title, _ = m["title"].(string)
	n.title = shortLine(n.title)
	if n.pattern != nil && !n.patternIsBase64 && n.patternInts == "" && len(n.pattern.String()) > maxPatternInMessage {
		d, _ := m["description"].(string)
		if d = shortLine(d); d == "" {
			d = n.title
		}
		n.patternText = d
	}
	if n.props != nil {
		for name, p := range n.props {
			if p.schema != nil {
				n.propNames = append(n.propNames, name)
			}
		}
		slices.Sort(n.propNames)
	}
	return nil
}

// keyword compiles keyword k, whose value is v, into n; kp is the
// keyword's JSON pointer. Each family of keywords has a function of its
// own.
func (c *schemaCompiler) keyword(n *schemaNode, k string, v any, ptr, kp string) error {
	switch k {
	case "$defs", "definitions", "$ref":
		return c.referenceKeyword(n, k, v, kp)
	case "type", "enum", "const":
		return c.valueKeyword(n, k, v, kp)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		return c.numberKeyword(n, k, v, kp)
	case "minLength", "maxLength", "pattern", "format", "contentEncoding":
		return c.stringKeyword(n, k, v, kp)
	case "properties", "required", "patternProperties", "additionalProperties", "propertyNames", "minProperties", "maxProperties":
		return c.objectKeyword(n, k, v, kp)
	case "items", "prefixItems", "minItems", "maxItems", "uniqueItems":
		return c.arrayKeyword(n, k, v, kp)
	case "allOf", "anyOf", "oneOf", "not", "if", "then", "else":
		return c.combinatorKeyword(n, k, v, kp)
	case "$anchor":
		// Collected before compiling (see collectAnchors); here only
		// checked.
		return nil
	}
	return errors.New("unsupported keyword")
}

// referenceKeyword compiles the keywords that name and refer to schemas.
func (c *schemaCompiler) referenceKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "$defs", "definitions":
		defs, ok := v.(map[string]any)
		if !ok {
			return errors.New("must be an object")
		}
		for name, d := range defs {
			if _, err := c.compile(d, kp+"/"+escapePointer(name)); err != nil {
				return err
			}
		}
	case "$ref":
		s, ok := v.(string)
		if !ok {
			return errors.New("must be a string")
		}
		n.ref, err = c.resolve(s)
		c.refs = append(c.refs, n)
	}
	return err
}

// valueKeyword compiles the keywords that restrict a value's type or its values.
func (c *schemaCompiler) valueKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "type":
		switch v := v.(type) {
		case string:
			n.types = typeNames[v]
			if n.types == 0 {
				return fmt.Errorf("unknown type %q", v)
			}
		case []any:
			if len(v) == 0 {
				return errors.New("must not be empty")
			}
			for _, t := range v {
				s, _ := t.(string)
				b := typeNames[s]
				if b == 0 || n.types&b != 0 {
					return fmt.Errorf("invalid or repeated type %v", t)
				}
				n.types |= b
			}
		default:
			return errors.New("must be a string or an array of strings")
		}
	case "enum":
		list, ok := v.([]any)
		if !ok {
			return errors.New("must be an array")
		}
		n.enum = map[string]struct{}{}
		var texts []string
		for _, e := range list {
			canon, text, err := canonicalSchemaValue(e)
			if err != nil {
				return err
			}
			n.enum[canon] = struct{}{}
			if len(texts) < 20 {
				texts = append(texts, text)
			} else if len(texts) == 20 {
				texts = append(texts, "...")
			}
		}
		n.enumText = strings.Join(texts, ", ")
	case "const":
		n.hasConst = true
		n.constVal, n.constTxt, err = canonicalSchemaValue(v)
	}
	return err
}

// numberKeyword compiles the keywords of numbers.
func (c *schemaCompiler) numberKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "minimum":
		n.minimum, err = bound(v, false)
	case "maximum":
		n.maximum, err = bound(v, false)
	case "exclusiveMinimum":
		n.exclMin, err = bound(v, false)
	case "exclusiveMaximum":
		n.exclMax, err = bound(v, false)
	case "multipleOf":
		n.multipleOf, err = bound(v, true)
	}
	return err
}

// stringKeyword compiles the keywords of strings.
func (c *schemaCompiler) stringKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "minLength":
		n.minLength, err = count(v)
	case "maxLength":
		n.maxLength, err = count(v)
	case "pattern":
		n.pattern, err = compilePattern(v)
		if err == nil {
			n.patternFast = fastPatterns[n.pattern.String()]
			if n.patternFast == nil {
				n.patternFast = classRunMatcher(n.pattern.String())
			}
			n.patternIsBase64 = n.pattern.String() == base64Pattern || n.pattern.String() == base64NLPattern
			if r, ok := intpattern.KindRange(n.pattern.String()); ok {
				n.patternInts = "an integer from " + r.Lo + " to " + r.Hi
			}
		}
	case "format":
		s, ok := v.(string)
		if !ok {
			return errors.New("must be a string")
		}
		if f, ok := stringFormats[s]; ok {
			n.format, n.formatName = &f, s
		}
	case "contentEncoding":
		s, ok := v.(string)
		if !ok || s != "base64" {
			return fmt.Errorf("unsupported encoding %v (only base64)", v)
		}
		n.base64 = true
	}
	return err
}

// objectKeyword compiles the keywords of objects.
func (c *schemaCompiler) objectKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "properties":
		props, ok := v.(map[string]any)
		if !ok {
			return errors.New("must be an object")
		}
		if n.props == nil {
			n.props = map[string]propInfo{}
		}
		for name, ps := range props {
			s, err := c.compile(ps, kp+"/"+escapePointer(name))
			if err != nil {
				return err
			}
			p, ok := n.props[name]
			if !ok {
				p.req = -1
			}
			p.schema = s
			n.props[name] = p
		}
	case "required":
		list, ok := v.([]any)
		if !ok {
			return errors.New("must be an array of strings")
		}
		if n.props == nil {
			n.props = map[string]propInfo{}
		}
		for _, e := range list {
			s, ok := e.(string)
			if !ok {
				return errors.New("must be an array of strings")
			}
			p, ok := n.props[s]
			if ok && p.req >= 0 {
				return fmt.Errorf("%q is listed twice", s)
			}
			p.req = len(n.required)
			n.props[s] = p
			n.required = append(n.required, s)
		}
	case "patternProperties":
		pp, ok := v.(map[string]any)
		if !ok {
			return errors.New("must be an object")
		}
		pats := make([]string, 0, len(pp))
		for p := range pp {
			pats = append(pats, p)
		}
		slices.Sort(pats)
		for _, p := range pats {
			re, err := compilePattern(p)
			if err != nil {
				return err
			}
			s, err := c.compile(pp[p], kp+"/"+escapePointer(p))
			if err != nil {
				return err
			}
			n.patternProps = append(n.patternProps, patternProp{re, s})
		}
	case "additionalProperties":
		n.additional, err = c.compile(v, kp)
	case "propertyNames":
		n.propertyNames, err = c.compile(v, kp)
	case "minProperties":
		n.minProps, err = count(v)
	case "maxProperties":
		n.maxProps, err = count(v)
	}
	return err
}

// arrayKeyword compiles the keywords of arrays.
func (c *schemaCompiler) arrayKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "items":
		n.items, err = c.compile(v, kp)
	case "prefixItems":
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			return errors.New("must be a non-empty array of schemas")
		}
		n.prefixItems = []*schemaNode{}
		for i, e := range list {
			s, err := c.compile(e, kp+"/"+strconv.Itoa(i))
			if err != nil {
				return err
			}
			n.prefixItems = append(n.prefixItems, s)
		}
	case "minItems":
		n.minItems, err = count(v)
	case "maxItems":
		n.maxItems, err = count(v)
	case "uniqueItems":
		b, ok := v.(bool)
		if !ok {
			return errors.New("must be a boolean")
		}
		n.uniqueItems = b
	}
	return err
}

// combinatorKeyword compiles the keywords that combine schemas.
func (c *schemaCompiler) combinatorKeyword(n *schemaNode, k string, v any, kp string) error {
	var err error
	switch k {
	case "allOf", "anyOf", "oneOf":
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			return errors.New("must be a non-empty array of schemas")
		}
		nodes := make([]*schemaNode, len(list))
		for i, e := range list {
			if nodes[i], err = c.compile(e, kp+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		switch k {
		case "allOf":
			n.allOf = nodes
		case "anyOf":
			n.anyOf = nodes
		default:
			n.oneOf = nodes
		}
	case "not":
		// Only a not's message says what a value of the schema is.
		if n.not, err = c.compile(v, kp); err == nil {
			if m, ok := v.(map[string]any); ok {
				n.not.soleText = soleText(n.not, m)
			}
		}
	case "if":
		n.ifN, err = c.compile(v, kp)
	case "then":
		n.thenN, err = c.compile(v, kp)
	case "else":
		n.elseN, err = c.compile(v, kp)
	}
	return err
}

// resolve compiles the target of a local $ref: "#" or "#/json/pointer".
func (c *schemaCompiler) resolve(ref string) (*schemaNode, error) {
	if name, ok := strings.CutPrefix(ref, "#"); ok && name != "" && !strings.HasPrefix(name, "/") {
		a, ok := c.anchors[name]
		if !ok {
			return nil, fmt.Errorf("%q: no schema has the $anchor %q", ref, name)
		}
		return c.compile(a.schema, a.ptr)
	}
	if ref != "#" && !strings.HasPrefix(ref, "#/") {
		return nil, fmt.Errorf("%q: only local references (#/$defs/Name, or #name for a $anchor) are supported", ref)
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil {
		return nil, fmt.Errorf("%q: %v", ref, err)
	}
	v := c.root
	ptr := ""
	if frag != "" {
		for _, tok := range strings.Split(frag[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch x := v.(type) {
			case map[string]any:
				var ok bool
				if v, ok = x[tok]; !ok {
					return nil, fmt.Errorf("%q: not found", ref)
				}
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return nil, fmt.Errorf("%q: not found", ref)
				}
				v = x[i]
			default:
				return nil, fmt.Errorf("%q: not found", ref)
			}
			ptr += "/" + escapePointer(tok)
		}
	}
	return c.compile(v, ptr)
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func compilePattern(v any) (*regexp.Regexp, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errors.New("must be a string")
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("invalid Go regular expression %q: %v", s, err)
	}
	return re, nil
}

func bound(v any, positive bool) (*numBound, error) {
	num, ok := v.(json.Number)
	if !ok {
		return nil, errors.New("must be a number")
	}
	d, ok := parseDecNum([]byte(num))
	if !ok {
		return nil, errors.New("must be a number")
	}
	if positive && (d.neg || d.isZero()) {
		return nil, errors.New("must be greater than 0")
	}
	return &numBound{d: d, text: string(num)}, nil
}

func count(v any) (int, error) {
	num, ok := v.(json.Number)
	if ok {
		d, ok2 := parseDecNum([]byte(num))
		if ok2 && !d.neg && d.isInteger() {
			var max decNum
			max, _ = parseDecNum([]byte(strconv.Itoa(math.MaxInt32)))
			if cmpDec(&d, &max) > 0 {
				return math.MaxInt32, nil
			}
			f, err := num.Float64()
			if err == nil {
				return int(f), nil
			}
		}
	}
	return 0, errors.New("must be a non-negative integer")
}

// canonicalSchemaValue returns the canonical form of a value from the
// schema (see appendCanonical) and its JSON text for messages.
func canonicalSchemaValue(v any) (canon, text string, err error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", "", err
	}
	raw := bytes.TrimSpace(buf.Bytes())
	return string(appendCanonical(nil, raw)), string(raw), nil
}

// fastPatterns are hand-written matchers, equivalent to the regular
// expression, for patterns mcpgen emits and that Go's regexp package
// matches slowly on long strings (see TestFastPatterns).
var fastPatterns = map[string]func([]byte) bool{
	base64Pattern:   func(b []byte) bool { return isBase64(b, false) },
	base64NLPattern: func(b []byte) bool { return isBase64(b, true) },
}

// base64Pattern is the pattern mcpgen emitted for []byte fields before
// base64NLPattern: padded standard base64 without newlines.
const base64Pattern = `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`

// base64NLPattern is the pattern mcpgen emits for []byte fields: padded
// standard base64 with \r and \n anywhere, exactly what encoding/json
// decodes into a []byte (base64.StdEncoding ignores newlines).
const base64NLPattern = `^[\r\n]*(?:(?:[A-Za-z0-9+/][\r\n]*){4})*(?:(?:[A-Za-z0-9+/][\r\n]*){2}=[\r\n]*=|(?:[A-Za-z0-9+/][\r\n]*){3}=)?[\r\n]*$`

func (n *schemaNode) matchPattern(b []byte) bool {
	if n.patternFast != nil {
		return n.patternFast(b)
	}
	return n.pattern.Match(b)
}

// classRunMatcher returns a matcher equivalent to the pattern when it is an
// anchored run of one character class, like ^[a-z0-9_-]+$ or ^[0-9]{1,3}$
// (common in tool schemas, and matched faster by a table than by regexp),
// or nil.
func classRunMatcher(pattern string) func([]byte) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) != 3 ||
		re.Sub[0].Op != syntax.OpBeginText || re.Sub[2].Op != syntax.OpEndText {
		return nil
	}
	run := re.Sub[1]
	lo, hi := 0, -1 // hi -1: unbounded
	switch run.Op {
	case syntax.OpStar:
	case syntax.OpPlus:
		lo = 1
	case syntax.OpRepeat:
		lo, hi = run.Min, run.Max
	default:
		return nil
	}
	class := run.Sub[0]
	var ranges []rune // pairs lo, hi
	switch {
	case class.Op == syntax.OpCharClass:
		ranges = class.Rune
	case class.Op == syntax.OpLiteral && len(class.Rune) == 1 && class.Flags&syntax.FoldCase == 0:
		ranges = []rune{class.Rune[0], class.Rune[0]}
	default:
		return nil
	}
	var ascii [128]bool
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r < 128; r++ {
			ascii[r] = true
		}
	}
	in := func(r rune) bool {
		for i := 0; i+1 < len(ranges); i += 2 {
			if r >= ranges[i] && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	return func(b []byte) bool {
		n := 0
		for i := 0; i < len(b); {
			if c := b[i]; c < utf8.RuneSelf {
				if !ascii[c] {
					return false
				}
				i++
			} else {
				r, size := utf8.DecodeRune(b[i:])
				if !in(r) {
					return false
				}
				i += size
			}
			n++
		}
		return n >= lo && (hi < 0 || n <= hi)
	}
}

// shortLine returns the first line of s, trimmed and cut to about 80
// characters, for a message of one short line.
func shortLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)[:79]
		s = strings.TrimRight(string(r), " ") + "…"
	}
	return s
}

// soleText says what a value of n is or has (for "must not ...") when n's
// only keyword (besides annotations) is a const, an enum, a type or
// required, or else when n has a title; else "". m is n's schema.
func soleText(n *schemaNode, m map[string]any) string {
	var sole string
	for k := range m {
		if annotations[k] {
			continue
		}
		if sole != "" {
			sole = "several"
			break
		}
		sole = k
	}
	switch {
	case sole == "const" && n.hasConst && len(n.constTxt) <= 80:
		return "be " + n.constTxt
	case sole == "enum" && n.enum != nil && len(n.enumText) <= 80:
		return "be one of " + n.enumText
	case sole == "type" && n.types != 0:
		return "be " + typeText(n.types)
	case sole == "required" && len(n.required) > 0 && len(n.required) <= 5:
		q := make([]string, len(n.required))
		for i, r := range n.required {
			q[i] = strconv.Quote(r)
		}
		if len(q) == 1 {
			return "have " + q[0]
		}
		return "have all of " + strings.Join(q, ", ")
	case n.title != "":
		return "be " + n.title
	}
	return ""
}
