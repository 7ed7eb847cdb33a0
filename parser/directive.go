package parser

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/suggest"
	"github.com/mcpgen/mcpgen/parser/schema"
)

const (
	toolPrefix = "//mcp:tool"
	argPrefix  = "//mcp:arg"
	enumPrefix = "//mcp:enum"
)

// directiveKind classifies one comment.
type directiveKind int

const (
	notDirective       directiveKind = iota
	toolDirective                    // //mcp:tool [options]
	argDirective                     // //mcp:arg NAME text
	typeDirective                    // //mcp:enum [on|off], on a type or struct field
	schemaDirective                  // //mcp:schema [TYPE] {...}
	primitiveDirective               // //mcp:prompt [options] or //mcp:resource uri=... [options]
	iconDirective                    // //mcp:icon src=... [options], beside a tool's, prompt's or resource's directive
	metaDirective                    // //mcp:meta {...}, beside //mcp:tool
	packageDirective                 // //mcp:result, //mcp:param, //mcp:output, //mcp:tools, //mcp:constraints, //mcp:skills, //mcp:server (pkgdirectives.go)
	unknownDirective                 // //mcp:other
	nearMiss                         // looks like a directive but is not one: // mcp:tool, //MCP:tool
)

// classify tells what the comment text (with its // or /* */) is, by the
// table of directives. For a near miss, or an unknown directive close to
// a known one, it also returns the directive meant.
func classify(text string) (kind directiveKind, meant string) {
	if word, ok := strings.CutPrefix(text, "//mcp:"); ok {
		if d, _, _ := directiveOf(text); d != nil {
			return d.kind, ""
		}
		if m := meantDirective(text); m != "" {
			return nearMiss, m
		}
		word, _, _ = strings.Cut(word, " ")
		word, _, _ = strings.Cut(word, "\t")
		// The nearest word, within 2 edits; the first of a tie.
		best := 3
		for _, d := range directiveTable() {
			if n := suggest.Distance(word, d.word); n < best {
				best, meant = n, "//mcp:"+d.word
			}
		}
		return unknownDirective, meant
	}
	if m := meantDirective(text); m != "" {
		return nearMiss, m
	}
	return notDirective, ""
}

// meantDirective returns "//mcp:tool" or "//mcp:arg" if text looks like an
// attempt at one: any case, spaces around the separator, a '+' as in old
// build tags, '-' or '_' for ':', or a block comment. To stay quiet on
// prose ("// MCP: tool calls are...", "// mcp.Tool values..."), what
// follows "tool" must be empty or look like options.
func meantDirective(text string) string {
	var body string
	switch {
	case strings.HasPrefix(text, "//"):
		body = text[2:]
	case strings.HasPrefix(text, "/*"):
		body = strings.TrimSuffix(text[2:], "*/")
	default:
		return ""
	}
	s := strings.TrimLeft(body, " \t")
	s = strings.TrimLeft(strings.TrimPrefix(s, "+"), " \t")
	rest, ok := cutPrefixFold(s, "mcp")
	if !ok {
		return ""
	}
	if r := strings.TrimLeft(rest, " \t"); r != "" && strings.ContainsRune(":-_", rune(r[0])) {
		rest = strings.TrimLeft(r[1:], " \t")
	} else if _, ok := cutPrefixFold(rest, "tool"); !ok {
		return "" // "mcp" alone, or prose such as "mcp tools are..."
	}
	if after, ok := cutPrefixFold(rest, "tool"); ok && (after == "" || isSpace(after[0])) && looksLikeOptions(after) {
		return toolPrefix
	}
	if after, ok := cutPrefixFold(rest, "arg"); ok && (after == "" || isSpace(after[0])) {
		return argPrefix
	}
	return ""
}

// cutPrefixFold is strings.CutPrefix, ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// looksLikeOptions reports whether text could be meant as the options of
// a //mcp:tool directive: every word is an option, or close to one.
func looksLikeOptions(text string) bool {
	tool := toolSpec()
	for _, word := range strings.Fields(text) {
		key, _, _ := strings.Cut(word, "=")
		if tool.rule(key) == nil && tool.suggest(key) == "" {
			return false
		}
	}
	return true
}

