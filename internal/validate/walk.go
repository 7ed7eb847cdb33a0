package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

const (
	// maxValDepth bounds the nesting of arrays, objects and $refs.
	maxValDepth = 10000
	// maxCollect bounds the violations collected per call; more are counted.
	maxCollect = 64
)

// anySchema is the true schema: it accepts every value.
var anySchema = &schemaNode{minLength: -1, maxLength: -1, maxProps: -1, maxItems: -1}

// A valState is the state of one validate call: the arguments being read
// (a cursor), what bounds the work, the report of violations, and scratch
// buffers reused between calls. States are pooled so that valid input is
// checked without allocating.
type valState struct {
	cursor
	effort
	report
	scratch
}

// A cursor is the position in the arguments.
type cursor struct {
	data []byte
	pos  int
}

// An effort bounds the work of one call: nesting, and values visited.
type effort struct {
	depth  int
	steps  int // values visited
	budget int // limit of steps
}

// A report collects the violations found, with the path of each.
type report struct {
	fatal   bool // a syntax error or too deep: stop
	names   bool // validating a property name (for messages)
	viols   []violation
	omitted int
	path    []pathElem
}

// scratch holds the buffers of one call, kept with the pooled state.
type scratch struct {
	keys  []keyRef // keys of the objects being walked, for duplicates
	arena []byte   // unescaped keys
	buf   []byte   // unescaped string values
	canon []byte   // canonical forms
	spans []int    // item bounds for uniqueItems
}

type violation struct {
	path string
	key  []pathKey
	msg  string
}

// A pathElem is one step of the current path: a key (unescaped) or an
// array index (index >= 0).
type pathElem struct {
	key   []byte
	index int
}

// A keyRef locates an object key, raw in data or unescaped in arena.
type keyRef struct {
	off, end int
	inArena  bool
}

// valStatePool keeps validation states, with their buffers, between calls.
//
// Invariant: a state in the pool holds nothing of its last call (no
// arguments, no violations, empty buffers of at most 64 KiB), so valid
// arguments are validated without allocating. Test:
// TestValidateStatePool. Why: a new state per call costs about as much as
// the validation itself (BenchmarkValidateSmall; figures: docs/performance.md,
// "Why the runtime's tricks are there").
var valStatePool = sync.Pool{New: func() any { return new(valState) }}

func getValState(data []byte) *valState {
	s := valStatePool.Get().(*valState)
	s.data = data
	s.budget = 1_000_000 + 64*len(data)
	return s
}

func putValState(s *valState) {
	if cap(s.buf) > 1<<16 || cap(s.arena) > 1<<16 || cap(s.canon) > 1<<16 || cap(s.keys) > 1<<12 ||
		cap(s.spans) > 1<<12 || cap(s.path) > 1<<10 {
		return // don't keep big buffers
	}
	*s = valState{
		report: report{path: s.path[:0]},
		scratch: scratch{
			keys: s.keys[:0], arena: s.arena[:0], buf: s.buf[:0], canon: s.canon[:0], spans: s.spans[:0],
		},
	}
	valStatePool.Put(s)
}

// addf records a violation at the current path.
func (s *report) addf(format string, args ...any) {
	if len(s.viols) >= maxCollect {
		s.omitted++
		return
	}
	msg := fmt.Sprintf(format, args...)
	if s.names {
		msg = "invalid property name: " + msg
	}
	path, key := pathString(s.path)
	s.viols = append(s.viols, violation{path: path, key: key, msg: msg})
}

