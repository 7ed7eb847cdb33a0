package generator

import (
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/mcpgen/mcpgen/model"
)

// fakeRuntime stands in for the runtime package: the part of its API that
// generated code uses, enough to type-check generated files.
const fakeRuntime = `package runtime

import (
	"context"
	"encoding/json"
)

type Server struct{}
func (s *Server) MustAddTool(t Tool) {}
type Tool struct {
	Name, Title, Description string
	InputSchema, OutputSchema string
	Annotations *ToolAnnotations
	Handler Handler
}
type ToolAnnotations struct {
	Title string
	ReadOnlyHint, DestructiveHint, IdempotentHint, OpenWorldHint *bool
}
type Handler func(ctx context.Context, args json.RawMessage) (*Result, error)
func Decode(args json.RawMessage, v any) error { return nil }
func TextResult(text string) *Result { return nil }
func StructuredResult(v any) (*Result, error) { return nil, nil }
func WrappedResult(v any) (*Result, error) { return nil, nil }
func EmptyResult() *Result { return nil }
func DoneResult() *Result { return nil }
func ErrorResult(text string) *Result { return nil }
func Bool(b bool) *bool { return &b }
type Result struct{ Content []Content }
type Content interface{ isContent() }
type TextContent struct{ Text string }
func (TextContent) isContent() {}
type ImageContent struct{ Data []byte }
func (*ImageContent) isContent() {}
`

// stdImporter imports the standard library from export data that
// `go list -export`, run here (in the module), finds or builds, so that the
// tests depend on no more of the machine than the go command: not on where
// GOROOT is, nor on a go.mod above it (importer.Default runs go list in
// GOROOT's directory). It is shared by every test, one after another.
var stdImporter = &exportImporter{files: map[string]string{}}

// exportImporter is a gc importer whose export data files come from
// `go list -export`, one package at a time, on first use.
type exportImporter struct {
	mu    sync.Mutex
	files map[string]string // import path -> export data file
	imp   types.Importer
}

func (e *exportImporter) Import(path string) (*types.Package, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.imp == nil {
		e.imp = importer.ForCompiler(token.NewFileSet(), "gc", e.lookup)
	}
	return e.imp.Import(path)
}

// lookup opens the export data of path (called with e.mu held).
func (e *exportImporter) lookup(path string) (io.ReadCloser, error) {
	file, ok := e.files[path]
	if !ok {
		out, err := exec.Command("go", "list", "-export", "-f", "{{.Export}}", "--", path).Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				err = fmt.Errorf("%v: %s", err, ee.Stderr)
			}
			return nil, fmt.Errorf("go list -export %s: %v", path, err)
		}
		file = strings.TrimSpace(string(out))
		if file == "" {
			return nil, fmt.Errorf("go list -export %s: no export data", path)
		}
		e.files[path] = file
	}
	return os.Open(file)
}

// sourceImporter type-checks the packages in srcs by path and imports all
// others from export data.
type sourceImporter struct {
	fset *token.FileSet
	srcs map[string][]string
	pkgs map[string]*types.Package
	std  types.Importer
}

