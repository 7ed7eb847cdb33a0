package generator

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/model"
)

// primitiveGuard is the compile-time guard of a prompt or resource
// function: the function assigned to a variable of its declared type.
func (g *gen) primitiveGuard(goName string, fn *types.Func) (jen.Code, error) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil, fmt.Errorf("generator: %s is not a function", goName)
	}
	typ, err := g.signature(jen.Func(), nil, sig)
	if err != nil {
		return nil, fmt.Errorf("generator: %s: %w", goName, err)
	}
	return jen.Id("_").Add(typ).Op("=").Id(goName), nil
}

// registerPrompts returns the RegisterPrompts function.
func (g *gen) registerPrompts(loc localNames) (jen.Code, error) {
	var body []jen.Code
	for _, p := range g.pkg.Prompts {
		stmt, err := g.prompt(p, loc)
		if err != nil {
			return nil, fmt.Errorf("generator: prompt %s: %w", p.Name, err)
		}
		body = append(body, stmt)
	}
	doc := fmt.Sprintf("%s registers on %s the prompts declared with //mcp:prompt.", model.RegisterPromptsFunc, loc.server)
	return jen.Comment(doc).Line().Func().Id(model.RegisterPromptsFunc).
		Params(jen.Id(loc.server).Op("*").Add(g.rt("Server"))).Block(body...), nil
}

// registerResources returns the RegisterResources function.
func (g *gen) registerResources(loc localNames) (jen.Code, error) {
	var body []jen.Code
	for _, r := range g.pkg.Resources {
		stmt, err := g.resource(r, loc)
		if err != nil {
			return nil, fmt.Errorf("generator: resource %s: %w", r.URI, err)
		}
		body = append(body, stmt)
	}
	doc := fmt.Sprintf("%s registers on %s the resources declared with //mcp:resource.", model.RegisterResourcesFunc, loc.server)
	return jen.Comment(doc).Line().Func().Id(model.RegisterResourcesFunc).
		Params(jen.Id(loc.server).Op("*").Add(g.rt("Server"))).Block(body...), nil
}

func field(key string, value jen.Code) jen.Code { return jen.Id(key).Op(":").Add(value) }

// enumValues returns the []string{...} literal of an enum's values: the
// runtime accepts only those and completes from them.
func enumValues(values []string) jen.Code {
	var lits []jen.Code
	for _, v := range values {
		lits = append(lits, jen.Lit(v))
	}
	return jen.Index().String().Values(lits...)
}

// complete returns the completer of an argument, its //mcp:complete
// function, or nil.
func (g *gen) complete(a *model.PromptArg, loc localNames) jen.Code {
	cp := a.Completer
	if cp == nil {
		return nil
	}
	const req = "req"
	var call []jen.Code
	if cp.Context {
		call = append(call, jen.Id(loc.ctx))
	}
	call = append(call, jen.Id(req).Dot("Value"))
	if cp.Given {
		call = append(call, jen.Id(req).Dot("Context"))
	}
	ret := jen.Op("&").Add(g.rt("Completion")).Values(jen.Id("Values").Op(":").Id(loc.out))
	return jen.Func().Params(jen.Id(ctxName(cp.Context, loc)).Add(g.qual(contextPath, "context", "Context")), jen.Id(req).Add(g.rt("CompleteRequest"))).
		Params(jen.Op("*").Add(g.rt("Completion")), jen.Error()).
		Block(g.callAndReturn(cp.GoName, call, cp.ReturnsError, ret, loc)...)
}

// completers returns the //mcp:complete functions of the package, in the
// order of the prompts and resources they complete.
func (g *gen) completers() []*model.Completer {
	var out []*model.Completer
	for _, p := range g.pkg.Prompts {
		for _, a := range p.Args {
			if a.Completer != nil {
				out = append(out, a.Completer)
			}
		}
	}
	for _, r := range g.pkg.Resources {
		for _, a := range r.Vars {
			if a.Completer != nil {
				out = append(out, a.Completer)
			}
		}
	}
	return out
}

// argValue returns the expression that converts the string in src (an
// expression of type string) to the parameter's type.
func (g *gen) argValue(a *model.PromptArg, src jen.Code) (jen.Code, error) {
	t := a.Type
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if !needsConversion(t) {
		return src, nil
	}
	typ, err := g.typeCode(t)
	if err != nil {
		return nil, err
	}
	return jen.Add(typ).Call(src), nil
}

