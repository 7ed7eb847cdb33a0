package runtime

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// maxViolations is how many violations an ArgumentError keeps.
const maxViolations = 10

// An ArgumentError reports tool arguments that do not satisfy the tool's
// input schema, or that cannot be decoded into the tool's Go parameter type.
// Its text names each offending argument by path, the rule it breaks and the
// value it has, so that a model can correct the call:
//
//	invalid arguments: "items[2].qty": must be <= 255 (got 300)
//	invalid arguments: "query": is required; "limit": must be an integer (got "ten")
//
// Paths are written in dotted/indexed form, relative to the arguments
// object: a property is its name ("query", "opts.color"), an array element
// its index in brackets ("items[2]"), and a property name that is not a plain
// identifier (letters, digits, '_' and '-', not starting with a digit or '-')
// is quoted in brackets (`tags["my key"]`, `counts["42"]`). The empty path
// means the arguments value itself.
type ArgumentError struct {
	// Violations lists the problems found, sorted by path (array indexes
	// numerically, a parent before its children) and then by message.
	// At most 10 are kept.
	Violations []ArgumentViolation
	// Omitted counts further violations that were found but not kept.
	Omitted int
}

// An ArgumentViolation is one problem found in tool arguments.
type ArgumentViolation struct {
	Path    string // e.g. "items[2].qty"; "" for the arguments value itself
	Message string // e.g. "must be <= 255 (got 300)"
}

// Error returns all violations on one line, each path quoted:
//
//	invalid arguments: "a": msg; "b.c": msg (and 2 more)
func (e *ArgumentError) Error() string {
	var b strings.Builder
	b.WriteString("invalid arguments: ")
	for i, v := range e.Violations {
		if i > 0 {
			b.WriteString("; ")
		}
		if v.Path != "" {
			b.WriteString(strconv.Quote(v.Path))
			b.WriteString(": ")
		}
		b.WriteString(v.Message)
	}
	if len(e.Violations) == 0 {
		b.WriteString("rejected")
	}
	if e.Omitted > 0 {
		b.WriteString(" (and ")
		b.WriteString(strconv.Itoa(e.Omitted))
		b.WriteString(" more)")
	}
	return b.String()
}

// Decode unmarshals tool arguments into v with encoding/json. Empty args
// decode as the empty object. Any failure is returned as an *ArgumentError
// that names the offending value by its path, as validation errors do
// ("items[2].ip"), also when the failure is a type's own UnmarshalJSON or
// UnmarshalText, of which encoding/json does not say where it happened.
//
// A number with a fraction or an exponent but an integral value, such as
// 1.0 or 1e2, decodes into Go integer types and *big.Int (JSON Schema
// counts it as an integer), and -0 into unsigned types; the value is
// unchanged (where decoding first failed, the retry writes every such
// number as an integer, also one that goes into a json.RawMessage).
//
// A JSON number that goes into an empty interface (a value of type any,
// and the []any and map[string]any encoding/json builds there) arrives as
// an int when written as an integer (digits only) within int64 (an int64
// where int has 32 bits), else as the nearest float64: what a Go caller of
// the function would pass. [DecodeFloat64] keeps encoding/json's float64
// for every such number.
//
// Decode does not validate: the runtime has already validated args against
// the tool's input schema when a Handler runs.
func Decode(args json.RawMessage, v any) error {
	if untypedIn(reflect.TypeOf(v)) {
		if err := decode(args, v, unmarshalNumbers); err != nil {
			return err
		}
		if untypedNumbers(v) == nil {
			return nil
		}
		// A number beyond float64: encoding/json's error, with its path.
		reflect.ValueOf(v).Elem().SetZero()
	}
	return decode(args, v, json.Unmarshal)
}

// DecodeFloat64 is [Decode], except that every JSON number that goes into
// an empty interface arrives as float64, as encoding/json decodes it
// (mcpgen generates it for a tool with the option numbers=float64).
func DecodeFloat64(args json.RawMessage, v any) error {
	return decode(args, v, json.Unmarshal)
}

