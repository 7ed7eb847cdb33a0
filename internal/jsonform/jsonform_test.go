package jsonform

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const src = `package p

import "time"

type Plain struct{ A int }
type JSON struct{}
func (JSON) MarshalJSON() ([]byte, error) { return nil, nil }
type PtrText struct{}
func (*PtrText) MarshalText() ([]byte, error) { return nil, nil }
type Both struct{}
func (Both) MarshalText() ([]byte, error) { return nil, nil }
func (*Both) MarshalJSON() ([]byte, error) { return nil, nil }
type Embeds struct{ time.Time }
type Field struct{ MarshalJSON int }
`

func TestOwnMarshaler(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"Plain":   "",
		"JSON":    "MarshalJSON",
		"PtrText": "MarshalText", // a method of *T: encoding/json finds it through a pointer
		"Both":    "MarshalJSON", // json.Marshaler first, as encoding/json does
		"Embeds":  "MarshalJSON", // promoted from time.Time
		"Field":   "",            // a field of that name is no method
	} {
		if got := OwnMarshaler(pkg.Scope().Lookup(name).Type()); got != want {
			t.Errorf("OwnMarshaler(%s) = %q, want %q", name, got, want)
		}
	}
}
