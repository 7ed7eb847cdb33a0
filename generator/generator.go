// Package generator turns the model of a package (see package model) into
// the source of its generated MCP registration file, mcp_gen.go.
//
// The generator is pure: it reads no files, keeps no state between calls and
// produces the same bytes for the same model. Only cmd/mcpgen writes files.
//
// The generated file holds, in this order:
//
//   - compile-time guards that assign every tool function or method (as a
//     method expression, never a method value), prompt, resource and
//     completer function to a variable of the exact function type the
//     handlers were generated for, so that a changed signature breaks the
//     build until the file is regenerated;
//   - one RegisterTTools(s *runtime.Server, recv *T) per receiver type T,
//     sorted by type name, and RegisterTools(s *runtime.Server) for the
//     package-level functions, if any; tools keep the order of the model;
//     each followed by the handler functions of its tools, one per tool
//     (<tool>Handler: the handler itself for a function, a function of
//     the receiver that returns it for a method);
//   - RegisterPrompts(s *runtime.Server) and RegisterResources(s
//     *runtime.Server) when the package has //mcp:prompt or //mcp:resource
//     functions (primitives.go);
//   - the input and output schemas as string constants holding the
//     indented JSON, as raw string literals where the text allows it;
//   - when the package elicits forms with runtime.Elicit[T], an init
//     function that registers the schema of every such T
//     (runtime.RegisterElicitSchema), and those schemas as constants.
//
// A tool's title, when set, is emitted both as Tool.Title and as
// ToolAnnotations.Title: clients of protocol 2025-03-26 only know the
// annotation, later ones prefer the tool field. Annotations are emitted only
// when a title or a hint is stated.
package generator

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/model"
)

// Options say how a file is generated.
type Options struct {
	// Command is the mcpgen command line that makes the file, with the
	// flags that change it ("mcpgen -profile openai-strict"), which the
	// file's header records; "" means "mcpgen".
	Command string
}

// Import paths the generated code refers to.
const (
	contextPath = "context"
	jsonPath    = "encoding/json"
)

// gen holds the state of one Generate call.
type gen struct {
	pkg *model.Package

	// imports maps the path of every package the generated code may refer
	// to to that package's name; used holds those it does refer to, and
	// aliases the name each is imported as (see gen.nameImports).
	imports, aliases map[string]string
	used             map[string]bool

	// importsNamed is set once the imports are named: from then on the code
	// must refer only to packages that have a name, and missing records
	// those that do not (an error of the generator).
	importsNamed bool
	missing      []string

	// views names the view types (views.go), set by prepareViews.
	views *views
}

func newGen(pkg *model.Package) *gen {
	return &gen{
		pkg:     pkg,
		imports: map[string]string{model.RuntimePath: "runtime", contextPath: "context", jsonPath: "json"},
		used:    map[string]bool{},
	}
}

// declared reports whether name is a package-level name of the user's
// package: imports, locals and handler functions must not collide with or
// shadow it. A name that only the file being regenerated declares is free.
func (g *gen) declared(name string) bool {
	return g.pkg.Types != nil && g.pkg.Types.Scope().Lookup(name) != nil && !g.pkg.Regenerated[name]
}

// group is the tools registered by one function.
type group struct {
	funcName string // RegisterTools or Register<T>Tools
	recv     *model.Receiver
	tools    []*model.Tool
}

// toolNames are the identifiers generated for one tool.
type toolNames struct {
	input, output string // schema constants
	validate      string // the schema constant arguments are validated with, when not input
	handler       string // handler function
}

func (g *gen) groups() ([]*group, error) {
	byType := map[string]*group{}
	var funcs *group
	for _, t := range g.pkg.Tools {
		if t.Receiver == nil {
			if funcs == nil {
				funcs = &group{funcName: model.RegisterFunc(nil)}
			}
			funcs.tools = append(funcs.tools, t)
			continue
		}
		fn := model.RegisterFunc(t.Receiver)
		gr := byType[fn]
		if gr == nil {
			gr = &group{funcName: fn, recv: t.Receiver}
			byType[fn] = gr
		}
		gr.tools = append(gr.tools, t)
	}
	var groups []*group
	for _, gr := range byType {
		groups = append(groups, gr)
	}
	slices.SortFunc(groups, func(a, b *group) int {
		return cmp.Or(cmp.Compare(a.recv.TypeName, b.recv.TypeName), cmp.Compare(a.funcName, b.funcName))
	})
	if funcs != nil {
		groups = append(groups, funcs)
	}
	seen := map[string]bool{}
	for _, gr := range groups {
		if seen[gr.funcName] {
			return nil, fmt.Errorf("generator: two receiver types need the same function name %s", gr.funcName)
		}
		seen[gr.funcName] = true
	}
	return groups, nil
}