// decode is Decode with unmarshal as the decoder.
func decode(args json.RawMessage, v any, unmarshal func([]byte, any) error) error {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	err := unmarshal(args, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") || te == nil && !errors.As(err, &se) {
		// JSON Schema calls 1.0 and 1e2 integers, encoding/json does not
		// decode them into Go integers, nor does math/big.Int's
		// UnmarshalJSON: retry with such numbers written as integers
		// (which changes no value).
		if norm, ok := integralNumbers(args); ok {
			err = unmarshal(norm, v)
			if err == nil {
				return nil
			}
		}
	}
	if errors.As(err, &te) {
		path := te.Field
		if p, ok := decodeErrorPath(args, v, err.Error()); ok {
			path = p
		}
		return &ArgumentError{Violations: []ArgumentViolation{{
			Path:    path,
			Message: "must be a value of Go type " + te.Type.String() + " (got " + te.Value + ")",
		}}}
	}
	if errors.As(err, &se) {
		return &ArgumentError{Violations: []ArgumentViolation{{
			Message: "invalid JSON at byte " + strconv.FormatInt(se.Offset, 10) + ": " + se.Error(),
		}}}
	}
	// The type's own UnmarshalJSON or UnmarshalText failed: encoding/json
	// does not say where, so find it.
	path, _ := decodeErrorPath(args, v, err.Error())
	return &ArgumentError{Violations: []ArgumentViolation{{Path: path, Message: err.Error()}}}
}

// A validator checks tool arguments against a compiled input schema in a
// single pass over the raw JSON bytes. It is safe for concurrent use.
type validator struct {
	root *schemaNode
}

// validate checks a tool's raw arguments (a JSON value, normally an object)
// against the compiled schema and returns nil or an *ArgumentError.
// Besides the schema's rules it rejects what encoding/json would otherwise
// change silently: duplicate object keys, invalid UTF-8 and unpaired UTF-16
// surrogate escapes in strings. Invalid JSON, nesting deeper than 10000
// levels, and arguments that would take more than 1e6 + 64×len(args)
// validation steps (possible only with alternatives that re-walk values,
// such as a recursive anyOf) are reported as violations at the root.
func (v *validator) validate(args []byte) error {
	s := getValState(args)
	defer putValState(s)
	s.value(v.root)
	if !s.fatal {
		s.skipSpace()
		if s.pos < len(s.data) {
			s.syntax("unexpected data after the top-level value")
		}
	}
	if len(s.viols) == 0 && s.omitted == 0 {
		return nil
	}
	return s.argumentError()
}

func (s *valState) argumentError() *ArgumentError {
	vs := s.viols
	slices.SortStableFunc(vs, func(a, b violation) int {
		if c := comparePath(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.msg, b.msg)
	})
	vs = slices.CompactFunc(vs, func(a, b violation) bool { return a.path == b.path && a.msg == b.msg })
	e := &ArgumentError{Omitted: s.omitted}
	for i, v := range vs {
		if i == maxViolations {
			e.Omitted += len(vs) - i
			break
		}
		e.Violations = append(e.Violations, ArgumentViolation{Path: v.path, Message: v.msg})
	}
	return e
}

// A pathKey is one step of a violation's path: a property name or, when
// index >= 0, an array index.
type pathKey struct {
	name  string
	index int
}

func comparePath(a, b []pathKey) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i], b[i]
		if (x.index >= 0) != (y.index >= 0) {
			if x.index >= 0 {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(x.index, y.index); c != 0 {
			return c
		}
		if c := strings.Compare(x.name, y.name); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// integralNumbers returns args with every number literal that has an
// integral value but a fraction or an exponent (1.0, 2.5e1, 1E2), and -0,
// rewritten as a plain integer of at most 40 digits, and whether it changed
// anything.
func integralNumbers(args []byte) ([]byte, bool) {
	var out []byte
	last := 0
	for i := 0; i < len(args); {
		c := args[i]
		switch {
		case c == '"':
			i, _, _ = jsontext.ScanString(args, i)
		case c == '-' || c >= '0' && c <= '9':
			j, err := jsontext.ScanNumber(args, i)
			if err != nil {
				j = len(args) // args are valid JSON: not reached
			}
			d, ok := parseDecNum(args[i:j])
			if ok && (bytes.ContainsAny(args[i:j], ".eE") || d.neg && d.isZero()) && d.isInteger() {
				lo, hi := d.sig()
				var width int64
				if lo < hi {
					width = d.exp + int64(len(d.ip)-lo)
				}
				if width <= 40 {
					out = append(out, args[last:i]...)
					if lo == hi {
						out = append(out, '0')
					} else {
						if d.neg {
							out = append(out, '-')
						}
						for k := lo; k < hi; k++ {
							out = append(out, d.digit(k))
						}
						for k := d.lastExp(hi); k > 0; k-- {
							out = append(out, '0')
						}
					}
					last = j
				}
			}
			i = j
		default:
			i++
		}
	}
	if out == nil {
		return args, false
	}
	return append(out, args[last:]...), true
}
