package parser

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/schema"
)

// This file finds the form types that a package elicits with
// runtime.Elicit[T] and derives their schemas, which the generated file
// registers with runtime.RegisterElicitSchema.

// elicits returns the distinct type arguments of runtime.Elicit in the
// package's files (outside mcpgen's output), in source order of their first
// use, with their form schemas. Problems are reported at the first use.
func (c *checker) elicits(pkg *packages.Package, outputs map[string]bool) ([]*model.Elicit, error) {
	type use struct {
		pos token.Pos
		t   types.Type
	}
	var uses []use
	for id, inst := range pkg.TypesInfo.Instances {
		fn, ok := pkg.TypesInfo.Uses[id].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != model.RuntimePath || fn.Name() != "Elicit" || inst.TypeArgs.Len() != 1 {
			continue
		}
		if outputs[c.fset.Position(id.Pos()).Filename] {
			continue
		}
		uses = append(uses, use{id.Pos(), inst.TypeArgs.At(0)})
	}
	slices.SortFunc(uses, func(a, b use) int { return cmp.Compare(a.pos, b.pos) })
	var out []*model.Elicit
	for _, u := range uses {
		if slices.ContainsFunc(out, func(e *model.Elicit) bool { return types.Identical(e.Type, u.t) }) {
			continue
		}
		if _, isParam := u.t.(*types.TypeParam); isParam {
			continue // a generic helper: its callers' instantiations are found where they are
		}
		e := &model.Elicit{Type: u.t, Pos: c.fset.Position(u.pos)}
		s, diags := c.builder.Struct(u.t, "", u.pos)
		bad := false
		for _, d := range diags {
			msg := fmt.Sprintf("runtime.Elicit[%s]: %s", types.TypeString(u.t, types.RelativeTo(pkg.Types)), strings.TrimPrefix(d.Message, "parameter: "))
			if d.Warning {
				c.warnf(d.Pos, "%s", msg)
				continue
			}
			c.errorf(d.Pos, "%s", msg)
			bad = true
		}
		if bad {
			continue
		}
		if msg := formProblem(s); msg != "" {
			c.errorf(u.pos, "runtime.Elicit[%s]: %s", types.TypeString(u.t, types.RelativeTo(pkg.Types)), msg)
			continue
		}
		// A form is flat and closed by definition; the restricted schema
		// of elicitation has no additionalProperties.
		s.AdditionalProperties = nil
		text, err := schema.Marshal(s)
		if err != nil {
			return nil, fmt.Errorf("%s: form schema of %s: %w", e.Pos, u.t, err)
		}
		e.Schema = text
		out = append(out, e)
	}
	return out, nil
}

// formProblem checks the restricted schema of an elicitation form
// (https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#supported-schema-types):
// a flat object whose properties are strings, numbers, integers, booleans,
// enums, or arrays of enum values (multi-select).
func formProblem(s *jsonschema.Schema) string {
	if s.Properties == nil {
		return ""
	}
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		v := p.Value
		switch v.Type {
		case "string", "number", "integer", "boolean":
			continue
		case "array":
			if v.Items != nil && v.Items.Type == "string" && len(v.Items.Enum) > 0 {
				continue
			}
		}
		return fmt.Sprintf("field %q: a form field must be a string, number, integer, boolean, or a slice of a string enum type (forms are flat)", p.Key)
	}
	return ""
}
