package parser

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/parser/schema"
)

// BenchmarkChecker measures mcpgen's own work on a loaded package of 500
// synthetic tools (the shapes of generator's BenchmarkMcpgen): directives,
// signatures, schemas and their JSON, without the load itself. Run it with
//
//	go test -run '^$' -bench Checker -benchmem ./parser/
//
// and GOMAXPROCS=1 for the work of one goroutine.
func BenchmarkChecker(b *testing.B) {
	dir := b.TempDir()
	var src strings.Builder
	src.WriteString("package synth\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\n// Unit is a unit.\ntype Unit string\n\nconst (\n\tCelsius Unit = \"c\"\n\tKelvin Unit = \"k\"\n)\n\n// Item is one thing found.\ntype Item struct {\n\t// ID identifies the item.\n\tID string `json:\"id\"`\n\tTitle string `json:\"title\"`\n\tAt time.Time `json:\"at\"`\n\tScore float64 `json:\"score,omitempty\" jsonschema:\"minimum=0,maximum=1\"`\n}\n\ntype Store struct{}\n")
	for i := range 500 {
		if i%3 == 2 {
			fmt.Fprintf(&src, "\n// Plain%[1]d combines.\n//\n//mcp:arg a the first\n//mcp:arg b the second\n//mcp:tool readonly idempotent\nfunc Plain%[1]d(a, b float64) float64 { return a + b }\n", i)
			continue
		}
		fmt.Fprintf(&src, "\n// Input%[1]d is in.\ntype Input%[1]d struct {\n\t// Query is the text.\n\tQuery string `json:\"query\" jsonschema:\"minLength=1,maxLength=200\"`\n\tLimit int `json:\"limit,omitempty\" jsonschema:\"minimum=1,maximum=100\"`\n\tTags []string `json:\"tags,omitempty\"`\n\tUnit Unit `json:\"unit,omitempty\"`\n}\n\n// Output%[1]d is out.\ntype Output%[1]d struct {\n\tItems []Item `json:\"items\"`\n\tTotal int `json:\"total\"`\n}\n\n// Find%[1]d finds.\n//\n//mcp:tool readonly\nfunc Find%[1]d(ctx context.Context, in Input%[1]d) (Output%[1]d, error) { return Output%[1]d{}, nil }\n", i)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/synth\n\ngo 1.26.0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "synth.go"), []byte(src.String()), 0o644)
	fset := token.NewFileSet()
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Fset: fset}, ".")
	if err != nil || len(pkgs[0].Errors) > 0 {
		b.Fatal(err, pkgs[0].Errors)
	}
	b.ResetTimer()
	for b.Loop() {
		c := &checker{fset: fset, builder: schema.NewBuilder(fset, pkgs), registers: map[*packages.Package]map[string]bool{}}
		p, err := c.pkg(pkgs[0])
		if err != nil || len(p.Tools) != 500 {
			b.Fatal(err, len(c.diags))
		}
	}
}
