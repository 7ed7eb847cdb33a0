package runtime

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/validate"
)

// An ArgumentError reports tool arguments that do not satisfy the tool's
// input schema, or that cannot be decoded into the tool's Go parameter type.
// Its text names each offending argument by path, the rule it breaks and the
// value it has, so that a model can correct the call:
//
//	invalid arguments: "items[2].qty": must be <= 255 (got 300)
//	invalid arguments: "query": is required (a string); "limit": must be an integer (got "ten")
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
	vs := make([]validate.Violation, len(e.Violations))
	for i, v := range e.Violations {
		vs[i] = validate.Violation(v)
	}
	return (&validate.Error{Violations: vs, Omitted: e.Omitted}).Error()
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
// where int has 32 bits), as a uint64 when a larger integer within uint64,
// else as the nearest float64: what a Go caller of the function would
// pass. [DecodeFloat64] keeps encoding/json's float64 for every such
// number.
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
	err := validate.UnmarshalWith(args, v, unmarshal)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	if errors.As(err, &te) {
		path := te.Field
		if p, ok := validate.DecodeErrorPath(args, v, err.Error()); ok {
			path = p
		}
		return &ArgumentError{Violations: []ArgumentViolation{{
			Path:    path,
			Message: "must be " + goWant(te.Type) + " (got " + goGot(te.Value) + ")",
		}}}
	}
	if errors.As(err, &se) {
		return &ArgumentError{Violations: []ArgumentViolation{{
			Message: "invalid JSON at byte " + strconv.FormatInt(se.Offset, 10) + ": " + se.Error(),
		}}}
	}
	// The type's own UnmarshalJSON or UnmarshalText failed: encoding/json
	// does not say where, so find it.
	path, _ := validate.DecodeErrorPath(args, v, err.Error())
	return &ArgumentError{Violations: []ArgumentViolation{{Path: path, Message: oneLine(err.Error())}}}
}

// goWant says what JSON value a Go type takes, in the words of validation
// messages: a model cannot act on "Go type int8", but on "an integer from
// -128 to 127" it can.
func goWant(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return "an integer from " + strconv.FormatInt(-1<<(bits-1), 10) + " to " + strconv.FormatInt(1<<(bits-1)-1, 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "an integer from 0 to " + strconv.FormatUint(1<<t.Bits()-1, 10)
	case reflect.Float32:
		return "a number of magnitude at most 3.4028234663852886e+38"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a value of Go type " + t.String()
}

// goGot words the value of a json.UnmarshalTypeError ("number 300",
// "string") as validation messages do ("300", "a string").
func goGot(v string) string {
	if n, ok := strings.CutPrefix(v, "number "); ok {
		if len(n) > 64 {
			n = n[:56] + "…"
		}
		return n
	}
	switch v {
	case "string":
		return "a string"
	case "object", "array":
		return "an " + v
	case "bool":
		return "a boolean"
	}
	return v
}

// oneLine keeps an error text of a type's own decoder to one line of at
// most 200 characters: it reaches the model, which reads the first line.
func oneLine(text string) string {
	text = strings.Join(strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
	if r := []rune(text); len(r) > 200 {
		text = string(r[:199]) + "…"
	}
	return text
}
