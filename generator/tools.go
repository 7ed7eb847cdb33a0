package generator

import (
	"bytes"
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/parser"
)

// signature returns the declared signature of t.
func signature(t *parser.Tool) (*types.Signature, error) {
	if t.Func == nil {
		return nil, fmt.Errorf("generator: tool %s: no function in the model", t.Name)
	}
	sig, ok := t.Func.Type().(*types.Signature)
	if !ok {
		return nil, fmt.Errorf("generator: tool %s: %s is not a function", t.Name, t.Func)
	}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return nil, fmt.Errorf("generator: tool %s: generic functions cannot be tools", t.Name)
	}
	return sig, nil
}

// A guardSpec is the compile-time guard of a tool: the function, as a
// method expression for a method, assigned to the blank identifier
// declared with the function type the handler was generated for.
//
//	_ func(*Store, context.Context, SearchInput) ([]Note, error) = (*Store).SearchNotes
type guardSpec struct {
	typ, fn string
}

func (g *gen) guard(t *parser.Tool) (guardSpec, error) {
	sig, err := signature(t)
	if err != nil {
		return guardSpec{}, err
	}
	var recv, fn string
	if t.Receiver != nil {
		if sig.Recv() == nil {
			return guardSpec{}, fmt.Errorf("generator: tool %s: %s has no receiver", t.Name, t.Func)
		}
		r, err := g.typeCode(sig.Recv().Type())
		if err != nil {
			return guardSpec{}, fmt.Errorf("generator: tool %s: receiver: %w", t.Name, err)
		}
		recv = r
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			// (*T).M: a method value on a nil *T would panic at init.
			fn = "(" + r + ")." + t.GoName
		} else {
			fn = r + "." + t.GoName
		}
	} else {
		fn = t.GoName
	}
	var typ strings.Builder
	typ.WriteString("func")
	if err := g.writeSignature(&typ, recv, sig); err != nil {
		return guardSpec{}, fmt.Errorf("generator: tool %s: %w", t.Name, err)
	}
	return guardSpec{typ.String(), fn}, nil
}

// writeGuards writes the var block of the guards, aligned as gofmt aligns
// a block of single-line specs: one column for the types, as wide as the
// widest type in characters (runes).
func writeGuards(w *bytes.Buffer, guards []guardSpec) {
	width := 0
	for _, gd := range guards {
		width = max(width, utf8.RuneCountInString(gd.typ))
	}
	w.WriteString("var (\n")
	for _, gd := range guards {
		w.WriteString("\t_ ")
		w.WriteString(gd.typ)
		pad(w, width-utf8.RuneCountInString(gd.typ)+1)
		w.WriteString("= ")
		w.WriteString(gd.fn)
		w.WriteByte('\n')
	}
	w.WriteString(")\n")
}

// pad writes n spaces.
func pad(w *bytes.Buffer, n int) {
	for range n {
		w.WriteByte(' ')
	}
}

// register writes the RegisterTools or Register<T>Tools function of gr.
func (g *gen) register(w *bytes.Buffer, gr *group, tools map[*parser.Tool][]byte, loc localNames) error {
	params := loc.server + " *" + g.rt("Server")
	if gr.recv != nil {
		recvType := gr.recv.TypeName
		if gr.recv.Named != nil {
			c, err := g.typeCode(gr.recv.Named)
			if err != nil {
				return fmt.Errorf("generator: receiver %s: %w", gr.recv.TypeName, err)
			}
			recvType = c
		}
		params += ", " + loc.recv + " *" + recvType
		fmt.Fprintf(w, "// %s registers on %s the tools declared as methods of %s, to be called on %s.\n", gr.funcName, loc.server, gr.recv.TypeName, loc.recv)
	} else {
		fmt.Fprintf(w, "// %s registers on %s the tools declared as package-level functions.\n", gr.funcName, loc.server)
	}
	w.WriteString("func " + gr.funcName + "(" + params + ") {\n")
	for _, t := range gr.tools {
		w.Write(tools[t])
	}
	w.WriteString("}\n")
	return nil
}

