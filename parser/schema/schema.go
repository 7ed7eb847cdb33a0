// Package schema derives JSON Schemas for tool inputs and outputs from go/types
// at generate time.
//
// The rule that governs every case: what a schema says is exactly what the
// server will accept. Anything that decoding into the Go type with
// encoding/json would reject or silently change is stated in the schema, and
// the runtime enforces every keyword emitted here.
package schema

import (
	"bytes"
	"encoding/json"
	"go/token"
	"go/types"

	"github.com/invopop/jsonschema"
	"golang.org/x/tools/go/packages"
)

// A Diagnostic is a problem found while deriving a schema.
type Diagnostic struct {
	Pos     token.Pos // in the FileSet given to NewBuilder
	Message string
}

// A Param is one plain tool parameter, which becomes one property.
type Param struct {
	Name        string     // Go parameter name, also the property name
	Type        types.Type // declared type
	Description string     // from //mcp:arg
	Optional    bool       // not listed in "required"
	Pos         token.Pos  // position for diagnostics
}

// A Builder derives schemas for types of the loaded packages.
// A Builder is not safe for concurrent use.
type Builder struct {
	fset *token.FileSet
	pkgs []*packages.Package
}

// NewBuilder returns a Builder for types of pkgs, the loaded root packages
// (loaded with syntax, types and types info), whose positions are in fset.
func NewBuilder(fset *token.FileSet, pkgs []*packages.Package) *Builder {
	return &Builder{fset: fset, pkgs: pkgs}
}

// Struct returns the input schema of a tool whose single parameter has type t,
// a named struct or a pointer to one. pos is the parameter's position.
func (b *Builder) Struct(t types.Type, pos token.Pos) (*jsonschema.Schema, []Diagnostic) {
	return &jsonschema.Schema{Type: "object", AdditionalProperties: jsonschema.FalseSchema}, nil
}

// Params returns the input schema of a tool with plain parameters: an object
// with one property per parameter, required unless Optional.
func (b *Builder) Params(params []Param) (*jsonschema.Schema, []Diagnostic) {
	s := &jsonschema.Schema{Type: "object", AdditionalProperties: jsonschema.FalseSchema}
	if len(params) == 0 {
		return s, nil
	}
	s.Properties = jsonschema.NewProperties()
	for _, p := range params {
		s.Properties.Set(p.Name, &jsonschema.Schema{Description: p.Description})
		if !p.Optional {
			s.Required = append(s.Required, p.Name)
		}
	}
	return s, nil
}

// Output returns the output schema of a tool result of type t. When t's
// schema is not an object, the result is wrapped as
// {"type":"object","properties":{"result":<t>},"required":["result"],"additionalProperties":false}
// and wrapped is true.
func (b *Builder) Output(t types.Type, pos token.Pos) (s *jsonschema.Schema, wrapped bool, diags []Diagnostic) {
	return &jsonschema.Schema{Type: "object", AdditionalProperties: jsonschema.FalseSchema}, false, nil
}

// Marshal returns the deterministic, 2-space indented JSON text of s.
func Marshal(s *jsonschema.Schema) (string, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return "", err
	}
	return buf.String(), nil
}
