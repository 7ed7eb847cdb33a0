package parser

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/model"
)

// Code of another package (an API client, the standard library), made
// tools from a comment of the user's package, which the generated file of
// that package registers:
//
//	//mcp:tools IMPORTPATH.TYPE [prefix=P] [register=NAME] [options]
//	                       every exported method of TYPE (and *TYPE)
//	//mcp:tools IMPORTPATH [prefix=P] [options]
//	                       every exported function of the package
//	//mcp:tool IMPORTPATH.NAME [options]   (a comment of its own)
//	                       one function, or TYPE.Method; the //mcp:arg
//	                       lines of the comment describe its parameters,
//	                       and its text, if any, is the description
//
// The named packages are loaded with their syntax, as the user's own are
// (LoadWith loads them as roots beside the user's patterns), so the tool
// rules, the doc comments and the schemas are those of the user's own
// code. A diagnostic about the other package's declaration is reported at
// the directive, naming the declaration (foreignSite).

// splitRef splits a reference to another package's declaration,
// IMPORTPATH.NAME or IMPORTPATH.TYPE.Method, at the first dot of its last
// path element that an upper-case letter follows (gopkg.in/yaml.v3.Marshal:
// gopkg.in/yaml.v3 and Marshal); name is "" for an import path alone.
func splitRef(s string) (path, name string) {
	last := strings.LastIndexByte(s, '/') + 1
	for i := last; i < len(s)-1; i++ {
		if s[i] == '.' && unicode.IsUpper(rune(s[i+1])) {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// looksLikePath reports whether s may be an import path (with a
// declaration's name after it): no option, no quote, no space.
func looksLikePath(s string) bool {
	if s == "" || strings.ContainsAny(s, "=\"'` \t") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") {
		return false
	}
	for _, r := range s {
		if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("/._-~+", r))) {
			return false
		}
	}
	return true
}

// foreignToolRef returns the reference of a //mcp:tool IMPORTPATH.NAME
// line and where it ends in the comment's text, or "" when the line is
// not one (its first word is an option, or has no dot: //mcp:tool name=x).
func foreignToolRef(text string) (ref string, end int) {
	rest, ok := strings.CutPrefix(text, toolPrefix)
	if !ok || rest == "" || !isSpace(rest[0]) {
		return "", 0
	}
	trimmed := strings.TrimLeft(rest, " \t")
	ref, _, _ = strings.Cut(strings.ReplaceAll(trimmed, "\t", " "), " ")
	if !strings.Contains(ref, ".") || !looksLikePath(ref) {
		return "", 0
	}
	if _, name := splitRef(ref); name == "" {
		return "", 0
	}
	return ref, len(text) - len(trimmed) + len(ref)
}

