package parser

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/doctext"
)

// This file checks the //mcp:prompt and //mcp:resource directives and
// builds their model (docs/directives.md, "Prompts, resources and completion").

const (
	promptPrefix   = "//mcp:prompt"
	resourcePrefix = "//mcp:resource"
	completePrefix = "//mcp:complete"
)

// primitiveDecl is a prompt, resource or completer under construction.
type primitiveDecl struct {
	prompt    *model.Prompt
	resource  *model.Resource
	completer *model.Completer
	pos       token.Pos
	bad       bool
}

// primitive checks a function annotated with //mcp:prompt or
// //mcp:resource (dir) and returns its model, nil when it is unusable.
func (c *checker) primitive(pkg *packages.Package, fd *ast.FuncDecl, dir *ast.Comment, argDirs []*ast.Comment, lines docLines) *primitiveDecl {
	if strings.HasPrefix(dir.Text, completePrefix) {
		return c.completer(pkg, fd, dir)
	}
	pc := &primitiveCheck{c: c, pkg: pkg, fd: fd, dir: dir, d: &primitiveDecl{pos: fd.Name.Pos()},
		spec: resourceSpec(), what: "resource"}
	if strings.HasPrefix(dir.Text, promptPrefix) && !strings.HasPrefix(dir.Text, resourcePrefix) {
		pc.isPrompt, pc.spec, pc.what = true, promptSpec(), "prompt"
	}
	pc.options()
	icons := c.icons(lines.icons, &pc.d.bad)
	meta := pc.meta(fd.Name.Name, lines.metas)
	defer func() {
		if p := pc.d.prompt; p != nil {
			p.Icons, p.Meta = icons, withMeta("", meta)
		}
		if r := pc.d.resource; r != nil {
			r.Icons, r.Meta = icons, withMeta(r.Meta, meta)
		}
	}()
	fn, sig := pc.function()
	if fn == nil {
		return pc.d
	}
	args := pc.args(sig, argDirs)
	r, returnsError, ok := pc.result(sig)
	if !ok {
		return pc.d
	}
	if pc.isPrompt {
		pc.prompt(fn, args, r, returnsError)
	} else {
		pc.resource(fn, args, r, returnsError)
	}
	return pc.d
}

// primitiveCheck is the state of checking one prompt or resource.
type primitiveCheck struct {
	c        *checker
	pkg      *packages.Package
	fd       *ast.FuncDecl
	dir      *ast.Comment
	d        *primitiveDecl
	spec     *grammar
	isPrompt bool
	what     string // "prompt" or "resource"

	opts        map[string]option // the directive's good options
	name        string
	description string
	hasCtx      bool
	resultPos   token.Pos
	// the struct parameter of a prompt that takes one
	structType    types.Type
	structPointer bool
}

func (pc *primitiveCheck) bad(pos token.Pos, format string, args ...any) {
	pc.c.errorf(pos, format, args...)
	pc.d.bad = true
}

// options checks the directive's options and decides the name and the
// description.
func (pc *primitiveCheck) options() {
	fd := pc.fd
	pc.optionsFor(fd.Name.Name, fd.Doc)
	if !toolname.Valid(pc.name) {
		pc.bad(fd.Name.Pos(), "%s name %q of %s is not valid (want 1 to 128 characters from [A-Za-z0-9_.-]); set one with name=", pc.what, pc.name, fd.Name.Name)
	}
}

// function returns the annotated function and its signature, or nil when
// it cannot be a prompt or resource.
func (pc *primitiveCheck) function() (*types.Func, *types.Signature) {
	fd := pc.fd
	if fd.Recv != nil {
		pc.bad(fd.Name.Pos(), "%s %s is a method: prompts and resources are package-level functions (wrap the method in one)", pc.what, fd.Name.Name)
		return nil, nil
	}
	fn, ok := pc.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		pc.bad(fd.Name.Pos(), "no type information for %s", fd.Name.Name)
		return nil, nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() > 0 {
		pc.bad(fd.Name.Pos(), "generic function %s cannot be a %s", fd.Name.Name, pc.what)
		return nil, nil
	}
	return fn, sig
}

