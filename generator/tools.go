package generator

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/mcpgen/mcpgen/model"
)

// signature returns the declared signature of t.
func signature(t *model.Tool) (*types.Signature, error) {
	if t.Func == nil {
		return nil, fmt.Errorf("generator: tool %s: no function in the model", t.Name)
	}
	sig, ok := t.Func.Type().(*types.Signature)
	if !ok {
		return nil, fmt.Errorf("generator: tool %s: %s is not a function", t.Name, t.Func)
	}
	if sig.TypeParams().Len() > 0 && len(t.TypeArgs) > 0 {
		inst, err := types.Instantiate(nil, sig, t.TypeArgs, true)
		if err != nil {
			return nil, fmt.Errorf("generator: tool %s: %w", t.Name, err)
		}
		sig = inst.(*types.Signature)
	}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil, fmt.Errorf("generator: tool %s: a generic function without type arguments cannot be a tool", t.Name)
	}
	return sig, nil
}

// funcRef returns the name of t's package-level function, with its type
// arguments for an instantiation of a generic function (Max[int]).
func (g *gen) funcRef(t *model.Tool) (*jen.Statement, error) {
	fn := jen.Id(t.GoName)
	if p := t.Func.Pkg(); p != nil && p.Path() != g.pkg.PkgPath {
		fn = g.qual(p.Path(), p.Name(), t.GoName) // a function of another package
	}
	if len(t.TypeArgs) == 0 {
		return fn, nil
	}
	args := make([]jen.Code, len(t.TypeArgs))
	for i, a := range t.TypeArgs {
		c, err := g.typeCode(a)
		if err != nil {
			return nil, fmt.Errorf("generator: tool %s: type argument: %w", t.Name, err)
		}
		args[i] = c
	}
	return fn.Index(jen.List(args...)), nil
}

// guard returns the compile-time guard of a tool: the function, as a
// method expression for a method, assigned to the blank identifier
// declared with the function type the handler was generated for.
//
//	_ func(*Store, context.Context, SearchInput) ([]Note, error) = (*Store).SearchNotes
func (g *gen) guard(t *model.Tool) (jen.Code, error) {
	sig, err := signature(t)
	if err != nil {
		return nil, err
	}
	var recv, fn *jen.Statement
	if t.Receiver != nil {
		if sig.Recv() == nil {
			return nil, fmt.Errorf("generator: tool %s: %s has no receiver", t.Name, t.Func)
		}
		recv, err = g.typeCode(sig.Recv().Type())
		if err != nil {
			return nil, fmt.Errorf("generator: tool %s: receiver: %w", t.Name, err)
		}
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			// (*T).M: a method value on a nil *T would panic at init.
			fn = jen.Parens(recv).Dot(t.GoName)
		} else {
			fn = jen.Add(recv).Dot(t.GoName)
		}
	} else if fn, err = g.funcRef(t); err != nil {
		return nil, err
	}
	var recvParam jen.Code
	if recv != nil {
		recvParam = recv
	}
	typ, err := g.signature(jen.Func(), recvParam, sig)
	if err != nil {
		return nil, fmt.Errorf("generator: tool %s: %w", t.Name, err)
	}
	return jen.Id("_").Add(typ).Op("=").Add(fn), nil
}

