package parser

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"path"
	"strconv"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/genheader"
)

// staleOutputs returns an overlay for the loader that replaces each
// mcpgen-generated file with a load error by a stub, or nil if no such
// file has errors. The stub keeps the generated functions' signatures
// (other code may call RegisterTools) with bodies that panic, and drops
// everything else: the guards, handlers and schemas that went stale.
func staleOutputs(fset *token.FileSet, pkgs []*packages.Package, diags []Diagnostic) map[string][]byte {
	broken := map[string]bool{}
	for _, d := range diags {
		broken[d.Pos.Filename] = true
	}
	var overlay map[string][]byte
	for _, pkg := range pkgs {
		for _, f := range pkg.Syntax {
			name := fset.File(f.Pos()).Name()
			if !broken[name] || !isMcpgenOutput(f) {
				continue
			}
			if overlay == nil {
				overlay = map[string][]byte{}
			}
			overlay[name] = stub(fset, f)
		}
	}
	return overlay
}

// stub returns the source of f reduced to its function signatures.
func stub(fset *token.FileSet, f *ast.File) []byte {
	var funcs []ast.Decl
	used := map[string]bool{} // package names the signatures refer to
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if fd.Recv != nil {
			addRefs(used, fd.Recv)
		}
		addRefs(used, fd.Type)
		panicCall := &ast.ExprStmt{X: &ast.CallExpr{
			Fun:  ast.NewIdent("panic"),
			Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: `"stale mcpgen output"`}},
		}}
		funcs = append(funcs, &ast.FuncDecl{Recv: fd.Recv, Name: fd.Name, Type: fd.Type,
			Body: &ast.BlockStmt{List: []ast.Stmt{panicCall}}})
	}
	var buf bytes.Buffer
	// The header keeps the stub recognisable as mcpgen's output.
	buf.WriteString(genheader.Line("") + "\n\npackage " + f.Name.Name + "\n\n")
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !used[name] {
			name = "_" // keep the import valid without a use
		}
		buf.WriteString("import " + name + " " + imp.Path.Value + "\n")
	}
	for _, d := range funcs {
		buf.WriteString("\n")
		if err := printer.Fprint(&buf, fset, d); err != nil {
			return []byte("package " + f.Name.Name + "\n")
		}
		buf.WriteString("\n")
	}
	if src, err := format.Source(buf.Bytes()); err == nil {
		return src // only for reading: the loader accepts either
	}
	return buf.Bytes()
}

// addRefs adds to used the package names that n refers to (pkg.Name).
func addRefs(used map[string]bool, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
}