// args checks the parameters, the prompt's arguments or the resource
// template's variables, and the //mcp:arg directives that describe them.
func (pc *primitiveCheck) args(sig *types.Signature, argDirs []*ast.Comment) []*model.PromptArg {
	fd, params := pc.fd, sig.Params()
	start := 0
	pc.hasCtx = params.Len() > 0 && isContext(params.At(0).Type())
	if pc.hasCtx {
		start = 1
	}
	var args []*model.PromptArg
	if pc.isPrompt && params.Len() == start+1 {
		if st, ptr := structParam(params.At(start).Type()); st != nil {
			pc.structType, pc.structPointer = params.At(start).Type(), ptr
			args = pc.c.structArgs(pc.pkg, st, pc.paramPos(params, start), fd.Name.Name, &pc.d.bad)
			start = params.Len() // no plain parameters
		}
	}
	for i := start; i < params.Len(); i++ {
		if a := pc.arg(sig, i); a != nil {
			args = append(args, a)
		}
	}
	if pc.structType != nil && len(argDirs) > 0 {
		pc.bad(argDirs[0].Pos(), "//mcp:arg documents plain parameters, but prompt %s takes struct %s: document its fields instead", fd.Name.Name, typeString(pc.structType, pc.pkg.Types))
	} else {
		pc.c.argDocs(fd, argDirs, args, pc.what)
	}
	return args
}

// arg checks the plain parameter i, and returns it as an argument or nil.
func (pc *primitiveCheck) arg(sig *types.Signature, i int) *model.PromptArg {
	fd, params := pc.fd, sig.Params()
	p := params.At(i)
	if sig.Variadic() && i == params.Len()-1 {
		pc.bad(pc.paramPos(params, i), "variadic parameter %s of %s %s: every argument is one string", p.Name(), pc.what, fd.Name.Name)
		return nil
	}
	t := p.Type()
	optional := false
	if ptr, ok := t.(*types.Pointer); ok && pc.isPrompt {
		t, optional = ptr.Elem(), true
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		hint := "a string, a named string type"
		if pc.isPrompt {
			hint += " or a pointer to one (optional)"
		}
		pc.bad(pc.paramPos(params, i), "parameter %s of %s %s has type %s: want %s", p.Name(), pc.what, fd.Name.Name, typeString(p.Type(), pc.pkg.Types), hint)
		return nil
	}
	if p.Name() == "" || p.Name() == "_" {
		pc.bad(pc.paramPos(params, i), "parameter %d of %s %s has no name: the name is the %s's", i+1, pc.what, fd.Name.Name, map[bool]string{true: "argument", false: "template variable"}[pc.isPrompt])
		return nil
	}
	return &model.PromptArg{Name: p.Name(), GoName: p.Name(), Type: p.Type(), Optional: optional, Enum: enumValues(t)}
}

// paramPos returns the position of parameter i, or of the function's name
// when the parameter has none.
func (pc *primitiveCheck) paramPos(params *types.Tuple, i int) token.Pos {
	if p := params.At(i); p.Pos().IsValid() {
		return p.Pos()
	}
	return pc.fd.Name.Pos()
}

// result returns the type of the one result besides an optional error,
// and whether there is exactly one.
func (pc *primitiveCheck) result(sig *types.Signature) (r types.Type, returnsError, ok bool) {
	fd, results := pc.fd, sig.Results()
	n := results.Len()
	returnsError = n > 0 && isError(results.At(n-1).Type())
	if returnsError {
		n--
	}
	pc.resultPos = fd.Name.Pos()
	if fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
		pc.resultPos = fd.Type.Results.List[0].Type.Pos()
	}
	if n != 1 {
		if pc.isPrompt {
			pc.bad(pc.resultPos, "prompt %s must return string, []runtime.PromptMessage or *runtime.PromptResult, with an optional error", fd.Name.Name)
		} else {
			pc.bad(pc.resultPos, "resource %s must return string, []byte or []runtime.ResourceContents, with an optional error", fd.Name.Name)
		}
		return nil, false, false
	}
	return results.At(0).Type(), returnsError, true
}

