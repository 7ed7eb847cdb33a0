// Package validate checks tool arguments against a JSON Schema (2020-12, the
// keywords mcpgen emits and a user may state) in one pass over the raw JSON
// bytes. The runtime compiles each tool's input schema with [Compile] and
// validates every call's arguments with [Validator.Validate]; the parser
// compiles a schema stated with //mcp:schema, so that one the runtime
// cannot enforce is reported at generate time.
package validate

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// maxViolations is how many violations an Error keeps.
const maxViolations = 10

// An Error reports the arguments that do not satisfy a schema, one
// Violation per problem; runtime.ArgumentError documents the paths and the
// text, and is the form the runtime's users see.
type Error struct {
	// Violations lists the problems found, sorted by path (array indexes
	// numerically, a parent before its children) and then by message.
	// At most 10 are kept.
	Violations []Violation
	// Omitted counts further violations that were found but not kept.
	Omitted int
}

// A Violation is one problem found in arguments.
type Violation struct {
	Path    string // e.g. "items[2].qty"; "" for the arguments value itself
	Message string // e.g. "must be <= 255 (got 300)"
}

// Error returns all violations on one line, each path quoted:
//
//	invalid arguments: "a": msg; "b.c": msg (and 2 more)
func (e *Error) Error() string {
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

// A Validator checks tool arguments against a compiled input schema in a
// single pass over the raw JSON bytes. It is safe for concurrent use.
type Validator struct {
	root *schemaNode
}

// Validate checks a tool's raw arguments (a JSON value, normally an object)
// against the compiled schema and returns nil or an *Error.
// Besides the schema's rules it rejects what encoding/json would otherwise
// change silently: duplicate object keys, invalid UTF-8 and unpaired UTF-16
// surrogate escapes in strings. Invalid JSON, nesting deeper than 10000
// levels, and arguments that would take more than 1e6 + 64×len(args)
// validation steps (possible only with alternatives that re-walk values,
// such as a recursive anyOf) are reported as violations at the root.
func (v *Validator) Validate(args []byte) error {
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

func (s *valState) argumentError() *Error {
	vs := s.viols
	slices.SortStableFunc(vs, func(a, b violation) int {
		if c := comparePath(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.msg, b.msg)
	})
	vs = slices.CompactFunc(vs, func(a, b violation) bool { return a.path == b.path && a.msg == b.msg })
	e := &Error{Omitted: s.omitted}
	for i, v := range vs {
		if i == maxViolations {
			e.Omitted += len(vs) - i
			break
		}
		e.Violations = append(e.Violations, Violation{Path: v.path, Message: v.msg})
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

// Unmarshal decodes arguments into v with encoding/json. JSON Schema calls
// 1.0 and 1e2 integers; encoding/json does not decode them into Go
// integers, nor does math/big.Int's UnmarshalJSON. Where decoding fails on
// a number, or in a type's own method, Unmarshal retries with every number
// that has an integral value written as an integer (which changes no
// value), and returns the retry's error.
func Unmarshal(args []byte, v any) error {
	return UnmarshalWith(args, v, json.Unmarshal)
}

// UnmarshalWith is Unmarshal with unmarshal in place of json.Unmarshal
// (one that decodes numbers into json.Number, say).
func UnmarshalWith(args []byte, v any, unmarshal func([]byte, any) error) error {
	err := unmarshal(args, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") || te == nil && !errors.As(err, &se) {
		if norm, ok := integralNumbers(args); ok {
			err = unmarshal(norm, v)
		}
	}
	return err
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