// prompt returns the s.MustAddPrompt(runtime.Prompt{...}) statement of p.
func (g *gen) prompt(p *model.Prompt, loc localNames) (jen.Code, error) {
	fields := []jen.Code{field("Name", jen.Lit(p.Name))}
	if p.Title != "" {
		fields = append(fields, field("Title", jen.Lit(p.Title)))
	}
	if p.Description != "" {
		fields = append(fields, field("Description", jen.Lit(p.Description)))
	}
	var args []jen.Code
	var pre, call []jen.Code
	if p.Context {
		call = append(call, jen.Id(loc.ctx))
	}
	var structFields []jen.Code
	for _, a := range p.Args {
		args = append(args, g.promptArg(a, loc))
		pre1, arg, sf, err := g.promptArgValue(p, a, loc)
		if err != nil {
			return nil, err
		}
		pre = append(pre, pre1...)
		if arg != nil {
			call = append(call, arg)
		}
		if sf != nil {
			structFields = append(structFields, sf)
		}
	}
	if len(args) > 0 {
		fields = append(fields, field("Arguments", jen.Index().Add(g.rt("PromptArgument")).Custom(multiLine, args...)))
	}
	var ret jen.Code
	switch p.Result {
	case model.PromptString:
		ret = g.rt("PromptText").Call(jen.Id(loc.out))
	case model.PromptMessages:
		ret = jen.Op("&").Add(g.rt("PromptResult")).Values(jen.Id("Messages").Op(":").Id(loc.out))
	case model.PromptFull:
		ret = jen.Id(loc.out)
	}
	if p.Struct != nil {
		typ := p.Struct
		if ptr, ok := typ.(*types.Pointer); ok {
			typ = ptr.Elem()
		}
		tc, err := g.typeCode(typ)
		if err != nil {
			return nil, err
		}
		pre = append([]jen.Code{jen.Id(loc.in).Op(":=").Add(tc).Custom(multiLine, structFields...)}, pre...)
		if p.StructPointer {
			call = append(call, jen.Op("&").Id(loc.in))
		} else {
			call = append(call, jen.Id(loc.in))
		}
	}
	body := append(pre, g.callAndReturn(p.GoName, call, p.ReturnsError, ret, loc)...)
	handler := jen.Func().Params(jen.Id(ctxName(p.Context, loc)).Add(g.qual(contextPath, "context", "Context")),
		jen.Id(argsName(len(p.Args) > 0, loc)).Map(jen.String()).String()).
		Params(jen.Op("*").Add(g.rt("PromptResult")), jen.Error()).Block(body...)
	fields = append(fields, field("Handler", handler))
	if len(p.Scopes) > 0 {
		fields = append(fields, field("Scopes", scopesLit(p.Scopes)))
	}
	fields = append(fields, g.iconsAndMeta(p.Icons, p.Meta)...)
	return jen.Id(loc.server).Dot("MustAddPrompt").Call(g.rt("Prompt").Custom(multiLine, fields...)), nil
}

// promptArg returns the runtime.PromptArgument literal of a (without its
// type).
func (g *gen) promptArg(a *model.PromptArg, loc localNames) jen.Code {
	af := []jen.Code{field("Name", jen.Lit(a.Name))}
	if a.Description != "" {
		af = append(af, field("Description", jen.Lit(a.Description)))
	}
	if !a.Optional {
		af = append(af, field("Required", jen.True()))
	}
	if len(a.Enum) > 0 {
		af = append(af, field("Enum", enumValues(a.Enum)))
	}
	if comp := g.complete(a, loc); comp != nil {
		af = append(af, field("Complete", comp))
	}
	return jen.Values(af...)
}