// prompt builds the model of a prompt whose function returns r.
func (pc *primitiveCheck) prompt(fn *types.Func, args []*model.PromptArg, r types.Type, returnsError bool) {
	fd := pc.fd
	p := &model.Prompt{Pos: pc.c.fset.Position(fd.Name.Pos()), Name: pc.name, Title: pc.opts["title"].Value, Description: pc.description,
		Scopes: splitScopes(pc.opts["scope"].Value),
		GoName: fd.Name.Name, Func: fn, Context: pc.hasCtx, Args: args, ReturnsError: returnsError,
		Struct: pc.structType, StructPointer: pc.structPointer}
	switch {
	case isBasic(r, types.String):
		p.Result = model.PromptString
	case isRuntimeSlice(r, "PromptMessage"):
		p.Result = model.PromptMessages
	case isRuntimePointer(r, "PromptResult"):
		p.Result = model.PromptFull
	default:
		pc.bad(pc.resultPos, "prompt %s returns %s: want string, []runtime.PromptMessage or *runtime.PromptResult, with an optional error", fd.Name.Name, typeString(r, pc.pkg.Types))
	}
	pc.d.prompt = p
}

// resource builds the model of a resource whose function returns r.
func (pc *primitiveCheck) resource(fn *types.Func, vars []*model.PromptArg, r types.Type, returnsError bool) {
	fd := pc.fd
	res := &model.Resource{Pos: pc.c.fset.Position(fd.Name.Pos()), Name: pc.name, Title: pc.opts["title"].Value, Description: pc.description,
		Scopes:   splitScopes(pc.opts["scope"].Value),
		MIMEType: pc.opts["mime"].Value, GoName: fd.Name.Name, Func: fn, Context: pc.hasCtx, Vars: vars, ReturnsError: returnsError}
	switch {
	case isBasic(r, types.String):
		res.Result = model.ResourceText
		res.MIMEType = cmp.Or(res.MIMEType, "text/plain")
	case isBytes(r):
		res.Result = model.ResourceBlob
		res.MIMEType = cmp.Or(res.MIMEType, "application/octet-stream")
	case isRuntimeSlice(r, "ResourceContents"):
		res.Result = model.ResourceContents
	default:
		pc.bad(pc.resultPos, "resource %s returns %s: want string (text), []byte (blob) or []runtime.ResourceContents, with an optional error", fd.Name.Name, typeString(r, pc.pkg.Types))
	}
	pc.resourceURI(res)
	pc.appResource(res)
	if res.App && res.Result == model.ResourceBlob {
		res.Result = model.ResourceText // the view's HTML, sent as text
	}
	pc.d.resource = res
}

// resourceURI checks the uri= option of a resource against the function's
// parameters: a fixed URI takes none, a template's variables are exactly
// the parameters.
func (pc *primitiveCheck) resourceURI(res *model.Resource) {
	dir, prefix, fd, bad := pc.dir, resourcePrefix, pc.fd, pc.bad
	o, given := pc.opts["uri"]
	uri, uriPos := o.Value, dir.Pos()
	if given {
		uriPos = dir.Pos() + token.Pos(len(prefix)+o.ValueOff)
	}
	if uri == "" {
		bad(dir.Pos(), "%s needs the resource's URI: %s uri=docs://readme, or a template: uri=users://{id}/profile", prefix, prefix)
		return
	}
	res.URI = uri
	vars, err := templateVars(uri)
	if err != nil {
		bad(uriPos, "uri %s: %v", uri, err)
		return
	}
	res.Template = len(vars) > 0
	for _, v := range vars {
		if !slices.ContainsFunc(res.Vars, func(a *model.PromptArg) bool { return a.Name == v }) {
			bad(uriPos, "uri %s: variable {%s} names no parameter of %s", uri, v, fd.Name.Name)
		}
	}
	for _, a := range res.Vars {
		if !slices.Contains(vars, a.Name) {
			bad(fd.Name.Pos(), "parameter %s of %s is not a variable of uri %s: add {%s} to the URI or remove the parameter", a.Name, fd.Name.Name, uri, a.Name)
		}
	}
}