// toolDecl is a Tool under construction, with what the checks need.
type toolDecl struct {
	model.Tool
	pos  token.Pos // function name
	decl *ast.FuncDecl
	pkg  *packages.Package
	args []*ast.Comment // the //mcp:arg directives
	// constraints is the option constraints= of //mcp:tool ("described",
	// "keywords" or "").
	constraints string
	// uiURI is the option ui= (the tool's MCP App view), at uiPos.
	uiURI string
	uiPos token.Pos

	// Positions for the schema builder's diagnostics.
	structPos token.Pos // type of the struct parameter
	// structNamePos is the name of the struct parameter (its type when
	// unnamed).
	structNamePos token.Pos
	paramPos      []token.Pos // name of each plain parameter
	// paramTag and paramTagPos hold, per plain parameter, the jsonschema
	// keywords its //mcp:arg states and their position.
	paramTag    []string
	paramTagPos []token.Pos
	// paramTagFrom is "//mcp:param" for keywords of the package's
	// //mcp:param, "" for those of //mcp:arg.
	paramTagFrom []string
	paramEnum    []schema.EnumSwitch // //mcp:enum [on|off] PARAM of the doc comment
	resultPos    token.Pos           // type of R
	// resultsPos holds the position of each of Results.
	resultsPos []token.Pos
	bad        bool // a diagnostic was reported: the tool is not generated
	// bulk is the //mcp:tools directive that made the method a tool, or
	// nil: such a tool is left out, with a warning, when it cannot be one.
	bulk *toolsRule
	// site is the other package's declaration that a directive of the
	// user's package makes this tool of (foreign.go), or nil.
	site *foreignSite
	// shaped: the parameters were understood, so their schemas can be
	// derived (and their mistakes reported) even when other parts of the
	// tool are bad: every mistake is reported in one run.
	shaped bool
	// sig is the function's signature, instantiated with TypeArgs for a
	// generic function; instances is the number of //mcp:tool directives
	// of a generic function (one tool each), 0 otherwise.
	sig       *types.Signature
	instances int
	dir       token.Pos // the //mcp:tool directive
}

