package parser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/jsonform"
	"github.com/mcpgen/mcpgen/internal/toolname"
	"github.com/mcpgen/mcpgen/model"
	"github.com/mcpgen/mcpgen/parser/internal/doctext"
	"github.com/mcpgen/mcpgen/parser/schema"
)

// tool checks the function fd, annotated by toolDirs (at least one), and
// returns its model. Problems are reported and mark the tool bad; the tool
// is still returned so that its name takes part in the duplicate check.
func (c *checker) tool(pkg *packages.Package, fd *ast.FuncDecl, toolDirs, argDirs []*ast.Comment, lines docLines) *toolDecl {
	t := &toolDecl{pos: fd.Name.Pos(), decl: fd, pkg: pkg, args: argDirs}
	t.GoName = fd.Name.Name
	t.Pos = c.fset.Position(fd.Name.Pos())
	bad := func(pos token.Pos, format string, args ...any) {
		c.errorf(pos, format, args...)
		t.bad = true
	}

	first := toolDirs[0]
	t.dir = first.Pos()
	for _, extra := range toolDirs[1:] {
		bad(extra.Pos(), "second //mcp:tool on %s (the first is at line %d); merge their options into one directive",
			t.GoName, c.fset.Position(first.Pos()).Line)
	}
	opts, errs := parseOptions(first.Text[len(toolPrefix):])
	for _, e := range errs {
		bad(first.Pos()+token.Pos(len(toolPrefix)+e.Off), "%s", e.Msg)
	}
	t.Name, t.Title, t.Hints, t.TaskSupport, t.Scopes = opts.Name, opts.Title, opts.Hints, opts.Task, opts.Scopes
	if opts.Toolset != "" {
		if c.checkToolset(opts.Toolset, first.Pos()+token.Pos(len(toolPrefix)+opts.ToolsetOff), pkg.Name) {
			t.Toolset = opts.Toolset
		} else {
			t.bad = true
		}
	}
	t.Icons = c.icons(lines.icons, &t.bad)
	t.Meta = c.toolMeta(t, opts, first.Pos(), lines.metas)
	if t.Name == "" && !opts.BadName {
		if def := snakeCase(t.GoName); toolname.Valid(def) {
			t.Name = def
		} else {
			bad(t.pos, "default tool name %q of %s is not valid (want 1 to 128 characters from [A-Za-z0-9_.-]); set one with name=", def, t.GoName)
		}
	}

	// go/ast drops //mcp: lines from Text as directives already; filtering
	// them here as well keeps that true for any spelling Text would keep.
	doc := &ast.CommentGroup{}
	if fd.Doc != nil { // a method of //mcp:tools may have no doc comment
		for _, cm := range fd.Doc.List {
			if !strings.HasPrefix(cm.Text, "//mcp:") {
				doc.List = append(doc.List, cm)
			}
		}
	}
	t.Description = doctext.Join(doc.Text())

	if t.GoName == "_" || t.GoName == "init" && fd.Recv == nil {
		bad(t.pos, "func %s cannot be a tool: it cannot be referred to", t.GoName)
		return t
	}
	fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		bad(t.pos, "no type information for %s", t.GoName)
		return t
	}
	t.Func = fn
	t.Float64Numbers = opts.Float64
	t.constraints = opts.Constraints
	if !c.instantiate(t, opts, first.Pos()+token.Pos(len(toolPrefix)+opts.TypeArgsOff)) {
		return t
	}
	if t.TypeArgs != nil {
		// The declaration is the same for every instantiation: an error that
		// only one of them meets says which.
		n := len(c.diags)
		defer func() {
			for i := n; i < len(c.diags); i++ {
				if !c.diags[i].Warning {
					c.diags[i].Message += fmt.Sprintf(" (as %s[%s], the tool %s)", t.GoName, opts.TypeArgs, t.Name)
				}
			}
		}()
	}
	if c.signature(t) {
		t.shaped = true
		c.argDirectives(t)
		c.enumDirectives(t)
		for i, p := range t.Params {
			if c.dirs == nil {
				break
			}
			r := c.dirs.params[p.Name] // //mcp:param
			if p.Description == "" {
				p.Description = r.desc
			}
			if r.tag != "" && t.paramTag[i] == "" {
				t.paramTag[i], t.paramTagPos[i] = r.tag, r.tagPos
				t.paramTagFrom[i] = "//mcp:param"
			}
		}
		c.resultParam(t, opts, first.Pos()+token.Pos(len(toolPrefix)+opts.ResultOff))
	}
	return t
}

