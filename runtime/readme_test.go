package runtime

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeDocumentsAPI keeps the reference's promise (docs/runtime.md,
// docs/http.md and, for what is served from directives, docs/directives.md)
// that every option and every function of the runtime is documented there:
// each exported function of the package and each exported method of Server
// (read from the package's source) must appear in them as a word, and each
// option (With...) in a table of options of runtime.md or http.md, as
// "| `WithX(".
func TestReadmeDocumentsAPI(t *testing.T) {
	var pages, tables string
	for _, page := range []string{"runtime.md", "http.md", "directives.md"} {
		b, err := os.ReadFile("../docs/" + page)
		if err != nil {
			t.Fatal(err)
		}
		pages += string(b)
		if page != "directives.md" {
			tables += string(b)
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv != nil {
				recv := fd.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				if id, ok := recv.(*ast.Ident); !ok || id.Name != "Server" {
					continue
				}
			}
			names = append(names, fd.Name.Name)
		}
	}
	if len(names) < 40 {
		t.Fatalf("found only %d exported functions and Server methods: %q", len(names), names)
	}
	for _, name := range names {
		if strings.HasPrefix(name, "With") {
			if !strings.Contains(tables, "\n| `"+name+"(") {
				t.Errorf("docs/runtime.md and docs/http.md have no row for the option runtime.%s in a table of options", name)
			}
			continue
		}
		if !regexp.MustCompile(`\b` + name + `\b`).MatchString(pages) {
			t.Errorf("docs/runtime.md, http.md and directives.md do not mention runtime.%s", name)
		}
	}
}