// file scans every comment of f for directives, reports misplaced and
// malformed ones, and returns the annotated functions found.
func (c *checker) file(pkg *packages.Package, f *ast.File) ([]*toolDecl, []*primitiveDecl) {
	funcDocs := map[*ast.CommentGroup]*ast.FuncDecl{}
	varDocs := map[*ast.CommentGroup]*ast.GenDecl{} // variables with a //mcp:resource
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil {
				funcDocs[d.Doc] = d
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			if hasDirective(d.Doc, resourcePrefix) {
				varDocs[d.Doc] = d
			}
			// In a var ( ... ) group, each variable's own doc comment.
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && d.Lparen.IsValid() && hasDirective(vs.Doc, resourcePrefix) {
					varDocs[vs.Doc] = &ast.GenDecl{Doc: vs.Doc, Tok: token.VAR, Specs: []ast.Spec{vs}}
				}
			}
		}
	}
	var prims []*primitiveDecl
	var foreignTools []*toolDecl
	for _, g := range f.Comments {
		fd := funcDocs[g]
		var foreignLine *ast.Comment // //mcp:tool IMPORTPATH.NAME (foreign.go)
		if fd == nil {
			if foreignLine = foreignToolGroup(g); foreignLine != nil {
				if t := c.foreignTool(pkg, g, foreignLine); t != nil {
					foreignTools = append(foreignTools, t)
				}
			}
		}
		if gd := varDocs[g]; gd != nil {
			if p := c.varDirectives(pkg, gd); p != nil {
				prims = append(prims, p)
			}
			continue
		}
		for _, cm := range g.List {
			row, _, _ := directiveOf(cm.Text)
			kind, meant := classify(cm.Text)
			switch {
			case kind == nearMiss:
				c.errorf(cm.Pos(), "malformed directive %q: write %s, with no space after // and in lower case", firstWords(cm.Text), meant)
			case kind == unknownDirective:
				if meant != "" {
					c.errorf(cm.Pos(), "unknown directive %q; did you mean %s?", firstWords(cm.Text), meant)
				} else {
					c.errorf(cm.Pos(), "unknown directive %q: mcpgen knows %s", firstWords(cm.Text), knownDirectives())
				}
			case foreignLine != nil && row != nil && (row.kind == toolDirective || row.kind == argDirective || row.kind == iconDirective || row.kind == metaDirective || row.kind == typeDirective):
				// In the comment of //mcp:tool IMPORTPATH.NAME: checked by foreignTool.
			case row == nil || row.pkg != nil:
				// Not a directive, or one of the whole package (pkgDirectives).
			case row.comment != nil:
				row.comment(c, pkg, f, g, cm, fd)
			case fd == nil && (row.place&inServerNote == 0 || !hasDirective(g, serverPrefix)):
				c.errorf(cm.Pos(), "%s", row.misplaced(c.fset, f, g))
			}
		}
	}
	tools := foreignTools
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		var toolDirs, argDirs, primDirs []*ast.Comment
		var lines docLines
		for _, cm := range fd.Doc.List {
			switch kind, _ := classify(cm.Text); kind {
			case toolDirective:
				toolDirs = append(toolDirs, cm)
			case argDirective:
				argDirs = append(argDirs, cm)
			case primitiveDirective:
				primDirs = append(primDirs, cm)
			case iconDirective:
				lines.icons = append(lines.icons, cm)
			case metaDirective:
				lines.metas = append(lines.metas, cm)
			}
		}
		if len(primDirs) > 0 {
			if len(toolDirs) > 0 || len(primDirs) > 1 {
				c.errorf(primDirs[len(primDirs)-1].Pos(), "%s has more than one of //mcp:tool, //mcp:prompt, //mcp:resource and //mcp:complete; a function is one of them", fd.Name.Name)
				continue
			}
			if strings.HasPrefix(primDirs[0].Text, completePrefix) {
				for _, cm := range lines.icons {
					c.errorf(cm.Pos(), "//mcp:icon is for tools, prompts and resources: completer %s has no icon", fd.Name.Name)
				}
				for _, cm := range lines.metas {
					c.errorf(cm.Pos(), "//mcp:meta is for tools, prompts and resources: completer %s has no _meta", fd.Name.Name)
				}
			}
			if p := c.primitive(pkg, fd, primDirs[0], argDirs, lines); p != nil {
				prims = append(prims, p)
			}
			continue
		}
		if len(toolDirs) == 0 {
			if nearToolDirective(fd.Doc) {
				continue // the near miss is reported; its //mcp:arg lines would only bury it
			}
			for _, cm := range argDirs {
				c.errorf(cm.Pos(), "//mcp:arg without //mcp:tool: %s is not a tool", fd.Name.Name)
			}
			for _, cm := range append(lines.icons, lines.metas...) {
				word, _, _ := strings.Cut(cm.Text, " ")
				c.errorf(cm.Pos(), "%s without //mcp:tool, //mcp:prompt or //mcp:resource: %s is none of them", word, fd.Name.Name)
			}
			continue
		}
		if fd.Recv == nil && fd.Type.TypeParams != nil && len(toolDirs) > 1 {
			// A generic function: one tool per //mcp:tool, each an
			// instantiation with the type arguments of its types=.
			for _, d := range toolDirs {
				if t := c.tool(pkg, fd, []*ast.Comment{d}, argDirs, lines); t != nil {
					t.instances = len(toolDirs)
					tools = append(tools, t)
				}
			}
			continue
		}
		if t := c.tool(pkg, fd, toolDirs, argDirs, lines); t != nil {
			tools = append(tools, t)
		}
	}
	return tools, prims
}

// enumGrammar is //mcp:enum [on|off] [PARAM]: PARAM in a tool's doc
// comment, for one of its plain parameters, none at a type or field.
func enumGrammar() *grammar {
	return &grammar{directive: enumPrefix, words: []wordRule{
		{name: "on or off", optional: true, choices: []string{"on", "off"}},
		{name: "PARAM", optional: true},
	}}
}

