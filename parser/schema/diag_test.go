package schema

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// loadSource type-checks one package made of src in a temporary module.
func loadSource(t *testing.T, src string, more ...string) (*Builder, *packages.Package) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{"go.mod": "module example.com/d\n\ngo 1.26\n", "d.go": src}
	for i := 0; i+1 < len(more); i += 2 {
		files[more[i]] = more[i+1]
	}
	for name, text := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir:  dir,
		Fset: token.NewFileSet(),
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range pkgs[0].Errors {
		t.Fatal(e)
	}
	return NewBuilder(cfg.Fset, pkgs), pkgs[0]
}

// checkWants matches diagnostics against the `// want "regexp"` comments of
// the source (one or more per line, as in analysistest): each diagnostic
// must match a want on its line, and each want must be matched.
func checkWants(t *testing.T, b *Builder, src string, diags []Diagnostic) {
	t.Helper()
	wantRE := regexp.MustCompile("// want `([^`]*)`")
	wants := map[int][]*regexp.Regexp{}
	for i, line := range strings.Split(src, "\n") {
		for _, m := range regexp.MustCompile("`[^`]*`").FindAllString(line[max(0, strings.Index(line, "// want")):], -1) {
			if strings.Contains(line, "// want") && wantRE.MatchString(line) {
				wants[i+1] = append(wants[i+1], regexp.MustCompile(strings.Trim(m, "`")))
			}
		}
	}
	for _, d := range diags {
		line := b.fset.Position(d.Pos).Line
		matched := false
		for j, re := range wants[line] {
			if re.MatchString(d.Message) {
				wants[line] = append(wants[line][:j], wants[line][j+1:]...)
				matched = true
				break
			}
		}
		if !matched && !d.Warning { // warnings are checked where they are wanted
			t.Errorf("line %d: unexpected diagnostic %q", line, d.Message)
		}
	}
	for line, res := range wants {
		for _, re := range res {
			t.Errorf("line %d: no diagnostic matching %q", line, re)
		}
	}
}