// promptArgValue returns how the handler of prompt p reads the argument
// a: statements before the call (pre), and either the call's argument or
// the field of the struct parameter's literal.
func (g *gen) promptArgValue(p *model.Prompt, a *model.PromptArg, loc localNames) (pre []jen.Code, arg, structField jen.Code, err error) {
	get := jen.Id(loc.args).Index(jen.Lit(a.Name))
	if p.Struct != nil {
		conv, err := g.argValue(a, get)
		if err != nil {
			return nil, nil, nil, err
		}
		if !a.Optional {
			return nil, nil, jen.Id(a.GoName).Op(":").Add(conv), nil
		}
		set := []jen.Code{jen.Id(loc.in).Dot(a.GoName).Op("=").Op("&").Id("v")}
		if needsConversion(a.Type.(*types.Pointer).Elem()) {
			c, err := g.argValue(a, jen.Id("v"))
			if err != nil {
				return nil, nil, nil, err
			}
			set = []jen.Code{jen.Id("x").Op(":=").Add(c), jen.Id(loc.in).Dot(a.GoName).Op("=").Op("&").Id("x")}
		}
		return []jen.Code{jen.If(jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Add(get), jen.Id("ok")).Block(set...)}, nil, nil, nil
	}
	if a.Optional {
		// An absent optional argument is nil.
		v := jen.Id(a.GoName + "Arg")
		elem, err := g.typeCode(a.Type.(*types.Pointer).Elem())
		if err != nil {
			return nil, nil, nil, err
		}
		conv, err := g.argValue(a, jen.Id("v"))
		if err != nil {
			return nil, nil, nil, err
		}
		set := []jen.Code{jen.Add(v).Op("=").Op("&").Id("v")}
		if needsConversion(a.Type.(*types.Pointer).Elem()) {
			set = []jen.Code{jen.Id("x").Op(":=").Add(conv), jen.Add(v).Op("=").Op("&").Id("x")}
		}
		return []jen.Code{jen.Var().Add(v).Op("*").Add(elem),
			jen.If(jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Add(jen.Id(loc.args).Index(jen.Lit(a.Name))), jen.Id("ok")).Block(set...)}, jen.Id(a.GoName + "Arg"), nil, nil
	}
	conv, err := g.argValue(a, get)
	if err != nil {
		return nil, nil, nil, err
	}
	return nil, conv, nil, nil
}

// resource returns the s.MustAddResource(runtime.Resource{...}) or
// s.MustAddResourceTemplate(runtime.ResourceTemplate{...}) statement of r.
func (g *gen) resource(r *model.Resource, loc localNames) (jen.Code, error) {
	uriField := "URI"
	if r.Template {
		uriField = "URITemplate"
	}
	fields := []jen.Code{field(uriField, jen.Lit(r.URI)), field("Name", jen.Lit(r.Name))}
	if r.Title != "" {
		fields = append(fields, field("Title", jen.Lit(r.Title)))
	}
	if r.Description != "" {
		fields = append(fields, field("Description", jen.Lit(r.Description)))
	}
	if r.MIMEType != "" {
		fields = append(fields, field("MIMEType", jen.Lit(r.MIMEType)))
	}
	var call, completers, enums []jen.Code
	if r.Context {
		call = append(call, jen.Id(loc.ctx))
	}
	for _, v := range r.Vars {
		conv, err := g.argValue(v, jen.Id(loc.in).Dot("Vars").Index(jen.Lit(v.Name)))
		if err != nil {
			return nil, err
		}
		call = append(call, conv)
		if len(v.Enum) > 0 {
			enums = append(enums, jen.Lit(v.Name).Op(":").Add(enumValues(v.Enum)))
		}
		if comp := g.complete(v, loc); comp != nil {
			completers = append(completers, jen.Lit(v.Name).Op(":").Add(comp))
		}
	}
	if len(enums) > 0 {
		fields = append(fields, field("Enums", jen.Map(jen.String()).Index().String().Custom(multiLine, enums...)))
	}
	if len(completers) > 0 {
		fields = append(fields, field("Complete", jen.Map(jen.String()).Add(g.rt("Completer")).Custom(multiLine, completers...)))
	}
	out := jen.Id(loc.out)
	if r.Var {
		out = jen.Id(r.GoName)
	}
	if r.App && isBytesType(r) {
		out = jen.String().Call(out) // the view's HTML, sent as text
	}
	var ret jen.Code
	switch r.Result {
	case model.ResourceText:
		ret = g.rt("TextResource").Call(out)
	case model.ResourceBlob:
		ret = g.rt("BlobResource").Call(out)
	case model.ResourceContents:
		ret = out
	}
	in := "_"
	if len(r.Vars) > 0 {
		in = loc.in
	}
	body := []jen.Code{jen.Return(ret, jen.Nil())}
	if !r.Var {
		body = g.callAndReturn(r.GoName, call, r.ReturnsError, ret, loc)
	}
	handler := jen.Func().Params(jen.Id(ctxName(r.Context, loc)).Add(g.qual(contextPath, "context", "Context")),
		jen.Id(in).Add(g.rt("ResourceRequest"))).
		Params(jen.Index().Add(g.rt("ResourceContents")), jen.Error()).
		Block(body...)
	fields = append(fields, field("Handler", handler))
	if len(r.Scopes) > 0 {
		fields = append(fields, field("Scopes", scopesLit(r.Scopes)))
	}
	fields = append(fields, g.iconsAndMeta(r.Icons, r.Meta)...)
	method, typ := "MustAddResource", "Resource"
	if r.Template {
		method, typ = "MustAddResourceTemplate", "ResourceTemplate"
	}
	return jen.Id(loc.server).Dot(method).Call(g.rt(typ).Custom(multiLine, fields...)), nil
}