// foreignPaths returns the import paths that the directives of pkgs name,
// besides their own: the packages to load with syntax beside them.
func foreignPaths(pkgs []*packages.Package) []string {
	own := map[string]bool{}
	for _, p := range pkgs {
		own[p.PkgPath] = true
	}
	var paths []string
	add := func(p string) {
		if p != "" && !own[p] && !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	for _, pkg := range pkgs {
		for _, f := range pkg.Syntax {
			if isMcpgenOutput(f) {
				continue
			}
			for _, g := range f.Comments {
				for _, cm := range g.List {
					if ref, _ := foreignToolRef(cm.Text); ref != "" {
						path, _ := splitRef(ref)
						add(path)
						continue
					}
					rest, ok := strings.CutPrefix(cm.Text, "//mcp:tools")
					if !ok || rest == "" || !isSpace(rest[0]) {
						continue
					}
					word, _, _ := strings.Cut(strings.TrimSpace(strings.ReplaceAll(rest, "\t", " ")), " ")
					if lookupLocalType(pkg, word) != nil || !looksLikePath(word) {
						continue
					}
					path, _ := splitRef(word)
					add(path)
				}
			}
		}
	}
	slices.Sort(paths)
	return paths
}

// loadForeign loads pkgs' patterns again, in a new file set (cfg.Fset),
// with the packages that their directives name (foreignPaths) as roots
// too, so that those are type-checked from source, with their doc
// comments, and are the very packages the user's import. It returns the
// user's packages so loaded (nil when no directive names another
// package: pkgs stand), all packages by path (the user's among them) and,
// by path, why one of the others does not load; the directives that name
// it report it.
func loadForeign(cfg *packages.Config, patterns []string, pkgs []*packages.Package) (mine []*packages.Package, foreign map[string]*packages.Package, broken map[string]string, err error) {
	paths := foreignPaths(pkgs)
	foreign = map[string]*packages.Package{}
	for _, p := range pkgs {
		foreign[p.PkgPath] = p
	}
	if len(paths) == 0 {
		return nil, foreign, nil, nil
	}
	cfg.Fset = token.NewFileSet()
	own := map[string]bool{}
	for _, p := range pkgs {
		own[p.ID] = true
	}
	all, err := packages.Load(cfg, append(slices.Clone(patterns), paths...)...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading packages: %w", err)
	}
	broken = map[string]string{}
	for _, p := range all {
		if own[p.ID] {
			mine = append(mine, p)
			foreign[p.PkgPath] = p
			continue
		}
		var msgs []string
		for _, e := range p.Errors {
			if e.Kind == packages.ListError || e.Kind == packages.UnknownError {
				msgs = append(msgs, e.Msg)
			}
		}
		if len(msgs) > 0 || p.Types == nil || p.Name == "" {
			path := cmp.Or(p.PkgPath, p.ID)
			broken[path] = loadFailureText(path, msgs)
			continue
		}
		foreign[p.PkgPath] = p
	}
	return mine, foreign, broken, nil
}

// loadFailureText says why the package path does not load, from the go
// command's messages. A package that no module of the build provides is
// said in one sentence of ours: the go command words it after its flags
// (-mod=readonly: "cannot find module providing package"; otherwise "no
// required module provides package"), and the user's step is the same.
func loadFailureText(path string, msgs []string) string {
	text := strings.Join(strings.Fields(cmp.Or(strings.Join(msgs, "; "), "it does not load")), " ")
	if strings.Contains(text, "no required module provides package") || strings.Contains(text, "cannot find module providing package") {
		return "no module that the main module requires provides it; add one with go get " + path
	}
	return text
}

// A foreignSite is the declaration of another package that a directive of
// the user's package makes a tool of: a diagnostic inside it is reported
// at the directive, naming the declaration.
type foreignSite struct {
	file       string
	start, end int // offsets of the declaration (with its doc comment)
	pos        token.Pos
	what       string // "//mcp:tools example.com/x.T: method M"
	prefix     string // "//mcp:tools example.com/x.T": a message that starts so names it already
	pkg        *packages.Package
}

// addSite records that fd, of the other package pkg, is a tool by the
// directive at pos.
func (c *checker) addSite(pkg *packages.Package, fd *ast.FuncDecl, pos token.Pos, prefix, what string) *foreignSite {
	start := fd.Pos()
	if fd.Doc != nil {
		start = fd.Doc.Pos()
	}
	s := &foreignSite{file: c.fset.Position(start).Filename, start: c.fset.Position(start).Offset, end: c.fset.Position(fd.End()).Offset,
		pos: pos, what: what, prefix: prefix, pkg: pkg}
	c.sites = append(c.sites, s)
	c.builder.StatedFor(s.file, c.pkgPath)
	return s
}

// relocate moves the diagnostics inside another package's declaration
// that a directive made a tool of to the directive, and says where the
// declaration is.
func (c *checker) relocate(diags []Diagnostic) {
	for i := range diags {
		d := &diags[i]
		for _, s := range c.sites {
			if d.Pos.Filename != s.file || d.Pos.Offset < s.start || d.Pos.Offset >= s.end {
				continue
			}
			msg := d.Message
			if !strings.HasPrefix(msg, s.prefix+":") && !strings.HasPrefix(msg, s.prefix+" ") {
				msg = s.what + ": " + msg
			}
			at := c.declaredAt(s.pkg, d.Pos)
			// The schema builder names a declaration of another package
			// by its file's base name: here, the full one.
			if short := fmt.Sprintf("(declared at %s:%d)", filepath.Base(d.Pos.Filename), d.Pos.Line); strings.Contains(msg, short) {
				d.Message = strings.Replace(msg, short, "(declared at "+at+")", 1)
			} else {
				d.Message = fmt.Sprintf("%s (declared at %s)", msg, at)
			}
			d.Pos = c.fset.Position(s.pos)
			break
		}
	}
}

// declaredAt names the place pos of package pkg as a reader finds it:
// module@version/file:line in the module cache, $GOROOT/src/... for the
// standard library, else relative to the user's package.
func (c *checker) declaredAt(pkg *packages.Package, pos token.Position) string {
	name := filepath.ToSlash(pos.Filename)
	if m := pkg.Module; m != nil {
		dir, path, version := m.Dir, m.Path, m.Version
		if r := m.Replace; r != nil {
			dir, path, version = r.Dir, r.Path, r.Version
		}
		if rel, err := filepath.Rel(dir, pos.Filename); err == nil && version != "" && !strings.HasPrefix(rel, "..") {
			name = path + "@" + version + "/" + filepath.ToSlash(rel)
		} else if rel, err := filepath.Rel(c.dir, pos.Filename); err == nil {
			name = filepath.ToSlash(rel)
		}
	} else if i := strings.LastIndex(name, "/src/"); i >= 0 && pkg.PkgPath != "" && !strings.Contains(strings.SplitN(pkg.PkgPath, "/", 2)[0], ".") {
		name = "$GOROOT" + name[i:]
	}
	return fmt.Sprintf("%s:%d", name, pos.Line)
}

// loadFailure says why the package of import path path, named by a
// directive of pkg, is not loaded: the go command's reason without the
// directory it looked in, or, for the name of a package pkg imports, its
// import path to write instead.
func (c *checker) loadFailure(pkg *packages.Package, path string) string {
	if pkg != nil && pkg.Types != nil {
		for _, imp := range pkg.Types.Imports() {
			if imp.Name() == path && imp.Path() != path {
				return fmt.Sprintf("name it by import path, %s, not by package name", imp.Path())
			}
		}
	}
	why := cmp.Or(strings.TrimSpace(c.broken[path]), "it is not loaded")
	return goRootDir.ReplaceAllString(why, "")
}

// goRootDir matches the directory the go command names after "is not in
// std": a path of this machine, which a message does not need.
var goRootDir = regexp.MustCompile(` \([^()]*[/\\]src[/\\][^()]*\)`)

// foreignToolsRule reads //mcp:tools IMPORTPATH.TYPE or //mcp:tools
// IMPORTPATH, whose first word (not a type of pkg) is word at restPos.
func (c *checker) foreignToolsRule(pkg *packages.Package, cm *ast.Comment, word string, restPos token.Pos) *toolsRule {
	if !looksLikePath(word) {
		c.errorf(restPos, "//mcp:tools needs the name of a type declared in package %s (//mcp:tools TYPE [options]), of another package's type (//mcp:tools IMPORTPATH.TYPE) or an import path (//mcp:tools IMPORTPATH: its functions)", pkg.Name)
		return nil
	}
	path, name := splitRef(word)
	fp := c.foreign[path]
	if fp == nil || fp.Types == nil {
		why := c.loadFailure(pkg, path)
		if !strings.Contains(word, ".") && !strings.Contains(word, "/") {
			c.errorf(restPos, "//mcp:tools %s: no type %s in package %s, nor a package of that import path: write //mcp:tools TYPE, //mcp:tools IMPORTPATH.TYPE or //mcp:tools IMPORTPATH [options]", word, word, pkg.Name)
		} else {
			c.errorf(restPos, "//mcp:tools %s: package %s does not load: %s", word, path, why)
		}
		return nil
	}
	r := &toolsRule{pos: cm.Pos(), pkg: fp, ref: word}
	if name == "" {
		r.funcs = true
		return r
	}
	tn, ok := fp.Types.Scope().Lookup(name).(*types.TypeName)
	switch {
	case !ok:
		if _, isFunc := fp.Types.Scope().Lookup(name).(*types.Func); isFunc {
			c.errorf(restPos, "//mcp:tools %s: %s is a function, not a type; make it a tool with //mcp:tool %s in a comment of its own, or make every function of the package one with //mcp:tools %s", word, name, word, path)
		} else {
			c.errorf(restPos, "//mcp:tools %s: no type %s in package %s", word, name, path)
		}
		return nil
	case !tn.Exported():
		c.errorf(restPos, "//mcp:tools %s: type %s is not exported, so the generated code cannot name it", word, name)
		return nil
	}
	if _, isNamed := tn.Type().(*types.Named); !isNamed {
		c.errorf(restPos, "//mcp:tools %s: %s is an alias; name the type it stands for", word, name)
		return nil
	}
	if types.IsInterface(tn.Type()) {
		c.errorf(restPos, "//mcp:tools %s: %s is an interface, whose methods have no body to call; name the type of the package that implements it (the one its constructor returns)", word, name)
		return nil
	}
	r.typ = tn
	return r
}

// foreignDecls returns the declarations of pkg's functions and methods.
func (c *checker) foreignDecls(pkg *packages.Package) map[*types.Func]*ast.FuncDecl {
	if d := c.declsOf[pkg]; d != nil {
		return d
	}
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	if c.declsOf == nil {
		c.declsOf = map[*packages.Package]map[*types.Func]*ast.FuncDecl{}
	}
	c.declsOf[pkg] = decls
	return decls
}

// foreignToolGroup returns the //mcp:tool IMPORTPATH.NAME line of the
// comment g, or nil.
func foreignToolGroup(g *ast.CommentGroup) *ast.Comment {
	for _, cm := range g.List {
		if ref, _ := foreignToolRef(cm.Text); ref != "" {
			return cm
		}
	}
	return nil
}

// foreignTool checks the //mcp:tool IMPORTPATH.NAME line cm of the comment
// g (not a doc comment) and returns the tool, or nil after an error.
func (c *checker) foreignTool(pkg *packages.Package, g *ast.CommentGroup, cm *ast.Comment) *toolDecl {
	ref, end := foreignToolRef(cm.Text)
	refPos := cm.Pos() + token.Pos(end-len(ref))
	for _, other := range g.List {
		if other != cm && strings.HasPrefix(other.Text, toolPrefix) && (len(other.Text) == len(toolPrefix) || isSpace(other.Text[len(toolPrefix)])) {
			c.errorf(other.Pos(), "second //mcp:tool in the comment of //mcp:tool %s (line %d); give each its own comment", ref, c.fset.Position(cm.Pos()).Line)
			return nil
		}
	}
	path, name := splitRef(ref)
	fp := c.foreign[path]
	if fp == nil || fp.Types == nil {
		c.errorf(refPos, "//mcp:tool %s: package %s does not load: %s", ref, path, c.loadFailure(pkg, path))
		return nil
	}
	var fn *types.Func
	typeName, method, isMethod := strings.Cut(name, ".")
	switch obj := fp.Types.Scope().Lookup(typeName).(type) {
	case *types.Func:
		if !isMethod {
			fn = obj
		}
	case *types.TypeName:
		if isMethod {
			m, _, _ := types.LookupFieldOrMethod(types.NewPointer(obj.Type()), true, fp.Types, method)
			fn, _ = m.(*types.Func)
			if fn == nil {
				c.errorf(refPos, "//mcp:tool %s: type %s of package %s has no method %s", ref, typeName, path, method)
				return nil
			}
		} else {
			c.errorf(refPos, "//mcp:tool %s: %s is a type; name one of its methods (//mcp:tool %s.METHOD), or make each a tool with //mcp:tools %s", ref, typeName, ref, ref)
			return nil
		}
	}
	if fn == nil {
		c.errorf(refPos, "//mcp:tool %s: no function %s in package %s", ref, name, path)
		return nil
	}
	if !fn.Exported() || isMethod && !token.IsExported(typeName) {
		c.errorf(refPos, "//mcp:tool %s: %s is not exported, so the generated code cannot call it", ref, name)
		return nil
	}
	fpkg := fp
	if fn.Pkg() != fp.Types {
		// A method promoted from a type of yet another package.
		fpkg = c.foreign[fn.Pkg().Path()]
		if fpkg == nil {
			c.errorf(refPos, "//mcp:tool %s: %s is declared in package %s; name it there: //mcp:tool %s.%s", ref, name, fn.Pkg().Path(), fn.Pkg().Path(), strings.TrimPrefix(fn.FullName(), "("+"*"+fn.Pkg().Path()+"."))
			return nil
		}
	}
	fd := c.foreignDecls(fpkg)[fn]
	if fd == nil {
		c.errorf(refPos, "//mcp:tool %s: no declaration of %s in the source of package %s", ref, name, fn.Pkg().Path())
		return nil
	}
	// The comment's own lines: its text (the description, if any), its
	// //mcp:arg, //mcp:icon, //mcp:meta and //mcp:enum lines.
	var args []*ast.Comment
	var lines docLines
	text := false
	for _, l := range g.List {
		switch kind, _ := classify(l.Text); kind {
		case argDirective:
			args = append(args, l)
		case iconDirective:
			lines.icons = append(lines.icons, l)
		case metaDirective:
			lines.metas = append(lines.metas, l)
		case notDirective:
			text = text || strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l.Text, "//"), "/*")) != ""
		}
	}
	decl := *fd
	doc := &ast.CommentGroup{}
	if !text && fd.Doc != nil {
		doc.List = append(doc.List, fd.Doc.List...)
	}
	for _, l := range g.List {
		if kind, _ := classify(l.Text); text && kind == notDirective || kind == typeDirective {
			doc.List = append(doc.List, l)
		}
	}
	decl.Doc = doc
	site := c.addSite(fpkg, fd, cm.Pos(), toolPrefix+" "+ref, toolPrefix+" "+ref)
	dir := &ast.Comment{Slash: cm.Slash + token.Pos(end-len(toolPrefix)), Text: toolPrefix + cm.Text[end:]}
	t := c.tool(fpkg, &decl, []*ast.Comment{dir}, args, lines)
	t.site = site
	t.Pos = c.fset.Position(cm.Pos())
	return t
}

