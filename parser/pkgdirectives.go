package parser

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
)

// The package-level directives, each a line of its own in any comment of
// one of the package's files outside a function's doc comment; each
// applies to the whole package, whichever file holds it:
//
//	//mcp:result TYPE omit     results of type TYPE (or *TYPE) are not sent
//	//mcp:result TYPE FUNC     such a result is sent as FUNC(result)
//	//mcp:param NAME text      describes every plain parameter NAME that
//	                           no //mcp:arg describes
//	//mcp:output max=BYTES     output schemas longer than BYTES are left out
//	//mcp:output off           no tool of the package has an output schema
//	//mcp:tools TYPE [options] every exported method of TYPE is a tool
//	//mcp:tools IMPORTPATH.TYPE [options], //mcp:tools IMPORTPATH
//	                           the same for a type of another package, or
//	                           every exported function of one (foreign.go)
//	//mcp:constraints described the input schemas' descriptions also state
//	                           the constraints (option constraints of
//	                           //mcp:tool, for every tool of the package);
//	                           //mcp:constraints keywords: as keywords only
//	//mcp:skills dir=DIR [scope=NAME,...] the skills in the directory DIR (skills.go)
//	//mcp:server name=NAME [options] the server's entry in the MCP registry
//	                           (server.go), written by mcpgen -server-json
//	//mcp:view TYPE MEMBER...  results show only those JSON members of TYPE
//	                           (views.go)
//
// They are read before any tool is checked (pkgDirectives), so a
// directive in mcp.go applies to the tools of api.go.

// pkgDirs holds the package-level directives of one package.
type pkgDirs struct {
	results []*resultRule
	params  map[string]paramRule // by parameter name
	// outputMax bounds the compact length of an output schema: longer
	// ones are left out; 0 means no bound, -1 that none is kept.
	outputMax int
	tools     []*toolsRule
	// constraints is the default of the //mcp:tool option constraints=
	// ("described", "keywords" or "" when not given).
	constraints string
	skills      []*skillsRule // //mcp:skills (skills.go), in order
	// server is the //mcp:server directive (server.go), nil without one
	// or when it has an error.
	server *model.Server
	views  []*viewRule // //mcp:view (views.go), in order
	// outputAll is //mcp:output all: every output schema, as written;
	// outputSet: the package has an //mcp:output line (without one, the
	// default of DefaultOutputMax applies).
	outputAll, outputSet bool
	// toolsets are the //mcp:toolset directives, in order, and toolsetAt
	// the position of each (by name).
	toolsets  []*model.Toolset
	toolsetAt map[string]token.Pos
}

// A paramRule is one //mcp:param NAME [jsonschema:"KEYWORDS"] [text]:
// what a plain parameter NAME of any tool of the package is, where its
// //mcp:arg does not say.
type paramRule struct {
	desc   string
	tag    string    // the keywords, as //mcp:arg writes them
	tagPos token.Pos // of the keywords
}

// A resultRule is one //mcp:result directive: what becomes of the results
// of one type.
type resultRule struct {
	pos  token.Pos
	typ  *types.TypeName
	omit bool        // //mcp:result TYPE omit
	fn   *types.Func // //mcp:result TYPE FUNC
}

// A toolsRule is one //mcp:tools directive.
type toolsRule struct {
	pos token.Pos
	typ *types.TypeName // nil for the functions of a package (funcs)
	// pkg is the package of another module or path that declares typ, or
	// whose functions are tools (funcs), and ref the directive's name of
	// it (IMPORTPATH.TYPE, IMPORTPATH); nil and "" for a type of the
	// user's package (foreign.go).
	pkg      *packages.Package
	ref      string
	funcs    bool
	register string // register=, the registration function's name
	prefix   string // option prefix=
	// opts are the options of //mcp:tool that each method takes, as
	// written; ok is false when the options had an error (reported).
	opts string
	ok   bool
	// toolset is the option toolset=, at toolsetPos (checked once every
	// //mcp:toolset is read).
	toolset    string
	toolsetPos token.Pos
	count      int      // methods it makes tools of
	left       []string // the names of those left out
}

