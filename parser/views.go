package parser

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/jsonform"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
	"github.com/mcpgen/mcpgen/parser/schema"
)

// A viewRule is one //mcp:view TYPE MEMBER... directive: values of TYPE in
// the results of the package's tools show only the kept JSON members.
type viewRule struct {
	pos  token.Pos
	typ  *types.Named
	name string          // TYPE as written
	keep map[string]bool // the kept members' names
	used bool            // some tool's result holds a TYPE
}

// viewForm is how //mcp:view is written.
const viewForm = "//mcp:view TYPE MEMBER... (the JSON members of TYPE that results show; -MEMBER drops one, * matches any run of characters)"

// view checks the //mcp:view TYPE MEMBER... of cm, its words parsed in a.
// A MEMBER is a JSON member name of TYPE, or a pattern where * matches any
// run of characters; -MEMBER drops the members it matches. Without a kept
// MEMBER, every member is kept but the dropped ones.
func (c *checker) view(s *pkgScan, cm *ast.Comment, a args) *viewRule {
	name := strings.TrimPrefix(a.words[0].Value, "*")
	restPos := s.at(a.words[0].Off)
	n := c.viewedType(s, cm, name, restPos)
	if n == nil {
		return nil
	}
	members := schema.Members(n)
	keep := c.viewKeep(s, name, members, a.words[1:])
	if keep == nil {
		return nil
	}
	if len(keep) == 0 {
		c.errorf(restPos, "//mcp:view %s keeps no member of %s", name, name)
		return nil
	}
	for _, m := range members {
		if keep[m.Name] && m.ViaPointer {
			c.errorf(restPos, "//mcp:view %s: member %s is promoted through an embedded pointer (field %s), which a view cannot keep yet; leave it out of the view", name, m.Name, embeddedPointer(n, m.Index))
			return nil
		}
	}
	return &viewRule{pos: cm.Pos(), typ: n, name: name, keep: keep}
}