// register returns the RegisterTools or Register<T>Tools function of gr.
func (g *gen) register(gr *group, names map[*model.Tool]toolNames, loc localNames) (jen.Code, error) {
	params := []jen.Code{jen.Id(loc.server).Op("*").Add(g.rt("Server"))}
	var doc string
	if gr.recv != nil {
		recvType, err := g.recvType(gr)
		if err != nil {
			return nil, err
		}
		params = append(params, jen.Id(loc.recv).Op("*").Add(recvType))
		typeName := gr.recv.TypeName
		if n := gr.recv.Named; n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != g.pkg.PkgPath {
			typeName = n.Obj().Pkg().Name() + "." + typeName // another package's type
		}
		doc = fmt.Sprintf("%s registers on %s the tools declared as methods of %s, to be called on %s.", gr.funcName, loc.server, typeName, loc.recv)
	} else {
		doc = fmt.Sprintf("%s registers on %s the tools declared as package-level functions.", gr.funcName, loc.server)
		own, others := false, []string{}
		for _, t := range gr.tools {
			if p := t.Func.Pkg(); p != nil && p.Path() != g.pkg.PkgPath {
				if !slices.Contains(others, p.Path()) {
					others = append(others, p.Path())
				}
			} else {
				own = true
			}
		}
		if len(others) > 0 {
			// Functions of other packages (//mcp:tools IMPORTPATH).
			of := "of " + strings.Join(others, ", ")
			if own {
				of = "of this package and of " + strings.Join(others, ", ")
			}
			doc = fmt.Sprintf("%s registers on %s the tools declared as package-level functions %s.", gr.funcName, loc.server, of)
		}
	}
	body := make([]jen.Code, 0, len(gr.tools))
	// The toolsets of its tools, declared before them (a toolset declared
	// by several register functions is declared the same each time).
	for _, ts := range g.pkg.Toolsets {
		if !slices.ContainsFunc(gr.tools, func(t *model.Tool) bool { return t.Toolset == ts.Name }) {
			continue
		}
		fields := []jen.Code{jen.Id("Name").Op(":").Lit(ts.Name), jen.Id("Description").Op(":").Lit(ts.Description)}
		if ts.Default {
			fields = append(fields, jen.Id("Default").Op(":").True())
		}
		body = append(body, jen.Id(loc.server).Dot("MustAddToolset").Call(g.rt("Toolset").Values(fields...)))
	}
	for _, t := range gr.tools {
		stmt, err := g.tool(t, names[t], loc)
		if err != nil {
			return nil, fmt.Errorf("generator: tool %s: %w", t.Name, err)
		}
		body = append(body, stmt)
	}
	return jen.Comment(doc).Line().Func().Id(gr.funcName).Params(params...).Block(body...), nil
}

// recvType returns the receiver type of gr's methods, nil for functions.
func (g *gen) recvType(gr *group) (jen.Code, error) {
	if gr.recv == nil {
		return nil, nil
	}
	if gr.recv.Named == nil {
		return jen.Id(gr.recv.TypeName), nil
	}
	c, err := g.typeCode(gr.recv.Named)
	if err != nil {
		return nil, fmt.Errorf("generator: receiver %s: %w", gr.recv.TypeName, err)
	}
	return c, nil
}

// multiLine is a composite literal's braces with one element per line.
var multiLine = jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}

// tool returns the s.MustAddTool(runtime.Tool{...}) statement of t, its
// fields in the order of runtime.Tool.
func (g *gen) tool(t *model.Tool, n toolNames, loc localNames) (jen.Code, error) {
	field := func(key string, value jen.Code) jen.Code { return jen.Id(key).Op(":").Add(value) }
	fields := []jen.Code{field("Name", jen.Lit(t.Name))}
	if t.Title != "" {
		fields = append(fields, field("Title", jen.Lit(t.Title)))
	}
	if t.Description != "" {
		fields = append(fields, field("Description", jen.Lit(t.Description)))
	}
	fields = append(fields, field("InputSchema", jen.Id(n.input)))
	if n.validate != "" {
		fields = append(fields, field("ValidateSchema", jen.Id(n.validate)))
	}
	if n.output != "" {
		fields = append(fields, field("OutputSchema", jen.Id(n.output)))
	}
	if ann := g.annotations(t); ann != nil {
		fields = append(fields, field("Annotations", ann))
	}
	handler := jen.Id(n.handler)
	if t.Receiver != nil {
		handler = handler.Call(jen.Id(loc.recv))
	}
	fields = append(fields, field("Handler", handler))
	if len(t.Scopes) > 0 {
		fields = append(fields, field("Scopes", scopesLit(t.Scopes)))
	}
	fields = append(fields, g.iconsAndMeta(t.Icons, t.Meta)...)
	switch t.TaskSupport {
	case "optional":
		fields = append(fields, field("TaskSupport", g.rt("TaskOptional")))
	case "required":
		fields = append(fields, field("TaskSupport", g.rt("TaskRequired")))
	}
	if t.Toolset != "" {
		fields = append(fields, field("Toolset", jen.Lit(t.Toolset)))
	}
	return jen.Id(loc.server).Dot("MustAddTool").Call(g.rt("Tool").Custom(multiLine, fields...)), nil
}