// templateVars returns the variables of a URI template: {name} and
// {+name}, the forms the runtime serves.
func templateVars(uri string) ([]string, error) {
	var vars []string
	rest := uri
	for {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			return vars, nil
		}
		if rest[i] == '}' {
			return nil, fmt.Errorf("unmatched }")
		}
		end := strings.IndexByte(rest[i:], '}')
		if end < 0 {
			return nil, fmt.Errorf("unclosed {")
		}
		expr := strings.TrimPrefix(rest[i+1:i+end], "+")
		if expr == "" || strings.IndexFunc(expr, func(r rune) bool {
			return !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
		}) >= 0 {
			return nil, fmt.Errorf("unsupported expression {%s}: mcpgen serves {name} and {+name}", rest[i+1:i+end])
		}
		if slices.Contains(vars, expr) {
			return nil, fmt.Errorf("variable {%s} appears twice", expr)
		}
		if i == 0 && len(vars) > 0 { // rest begins just after the last variable
			return nil, fmt.Errorf("variables {%s} and {%s} are adjacent: separate them with a literal", vars[len(vars)-1], expr)
		}
		vars = append(vars, expr)
		rest = rest[i+end+1:]
	}
}

// argDocs reads the //mcp:arg directives that describe the arguments of a
// prompt or the variables of a resource template.
func (c *checker) argDocs(fd *ast.FuncDecl, argDirs []*ast.Comment, args []*model.PromptArg, what string) {
	seen := map[string]bool{}
	for _, cm := range argDirs {
		_, rest, _ := directiveOf(cm.Text)
		a, _ := argGrammar().parse(rest)
		name, desc := a.words[0].Value, a.rest
		i := slices.IndexFunc(args, func(a *model.PromptArg) bool { return a.Name == name })
		switch {
		case name == "":
			c.errorf(cm.Pos(), "//mcp:arg needs a parameter name: //mcp:arg NAME description")
		case a.hasTag:
			c.errorf(cm.Pos(), "//mcp:arg %s: jsonschema: keywords bound a tool's parameter; the %s's arguments are strings: //mcp:arg %s text", name, what, name)
		case i < 0:
			c.errorf(cm.Pos(), "//mcp:arg %s names no parameter of %s %s", name, what, fd.Name.Name)
		case seen[name]:
			c.errorf(cm.Pos(), "duplicate //mcp:arg %s", name)
		case desc == "":
			c.errorf(cm.Pos(), "//mcp:arg %s has no description: //mcp:arg %s text", name, name)
		default:
			seen[name] = true
			args[i].Description = desc
		}
	}
}

// enumValues returns the values of the string constants declared with the
// named type t in its package, in declaration order, or nil.
func enumValues(t types.Type) []string {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	scope := named.Obj().Pkg().Scope()
	type value struct {
		pos token.Pos
		s   string
	}
	var values []value
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(k.Type(), named) || k.Val().Kind() != constant.String {
			continue
		}
		values = append(values, value{k.Pos(), constant.StringVal(k.Val())})
	}
	slices.SortFunc(values, func(a, b value) int { return int(a.pos - b.pos) })
	var out []string
	for _, v := range values {
		if !slices.Contains(out, v.s) {
			out = append(out, v.s)
		}
	}
	return out
}

func isBasic(t types.Type, kind types.BasicKind) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == kind
}

func isBytes(t types.Type) bool {
	s, ok := t.(*types.Slice)
	return ok && isBasic(s.Elem(), types.Byte)
}

func isRuntimeSlice(t types.Type, name string) bool {
	s, ok := t.(*types.Slice)
	return ok && isRuntimeNamed(s.Elem(), name)
}

func isRuntimePointer(t types.Type, name string) bool {
	p, ok := t.(*types.Pointer)
	return ok && isRuntimeNamed(p.Elem(), name)
}

