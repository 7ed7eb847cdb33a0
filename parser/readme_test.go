package parser

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeDocumentsDirectives keeps the reference's promise
// (docs/reference.md) that every directive and every option the parser
// accepts is documented: the
// directive names are read from the switch of classify, the options of
// each directive from its directiveSpec (options.go), so a new one fails
// this test until the reference has it.
func TestReadmeDocumentsDirectives(t *testing.T) {
	readme := readReference(t)

	directives := stringLiterals(t, "directive.go", func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		return ok && fd.Name.Name == "classify"
	}, func(n ast.Node) bool { _, ok := n.(*ast.CaseClause); return ok })
	if len(directives) < 7 {
		t.Fatalf("found %d directive names in classify (%q); has its switch moved?", len(directives), directives)
	}
	for _, d := range directives {
		if !strings.Contains(readme, "//mcp:"+d+" ") && !strings.Contains(readme, "//mcp:"+d+"`") {
			t.Errorf("docs/reference.md does not document //mcp:%s", d)
		}
	}

	// The package doc (doc.go) shows every directive and //mcp:tool option too.
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range directives {
		if !strings.Contains(string(doc), "//mcp:"+d+" ") {
			t.Errorf("the package doc (doc.go) does not show //mcp:%s", d)
		}
	}
	for _, o := range toolSpec().keys() {
		if !strings.Contains(string(doc), "//\t"+o+" ") && !strings.Contains(string(doc), "//\t"+o+"=") {
			t.Errorf("the package doc (doc.go) does not list the //mcp:tool option %s", o)
		}
	}

	// The table of //mcp:tool options: one row per option.
	for _, o := range toolSpec().keys() {
		if !strings.Contains(readme, "\n| `"+o) {
			t.Errorf("docs/reference.md has no row for the //mcp:tool option %s in the table of The annotation", o)
		}
	}

	// The grammar lines of //mcp:prompt, //mcp:resource and //mcp:complete.
	grammar := ""
	for line := range strings.SplitSeq(readme, "\n") {
		for _, d := range []string{"**`//mcp:prompt ", "**`//mcp:resource ", "`//mcp:complete prompt="} {
			if strings.HasPrefix(line, d) {
				grammar += line + "\n"
			}
		}
	}
	var primOpts []string
	for _, d := range []*directiveSpec{promptSpec(), resourceSpec(), completeSpec()} {
		primOpts = append(primOpts, d.keys()...)
	}
	for _, o := range primOpts {
		if !strings.Contains(grammar, o+"=") && !strings.Contains(grammar, "["+o+"]") { // a flag: [app]
			t.Errorf("the reference's grammar lines of //mcp:prompt, //mcp:resource and //mcp:complete do not show the option %s=:\n%s", o, grammar)
		}
	}
}

// readReference returns the repository's reference, docs/reference.md.
func readReference(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stringLiterals returns the distinct string literals of file (in this
// package) found under the nodes for which outer holds, inside the nodes
// under them for which inner holds.
func stringLiterals(t *testing.T, file string, outer, inner func(ast.Node) bool) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || !outer(n) {
			return true
		}
		ast.Inspect(n, func(m ast.Node) bool {
			if m == nil || !inner(m) {
				return true
			}
			ast.Inspect(m, func(k ast.Node) bool {
				if lit, ok := k.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && s != "" && !seen[s] {
						seen[s] = true
						out = append(out, s)
					}
				}
				return true
			})
			return false
		})
		return false
	})
	return out
}

// TestReadmeStatesWarningLimit: the README says how many undescribed
// parameters of a package are warned about one by one, maxParamWarnings.
func TestReadmeStatesWarningLimit(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	if want := "one line each up to " + strconv.Itoa(maxParamWarnings) + " parameters in a package"; !strings.Contains(readme, want) {
		t.Errorf("README.md does not say %q", want)
	}
}
