package funclen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxLines is the most lines a function may span, from func to its
// closing brace.
const maxLines = 100

// allowed are the functions over maxLines, each with its reason: one
// linear list (a keyword writer, a table, a port of encoding/json's
// typeFields), as its comment says; or, marked "to split", one that grew
// in work that landed with this check, which that work is to split.
var allowed = map[string]string{
	"parser.init":                       "the table of directives (parser/directives.go): one linear list, a row per directive",
	"parser/schema.schemaWriter.schema": "one linear list: the keywords written in their order",
	"parser/schema.resolveFields":       "a port of encoding/json's typeFields, kept whole to be read beside it",
}

// TestFunctionLength: no function of the parser (its internal packages
// and parser/schema included), the generator or the runtime package
// (runtime/storetest, a test helper, aside; test files aside) spans more than maxLines lines unless
// allowed lists it; an allowed one that got shorter leaves the list.
func TestFunctionLength(t *testing.T) {
	var long []string
	for _, root := range []string{"parser", "generator", "runtime"} {
		err := filepath.WalkDir(filepath.Join("..", "..", root), func(path string, e fs.DirEntry, err error) error {
			if err == nil && e.IsDir() && root == "runtime" && e.Name() != "runtime" {
				return filepath.SkipDir
			}
			if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			dir, _ := filepath.Rel(filepath.Join("..", ".."), filepath.Dir(path))
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				key := filepath.ToSlash(dir) + "." + recvName(fd) + fd.Name.Name
				n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				if n > maxLines {
					long = append(long, key)
					if allowed[key] == "" {
						t.Errorf("%s: %s spans %d lines, more than %d: split it into named passes, or, if it is one linear list, say so in its comment and add it to allowed (internal/funclen) with the reason",
							fset.Position(fd.Pos()), key, n, maxLines)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for key, reason := range allowed {
		if !slices.Contains(long, key) {
			t.Errorf("%s (allowed: %s) spans at most %d lines now: remove it from allowed", key, reason, maxLines)
		}
	}
	t.Logf("over %d lines, allowed: %s", maxLines, strings.Join(long, ", "))
}

// recvName returns "T." for a method of T or *T (or T[P]), "" for a
// function.
func recvName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "."
	}
	return ""
}