// resultParam applies the option result= to t (at pos, its value), and
// warns about a function without a result that may change a parameter in
// place when the option does not say what to do about it: what such a
// function does is otherwise lost.
func (c *checker) resultParam(t *toolDecl, opts toolOptions, pos token.Pos) {
	name := opts.Result
	if name == "none" {
		return
	}
	if name != "" {
		if t.Result != model.ResultNone {
			c.errorf(pos, "result=%s: %s already returns a result; the option is for a function that returns nothing (or only an error) and changes a parameter in place", name, t.GoName)
			t.bad = true
			return
		}
		var typ types.Type
		switch {
		case t.Struct != nil && t.Struct.Name == name && name != "_":
			typ = t.Struct.Type
		case t.param(name) != nil:
			typ = t.param(name).Type
		default:
			var names []string
			if t.Struct != nil && t.Struct.Name != "" && t.Struct.Name != "_" {
				names = append(names, t.Struct.Name)
			}
			for _, p := range t.Params {
				names = append(names, p.Name)
			}
			msg := fmt.Sprintf("result=%s names no parameter of %s", name, t.GoName)
			if len(names) > 0 {
				msg += " (parameters: " + strings.Join(names, ", ") + ")"
			}
			c.errorf(pos, "%s", msg)
			t.bad = true
			return
		}
		t.ResultParam, t.ResultType, t.Result = name, typ, model.ResultStructured
		t.resultPos = pos
		return
	}
	if t.Result != model.ResultNone {
		return
	}
	warn := func(at token.Pos, name string, typ types.Type) {
		ts := typeString(typ, t.pkg.Types)
		c.groupWarnf("inplace:"+types.TypeString(typ, nil), "without a result that take a "+ts, "give each //mcp:tool result=PARAM or result=none", at, t.Name,
			"%s returns no result, but may change its parameter %s (%s) in place, and the tool's caller never sees what it does to it; add result=%s to //mcp:tool to send %s back as the result, or result=none if the function's effect is elsewhere",
			t.GoName, name, ts, name, name)
	}
	if t.Struct != nil && t.Struct.Pointer && t.Struct.Name != "" && t.Struct.Name != "_" {
		warn(t.structNamePos, t.Struct.Name, t.Struct.Type)
	}
	reads := slices.ContainsFunc(decodeVerbs, func(v string) bool { return strings.Contains(t.GoName, v) })
	for i, p := range t.Params {
		if p.Variadic {
			continue // a slice of its own, made for the call
		}
		if reads && isBytes(types.Unalias(p.Type).Underlying()) {
			continue // UnmarshalText(data []byte): the data it reads
		}
		switch types.Unalias(p.Type).Underlying().(type) {
		case *types.Slice, *types.Map, *types.Pointer:
			warn(t.paramPos[i], p.Name, p.Type)
		}
	}
}

// signature checks the parameters and results of t's function against
// the shapes a tool may have (docs/types.md, Signatures) and fills in the model, in
// three passes: receiver, params, results. It reports whether the
// parameters are well-formed, so that the //mcp:arg directives can be
// checked against them.
func (c *checker) signature(t *toolDecl) (paramsOK bool) {
	generic := c.receiver(t)
	paramsOK = c.params(t) && !generic
	c.results(t)
	return paramsOK
}

// badf reports a problem of t at pos: t is not generated.
func (c *checker) badf(t *toolDecl, pos token.Pos, format string, args ...any) {
	c.errorf(pos, format, args...)
	t.bad = true
}

// receiver checks the receiver of a method: a named type of the package,
// not generic (reported: generic is true), and sets t.Receiver, the type
// that promotes it when it is unexported.
func (c *checker) receiver(t *toolDecl) (generic bool) {
	fd, sig := t.decl, t.sig
	bad := func(pos token.Pos, format string, args ...any) { c.badf(t, pos, format, args...) }
	if recv := sig.Recv(); recv != nil {
		rt, ptr := types.Unalias(recv.Type()), false
		if p, ok := rt.(*types.Pointer); ok {
			rt, ptr = types.Unalias(p.Elem()), true
		}
		named, ok := rt.(*types.Named)
		switch {
		case !ok || named.Obj().Pkg() != t.pkg.Types:
			bad(fd.Recv.Pos(), "receiver of %s must be a named type defined in package %s", t.GoName, t.pkg.Name)
		case sig.RecvTypeParams().Len() > 0 || named.TypeParams().Len() > 0:
			generic = true
			bad(fd.Recv.Pos(), "method %s of generic type %s cannot be a tool (types= instantiates generic functions, not types); annotate a method of a non-generic type, or a function that calls it on an instance", t.GoName, named.Obj().Name())
		default:
			t.Receiver = &model.Receiver{TypeName: named.Obj().Name(), Pointer: ptr, Named: named}
			if e := embedder(t.pkg.Types, named, t.Func); e != nil {
				// Other packages cannot name an unexported type: the tool
				// is registered on the exported type that promotes it.
				t.Receiver = &model.Receiver{TypeName: e.Obj().Name(), Pointer: true, Named: e, Declared: named}
			}
		}
	}
	return generic
}