// rule returns the //mcp:result rule for a result of type t, or nil.
func (d *pkgDirs) rule(t types.Type) *resultRule {
	if d == nil {
		return nil
	}
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok {
		return nil
	}
	for _, r := range d.results {
		if r.typ == n.Obj() {
			return r
		}
	}
	return nil
}

// outputBound returns the bound of //mcp:output (see pkgDirs.outputMax).
func (d *pkgDirs) outputBound() int {
	if d == nil {
		return 0
	}
	return d.outputMax
}

// deref returns the element type of a pointer type, or t.
func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// A pkgScan is what the handlers of the package-level directives (the
// rows of directiveTable with a pkg handler) share while pkgDirectives
// reads a package's comments.
type pkgScan struct {
	pkg   *packages.Package
	files []*ast.File
	d     *pkgDirs
	g     *ast.CommentGroup // the comment being read
	// base is the position of the directive's arguments (the offsets of
	// its args count from there).
	base token.Pos
	// first holds the first of each directive that a package has once
	// ("output"), paramLine the first //mcp:param of each name.
	first     map[string]token.Pos
	paramLine map[string]token.Pos
}

// at returns the position of the byte at offset off of the arguments.
func (s *pkgScan) at(off int) token.Pos { return s.base + token.Pos(off) }

// once records the directive at pos as the package's one of its word, or
// reports the second and returns false.
func (s *pkgScan) once(c *checker, word string, pos token.Pos) bool {
	if first := s.first[word]; first != token.NoPos {
		c.errorf(pos, "second //mcp:%s (the first is at %s)", word, c.lineOf(first, pos))
		return false
	}
	s.first[word] = pos
	return true
}

// pkgDirectives reads and checks the package-level directives of pkg's
// files (mcpgen's own output aside), each by the handler of its row of
// directiveTable.
func (c *checker) pkgDirectives(pkg *packages.Package, files []*ast.File) *pkgDirs {
	s := &pkgScan{pkg: pkg, files: files, d: &pkgDirs{params: map[string]paramRule{}},
		first: map[string]token.Pos{}, paramLine: map[string]token.Pos{}}
	for _, f := range files {
		if isMcpgenOutput(f) {
			continue
		}
		funcDocs := map[*ast.CommentGroup]bool{}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
				funcDocs[fd.Doc] = true
			}
		}
		for _, g := range f.Comments {
			for _, cm := range g.List {
				row, rest, off := directiveOf(cm.Text)
				if row == nil || row.pkg == nil {
					continue
				}
				if funcDocs[g] {
					c.errorf(cm.Pos(), "%s", row.misplaced(c.fset, f, g))
					continue
				}
				s.g, s.base = g, cm.Pos()+token.Pos(off)
				a, errs := row.built.parse(rest)
				row.pkg(c, s, cm, a, errs)
			}
		}
	}
	return s.d
}

// The grammars of the package-level directives.

func resultGrammar() *grammar {
	return &grammar{directive: "//mcp:result", words: []wordRule{{name: "TYPE"}, {name: "omit or FUNC"}}}
}

func paramGrammar() *grammar {
	return &grammar{directive: "//mcp:param", words: []wordRule{{name: "NAME"}}, tag: "jsonschema", rest: textRest}
}

func outputGrammar() *grammar {
	return &grammar{directive: "//mcp:output", words: []wordRule{{name: "off or all", optional: true, choices: []string{"off", "all"}}},
		options: []optionRule{{key: "max", kind: countValue}}}
}

// viewGrammar is //mcp:view TYPE MEMBER... (views.go).
func viewGrammar() *grammar {
	return &grammar{directive: "//mcp:view", words: []wordRule{{name: "TYPE"}, {name: "MEMBER", many: true}}}
}

func constraintsGrammar() *grammar {
	return &grammar{directive: "//mcp:constraints", words: []wordRule{{name: "described or keywords", choices: []string{"described", "keywords"}}}}
}