func isPlainName(k []byte) bool {
	if len(k) == 0 {
		return false
	}
	for i, c := range k {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case (c >= '0' && c <= '9' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

// syntax records a fatal syntax error at the root path.
func (s *valState) syntax(msg string) {
	s.fatalf("invalid JSON at byte %d: %s", s.pos, msg)
}

// tooDeep records that the arguments nest too deeply to be checked.
func (s *valState) tooDeep() {
	s.fatalf("arguments nested too deeply at byte %d (more than %d levels of arrays, objects and schema references)", s.pos, maxValDepth)
}

// fatalf records a violation at the root path and stops the walk.
func (s *report) fatalf(format string, args ...any) {
	if s.fatal {
		return
	}
	s.fatal = true
	path := s.path
	s.path = nil
	s.names = false
	s.addf(format, args...)
	s.path = path
}

func (s *valState) skipSpace() {
	s.pos = jsontext.SkipSpace(s.data, s.pos)
}

// got describes a value for a message: its JSON text, shortened, or its
// kind for objects and arrays.
func got(raw []byte) string {
	if len(raw) > 0 {
		switch raw[0] {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
	}
	const max = 64
	if len(raw) > max {
		cut := max - 8
		for cut > 0 && !utf8.RuneStart(raw[cut]) {
			cut--
		}
		t := string(raw[:cut]) + "…"
		if raw[0] == '"' {
			t += `"`
		}
		return strings.ToValidUTF8(t, "\uFFFD")
	}
	return strings.ToValidUTF8(string(raw), "\uFFFD")
}

var typeWords = []struct {
	bit  uint8
	word string
}{
	{typeObject, "an object"}, {typeArray, "an array"}, {typeString, "a string"},
	{typeInteger, "an integer"}, {typeNumber, "a number"}, {typeBoolean, "a boolean"}, {typeNull, "null"},
}

func typeText(t uint8) string {
	var parts []string
	for _, w := range typeWords {
		if t&w.bit != 0 && !(w.bit == typeInteger && t&typeNumber != 0) {
			parts = append(parts, w.word)
		}
	}
	return strings.Join(parts, " or ")
}

// value validates the JSON value at s.pos against n and moves past it.
func (s *valState) value(n *schemaNode) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		s.syntax("unexpected end of input")
		return
	}
	if n == nil {
		n = anySchema
	}
	// Subschemas that walk a value again (allOf, anyOf, oneOf, not,
	// patternProperties, $ref beside other keywords) can multiply the work,
	// exponentially with recursion: bound it.
	if s.steps++; s.steps > s.budget {
		s.fatalf("arguments too complex to check against the schema (more than %d steps)", s.budget)
		return
	}
	if n.ref != nil && !s.reference(n) {
		return
	}
	start := s.pos
	t, ok := jsonType(s.data[s.pos])
	if !ok {
		s.syntax(fmt.Sprintf("unexpected character %q", s.data[s.pos]))
		return
	}
	if n.never {
		s.skip(t)
		if !s.fatal {
			s.addf("is not allowed here (got %s)", got(s.data[start:s.pos]))
		}
		return
	}
	if !s.typed(n, t, start) || s.fatal {
		return
	}
	if n.allOf != nil || n.anyOf != nil || n.oneOf != nil || n.not != nil || n.ifN != nil {
		s.combinators(n, start)
		if s.fatal {
			return
		}
	}
	if n.enum != nil || n.hasConst {
		s.enumConst(n, start)
	}
}

// reference validates the value at s.pos against n's $ref, and reports
// whether n's other keywords apply too (then s.pos is back at the value).
func (s *valState) reference(n *schemaNode) bool {
	start := s.pos
	s.depth++
	if s.depth > maxValDepth {
		s.tooDeep()
		return false
	}
	s.value(n.ref)
	s.depth--
	if !n.assertsN && !n.never || s.fatal {
		return false
	}
	s.pos = start
	return true
}

// jsonType returns the type of the value that starts with c.
func jsonType(c byte) (uint8, bool) {
	switch {
	case c == '{':
		return typeObject, true
	case c == '[':
		return typeArray, true
	case c == '"':
		return typeString, true
	case c == 't' || c == 'f':
		return typeBoolean, true
	case c == 'n':
		return typeNull, true
	case c == '-' || c >= '0' && c <= '9':
		return typeNumber, true
	}
	return 0, false
}

// typed validates the value at s.pos, of type t, against n's type and the
// keywords of that type, and reports whether the value has a type n allows.
func (s *valState) typed(n *schemaNode, t uint8, start int) bool {
	switch t {
	case typeObject, typeArray:
		if n.types != 0 && n.types&t == 0 {
			s.skip(t)
			s.typeMismatch(n, start)
			return false
		}
		if t == typeObject {
			s.object(n)
		} else {
			s.array(n)
		}
	case typeString:
		str := s.scanString()
		if s.fatal {
			return false
		}
		if n.types != 0 && n.types&typeString == 0 {
			s.typeMismatch(n, start)
			return false
		}
		s.checkString(n, start, str)
	case typeNumber:
		d := s.scanNumber()
		if s.fatal {
			return false
		}
		if n.types != 0 && n.types&typeNumber == 0 && (n.types&typeInteger == 0 || !d.isInteger()) {
			s.typeMismatch(n, start)
			return false
		}
		s.checkNumber(n, start, &d)
	default:
		s.literal()
		if s.fatal {
			return false
		}
		if n.types != 0 && n.types&t == 0 {
			s.typeMismatch(n, start)
			return false
		}
	}
	return true
}

// enumConst checks the value from start to s.pos against n's enum and
// const, by canonical form.
func (s *valState) enumConst(n *schemaNode, start int) {
	s.canon = appendCanonical(s.canon[:0], s.data[start:s.pos])
	if n.enum != nil {
		if _, ok := n.enum[string(s.canon)]; !ok {
			s.addf("must be one of %s (got %s)", n.enumText, got(s.data[start:s.pos]))
		}
	}
	if n.hasConst && string(s.canon) != n.constVal {
		s.addf("must be %s (got %s)", n.constTxt, got(s.data[start:s.pos]))
	}
}

func (s *valState) typeMismatch(n *schemaNode, start int) {
	if !s.fatal {
		s.addf("must be %s (got %s)", typeText(n.types), got(s.data[start:s.pos]))
	}
}

// skip moves past a value of type t without a schema (but still checking
// syntax, duplicate keys and strings).
func (s *valState) skip(t uint8) {
	switch t {
	case typeObject:
		s.object(anySchema)
	case typeArray:
		s.array(anySchema)
	case typeString:
		s.scanString()
	case typeNumber:
		s.scanNumber()
	default:
		s.literal()
	}
}

func (s *valState) literal() {
	end, err := jsontext.ScanLiteral(s.data, s.pos)
	if err != nil {
		s.syntax(err.Error())
		return
	}
	s.pos = end
}

func (s *valState) scanNumber() decNum {
	end, err := jsontext.ScanNumber(s.data, s.pos)
	if err != nil {
		s.syntax(err.Error())
		return decNum{}
	}
	d, _ := parseDecNum(s.data[s.pos:end])
	s.pos = end
	return d
}

// A strInfo describes a scanned string.
type strInfo struct {
	start, end int // content, between the quotes
	jsontext.String
}

// scanString scans the string literal at s.pos, checking its syntax.
func (s *valState) scanString() strInfo {
	end, str, err := jsontext.ScanString(s.data, s.pos)
	if err != nil {
		s.pos = end
		s.syntax(err.Error())
		return strInfo{String: str}
	}
	st := strInfo{start: s.pos + 1, end: end - 1, String: str}
	s.pos = end
	return st
}

// stringBytes returns the content of a scanned string, unescaped if needed.
func (s *valState) stringBytes(st strInfo) []byte {
	if !st.Escaped {
		return s.data[st.start:st.end]
	}
	s.buf = jsontext.AppendUnquoted(s.buf[:0], s.data[st.start:st.end])
	return s.buf
}

func (s *valState) checkString(n *schemaNode, start int, st strInfo) {
	if st.BadUTF8 {
		s.addf("must be valid UTF-8 (got %s)", got(s.data[start:s.pos]))
		return
	}
	if st.BadSurrogate {
		s.addf(`must not contain an unpaired surrogate \u escape (got %s)`, got(s.data[start:s.pos]))
		return
	}
	if n.minLength >= 0 && st.Runes < n.minLength {
		s.addf("must be at least %s long (got %d: %s)", plural(n.minLength, "character"), st.Runes, got(s.data[start:s.pos]))
	}
	if n.maxLength >= 0 && st.Runes > n.maxLength {
		s.addf("must be at most %s long (got %d: %s)", plural(n.maxLength, "character"), st.Runes, got(s.data[start:s.pos]))
	}
	if n.pattern == nil && n.format == nil && !n.base64 {
		return
	}
	b := s.stringBytes(st)
	if n.pattern != nil && !n.matchPattern(b) {
		if pat := n.pattern.String(); n.patternIsBase64 {
			// The pattern mcpgen writes for []byte: what it means, not
			// its 120 characters.
			s.addf("must be standard base64 with padding (got %s)", got(s.data[start:s.pos]))
		} else if n.patternInts != "" {
			// The range of an integer written as a string (a map key, the
			// ",string" option): what it means, not its pattern.
			if s.names {
				s.addf("must be %s (got %s)", n.patternInts, got(s.data[start:s.pos]))
			} else {
				s.addf("must be %s, in a string (got %s)", n.patternInts, got(s.data[start:s.pos]))
			}
		} else if len(pat) > maxPatternInMessage && n.patternText != "" {
			// A long pattern says nothing to a reader, and some hosts
			// drop the keyword: what the schema says of the value, as
			// the model read it (with constraints, the description
			// states the pattern too).
			s.addf("must match the pattern described: %s (got %s)", strconv.Quote(n.patternText), got(s.data[start:s.pos]))
		} else if len(pat) > maxPatternInMessage {
			s.addf("must match a pattern of %d characters that starts %s (got %s)", len(pat), strconv.Quote(patternStart(pat)), got(s.data[start:s.pos]))
		} else {
			s.addf("must match the pattern %s (got %s)", strconv.Quote(pat), got(s.data[start:s.pos]))
		}
	}
	if n.format != nil && !n.format.check(b) {
		s.addf("must be %s (format %q; got %s)", n.format.hint, n.formatName, got(s.data[start:s.pos]))
	}
	if n.base64 && !n.patternIsBase64 && !isBase64(b, true) {
		s.addf("must be standard base64 with padding (got %s)", got(s.data[start:s.pos]))
	}
}

// isBase64 reports whether b is standard, padded base64: what
// base64.StdEncoding decodes (and so what encoding/json decodes into a
// []byte), which ignores '\r' and '\n' anywhere when newlines is set.
func isBase64(b []byte, newlines bool) bool {
	i := 0
	for i < len(b) && base64Alphabet[b[i]] {
		i++
	}
	if i == len(b) {
		return i%4 == 0
	}
	n, pad := i, 0
	for _, c := range b[i:] {
		switch {
		case c == '\r' || c == '\n':
			if newlines {
				continue
			}
			return false
		case c == '=':
			if pad++; pad > 2 {
				return false
			}
		case base64Alphabet[c]:
			if pad > 0 {
				return false
			}
		default:
			return false
		}
		n++
	}
	return n%4 == 0
}

var base64Alphabet = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = true
	}
	return t
}()