// params checks the parameters of t's function (sig is instantiated with
// the option types= for a generic function, so their types are known)
// and sets t.Context, t.Struct or t.Params, and t.Skipped (functional
// options); it reports whether they are well-formed.
func (c *checker) params(t *toolDecl) (paramsOK bool) {
	fd, sig := t.decl, t.sig
	bad := func(pos token.Pos, format string, args ...any) { c.badf(t, pos, format, args...) }
	params := sig.Params()
	names, typePos := fieldPositions(fd.Type.Params)
	start := 0
	if params.Len() > 0 && isContext(params.At(0).Type()) {
		t.Context, start = true, 1
	}
	paramsOK = true
	for i := start; i < params.Len(); i++ {
		if isContext(params.At(i).Type()) {
			bad(names[i], "context.Context must be the first parameter of %s", t.GoName)
			paramsOK = false
		}
	}
	rest := params.Len() - start
	end := params.Len() // the parameters that are arguments: start to end
	if last := params.Len() - 1; rest > 0 && sig.Variadic() && isFuncOptions(params.At(last).Type()) {
		// Functional options (opts ...Option) have no JSON form: the
		// function is called without any, as a Go caller may.
		p := params.At(last)
		t.Skipped = &model.Param{Name: p.Name(), Type: p.Type(), Variadic: true}
		elem := p.Type().(*types.Slice).Elem()
		c.groupWarnf("options:"+types.TypeString(elem, nil), "with functional options of type "+typeString(elem, t.pkg.Types), "each is called without options",
			names[last], t.Name, "parameter %s of %s (%s) takes functional options, which JSON cannot carry: it is not an argument of the tool, and the tool calls %s without options",
			p.Name(), t.GoName, typeString(elem, t.pkg.Types), t.GoName)
		rest, end = rest-1, last
	}
	if rest == 1 && (!sig.Variadic() || t.Skipped != nil) && isArgStruct(params.At(start).Type()) {
		p := params.At(start)
		_, ptr := types.Unalias(p.Type()).(*types.Pointer)
		t.Struct = &model.StructParam{Name: p.Name(), Type: p.Type(), Pointer: ptr}
		t.structPos, t.structNamePos = typePos[start], names[start]
	} else {
		// Every parameter, a struct among others included, is one argument.
		for i := start; i < end; i++ {
			p := params.At(i)
			switch {
			case isContext(p.Type()):
				continue // reported above
			case p.Name() == "" || p.Name() == "_":
				bad(typePos[i], "parameter %d of %s needs a name (not _): the name is the tool's argument name", i+1, t.GoName)
				paramsOK = false
				continue
			case isUnnamedStruct(p.Type()):
				bad(typePos[i], "parameter %s of %s has an unnamed struct type; declare a named struct type for it", p.Name(), t.GoName)
				paramsOK = false
				continue
			}
			if decodeTarget(t.GoName, p, params.Len()-start) {
				// One per function: whether it decodes into the parameter
				// is a matter of the function, not of the type (any).
				c.warnf(names[i], "parameter %s of %s (type %s) looks like where %s decodes data to: the tool fills it with the argument's JSON value (a map, slice, string, number, bool or nil), never a pointer to a value of yours, so what %s decodes into it is lost; annotate a function that returns the decoded value instead",
					p.Name(), t.GoName, typeString(p.Type(), t.pkg.Types), t.GoName, t.GoName)
			}
			_, ptr := types.Unalias(p.Type()).(*types.Pointer)
			variadic := sig.Variadic() && i == params.Len()-1 && t.Skipped == nil
			t.Params = append(t.Params, &model.Param{Name: p.Name(), Type: p.Type(), Optional: ptr || variadic, Variadic: variadic})
			t.paramPos = append(t.paramPos, names[i])
		}
	}
	return paramsOK
}

// results checks the results of t's function: an error last, if any;
// then what //mcp:result makes of each (resultRules) and the shape of
// the tool's result.
func (c *checker) results(t *toolDecl) {
	fd, sig := t.decl, t.sig
	bad := func(pos token.Pos, format string, args ...any) { c.badf(t, pos, format, args...) }
	results := sig.Results()
	_, resPos := fieldPositions(fd.Type.Results)
	n := results.Len()
	if n > 0 && isError(results.At(n-1).Type()) {
		t.ReturnsError, n = true, n-1
	}
	for i := range n {
		switch rt := results.At(i).Type(); {
		case isError(rt):
			bad(resPos[i], "error must be the last result of %s", t.GoName)
			return
		case i == n-1 && !t.ReturnsError && types.Implements(rt, errorIface):
			bad(resPos[i], "last result of %s has type %s, which implements error: declare it as error (a nil %s in an error is not a nil error), or make it a value the tool returns",
				t.GoName, typeString(rt, t.pkg.Types), typeString(rt, t.pkg.Types))
			return
		}
	}
	c.resultRules(t, n, resPos)
}