// toolsGrammar is //mcp:tools TYPE [prefix=P] [options]: the options of
// //mcp:tool but name= and title=, which name one tool.
func toolsGrammar() *grammar {
	g := &grammar{directive: "//mcp:tools", words: []wordRule{{name: "TYPE"}}}
	g.options = append(g.options, optionRule{key: "prefix", kind: toolNameValue,
		bad: "//mcp:tools: prefix needs a value of characters from [A-Za-z0-9_.-]: prefix=issues_"},
		optionRule{key: "register", kind: textValue, example: "register=RegisterGitHubIssuesTools"})
	for _, r := range toolSpec().options {
		if r.key == "name" || r.key == "title" {
			r.kind, r.bad = refusedValue, "//mcp:tools names each tool after its method (with prefix= before it); "+r.key+"= belongs to the //mcp:tool of one method"
		}
		g.options = append(g.options, r)
	}
	return g
}

func toolsetGrammar() *grammar {
	return &grammar{directive: "//mcp:toolset", words: []wordRule{{name: "NAME"}, {name: "default", optional: true, choices: []string{"default"}}}, rest: textRest}
}

// toolsetDirective reads //mcp:toolset NAME [default] text.
func (c *checker) toolsetDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	name := a.words[0]
	switch {
	case len(errs) > 0 || a.rest == "":
		c.errorf(cm.Pos(), "//mcp:toolset needs a name and a description: //mcp:toolset NAME [default] text")
	case !toolname.ValidToolset(name.Value):
		c.errorf(s.at(name.Off), "//mcp:toolset %s: a toolset name is 1 to 64 characters from a-z 0-9 _ -, other than all and default", name.Value)
	case s.d.toolsetAt[name.Value] != token.NoPos:
		c.errorf(s.at(name.Off), "second //mcp:toolset %s (the first is at %s)", name.Value, c.lineOf(s.d.toolsetAt[name.Value], cm.Pos()))
	default:
		if s.d.toolsetAt == nil {
			s.d.toolsetAt = map[string]token.Pos{}
		}
		s.d.toolsetAt[name.Value] = cm.Pos()
		s.d.toolsets = append(s.d.toolsets, &model.Toolset{Pos: c.fset.Position(cm.Pos()), Name: name.Value,
			Description: a.rest, Default: a.words[1].Value == "default"})
	}
}

// checkToolset reports, at pos, a toolset= that names no //mcp:toolset of
// the package, and returns false then.
func (c *checker) checkToolset(name string, pos token.Pos, pkgName string) bool {
	if c.dirs.toolsetAt[name] != token.NoPos {
		return true
	}
	if len(c.dirs.toolsets) == 0 {
		c.errorf(pos, "toolset=%s: package %s declares no toolset; declare it with //mcp:toolset %s [default] text in a comment of the package", name, pkgName, name)
		return false
	}
	names := make([]string, len(c.dirs.toolsets))
	for i, ts := range c.dirs.toolsets {
		names[i] = ts.Name
	}
	msg := fmt.Sprintf("toolset=%s names no //mcp:toolset of package %s", name, pkgName)
	if s := suggest.Closest(name, names); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", s)
	} else {
		msg += " (toolsets: " + strings.Join(names, ", ") + ")"
	}
	c.errorf(pos, "%s", msg)
	return false
}

// paramDirective reads //mcp:param NAME [jsonschema:"KEYWORDS"] [text]:
// the keywords //mcp:arg takes, a description, or both.
func (c *checker) paramDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	name := a.words[0]
	switch {
	case len(errs) > 0 && a.hasTag && name.Value != "":
		c.errorf(s.at(errs[0].Off), "//mcp:param %s: %s: jsonschema:\"minimum=0,maximum=100\"", name.Value, errs[0].Msg)
	case len(errs) > 0 || a.rest == "" && !a.hasTag:
		c.errorf(cm.Pos(), "//mcp:param needs a parameter name and a description or keywords: //mcp:param NAME [jsonschema:\"KEYWORDS\"] text")
	case !token.IsIdentifier(name.Value):
		c.errorf(s.at(name.Off), "//mcp:param %s: a parameter name is a Go identifier", name.Value)
	case s.paramLine[name.Value] != token.NoPos:
		c.errorf(s.at(name.Off), "second //mcp:param %s (the first is at %s)", name.Value, c.lineOf(s.paramLine[name.Value], cm.Pos()))
	default:
		s.paramLine[name.Value] = cm.Pos()
		r := paramRule{desc: a.rest}
		if a.hasTag {
			r.tag, r.tagPos = a.tag, s.at(a.tagOff)
		}
		s.d.params[name.Value] = r
	}
}