// tool writes the s.MustAddTool(runtime.Tool{...}) statement of t.
//
// gofmt aligns the values of the single-line key-value pairs of a
// multi-line composite literal in one column (the keys are all short, so
// no line starts a new section); the handler, a multi-line value, is last
// and written with one space.
func (g *gen) tool(w *bytes.Buffer, t *parser.Tool, n toolNames, loc localNames) error {
	type pair struct{ key, value string }
	pairs := []pair{{"Name", g.lit(t.Name)}}
	if t.Title != "" {
		pairs = append(pairs, pair{"Title", g.lit(t.Title)})
	}
	if t.Description != "" {
		pairs = append(pairs, pair{"Description", g.lit(t.Description)})
	}
	pairs = append(pairs, pair{"InputSchema", n.input})
	if n.output != "" {
		pairs = append(pairs, pair{"OutputSchema", n.output})
	}
	if ann := g.annotations(t); ann != "" {
		pairs = append(pairs, pair{"Annotations", ann})
	}
	width := 0
	for _, p := range pairs {
		width = max(width, len(p.key))
	}
	w.WriteString("\t" + loc.server + ".MustAddTool(" + g.rt("Tool") + "{\n")
	for _, p := range pairs {
		w.WriteString("\t\t" + p.key + ":")
		pad(w, width-len(p.key)+1)
		w.WriteString(p.value + ",\n")
	}
	w.WriteString("\t\tHandler: ")
	if err := g.handler(w, t, loc); err != nil {
		return fmt.Errorf("generator: tool %s: %w", t.Name, err)
	}
	w.WriteString(",\n\t})\n")
	return nil
}

// maxExactLiteral bounds the string literals whose layout the generator
// states itself: gofmt stops aligning a key-value pair longer than 1e6
// bytes (go/printer's exprList), so a longer one is left to gofmt.
const maxExactLiteral = 100_000

// lit returns s as an interpreted string literal.
func (g *gen) lit(s string) string {
	if len(s) > maxExactLiteral {
		g.inexact.Store(true)
	}
	return strconv.Quote(s)
}

// annotations returns the &runtime.ToolAnnotations{...} literal of t, or ""
// when t states no title and no hint.
func (g *gen) annotations(t *parser.Tool) string {
	var fields []string
	if t.Title != "" {
		fields = append(fields, "Title: "+g.lit(t.Title))
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
			fields = append(fields, h.field+": "+g.rt("Bool")+"("+strconv.FormatBool(*h.value)+")")
		}
	}
	if len(fields) == 0 {
		return ""
	}
	return "&" + g.rt("ToolAnnotations") + "{" + strings.Join(fields, ", ") + "}"
}

