package schema

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/mcpgen/mcpgen/parser/internal/doctext"
)

// lineCol identifies a declaration within one file. Positions of objects
// imported from export data live in their own token.Files, so declarations
// are matched by file name, line and column rather than by token.Pos.
type lineCol struct{ line, col int }

// fileComments holds the descriptions declared in one source file, by the
// position of the field or type name.
type fileComments struct {
	fields map[lineCol]string
	types  map[lineCol]*typeComment
	// directives holds the mcpgen directives (the lines "//mcp:NAME ...",
	// joined by newlines) of the doc or line comments of types and fields.
	directives map[lineCol]string
	// scaled holds the constants declared by an expression that shifts,
	// ors or multiplies by another constant (1 << iota, Read | Write,
	// 1000 * Millisecond): the values of a flag set or of units.
	scaled map[lineCol]bool
}

// A typeComment is the doc comment of a type, whose first sentence (the
// description) is computed on first use: with go/doc, that is the most
// expensive part of collecting a file's comments, and done outside the
// Builder's lock.
type typeComment struct {
	text     string
	once     sync.Once
	synopsis string
}

func (tc *typeComment) description() string {
	if tc == nil {
		return ""
	}
	tc.once.Do(func() { tc.synopsis = synopsis(tc.text) })
	return tc.synopsis
}

// synopsis returns strings.TrimSpace(new(doc.Package).Synopsis(text)): the
// first sentence of a doc comment, as invopop's AddGoComments takes it.
// go/doc parses the sentence as a doc comment and prints it back, which is
// the costliest part of describing a type; for a sentence of plain ASCII
// text without any of the doc comment syntax (indented lines, headings,
// links, quotes) that round trip only joins its words with single spaces,
// so that is done directly. TestSynopsis compares the two.
func synopsis(text string) string {
	if fs, ok := plainFirstSentence(text); ok {
		return strings.Join(strings.Fields(fs), " ")
	}
	var p doc.Package
	return strings.TrimSpace(p.Synopsis(text))
}

// plainFirstSentence returns the first sentence of text as go/doc finds it,
// and whether it is plain text that go/doc's parser and printer leave as
// it is but for white space.
func plainFirstSentence(text string) (string, bool) {
	// go/doc's firstSentence: up to the first period followed by white
	// space and not preceded by exactly one upper-case letter (an
	// initial). Only ASCII text takes this path, so its full stops
	// (。．) do not occur.
	var ppp, pp, p byte
	end := len(text)
	for i := 0; i < len(text); i++ {
		q := text[i]
		if q >= 0x80 {
			return "", false
		}
		if q == '\n' || q == '\r' || q == '\t' {
			q = ' '
		}
		if q == ' ' && p == '.' && (!isUpper(pp) || isUpper(ppp)) {
			end = i
			break
		}
		ppp, pp, p = pp, p, q
	}
	fs := text[:end]
	if fs == "" || !isLetter(fs[0]) {
		return "", false // maybe a list, a heading, code or nothing
	}
	lower := strings.ToLower(fs)
	for _, prefix := range doc.IllegalPrefixes {
		if strings.HasPrefix(lower, prefix) {
			return "", false
		}
	}
	for i := 0; i < len(fs); i++ {
		switch c := fs[i]; {
		case c == '\n':
			if i+1 < len(fs) && (fs[i+1] == '\n' || fs[i+1] == ' ' || fs[i+1] == '\t' || fs[i+1] == '#') {
				return "", false // a paragraph break, code or a heading
			}
		case c < ' ' || c > '~', c == '[', c == ']', c == '`', c == '\'', c == '\\':
			return "", false // control characters, links, quotes
		case c == ':' && strings.HasPrefix(fs[i:], "://"):
			return "", false // a URL
		}
	}
	return fs, true
}

func isUpper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isLetter(c byte) bool { return isUpper(c) || 'a' <= c && c <= 'z' }

// lookup returns the description declared at at. Export data records only
// the line of a declaration (its column reads as 1, where gofmt'd code never
// declares a field or type name), so then the first declaration on the line
// counts.
func lookup[V comparable](m map[lineCol]V, at lineCol) V {
	var zero V
	if v, ok := m[at]; ok || at.col != 1 {
		return v
	}
	if v, ok := m[lineCol{at.line, 0}]; ok {
		return v
	}
	return zero
}