func (s *valState) checkNumber(n *schemaNode, start int, d *decNum) {
	if n.minimum != nil && cmpDec(d, &n.minimum.d) < 0 {
		s.addf("must be >= %s (got %s)", n.minimum.text, got(s.data[start:s.pos]))
	}
	if n.maximum != nil && cmpDec(d, &n.maximum.d) > 0 {
		s.addf("must be <= %s (got %s)", n.maximum.text, got(s.data[start:s.pos]))
	}
	if n.exclMin != nil && cmpDec(d, &n.exclMin.d) <= 0 {
		s.addf("must be > %s (got %s)", n.exclMin.text, got(s.data[start:s.pos]))
	}
	if n.exclMax != nil && cmpDec(d, &n.exclMax.d) >= 0 {
		s.addf("must be < %s (got %s)", n.exclMax.text, got(s.data[start:s.pos]))
	}
	if n.multipleOf != nil && !isMultipleOf(d, &n.multipleOf.d) {
		s.addf("must be a multiple of %s (got %s)", n.multipleOf.text, got(s.data[start:s.pos]))
	}
}

func (s *valState) enter() bool {
	s.depth++
	if s.depth > maxValDepth {
		s.tooDeep()
		return false
	}
	return true
}

func (s *valState) keyBytes(k keyRef) []byte {
	if k.inArena {
		return s.arena[k.off:k.end]
	}
	return s.data[k.off:k.end]
}