// handler writes the runtime.Handler literal of t, at the indentation of
// a value in the runtime.Tool literal: decode the arguments, call the
// function, turn its results into a *runtime.Result.
func (g *gen) handler(w *bytes.Buffer, t *parser.Tool, loc localNames) error {
	sig, err := signature(t)
	if err != nil {
		return err
	}
	if t.Struct != nil && len(t.Params) > 0 {
		return fmt.Errorf("both a struct parameter and plain parameters in the model")
	}

	var body bytes.Buffer // statements at depth 3
	var callArgs []string
	if t.Context {
		callArgs = append(callArgs, loc.ctx)
	}
	decodes := t.Struct != nil || len(t.Params) > 0
	switch {
	case t.Struct != nil:
		typ := t.Struct.Type
		if t.Struct.Pointer {
			ptr, ok := typ.(*types.Pointer)
			if !ok {
				return fmt.Errorf("struct parameter %s is not a pointer", typ)
			}
			typ = ptr.Elem()
		}
		code, err := g.typeCode(typ)
		if err != nil {
			return fmt.Errorf("struct parameter: %w", err)
		}
		body.WriteString("\t\t\tvar " + loc.in + " " + code + "\n")
		if t.Struct.Pointer {
			callArgs = append(callArgs, "&"+loc.in)
		} else {
			callArgs = append(callArgs, loc.in)
		}
	case len(t.Params) > 0:
		// One field per parameter, tagged with the argument's name.
		used := map[string]bool{}
		fields := make([]structField, 0, len(t.Params))
		for i, p := range t.Params {
			if p.Name == "" || p.Name == "_" {
				return fmt.Errorf("parameter %d has no name", i+1)
			}
			code, err := g.typeCode(p.Type)
			if err != nil {
				return fmt.Errorf("parameter %s: %w", p.Name, err)
			}
			tag := p.Name
			if p.Optional {
				tag += ",omitempty"
			}
			name := fieldName(p.Name, used)
			fields = append(fields, structField{name, code, tagLit(`json:"` + tag + `"`)})
			arg := loc.in + "." + name
			if sig.Variadic() && i == len(t.Params)-1 {
				arg += "..."
			}
			callArgs = append(callArgs, arg)
		}
		writeStructVar(&body, loc.in, fields)
	}
	if decodes {
		body.WriteString("\t\t\tif " + loc.err + " := " + g.rt("Decode") + "(" + loc.args + ", &" + loc.in + "); " + loc.err + " != nil {\n")
		body.WriteString("\t\t\t\treturn nil, " + loc.err + "\n\t\t\t}\n")
	}

	call := t.GoName
	if t.Receiver != nil {
		call = loc.recv + "." + t.GoName
	}
	call += "(" + strings.Join(callArgs, ", ") + ")"
	if err := g.results(&body, t, call, loc); err != nil {
		return err
	}

	ctxName, argsName := "_", "_"
	if t.Context {
		ctxName = loc.ctx
	}
	if decodes {
		argsName = loc.args
	}
	w.WriteString("func(" + ctxName + " " + g.qual(contextPath, "context", "Context") + ", " +
		argsName + " " + g.qual(jsonPath, "json", "RawMessage") + ") (*" + g.rt("Result") + ", error) {\n")
	w.Write(body.Bytes())
	w.WriteString("\t\t}")
	return nil
}

// A structField is one field of a struct type literal the generated code
// declares: name, type and tag.
type structField struct{ name, typ, tag string }

// writeStructVar writes "var name struct {...}" at the depth of a
// handler's statements, the fields in gofmt's columns: names, types, tags.
func writeStructVar(w *bytes.Buffer, name string, fields []structField) {
	nameW, typeW := 0, 0
	for _, f := range fields {
		nameW = max(nameW, utf8.RuneCountInString(f.name))
		typeW = max(typeW, utf8.RuneCountInString(f.typ))
	}
	w.WriteString("\t\t\tvar " + name + " struct {\n")
	for _, f := range fields {
		w.WriteString("\t\t\t\t" + f.name)
		pad(w, nameW-utf8.RuneCountInString(f.name)+1)
		w.WriteString(f.typ)
		pad(w, typeW-utf8.RuneCountInString(f.typ)+1)
		w.WriteString(f.tag + "\n")
	}
	w.WriteString("\t\t\t}\n")
}

// objectResult writes the statements that call a function with several
// results, assign them to the fields of one struct, each tagged with its
// member name, and return that struct as the structured result.
func (g *gen) objectResult(w *bytes.Buffer, t *parser.Tool, call string, loc localNames) error {
	const in = "\t\t\t"
	used := map[string]bool{}
	fields := make([]structField, 0, len(t.Results))
	var targets []string
	for _, r := range t.Results {
		code, err := g.typeCode(r.Type)
		if err != nil {
			return fmt.Errorf("result %s: %w", r.Name, err)
		}
		name := fieldName(r.Name, used)
		fields = append(fields, structField{name, code, tagLit(`json:"` + r.Name + `"`)})
		targets = append(targets, loc.out+"."+name)
	}
	writeStructVar(w, loc.out, fields)
	if t.ReturnsError {
		w.WriteString(in + "var " + loc.err + " error\n")
		targets = append(targets, loc.err)
	}
	w.WriteString(in + strings.Join(targets, ", ") + " = " + call + "\n")
	if t.ReturnsError {
		w.WriteString(in + "if " + loc.err + " != nil {\n" + in + "\treturn nil, " + loc.err + "\n" + in + "}\n")
	}
	w.WriteString(in + "return " + g.rt("StructuredResult") + "(" + loc.out + ")\n")
	return nil
}