// primitives checks the prompts and resources of a package for duplicate
// names and URIs, and adds the good ones to p.
func (c *checker) primitives(p *model.Package, decls []*primitiveDecl) {
	prompts := map[string]*model.Prompt{}
	names := map[string]*model.Resource{}
	uris := map[string]*model.Resource{}
	where := func(pos token.Position) string {
		return fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
	}
	for _, d := range decls {
		switch {
		case d.completer != nil:
			continue // attached below
		case d.prompt != nil:
			if first := prompts[d.prompt.Name]; first != nil {
				c.errorf(d.pos, "duplicate prompt name %q: also the name of %s at %s; set another with name=", d.prompt.Name, first.GoName, where(first.Pos))
				continue
			}
			prompts[d.prompt.Name] = d.prompt
			if !d.bad {
				p.Prompts = append(p.Prompts, d.prompt)
			}
		case d.resource != nil:
			r := d.resource
			if first := names[r.Name]; first != nil {
				c.errorf(d.pos, "duplicate resource name %q: also the name of %s at %s; set another with name=", r.Name, first.GoName, where(first.Pos))
				continue
			}
			names[r.Name] = r
			if first := uris[r.URI]; first != nil && r.URI != "" {
				c.errorf(d.pos, "duplicate resource URI %q: also the URI of %s at %s", r.URI, first.GoName, where(first.Pos))
				continue
			}
			uris[r.URI] = r
			if !d.bad {
				p.Resources = append(p.Resources, r)
			}
		}
	}
	for _, d := range decls {
		cp := d.completer
		if cp == nil || d.bad {
			continue
		}
		var args []*model.PromptArg
		var what string
		if cp.Prompt != "" {
			pr := prompts[cp.Prompt]
			if pr == nil {
				c.errorf(d.pos, "//mcp:complete: no prompt named %q in this package", cp.Prompt)
				continue
			}
			args, what = pr.Args, "prompt "+cp.Prompt
		} else {
			r := uris[cp.Resource]
			if r == nil || !r.Template {
				c.errorf(d.pos, "//mcp:complete: no resource template %q in this package", cp.Resource)
				continue
			}
			args, what = r.Vars, "resource template "+cp.Resource
		}
		i := slices.IndexFunc(args, func(a *model.PromptArg) bool { return a.Name == cp.Arg })
		switch {
		case i < 0:
			c.errorf(d.pos, "//mcp:complete: %s has no argument %s", what, cp.Arg)
		case args[i].Completer != nil:
			c.errorf(d.pos, "//mcp:complete: argument %s of %s is already completed by %s at %s", cp.Arg, what, args[i].Completer.GoName, where(args[i].Completer.Pos))
		default:
			args[i].Completer = cp
		}
	}
}