// object walks the object at s.pos.
func (s *valState) object(n *schemaNode) {
	if !s.enter() {
		return
	}
	s.pos++
	keys0, arena0 := len(s.keys), len(s.arena)
	seen := newRequiredSeen(len(n.required))
	var dups map[string]struct{}
	count := 0
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
	} else {
		for {
			kb, ok := s.propertyName(n, keys0, count, &dups)
			if !ok {
				return
			}
			s.path = append(s.path, pathElem{key: kb, index: -1})
			s.propertyValue(n, kb, &seen)
			s.path = s.path[:len(s.path)-1]
			if s.fatal {
				return
			}
			count++
			s.skipSpace()
			if s.pos < len(s.data) && s.data[s.pos] == ',' {
				s.pos++
				continue
			}
			if s.pos < len(s.data) && s.data[s.pos] == '}' {
				s.pos++
				break
			}
			s.syntax("expected ',' or '}' in object")
			return
		}
	}
	s.depth--
	s.keys, s.arena = s.keys[:keys0], s.arena[:arena0]
	s.objectCounts(n, &seen, count)
}

// requiredSeen records which required properties an object has: in a bit
// set when there are at most 64 (no allocation), else in a slice.
type requiredSeen struct {
	bits uint64
	big  []bool
}

func newRequiredSeen(n int) requiredSeen {
	if n > 64 {
		return requiredSeen{big: make([]bool, n)}
	}
	return requiredSeen{}
}

func (r *requiredSeen) mark(i int) {
	if r.big != nil {
		r.big[i] = true
	} else {
		r.bits |= 1 << i
	}
}