// outputDirective reads //mcp:output max=BYTES, //mcp:output off or
// //mcp:output all.
func (c *checker) outputDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	o, hasMax := a.good["max"]
	word := a.words[0].Value
	if len(errs) > 0 || (word != "") == hasMax {
		c.errorf(s.at(a.words[0].Off), "//mcp:output takes max=BYTES (a positive number: output schemas longer than that are left out), off (no output schemas) or all (every output schema, with the descriptions of other modules' fields)")
		return
	}
	if s.once(c, "output", cm.Pos()) {
		s.d.outputSet = true
		switch {
		case hasMax:
			s.d.outputMax, _ = strconv.Atoi(o.Value)
		case word == "all":
			s.d.outputAll = true
		default:
			s.d.outputMax = -1
		}
	}
}

// viewDirective reads //mcp:view TYPE MEMBER... (views.go).
func (c *checker) viewDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	if len(errs) > 0 || len(a.words) < 2 || a.words[0].Value == "" {
		c.errorf(cm.Pos(), "malformed //mcp:view: write %s", viewForm)
		return
	}
	if v := c.view(s, cm, a); v != nil {
		s.d.views = append(s.d.views, v)
	}
}

// constraintsDirective reads //mcp:constraints described|keywords.
func (c *checker) constraintsDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	if len(errs) > 0 {
		c.errorf(s.at(a.words[0].Off), "//mcp:constraints takes described (the input schemas' descriptions also state each constraint) or keywords (as keywords only)")
		return
	}
	if s.once(c, "constraints", cm.Pos()) {
		s.d.constraints = a.words[0].Value
	}
}

// toolsDirective reads //mcp:tools TYPE [prefix=P] [options]; its
// methods become tools in bulkTools.
func (c *checker) toolsDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	typ := a.words[0]
	r := &toolsRule{pos: cm.Pos(), typ: lookupLocalType(s.pkg, typ.Value)}
	if r.typ == nil {
		// IMPORTPATH.TYPE or IMPORTPATH: another package's code (foreign.go).
		if r = c.foreignToolsRule(s.pkg, cm, typ.Value, s.at(typ.Off)); r == nil {
			return
		}
	}
	r.prefix, r.ok = a.good["prefix"].Value, len(errs) == 0
	if o, ok := a.good["toolset"]; ok {
		r.toolset, r.toolsetPos = o.Value, s.at(o.ValueOff)
	}
	for _, e := range errs {
		c.errorf(s.at(e.Off), "%s", e.Msg)
	}
	if e := contradiction(a.good); e != nil {
		c.errorf(s.at(e.Off), "%s", e.Msg)
		r.ok = false
	}
	if o, has := a.good["register"]; has {
		switch {
		case r.pkg == nil || r.funcs:
			c.errorf(s.at(o.KeyOff), "//mcp:tools: register= names the function that registers the methods of another package's type (//mcp:tools IMPORTPATH.TYPE register=NAME); the tools of %s are registered by %s", r.name(), model.RegisterFunc(r.recv()))
			r.ok = false
		case !token.IsIdentifier(o.Value) || !token.IsExported(o.Value):
			c.errorf(s.at(o.KeyOff), "//mcp:tools: register needs the name of an exported function: register=RegisterGitHubIssuesTools")
			r.ok = false
		default:
			r.register = o.Value
		}
	}
	// The options each method's //mcp:tool takes, as written.
	var good []option
	for _, o := range a.good {
		if o.Key != "prefix" && o.Key != "register" {
			good = append(good, o)
		}
	}
	slices.SortFunc(good, func(x, y option) int { return x.KeyOff - y.KeyOff })
	opts := make([]string, len(good))
	for i, o := range good {
		opts[i] = s.text(cm, o)
	}
	r.opts = strings.Join(opts, " ")
	s.d.tools = append(s.d.tools, r)
}

