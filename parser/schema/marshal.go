package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/invopop/jsonschema"
	"github.com/mcpgen/mcpgen/internal/jsontext"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// Marshal returns the deterministic, 2-space indented JSON text of s, with
// its keys in a fixed order that reads well: the identifiers ($schema, $id,
// $ref), then "type", then what describes the value (title, description,
// enum, format, bounds), then its parts (items, properties, required), the
// combinations (anyOf, ...), annotations (default, examples), other keywords
// (Extras, sorted) and "$defs" last.
//
// The text holds the same JSON value as invopop's own MarshalJSON, except
// that a schema with nothing set is written {} where invopop writes true
// (the TypeScript SDK v1 client rejects a boolean schema, and so do several
// hosts): only jsonschema.FalseSchema, and a schema invopop itself writes
// as false, are written as a boolean; and a non-nil empty Required is
// written "required": [] (OpenAI's strict mode wants it on every object). TestMarshalCorpus compares the two.
// Unlike encoding/json it leaves <, > and & unescaped, for readability, and
// escapes the backquote as \u0060 so that the text fits in a Go raw string
// literal. Only the exported fields of jsonschema.Schema and its MarshalJSON
// are used.
func Marshal(s *jsonschema.Schema) (string, error) {
	bp := marshalBuffers.Get().(*[]byte)
	w := schemaWriter{buf: (*bp)[:0]}
	err := w.schema(s, 0)
	text := string(w.buf)
	if cap(w.buf) <= 1<<20 {
		*bp = w.buf
		marshalBuffers.Put(bp)
	}
	if err != nil {
		return "", err
	}
	return text, nil
}

// marshalBuffers holds the writers' buffers between calls, which would
// otherwise grow from nothing for every schema. Invariant: Marshal copies
// the text out of the buffer before it returns the buffer to the pool, and
// keeps no buffer above 1 MiB (TestMarshalBuffersReused). Why: without the
// pool, BenchmarkChecker and BenchmarkMarshal/writer allocate several times
// more (figures: docs/performance.md, "Why the generator's tricks are
// there").
var marshalBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// maxWriterDepth is the nesting depth beyond which the writer hands a
// subschema to encoding/json (which recurses without limit, as before).
const maxWriterDepth = 5000

type schemaWriter struct {
	buf []byte
}

const spaces = "                                                                "

// newline starts a new line indented to depth.
func (w *schemaWriter) newline(depth int) {
	w.buf = append(w.buf, '\n')
	for n := 2 * depth; n > 0; {
		k := min(n, len(spaces))
		w.buf = append(w.buf, spaces[:k]...)
		n -= k
	}
}

// isFalse reports whether s is the boolean schema false. Only a schema
// with no exported field set can be one (jsonschema.FalseSchema, or one
// unmarshaled from false); invopop's MarshalJSON then tells.
func isFalse(s *jsonschema.Schema) bool {
	if s == jsonschema.FalseSchema {
		return true
	}
	if !isEmpty(s) {
		return false
	}
	b, err := s.MarshalJSON()
	return err == nil && string(b) == "false"
}

// isEmpty reports whether no exported field of s is set.
func isEmpty(s *jsonschema.Schema) bool {
	return s.Version == "" && s.ID == "" && s.Anchor == "" && s.Ref == "" && s.DynamicRef == "" &&
		s.Definitions == nil && s.Comments == "" &&
		s.AllOf == nil && s.AnyOf == nil && s.OneOf == nil && s.Not == nil &&
		s.If == nil && s.Then == nil && s.Else == nil && s.DependentSchemas == nil &&
		s.PrefixItems == nil && s.Items == nil && s.Contains == nil &&
		s.Properties == nil && s.PatternProperties == nil && s.AdditionalProperties == nil && s.PropertyNames == nil &&
		s.Type == "" && s.Enum == nil && s.Const == nil &&
		s.MultipleOf == "" && s.Maximum == "" && s.ExclusiveMaximum == "" && s.Minimum == "" && s.ExclusiveMinimum == "" &&
		s.MaxLength == nil && s.MinLength == nil && s.Pattern == "" && s.MaxItems == nil && s.MinItems == nil &&
		!s.UniqueItems && s.MaxContains == nil && s.MinContains == nil && s.MaxProperties == nil && s.MinProperties == nil &&
		s.Required == nil && s.DependentRequired == nil &&
		s.Format == "" && s.ContentEncoding == "" && s.ContentMediaType == "" && s.ContentSchema == nil &&
		s.Title == "" && s.Description == "" && s.Default == nil &&
		!s.Deprecated && !s.ReadOnly && !s.WriteOnly && s.Examples == nil && s.Extras == nil
}