const diagSource = `package d

import (
	"time"
	"unsafe"
)

type Custom struct{}

func (*Custom) UnmarshalJSON([]byte) error  { return nil }
func (Custom) MarshalJSON() ([]byte, error) { return nil, nil }

type Iface interface{ M() }

type inner struct{ X int }

type stamped struct{ time.Time }

type Custom2 struct{ X int }

func (Custom2) JSONSchema() any { return nil }

type InBad struct {
	Ch       chan int           // want ` + "`^field InBad.Ch: type chan int is not supported: channels have no JSON form`" + `
	Fn       func()             // want ` + "`functions have no JSON form`" + `
	U        unsafe.Pointer     // want ` + "`type unsafe.Pointer is not supported: pointers have no JSON form`" + `
	C        complex128         // want ` + "`complex numbers; use two float64 fields`" + `
	M        map[float64]string // want ` + "`map keys of string or integer kind`" + `
	I        Iface              // want ` + "`cannot decode into a non-empty interface`" + `
	Cu       Custom             // want ` + "`type d.Custom is not supported: it implements json.Unmarshaler`" + `
	St       stamped            // time.Time's methods, promoted: a date-time string
	Min      int                ` + "`jsonschema:\"minimum=abc\"`" + `               // want ` + "`minimum=abc is not a JSON number`" + `
	Pat      string             ` + "`jsonschema:\"pattern=a(b\"`" + `                // want ` + "`pattern=a\\(b does not compile`" + `
	Typo     int                ` + "`jsonschema:\"minimun=1\"`" + `                 // want ` + "`unknown keyword \"minimun\"`" + `
	NoApply  string             ` + "`jsonschema:\"minimum=1\"`" + `                 // want ` + "`minimum does not apply to a JSON string`" + `
	Flag     string             ` + "`jsonschema:\"requird\"`" + `                   // want ` + "`\"requird\" is not a keyword`" + `
	Comma    string             ` + "`jsonschema:\"description=a, b\"`" + `         // want ` + "`\" b\" is not a keyword.*as \\\\,`" + `
	OneOf    string             ` + "`jsonschema:\"oneof_type=string;integer\"`" + ` // want ` + "`oneof_type: oneOf/anyOf combinations are not supported`" + `
	Const    int                ` + "`jsonschema:\"const=1\"`" + `                   // want ` + "`const is not supported; use enum= with one value`" + `
	Anchor   int                ` + "`jsonschema:\"anchor=x\"`" + `                  // want ` + "`anchor`" + `
	Extras   int                ` + "`jsonschema_extras:\"a=b\"`" + `                // want ` + "`jsonschema_extras tag is not supported`" + `
	Type     string             ` + "`jsonschema:\"type=integer\"`" + `              // want ` + "`type=integer contradicts the Go type \\(a JSON string\\)`" + `
	Format   string             ` + "`jsonschema:\"format=color\"`" + `              // want ` + "`format=color is not one of the formats that model providers document and the runtime checks`" + `
	Enum8    int8               ` + "`jsonschema:\"enum=300\"`" + `                  // want ` + "`enum=300 is outside the range of the Go type \\[-128, 127\\]`" + `
	EnumF    int                ` + "`jsonschema:\"enum=1.5\"`" + `                  // want ` + "`enum=1.5 is not an integer`" + `
	Def      bool               ` + "`jsonschema:\"default=yes\"`" + `               // want ` + "`default=yes is not true or false`" + `
	Unique   []int              ` + "`jsonschema:\"uniqueItems=false\"`" + `         // want ` + "`write uniqueItems=true`" + `
	MinItems []int              ` + "`jsonschema:\"minItems=-1\"`" + `               // want ` + "`minItems=-1 is not a non-negative integer`" + `
	ItemsFmt []int              ` + "`jsonschema:\"format=email\"`" + `              // want ` + "`format does not apply to items of type integer`" + `
	Nested   [][]string         ` + "`jsonschema:\"minLength=1\"`" + `               // want ` + "`minLength does not apply to a JSON array`" + `
	Mult     float64            ` + "`jsonschema:\"multipleOf=0\"`" + `              // want ` + "`multipleOf=0 must be greater than 0`" + `
	RO       string             ` + "`jsonschema:\"readOnly=maybe\"`" + `            // want ` + "`readOnly=maybe is not a boolean`" + `
	Str      string             ` + "`json:\",string\"`" + `                         // want ` + "`,string json option on a string field`" + `
	Slc      []int              ` + "`json:\",string\"`" + `                         // want ` + "`,string json option has no effect on a field of type \\[\\]int`" + `
	BadName  string             ` + "`json:\"a\\\\b\"`" + `                          // want ` + "`json tag name \"a\\\\\\\\b\" is not valid for encoding/json, which uses \"BadName\" instead`" + `
	Null     int                ` + "`jsonschema:\"nullable\"`" + `                  // want ` + "`nullable: a field of type int cannot hold null`" + `
	NullOK   *int               ` + "`jsonschema:\"nullable\"`" + `
	URI      string             ` + "`jsonschema:\"format=uri\"`" + `                // want ` + "`format=uri is not one of the formats.*use pattern= instead`" + `
	Huge     float64            ` + "`jsonschema:\"maximum=1e300\"`" + `             // want ` + "`maximum=1e300 is beyond ±\\(2\\^53−1\\)`" + `
	Big64    int64              ` + "`jsonschema:\"minimum=-9007199254740992\"`" + ` // want ` + "`minimum=-9007199254740992 is beyond`" + `
	Loose64  int64              ` + "`jsonschema:\"maximum=9223372036854775807\"`" + `
	Safe64   int64              ` + "`jsonschema:\"maximum=9007199254740991\"`" + `
	DefOut   int                ` + "`jsonschema:\"maximum=10,default=11\"`" + `     // want ` + "`the default or example 11 is out of bounds`" + `
	ExEnum   string             ` + "`jsonschema:\"enum=a,example=b\"`" + `         // want ` + "`the default or example b is not one of the enum values`" + `
	Custom2  Custom2            // want ` + "`type d.Custom2 has a JSONSchema method, which mcpgen cannot call`" + `
	*inner                      // want ` + "`embedded field InBad.inner: encoding/json cannot decode the fields of an embedded pointer to an unexported struct`" + `
}

type OutBad struct {
	Hidden string ` + "`jsonschema:\"-\"`" + `                      // want ` + "`jsonschema:\"-\" hides a field that encoding/json still writes`" + `
	Req    string ` + "`json:\",omitempty\" jsonschema:\"required\"`" + ` // want ` + "`jsonschema:\"required\" on an omitempty`" + `
	Cu     Custom // want ` + "`implements json.Marshaler and has no stated schema: its output schema is \\{\\}`" + `
	*inner        // fine when encoding
}

func Gen[T any](v T, c chan int) {}

type Alias = map[string]int

type Texty struct{ X int }

func (*Texty) UnmarshalText([]byte) error { return nil }
`