// resultRules applies the //mcp:result rules to the first n results of
// t's function (at resPos): a result left out, one sent through a
// function, the others kept; and sets the tool's result from them.
func (c *checker) resultRules(t *toolDecl, n int, resPos []token.Pos) {
	results := t.sig.Results()
	bad := func(pos token.Pos, format string, args ...any) { c.badf(t, pos, format, args...) }
	// Results that //mcp:result leaves out or turns into something else.
	var kept []*types.Var
	var keptPos []token.Pos
	var keptIdx []int
	var via []*model.ResultMember
	for i := range n {
		r := results.At(i)
		rule := c.dirs.rule(r.Type())
		switch {
		case rule == nil:
			kept, keptPos, keptIdx = append(kept, r), append(keptPos, resPos[i]), append(keptIdx, i)
			continue
		case rule.omit:
			t.Omitted = append(t.Omitted, i)
			continue
		}
		param := rule.fn.Signature().Params().At(0).Type()
		if !types.AssignableTo(r.Type(), param) {
			bad(resPos[i], "result %d of %s has type %s, which %s (//mcp:result at line %d) does not take: it takes %s",
				i+1, t.GoName, typeString(r.Type(), t.pkg.Types), rule.fn.Name(), c.fset.Position(rule.pos).Line, typeString(param, t.pkg.Types))
			return
		}
		via = append(via, &model.ResultMember{Name: snakeCase(rule.fn.Name()), Type: rule.fn.Signature().Results().At(0).Type(), Via: rule.fn, Index: i})
	}
	t.GoResults = n
	switch {
	case len(via) > 0:
		c.severalResults(t, kept, keptPos)
		if len(kept) == 1 && (kept[0].Name() == "" || kept[0].Name() == "_") {
			t.Results[0].Name = "result"
		}
		for _, m := range via {
			for slices.ContainsFunc(t.Results, func(o *model.ResultMember) bool { return o.Name == m.Name }) {
				m.Name += "_"
			}
			t.Results = append(t.Results, m)
			t.resultsPos = append(t.resultsPos, resPos[m.Index])
		}
		if len(t.Results) == len(kept)+len(via) {
			for k := range kept {
				t.Results[k].Index = keptIdx[k]
			}
		}
		// The members in the order of the function's results.
		order := make([]int, len(t.Results))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return t.Results[a].Index - t.Results[b].Index })
		members, poss := make([]*model.ResultMember, len(order)), make([]token.Pos, len(order))
		for i, j := range order {
			members[i], poss[i] = t.Results[j], t.resultsPos[j]
		}
		t.Results, t.resultsPos = members, poss
	case len(kept) == 0:
		t.Result = model.ResultNone
	case len(kept) == 1:
		c.result(t, kept[0].Type(), keptPos[0])
	default:
		c.severalResults(t, kept, keptPos)
	}
}

// severalResults models the first n results of t, more than one, as the
// members of one result object: each named after its Go name, or, when
// unnamed, "value" and "found" for (T, bool), else "result1", "result2", ...
func (c *checker) severalResults(t *toolDecl, results []*types.Var, pos []token.Pos) {
	t.Result = model.ResultObject
	n := len(results)
	valueFound := n == 2 && types.Identical(results[1].Type().Underlying(), types.Typ[types.Bool])
	used := map[string]bool{}
	for i := range n {
		r := results[i]
		name := r.Name()
		switch {
		case name != "" && name != "_":
		case valueFound && i == 0:
			name = "value"
		case valueFound:
			name = "found"
		default:
			name = fmt.Sprintf("result%d", i+1)
		}
		for used[name] { // "result2" named by hand beside an unnamed second result
			name += "_"
		}
		used[name] = true
		if isRuntimeType(r.Type()) {
			c.errorf(pos[i], "result %d of %s has type %s: runtime results and content types are a tool's only result (besides error)",
				i+1, t.GoName, typeString(r.Type(), t.pkg.Types))
			t.bad = true
			continue
		}
		t.Results = append(t.Results, &model.ResultMember{Name: name, Type: r.Type()})
		t.resultsPos = append(t.resultsPos, pos[i])
	}
}

