package schema

import (
	"go/constant"
	"go/types"
	"strings"

	"github.com/invopop/jsonschema"
)

// enumDoc returns the text that names the values of the integer enum type
// n, one line per value in the enum's order with the name of the first
// constant declared with it and that constant's comment:
//
//	Values:
//	- 0 = Low: Low waits.
//	- 1 = High
//
// A string enum's values name themselves: its lines are the values and
// their comments ("- open: not started"), and it is "" when no constant
// has a comment. It is "" when n has no enum values. The names go into the description because a keyword of our
// own (x-enumNames and the like) is rejected by Gemini and dropped by most
// hosts, while every model reads the description.
func (b *Builder) enumDoc(n *types.Named) string {
	basic, ok := n.Underlying().(*types.Basic)
	if !ok || basic.Info()&(types.IsInteger|types.IsString) == 0 {
		return ""
	}
	if doc, ok := b.enumDocs.Load(n.Obj()); ok {
		return doc.(string)
	}
	doc := b.describeEnum(n)
	b.enumDocs.Store(n.Obj(), doc)
	return doc
}

// describeEnum computes enumDoc.
func (b *Builder) describeEnum(n *types.Named) string {
	vals := b.enumValues(n)
	if len(vals) == 0 {
		return ""
	}
	obj := n.Obj()
	str := n.Underlying().(*types.Basic).Info()&types.IsString != 0
	first := map[string]*types.Const{} // exact value -> its first constant
	scope := obj.Pkg().Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) || c.Val().Kind() != constant.Int && c.Val().Kind() != constant.String {
			continue
		}
		key := c.Val().ExactString()
		if str {
			key = constant.StringVal(c.Val())
		}
		if prev := first[key]; prev == nil || declaredBefore(b, c, prev) {
			first[key] = c
		}
	}
	var sb strings.Builder
	sb.WriteString("Values:")
	documented := false
	for _, v := range vals {
		key := toString(v)
		c := first[key]
		if c == nil {
			return ""
		}
		doc := b.constDoc(c)
		documented = documented || doc != ""
		if str {
			// A string value names itself: its comment is what it adds.
			sb.WriteString("\n- " + key)
		} else {
			sb.WriteString("\n- " + key + " = " + c.Name())
		}
		if doc != "" {
			sb.WriteString(": " + doc)
		}
	}
	if str && !documented {
		return ""
	}
	return sb.String()
}

// declaredBefore reports whether x is declared before y (file name, then
// line and column), the order of enumValues.
func declaredBefore(b *Builder, x, y *types.Const) bool {
	px, py := b.fset.Position(x.Pos()), b.fset.Position(y.Pos())
	if px.Filename != py.Filename {
		return px.Filename < py.Filename
	}
	if px.Line != py.Line {
		return px.Line < py.Line
	}
	return px.Column < py.Column
}

// toString returns the JSON text of an enum value of enumValues.
func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case interface{ String() string }:
		return v.String()
	}
	return ""
}

// withEnumDocs appends to the description of each schema in docs the
// names of its enum's values, once the descriptions are set.
func withEnumDocs(docs map[*jsonschema.Schema]string) {
	for s, doc := range docs {
		if s.Description == "" {
			s.Description = doc
		} else {
			s.Description += "\n\n" + doc
		}
	}
}
