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
//
// They are read before any tool is checked (pkgDirectives), so a
// directive in mcp.go applies to the tools of api.go.

// pkgDirs holds the package-level directives of one package.
type pkgDirs struct {
	results []*resultRule
	params  map[string]string // parameter name -> description
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
	text     string // the options after the type name
	textPos  token.Pos
	count    int      // methods it makes tools of
	left     []string // the names of those left out
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

// pkgDirectives reads and checks the package-level directives of pkg's
// files (mcpgen's own output aside).
func (c *checker) pkgDirectives(pkg *packages.Package, files []*ast.File) *pkgDirs {
	d := &pkgDirs{params: map[string]string{}}
	paramLine := map[string]token.Pos{}
	var outputPos, constraintsPos, serverPos token.Pos
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
				if kind, _ := classify(cm.Text); kind != packageDirective {
					continue
				}
				word, rest, _ := strings.Cut(strings.TrimPrefix(cm.Text, "//mcp:"), " ")
				rest = strings.TrimSpace(strings.ReplaceAll(rest, "\t", " "))
				restPos := cm.Pos() + token.Pos(len(cm.Text)-len(strings.TrimLeft(cm.Text[len("//mcp:"+word):], " \t")))
				if funcDocs[g] {
					c.errorf(cm.Pos(), "//mcp:%s applies to the whole package: put it in a comment outside a function's doc comment (next to the package clause, say)", word)
					continue
				}
				switch word {
				case "result":
					if r := c.resultDirective(pkg, cm, rest, restPos); r != nil {
						for _, other := range d.results {
							if other.typ == r.typ {
								c.errorf(cm.Pos(), "second //mcp:result for %s (the first is at %s)", r.typ.Name(), c.lineOf(other.pos, cm.Pos()))
								r = nil
								break
							}
						}
						if r != nil {
							d.results = append(d.results, r)
						}
					}
				case "param":
					name, text, _ := strings.Cut(rest, " ")
					text = strings.TrimSpace(text)
					switch {
					case name == "" || text == "":
						c.errorf(cm.Pos(), "//mcp:param needs a parameter name and a description: //mcp:param NAME text")
					case !token.IsIdentifier(name):
						c.errorf(restPos, "//mcp:param %s: a parameter name is a Go identifier", name)
					case paramLine[name] != token.NoPos:
						c.errorf(restPos, "second //mcp:param %s (the first is at %s)", name, c.lineOf(paramLine[name], cm.Pos()))
					default:
						paramLine[name] = cm.Pos()
						d.params[name] = text
					}
				case "output":
					max, ok := -1, rest == "off"
					if v, isMax := strings.CutPrefix(rest, "max="); isMax {
						n, err := strconv.Atoi(v)
						max, ok = n, err == nil && n > 0
					}
					switch {
					case !ok:
						c.errorf(restPos, "//mcp:output takes max=BYTES (a positive number: output schemas longer than that are left out) or off (no output schemas)")
					case outputPos != token.NoPos:
						c.errorf(cm.Pos(), "second //mcp:output (the first is at %s)", c.lineOf(outputPos, cm.Pos()))
					default:
						outputPos, d.outputMax = cm.Pos(), max
					}
				case "constraints":
					switch {
					case rest != "described" && rest != "keywords":
						c.errorf(restPos, "//mcp:constraints takes described (the input schemas' descriptions also state each constraint) or keywords (as keywords only)")
					case constraintsPos != token.NoPos:
						c.errorf(cm.Pos(), "second //mcp:constraints (the first is at %s)", c.lineOf(constraintsPos, cm.Pos()))
					default:
						constraintsPos, d.constraints = cm.Pos(), rest
					}
				case "skills":
					c.skillsDirective(d, cm.Pos(), rest, restPos)
				case "server":
					s := c.serverDirective(cm, rest, restPos, packageDoc(files), groupIcons(g)) // checked all the same
					if serverPos != token.NoPos {
						c.errorf(cm.Pos(), "second //mcp:server (the first is at %s)", c.lineOf(serverPos, cm.Pos()))
						continue
					}
					serverPos, d.server = cm.Pos(), s
				case "tools":
					name, opts, _ := strings.Cut(rest, " ")
					optsPos := restPos + token.Pos(len(rest)-len(strings.TrimLeft(opts, " ")))
					r := &toolsRule{pos: cm.Pos(), typ: lookupLocalType(pkg, name)}
					if r.typ == nil {
						if r = c.foreignToolsRule(pkg, cm, name, restPos); r == nil {
							continue
						}
					}
					r.text, r.textPos = strings.TrimSpace(opts), optsPos
					d.tools = append(d.tools, r)
				}
			}
		}
	}
	return d
}