// qual returns the qualified identifier path.sel and records the import of
// path, a package named name.
func (g *gen) qual(path, name, sel string) *jen.Statement {
	if _, ok := g.imports[path]; !ok {
		if g.importsNamed {
			g.missing = append(g.missing, path)
		} else {
			g.imports[path] = name
		}
	}
	g.used[path] = true
	return jen.Qual(path, sel)
}

// rt returns the qualified identifier of the runtime package's sel.
func (g *gen) rt(sel string) *jen.Statement { return g.qual(model.RuntimePath, "runtime", sel) }

// file names the imports, locals, handlers and schema constants of the
// generated file and returns its top-level declarations in order, in
// passes: schemaNames, guards (which collect the imports), forms, the
// imports' and locals' names, decls (guards, per group its registration
// function and handlers, prompts, resources, NewServer, skills),
// constants (schemas, forms).
func (g *gen) file() ([]jen.Code, error) {
	groups, err := g.groups()
	if err != nil {
		return nil, err
	}
	names, used := schemaNames(groups)
	// The guards mention every type of every signature: building them
	// collects all imports, which must be named before the locals are.
	guards, err := g.guards(groups)
	if err != nil {
		return nil, err
	}
	if len(g.pkg.Prompts) > 0 || len(g.pkg.Resources) > 0 {
		g.rt("Server") // imported before the imports are named
		g.qual(contextPath, "context", "Context")
	}
	if g.pkg.Skills != nil {
		g.rt("Server")
		g.qual("embed", "embed", "FS")
	}
	forms, err := g.forms(used)
	if err != nil {
		return nil, err
	}
	if err := g.prepareViews(); err != nil {
		return nil, err
	}
	aliases := g.nameImports()
	g.aliases, g.importsNamed = aliases, true
	loc := g.locals(aliases)
	g.nameViews(used, aliases)
	// The handler functions are package-level: their names must not
	// take a name of the user's package or of an import.
	for _, gr := range groups {
		for _, t := range gr.tools {
			n := names[t]
			n.handler = g.handlerName(lowerCamel(t.Name), used, aliases)
			names[t] = n
		}
	}

	decls, err := g.decls(groups, guards, names, loc, used, aliases)
	if err != nil {
		return nil, err
	}
	return append(decls, g.constants(groups, names, forms)...), nil
}

// schemaNames returns the identifiers of the schema constants of the
// tools of groups, unique within the file, and the names they and the
// registration functions take.
func schemaNames(groups []*group) (names map[*model.Tool]toolNames, used map[string]bool) {
	names, used = map[*model.Tool]toolNames{}, map[string]bool{}
	for _, gr := range groups {
		used[gr.funcName] = true
	}
	for _, gr := range groups {
		for _, t := range gr.tools {
			base := lowerCamel(t.Name)
			n := toolNames{input: uniqueName(base, "InputSchema", used)}
			if t.OutputSchema != "" {
				n.output = uniqueName(base, "OutputSchema", used)
			}
			if t.ValidateSchema != "" {
				n.validate = uniqueName(base, "ValidateSchema", used)
			}
			names[t] = n
		}
	}

	return names, used
}

// guards returns the compile-time guards of the file: one per tool, per
// function that //mcp:result names, per prompt, resource and completer.
func (g *gen) guards(groups []*group) ([]jen.Code, error) {
	var guards []jen.Code
	via := map[*types.Func]bool{}
	for _, gr := range groups {
		for _, t := range gr.tools {
			guard, err := g.guard(t)
			if err != nil {
				return nil, err
			}
			guards = append(guards, guard)
			// The functions that //mcp:result names, once each.
			for _, r := range t.Results {
				if r.Via == nil || via[r.Via] {
					continue
				}
				via[r.Via] = true
				guard, err := g.primitiveGuard(r.Via.Name(), r.Via)
				if err != nil {
					return nil, err
				}
				guards = append(guards, guard)
			}
		}
	}
	for _, p := range g.pkg.Prompts {
		guard, err := g.primitiveGuard(p.GoName, p.Func)
		if err != nil {
			return nil, err
		}
		guards = append(guards, guard)
	}
	for _, r := range g.pkg.Resources {
		if r.Var {
			typ, err := g.typeCode(r.VarType)
			if err != nil {
				return nil, err
			}
			guards = append(guards, jen.Id("_").Add(typ).Op("=").Id(r.GoName))
			continue
		}
		guard, err := g.primitiveGuard(r.GoName, r.Func)
		if err != nil {
			return nil, err
		}
		guards = append(guards, guard)
	}
	for _, cp := range g.completers() {
		guard, err := g.primitiveGuard(cp.GoName, cp.Func)
		if err != nil {
			return nil, err
		}
		guards = append(guards, guard)
	}
	return guards, nil
}