// enumArgs parses the //mcp:enum directive cm: the switch it states and
// the parameter it names, if any; ok is false for malformed text.
func enumArgs(cm *ast.Comment) (sw schema.EnumSwitch, param string, ok bool) {
	_, rest, _ := directiveOf(cm.Text)
	a, errs := enumGrammar().parse(rest)
	sw, param = schema.EnumOn, a.words[1].Value
	if a.words[0].Value == "off" {
		sw = schema.EnumOff
	}
	return sw, param, len(errs) == 0 && param != "on" && param != "off"
}

// enumComment checks an //mcp:enum directive where it stands: in a
// tool's doc comment (fd), for a plain parameter; elsewhere, in the doc
// or line comment of a named string or integer type or of a struct
// field, where the schema builder reads it.
func (c *checker) enumComment(pkg *packages.Package, f *ast.File, g *ast.CommentGroup, cm *ast.Comment, fd *ast.FuncDecl) {
	_, param, ok := enumArgs(cm)
	if fd != nil {
		if !ok || param == "" {
			c.errorf(cm.Pos(), "malformed directive %q: in a tool's doc comment, write //mcp:enum off PARAM (or on) for a plain parameter", firstWords(cm.Text))
		}
		return
	}
	if !ok || param != "" {
		c.errorf(cm.Pos(), "malformed directive %q: write //mcp:enum (the type's constants are its values), //mcp:enum on or //mcp:enum off", firstWords(cm.Text))
		return
	}
	ts, ok := typeOrFieldComment(f, g)
	if !ok {
		c.errorf(cm.Pos(), "//mcp:enum must be in the doc comment of a type or of a struct field")
		return
	}
	if ts == nil || pkg.Types == nil {
		return // a field: the schema builder checks its type
	}
	if obj := pkg.Types.Scope().Lookup(ts.Name.Name); obj != nil {
		if b, ok := obj.Type().Underlying().(*types.Basic); !ok || b.Info()&(types.IsString|types.IsInteger) == 0 {
			c.errorf(cm.Pos(), "//mcp:enum applies to a type whose underlying type is a string or integer type, not to %s", ts.Name.Name)
		}
	}
}

// schemaGrammar is //mcp:schema [TYPE] {...}.
func schemaGrammar() *grammar {
	return &grammar{directive: "//mcp:schema", words: []wordRule{{name: "TYPE", optional: true}}, rest: rawRest}
}

// schemaDirective checks an //mcp:schema directive: a schema for the type
// or field it documents, or, with a type name, for that type in the whole
// package, which it hands to the schema builder.
func (c *checker) schemaDirective(pkg *packages.Package, f *ast.File, g *ast.CommentGroup, cm *ast.Comment, _ *ast.FuncDecl) {
	_, rest, _ := directiveOf(cm.Text)
	a, _ := schemaGrammar().parse(rest) // a TYPE is optional, the rest raw: no error
	name := a.words[0].Value
	s, err := schema.ParseStated(a.rest)
	if err != nil {
		c.errorf(cm.Pos(), "//mcp:schema: %v", err)
		return
	}
	if name == "" {
		if _, ok := typeOrFieldComment(f, g); !ok {
			c.errorf(cm.Pos(), "//mcp:schema {...} must be in the doc comment of a type or of a struct field; to state the schema of a type for the whole package, name it: //mcp:schema path/to/pkg.Type {...}")
		}
		return
	}
	obj := c.lookupType(pkg, name)
	if obj == nil {
		c.errorf(cm.Pos(), "//mcp:schema: no type %s in this package, the packages it imports or those its //mcp:tools and //mcp:tool lines name (name it by import path or package name, then the type: net/netip.Addr, semver.Version)", name)
		return
	}
	c.builder.State(pkg.PkgPath, obj.Pkg().Path()+"."+obj.Name(), s, cm.Pos())
}