// completer checks a function annotated with //mcp:complete prompt=NAME
// arg=ARG (or resource=URI_TEMPLATE arg=VAR).
func (c *checker) completer(pkg *packages.Package, fd *ast.FuncDecl, dir *ast.Comment) *primitiveDecl {
	d := &primitiveDecl{pos: fd.Name.Pos()}
	bad := func(pos token.Pos, format string, args ...any) {
		c.errorf(pos, format, args...)
		d.bad = true
	}
	spec := completeSpec()
	good, _, errs := spec.check(dir.Text[len(completePrefix):])
	for _, e := range errs {
		bad(dir.Pos()+token.Pos(len(completePrefix)+e.Off), "%s", e.Msg)
	}
	values := map[string]string{}
	for k, o := range good {
		values[k] = o.Value
	}
	if d.bad {
		return d
	}
	if (values["prompt"] == "") == (values["resource"] == "") || values["arg"] == "" {
		bad(dir.Pos(), "//mcp:complete needs one of prompt= and resource=, and arg=: %s", spec.usage)
		return d
	}
	if fd.Recv != nil {
		bad(fd.Name.Pos(), "completer %s is a method: completers are package-level functions", fd.Name.Name)
		return d
	}
	fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		bad(fd.Name.Pos(), "no type information for %s", fd.Name.Name)
		return d
	}
	cp := &model.Completer{Pos: c.fset.Position(fd.Name.Pos()), GoName: fd.Name.Name, Func: fn,
		Prompt: values["prompt"], Resource: values["resource"], Arg: values["arg"]}
	sig := fn.Type().(*types.Signature)
	params, results := sig.Params(), sig.Results()
	i := 0
	if params.Len() > 0 && isContext(params.At(0).Type()) {
		cp.Context, i = true, 1
	}
	ok = params.Len() > i && isBasic(params.At(i).Type(), types.String)
	if ok && params.Len() == i+2 {
		m, isMap := params.At(i + 1).Type().(*types.Map)
		ok = isMap && isBasic(m.Key(), types.String) && isBasic(m.Elem(), types.String)
		cp.Given = true
	} else if params.Len() != i+1 {
		ok = false
	}
	if n := results.Len(); n == 2 && isError(results.At(1).Type()) {
		cp.ReturnsError = true
	} else if n != 1 {
		ok = false
	}
	if results.Len() == 0 {
		ok = false
	} else if s, isSlice := results.At(0).Type().(*types.Slice); !isSlice || !isBasic(s.Elem(), types.String) {
		ok = false
	}
	if !ok || sig.TypeParams().Len() > 0 {
		bad(fd.Name.Pos(), "completer %s has type %s: want func([ctx context.Context,] value string[, given map[string]string]) ([]string[, error])",
			fd.Name.Name, typeString(fn.Type(), pkg.Types))
		return d
	}
	d.completer = cp
	return d
}

// structParam returns the struct under t when t is a named struct type or a
// pointer to one.
func structParam(t types.Type) (*types.Struct, bool) {
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, false
	}
	st, _ := n.Underlying().(*types.Struct) // nil if not a struct
	return st, ptr
}

// structArgs returns the arguments of a prompt that takes a struct: one per
// exported field, named as encoding/json names it, required unless a
// pointer, described by the field's doc or line comment.
func (c *checker) structArgs(pkg *packages.Package, st *types.Struct, pos token.Pos, fn string, isBad *bool) []*model.PromptArg {
	var args []*model.PromptArg
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		name := f.Name()
		if tag, ok := reflectTag(st.Tag(i), "json"); ok {
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" && !strings.Contains(tag, ",") {
				continue
			}
			if n != "" {
				name = n
			}
		}
		fpos := f.Pos()
		if !fpos.IsValid() {
			fpos = pos
		}
		if f.Embedded() {
			c.errorf(fpos, "embedded field %s of prompt %s's argument struct: every argument is one string field", f.Name(), fn)
			*isBad = true
			continue
		}
		t, optional := f.Type(), false
		if p, ok := t.(*types.Pointer); ok {
			t, optional = p.Elem(), true
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			c.errorf(fpos, "field %s of prompt %s's argument struct has type %s: want a string, a named string type or a pointer to one (optional)",
				f.Name(), fn, typeString(f.Type(), pkg.Types))
			*isBad = true
			continue
		}
		args = append(args, &model.PromptArg{Name: name, GoName: f.Name(), Type: f.Type(), Optional: optional,
			Enum: enumValues(t), Description: fieldComment(pkg, f)})
	}
	return args
}

// reflectTag returns the value of key in a struct tag.
func reflectTag(tag, key string) (string, bool) {
	return reflect.StructTag(tag).Lookup(key)
}

// fieldComment returns the doc (else line) comment of a struct field
// declared in pkg, as one line.
func fieldComment(pkg *packages.Package, f *types.Var) string {
	var text string
	for _, file := range pkg.Syntax {
		if file.Pos() > f.Pos() || f.Pos() > file.End() {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			field, ok := n.(*ast.Field)
			if !ok || text != "" {
				return text == ""
			}
			for _, id := range field.Names {
				if id.Pos() == f.Pos() {
					if field.Doc != nil {
						text = field.Doc.Text()
					} else if field.Comment != nil {
						text = field.Comment.Text()
					}
				}
			}
			return true
		})
	}
	return doctext.Join(text)
}