// isRuntimeType reports whether t is a type of the runtime package, a
// pointer to one, or a slice of them.
func isRuntimeType(t types.Type) bool {
	t = types.Unalias(t)
	switch u := t.(type) {
	case *types.Pointer:
		t = types.Unalias(u.Elem())
	case *types.Slice:
		t = types.Unalias(u.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == model.RuntimePath
}

// result classifies the result type r of t, declared at pos.
func (c *checker) result(t *toolDecl, r types.Type, pos token.Pos) {
	t.ResultType, t.resultPos = r, pos
	if types.Identical(r, types.Typ[types.String]) {
		t.Result = model.ResultText
		return
	}
	rt := types.Unalias(r)
	if isStream(rt) {
		// A stream has no JSON form: it is read into the result.
		t.Result = model.ResultStream
		return
	}
	if s, ok := rt.(*types.Slice); ok && isRuntimeNamed(s.Elem(), "Content") {
		t.Result = model.ResultRaw // []runtime.Content
		return
	}
	elem, ptr := rt, false
	if p, ok := rt.(*types.Pointer); ok {
		elem, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := elem.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != model.RuntimePath {
		t.Result = model.ResultStructured // or ResultWrapped: the output schema decides
		return
	}
	// A type of the runtime: the tool builds the result itself.
	content, _ := n.Obj().Pkg().Scope().Lookup("Content").(*types.TypeName)
	switch {
	case n.Obj().Name() == "Result", content != nil && types.Implements(r, content.Type().Underlying().(*types.Interface)):
		t.Result = model.ResultRaw
	case content != nil && !ptr && types.Implements(types.NewPointer(n), content.Type().Underlying().(*types.Interface)):
		c.errorf(pos, "result of %s must be *runtime.%s, not runtime.%s: content types are used by pointer", t.GoName, n.Obj().Name(), n.Obj().Name())
		t.bad = true
	default:
		c.errorf(pos, "result type %s of %s is not supported: return *runtime.Result, a runtime content type or []runtime.Content",
			typeString(r, t.pkg.Types), t.GoName)
		t.bad = true
	}
}

// ioReader is io.Reader's method set: Read(p []byte) (n int, err error).
var ioReader = types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, "Read",
	types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewVar(token.NoPos, nil, "p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(types.NewVar(token.NoPos, nil, "n", types.Typ[types.Int]),
			types.NewVar(token.NoPos, nil, "err", types.Universe.Lookup("error").Type())), false))}, nil).Complete()

// isStream reports whether t is an interface type that has io.Reader's
// Read (io.Reader, io.ReadCloser, io.ReadSeekCloser, ...): a result that
// is a stream of bytes, whose JSON form would be {} whatever it holds.
func isStream(t types.Type) bool {
	return types.IsInterface(t) && types.Implements(t, ioReader)
}

// isRuntimeNamed reports whether t is the named type runtime.name.
func isRuntimeNamed(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == model.RuntimePath && n.Obj().Name() == name
}

// enumDirectives matches the //mcp:enum [on|off] PARAM directives of t's
// doc comment to its plain parameters: the switch of enum inference for a
// parameter of a type the user does not own.
func (c *checker) enumDirectives(t *toolDecl) {
	t.paramEnum = make([]schema.EnumSwitch, len(t.Params))
	if t.decl.Doc == nil {
		return // a method of //mcp:tools without a doc comment
	}
	for _, cm := range t.decl.Doc.List {
		if kind, _ := classify(cm.Text); kind != typeDirective {
			continue
		}
		sw, name, ok := enumArgs(cm)
		if !ok || name == "" {
			continue // reported with the file's directives
		}
		i := slices.IndexFunc(t.Params, func(p *model.Param) bool { return p.Name == name })
		if i < 0 {
			c.errorf(cm.Pos(), "//mcp:enum %s names no plain parameter of %s", name, t.GoName)
			continue
		}
		t.paramEnum[i] = sw
	}
}

// argGrammar is //mcp:arg NAME [jsonschema:"KEYWORDS"] description.
func argGrammar() *grammar {
	return &grammar{directive: argPrefix, words: []wordRule{{name: "NAME"}}, tag: "jsonschema", rest: textRest}
}

// argDirectives matches the //mcp:arg directives of t to its plain
// parameters: //mcp:arg NAME [jsonschema:"KEYWORDS"] [description]. The
// keywords are those of a struct field's jsonschema tag; without them, a
// description is required.
func (c *checker) argDirectives(t *toolDecl) {
	t.paramTag = make([]string, len(t.Params))
	t.paramTagPos = make([]token.Pos, len(t.Params))
	t.paramTagFrom = make([]string, len(t.Params))
	seen := map[string]int{} // parameter name -> line of its //mcp:arg
	for _, cm := range t.args {
		_, rest, off := directiveOf(cm.Text)
		a, errs := grammarOf("arg").parse(rest)
		name, desc, hasTag, tag := a.words[0].Value, a.rest, a.hasTag, a.tag
		namePos, tagPos, tagErr := cm.Pos()+token.Pos(off+a.words[0].Off), cm.Pos()+token.Pos(off+a.tagOff), ""
		if !hasTag {
			tagPos = token.NoPos
		}
		if hasTag && len(errs) > 0 {
			tagErr = "//mcp:arg " + name + ": jsonschema: needs its keywords in double quotes, as in a struct tag: jsonschema:\"minimum=0,maximum=100\""
		}
		line := c.fset.Position(cm.Pos()).Line
		switch {
		case name == "":
			c.errorf(cm.Pos(), "//mcp:arg needs a parameter name: //mcp:arg NAME description")
		case t.Struct != nil:
			c.errorf(cm.Pos(), "//mcp:arg documents plain parameters, but %s takes struct %s: document its fields instead",
				t.GoName, typeString(t.Struct.Type, t.pkg.Types))
		case t.param(name) == nil:
			msg := fmt.Sprintf("//mcp:arg %s names no parameter of %s", name, t.GoName)
			if len(t.Params) > 0 {
				var names []string
				for _, p := range t.Params {
					names = append(names, p.Name)
				}
				msg += " (parameters: " + strings.Join(names, ", ") + ")"
			}
			c.errorf(namePos, "%s", msg)
		case seen[name] != 0:
			c.errorf(namePos, "duplicate //mcp:arg %s (the first is at line %d)", name, seen[name])
		case tagErr != "":
			c.errorf(tagPos, "%s", tagErr)
		case desc == "" && !hasTag:
			c.errorf(namePos, "//mcp:arg %s has no description: //mcp:arg %s [jsonschema:\"keywords\"] text", name, name)
		default:
			seen[name] = line
			i := slices.IndexFunc(t.Params, func(p *model.Param) bool { return p.Name == name })
			t.Params[i].Description = desc
			t.paramTag[i], t.paramTagPos[i] = tag, tagPos
			continue
		}
		t.bad = true
		if name != "" && seen[name] == 0 {
			seen[name] = line
		}
	}
}

