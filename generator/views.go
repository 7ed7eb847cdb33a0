package generator

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/internal/jsonform"
	"github.com/mcpgen/mcpgen/model"
)

// Views (//mcp:view): a value of a struct type that the package's results
// show through views is sent as a value of a generated struct type that
// has only the members shown, each with the json tag of its field, filled
// from the value by a generated method (fill) that copies those members:
// what encoding/json then writes is what the output schema states, and
// encoding it costs no more than encoding the whole value (the members
// left out are neither copied nor encoded). A member whose type holds
// viewed types has the view's type in their place: *T becomes *viewT,
// []*T []*viewT, map[K]T map[K]viewT.

// views holds the generated names of the package's view types.
type views struct {
	byKey map[string]*viewName // types.TypeString of the type -> names
	order []*viewName
}

type viewName struct {
	vt     *model.ViewType
	name   string   // the generated struct type
	fields []string // the Go name of each member's field
}

// prepareViews records the imports the view types need; it runs before the
// imports are named.
func (g *gen) prepareViews() error {
	g.views = &views{byKey: map[string]*viewName{}}
	for _, vt := range g.pkg.ViewTypes {
		if _, err := g.typeCode(vt.Type); err != nil {
			return fmt.Errorf("generator: view of %s: %w", vt.Type, err)
		}
		for _, m := range vt.Members {
			if _, err := g.typeCode(m.Field.Type()); err != nil {
				return fmt.Errorf("generator: view of %s, member %s: %w", vt.Type.Obj().Name(), m.Name, err)
			}
		}
		vn := &viewName{vt: vt}
		g.views.byKey[types.TypeString(vt.Type, nil)] = vn
		g.views.order = append(g.views.order, vn)
	}
	return nil
}

// nameViews names the view types, unique in used and apart from the
// package's names and the imports'.
func (g *gen) nameViews(used map[string]bool, aliases map[string]string) {
	for _, vn := range g.views.order {
		stem := "view" + upperFirst(vn.vt.Type.Obj().Name())
		name := stem
		for i := 2; used[name] || g.declared(name) || aliasTaken(aliases, name); i++ {
			name = fmt.Sprintf("%s%d", stem, i)
		}
		used[name] = true
		vn.name = name
		taken := map[string]bool{"fill": true}
		for _, m := range vn.vt.Members {
			f := m.Field.Name()
			if !m.Field.Exported() || f == "_" {
				f = "X" + f
			}
			stem := f
			for i := 2; taken[f]; i++ {
				f = fmt.Sprintf("%s%d", stem, i)
			}
			taken[f] = true
			vn.fields = append(vn.fields, f)
		}
	}
}

// viewOf returns the view of the named struct type t, or nil.
func (g *gen) viewOf(t types.Type) *viewName {
	if g.views == nil {
		return nil
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	return g.views.byKey[types.TypeString(n, nil)]
}

// opaque reports whether encoding/json writes t with its own MarshalJSON
// or MarshalText: the parser's rule (views never reach inside such types).
func opaque(t types.Type) bool { return jsonform.OwnMarshaler(t) != "" }

// viewed reports whether values of t hold values shown through views, so
// that t is sent as another type (viewType).
func (g *gen) viewed(t types.Type) bool {
	return g.viewedSeen(t, map[types.Type]bool{})
}

func (g *gen) viewedSeen(t types.Type, seen map[types.Type]bool) bool {
	if g.views == nil || len(g.views.order) == 0 {
		return false
	}
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Pointer:
		return g.viewedSeen(u.Elem(), seen)
	case *types.Named:
		if g.viewOf(u) != nil {
			return true
		}
		if _, isStruct := u.Underlying().(*types.Struct); isStruct || opaque(u) || seen[u] {
			return false
		}
		seen[u] = true
		return g.viewedSeen(u.Underlying(), seen)
	case *types.Slice:
		return g.viewedSeen(u.Elem(), seen)
	case *types.Array:
		return g.viewedSeen(u.Elem(), seen)
	case *types.Map:
		return g.viewedSeen(u.Elem(), seen)
	}
	return false
}