// viewedType returns the type that the //mcp:view cm names (name, written
// at restPos), or nil, with an error, when it cannot be viewed: not found,
// not a struct, generic, written whole by its own MarshalJSON or
// MarshalText, or viewed already.
func (c *checker) viewedType(s *pkgScan, cm *ast.Comment, name string, restPos token.Pos) *types.Named {
	tn := lookupLocalType(s.pkg, name)
	if tn == nil {
		tn = c.lookupType(s.pkg, name)
	}
	if tn == nil {
		c.errorf(restPos, "//mcp:view: no type %s in this package, the packages it imports or those its //mcp:tools and //mcp:tool lines name (name another package's type by import path or package name: github.Issue)", name)
		return nil
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok || !isStructType(n) {
		c.errorf(restPos, "//mcp:view %s: a view keeps members of a struct type, and %s is %s", name, name, typeString(tn.Type().Underlying(), s.pkg.Types))
		return nil
	}
	if n.TypeParams().Len() > 0 {
		c.errorf(restPos, "//mcp:view %s: a generic type cannot be viewed yet; view the types its instances hold", name)
		return nil
	}
	if m := jsonform.OwnMarshaler(n); m != "" {
		c.errorf(restPos, "//mcp:view %s: %s has its own %s, which writes its JSON form whole: a view cannot keep some of its members; leave the line out (its values are sent whole)", name, name, m)
		return nil
	}
	for _, other := range s.d.views {
		if other.typ.Obj() == n.Obj() {
			c.errorf(cm.Pos(), "second //mcp:view for %s (the first is at %s)", name, c.lineOf(other.pos, cm.Pos()))
			return nil
		}
	}
	return n
}

// viewKeep returns the names of the members of the viewed type name that
// the MEMBER words keep: those a word keeps, or, when none keeps any,
// every member; less those a -MEMBER word drops. It returns nil, with an
// error for each, when a word matches no member; an empty map when all
// are dropped.
func (c *checker) viewKeep(s *pkgScan, name string, members []schema.Member, words []word) map[string]bool {
	var names []string
	for _, m := range members {
		names = append(names, m.Name)
	}
	keep := map[string]bool{}
	var drops []string
	anyKept, bad := false, false
	for _, w := range words {
		f, at := w.Value, s.at(w.Off)
		// A token that is a member's name keeps it, even one that starts
		// with "-" (GitHub's reactions have "-1"); else "-" drops.
		pat, drop := f, false
		if !slices.Contains(names, f) {
			pat, drop = strings.CutPrefix(f, "-")
		}
		matched := 0
		for _, m := range names {
			if glob(pat, m) {
				matched++
				if !drop {
					keep[m] = true
				}
			}
		}
		if matched == 0 {
			msg := fmt.Sprintf("//mcp:view %s: %s has no JSON member %s", name, name, pat)
			if strings.Contains(pat, "*") {
				msg = fmt.Sprintf("//mcp:view %s: no JSON member of %s matches %s", name, name, pat)
			} else if s := suggest.Closest(pat, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			}
			c.errorf(at, "%s; its members: %s", msg, memberList(names))
			bad = true
			continue
		}
		if drop {
			drops = append(drops, pat)
		} else {
			anyKept = true
		}
	}
	if bad {
		return nil
	}
	if !anyKept {
		for _, m := range names {
			keep[m] = true
		}
	}
	for _, pat := range drops {
		for _, m := range names {
			if glob(pat, m) {
				delete(keep, m)
			}
		}
	}
	return keep
}

// memberList names the members, at most 20.
func memberList(names []string) string {
	if len(names) > 20 {
		return strings.Join(names[:20], ", ") + fmt.Sprintf(" and %d more", len(names)-20)
	}
	return strings.Join(names, ", ")
}

// glob reports whether name matches pat, where * matches any run of
// characters (none included) and every other character itself.
func glob(pat, name string) bool {
	star := strings.IndexByte(pat, '*')
	if star < 0 {
		return pat == name
	}
	if !strings.HasPrefix(name, pat[:star]) {
		return false
	}
	rest := pat[star+1:]
	for i := star; i <= len(name); i++ {
		if glob(rest, name[i:]) {
			return true
		}
	}
	return false
}

func isStructType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// outputOptions returns how the output schemas of the package being
// checked are written: its views, and the descriptions of other modules'
// fields left out unless //mcp:output all.
func (c *checker) outputOptions() schema.OutputOptions {
	o := schema.OutputOptions{Own: c.own}
	if c.dirs == nil {
		return o
	}
	if len(c.dirs.views) > 0 {
		o.Views = schema.Views{}
		for _, v := range c.dirs.views {
			o.Views[schema.TypeKey(v.typ)] = v.keep
		}
	}
	o.LeanDocs = !c.dirs.outputAll
	return o
}

// opaque reports whether encoding/json writes values of t with t's own
// MarshalJSON or MarshalText (through a pointer too): a view never
// reaches inside them.
func opaque(t types.Type) bool { return jsonform.OwnMarshaler(t) != "" }

// viewTypes returns the struct types that the results of tools show
// through views: each viewed type, and each struct type that holds one in
// a member it shows (written out again with that member's view), in the
// order met. It marks the views used, and reports the members a view
// cannot shape.
func (c *checker) viewTypes(pkg *types.Package, tools []*model.Tool) []*model.ViewType {
	if c.dirs == nil || len(c.dirs.views) == 0 {
		return nil
	}
	g := &viewGraph{
		views:     map[*types.TypeName]*viewRule{},
		nodes:     map[string]*viewNode{},
		seenNamed: map[*types.Named]bool{},
	}
	for _, v := range c.dirs.views {
		g.views[v.typ.Obj()] = v
	}
	for _, t := range tools {
		switch t.Result {
		case model.ResultStructured, model.ResultWrapped:
			g.visit(t.ResultType)
		case model.ResultObject:
			for _, r := range t.Results {
				g.visit(r.Type)
			}
		}
	}
	g.markNeeds()
	var out []*model.ViewType
	for _, nd := range g.order {
		if nd.needs {
			out = append(out, c.viewType(pkg, nd, g.views[nd.n.Obj()] != nil))
		}
	}
	for _, v := range c.dirs.views {
		if !v.used {
			c.warnf(v.pos, "//mcp:view %s: no result of the package's tools holds a value of type %s; the line changes nothing (views never apply to arguments)", v.name, v.name)
		}
	}
	return out
}

// A viewNode is a struct type that results reach, with the members they
// show of it.
type viewNode struct {
	n       *types.Named
	members []schema.Member
	needs   bool // shown otherwise than whole (see markNeeds)
}

// A viewGraph is the struct types reachable from results, in the order
// met, as viewTypes walks them.
type viewGraph struct {
	views     map[*types.TypeName]*viewRule
	nodes     map[string]*viewNode // by types.TypeString: instances apart
	order     []*viewNode
	seenNamed map[*types.Named]bool // named types not structs, walked
}

// visit adds to g the struct types that a value of t holds, through
// pointers, slices, arrays, map values and named types, in the members
// that views leave shown (none inside a type with its own MarshalJSON or
// MarshalText). It marks the views met used, and their types needed.
func (g *viewGraph) visit(t types.Type) {
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Pointer:
		g.visit(u.Elem())
	case *types.Named:
		if opaque(u) {
			return
		}
		if !isStructType(u) {
			if g.seenNamed[u] {
				return
			}
			g.seenNamed[u] = true
			g.visit(u.Underlying())
			return
		}
		key := types.TypeString(u, nil)
		if g.nodes[key] != nil {
			return
		}
		nd := &viewNode{n: u}
		g.nodes[key] = nd
		g.order = append(g.order, nd)
		v := g.views[u.Obj()]
		for _, m := range schema.Members(u) {
			if v != nil && !v.keep[m.Name] {
				continue
			}
			nd.members = append(nd.members, m)
			g.visit(m.Field.Type())
		}
		if v != nil {
			v.used, nd.needs = true, true
		}
	case *types.Slice:
		g.visit(u.Elem())
	case *types.Array:
		g.visit(u.Elem())
	case *types.Map:
		g.visit(u.Elem())
	}
}