// iconLits returns the runtime.Icon literals of icons, without their type.
func iconLits(icons []model.Icon) []jen.Code {
	var lits []jen.Code
	for _, ic := range icons {
		f := []jen.Code{field("Src", jen.Lit(ic.Src))}
		if ic.MIMEType != "" {
			f = append(f, field("MIMEType", jen.Lit(ic.MIMEType)))
		}
		if len(ic.Sizes) > 0 {
			f = append(f, field("Sizes", scopesLit(ic.Sizes)))
		}
		if ic.Theme != "" {
			f = append(f, field("Theme", jen.Lit(ic.Theme)))
		}
		lits = append(lits, jen.Values(f...))
	}
	return lits
}

// newServer returns the function NewServer of a package with
// //mcp:server: the server made with the identity the directive states,
// so that main states it nowhere else.
func (g *gen) newServer() jen.Code {
	s := g.pkg.Server
	var opts []jen.Code
	if s.Title != "" {
		opts = append(opts, g.rt("WithTitle").Call(jen.Lit(s.Title)))
	}
	if s.Description != "" {
		opts = append(opts, g.rt("WithDescription").Call(jen.Lit(s.Description)))
	}
	if s.Website != "" {
		opts = append(opts, g.rt("WithWebsiteURL").Call(jen.Lit(s.Website)))
	}
	if len(s.Icons) > 0 {
		var icons []jen.Code
		for _, lit := range iconLits(s.Icons) {
			icons = append(icons, jen.Add(g.rt("Icon")).Add(lit))
		}
		opts = append(opts, g.rt("WithIcons").Custom(jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}, icons...))
	}
	all := jen.Id("opts").Op("...")
	if len(opts) > 0 {
		all = jen.Append(jen.Index().Add(g.rt("Option")).Custom(multiLine, opts...), jen.Id("opts").Op("...")).Op("...")
	}
	return jen.Comment(model.NewServerFunc + " returns a server with the identity that //mcp:server states:").Line().
		Comment("its name in the MCP registry (which a server card takes too), version,").Line().
		Comment("title, description, website and icons; opts follow.").Line().Func().Id(model.NewServerFunc).Params(jen.Id("opts").Op("...").Add(g.rt("Option"))).Op("*").Add(g.rt("Server")).Block(
		jen.Return(g.rt("NewServer").Call(jen.Lit(s.Name), jen.Lit(s.Version), all)))
}

// iconsAndMeta returns the Icons and Meta fields of a tool, prompt or
// resource, each when set.
func (g *gen) iconsAndMeta(icons []model.Icon, meta string) []jen.Code {
	var fields []jen.Code
	if len(icons) > 0 {
		fields = append(fields, field("Icons", jen.Index().Add(g.rt("Icon")).Custom(multiLine, iconLits(icons)...)))
	}
	if meta != "" {
		lit := jen.Lit(meta)
		if canRaw(meta) {
			lit = jen.Op("`" + meta + "`") // reads as the JSON it is
		}
		fields = append(fields, field("Meta", lit))
	}
	return fields
}

// scopesLit is the []string{...} literal of the scopes of a tool, prompt or
// resource.
func scopesLit(scopes []string) jen.Code {
	lits := make([]jen.Code, len(scopes))
	for i, sc := range scopes {
		lits[i] = jen.Lit(sc)
	}
	return jen.Index().String().Values(lits...)
}