// viewType returns the type a value of type t is sent as: t itself, or,
// when t holds values shown through views, t with their view types in
// their place (a named type that is not a struct by its underlying type:
// encoding/json writes both alike).
func (g *gen) viewType(t types.Type) (*jen.Statement, error) {
	if !g.viewed(t) {
		return g.typeCode(t)
	}
	t = types.Unalias(t)
	if vn := g.viewOf(t); vn != nil {
		return jen.Id(vn.name), nil
	}
	switch u := t.(type) {
	case *types.Named:
		return g.viewType(u.Underlying())
	case *types.Pointer:
		elem, err := g.viewType(u.Elem())
		return jen.Op("*").Add(elem), err
	case *types.Slice:
		elem, err := g.viewType(u.Elem())
		return jen.Index().Add(elem), err
	case *types.Array:
		elem, err := g.viewType(u.Elem())
		return jen.Index(jen.Lit(int(u.Len()))).Add(elem), err
	case *types.Map:
		key, err := g.typeCode(u.Key())
		if err != nil {
			return nil, err
		}
		elem, err := g.viewType(u.Elem())
		return jen.Map(key).Add(elem), err
	}
	return nil, fmt.Errorf("no view type for %s", t)
}

// convert returns the statements that set dst, of viewType(t), from src,
// of type t. dst is assignable; src is addressable where t is a viewed
// struct type (a variable, a field of one, an element of a slice). depth
// numbers the locals of nested loops.
func (g *gen) convert(dst, src func() *jen.Statement, t types.Type, depth int) ([]jen.Code, error) {
	if !g.viewed(t) {
		return []jen.Code{dst().Op("=").Add(src())}, nil
	}
	t = types.Unalias(t)
	local := func(name string) string { return g.viewLocal(fmt.Sprintf("%s%d", name, depth)) }
	if vn := g.viewOf(t); vn != nil {
		return []jen.Code{dst().Dot("fill").Call(jen.Op("&").Add(src()))}, nil
	}
	switch u := t.(type) {
	case *types.Named:
		return g.convert(dst, src, u.Underlying(), depth)
	case *types.Pointer:
		elem, err := g.viewType(u.Elem())
		if err != nil {
			return nil, err
		}
		p := local("p")
		var fill []jen.Code
		if vn := g.viewOf(u.Elem()); vn != nil {
			fill = []jen.Code{jen.Id(p).Dot("fill").Call(src())}
		} else {
			fill, err = g.convert(func() *jen.Statement { return jen.Op("*").Id(p) }, func() *jen.Statement { return jen.Parens(jen.Op("*").Add(src())) }, u.Elem(), depth+1)
			if err != nil {
				return nil, err
			}
		}
		body := append([]jen.Code{jen.Id(p).Op(":=").New(elem)}, fill...)
		body = append(body, dst().Op("=").Id(p))
		return []jen.Code{jen.If(src().Op("!=").Nil()).Block(body...)}, nil
	case *types.Slice:
		typ, err := g.viewType(u)
		if err != nil {
			return nil, err
		}
		s, i, x := local("s"), local("i"), local("x")
		body := []jen.Code{jen.Id(s).Op(":=").Make(typ, jen.Len(src()))}
		if p, ok := types.Unalias(u.Elem()).(*types.Pointer); ok && g.viewOf(p.Elem()) != nil {
			// []*T: the views in one array, the slice pointing into it.
			vals := local("vals")
			body = append(body,
				jen.Id(vals).Op(":=").Make(jen.Index().Id(g.viewOf(p.Elem()).name), jen.Len(src())),
				jen.For(jen.List(jen.Id(i), jen.Id(x)).Op(":=").Range().Add(src())).Block(
					jen.If(jen.Id(x).Op("!=").Nil()).Block(
						jen.Id(vals).Index(jen.Id(i)).Dot("fill").Call(jen.Id(x)),
						jen.Id(s).Index(jen.Id(i)).Op("=").Op("&").Id(vals).Index(jen.Id(i)),
					)))
		} else {
			each, err := g.convert(func() *jen.Statement { return jen.Id(s).Index(jen.Id(i)) }, func() *jen.Statement { return src().Index(jen.Id(i)) }, u.Elem(), depth+1)
			if err != nil {
				return nil, err
			}
			body = append(body, jen.For(jen.Id(i).Op(":=").Range().Add(src())).Block(each...))
		}
		body = append(body, dst().Op("=").Id(s))
		return []jen.Code{jen.If(src().Op("!=").Nil()).Block(body...)}, nil
	case *types.Array:
		i := local("i")
		each, err := g.convert(func() *jen.Statement { return dst().Index(jen.Id(i)) }, func() *jen.Statement { return src().Index(jen.Id(i)) }, u.Elem(), depth+1)
		if err != nil {
			return nil, err
		}
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(src())).Block(each...)}, nil
	case *types.Map:
		typ, err := g.viewType(u)
		if err != nil {
			return nil, err
		}
		elem, err := g.viewType(u.Elem())
		if err != nil {
			return nil, err
		}
		m, k, v, e := local("m"), local("k"), local("v"), local("e")
		each, err := g.convert(func() *jen.Statement { return jen.Id(e) }, func() *jen.Statement { return jen.Id(v) }, u.Elem(), depth+1)
		if err != nil {
			return nil, err
		}
		loop := append([]jen.Code{jen.Var().Id(e).Add(elem)}, each...)
		loop = append(loop, jen.Id(m).Index(jen.Id(k)).Op("=").Id(e))
		return []jen.Code{jen.If(src().Op("!=").Nil()).Block(
			jen.Id(m).Op(":=").Make(typ, jen.Len(src())),
			jen.For(jen.List(jen.Id(k), jen.Id(v)).Op(":=").Range().Add(src())).Block(loop...),
			dst().Op("=").Id(m),
		)}, nil
	}
	return nil, fmt.Errorf("cannot convert %s to its view", t)
}

