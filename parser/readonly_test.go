package parser

import (
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/parser/schema"
)

// TestLoaderOutputReadOnly: the checker reads what go/packages returns and
// changes none of it, so that the same loaded package can be checked again
// (as BenchmarkChecker does) and a caller's view of it stays whole.
func TestLoaderOutputReadOnly(t *testing.T) {
	dir := t.TempDir()
	src := `package ro

// In is the input.
type In struct {
	Query string ` + "`json:\"query\"`" + `
}

// Find finds.
//
//mcp:tool
func Find(in In) (string, error) { return in.Query, nil }

// Add adds.
//
//mcp:arg a the first
//mcp:arg b the second
//mcp:tool
func Add(a, b int) int { return a + b }

// Largest returns the largest of xs: a generic function, instantiated by
// the type checker in the package's scope.
//
//mcp:arg xs the values
//mcp:tool types=int
func Largest[T int | float64](xs ...T) T { return xs[0] }
`
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ro\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ro.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Fset: fset}, ".")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("packages.Load: %v %v", err, pkgs)
	}
	pkg := pkgs[0]
	before := *pkg
	nTypes, defs, uses, instances, scope := len(pkg.TypesInfo.Types), len(pkg.TypesInfo.Defs), len(pkg.TypesInfo.Uses), len(pkg.TypesInfo.Instances), len(pkg.Types.Scope().Names())
	for i := range 2 {
		c := &checker{fset: fset, builder: schema.NewBuilder(fset, pkgs), registers: map[*packages.Package]map[string]bool{}}
		p, err := c.pkg(pkg)
		if err != nil || len(slices.DeleteFunc(c.diags, undescribed)) > 0 || len(p.Tools) != 3 {
			t.Fatalf("check %d: %v %v (%d tools)", i+1, err, c.diags, len(p.Tools))
		}
		if pkg.TypesInfo != before.TypesInfo || pkg.Types != before.Types || len(pkg.Syntax) != len(before.Syntax) ||
			pkg.Fset != before.Fset || len(pkg.Errors) != len(before.Errors) ||
			len(pkg.TypesInfo.Types) != nTypes || len(pkg.TypesInfo.Defs) != defs || len(pkg.TypesInfo.Uses) != uses ||
			len(pkg.TypesInfo.Instances) != instances || len(pkg.Types.Scope().Names()) != scope {
			t.Fatalf("check %d changed the loaded package", i+1)
		}
	}
}