// text returns the option o of the directive cm as written.
func (s *pkgScan) text(cm *ast.Comment, o option) string {
	off := int(s.base - cm.Pos())
	return cm.Text[off+o.KeyOff : off+o.End]
}

// resultDirective reads //mcp:result TYPE omit|FUNC.
func (c *checker) resultDirective(s *pkgScan, cm *ast.Comment, a args, errs []optionError) {
	const form = "write //mcp:result TYPE omit (results of that type are left out of every tool of the package) or //mcp:result TYPE FUNC (sent as FUNC(result), FUNC a function of this package)"
	if len(errs) > 0 {
		c.errorf(cm.Pos(), "malformed //mcp:result: %s", form)
		return
	}
	pkg := s.pkg
	name, what := strings.TrimPrefix(a.words[0].Value, "*"), a.words[1].Value
	tn := lookupLocalType(pkg, name)
	if tn == nil {
		tn = c.lookupType(pkg, name)
	}
	if tn == nil {
		c.errorf(s.at(a.words[0].Off), "//mcp:result: no type %s in this package, the packages it imports or those its //mcp:tools and //mcp:tool lines name (name another package's type by import path or package name: net/http.Response, http.Response)", name)
		return
	}
	r := &resultRule{pos: cm.Pos(), typ: tn}
	if what == "omit" {
		r.omit = true
	} else {
		fnPos := s.at(a.words[1].Off)
		fn, ok := pkg.Types.Scope().Lookup(what).(*types.Func)
		if !ok {
			c.errorf(fnPos, "//mcp:result %s %s: no function %s in package %s; %s", name, what, what, pkg.Name, form)
			return
		}
		sig := fn.Signature()
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.TypeParams().Len() > 0 || isError(sig.Results().At(0).Type()) {
			c.errorf(fnPos, "//mcp:result %s %s: %s must take one parameter (the %s result) and return one value to send, not %s",
				name, what, what, name, typeString(sig, pkg.Types))
			return
		}
		r.fn = fn
	}
	for _, other := range s.d.results {
		if other.typ == r.typ {
			c.errorf(cm.Pos(), "second //mcp:result for %s (the first is at %s)", r.typ.Name(), c.lineOf(other.pos, cm.Pos()))
			return
		}
	}
	s.d.results = append(s.d.results, r)
}

// name is how messages name the directive's type or package: as the
// directive does.
func (r *toolsRule) name() string {
	if r.ref != "" {
		return r.ref
	}
	return r.typ.Name()
}

// prefixHint is a prefix= a message suggests for r: the type's name
// (issuesService), or the last element of the package's path.
func (r *toolsRule) prefixHint() string {
	if r.typ != nil {
		return lowerFirst(r.typ.Name())
	}
	return path.Base(r.ref)
}

// recv is the receiver of the tools of r, as registration names it (nil
// for functions).
func (r *toolsRule) recv() *model.Receiver {
	if r.typ == nil {
		return nil
	}
	return &model.Receiver{TypeName: r.typ.Name(), Register: r.register}
}

// lookupLocalType finds the type called name declared in pkg, or nil.
func lookupLocalType(pkg *packages.Package, name string) *types.TypeName {
	if pkg.Types == nil || !token.IsIdentifier(name) {
		return nil
	}
	tn, _ := pkg.Types.Scope().Lookup(name).(*types.TypeName)
	return tn
}