// markNeeds marks needed each struct type of g shown otherwise than
// whole: one viewed (marked by visit) or one a member it shows holds a
// needed type (a fixpoint: types recur).
func (g *viewGraph) markNeeds() {
	for changed := true; changed; {
		changed = false
		for _, nd := range g.order {
			if nd.needs {
				continue
			}
			for _, m := range nd.members {
				if g.holds(m.Field.Type(), map[types.Type]bool{}) {
					nd.needs, changed = true, true
					break
				}
			}
		}
	}
}

// holds reports whether a value of t holds a needed struct type of g
// directly: t itself, or through pointers, slices, arrays, map values and
// named types that are not structs (seen: those walked).
func (g *viewGraph) holds(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Pointer:
		return g.holds(u.Elem(), seen)
	case *types.Named:
		if nd := g.nodes[types.TypeString(u, nil)]; nd != nil {
			return nd.needs
		}
		if opaque(u) || isStructType(u) || seen[u] {
			return false
		}
		seen[u] = true
		return g.holds(u.Underlying(), seen)
	case *types.Slice:
		return g.holds(u.Elem(), seen)
	case *types.Array:
		return g.holds(u.Elem(), seen)
	case *types.Map:
		return g.holds(u.Elem(), seen)
	}
	return false
}

// viewType returns the needed struct type nd as the generator writes it
// (viewed: a view names it), its members those shown but the ones
// promoted through an embedded pointer, which it reports.
func (c *checker) viewType(pkg *types.Package, nd *viewNode, viewed bool) *model.ViewType {
	vt := &model.ViewType{Type: nd.n, Viewed: viewed}
	for _, m := range nd.members {
		if m.ViaPointer {
			pos := c.viewPos(nd.n)
			if nd.n.Obj().Pkg() == pkg {
				pos = nd.n.Obj().Pos() // the package's own type: at its declaration
			}
			c.errorf(pos, "results show %s through views, as it holds a viewed type, and its member %s is promoted through an embedded pointer (field %s), which views cannot write yet; leave the member out with a view of %s, or embed the struct by value",
				nd.n.Obj().Name(), m.Name, embeddedPointer(nd.n, m.Index), nd.n.Obj().Name())
			continue
		}
		vt.Members = append(vt.Members, &model.ViewMember{Name: m.Name, Options: m.Options, Index: m.Index, Field: m.Field})
	}
	return vt
}

// viewPos returns the position of the first view, for a problem of the
// views of the package with no line of its own.
func (c *checker) viewPos(n *types.Named) token.Pos {
	for _, v := range c.dirs.views {
		if v.typ.Obj() == n.Obj() {
			return v.pos
		}
	}
	return c.dirs.views[0].pos
}

// DefaultOutputMax bounds, without an //mcp:output line, the compact
// length of an output schema that writes out a struct type of another
// module whole (no //mcp:view shapes it): a larger one is left out. A
// schema of the package's own types, or of views, is always kept.
const DefaultOutputMax = 512

// wholeList names the types as pkg's directives name them, at most three.
func wholeList(names []string, pkg *packages.Package) string {
	var short []string
	for i, n := range names {
		if i == 3 {
			return strings.Join(short, ", ") + fmt.Sprintf(" and %d more", len(names)-3)
		}
		short = append(short, directiveTypeName(n, pkg))
	}
	return strings.Join(short, ", ")
}

// directiveTypeName names the type of import path and name qualified as a
// directive of pkg names it: by package name when pkg imports its package.
func directiveTypeName(qualified string, pkg *packages.Package) string {
	i := strings.LastIndex(qualified, ".")
	if i < 0 || pkg == nil || pkg.Types == nil {
		return qualified
	}
	path, name := qualified[:i], qualified[i+1:]
	if path == pkg.PkgPath {
		return name
	}
	for _, p := range pkg.Types.Imports() {
		if p.Path() == path {
			return p.Name() + "." + name
		}
	}
	return qualified
}

// own reports whether the package of import path p is in the module of
// the package being checked (its types are the user's own).
func (c *checker) own(p string) bool {
	m := c.module
	if m == "" {
		return false
	}
	return p == m || strings.HasPrefix(p, m+"/")
}

// embeddedPointer names the first embedded pointer field on the path of
// field indices index from the struct type t.
func embeddedPointer(t types.Type, index []int) string {
	for _, i := range index {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok {
			break
		}
		f := st.Field(i)
		if _, ptr := types.Unalias(f.Type()).(*types.Pointer); ptr && f.Embedded() {
			return f.Name()
		}
		t = f.Type()
	}
	return "?"
}