func TestDiagnostics(t *testing.T) {
	b, pkg := loadSource(t, diagSource)
	scope := pkg.Types.Scope()
	var diags []Diagnostic
	in := scope.Lookup("InBad").Type()
	_, d := b.Struct(in, "", scope.Lookup("InBad").Pos())
	diags = append(diags, d...)
	out := scope.Lookup("OutBad").Type()
	_, _, d = b.Output(out, scope.Lookup("OutBad").Pos())
	diags = append(diags, d...)
	checkWants(t, b, diagSource, diags)
}

func TestDiagnosticsParams(t *testing.T) {
	b, pkg := loadSource(t, diagSource)
	gen := pkg.Types.Scope().Lookup("Gen").(*types.Func)
	sig := gen.Signature()
	var params []Param
	for v := range sig.Params().Variables() {
		params = append(params, Param{Name: v.Name(), Type: v.Type(), Pos: v.Pos()})
	}
	_, diags := b.Params(params)
	if len(diags) != 2 {
		t.Fatalf("got %v", diags)
	}
	for i, want := range []string{
		"parameter v: type T is not supported: a type parameter has no schema at generate time",
		"parameter c: type chan int is not supported",
	} {
		if !strings.HasPrefix(diags[i].Message, want) || diags[i].Pos != params[i].Pos {
			t.Errorf("diagnostic %d = %v at %v, want %q at %v", i, diags[i].Message, diags[i].Pos, want, params[i].Pos)
		}
	}
	// A struct that decodes from a string cannot hold the arguments object.
	text := pkg.Types.Scope().Lookup("Texty")
	_, diags = b.Struct(text.Type(), "", text.Pos())
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "decodes from a JSON string") {
		t.Errorf("Struct(Texty) diagnostics %v", diags)
	}
	// Struct wants a named struct type.
	_, diags = b.Struct(pkg.Types.Scope().Lookup("Alias").Type(), "", token.NoPos)
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "is not a named struct type or a pointer to one") {
		t.Errorf("Struct(map) diagnostics %v", diags)
	}
}

// TestDiagnosticsElsewhere checks that a problem in a type declared outside
// the loaded packages is reported at the parameter that leads to it, with
// the path of fields from there, once for the type.
func TestDiagnosticsElsewhere(t *testing.T) {
	src := "package d\n\nimport \"example.com/d/sub\"\n\ntype In struct {\n\tS sub.Bad\n}\n"
	b, pkg := loadSource(t, src, "sub/sub.go", "package sub\n\ntype Bad struct {\n\tC chan int\n}\n")
	in := pkg.Types.Scope().Lookup("In")
	_, diags := b.Struct(in.Type(), "", in.Pos())
	diags = errorsOf(diags) // and the warning that In has no json tags
	if len(diags) != 1 {
		t.Fatalf("got %v", diags)
	}
	want := `parameter In.S: type sub.Bad cannot be decoded from JSON: In.S.C: type chan int is not supported: channels have no JSON form (declared at sub.go:4); leave the field out with json:"-", or give it a type of your own`
	if diags[0].Pos != in.Pos() || diags[0].Message != want {
		t.Errorf("got %q at %v, want %q at %v", diags[0].Message, b.fset.Position(diags[0].Pos), want, b.fset.Position(in.Pos()))
	}
}
