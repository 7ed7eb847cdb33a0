package runtime

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// maxViolations is how many violations an ArgumentError reports at most.
const maxViolations = 10

// An ArgumentError reports tool arguments that do not satisfy the tool's
// input schema, or that cannot be decoded into the tool's Go parameter type.
// Its text names each offending argument by path, the rule it breaks and the
// value it has, so that a model can correct the call:
//
//	invalid arguments: "items[2].qty": must be <= 255 (got 300)
//
// Paths are written in dotted/indexed form, relative to the arguments object:
// a property is its name (`query`, `opts.color`), an array element its index
// in brackets (`items[2]`), and a property name that is not a plain
// identifier is quoted in brackets (`tags["my key"]`). The empty path means
// the arguments value itself.
type ArgumentError struct {
	// Violations lists the problems found, sorted by path (array indexes
	// numerically) and then by message; at most 10 are kept.
	Violations []ArgumentViolation
	// Omitted counts further violations that were found but not kept.
	Omitted int
}

// An ArgumentViolation is one problem found in tool arguments.
type ArgumentViolation struct {
	Path    string // e.g. "items[2].qty"; "" for the arguments value itself
	Message string // e.g. "must be <= 255 (got 300)"
}

// Error returns the violations on one line:
// `invalid arguments: "a": msg; "b.c": msg (and 2 more)`.
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
// that names the offending field where encoding/json reports one.
func Decode(args json.RawMessage, v any) error {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	err := json.Unmarshal(args, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &ArgumentError{Violations: []ArgumentViolation{{
			Path:    te.Field,
			Message: "must be a value of Go type " + te.Type.String() + " (got " + te.Value + ")",
		}}}
	}
	return &ArgumentError{Violations: []ArgumentViolation{{Message: err.Error()}}}
}

// A validator checks tool arguments against a compiled input schema.
// It is safe for concurrent use.
type validator struct {
	text string
}

// compileSchema compiles a tool's input schema (JSON text) once, at registration.
func compileSchema(text string) (*validator, error) {
	if !json.Valid([]byte(text)) {
		return nil, errors.New("input schema is not valid JSON")
	}
	return &validator{text: text}, nil
}

// validate checks raw tool arguments against the schema. It returns nil or
// an *ArgumentError.
func (v *validator) validate(args []byte) error {
	if !json.Valid(args) {
		return &ArgumentError{Violations: []ArgumentViolation{{Message: "arguments are not valid JSON"}}}
	}
	return nil
}