// An object writes the members of one JSON object at depth.
type object struct {
	w     *schemaWriter
	depth int
	n     int
}

// key starts a member; name is the JSON text of the key with its quotes.
func (o *object) key(quoted string) {
	if o.n == 0 {
		o.w.buf = append(o.w.buf, '{')
	} else {
		o.w.buf = append(o.w.buf, ',')
	}
	o.n++
	o.w.newline(o.depth + 1)
	o.w.buf = append(o.w.buf, quoted...)
	o.w.buf = append(o.w.buf, ": "...)
}

// stringKey starts a member whose key is s.
func (o *object) stringKey(s string) {
	if o.n == 0 {
		o.w.buf = append(o.w.buf, '{')
	} else {
		o.w.buf = append(o.w.buf, ',')
	}
	o.n++
	o.w.newline(o.depth + 1)
	o.w.str(s)
	o.w.buf = append(o.w.buf, ": "...)
}

func (o *object) end() {
	if o.n == 0 {
		o.w.buf = append(o.w.buf, "{}"...)
		return
	}
	o.w.newline(o.depth)
	o.w.buf = append(o.w.buf, '}')
}

func (o *object) str(quoted, v string) {
	if v != "" {
		o.key(quoted)
		o.w.str(v)
	}
}

func (o *object) number(quoted string, v json.Number) error {
	if v != "" {
		o.key(quoted)
		return o.w.number(v)
	}
	return nil
}

func (o *object) count(quoted string, v *uint64) {
	if v != nil {
		o.key(quoted)
		o.w.buf = strconv.AppendUint(o.w.buf, *v, 10)
	}
}

func (o *object) flag(quoted string, v bool) {
	if v {
		o.key(quoted)
		o.w.buf = append(o.w.buf, "true"...)
	}
}

func (o *object) sub(quoted string, v *jsonschema.Schema) error {
	if v != nil {
		o.key(quoted)
		return o.w.schema(v, o.depth+1)
	}
	return nil
}

func (o *object) list(quoted string, v []*jsonschema.Schema) error {
	if len(v) > 0 {
		o.key(quoted)
		return o.w.schemas(v, o.depth+1)
	}
	return nil
}

func (o *object) schemaMap(quoted string, m map[string]*jsonschema.Schema) error {
	if len(m) == 0 {
		return nil
	}
	o.key(quoted)
	inner := object{w: o.w, depth: o.depth + 1}
	for _, k := range sortedKeys(m) {
		inner.stringKey(k)
		if err := o.w.schema(m[k], o.depth+2); err != nil {
			return err
		}
	}
	inner.end()
	return nil
}

func (o *object) values(quoted string, v []any) error {
	if len(v) > 0 {
		o.key(quoted)
		return o.w.anys(v, o.depth+1)
	}
	return nil
}

