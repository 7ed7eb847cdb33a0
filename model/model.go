// Package model is the model of the tools, prompts, resources and
// completers of a Go package: the plain data
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
	// Prompts and Resources are the functions annotated with //mcp:prompt
	// and //mcp:resource, in source order.
	Prompts   []*Prompt
	Resources []*Resource
	// Skills are the skills of //mcp:skills, nil without it.
	Skills *Skills
	// Regenerated holds the package-level names that the package's current
	// mcpgen output declares: the new output replaces that file, so these
	// names are free for it (the generated file must not depend on the one
	// it replaces).
	Regenerated map[string]bool
	// Server is the package's //mcp:server directive, nil without one.
	Server *Server
	// Toolsets are the package's //mcp:toolset directives, in source
	// order (file name, then offset).
	Toolsets []*Toolset
	// Modules are the modules whose code became tools of the package
	// (//mcp:tools IMPORTPATH.TYPE and the like), sorted by path: the
	// generated file's header records them, so that a new version of one
	// is a stale file (mcpgen -check).
	Modules []Module
	// ViewTypes are the struct types that the results of the package's
	// tools show through its //mcp:view lines: each viewed type, and each
	// struct type that holds one in a member it shows, in the order met.
	// A value of such a type in a result is sent as a value of a
	// generated struct type with only the members shown.
	ViewTypes []*ViewType
}

// Module is a module whose code became tools of a package of another.
type Module struct {
	Path    string
	Version string // "" for the main module or a directory replacement
	Main    bool   // the main module
	Replace string // the replacement, "../ext" or "example.com/fork v1.2.0", or ""
}

// Toolset is one //mcp:toolset NAME [default] TEXT directive: a group of
// the package's tools (runtime.Toolset).
type Toolset struct {
	Pos         token.Position // of the directive
	Name        string
	Description string
	Default     bool // served when no toolset is chosen
}

// ViewType is a struct type that results show otherwise than whole: with
// only the members of its //mcp:view (Viewed), or with every member, some
// of which hold viewed types.
type ViewType struct {
	Type    *types.Named
	Viewed  bool
	Members []*ViewMember // in the order encoding/json writes them
}

// ViewMember is one JSON member a ViewType shows.
type ViewMember struct {
	Name    string     // the member's name
	Options string     // the json tag's options after the name
	Index   []int      // the field indices from the struct through embedded ones
	Field   *types.Var // the Go field
}

// Server is what a //mcp:server directive says of the server a package
// makes: the entry of the MCP registry (server.json) that mcpgen
// -server-json writes.
type Server struct {
	Pos         token.Position // of the directive
	Name        string         // reverse-DNS, "io.github.owner/repo"
	Version     string         // "" when not given (then -server-version)
	Title       string
	Description string // the option, else the package doc comment's first sentence
	Remote      string // the Streamable HTTP endpoint, "" for none
	Website     string
	OCI         string // an OCI image reference that runs the server over stdio, "" for none
	Icons       []Icon // the //mcp:icon lines of the directive's comment
}

// RegisterPromptsFunc and RegisterResourcesFunc name the generated
// functions that register a package's prompts and resources.
const (
	RegisterPromptsFunc   = "RegisterPrompts"
	RegisterResourcesFunc = "RegisterResources"
)

// NewServerFunc names the generated function that makes the server with
// the identity of a package's //mcp:server.
const NewServerFunc = "NewServer"

// RegisterSkillsFunc names the generated function that registers a
// package's skills.
const RegisterSkillsFunc = "RegisterSkills"

// Skills are the skills that the //mcp:skills dir=DIR of a package
// declare: every directory under each DIR with a SKILL.md, their files
// read at generate time and embedded in the binary.
type Skills struct {
	// Dirs are the DIRs, slash-separated and relative to the package's
	// directory, in the order of the directives: the patterns of the
	// generated //go:embed.
	Dirs   []string
	Skills []*Skill // those of each DIR in turn, in path order
}

// Skill is one skill (SEP-2640): a directory with a SKILL.md.
type Skill struct {
	URI         string       // skill://PATH/SKILL.md
	Name        string       // the front matter's name: PATH's last segment
	Description string       // the front matter's description
	Frontmatter string       // the front matter as a compact JSON object
	Files       []*SkillFile // SKILL.md first, then the others in path order
	// Scopes are those of its directive's option scope=: the OAuth scopes
	// a caller needs to see the skill, as a tool's are those it needs to
	// call it.
	Scopes []string
}

