package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestValidateGeneratedSchemas compiles every schema constant in the
// generated files of the repository (generator goldens, examples, end-to-end
// servers): a schema the generator emits must compile, or registration would
// fail, and must accept exactly what the reference accepts.
func TestValidateGeneratedSchemas(t *testing.T) {
	t.Parallel()
	var files []string
	for _, root := range []string{"../../testdata", "../../examples", "../../e2e"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, "_gen.go") {
				files = append(files, path)
			}
			return nil
		})
	}
	n, compared := 0, 0
	r := rand.New(rand.NewPCG(15, 16))
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue // a golden being rewritten
		}
		ast.Inspect(f, func(node ast.Node) bool {
			vs, ok := node.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if i >= len(vs.Values) || !strings.HasSuffix(name.Name, "Schema") {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				text, err := strconv.Unquote(lit.Value)
				if err != nil || !strings.HasPrefix(strings.TrimSpace(text), "{") {
					continue
				}
				n++
				ours, err := Compile(text)
				if err != nil {
					t.Errorf("%s: %s: %v", fset.Position(lit.Pos()), name.Name, err)
					return true
				}
				// And it must agree with the reference on instances shaped
				// like it.
				doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
				if err != nil {
					t.Fatal(err)
				}
				for range 100 {
					inst := schemaInstance(r, doc, doc, 0, 8)
					if _, mismatch := diffOutcome(text, ours, []byte(inst)); mismatch != "" {
						t.Errorf("%s: %s: instance %s\n%s", fset.Position(lit.Pos()), name.Name, inst, mismatch)
					}
					compared++
				}
			}
			return true
		})
	}
	t.Logf("compiled %d schemas from %d generated files; compared %d instances with the reference", n, len(files), compared)
}