func (r *requiredSeen) has(i int) bool {
	if r.big != nil {
		return r.big[i]
	}
	return r.bits&(1<<i) != 0
}

// propertyName reads the name of the member at s.pos and the ':' after it,
// reports a repeated or invalid name and checks propertyNames. It returns
// the name, unescaped, and false on a syntax error. keys0 is where the
// object's names start in s.keys, count how many members came before.
func (s *valState) propertyName(n *schemaNode, keys0, count int, dups *map[string]struct{}) ([]byte, bool) {
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		s.syntax("expected a property name")
		return nil, false
	}
	keyPos := s.pos
	ks := s.scanString()
	if s.fatal {
		return nil, false
	}
	kr := keyRef{off: ks.start, end: ks.end}
	if ks.Escaped {
		off := len(s.arena)
		s.arena = jsontext.AppendUnquoted(s.arena, s.data[ks.start:ks.end])
		kr = keyRef{off: off, end: len(s.arena), inArena: true}
	}
	kb := s.keyBytes(kr)
	s.path = append(s.path, pathElem{key: kb, index: -1})
	if s.repeatedName(kr, kb, keys0, count, dups) {
		s.addf("duplicate property (a JSON object must not repeat a key)")
	}
	if ks.BadUTF8 || ks.BadSurrogate {
		s.addf("property name must be valid UTF-8 without unpaired surrogate escapes")
	}
	if n.propertyNames != nil {
		end := s.pos
		s.pos = keyPos
		s.names = true
		s.value(n.propertyNames)
		s.names = false
		s.pos = end
	}
	s.path = s.path[:len(s.path)-1]
	s.skipSpace()
	if s.pos >= len(s.data) || s.data[s.pos] != ':' {
		s.syntax("expected ':' after a property name")
		return nil, false
	}
	s.pos++
	s.skipSpace()
	return kb, true
}

// repeatedName records the name kb (at kr) of an object's member and
// reports whether the object had it already (encoding/json would silently
// keep the last). The first 32 names are compared one by one, without
// allocating; past them, a set of the names takes over.
func (s *valState) repeatedName(kr keyRef, kb []byte, keys0, count int, dups *map[string]struct{}) bool {
	if count < 32 {
		for _, o := range s.keys[keys0:] {
			if string(s.keyBytes(o)) == string(kb) {
				return true
			}
		}
		s.keys = append(s.keys, kr)
		return false
	}
	if *dups == nil {
		*dups = make(map[string]struct{}, 64)
		for _, o := range s.keys[keys0:] {
			(*dups)[string(s.keyBytes(o))] = struct{}{}
		}
	}
	if _, dup := (*dups)[string(kb)]; dup {
		return true
	}
	(*dups)[string(kb)] = struct{}{}
	return false
}

// propertyValue validates the value of member kb at s.pos against the
// schemas that apply to it: its property's, those of the patterns it
// matches, else additionalProperties.
func (s *valState) propertyValue(n *schemaNode, kb []byte, seen *requiredSeen) {
	vstart := s.pos
	applied := false
	if p, ok := n.props[string(kb)]; ok {
		if p.schema != nil {
			s.value(p.schema)
			applied = true
		}
		if p.req >= 0 {
			seen.mark(p.req)
		}
	}
	for _, pp := range n.patternProps {
		if s.fatal {
			return
		}
		if pp.re.Match(kb) {
			s.pos = vstart
			s.value(pp.schema)
			applied = true
		}
	}
	if applied {
		return
	}
	if n.additional != nil && n.additional.never {
		s.value(nil)
		if !s.fatal {
			s.unknownProperty(n)
		}
		return
	}
	s.value(n.additional)
}

// objectCounts reports the required properties an object lacks, and a
// count of members out of bounds.
func (s *valState) objectCounts(n *schemaNode, seen *requiredSeen, count int) {
	for i, name := range n.required {
		if seen.has(i) {
			continue
		}
		s.path = append(s.path, pathElem{key: []byte(name), index: -1})
		s.addf("is required%s", requiredHint(n.props[name].schema))
		s.path = s.path[:len(s.path)-1]
	}
	if count < n.minProps {
		s.addf("must have at least %s (got %d)", plural(n.minProps, "property"), count)
	}
	if n.maxProps >= 0 && count > n.maxProps {
		s.addf("must have at most %s (got %d)", plural(n.maxProps, "property"), count)
	}
}