// SkillFile is one file of a skill, as read at generate time.
type SkillFile struct {
	URI      string // the file's resource URI
	Path     string // slash-separated, relative to the package's directory (DIR/...)
	MIMEType string
	Size     int64
	Digest   string // "sha256:" and 64 lowercase hex digits
	Binary   bool   // not UTF-8 text: sent as a blob
}

// Prompt is one function annotated with //mcp:prompt.
type Prompt struct {
	Pos         token.Position
	Name        string // option name=, default snake_case(GoName)
	Title       string
	Description string
	Scopes      []string // option scope=: the OAuth scopes the prompt needs
	Icons       []Icon   // the //mcp:icon lines of its doc comment
	// Meta is the prompt's _meta object as compact JSON text (its
	// //mcp:meta), or "".
	Meta    string
	GoName  string
	Func    *types.Func
	Context bool // the first parameter is context.Context
	// Args are the prompt's arguments: the string parameters, or the
	// string fields of the one struct parameter (Struct).
	Args []*PromptArg
	// Struct is the type of the one struct parameter (a named struct or
	// pointer to one) whose fields are the arguments; nil for plain
	// parameters.
	Struct        types.Type
	StructPointer bool
	Result        PromptResultKind
	ReturnsError  bool
}

// PromptArg is one argument of a prompt, or one variable of a resource
// template.
type PromptArg struct {
	Name        string     // the argument's name (parameter name, or the field's JSON name)
	GoName      string     // the parameter or field name
	Type        types.Type // string, a named string type, or a pointer to one
	Description string
	Optional    bool       // a pointer: absent means nil
	Enum        []string   // the values of a named string type with constants: completed from
	Completer   *Completer // the function marked //mcp:complete for this argument, or nil
}

// Completer is a function annotated with //mcp:complete: it completes one
// argument of a prompt or one variable of a resource template. Its
// signature is func([ctx context.Context,] value string[, given
// map[string]string]) ([]string[, error]).
type Completer struct {
	Pos          token.Position
	GoName       string
	Func         *types.Func
	Prompt       string // the prompt's name, or ""
	Resource     string // the resource template's URI, or ""
	Arg          string // the argument or variable
	Context      bool   // takes a context.Context first
	Given        bool   // takes the other arguments' values last
	ReturnsError bool
}

// PromptResultKind is what a prompt function returns.
type PromptResultKind int

const (
	PromptString   PromptResultKind = iota // string: one user message
	PromptMessages                         // []runtime.PromptMessage
	PromptFull                             // *runtime.PromptResult
)

// Resource is one function, or //go:embed variable, annotated with
// //mcp:resource.
type Resource struct {
	Pos         token.Position
	URI         string // the fixed URI or the URI template
	Template    bool   // URI has variables: the parameters (Vars)
	Name        string // option name=, default snake_case(GoName)
	Title       string
	Description string
	MIMEType    string   // option mime=, else inferred from the result
	Scopes      []string // option scope=: the OAuth scopes the resource needs
	Icons       []Icon   // the //mcp:icon lines of its doc comment
	// App: the resource is an MCP App's view (option app): its MIMEType
	// is runtime.AppMIMEType, its contents are sent as text.
	App bool
	// Meta is the resource's _meta object as compact JSON text (an app's
	// _meta.ui, then the members of its //mcp:meta), or "".
	Meta   string
	GoName string
	// Var: GoName is a package-level variable of type string or []byte
	// (a //go:embed file) that holds the contents, of type VarType; Func
	// is nil.
	Var          bool
	VarType      types.Type
	Func         *types.Func
	Context      bool
	Vars         []*PromptArg // in parameter order
	Result       ResourceResultKind
	ReturnsError bool
}

// ResourceResultKind is what a resource function returns.
type ResourceResultKind int

const (
	ResourceText     ResourceResultKind = iota // string
	ResourceBlob                               // []byte
	ResourceContents                           // []runtime.ResourceContents
)