// bulkTools returns the tools that the //mcp:tools directives of pkg make
// of the exported methods of their types (or the exported functions of
// another package), besides those already in tools (annotated one by one,
// which wins). Of a pair X and XContext, only XContext is a tool, named
// after X. A method that cannot be a tool as it is does not stop
// generation: it is left out, with one warning per directive (one per
// method with allWarnings).
func (c *checker) bulkTools(pkg *packages.Package, files []*ast.File, tools []*toolDecl) []*toolDecl {
	if len(c.dirs.tools) == 0 {
		return nil
	}
	decls := methodDecls(pkg, files)
	annotated := map[*types.Func]bool{}
	for _, t := range tools {
		annotated[t.Func] = true
	}
	var out []*toolDecl
	for _, r := range c.dirs.tools {
		if !r.ok || r.toolset != "" && !c.checkToolset(r.toolset, r.toolsetPos, pkg.Name) {
			continue
		}
		declPkg, declsOf := pkg, decls
		if r.pkg != nil {
			declPkg, declsOf = r.pkg, c.foreignDecls(r.pkg)
		}
		members, ok := c.toolsMembers(r)
		if !ok {
			continue
		}
		if r.register != "" {
			// A method of the type named one at a time (//mcp:tool
			// IMPORTPATH.TYPE.Method) is registered with the others.
			for _, t := range tools {
				if t.site != nil && t.Receiver != nil && r.typ != nil && t.Receiver.Named == r.typ.Type() {
					t.Receiver.Register = r.register
				}
			}
		}
		out = append(out, c.ruleTools(r, declPkg, declsOf, members, annotated)...)
	}
	return out
}

// methodDecls returns the declarations of the methods declared in files,
// by their objects in pkg.
func methodDecls(pkg *packages.Package, files []*ast.File) map[*types.Func]*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				if fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	return decls
}

// toolsMembers returns the functions that the //mcp:tools directive r
// makes tools of, exported or not: the methods of its type, or the
// functions of its package in the order of their declarations; ok false
// when its type is not a named one.
func (c *checker) toolsMembers(r *toolsRule) (members []*types.Func, ok bool) {
	if r.funcs {
		scope := r.pkg.Types.Scope()
		for _, name := range scope.Names() {
			if fn, ok := scope.Lookup(name).(*types.Func); ok {
				members = append(members, fn)
			}
		}
		slices.SortFunc(members, func(a, b *types.Func) int {
			pa, pb := c.fset.Position(a.Pos()), c.fset.Position(b.Pos())
			return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
		})
		return members, true
	}
	if named, isNamed := r.typ.Type().(*types.Named); isNamed {
		return slices.Collect(named.Methods()), true
	}
	return nil, false
}

// ruleTools returns the tools that the //mcp:tools directive r makes of
// members (declared in declPkg, their declarations in declsOf): each
// exported one not annotated one by one, X left for XContext. It records
// in r how many it tried and the summaries of those left out, and warns
// when another package's has none to make tools of.
func (c *checker) ruleTools(r *toolsRule, declPkg *packages.Package, declsOf map[*types.Func]*ast.FuncDecl, members []*types.Func, annotated map[*types.Func]bool) []*toolDecl {
	exported := map[string]*types.Func{}
	for _, m := range members {
		if m.Exported() {
			exported[m.Name()] = m
		}
	}
	var out []*toolDecl
	var left []string
	count := 0
	for _, m := range members {
		fd := declsOf[m]
		if !m.Exported() || annotated[m] || fd == nil {
			continue
		}
		base := m.Name()
		if exported[base+"Context"] != nil {
			continue // X beside XContext: the latter is the tool
		}
		if b, isCtx := strings.CutSuffix(base, "Context"); isCtx && b != "" && exported[b] != nil {
			base = b
		}
		count++
		if t, l := c.bulkTool(r, declPkg, fd, base); t != nil {
			out = append(out, t)
		} else {
			left = append(left, l)
		}
	}
	r.count, r.left = count, left
	if count == 0 && r.pkg != nil {
		c.warnf(r.pos, "//mcp:tools %s: no exported %s to make tools of", r.name(), map[bool]string{true: "function", false: "method"}[r.funcs])
	}
	return out
}