func (s *valState) unknownProperty(n *schemaNode) {
	switch len(n.propNames) {
	case 0:
		if len(n.patternProps) > 0 {
			s.addf("unknown property (names must match %s)", strconv.Quote(n.patternProps[0].re.String()))
		} else {
			s.addf("unknown property (no properties are allowed here)")
		}
	default:
		names := n.propNames
		more := ""
		if len(names) > 20 {
			names, more = names[:20], ", ..."
		}
		s.addf("unknown property (expected one of: %s%s)", strings.Join(names, ", "), more)
	}
}

// array walks the array at s.pos.
func (s *valState) array(n *schemaNode) {
	if !s.enter() {
		return
	}
	s.pos++
	spans0 := len(s.spans)
	count := 0
	s.skipSpace()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
	} else {
		for {
			item := n.items
			if count < len(n.prefixItems) {
				item = n.prefixItems[count]
			}
			s.path = append(s.path, pathElem{index: count})
			s.skipSpace()
			istart := s.pos
			s.value(item)
			s.path = s.path[:len(s.path)-1]
			if s.fatal {
				return
			}
			if n.uniqueItems {
				s.spans = append(s.spans, istart, s.pos)
			}
			count++
			s.skipSpace()
			if s.pos < len(s.data) && s.data[s.pos] == ',' {
				s.pos++
				continue
			}
			if s.pos < len(s.data) && s.data[s.pos] == ']' {
				s.pos++
				break
			}
			s.syntax("expected ',' or ']' in array")
			return
		}
	}
	s.depth--
	if count < n.minItems {
		s.addf("must have at least %s (got %d)", plural(n.minItems, "item"), count)
	}
	if n.maxItems >= 0 && count > n.maxItems {
		s.addf("must have at most %s (got %d)", plural(n.maxItems, "item"), count)
	}
	if n.uniqueItems && count > 1 {
		s.checkUnique(s.spans[spans0:])
	}
	s.spans = s.spans[:spans0]
}

func (s *valState) checkUnique(spans []int) {
	canon := s.canon[:0]
	ends := make([]int, 0, len(spans)/2)
	for i := 0; i < len(spans); i += 2 {
		canon = appendCanonical(canon, s.data[spans[i]:spans[i+1]])
		ends = append(ends, len(canon))
	}
	s.canon = canon
	item := func(i int) string {
		if i == 0 {
			return string(canon[:ends[0]])
		}
		return string(canon[ends[i-1]:ends[i]])
	}
	first := make(map[string]int, len(ends))
	for i := range ends {
		k := item(i)
		if j, ok := first[k]; ok {
			s.addf("must have unique items (items [%d] and [%d] are equal)", j, i)
			return
		}
		first[k] = i
	}
}

// combinators applies allOf, anyOf, oneOf, not and if (with then or else)
// to the value that starts at start and ends at s.pos, walking it again for
// each subschema.
func (s *valState) combinators(n *schemaNode, start int) {
	end := s.pos
	for _, sub := range n.allOf {
		s.pos = start
		if s.value(sub); s.fatal {
			return
		}
	}
	if n.anyOf != nil {
		ok := false
		for _, sub := range n.anyOf {
			if ok = s.probe(sub, start); ok || s.fatal {
				break
			}
		}
		if !ok && !s.fatal {
			s.noAlternative("anyOf", n.anyOf, start, end)
		}
	}
	if n.oneOf != nil {
		matched, first, second := 0, -1, -1
		for i, sub := range n.oneOf {
			if s.probe(sub, start) {
				if matched++; matched == 1 {
					first = i
				} else if matched == 2 {
					second = i
				}
			}
			if s.fatal {
				return
			}
		}
		switch {
		case matched == 0:
			s.noAlternative("oneOf", n.oneOf, start, end)
		case matched > 1:
			others := ""
			if matched > 2 {
				others = fmt.Sprintf(" (and %d more)", matched-2)
			}
			s.addf("must match only one of the %d alternatives in oneOf, but matches alternatives %s and %s%s (got %s)",
				len(n.oneOf), altNumber(n.oneOf, first), altNumber(n.oneOf, second), others, got(s.data[start:end]))
		}
	}
	if n.not != nil && s.probe(n.not, start) {
		if t := n.not.soleText; t != "" {
			s.addf("must not %s (got %s)", t, got(s.data[start:end]))
		} else {
			s.addf("must not match the schema in \"not\" (got %s)", got(s.data[start:end]))
		}
	}
	if n.ifN != nil {
		// The violations of then or else are the value's: they say what
		// is wrong (a property missing, say) where "if" holds or not.
		branch := n.elseN
		if s.probe(n.ifN, start) {
			branch = n.thenN
		}
		if s.fatal {
			return
		}
		if branch != nil {
			s.pos = start
			if s.value(branch); s.fatal {
				return
			}
		}
	}
	s.pos = end
}