// Icon is one //mcp:icon line: an image a client may show for a tool,
// prompt or resource (runtime.Icon).
type Icon struct {
	Src      string
	MIMEType string
	Sizes    []string
	Theme    string
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
	// Scopes are the option scope=: the OAuth scopes a caller's token
	// must all grant (see runtime.Tool.Scopes).
	Scopes []string
	// Toolset is the option toolset=: the name of one of the package's
	// Toolsets, or "" for none.
	Toolset string
	// Icons are the //mcp:icon lines of the doc comment.
	Icons []Icon
	// Meta is the tool's _meta object as compact JSON text, or "": the
	// MCP Apps members of the options ui= and visibility=, then the
	// object of //mcp:meta.
	Meta string

	// The Go function.
	GoName   string      // function or method name
	Receiver *Receiver   // nil for a package-level function
	Func     *types.Func // the declared function or method
	// TypeArgs are the type arguments of a generic function, from the
	// option types=: the tool calls Func[TypeArgs...], and its schemas
	// are those of the instantiated signature. Nil for other functions.
	TypeArgs []types.Type
	Context  bool // the first parameter is context.Context

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
	// ResultParam is the parameter (plain, or the struct parameter) named
	// by the option result=: the function returns nothing but error, and
	// what it did to the parameter (sorted it in place, filled it in) is
	// sent back as the result, of type ResultType, after the call.
	ResultParam string
	// Skipped are the trailing variadic parameter's name and type when it
	// takes functional options (opts ...Option, a func or interface
	// type): it is not an argument, and the function is called without it.
	Skipped *Param
	// Float64Numbers is the option numbers=float64: numbers in untyped
	// positions of the arguments (any, []any, map[string]any) arrive as
	// float64, as encoding/json decodes them (runtime.DecodeFloat64),
	// instead of as int when written as integers (runtime.Decode).
	Float64Numbers bool
	// Omitted holds the positions of the function's results (before the
	// trailing error) that //mcp:result leaves out; GoResults is how many
	// results there are before the error. Results, ResultType and Result
	// describe the others.
	Omitted   []int
	GoResults int

	// Schemas, as indented JSON text ready to embed in the generated file.
	InputSchema  string
	OutputSchema string // empty unless Result is ResultStructured or ResultWrapped
	// OutputLeftOut says why a tool with structured results has no
	// output schema, and the line that brings it back; "" when it has one.
	OutputLeftOut string
	// ValidateSchema is the schema the server validates arguments with
	// when it differs from InputSchema: under a profile, InputSchema
	// leaves out the keywords the provider refuses (stating them in the
	// descriptions), which ValidateSchema keeps. Empty otherwise.
	ValidateSchema string
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
	// Register is the name of the function that registers the tools of
	// T when the directive names it (register=, for a type of another
	// package whose name another type has), else "".
	Register string
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
	Type types.Type // declared type; with Via, the type Via returns
	// Via is the function that an //mcp:result directive names for the
	// result's type: the member is Via(result). Index is then the
	// position of the result among the function's results (set for every
	// member of a tool with Omitted or Via results).
	Via   *types.Func
	Index int
	// Stream is set for a member whose type is a stream (io.Reader,
	// io.ReadCloser): it is not a member of the structured result but read
	// into the result's content, before the structured result's text
	// (runtime.StreamResults).
	Stream bool
}

// ResultKind is the shape of what a tool function returns.
type ResultKind int

const (
	ResultNone       ResultKind = iota // no R: func(...) or func(...) error
	ResultText                         // R is string: one text content block
	ResultStructured                   // R's schema is an object, R or a pointer to it: structuredContent is R itself (a nil pointer: an isError result)
	ResultWrapped                      // R is not an object, nor a pointer to one: structuredContent is {"result": R} (a nil pointer is null)
	ResultRaw                          // R is *runtime.Result, runtime.Result, []runtime.Content or a runtime content type (*runtime.ImageContent, ...): the tool has full control
	ResultObject                       // several results: structuredContent is {"<name>": result, ...} (Results)
	ResultStream                       // R is an interface type with io.Reader's Read (io.Reader, io.ReadCloser): read, bounded, into text or a blob, and closed (runtime.StreamResult)
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
	if recv.Register != "" {
		return recv.Register
	}
	r, size := utf8.DecodeRuneInString(recv.TypeName)
	return "Register" + string(unicode.ToUpper(r)) + recv.TypeName[size:] + "Tools"
}