// bulkTool checks fd, a member of the //mcp:tools directive r declared in
// declPkg, as the tool named after base (with r's prefix and options) and
// returns it; or, when it cannot be a tool as it is, nil and how the
// summary names it left out, its errors dropped (see leftOut).
func (c *checker) bulkTool(r *toolsRule, declPkg *packages.Package, fd *ast.FuncDecl, base string) (*toolDecl, string) {
	dir := &ast.Comment{Slash: r.pos, Text: toolPrefix + " name=" + r.prefix + snakeCase(base) + " " + r.opts}
	var args []*ast.Comment
	if fd.Doc != nil && r.pkg == nil {
		for _, cm := range fd.Doc.List {
			if kind, _ := classify(cm.Text); kind == argDirective {
				args = append(args, cm)
			}
		}
	}
	var site *foreignSite
	if r.pkg != nil {
		kind := map[bool]string{true: "function", false: "method"}[r.funcs]
		site = c.addSite(declPkg, fd, r.pos, "//mcp:tools "+r.ref, fmt.Sprintf("//mcp:tools %s: %s %s", r.ref, kind, fd.Name.Name))
	}
	saved := len(c.diags)
	t := c.tool(declPkg, fd, []*ast.Comment{dir}, args, docLines{})
	reason, reasonAt := "", token.Position{}
	for _, d := range c.diags[saved:] {
		if !d.Warning && reason == "" {
			reason, reasonAt = d.Message, d.Pos
		}
	}
	if reason != "" {
		c.diags = c.diags[:saved]
		return nil, c.leftOut(r, fd, reason, reasonAt)
	}
	t.bulk, t.site = r, site
	if site != nil {
		t.Pos = c.fset.Position(r.pos)
		if t.Receiver != nil {
			t.Receiver.Register = r.register
		}
	}
	return t, ""
}

// leftOut records that the method fd is not a tool of the //mcp:tools
// directive r, for the reason given (at the position at), and returns how
// the summary names it.
func (c *checker) leftOut(r *toolsRule, fd *ast.FuncDecl, reason string, at token.Position) string {
	if c.allWarnings {
		what := "method"
		if r.funcs {
			what = "function"
		}
		if r.pkg != nil && (slices.Contains(r.pkg.CompiledGoFiles, at.Filename) || slices.Contains(r.pkg.GoFiles, at.Filename)) {
			full := "(declared at " + c.declaredAt(r.pkg, at) + ")"
			if short := fmt.Sprintf("(declared at %s:%d)", filepath.Base(at.Filename), at.Line); strings.Contains(reason, short) {
				reason = strings.Replace(reason, short, full, 1)
			} else {
				reason += " " + full
			}
			c.warnf(r.pos, "//mcp:tools %s: %s %s left out: %s", r.name(), what, fd.Name.Name, reason)
		} else {
			c.warnf(fd.Name.Pos(), "//mcp:tools %s: %s %s left out: %s", r.name(), what, fd.Name.Name, reason)
		}
	}
	return fd.Name.Name
}

// bulkSummary warns, once per //mcp:tools directive, of the methods it
// left out; the tools with schema errors (bulk, failed) are left out too.
func (c *checker) bulkSummary(failed map[*toolDecl]string) {
	for t, reason := range failed {
		t.bulk.left = append(t.bulk.left, c.leftOut(t.bulk, t.decl, reason, token.Position{}))
	}
	for _, r := range c.dirs.tools {
		if len(r.left) == 0 {
			continue
		}
		slices.Sort(r.left)
		more := ""
		if !c.allWarnings {
			more = "; run mcpgen -v for the reason of each"
		}
		what := "methods"
		if r.funcs {
			what = "functions"
		}
		c.warnf(r.pos, "//mcp:tools %s: %d of the %d %s it annotates are left out, as they cannot be tools as they are: %s%s",
			r.name(), len(r.left), r.count, what, strings.Join(r.left, ", "), more)
	}
}