// annotations returns the &runtime.ToolAnnotations{...} literal of t, or
// nil when t states no title and no hint.
func (g *gen) annotations(t *model.Tool) jen.Code {
	var fields []jen.Code
	if t.Title != "" {
		fields = append(fields, jen.Id("Title").Op(":").Lit(t.Title))
	}
	for _, h := range []struct {
		field string
		value *bool
	}{
		{"ReadOnlyHint", t.Hints.ReadOnly},
		{"DestructiveHint", t.Hints.Destructive},
		{"IdempotentHint", t.Hints.Idempotent},
		{"OpenWorldHint", t.Hints.OpenWorld},
	} {
		if h.value != nil {
			fields = append(fields, jen.Id(h.field).Op(":").Add(g.rt("Bool")).Call(jen.Lit(*h.value)))
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return jen.Op("&").Add(g.rt("ToolAnnotations")).Values(fields...)
}

// handler returns the handler function of t, named name: decode the
// arguments, call the function, turn its results into a *runtime.Result.
// The handler is a top-level function rather than a function literal in
// the tool's struct literal: go/printer measures every element of a
// composite literal by printing it, so a literal nested there is printed
// several times, and formatting a 500-tool file took twice as long. A
// package-level function's handler is a runtime.Handler itself; a method's
// is returned by a function of the receiver (recvType), recv.
func (g *gen) handler(t *model.Tool, name string, recvType jen.Code, loc localNames) (jen.Code, error) {
	if t.Struct != nil && len(t.Params) > 0 {
		return nil, fmt.Errorf("both a struct parameter and plain parameters in the model")
	}

	body, callArgs, param, err := g.decodeArgs(t, loc)
	if err != nil {
		return nil, err
	}
	decodes := t.Struct != nil || len(t.Params) > 0

	call, err := g.funcRef(t)
	if err != nil {
		return nil, err
	}
	if t.Receiver != nil {
		call = jen.Id(loc.recv).Dot(t.GoName)
	}
	call = call.Call(callArgs...)
	if t.ResultParam != "" && param == nil {
		return nil, fmt.Errorf("result=%s names no parameter in the model", t.ResultParam)
	}
	results, err := g.results(t, call, param, loc)
	if err != nil {
		return nil, err
	}
	body = append(body, results...)

	ctxName, argsName := "_", "_"
	if t.Context || t.Result == model.ResultStream || slices.ContainsFunc(t.Results, func(r *model.ResultMember) bool { return r.Stream }) {
		ctxName = loc.ctx
	}
	if decodes {
		argsName = loc.args
	}
	params := []jen.Code{
		jen.Id(ctxName).Add(g.qual(contextPath, "context", "Context")),
		jen.Id(argsName).Add(g.qual(jsonPath, "json", "RawMessage")),
	}
	resultTypes := []jen.Code{jen.Op("*").Add(g.rt("Result")), jen.Error()}
	if t.Receiver == nil {
		// "which calls F" records the function of each tool, which the
		// command reads back from the file to say what a later run
		// renamed or removed.
		calls := t.GoName
		if len(t.TypeArgs) > 0 {
			args := make([]string, len(t.TypeArgs))
			for i, a := range t.TypeArgs {
				args[i] = types.TypeString(a, types.RelativeTo(t.Func.Pkg()))
			}
			calls += "[" + strings.Join(args, ", ") + "]"
		}
		doc := fmt.Sprintf("%s is the handler of the tool %s, which calls %s.", name, t.Name, calls)
		return jen.Comment(doc).Line().Func().Id(name).Params(params...).Params(resultTypes...).Block(body...), nil
	}
	if recvType == nil {
		return nil, fmt.Errorf("method %s without a receiver type", t.GoName)
	}
	doc := fmt.Sprintf("%s returns the handler of the tool %s, which calls %s.%s.", name, t.Name, loc.recv, t.GoName)
	return jen.Comment(doc).Line().Func().Id(name).Params(jen.Id(loc.recv).Op("*").Add(recvType)).Add(g.rt("Handler")).Block(
		jen.Return(jen.Func().Params(params...).Params(resultTypes...).Block(body...)),
	), nil
}

// decodeArgs returns the statements of a handler that decode its
// arguments (into a variable of the struct parameter's type, or of a
// struct of one field per plain parameter), the arguments of the call,
// and the one the option result= sends back (nil without it).
func (g *gen) decodeArgs(t *model.Tool, loc localNames) (body, callArgs []jen.Code, param jen.Code, err error) {
	if t.Context {
		callArgs = append(callArgs, jen.Id(loc.ctx))
	}
	decodes := t.Struct != nil || len(t.Params) > 0
	switch {
	case t.Struct != nil:
		typ := t.Struct.Type
		if t.Struct.Pointer {
			ptr, ok := typ.(*types.Pointer)
			if !ok {
				return nil, nil, nil, fmt.Errorf("struct parameter %s is not a pointer", typ)
			}
			typ = ptr.Elem()
		}
		code, err := g.typeCode(typ)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("struct parameter: %w", err)
		}
		body = append(body, jen.Var().Id(loc.in).Add(code))
		arg := jen.Id(loc.in)
		if t.Struct.Pointer {
			arg = jen.Op("&").Id(loc.in)
		}
		callArgs = append(callArgs, arg)
		if t.ResultParam != "" && t.ResultParam == t.Struct.Name {
			param = arg.Clone()
		}
	case len(t.Params) > 0:
		// One field per parameter, tagged with the argument's name.
		used := map[string]bool{}
		fields := make([]jen.Code, 0, len(t.Params))
		for i, p := range t.Params {
			if p.Name == "" || p.Name == "_" {
				return nil, nil, nil, fmt.Errorf("parameter %d has no name", i+1)
			}
			code, err := g.typeCode(p.Type)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("parameter %s: %w", p.Name, err)
			}
			tag := p.Name
			if p.Optional {
				tag += ",omitempty"
			}
			name := fieldName(p.Name, used)
			fields = append(fields, jen.Id(name).Add(code).Tag(map[string]string{"json": tag}))
			arg := jen.Id(loc.in).Dot(name)
			if t.ResultParam != "" && t.ResultParam == p.Name {
				param = arg.Clone()
			}
			if p.Variadic {
				arg = arg.Op("...")
			}
			callArgs = append(callArgs, arg)
		}
		body = append(body, jen.Var().Id(loc.in).Struct(fields...))
	}
	if decodes {
		decode := "Decode"
		if t.Float64Numbers {
			decode = "DecodeFloat64"
		}
		body = append(body, jen.If(
			jen.Id(loc.err).Op(":=").Add(g.rt(decode)).Call(jen.Id(loc.args), jen.Op("&").Id(loc.in)),
			jen.Id(loc.err).Op("!=").Nil(),
		).Block(jen.Return(jen.Nil(), jen.Id(loc.err))))
	}

	return body, callArgs, param, nil
}