// elicitForms are the form types of runtime.Elicit, registered with their
// schemas: the registrations, and the schemas' identifiers and texts.
type elicitForms struct {
	regs       []jen.Code
	ids, texts []string
}

// forms returns the forms of the package's tools, their identifiers
// taken in used.
func (g *gen) forms(used map[string]bool) (elicitForms, error) {
	var f elicitForms
	for _, e := range g.pkg.Elicits {
		typ, err := g.typeCode(e.Type)
		if err != nil {
			return f, err
		}
		name := uniqueName(lowerCamel(formBase(e.Type)), "FormSchema", used)
		f.regs = append(f.regs, g.rt("RegisterElicitSchema").Types(typ).Call(jen.Id(name)))
		f.ids, f.texts = append(f.ids, name), append(f.texts, e.Schema)
	}
	return f, nil
}

// decls returns the file's declarations but its constants, in the order
// of the file: the guards, per group its registration function and
// handlers, prompts, resources, NewServer, skills.
func (g *gen) decls(groups []*group, guards []jen.Code, names map[*model.Tool]toolNames, loc localNames, used map[string]bool, aliases map[string]string) ([]jen.Code, error) {
	var decls []jen.Code
	if len(guards) > 0 {
		decls = append(decls, jen.Comment("Compile-time guards: if a tool's signature changes, regenerate.").Line().Var().Defs(guards...))
	}
	for _, gr := range groups {
		fn, err := g.register(gr, names, loc)
		if err != nil {
			return nil, err
		}
		decls = append(decls, fn)
		recvType, err := g.recvType(gr)
		if err != nil {
			return nil, err
		}
		for _, t := range gr.tools {
			fn, err := g.handler(t, names[t].handler, recvType, loc)
			if err != nil {
				return nil, fmt.Errorf("generator: tool %s: %w", t.Name, err)
			}
			decls = append(decls, fn)
		}
	}
	viewDecls, err := g.viewDecls()
	if err != nil {
		return nil, err
	}
	decls = append(decls, viewDecls...)
	if len(g.pkg.Prompts) > 0 {
		fn, err := g.registerPrompts(loc)
		if err != nil {
			return nil, err
		}
		decls = append(decls, fn)
	}
	if len(g.pkg.Resources) > 0 {
		fn, err := g.registerResources(loc)
		if err != nil {
			return nil, err
		}
		decls = append(decls, fn)
	}
	if g.pkg.Server != nil {
		decls = append(decls, g.newServer())
	}
	if g.pkg.Skills != nil {
		fsName := "skillFiles"
		for i := 2; g.declared(fsName) || used[fsName] || aliasTaken(aliases, fsName); i++ {
			fsName = fmt.Sprintf("skillFiles%d", i)
		}
		used[fsName] = true
		decls = append(decls, g.registerSkills(loc, fsName)...)
	}
	return decls, nil
}

// constants returns the declarations of the schemas, as JSON, and of the
// forms.
func (g *gen) constants(groups []*group, names map[*model.Tool]toolNames, forms elicitForms) []jen.Code {
	var decls []jen.Code
	var texts, ids []string
	for _, gr := range groups {
		for _, t := range gr.tools {
			texts, ids = append(texts, t.InputSchema), append(ids, names[t].input)
			if n := names[t]; n.validate != "" {
				texts, ids = append(texts, t.ValidateSchema), append(ids, n.validate)
			}
			if n := names[t]; n.output != "" {
				texts, ids = append(texts, t.OutputSchema), append(ids, n.output)
			}
		}
	}
	if len(ids) > 0 {
		decls = append(decls, consts("Input and output schemas of the tools, as JSON.", ids, texts))
	}
	if len(forms.regs) > 0 {
		decls = append(decls,
			jen.Comment("The forms that the package's tools elicit (runtime.Elicit[T]), by type.").Line().Func().Id("init").Params().Block(forms.regs...),
			consts("Schemas of the forms, as JSON.", forms.ids, forms.texts))
	}
	return decls
}