// add records the description of the name declared at at.
func add[V comparable](m map[lineCol]V, at lineCol, v V) {
	m[at] = v
	var zero V
	if first := (lineCol{at.line, 0}); m[first] == zero {
		m[first] = v
	}
}

// comments returns the descriptions declared around pos, and pos's place
// in its file. In a loaded root file they are collected per top-level
// declaration, on first use, so that describing a type costs in
// proportion to its declaration and goroutines describing different types
// do not wait for each other. A file outside the loaded roots is parsed
// on first use, for its comments only. A file that cannot be read yields
// no comments: descriptions are optional.
func (b *Builder) comments(pos token.Pos) (*fileComments, lineCol) {
	if !pos.IsValid() {
		return nil, lineCol{}
	}
	p := b.fset.Position(pos)
	at := lineCol{p.Line, p.Column}
	if f := b.syntax[p.Filename]; f != nil {
		return b.declComments(p.Filename, f, pos), at
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if fc, ok := b.fileDocs[p.Filename]; ok {
		return fc, at
	}
	// A file of a package outside the loaded roots (its types came from
	// export data): parse it in a private file set just for its comments.
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, sourceFile(p.Filename), nil, parser.ParseComments|parser.SkipObjectResolution)
	var fc *fileComments
	if f != nil {
		fc = collectComments(fset, f)
	}
	b.fileDocs[p.Filename] = fc
	return fc, at
}

// sourceFile returns the path of a file named in export data, where the
// standard library's files are "$GOROOT/src/...".
func sourceFile(name string) string {
	if rest, ok := strings.CutPrefix(name, "$GOROOT"+string(filepath.Separator)); ok {
		return filepath.Join(build.Default.GOROOT, rest)
	}
	if rest, ok := strings.CutPrefix(name, "$GOROOT/"); ok {
		return filepath.Join(build.Default.GOROOT, rest)
	}
	return name
}

// fileDecls holds the comments of each top-level declaration of a root
// file, in the order of f.Decls.
type fileDecls struct {
	once []sync.Once
	fc   []*fileComments
}

// declComments returns the descriptions of the top-level declaration of
// f, named name, that holds pos.
func (b *Builder) declComments(name string, f *ast.File, pos token.Pos) *fileComments {
	v, ok := b.declDocs.Load(name)
	if !ok {
		v, _ = b.declDocs.LoadOrStore(name, &fileDecls{once: make([]sync.Once, len(f.Decls)), fc: make([]*fileComments, len(f.Decls))})
	}
	fd := v.(*fileDecls)
	i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > pos })
	if i == len(f.Decls) || f.Decls[i].Pos() > pos {
		return nil
	}
	fd.once[i].Do(func() { fd.fc[i] = collectComments(b.fset, f.Decls[i]) })
	return fd.fc[i]
}

// collectComments indexes the descriptions in n, a file or a declaration, the way invopop/jsonschema's
// AddGoComments derives them: for a field, its doc comment, else its line
// comment (embedded fields have none); for an exported type, the first
// sentence of its doc comment, else of its declaration group's doc comment
// (which serves only the group's first undocumented type).
func collectComments(fset *token.FileSet, n ast.Node) *fileComments {
	fc := &fileComments{fields: map[lineCol]string{}, types: map[lineCol]*typeComment{}}
	directive := func(at lineCol, groups ...*ast.CommentGroup) {
		if d := mcpDirectives(groups...); d != "" {
			if fc.directives == nil {
				fc.directives = map[lineCol]string{}
			}
			add(fc.directives, at, d)
		}
	}
	at := func(pos token.Pos) lineCol {
		p := fset.Position(pos)
		return lineCol{p.Line, p.Column}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			// A type declared in a function body cannot appear in a
			// tool's signature, so no schema describes it.
			return false
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				collectScaled(fc, n, at)
				addConstComments(fc, at, n)
				return true
			}
			if n.Tok != token.TYPE {
				return true
			}
			group := n.Doc.Text()
			for _, spec := range n.Specs {
				ts := spec.(*ast.TypeSpec)
				if len(n.Specs) == 1 {
					directive(at(ts.Name.Pos()), n.Doc, ts.Doc, ts.Comment)
				} else {
					directive(at(ts.Name.Pos()), ts.Doc, ts.Comment)
				}
				if !ts.Name.IsExported() {
					continue
				}
				text := ts.Doc.Text()
				if text == "" {
					text, group = group, ""
				}
				var tc *typeComment // none, so that another type on the line can be the line's first
				if text != "" {
					tc = &typeComment{text: text}
				}
				add(fc.types, at(ts.Name.Pos()), tc)
			}
		case *ast.StructType:
			for _, field := range n.Fields.List {
				for _, name := range field.Names {
					directive(at(name.Pos()), field.Doc, field.Comment)
				}
				if len(field.Names) == 0 {
					directive(at(field.Type.Pos()), field.Doc, field.Comment)
				}
				text := field.Doc.Text()
				if text == "" {
					text = field.Comment.Text()
				}
				text = doctext.Join(text)
				if text == "" {
					continue
				}
				for _, name := range field.Names {
					add(fc.fields, at(name.Pos()), text)
				}
			}
		}
		return true
	})
	return fc
}