// results returns the statements that call the function and return its
// results as a *runtime.Result; param, for the option result=, is the
// argument sent back as the result after the call.
func (g *gen) results(t *model.Tool, call *jen.Statement, param jen.Code, loc localNames) ([]jen.Code, error) {
	errReturn := func() jen.Code { return jen.Return(jen.Nil(), jen.Id(loc.err)) }
	if t.Result == model.ResultNone || param != nil {
		var first jen.Code = call
		blanks := omittedTargets(t, nil)
		switch {
		case t.ReturnsError:
			first = jen.If(jen.List(append(blanks, jen.Id(loc.err))...).Op(":=").Add(call), jen.Id(loc.err).Op("!=").Nil()).Block(errReturn())
		case len(blanks) > 0:
			first = jen.List(blanks...).Op("=").Add(call)
		}
		if param == nil {
			// Success says so in words: empty content reads as no answer.
			return []jen.Code{first, jen.Return(g.rt("DoneResult").Call(), jen.Nil())}, nil
		}
		shaped, err := g.shape(t, jen.Id(loc.out), loc)
		if err != nil {
			return nil, err
		}
		return append([]jen.Code{first, jen.Id(loc.out).Op(":=").Add(param)}, shaped...), nil
	}
	if t.Result == model.ResultObject {
		return g.objectResult(t, call, loc)
	}
	if t.ResultType == nil {
		return nil, fmt.Errorf("no result type in the model")
	}
	if t.Result == model.ResultStream {
		// The stream is read, bounded, and closed, the function's error
		// or not: runtime.StreamResult takes both.
		lhs := omittedTargets(t, []jen.Code{jen.Id(loc.out)})
		errArg := jen.Nil()
		if t.ReturnsError {
			lhs = append(lhs, jen.Id(loc.err))
			errArg = jen.Id(loc.err)
		}
		return []jen.Code{
			jen.List(lhs...).Op(":=").Add(call),
			jen.Return(g.rt("StreamResult").Call(jen.Id(loc.ctx), jen.Id(loc.out), errArg)),
		}, nil
	}
	if t.Result == model.ResultRaw && isRuntimeResultPtr(t.ResultType) {
		// The function already returns what a handler returns.
		if t.ReturnsError {
			return []jen.Code{jen.Return(call)}, nil
		}
		return []jen.Code{jen.Return(call, jen.Nil())}, nil
	}
	out := jen.Id(loc.out)
	var stmts []jen.Code
	lhs := omittedTargets(t, []jen.Code{jen.Id(loc.out)})
	if t.ReturnsError {
		stmts = append(stmts,
			jen.List(append(lhs, jen.Id(loc.err))...).Op(":=").Add(call),
			jen.If(jen.Id(loc.err).Op("!=").Nil()).Block(errReturn()))
	} else {
		stmts = append(stmts, jen.List(lhs...).Op(":=").Add(call))
	}
	shaped, err := g.shape(t, out, loc)
	if err != nil {
		return nil, err
	}
	return append(stmts, shaped...), nil
}

