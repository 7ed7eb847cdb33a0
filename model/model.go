// Package model is the model of the tools of a Go package: the plain data
// that package parser produces from loaded source and package generator
// turns into mcp_gen.go. It holds no behaviour beyond naming, and depends on
// go/types only (not on how the package was loaded), so that the generator
// can emit code from it alone; tests build models by hand.
package model

import (
	"go/token"
	"go/types"
	"unicode"
	"unicode/utf8"
)

// RuntimePath is the import path of the runtime package that generated
// code imports. The parser recognises the runtime's result and content
// types by it, and the generator imports it.
const RuntimePath = "github.com/mcpgen/mcpgen/runtime"

// Package is one loaded Go package and the tools declared in it.
type Package struct {
	Name    string         // package name, e.g. "notes"
	PkgPath string         // import path, e.g. "example.com/notes"
	Dir     string         // absolute directory holding the package's files
	Types   *types.Package // for qualifying type names in generated code
	Tools   []*Tool        // in source order (file name, then offset)
	// Elicits are the form types the package asks users to fill in with
	// runtime.Elicit[T], in order of first use.
	Elicits []*Elicit
}

// Elicit is a form type: the type argument of runtime.Elicit.
type Elicit struct {
	Pos    token.Position // the first use, for diagnostics
	Type   types.Type
	Schema string // the form's schema, as indented JSON text
}

// Tool is one function or method annotated with //mcp:tool.
type Tool struct {
	Pos token.Position // position of the function name (for diagnostics)

	// From the directive and doc comment.
	Name        string // MCP tool name (option name=, default snake_case(GoName))
	Title       string // option title="..."
	Description string // doc comment text without directive lines, each paragraph on one line (doctext.Join)
	Hints       Hints
	// TaskSupport is the option task: "" (calls are never tasks),
	// "optional" or "required" (see runtime.TaskSupport).
	TaskSupport string

	// The Go function.
	GoName   string      // function or method name
	Receiver *Receiver   // nil for a package-level function
	Func     *types.Func // the declared function or method
	Context  bool        // the first parameter is context.Context

	// Arguments: exactly one of Struct or Params describes them.
	// Struct is set when the tool takes one struct (or pointer-to-struct) parameter.
	Struct *StructParam
	// Params lists plain parameters (after the optional context), possibly none.
	Params []*Param

	// Result shape.
	Result ResultKind
	// ResultType is R in R or (R, error); nil for ResultNone and
	// ResultObject.
	ResultType types.Type
	// Results are the members of the result object of a function with
	// several results (ResultObject), one per result before the optional
	// trailing error, in order.
	Results []*ResultMember
	// ReturnsError reports whether the last result is error.
	ReturnsError bool

	// Schemas, as indented JSON text ready to embed in the generated file.
	InputSchema  string
	OutputSchema string // empty unless Result is ResultStructured or ResultWrapped
}

// Receiver describes the receiver of a method tool.
type Receiver struct {
	TypeName string // the named type T, without '*'
	Pointer  bool   // declared on *T
	Named    *types.Named
	// Declared is the unexported type that declares the method, when T
	// is the exported type that embeds it and promotes the method (real
	// libraries are built this way: type Cache struct{ *cache }); nil
	// when T declares it.
	Declared *types.Named
}

// Hints are the MCP tool annotations. nil means "not stated".
type Hints struct {
	ReadOnly    *bool
	Destructive *bool
	Idempotent  *bool
	OpenWorld   *bool
}

// StructParam is the single struct parameter whose fields are the arguments.
type StructParam struct {
	Name    string     // Go parameter name (may be "" or "_")
	Type    types.Type // the declared parameter type (named struct or pointer to one)
	Pointer bool       // declared as *T
}

// Param is one plain parameter, which is one argument of the tool.
type Param struct {
	Name        string     // Go parameter name, also the JSON argument name
	Type        types.Type // declared type
	Description string     // from //mcp:arg NAME text
	Optional    bool       // a pointer or variadic parameter: absent means nil
	Variadic    bool       // the final ...T parameter; Type is then []T
}

// ResultMember is one result of a function with several results: one
// member of the tool's result object.
type ResultMember struct {
	Name string     // JSON member name: the Go result name, else positional
	Type types.Type // declared type
}

// ResultKind is the shape of what a tool function returns.
type ResultKind int

const (
	ResultNone       ResultKind = iota // no R: func(...) or func(...) error
	ResultText                         // R is string: one text content block
	ResultStructured                   // R's schema is an object: structuredContent is R itself
	ResultWrapped                      // R is not an object, or a pointer (nil is null): structuredContent is {"result": R}
	ResultRaw                          // R is *runtime.Result, runtime.Result, []runtime.Content or a runtime content type (*runtime.ImageContent, ...): the tool has full control
	ResultObject                       // several results: structuredContent is {"<name>": result, ...} (Results)
)

// RegisterFunc returns the name of the generated function that registers a
// tool with receiver recv: RegisterTools for package-level functions,
// Register<T>Tools for the methods of type T. The parser needs it to
// recognise calls of functions yet to be generated, and the generator to
// write them: this is the one place that spells it.
func RegisterFunc(recv *Receiver) string {
	if recv == nil {
		return "RegisterTools"
	}
	r, size := utf8.DecodeRuneInString(recv.TypeName)
	return "Register" + string(unicode.ToUpper(r)) + recv.TypeName[size:] + "Tools"
}