// mcpDirectives returns the lines "//mcp:..." of the comment groups,
// without the "//mcp:", joined by newlines.
func mcpDirectives(groups ...*ast.CommentGroup) string {
	var lines []string
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, c := range g.List {
			if d, ok := strings.CutPrefix(c.Text, "//mcp:"); ok {
				lines = append(lines, strings.TrimSpace(d))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// collectScaled records in fc.scaled the constants of the declaration d
// whose value expression (written or, in a group, repeated from above)
// shifts, ors or multiplies by a named constant.
func collectScaled(fc *fileComments, d *ast.GenDecl, at func(token.Pos) lineCol) {
	var last []ast.Expr
	for _, spec := range d.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) > 0 || vs.Type != nil {
			last = vs.Values
		}
		scaled := false
		for _, e := range last {
			scaled = scaled || scaledExpr(e)
		}
		if !scaled {
			continue
		}
		if fc.scaled == nil {
			fc.scaled = map[lineCol]bool{}
		}
		for _, name := range vs.Names {
			add(fc.scaled, at(name.Pos()), true)
		}
	}
}

// addConstComments records, with the fields' comments, the doc comment of
// each constant of the declaration d, else its line comment: an enum's value
// names are described by them (enumDoc).
func addConstComments(fc *fileComments, at func(token.Pos) lineCol, d *ast.GenDecl) {
	for _, spec := range d.Specs {
		vs := spec.(*ast.ValueSpec)
		text := vs.Doc.Text()
		if text == "" {
			text = vs.Comment.Text()
		}
		if text = strings.TrimSpace(text); text == "" {
			continue
		}
		for _, name := range vs.Names {
			add(fc.fields, at(name.Pos()), text)
		}
	}
}

// scaledExpr reports whether e shifts or ors, or multiplies or divides a
// named constant (not iota) by something.
func scaledExpr(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return !found
		}
		switch b.Op {
		case token.SHL, token.OR:
			found = true
		case token.MUL, token.QUO:
			found = found || namedConst(b.X) || namedConst(b.Y)
		}
		return !found
	})
	return found
}

// namedConst reports whether e names something other than iota (a
// constant, in a constant expression), possibly qualified.
func namedConst(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name != "iota"
	case *ast.SelectorExpr:
		return true
	}
	return false
}

// directives returns the mcpgen directives in the comments of the type or
// field declared at pos, joined by newlines.
func (b *Builder) directives(pos token.Pos) string {
	fc, at := b.comments(pos)
	if fc == nil {
		return ""
	}
	return lookup(fc.directives, at)
}

// scaledConst reports whether the constant declared at pos is a flag or a
// unit (see fileComments.scaled).
func (b *Builder) scaledConst(pos token.Pos) bool {
	fc, at := b.comments(pos)
	if fc == nil {
		return false
	}
	return lookup(fc.scaled, at)
}

// constDoc returns the first sentence of the comment of the constant c.
func (b *Builder) constDoc(c *types.Const) string {
	fc, at := b.comments(c.Pos())
	if fc == nil {
		return ""
	}
	if text := lookup(fc.fields, at); text != "" {
		return synopsis(text)
	}
	return ""
}

// fieldDoc returns the description of struct field v from its comments.
func (b *Builder) fieldDoc(v *types.Var) string {
	fc, at := b.comments(v.Pos())
	if fc == nil {
		return ""
	}
	return lookup(fc.fields, at)
}

// typeDoc returns the description of the named type from its doc comment.
func (b *Builder) typeDoc(obj *types.TypeName) string {
	fc, at := b.comments(obj.Pos())
	if fc == nil {
		return ""
	}
	return lookup(fc.types, at).description()
}