// shape returns the statements that turn out, the value of t's result,
// into the *runtime.Result the handler returns.
func (g *gen) shape(t *model.Tool, out *jen.Statement, loc localNames) ([]jen.Code, error) {
	var stmts []jen.Code
	if (t.Result == model.ResultStructured || t.Result == model.ResultWrapped) && g.viewed(t.ResultType) {
		// Sent through the package's views.
		typ, err := g.viewType(t.ResultType)
		if err != nil {
			return nil, err
		}
		src := out
		conv, err := g.convert(func() *jen.Statement { return jen.Id(loc.view) }, func() *jen.Statement { return src.Clone() }, t.ResultType, 1)
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, jen.Var().Id(loc.view).Add(typ))
		stmts = append(stmts, conv...)
		out = jen.Id(loc.view)
	}
	switch t.Result {
	case model.ResultText:
		text := out
		if !types.Identical(t.ResultType, types.Typ[types.String]) {
			text = jen.String().Call(out)
		}
		stmts = append(stmts, jen.Return(g.rt("TextResult").Call(text), jen.Nil()))
	case model.ResultStructured:
		if p, ok := types.Unalias(t.ResultType).(*types.Pointer); ok {
			// A pointer to an object is sent as the object; nil cannot
			// satisfy its output schema, and says so to the model.
			what := "result"
			if n, ok := types.Unalias(p.Elem()).(*types.Named); ok {
				what = n.Obj().Name()
			}
			stmts = append(stmts, jen.If(jen.Id(loc.out).Op("==").Nil()).Block(
				jen.Return(g.rt("ErrorResult").Call(jen.Lit(t.Name+" returned no "+what)), jen.Nil())))
		}
		stmts = append(stmts, jen.Return(g.rt("StructuredResult").Call(out)))
	case model.ResultWrapped:
		if isErrorSlice(t.ResultType) {
			out = g.rt("ErrorTexts").Call(out) // sent as the errors' texts
		}
		stmts = append(stmts, jen.Return(g.rt("WrappedResult").Call(out)))
	case model.ResultRaw:
		res, err := g.rawResult(t.ResultType, out)
		if err != nil {
			return nil, err
		}
		if _, ptr := types.Unalias(t.ResultType).(*types.Pointer); ptr {
			// A nil content pointer is no content, as a nil *Result is.
			stmts = append(stmts, jen.If(jen.Id(loc.out).Op("==").Nil()).Block(jen.Return(g.rt("EmptyResult").Call(), jen.Nil())))
		}
		stmts = append(stmts, jen.Return(res, jen.Nil()))
	default:
		return nil, fmt.Errorf("unknown result kind %d", t.Result)
	}
	return stmts, nil
}