// isBytesType reports whether the resource's Go value (its variable, or
// its function's result) is a []byte.
func isBytesType(r *model.Resource) bool {
	t := r.VarType
	if !r.Var && r.Func != nil {
		if res := r.Func.Type().(*types.Signature).Results(); res.Len() > 0 {
			t = res.At(0).Type()
		}
	}
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// callAndReturn calls the user's function and returns ret (built from
// loc.out), or its error.
func (g *gen) callAndReturn(goName string, call []jen.Code, returnsError bool, ret jen.Code, loc localNames) []jen.Code {
	if returnsError {
		return []jen.Code{
			jen.List(jen.Id(loc.out), jen.Id(loc.err)).Op(":=").Id(goName).Call(call...),
			jen.If(jen.Id(loc.err).Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Id(loc.err))),
			jen.Return(ret, jen.Nil()),
		}
	}
	return []jen.Code{
		jen.Id(loc.out).Op(":=").Id(goName).Call(call...),
		jen.Return(ret, jen.Nil()),
	}
}

func ctxName(used bool, loc localNames) string {
	if used {
		return loc.ctx
	}
	return "_"
}

func argsName(used bool, loc localNames) string {
	if used {
		return loc.args
	}
	return "_"
}

// needsConversion reports whether t is a named type whose values must be converted
// from string (false for string itself).
func needsConversion(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return !ok || b.Kind() != types.String
}

// registerSkills returns the RegisterSkills function and the embedded
// file system of its files, named fsName.
func (g *gen) registerSkills(loc localNames, fsName string) []jen.Code {
	set := g.pkg.Skills
	skills := make([]jen.Code, len(set.Skills))
	for i, sk := range set.Skills {
		files := make([]jen.Code, len(sk.Files))
		for j, f := range sk.Files {
			fields := []jen.Code{
				field("URI", jen.Lit(f.URI)), field("Path", jen.Lit(f.Path)), field("MIMEType", jen.Lit(f.MIMEType)),
				field("Size", jen.Lit(int(f.Size))), field("Digest", jen.Lit(f.Digest)),
			}
			if f.Binary {
				fields = append(fields, field("Binary", jen.True()))
			}
			files[j] = jen.Line().Values(fields...)
		}
		fm := jen.Lit(sk.Frontmatter)
		if canRaw(sk.Frontmatter) {
			fm = jen.Op("`" + sk.Frontmatter + "`")
		}
		files = append(files, jen.Line())
		fields := []jen.Code{
			jen.Line().Add(field("URI", jen.Lit(sk.URI))),
			jen.Line().Add(field("Name", jen.Lit(sk.Name))),
			jen.Line().Add(field("Description", jen.Lit(sk.Description))),
			jen.Line().Add(field("Frontmatter", fm)),
			jen.Line().Add(field("Files", jen.Index().Add(g.rt("SkillFile")).Values(files...))),
		}
		if len(sk.Scopes) > 0 {
			fields = append(fields, jen.Line().Add(field("Scopes", scopesLit(sk.Scopes))))
		}
		skills[i] = jen.Line().Add(g.rt("Skill")).Values(append(fields, jen.Line())...)
	}
	args := append([]jen.Code{jen.Id(fsName)}, skills...)
	doc := fmt.Sprintf("%s registers on %s the skills of //mcp:skills dir=%s (the skills extension,", model.RegisterSkillsFunc, loc.server, strings.Join(set.Dirs, " and dir="))
	fn := jen.Comment(doc).Line().
		Comment("SEP-2640). The sizes and digests are those of the files when mcpgen ran:").Line().
		Comment("regenerate after changing one (mcpgen -check fails until then).").Line().
		Func().Id(model.RegisterSkillsFunc).
		Params(jen.Id(loc.server).Op("*").Add(g.rt("Server"))).
		Block(jen.Id(loc.server).Dot("MustAddSkills").Call(append(args, jen.Line())...))
	embed := jen.Comment(fmt.Sprintf("%s holds the files of the skills.", fsName)).Line().
		Comment("//").Line().
		Comment("//go:embed " + strings.Join(set.Dirs, " ")).Line().
		Var().Id(fsName).Add(g.qual("embed", "embed", "FS"))
	return []jen.Code{fn, embed}
}