// probe reports whether the value at start is valid against n, discarding
// the violations it finds (but keeping a fatal syntax error).
func (s *valState) probe(n *schemaNode, start int) bool {
	viols, omitted, names := len(s.viols), s.omitted, s.names
	s.pos = start
	s.value(n)
	ok := len(s.viols) == viols && s.omitted == omitted
	if !s.fatal {
		s.viols, s.omitted, s.names = s.viols[:viols], omitted, names
	}
	return ok && !s.fatal
}

// noAlternative reports the value from start to end, which matches none
// of the alternatives alts of an anyOf or oneOf (keyword), by what would make it match: when
// it has the JSON type of only one of them (an optional field under
// openai-strict is {"anyOf": [X, {"type": "null"}]}), the violations of
// that one ("must be <= 10"); when it has the type of none, the types
// they take ("must be an integer or a string"); when each alternative
// finds one fault at the value, or one missing property, those; else the
// first fault of the closest alternative: the one whose const and enum
// properties (a discriminator such as "kind") the value fails least, then
// the one with the fewest faults, then the first.
func (s *valState) noAlternative(keyword string, alts []*schemaNode, start, end int) {
	t, _ := jsonType(s.data[start])
	var fit []*schemaNode
	var types uint8
	for _, a := range alts {
		at := nodeTypes(a)
		types |= at
		if at == 0 || at&t != 0 || t == typeNumber && at&typeInteger != 0 {
			fit = append(fit, a)
		}
	}
	switch {
	case len(fit) == 0: // (an alternative of any type fits)
		s.addf("must be %s (got %s)", typeText(types), got(s.data[start:end]))
	case len(fit) == 1:
		s.pos = start
		s.value(fit[0])
		s.pos = end
	default:
		// Each alternative's own violation, when each has one at the
		// value: "must be <= 1 or must be >= 10 (got 5)".
		suffix := " (got " + got(s.data[start:end]) + ")"
		here, _ := pathString(s.path)
		// Or, when each alternative misses one property: "must have
		// "email" or "phone"".
		var msgs, missing []string
		var best struct {
			alt       *schemaNode
			mis, n    int
			first     violation
			discPath  string
			discConst string
		}
		for _, a := range fit {
			mark, omitted, names := len(s.viols), s.omitted, s.names
			s.pos = start
			s.value(a)
			if s.fatal {
				return
			}
			vs, faults := s.viols[mark:], len(s.viols)-mark+s.omitted-omitted
			if len(vs) > 0 {
				mis := discriminatorFaults(deref(a), here, vs)
				if best.alt == nil || mis < best.mis || mis == best.mis && faults < best.n {
					best.alt, best.mis, best.n, best.first = a, mis, faults, vs[0]
					best.discPath, best.discConst = matchedConst(deref(a), here, vs)
				}
			}
			if len(vs) == 1 && s.omitted == omitted {
				if vs[0].path == here && strings.HasSuffix(vs[0].msg, suffix) {
					msgs = append(msgs, strings.TrimSuffix(vs[0].msg, suffix))
				} else if rel, ok := childPath(here, vs[0].path); ok && strings.HasPrefix(vs[0].msg, "is required") {
					missing = append(missing, strconv.Quote(rel))
				}
			}
			s.viols, s.omitted, s.names = s.viols[:mark], omitted, names
		}
		s.pos = end
		if len(msgs) == len(fit) && !s.names { // (a name's messages carry their prefix)
			s.addf("%s%s", strings.Join(msgs, " or "), suffix)
			return
		}
		if len(missing) == len(fit) {
			s.addf("must have %s", strings.Join(missing, " or "))
			return
		}
		if best.alt == nil {
			s.addf("must match one of the %d alternatives in %s (got %s)", len(alts), keyword, got(s.data[start:end]))
			return
		}
		label := altName(alts, slices.Index(alts, best.alt))
		if best.discPath != "" {
			label += " (" + best.discPath + " " + best.discConst + ")"
		}
		msg := strings.TrimPrefix(best.first.msg, "invalid property name: ")
		if rel := relPath(here, best.first.path); rel != "" {
			msg = strconv.Quote(rel) + " " + msg
		}
		more := ""
		if best.n > 1 {
			more = fmt.Sprintf(" (and %d more)", best.n-1)
		}
		s.addf("as %s: %s%s", label, msg, more)
	}
}