// lookupType finds the type TYPE of a package-level line of pkg
// (//mcp:schema, //mcp:result, //mcp:view), named "path.Name" or
// "pkgname.Name": in pkg or the packages it imports, else, as the lines
// apply to the tools made of other packages' code too, in the packages
// that pkg's //mcp:tools and //mcp:tool lines name (by import path or
// package name) or, by import path, any package they import. It returns
// nil when there is none, or when two of those packages have that name.
func (c *checker) lookupType(pkg *packages.Package, name string) *types.TypeName {
	if tn := lookupTypeName(pkg, name); tn != nil {
		return tn
	}
	i := strings.LastIndex(name, ".")
	if i <= 0 || pkg.Types == nil {
		return nil
	}
	qual, short := name[:i], name[i+1:]
	var roots []*types.Package
	for _, path := range foreignPaths([]*packages.Package{pkg}) {
		if p := c.foreign[path]; p != nil && p.Types != nil {
			roots = append(roots, p.Types)
		}
	}
	lookup := func(p *types.Package) *types.TypeName {
		tn, _ := p.Scope().Lookup(short).(*types.TypeName)
		return tn
	}
	if !strings.Contains(qual, "/") {
		var found *types.TypeName
		for _, p := range roots {
			if p.Name() != qual && p.Path() != qual {
				continue
			}
			if tn := lookup(p); tn != nil {
				if found != nil && found != tn {
					return nil // two packages of that name
				}
				found = tn
			}
		}
		if found != nil {
			return found
		}
	}
	seen := map[*types.Package]bool{}
	queue := append([]*types.Package{pkg.Types}, roots...)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		if p.Path() == qual {
			return lookup(p)
		}
		queue = append(queue, p.Imports()...)
	}
	return nil
}

// lookupTypeName finds the type named "path.Name" or "pkgname.Name" in
// pkg or the packages it imports, or nil.
func lookupTypeName(pkg *packages.Package, name string) *types.TypeName {
	if pkg.Types == nil {
		return nil
	}
	i := strings.LastIndex(name, ".")
	if i <= 0 {
		return nil
	}
	qual, short := name[:i], name[i+1:]
	candidates := append([]*types.Package{pkg.Types}, pkg.Types.Imports()...)
	var found *types.TypeName
	for _, p := range candidates {
		if p.Path() != qual && (strings.Contains(qual, "/") || p.Name() != qual) {
			continue
		}
		if tn, ok := p.Scope().Lookup(short).(*types.TypeName); ok {
			if found != nil && found != tn {
				return nil // two imported packages of that name
			}
			found = tn
		}
	}
	return found
}

// typeOrFieldComment reports whether g is the doc or line comment of a
// type declaration or of a struct field in f; ts is the type's spec.
func typeOrFieldComment(f *ast.File, g *ast.CommentGroup) (ts *ast.TypeSpec, found bool) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.TYPE && n.Doc == g && len(n.Specs) == 1 {
				ts, found = n.Specs[0].(*ast.TypeSpec), true
			}
		case *ast.TypeSpec:
			if n.Doc == g || n.Comment == g {
				ts, found = n, true
			}
		case *ast.Field:
			found = found || n.Doc == g || n.Comment == g
		}
		return !found
	})
	return ts, found
}

// nearToolDirective reports whether the comment group holds a near miss
// or a misspelling of //mcp:tool.
func nearToolDirective(g *ast.CommentGroup) bool {
	for _, cm := range g.List {
		if kind, meant := classify(cm.Text); (kind == nearMiss || kind == unknownDirective) && meant == toolPrefix {
			return true
		}
	}
	return false
}

// nearMissIn reports whether the comment group holds a near miss or an
// unknown directive, already reported.
func nearMissIn(g *ast.CommentGroup) bool {
	if g == nil {
		return false
	}
	for _, cm := range g.List {
		if kind, _ := classify(cm.Text); kind == nearMiss || kind == unknownDirective {
			return true
		}
	}
	return false
}

// firstWords shortens a comment for quoting in a message.
func firstWords(text string) string {
	const max = 40
	if r := []rune(text); len(r) > max {
		return string(r[:max]) + "..."
	}
	return text
}