// objectResult returns the statements that call a function with several
// results, assign them to the fields of one struct, each tagged with its
// member name, and return that struct as the structured result.
func (g *gen) objectResult(t *model.Tool, call *jen.Statement, loc localNames) ([]jen.Code, error) {
	used := map[string]bool{}
	fields := make([]jen.Code, 0, len(t.Results))
	var targets, extras, conversions, streams []jen.Code
	for _, r := range t.Results {
		code, err := g.typeCode(r.Type)
		if err != nil {
			return nil, fmt.Errorf("result %s: %w", r.Name, err)
		}
		if isErrorSlice(r.Type) {
			code = g.rt("ErrorTexts") // sent as the errors' texts
		}
		name := fieldName(r.Name, used)
		viewed := !isErrorSlice(r.Type) && g.viewed(r.Type)
		if viewed {
			// Sent through the package's views: the result goes to a
			// field of extra, and the member is its view.
			if code, err = g.viewType(r.Type); err != nil {
				return nil, fmt.Errorf("result %s: %w", r.Name, err)
			}
		}
		tag := r.Name
		if r.Stream {
			tag = "-" // read into the content (runtime.StreamsResult)
			streams = append(streams, jen.Id(loc.out).Dot(name))
		}
		fields = append(fields, jen.Id(name).Add(code).Tag(map[string]string{"json": tag}))
		if r.Via == nil && !viewed {
			targets = append(targets, jen.Id(loc.out).Dot(name))
			continue
		}
		if r.Via == nil {
			orig, err := g.typeCode(r.Type)
			if err != nil {
				return nil, fmt.Errorf("result %s: %w", r.Name, err)
			}
			raw := fmt.Sprintf("r%d", len(extras)+1)
			if len(t.Omitted) > 0 || slices.ContainsFunc(t.Results, func(o *model.ResultMember) bool { return o.Via != nil }) {
				raw = fmt.Sprintf("r%d", r.Index+1)
			}
			extras = append(extras, jen.Id(raw).Add(orig))
			targets = append(targets, jen.Id(loc.extra).Dot(raw))
			conv, err := g.convert(func() *jen.Statement { return jen.Id(loc.out).Dot(name) }, func() *jen.Statement { return jen.Id(loc.extra).Dot(raw) }, r.Type, 1)
			if err != nil {
				return nil, fmt.Errorf("result %s: %w", r.Name, err)
			}
			conversions = append(conversions, conv...)
			continue
		}
		// The function's result goes to a field of extra first, and the
		// member is what the //mcp:result function makes of it.
		param, err := g.typeCode(r.Via.Signature().Params().At(0).Type())
		if err != nil {
			return nil, fmt.Errorf("result %s: %w", r.Name, err)
		}
		raw := fmt.Sprintf("r%d", r.Index+1)
		extras = append(extras, jen.Id(raw).Add(param))
		targets = append(targets, jen.Id(loc.extra).Dot(raw))
		if !viewed {
			conversions = append(conversions, jen.Id(loc.out).Dot(name).Op("=").Id(r.Via.Name()).Call(jen.Id(loc.extra).Dot(raw)))
			continue
		}
		// FUNC's value, through the views.
		v := g.viewLocal("via")
		conv, err := g.convert(func() *jen.Statement { return jen.Id(loc.out).Dot(name) }, func() *jen.Statement { return jen.Id(v) }, r.Type, 1)
		if err != nil {
			return nil, fmt.Errorf("result %s: %w", r.Name, err)
		}
		conversions = append(conversions, jen.Block(append([]jen.Code{jen.Id(v).Op(":=").Id(r.Via.Name()).Call(jen.Id(loc.extra).Dot(raw))}, conv...)...))
	}
	targets = omittedTargets(t, targets)
	stmts := []jen.Code{jen.Var().Id(loc.out).Struct(fields...)}
	if len(extras) > 0 {
		stmts = append(stmts, jen.Var().Id(loc.extra).Struct(extras...))
	}
	if t.ReturnsError {
		stmts = append(stmts, jen.Var().Id(loc.err).Error())
		targets = append(targets, jen.Id(loc.err))
	}
	stmts = append(stmts, jen.List(targets...).Op("=").Add(call))
	if len(streams) > 0 {
		// The streams are read into the content and closed, the
		// function's error or not.
		if t.ReturnsError {
			stmts = append(stmts, jen.If(jen.Id(loc.err).Op("!=").Nil()).Block(
				jen.Return(g.rt("StreamsResult").Call(append([]jen.Code{jen.Id(loc.ctx), jen.Nil(), jen.Id(loc.err)}, streams...)...))))
		}
		stmts = append(stmts, conversions...)
		return append(stmts, jen.Return(g.rt("StreamsResult").Call(append([]jen.Code{jen.Id(loc.ctx), jen.Id(loc.out), jen.Nil()}, streams...)...))), nil
	}
	if t.ReturnsError {
		stmts = append(stmts, jen.If(jen.Id(loc.err).Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Id(loc.err))))
	}
	stmts = append(stmts, conversions...)
	return append(stmts, jen.Return(g.rt("StructuredResult").Call(jen.Id(loc.out)))), nil
}