// foreignFix says how to describe a parameter of a tool of another
// package's code.
func (t *toolDecl) describeFix(name string) string {
	switch {
	case t.site == nil:
		return fmt.Sprintf("add //mcp:arg %s TEXT to the doc comment", name)
	case t.bulk != nil:
		return fmt.Sprintf("describe it once for the package with //mcp:param %s TEXT in any comment of it", name)
	}
	return fmt.Sprintf("add //mcp:arg %s TEXT to the comment of its //mcp:tool", name)
}

// modules returns the modules whose code became the tools, for the
// generated file's header: a change of one is drift (mcpgen -check).
func (c *checker) modules(tools []*toolDecl) []model.Module {
	seen := map[string]bool{}
	var out []model.Module
	for _, t := range tools {
		if t.site == nil || t.bad || t.site.pkg.Module == nil {
			continue
		}
		m := t.site.pkg.Module
		if seen[m.Path] {
			continue
		}
		seen[m.Path] = true
		mod := model.Module{Path: m.Path, Version: m.Version, Main: m.Main}
		if r := m.Replace; r != nil {
			mod.Replace = strings.TrimSpace(r.Path + " " + r.Version)
		}
		out = append(out, mod)
	}
	slices.SortFunc(out, func(a, b model.Module) int { return cmp.Compare(a.Path, b.Path) })
	return out
}

// atDirective returns, for a summary of the package's warnings at pos,
// the directive whose other package's declaration pos is in, else pos:
// such a line is about the package, not about that declaration.
func (c *checker) atDirective(pos token.Pos) token.Pos {
	p := c.fset.Position(pos)
	for _, s := range c.sites {
		if p.Filename == s.file && p.Offset >= s.start && p.Offset < s.end {
			return s.pos
		}
	}
	return pos
}