func (im *sourceImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.pkgs[path]; ok {
		return p, nil
	}
	srcs, ok := im.srcs[path]
	if !ok {
		return im.std.Import(path)
	}
	var files []*ast.File
	for i, src := range srcs {
		f, err := parser.ParseFile(im.fset, fmt.Sprintf("%s/%d.go", path, i), src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: im}
	p, err := conf.Check(path, im.fset, files, nil)
	if err != nil {
		return nil, err
	}
	im.pkgs[path] = p
	return p, nil
}

// typeCheck type-checks the files srcs as the package with the given path;
// deps maps further import paths to their source.
func typeCheck(t *testing.T, path string, srcs []string, deps map[string]string) (*types.Package, error) {
	t.Helper()
	fset := token.NewFileSet()
	all := map[string][]string{model.RuntimePath: {fakeRuntime}, path: srcs}
	for p, s := range deps {
		all[p] = []string{s}
	}
	im := &sourceImporter{fset: fset, srcs: all, pkgs: map[string]*types.Package{}, std: stdImporter}
	return im.Import(path)
}

// mustTypeCheck is typeCheck for one file that must type-check.
func mustTypeCheck(t *testing.T, path, src string, deps map[string]string) *types.Package {
	t.Helper()
	pkg, err := typeCheck(t, path, []string{src}, deps)
	if err != nil {
		t.Fatalf("type-checking %s: %v", path, err)
	}
	return pkg
}

// newTool builds the model of the function or method named name ("F" or
// "T.M") the way the parser does, with placeholder schemas.
func newTool(t *testing.T, pkg *types.Package, name string) *model.Tool {
	t.Helper()
	var fn *types.Func
	var recv *model.Receiver
	if typeName, method, ok := strings.Cut(name, "."); ok {
		tn := pkg.Scope().Lookup(typeName).(*types.TypeName)
		named := tn.Type().(*types.Named)
		for i := range named.NumMethods() {
			if named.Method(i).Name() == method {
				fn = named.Method(i)
			}
		}
		if fn == nil {
			t.Fatalf("no method %s", name)
		}
		_, ptr := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer)
		recv = &model.Receiver{TypeName: typeName, Pointer: ptr, Named: named}
		name = method
	} else {
		fn = pkg.Scope().Lookup(name).(*types.Func)
	}
	sig := fn.Type().(*types.Signature)
	tool := &model.Tool{
		Name:        snake(name),
		Description: name + " is a tool.",
		GoName:      name,
		Receiver:    recv,
		Func:        fn,
		InputSchema: "{\n  \"type\": \"object\"\n}",
	}
	params := sig.Params()
	i := 0
	if params.Len() > 0 && params.At(0).Type().String() == "context.Context" {
		tool.Context = true
		i = 1
	}
	if params.Len()-i == 1 && isStruct(params.At(i).Type()) {
		_, ptr := params.At(i).Type().(*types.Pointer)
		tool.Struct = &model.StructParam{Name: params.At(i).Name(), Type: params.At(i).Type(), Pointer: ptr}
	} else {
		for ; i < params.Len(); i++ {
			p := params.At(i)
			_, ptr := p.Type().(*types.Pointer)
			variadic := sig.Variadic() && i == params.Len()-1
			tool.Params = append(tool.Params, &model.Param{Name: p.Name(), Type: p.Type(), Optional: ptr || variadic, Variadic: variadic})
		}
	}
	res := sig.Results()
	n := res.Len()
	if n > 0 && res.At(n-1).Type().String() == "error" {
		tool.ReturnsError = true
		n--
	}
	if n == 0 {
		tool.Result = model.ResultNone
		return tool
	}
	r := res.At(0).Type()
	tool.ResultType = r
	switch {
	case types.Identical(r.Underlying(), types.Typ[types.String]):
		tool.Result = model.ResultText
	case strings.HasPrefix(r.String(), model.RuntimePath+"."), strings.HasPrefix(r.String(), "*"+model.RuntimePath+"."), strings.HasPrefix(r.String(), "[]"+model.RuntimePath+"."):
		tool.Result = model.ResultRaw
	case isStruct(r) || isMap(r):
		tool.Result = model.ResultStructured
		tool.OutputSchema = "{\n  \"type\": \"object\"\n}"
	default:
		tool.Result = model.ResultWrapped
		tool.OutputSchema = "{\n  \"type\": \"object\",\n  \"required\": [\n    \"result\"\n  ]\n}"
	}
	return tool
}

func isStruct(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	_, named := types.Unalias(t).(*types.Named)
	_, ok := t.Underlying().(*types.Struct)
	return ok && named
}

func isMap(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// newPackage returns the model of pkg with the named tools.
func newPackage(t *testing.T, pkg *types.Package, names ...string) *model.Package {
	t.Helper()
	p := &model.Package{Name: pkg.Name(), PkgPath: pkg.Path(), Dir: "/src/" + pkg.Name(), Types: pkg}
	for _, n := range names {
		p.Tools = append(p.Tools, newTool(t, pkg, n))
	}
	return p
}
