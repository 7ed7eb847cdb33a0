package schema

import (
	"go/types"
	"strings"
)

// Views are the //mcp:view lines of a package: for each struct type, by
// TypeKey, the names of the JSON members its values show wherever they
// appear in a result of the package's tools. They shape output schemas
// only: inputs are never viewed.
type Views map[string]map[string]bool

// TypeKey is the key of a named type in Views: its name qualified by its
// package's import path.
func TypeKey(t types.Type) string { return typeKey(t) }

// A Member is one JSON member of a struct type, resolved as encoding/json
// resolves struct fields (embedded structs flattened, the dominant field of
// a name kept).
type Member struct {
	Name  string     // the member's name
	Field *types.Var // the Go field
	// Index is the path of field indices from the outer struct through
	// embedded structs.
	Index []int
	// Options are the json tag's options after the name ("omitempty",
	// "omitempty,string", ...).
	Options string
	// ViaPointer: the member is promoted through an embedded pointer, and
	// left out when that pointer is nil.
	ViaPointer bool
}

// Members returns the JSON members of the struct type t in the order
// encoding/json writes them.
func Members(t types.Type) []Member {
	var out []Member
	for _, f := range structFields(t) {
		_, opts, _ := strings.Cut(f.tag.Get("json"), ",")
		out = append(out, Member{Name: f.name, Field: f.v, Index: f.index, Options: opts, ViaPointer: f.viaPointer})
	}
	return out
}

// OutputOptions shape the output schemas of one package.
type OutputOptions struct {
	Views Views
	// Own reports whether a package is the user's own (in the module of
	// the package being generated). With LeanDocs, the fields and types
	// of other packages are not described in output schemas: clients
	// validate and type results with them, and descriptions only document.
	Own      func(pkgPath string) bool
	LeanDocs bool
}

// OutputFacts say what an output schema holds.
type OutputFacts struct {
	// Whole names the struct types of other modules (by qualified name,
	// in the order met) that the schema writes out whole: no view shapes
	// them.
	Whole []string
}

// own reports whether the named type n is the user's own, or c keeps
// every description.
func (c *conv) ownType(n *types.Named) bool {
	if c.outOpts.Own == nil || n.Obj().Pkg() == nil {
		return true
	}
	return c.outOpts.Own(n.Obj().Pkg().Path())
}

// leanDoc reports whether descriptions of n, a type or the owner of a
// field, are left out of the output schema being derived.
func (c *conv) leanDoc(t types.Type) bool {
	if !c.output || !c.outOpts.LeanDocs {
		return false
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	return ok && !c.ownType(n)
}

// view returns the members kept by the view of the struct type t in an
// output schema, nil when t has none; it records a struct type of
// another module written out whole.
func (c *conv) view(t types.Type) map[string]bool {
	if !c.output {
		return nil
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if keep := c.outOpts.Views[typeKey(n)]; keep != nil {
		return keep
	}
	if !c.ownType(n) {
		name := qualifiedTypeName(n)
		if c.whole == nil {
			c.whole = map[string]bool{}
		}
		if !c.whole[name] {
			c.whole[name] = true
			c.wholeOrder = append(c.wholeOrder, name)
		}
	}
	return nil
}