// aliasTaken reports whether name is the name of an import.
func aliasTaken(aliases map[string]string, name string) bool {
	for _, a := range aliases {
		if a == name {
			return true
		}
	}
	return false
}

// consts returns the declaration, under the comment doc, of the string
// constants ids holding texts (schemas): raw string literals where the
// text allows, so that a schema reads as the indented JSON it is.
func consts(doc string, ids, texts []string) *jen.Statement {
	specs := make([]jen.Code, len(ids))
	for i, id := range ids {
		lit := jen.Lit(texts[i])
		if canRaw(texts[i]) {
			// jennifer has no raw string literal; Op writes its text verbatim.
			lit = jen.Op("`" + texts[i] + "`")
		}
		specs[i] = jen.Id(id).Op("=").Add(lit)
	}
	return jen.Comment(doc).Line().Const().Defs(specs...)
}

// formBase names the schema constant of a form type after the type.
func formBase(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return "form"
}

// canRaw reports whether s can be written as a raw string literal that
// means s: valid UTF-8 without a backquote, carriage return (dropped from
// raw literals), NUL or byte order mark (both rejected by the compiler).
func canRaw(s string) bool {
	return strings.IndexByte(s, '`') < 0 && strings.IndexByte(s, '\r') < 0 && strings.IndexByte(s, 0) < 0 &&
		utf8.ValidString(s) && !strings.Contains(s, "\ufeff")
}

// nameImports returns the name, by path, of every imported
// package: a name that is unique in the
// file and collides with no package-level name of the user's package (a
// file's imports and its package's declarations share one namespace).
// The mcpgen runtime is named first, so that it keeps the name runtime
// even when the user's types come from the standard runtime package.
func (g *gen) nameImports() map[string]string {
	paths := make([]string, 0, len(g.imports))
	for p := range g.imports {
		if p != model.RuntimePath {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	paths = append([]string{model.RuntimePath}, paths...)
	taken := map[string]bool{}
	aliases := map[string]string{}
	for _, p := range paths {
		name := g.imports[p]
		alias := name
		for i := 1; taken[alias] || g.declared(alias) || reserved(alias); i++ {
			alias = fmt.Sprintf("%s%d", name, i)
		}
		taken[alias] = true
		aliases[p] = alias
	}
	return aliases
}

// handlerName returns stem+"Handler", or stem+N+"Handler", a name unique
// in used (the file's other generated names) that is neither a
// package-level name of the user's package nor an import's name, and
// records it in used. The suffix keeps it apart from the locals.
func (g *gen) handlerName(stem string, used map[string]bool, aliases map[string]string) string {
	imported := map[string]bool{}
	for _, alias := range aliases {
		imported[alias] = true
	}
	for i := 1; ; i++ {
		name := stem + "Handler"
		if i > 1 {
			name = fmt.Sprintf("%s%dHandler", stem, i)
		}
		if !used[name] && !g.declared(name) && !imported[name] {
			used[name] = true
			return name
		}
	}
}

// localNames are the identifiers the generated functions declare.
type localNames struct {
	server, recv, ctx, args, in, out, err, extra, view string
}

// locals picks the local identifiers. A local shadows package-level names
// of the user's package within the function, and the generated code refers
// to some of those (the tool functions, types), so a local must not take any
// package-level name; nor the name of an import.
func (g *gen) locals(aliases map[string]string) localNames {
	taken := func(name string) bool {
		if g.declared(name) {
			return true
		}
		for _, alias := range aliases {
			if alias == name {
				return true
			}
		}
		return false
	}
	pick := func(name string) string {
		alias := name
		for i := 1; taken(alias); i++ {
			alias = fmt.Sprintf("%s%d", name, i)
		}
		return alias
	}
	return localNames{
		server: pick("s"), recv: pick("recv"), ctx: pick("ctx"), args: pick("args"),
		in: pick("in"), out: pick("out"), err: pick("err"), extra: pick("extra"), view: pick("view"),
	}
}

// reserved reports whether name must not name an import: a keyword, a
// predeclared identifier (the generated code uses some, such as any and
// error), or err, a local of the generated code.
func reserved(name string) bool {
	return token.IsKeyword(name) || types.Universe.Lookup(name) != nil || name == "err"
}