// results writes the statements that call the function and return its
// results as a *runtime.Result.
func (g *gen) results(w *bytes.Buffer, t *parser.Tool, call string, loc localNames) error {
	const in = "\t\t\t"
	errCheck := in + "if " + loc.err + " != nil {\n" + in + "\treturn nil, " + loc.err + "\n" + in + "}\n"
	if t.Result == parser.ResultNone {
		if t.ReturnsError {
			w.WriteString(in + "if " + loc.err + " := " + call + "; " + loc.err + " != nil {\n" + in + "\treturn nil, " + loc.err + "\n" + in + "}\n")
		} else {
			w.WriteString(in + call + "\n")
		}
		w.WriteString(in + "return " + g.rt("EmptyResult") + "(), nil\n")
		return nil
	}
	if t.Result == parser.ResultObject {
		return g.objectResult(w, t, call, loc)
	}
	if t.ResultType == nil {
		return fmt.Errorf("no result type in the model")
	}
	if t.Result == parser.ResultRaw && isRuntimeResultPtr(t.ResultType) {
		// The function already returns what a handler returns.
		if t.ReturnsError {
			w.WriteString(in + "return " + call + "\n")
		} else {
			w.WriteString(in + "return " + call + ", nil\n")
		}
		return nil
	}
	out := loc.out
	if t.ReturnsError {
		w.WriteString(in + out + ", " + loc.err + " := " + call + "\n" + errCheck)
	} else {
		w.WriteString(in + out + " := " + call + "\n")
	}

	switch t.Result {
	case parser.ResultText:
		text := out
		if !types.Identical(t.ResultType, types.Typ[types.String]) {
			text = "string(" + out + ")"
		}
		w.WriteString(in + "return " + g.rt("TextResult") + "(" + text + "), nil\n")
	case parser.ResultStructured:
		w.WriteString(in + "return " + g.rt("StructuredResult") + "(" + out + ")\n")
	case parser.ResultWrapped:
		w.WriteString(in + "return " + g.rt("WrappedResult") + "(" + out + ")\n")
	case parser.ResultRaw:
		res, err := g.rawResult(t.ResultType, out)
		if err != nil {
			return err
		}
		if _, ptr := types.Unalias(t.ResultType).(*types.Pointer); ptr {
			// A nil content pointer is no content, as a nil *Result is.
			w.WriteString(in + "if " + out + " == nil {\n" + in + "\treturn " + g.rt("EmptyResult") + "(), nil\n" + in + "}\n")
		}
		w.WriteString(in + "return " + res + ", nil\n")
	default:
		return fmt.Errorf("unknown result kind %d", t.Result)
	}
	return nil
}

// runtimeNamed returns the name of t if t is a named type of the runtime
// package.
func runtimeNamed(t types.Type) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != runtimePath {
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
func (g *gen) rawResult(t types.Type, out string) (string, error) {
	if name, ok := runtimeNamed(t); ok && name == "Result" {
		return "&" + out, nil
	}
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		if name, ok := runtimeNamed(s.Elem()); ok && name == "Content" {
			return "&" + g.rt("Result") + "{Content: " + out + "}", nil
		}
	}
	elem := t
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		elem = p.Elem()
	}
	if _, ok := runtimeNamed(elem); ok {
		return "&" + g.rt("Result") + "{Content: []" + g.rt("Content") + "{" + out + "}}", nil
	}
	return "", fmt.Errorf("result type %s is not a runtime result or content type", t)
}