// resultDirective parses //mcp:result TYPE omit|FUNC, whose text after
// the word is rest, at restPos.
func (c *checker) resultDirective(pkg *packages.Package, cm *ast.Comment, rest string, restPos token.Pos) *resultRule {
	const form = "write //mcp:result TYPE omit (results of that type are left out of every tool of the package) or //mcp:result TYPE FUNC (sent as FUNC(result), FUNC a function of this package)"
	name, what, _ := strings.Cut(rest, " ")
	what = strings.TrimSpace(what)
	if name == "" || what == "" || strings.Contains(what, " ") {
		c.errorf(cm.Pos(), "malformed //mcp:result: %s", form)
		return nil
	}
	name = strings.TrimPrefix(name, "*")
	tn := lookupLocalType(pkg, name)
	if tn == nil {
		tn = lookupTypeName(pkg, name)
	}
	if tn == nil {
		c.errorf(restPos, "//mcp:result: no type %s in this package or the packages it imports (name another package's type by import path or package name: net/http.Response, http.Response)", name)
		return nil
	}
	r := &resultRule{pos: cm.Pos(), typ: tn}
	if what == "omit" {
		r.omit = true
		return r
	}
	fnPos := restPos + token.Pos(len(rest)-len(what))
	fn, ok := pkg.Types.Scope().Lookup(what).(*types.Func)
	if !ok {
		c.errorf(fnPos, "//mcp:result %s %s: no function %s in package %s; %s", name, what, what, pkg.Name, form)
		return nil
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.TypeParams().Len() > 0 || isError(sig.Results().At(0).Type()) {
		c.errorf(fnPos, "//mcp:result %s %s: %s must take one parameter (the %s result) and return one value to send, not %s",
			name, what, what, name, typeString(sig, pkg.Types))
		return nil
	}
	r.fn = fn
	return r
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

// toolsOptions checks the options of an //mcp:tools directive: prefix=P
// and the options of //mcp:tool other than name= and title=, which name
// one tool. It returns the //mcp:tool options for each method (the prefix
// taken out) and the prefix; ok is false after an error, reported.
func (c *checker) toolsOptions(r *toolsRule) (opts, prefix string, ok bool) {
	toks, synErr := tokenizeOptions(r.text)
	if synErr != nil {
		c.errorf(r.textPos+token.Pos(synErr.Off), "%s", synErr.Msg)
		return "", "", false
	}
	blank := []byte(r.text)
	ok = true
	for _, o := range toks {
		end := len(r.text)
		if i := strings.IndexAny(r.text[o.KeyOff:], " \t"); i >= 0 {
			end = o.KeyOff + i
		}
		switch o.Key {
		case "prefix":
			if !o.HasValue || o.Value == "" || !toolname.Valid(o.Value) {
				c.errorf(r.textPos+token.Pos(o.KeyOff), "//mcp:tools: prefix needs a value of characters from [A-Za-z0-9_.-]: prefix=issues_")
				ok = false
			}
			prefix = o.Value
		case "register":
			switch {
			case r.pkg == nil || r.funcs:
				c.errorf(r.textPos+token.Pos(o.KeyOff), "//mcp:tools: register= names the function that registers the methods of another package's type (//mcp:tools IMPORTPATH.TYPE register=NAME); the tools of %s are registered by %s", r.name(), model.RegisterFunc(r.recv()))
				ok = false
			case !o.HasValue || !token.IsIdentifier(o.Value) || !token.IsExported(o.Value):
				c.errorf(r.textPos+token.Pos(o.KeyOff), "//mcp:tools: register needs the name of an exported function: register=RegisterGitHubIssuesTools")
				ok = false
			default:
				r.register = o.Value
			}
		case "name", "title":
			c.errorf(r.textPos+token.Pos(o.KeyOff), "//mcp:tools names each tool after its method (with prefix= before it); %s= belongs to the //mcp:tool of one method", o.Key)
			ok = false
		default:
			continue
		}
		for i := o.KeyOff; i < end; i++ {
			blank[i] = ' '
		}
	}
	_, errs := parseOptions(string(blank))
	for _, e := range errs {
		c.errorf(r.textPos+token.Pos(e.Off), "%s", strings.ReplaceAll(e.Msg, "//mcp:tool", "//mcp:tools"))
		ok = false
	}
	return strings.TrimSpace(string(blank)), prefix, ok
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
	annotated := map[*types.Func]bool{}
	for _, t := range tools {
		annotated[t.Func] = true
	}
	var out []*toolDecl
	for _, r := range c.dirs.tools {
		opts, prefix, ok := c.toolsOptions(r)
		if !ok {
			continue
		}
		declPkg, declsOf, kind := pkg, decls, "method"
		if r.pkg != nil {
			declPkg, declsOf = r.pkg, c.foreignDecls(r.pkg)
		}
		var members []*types.Func // in the order of their declarations
		if r.funcs {
			kind = "function"
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
		} else if named, isNamed := r.typ.Type().(*types.Named); isNamed {
			members = slices.Collect(named.Methods())
		} else {
			continue
		}
		exported := map[string]*types.Func{}
		for _, m := range members {
			if m.Exported() {
				exported[m.Name()] = m
			}
		}
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
			dir := &ast.Comment{Slash: r.pos, Text: toolPrefix + " name=" + prefix + snakeCase(base) + " " + opts}
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
				left = append(left, c.leftOut(r, fd, reason, reasonAt))
				continue
			}
			t.bulk, t.site = r, site
			if site != nil {
				t.Pos = c.fset.Position(r.pos)
				if t.Receiver != nil {
					t.Receiver.Register = r.register
				}
			}
			out = append(out, t)
		}
		r.count, r.left = count, left
		if count == 0 && r.pkg != nil {
			c.warnf(r.pos, "//mcp:tools %s: no exported %s to make tools of", r.name(), map[bool]string{true: "function", false: "method"}[r.funcs])
		}
	}
	return out
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