// altName names the alternative i of alts in a message: by its title, or
// by its place ("alternative 2 of 3").
func altName(alts []*schemaNode, i int) string {
	if t := altTitle(alts[i]); t != "" {
		return t
	}
	return fmt.Sprintf("alternative %d of %d", i+1, len(alts))
}

// altNumber names the alternative i of alts by its place, with its title
// if it has one: "2", "2 (Ellipse)".
func altNumber(alts []*schemaNode, i int) string {
	if t := altTitle(alts[i]); t != "" {
		return strconv.Itoa(i+1) + " (" + t + ")"
	}
	return strconv.Itoa(i + 1)
}

// altTitle returns the title of the $defs entry that the alternative a
// refers to, else a's own.
func altTitle(a *schemaNode) string {
	if t := deref(a).title; t != "" {
		return t
	}
	return a.title
}

// deref follows the $ref that n holds alone: a $defs entry used as an
// alternative or a property. A node that asserts anything (a type, an enum)
// besides its $ref is its own.
func deref(n *schemaNode) *schemaNode {
	for i := 0; i < 64 && n != nil && n.ref != nil && !n.assertsN; i++ {
		n = n.ref
	}
	return n
}

// discriminatorFaults counts the faults vs (of the value at path here,
// against alternative a) at a property of a's that is a const or an enum:
// a value that fails its "kind" is meant as another alternative.
func discriminatorFaults(a *schemaNode, here string, vs []violation) int {
	n := 0
	for _, v := range vs {
		if rel, ok := childPath(here, v.path); ok {
			if p, ok := a.props[rel]; ok && p.schema != nil {
				if d := deref(p.schema); d.hasConst || d.enum != nil {
					n++
				}
			}
		}
	}
	return n
}

// matchedConst returns the first required const property of a that the
// value at here holds (none of vs is at it), with its value: "kind",
// `"circle"`.
func matchedConst(a *schemaNode, here string, vs []violation) (string, string) {
	for _, name := range a.required {
		p, ok := a.props[name]
		if !ok || p.schema == nil || !deref(p.schema).hasConst {
			continue
		}
		faulty := false
		for _, v := range vs {
			if rel, ok := childPath(here, v.path); ok && rel == name {
				faulty = true
			}
		}
		if !faulty {
			return name, deref(p.schema).constTxt
		}
	}
	return "", ""
}

// relPath returns path relative to here, its ancestor: "radius" for
// "shape.radius" in "shape", "[2].x" for "l[2].x" in "l"; "" when equal.
func relPath(here, path string) string {
	switch {
	case path == here:
		return ""
	case here == "":
		return path
	}
	if rest, ok := strings.CutPrefix(path, here); ok && rest != "" {
		if rest[0] == '.' {
			return rest[1:]
		}
		return rest
	}
	return path
}

// patternStart returns the first characters of a long pattern, for a
// message that cannot quote it all.
func patternStart(p string) string {
	const n = 32
	if len(p) <= n {
		return p
	}
	i := n
	for i > 0 && !utf8.RuneStart(p[i]) {
		i--
	}
	return p[:i] + "…"
}

// requiredHint says what a missing property takes, when its schema says it
// in a few words: " (a string)", " (one of "mm", "m")"; else "".
func requiredHint(p *schemaNode) string {
	p = deref(p)
	switch {
	case p == nil || p.never:
	case p.enum != nil && len(p.enumText) <= 80:
		return " (one of " + p.enumText + ")"
	case p.types != 0:
		return " (" + typeText(p.types) + ")"
	}
	return ""
}

// childPath returns the path of a direct member of the value at path
// parent, as its member name: "email" for "contact.email" in "contact".
func childPath(parent, path string) (string, bool) {
	if parent != "" {
		var ok bool
		if path, ok = strings.CutPrefix(path, parent+"."); !ok {
			return "", false
		}
	}
	if path == "" || strings.ContainsAny(path, ".[") {
		return "", false
	}
	return path, true
}

// nodeTypes returns the JSON types n admits (0: any), following a $ref
// that n holds alone.
func nodeTypes(n *schemaNode) uint8 {
	if n = deref(n); n == nil || n.never {
		return 0
	}
	return n.types
}

// plural returns "1 item", "2 items", "1 property", "0 properties".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return strconv.Itoa(n) + " " + noun[:len(noun)-1] + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// maxPatternInMessage is the length beyond which a violation does not
// quote the pattern.
const maxPatternInMessage = 64