// viewLocal returns name, or name with a suffix, so that a local of the
// generated view code shadows no package-level name of the user's package
// (the code refers to the package's types by name).
func (g *gen) viewLocal(name string) string {
	out := name
	for i := 2; g.declared(out); i++ {
		out = fmt.Sprintf("%s_%d", name, i)
	}
	return out
}

// viewDecls returns the declarations of the view types and their fill
// methods.
func (g *gen) viewDecls() ([]jen.Code, error) {
	var decls []jen.Code
	for _, vn := range g.views.order {
		vt := vn.vt
		orig, err := g.typeCode(vt.Type)
		if err != nil {
			return nil, err
		}
		var fields, fill []jen.Code
		recv, x := g.viewLocal("v"), g.viewLocal("x")
		for i, m := range vt.Members {
			typ, err := g.viewType(m.Field.Type())
			if err != nil {
				return nil, fmt.Errorf("generator: view of %s, member %s: %w", vt.Type.Obj().Name(), m.Name, err)
			}
			tag := m.Name
			if m.Options != "" {
				tag += "," + m.Options
			}
			fields = append(fields, jen.Id(vn.fields[i]).Add(typ).Tag(map[string]string{"json": tag}))
			path := fieldPath(vt.Type, m.Index)
			src := func() *jen.Statement {
				s := jen.Id(x)
				for _, f := range path {
					s = s.Dot(f)
				}
				return s
			}
			name := vn.fields[i]
			stmts, err := g.convert(func() *jen.Statement { return jen.Id(recv).Dot(name) }, src, m.Field.Type(), 1)
			if err != nil {
				return nil, err
			}
			fill = append(fill, stmts...)
		}
		what := "(//mcp:view)"
		if !vt.Viewed {
			what = "(the views of the types it holds)"
		}
		doc := fmt.Sprintf("%s is %s as the results of the package's tools show it %s.", vn.name, typeName(vt.Type, g.pkg.PkgPath), what)
		decls = append(decls,
			jen.Comment(doc).Line().Type().Id(vn.name).Struct(fields...),
			jen.Comment("fill sets the members of "+recv+" from "+x+".").Line().
				Func().Params(jen.Id(recv).Op("*").Id(vn.name)).Id("fill").Params(jen.Id(x).Op("*").Add(orig)).Block(fill...),
		)
	}
	return decls, nil
}

// fieldPath returns the names of the fields at the indices index from the
// struct type t through embedded structs (by value).
func fieldPath(t types.Type, index []int) []string {
	var out []string
	for _, i := range index {
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if !ok {
			if p, isPtr := types.Unalias(t).Underlying().(*types.Pointer); isPtr {
				st, ok = p.Elem().Underlying().(*types.Struct)
			}
			if !ok {
				return out
			}
		}
		f := st.Field(i)
		out = append(out, f.Name())
		t = f.Type()
	}
	return out
}

// typeName names the named type n as its doc comment does: by package name
// outside the package pkgPath.
func typeName(n *types.Named, pkgPath string) string {
	return types.TypeString(n, func(p *types.Package) string {
		if p.Path() == pkgPath {
			return ""
		}
		return p.Name()
	})
}