// misplaced explains why the //mcp:tool directive in group g, which is not
// the doc comment of a function, is in the wrong place.
func misplaced(fset *token.FileSet, f *ast.File, g *ast.CommentGroup) string {
	const must = "//mcp:tool must be in the doc comment of a function or method"
	startLine := fset.Position(g.Pos()).Line
	if g.Pos() < f.Name.End() {
		return must // in the file header, before the package clause
	}
	for _, d := range f.Decls {
		if fset.Position(d.End()).Line == startLine && g.Pos() >= d.End() {
			return must // a line comment after a declaration
		}
		switch d := d.(type) {
		case *ast.GenDecl:
			inside := g.Pos() >= d.Pos() && g.End() <= d.End()
			if d.Doc != g && !inside {
				continue
			}
			if inside {
				if where := innermostType(d, g); where != "" {
					if where == "interface" {
						return "//mcp:tool cannot annotate an interface method; annotate a method of a concrete type"
					}
					return must + ", not of a struct field"
				}
			}
			switch d.Tok {
			case token.TYPE:
				return must + ", not of a type"
			case token.VAR:
				return must + ", not of a variable; declare a func instead"
			case token.CONST:
				return must + ", not of a constant"
			default:
				return must + ", not of an import"
			}
		case *ast.FuncDecl:
			if d.Body != nil && g.Pos() > d.Body.Lbrace && g.End() <= d.Body.Rbrace {
				return must + ", not inside a function body"
			}
		}
	}
	// Not inside any declaration: the directive may be separated from the
	// function it was meant for by a blank line, which detaches the comment.
	endLine := fset.Position(g.End()).Line
	for _, d := range f.Decls {
		start := d.Pos()
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
			start = fd.Doc.Pos()
		}
		if start < g.End() {
			continue
		}
		if fd, ok := d.(*ast.FuncDecl); ok && fset.Position(start).Line > endLine+1 {
			return fmt.Sprintf("//mcp:tool is detached from func %s by a blank line; remove the blank line to make it part of the doc comment", fd.Name.Name)
		}
		break
	}
	return must
}

// innermostType returns "interface" or "struct" if g lies within an
// interface or struct type literal in d, and "" otherwise.
func innermostType(d *ast.GenDecl, g *ast.CommentGroup) string {
	where := ""
	ast.Inspect(d, func(n ast.Node) bool {
		if n == nil || n.Pos() > g.Pos() || n.End() < g.End() {
			return false // g is not inside n
		}
		switch n.(type) {
		case *ast.InterfaceType:
			where = "interface"
		case *ast.StructType:
			where = "struct"
		}
		return true
	})
	return where
}

// docLines are the lines of a doc comment, besides the item's own
// directive, that say more about the item: //mcp:icon and //mcp:meta.
type docLines struct {
	icons, metas []*ast.Comment
}

// hasDirective reports whether the comment group g holds the directive
// prefix ("//mcp:resource"), alone or followed by its options.
func hasDirective(g *ast.CommentGroup, prefix string) bool {
	return g != nil && slices.ContainsFunc(g.List, func(cm *ast.Comment) bool {
		rest, ok := strings.CutPrefix(cm.Text, prefix)
		return ok && (rest == "" || isSpace(rest[0]))
	})
}

// varDirectives checks the directives of a variable's doc comment that
// holds a //mcp:resource: the resource, its icons and _meta, and nothing else of
// mcpgen's.
func (c *checker) varDirectives(pkg *packages.Package, gd *ast.GenDecl) *primitiveDecl {
	var dir *ast.Comment
	var icons, metas []*ast.Comment
	for _, cm := range gd.Doc.List {
		kind, meant := classify(cm.Text)
		switch {
		case kind == primitiveDirective && strings.HasPrefix(cm.Text, resourcePrefix) && dir == nil:
			dir = cm
		case kind == iconDirective:
			icons = append(icons, cm)
		case kind == metaDirective:
			metas = append(metas, cm)
		case kind == nearMiss:
			c.errorf(cm.Pos(), "malformed directive %q: write %s, with no space after // and in lower case", firstWords(cm.Text), meant)
		case kind != notDirective:
			word, _, _ := strings.Cut(cm.Text, " ")
			c.errorf(cm.Pos(), "%s cannot be in the doc comment of a resource variable: only %s", word, placedIn(inVarDoc))
		}
	}
	return c.varResource(pkg, gd, dir, icons, metas)
}