// param returns the plain parameter called name, or nil.
func (t *toolDecl) param(name string) *model.Param {
	for _, p := range t.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// schemas derives the input and output schemas of t with the schema
// builder, which reports unsupported types at their positions, in passes:
// inputSchema and outputSchema (derived), setOutput, shapeInput (what
// every input schema goes through), setInput. The schemas' own
// diagnostics are returned, and the caller records them (schemas runs on
// several goroutines).
func (c *checker) schemas(t *toolDecl) (all []schema.Diagnostic, err error) {
	// t.bad may already be set (by an earlier check).
	bad := t.bad
	report := func(diags []schema.Diagnostic) {
		all = append(all, diags...)
		for _, d := range diags {
			bad = bad || !d.Warning
		}
	}
	in, diags := c.inputSchema(t)
	report(diags)
	out, facts, diags := c.outputSchema(t)
	report(diags)
	if bad {
		return all, nil
	}
	if err := c.setOutput(t, out, facts); err != nil {
		return nil, err
	}
	in, enforced, diags := c.shapeInput(t, in)
	if report(diags); bad {
		return all, nil
	}
	return all, setInput(t, in, enforced)
}

// omitTypeDoc leaves out of s the doc comment of typ, at the root of a
// schema of t: the tool's own description wins over it, and an
// undocumented tool keeps it (it is then the only description).
func (c *checker) omitTypeDoc(t *toolDecl, s *jsonschema.Schema, typ types.Type) {
	if t.Description != "" {
		c.builder.OmitTypeDoc(s, typ)
	}
}

// inputSchema derives the input schema of t: its struct's, or its plain
// parameters' object.
func (c *checker) inputSchema(t *toolDecl) (*jsonschema.Schema, []schema.Diagnostic) {
	if t.Struct != nil {
		s, diags := c.builder.Struct(t.Struct.Type, t.Struct.Name, t.structPos)
		c.omitTypeDoc(t, s, t.Struct.Type)
		return s, diags
	}
	ps := make([]schema.Param, len(t.Params))
	for i, p := range t.Params {
		ps[i] = schema.Param{Name: p.Name, Type: p.Type, Description: p.Description, Optional: p.Optional, Pos: t.paramPos[i]}
		if i < len(t.paramTag) {
			ps[i].Tag, ps[i].TagPos, ps[i].TagFrom = t.paramTag[i], t.paramTagPos[i], t.paramTagFrom[i]
		}
		if i < len(t.paramEnum) {
			ps[i].Enum = t.paramEnum[i]
		}
	}
	return c.builder.Params(ps)
}

// outputSchema derives the output schema of t, nil for a result sent as
// text or none, and what it holds (facts); a structured result the
// builder wraps makes t's result wrapped.
func (c *checker) outputSchema(t *toolDecl) (*jsonschema.Schema, schema.OutputFacts, []schema.Diagnostic) {
	switch t.Result {
	case model.ResultStructured:
		s, wrapped, facts, diags := c.builder.OutputOf(t.ResultType, t.resultPos, c.outputOptions())
		if wrapped {
			t.Result = model.ResultWrapped
		} else {
			c.omitTypeDoc(t, s, t.ResultType)
		}
		return s, facts, diags
	case model.ResultObject:
		ms := make([]schema.Param, 0, len(t.Results))
		for i, r := range t.Results {
			if r.Via == nil && isStream(types.Unalias(r.Type)) {
				r.Stream = true // read into the content, not a member
				continue
			}
			ms = append(ms, schema.Param{Name: r.Name, Type: r.Type, Pos: t.resultsPos[i]})
		}
		return c.builder.ResultsOf(ms, c.outputOptions())
	}
	return nil, schema.OutputFacts{}, nil
}

// setOutput sets t's output schema, as text, unless //mcp:output or the
// default for other modules' types (facts) leaves it out, saying why in
// t.OutputLeftOut (the result is still sent as structured content, which
// needs no schema).
func (c *checker) setOutput(t *toolDecl, out *jsonschema.Schema, facts schema.OutputFacts) error {
	if t.Result != model.ResultStructured && t.Result != model.ResultWrapped && t.Result != model.ResultObject {
		return nil
	}
	if out == nil {
		return fmt.Errorf("%s: no output schema for %s", t.Pos, t.GoName)
	}
	text, err := schema.Marshal(out)
	if err != nil {
		return fmt.Errorf("%s: output schema of %s: %w", t.Pos, t.GoName, err)
	}
	t.OutputSchema = text
	size := compactLen(text)
	switch max := c.dirs.outputBound(); {
	case max < 0:
		t.OutputSchema = ""
		t.OutputLeftOut = "no output schema: //mcp:output off"
	case max > 0 && size > max:
		t.OutputSchema = ""
		t.OutputLeftOut = fmt.Sprintf("no output schema: its %d bytes are over //mcp:output max=%d; //mcp:output max=%d brings it back", size, max, size)
	case max == 0 && c.dirs != nil && !c.dirs.outputSet && len(facts.Whole) > 0 && size > DefaultOutputMax:
		// The default: a schema that writes out another module's types
		// whole, and is large, pays for little. The types named as the
		// lines of the package being checked name them, also for a tool
		// made of another package's code (t.pkg is that package).
		home := t.pkg
		if p := c.foreign[c.pkgPath]; p != nil {
			home = p
		}
		t.OutputSchema = ""
		t.OutputLeftOut = fmt.Sprintf("no output schema: its %d bytes write out %s whole, over the default %d for other modules' types; //mcp:view %s MEMBER... makes it smaller, //mcp:output all brings it back",
			size, wholeList(facts.Whole, home), DefaultOutputMax, directiveTypeName(facts.Whole[0], home))
	}
	return nil
}

// shapeInput takes the input schema of t through what every one goes
// through: a warning for a type that contains itself through required
// fields, recursion described in words, $refs by place, and the profile
// (with the constraints stated in descriptions, by constraints= or
// //mcp:constraints or the profile's default). It returns the schema
// listed and the one enforced, which differ when the profile moves
// keywords out.
func (c *checker) shapeInput(t *toolDecl, in *jsonschema.Schema) (listed, enforced *jsonschema.Schema, diags []schema.Diagnostic) {
	if in == nil {
		return nil, nil, nil
	}
	pos := t.pos
	if t.Struct != nil {
		pos = t.structPos
	}
	for _, chain := range schema.RequiredCycles(in) {
		diags = append(diags, schema.Diagnostic{Pos: pos, Warning: true, Message: fmt.Sprintf(
			"input schema of %s: a type contains itself through required fields only (%s): no finite arguments satisfy it (an input never admits null) and Gemini cannot state it; make one of the fields optional (omitempty)", t.GoName, chain)})
	}
	// A recursive type says in words what it holds, where a client that
	// cuts the recursion short still shows it; a stated schema's $ref to
	// a definition's $anchor names the definition by its place, which
	// clients that inline $defs resolve.
	in = schema.RefsByPlace(schema.DescribeRecursion(in))
	choice := t.constraints
	if choice == "" && c.dirs != nil {
		choice = c.dirs.constraints
	}
	describe := choice == "described" || choice == "" && c.profile.DropsKeywords()
	r := schema.ProfileInput(c.profile, in, describe)
	for _, p := range r.Problems {
		diags = append(diags, schema.Diagnostic{Pos: c.profilePos(t, p.Path), Message: "input schema at " + p.Path + ": " + p.Message})
	}
	return r.Listed, r.Enforced, diags
}

// setInput sets t's input schema, and the schema the runtime validates
// with when it is another, as text.
func setInput(t *toolDecl, in, enforced *jsonschema.Schema) error {
	if in == nil {
		return fmt.Errorf("%s: no input schema for %s", t.Pos, t.GoName)
	}
	text, err := schema.Marshal(in)
	if err != nil {
		return fmt.Errorf("%s: input schema of %s: %w", t.Pos, t.GoName, err)
	}
	t.InputSchema = text
	if enforced != in {
		if t.ValidateSchema, err = schema.Marshal(enforced); err != nil {
			return fmt.Errorf("%s: input schema of %s: %w", t.Pos, t.GoName, err)
		}
	}
	return nil
}

// profilePos returns where to report a profile problem at the JSON
// pointer path of t's input schema: the plain parameter the path leads
// into, else the struct parameter (or the tool).
func (c *checker) profilePos(t *toolDecl, path string) token.Pos {
	if t.Struct != nil {
		return t.structPos
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(path, "/properties/"), "/")
	for i, p := range t.Params {
		if p.Name == name && strings.HasPrefix(path, "/properties/") {
			return t.paramPos[i]
		}
	}
	return t.pos
}

// fieldPositions returns, for each parameter or result in list (one per
// name, or one per unnamed field), the position of its name (of its type
// when unnamed) and of its type.
func fieldPositions(list *ast.FieldList) (names, types []token.Pos) {
	if list == nil {
		return nil, nil
	}
	for _, f := range list.List {
		if len(f.Names) == 0 {
			names = append(names, f.Type.Pos())
			types = append(types, f.Type.Pos())
		}
		for _, n := range f.Names {
			names = append(names, n.Pos())
			types = append(types, f.Type.Pos())
		}
	}
	return names, types
}

// decodeTargetNames are the names functions give the parameter they decode
// into, and decodeVerbs the words of the names of such functions.
var (
	decodeTargetNames = []string{"v", "dst", "dest", "out", "target", "into", "ptr", "result", "obj"}
	decodeVerbs       = []string{"Decode", "Unmarshal", "Scan", "Read", "Load", "Parse", "Bind", "Fill", "Into"}
	// decodeSourceNames are the names functions give the data they decode.
	decodeSourceNames = []string{"input", "in", "data", "src", "source", "from", "raw"}
	// encodeVerbs are the words of the names of functions whose any
	// parameter is the value they write out.
	encodeVerbs = []string{"Marshal", "Encode", "Format", "Print", "Write", "Dump", "Render", "Valid", "Hash", "Convert"}
)

// decodeTarget reports whether p, a parameter of the function named fn
// with n parameters (context.Context aside), has an empty interface type
// and looks like where fn decodes data to (json.Unmarshal(data, v),
// toml.Decode(data, v), row.Scan(dest...)): its name is one such functions
// give it, or fn's name has a decoding verb and another parameter holds the
// data. A sole any parameter of a Scan or UnmarshalJSON-like method is the
// data itself, decoded into the receiver; the any parameter of a function
// whose name says it writes a value out (Marshal(v any), Encode(v any)) is
// that value.
func decodeTarget(fn string, p *types.Var, n int) bool {
	t := p.Type()
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		t = s.Elem() // Scan(dest ...any)
	}
	iface, ok := types.Unalias(t).Underlying().(*types.Interface)
	if !ok || !iface.Empty() {
		return false
	}
	for _, verb := range decodeVerbs {
		if strings.Contains(fn, verb) {
			if slices.Contains(decodeSourceNames, p.Name()) {
				return false // Decode(input, output any): the data
			}
			return n > 1 || slices.Contains(decodeTargetNames, p.Name())
		}
	}
	for _, verb := range encodeVerbs {
		if strings.Contains(fn, verb) {
			return false // Marshal(v any), Encode(v any): v is the input
		}
	}
	return slices.Contains(decodeTargetNames, p.Name())
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// errorIface is the underlying interface of the predeclared error type.
var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isError reports whether t is the predeclared error type. A concrete
// error type does not count: returning one would turn a nil pointer into
// a non-nil error.
func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// isArgStruct reports whether t, a parameter type, is a named struct type
// or a pointer to one whose fields are the tool's arguments. Structs that
// encode as something else in JSON (time.Time, any json.Marshaler or
// encoding.TextMarshaler) are single values instead.
func isArgStruct(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return false
	}
	return jsonform.OwnMarshaler(n) == ""
}