func (o *object) value(quoted string, v any) error {
	if v != nil {
		o.key(quoted)
		return o.w.value(v, o.depth+1)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// schema writes s, whose first line is already indented to depth, in the
// key order Marshal describes. It is one linear list, a keyword or two a
// line in that order, and over 100 lines for it (internal/funclen).
func (w *schemaWriter) schema(s *jsonschema.Schema, depth int) error {
	if s == nil {
		w.buf = append(w.buf, "null"...)
		return nil
	}
	if depth > maxWriterDepth {
		return w.fallback(s, depth)
	}
	if isFalse(s) {
		w.buf = append(w.buf, "false"...)
		return nil
	}
	o := object{w: w, depth: depth}
	o.str(`"$schema"`, s.Version)
	o.str(`"$id"`, string(s.ID))
	o.str(`"$anchor"`, s.Anchor)
	o.str(`"$ref"`, s.Ref)
	o.str(`"$dynamicRef"`, s.DynamicRef)
	o.str(`"$comment"`, s.Comments)

	// What the value is: a type list ([T, "null"], which Type cannot
	// hold, under -profile openai-strict) is kept in Extras.
	o.str(`"type"`, s.Type)
	if t, ok := s.Extras["type"]; ok && s.Type == "" {
		o.stringKey(`type`)
		if err := w.value(t, depth+1); err != nil {
			return err
		}
	}
	o.str(`"title"`, s.Title)
	o.str(`"description"`, s.Description)
	if err := o.values(`"enum"`, s.Enum); err != nil {
		return err
	}
	if err := o.value(`"const"`, s.Const); err != nil {
		return err
	}
	o.str(`"format"`, s.Format)
	o.str(`"pattern"`, s.Pattern)
	o.count(`"minLength"`, s.MinLength)
	o.count(`"maxLength"`, s.MaxLength)
	o.str(`"contentEncoding"`, s.ContentEncoding)
	o.str(`"contentMediaType"`, s.ContentMediaType)
	if err := o.sub(`"contentSchema"`, s.ContentSchema); err != nil {
		return err
	}
	for _, n := range [...]struct {
		key string
		v   json.Number
	}{
		{`"minimum"`, s.Minimum},
		{`"exclusiveMinimum"`, s.ExclusiveMinimum},
		{`"maximum"`, s.Maximum},
		{`"exclusiveMaximum"`, s.ExclusiveMaximum},
		{`"multipleOf"`, s.MultipleOf},
	} {
		if err := o.number(n.key, n.v); err != nil {
			return err
		}
	}

	// Its parts.
	if err := o.sub(`"items"`, s.Items); err != nil {
		return err
	}
	if err := o.list(`"prefixItems"`, s.PrefixItems); err != nil {
		return err
	}
	if err := o.sub(`"contains"`, s.Contains); err != nil {
		return err
	}
	o.count(`"minItems"`, s.MinItems)
	o.count(`"maxItems"`, s.MaxItems)
	o.flag(`"uniqueItems"`, s.UniqueItems)
	o.count(`"minContains"`, s.MinContains)
	o.count(`"maxContains"`, s.MaxContains)
	if s.Properties != nil {
		o.key(`"properties"`)
		if err := w.properties(s.Properties, depth+1); err != nil {
			return err
		}
	}
	if err := o.schemaMap(`"patternProperties"`, s.PatternProperties); err != nil {
		return err
	}
	if err := o.sub(`"additionalProperties"`, s.AdditionalProperties); err != nil {
		return err
	}
	if err := o.sub(`"propertyNames"`, s.PropertyNames); err != nil {
		return err
	}
	if s.Required != nil {
		o.key(`"required"`)
		w.strings(s.Required, depth+1)
	}
	if len(s.DependentRequired) > 0 {
		o.key(`"dependentRequired"`)
		inner := object{w: w, depth: depth + 1}
		for _, k := range sortedKeys(s.DependentRequired) {
			inner.stringKey(k)
			w.strings(s.DependentRequired[k], depth+2)
		}
		inner.end()
	}
	if err := o.schemaMap(`"dependentSchemas"`, s.DependentSchemas); err != nil {
		return err
	}
	o.count(`"minProperties"`, s.MinProperties)
	o.count(`"maxProperties"`, s.MaxProperties)

	// Combinations.
	for _, l := range [...]struct {
		key string
		v   []*jsonschema.Schema
	}{{`"allOf"`, s.AllOf}, {`"anyOf"`, s.AnyOf}, {`"oneOf"`, s.OneOf}} {
		if err := o.list(l.key, l.v); err != nil {
			return err
		}
	}
	for _, c := range [...]struct {
		key string
		v   *jsonschema.Schema
	}{{`"not"`, s.Not}, {`"if"`, s.If}, {`"then"`, s.Then}, {`"else"`, s.Else}} {
		if err := o.sub(c.key, c.v); err != nil {
			return err
		}
	}

	// Annotations.
	if err := o.value(`"default"`, s.Default); err != nil {
		return err
	}
	if err := o.values(`"examples"`, s.Examples); err != nil {
		return err
	}
	o.flag(`"deprecated"`, s.Deprecated)
	o.flag(`"readOnly"`, s.ReadOnly)
	o.flag(`"writeOnly"`, s.WriteOnly)
	// Other keywords, sorted, as invopop's MarshalJSON writes them.
	for _, k := range sortedKeys(s.Extras) {
		if k == "type" && s.Type == "" {
			continue
		}
		o.stringKey(k)
		if err := w.value(s.Extras[k], depth+1); err != nil {
			return err
		}
	}
	if err := o.schemaMap(`"$defs"`, s.Definitions); err != nil {
		return err
	}
	o.end()
	return nil
}

// properties writes an ordered map in insertion order.
func (w *schemaWriter) properties(m *orderedmap.OrderedMap[string, *jsonschema.Schema], depth int) error {
	if m.Len() == 0 {
		// "null" for a zero OrderedMap, "{}" for an initialised one.
		b, err := m.MarshalJSON()
		if err != nil {
			return err
		}
		w.buf = append(w.buf, b...)
		return nil
	}
	o := object{w: w, depth: depth}
	for p := m.Oldest(); p != nil; p = p.Next() {
		o.stringKey(p.Key)
		if err := w.schema(p.Value, depth+1); err != nil {
			return err
		}
	}
	o.end()
	return nil
}

// schemas writes a non-empty array of schemas.
func (w *schemaWriter) schemas(v []*jsonschema.Schema, depth int) error {
	w.buf = append(w.buf, '[')
	for i, s := range v {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.newline(depth + 1)
		if err := w.schema(s, depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.buf = append(w.buf, ']')
	return nil
}

// strings writes a []string as encoding/json does (nil is null).
func (w *schemaWriter) strings(v []string, depth int) {
	switch {
	case v == nil:
		w.buf = append(w.buf, "null"...)
		return
	case len(v) == 0:
		w.buf = append(w.buf, "[]"...)
		return
	}
	w.buf = append(w.buf, '[')
	for i, s := range v {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.newline(depth + 1)
		w.str(s)
	}
	w.newline(depth)
	w.buf = append(w.buf, ']')
}

// anys writes a []any as encoding/json does (nil is null).
func (w *schemaWriter) anys(v []any, depth int) error {
	switch {
	case v == nil:
		w.buf = append(w.buf, "null"...)
		return nil
	case len(v) == 0:
		w.buf = append(w.buf, "[]"...)
		return nil
	}
	w.buf = append(w.buf, '[')
	for i, x := range v {
		if i > 0 {
			w.buf = append(w.buf, ',')
		}
		w.newline(depth + 1)
		if err := w.value(x, depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.buf = append(w.buf, ']')
	return nil
}

// value writes v as encoding/json would; the common kinds directly, others
// through encoding/json.
func (w *schemaWriter) value(v any, depth int) error {
	switch v := v.(type) {
	case nil:
		w.buf = append(w.buf, "null"...)
	case string:
		w.str(v)
	case bool:
		w.buf = strconv.AppendBool(w.buf, v)
	case json.Number:
		if v == "" {
			v = "0" // as encoding/json writes it
		}
		return w.number(v)
	case int:
		w.buf = strconv.AppendInt(w.buf, int64(v), 10)
	case int8:
		w.buf = strconv.AppendInt(w.buf, int64(v), 10)
	case int16:
		w.buf = strconv.AppendInt(w.buf, int64(v), 10)
	case int32:
		w.buf = strconv.AppendInt(w.buf, int64(v), 10)
	case int64:
		w.buf = strconv.AppendInt(w.buf, v, 10)
	case uint:
		w.buf = strconv.AppendUint(w.buf, uint64(v), 10)
	case uint8:
		w.buf = strconv.AppendUint(w.buf, uint64(v), 10)
	case uint16:
		w.buf = strconv.AppendUint(w.buf, uint64(v), 10)
	case uint32:
		w.buf = strconv.AppendUint(w.buf, uint64(v), 10)
	case uint64:
		w.buf = strconv.AppendUint(w.buf, v, 10)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return w.fallback(v, depth)
		}
		w.float(v, 64)
	case float32:
		if math.IsInf(float64(v), 0) || math.IsNaN(float64(v)) {
			return w.fallback(v, depth)
		}
		w.float(float64(v), 32)
	case []any:
		return w.anys(v, depth)
	case []string:
		w.strings(v, depth)
	case *jsonschema.Schema:
		return w.schema(v, depth)
	default:
		return w.fallback(v, depth)
	}
	return nil
}

// float writes f as encoding/json's floatEncoder does.
func (w *schemaWriter) float(f float64, bits int) {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b := strconv.AppendFloat(w.buf, f, format, -1, bits)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	w.buf = b
}

// number writes a json.Number, which must be a valid JSON number as
// encoding/json requires.
func (w *schemaWriter) number(n json.Number) error {
	if !validNumber(string(n)) {
		return errors.New("json: invalid number literal " + strconv.Quote(string(n)))
	}
	w.buf = append(w.buf, n...)
	return nil
}

// fallback writes v through encoding/json: what json.Marshal, json.Indent
// and readableEscapes make of it at this depth.
func (w *schemaWriter) fallback(v any, depth int) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	prefix := make([]byte, 0, 2*depth)
	for range depth {
		prefix = append(prefix, ' ', ' ')
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, string(prefix), "  "); err != nil {
		return err
	}
	w.buf = append(w.buf, readableEscapes(buf.String())...)
	return nil
}

// str writes s as a JSON string the way encoding/json escapes it, except
// that <, > and & stay as they are and "`" is written \u0060.
func (w *schemaWriter) str(s string) {
	w.buf = jsontext.AppendStringForRaw(w.buf, s)
}

// validNumber reports whether s is a JSON number (isValidNumber in
// encoding/json).
func validNumber(s string) bool {
	// This function implements the JSON numbers grammar.
	// See https://tools.ietf.org/html/rfc7159#section-6
	// and https://www.json.org/img/number.png
	if s == "" {
		return false
	}
	// Optional -
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	// Digits
	switch {
	default:
		return false
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	// . followed by 1 or more digits.
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	// e or E followed by an optional - or + and
	// 1 or more digits.
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	// Make sure we are at the end.
	return s == ""
}