// omittedTargets returns the targets of the function's results, kept (the
// targets of the results that are sent, in order) with "_" put in at the
// positions of the results that //mcp:result leaves out.
func omittedTargets(t *model.Tool, kept []jen.Code) []jen.Code {
	if len(t.Omitted) == 0 {
		return kept
	}
	out := make([]jen.Code, 0, t.GoResults)
	for i, k := 0, 0; i < t.GoResults; i++ {
		if slices.Contains(t.Omitted, i) || k >= len(kept) {
			out = append(out, jen.Id("_"))
			continue
		}
		out = append(out, kept[k])
		k++
	}
	return out
}

// isErrorSlice reports whether t is []error, a result the runtime's
// ErrorTexts sends as the errors' texts.
func isErrorSlice(t types.Type) bool {
	sl, ok := types.Unalias(t).(*types.Slice)
	return ok && types.Identical(sl.Elem(), types.Universe.Lookup("error").Type())
}

// runtimeNamed returns the name of t if t is a named type of the runtime
// package.
func runtimeNamed(t types.Type) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != model.RuntimePath {
		return "", false
	}
	return n.Obj().Name(), true
}

func isRuntimeResultPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	name, ok := runtimeNamed(p.Elem())
	return ok && name == "Result"
}

// rawResult returns the *runtime.Result for out, a value of type t that is
// a runtime.Result, a []runtime.Content, or one of the runtime's content
// types (or a pointer to one).
func (g *gen) rawResult(t types.Type, out *jen.Statement) (jen.Code, error) {
	if name, ok := runtimeNamed(t); ok && name == "Result" {
		return jen.Op("&").Add(out), nil
	}
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		if name, ok := runtimeNamed(s.Elem()); ok && name == "Content" {
			return jen.Op("&").Add(g.rt("Result")).Values(jen.Id("Content").Op(":").Add(out)), nil
		}
	}
	elem := t
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		elem = p.Elem()
	}
	if _, ok := runtimeNamed(elem); ok {
		content := jen.Index().Add(g.rt("Content")).Values(out)
		return jen.Op("&").Add(g.rt("Result")).Values(jen.Id("Content").Op(":").Add(content)), nil
	}
	return nil, fmt.Errorf("result type %s is not a runtime result or content type", t)
}