// isFuncOptions reports whether t, the type []E of a variadic parameter,
// holds functional options: E is a func type or a non-empty interface
// (type Option func(*config), type Option interface{ apply(*config) }).
func isFuncOptions(t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	if !ok {
		return false
	}
	switch u := s.Elem().Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		return !u.Empty() && !types.Identical(s.Elem(), types.Universe.Lookup("error").Type())
	}
	return false
}

// isUnnamedStruct reports whether t is a struct literal type or a pointer
// to one.
func isUnnamedStruct(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	_, ok := t.(*types.Struct)
	return ok
}

// typeString formats t as the user's code spells it in package pkg:
// pkg's own names unqualified, others by package name.
func typeString(t types.Type, pkg *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}

// embedder returns, for a method fn of the unexported type t, the exported
// struct type of pkg (the first by name) to which fn is promoted by
// embedding t or *t, or nil when t is exported or none promotes fn.
func embedder(pkg *types.Package, t *types.Named, fn *types.Func) *types.Named {
	if t.Obj().Exported() || fn == nil {
		return nil
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		e, ok := tn.Type().(*types.Named)
		if !ok || e.TypeParams().Len() > 0 {
			continue
		}
		if _, ok := e.Underlying().(*types.Struct); !ok {
			continue
		}
		obj, index, _ := types.LookupFieldOrMethod(e, true, pkg, fn.Name())
		if obj == fn && len(index) > 1 {
			return e
		}
	}
	return nil
}

// compactLen returns the length of the JSON text s without the spaces
// and line breaks outside strings, as tools/list sends it.
func compactLen(s string) int {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) != nil {
		return len(s)
	}
	return b.Len()
}
