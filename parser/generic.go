package parser

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strings"
)

// declaredAt matches the position the type checker gives a type parameter
// it cannot infer, "(declared at /abs/dir/file.go:12:3)": the file's base
// name is enough beside a diagnostic in that file.
var declaredAt = regexp.MustCompile(`\(declared at (\S+)\)`)

// instantiate applies the option types= of t's //mcp:tool (opts) to t's
// function: a generic function is instantiated with the type arguments it
// names, checked against the constraints, and t.sig is the instantiated
// signature, from which the schemas are derived; valuePos is the position
// of the option's value. It reports problems at the type argument they
// concern and returns false when the tool cannot be shaped.
func (c *checker) instantiate(t *toolDecl, opts toolOptions, valuePos token.Pos) bool {
	fd, sig := t.decl, t.Func.Signature()
	tparams := sig.TypeParams()
	if opts.BadTypeArgs {
		t.bad = true // reported with the options
		return false
	}
	if tparams.Len() == 0 {
		// A method of a generic type has no type parameters of its own:
		// signature refuses it, saying why.
		if opts.TypeArgs != "" && sig.RecvTypeParams().Len() == 0 {
			what := "function"
			if fd.Recv != nil {
				what = "method"
			}
			c.errorf(valuePos, "types=%s: %s %s has no type parameters; types= names the type arguments of a generic function", opts.TypeArgs, what, t.GoName)
			t.bad = true
			return false
		}
		t.sig = sig
		return true
	}
	var list []string
	for i := range tparams.Len() {
		p := tparams.At(i)
		list = append(list, p.Obj().Name()+" "+typeString(p.Constraint(), t.pkg.Types))
	}
	params := strings.Join(list, ", ")
	if opts.TypeArgs == "" {
		c.errorf(fd.Type.TypeParams.Pos(), "generic function %s[%s] cannot be a tool without type arguments: name them with types= (//mcp:tool types=%s), one //mcp:tool per instantiation, each with a name= of its own when there are several; or call it from a non-generic function and annotate that",
			t.GoName, params, exampleTypeArgs(tparams))
		t.bad = true
		return false
	}
	// The value is read as the index of an instantiation, F[value], which
	// the type checker checks in the scope of the function's file (its
	// imports name the packages, as in the function's signature): type
	// arguments are written as in Go (map[string]int, time.Duration), and
	// trailing ones it can infer may be left out (Reverse[[]string]).
	text := opts.TypeArgs
	base := 0 // offset of text in the directive's value
	if opts.TypeArgsQuoted {
		base = 1
	}
	prefix := t.GoName + "["
	expr, err := parser.ParseExpr(prefix + text + "]")
	var fun ast.Expr
	switch e := expr.(type) {
	case *ast.IndexExpr:
		fun = e.X
	case *ast.IndexListExpr:
		fun = e.X
	}
	id, _ := fun.(*ast.Ident)
	if err != nil || id == nil {
		c.errorf(valuePos, "types=%s: want the type arguments of %s[%s] as Go writes them, separated by commas (types=%s)", text, t.GoName, params, exampleTypeArgs(tparams))
		t.bad = true
		return false
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{}}
	if err := types.CheckExpr(c.fset, t.pkg.Types, fd.Pos(), expr, info); err != nil {
		pos := valuePos
		var te types.Error
		if errors.As(err, &te) {
			// The position is in the text F[value], parsed on its own.
			if off := int(te.Pos) - 1 - len(prefix); off >= 0 && off < len(text) {
				pos += token.Pos(base + off)
			}
		}
		msg := declaredAt.ReplaceAllStringFunc(stripPos(err), func(m string) string {
			return "(declared at " + filepath.Base(declaredAt.FindStringSubmatch(m)[1]) + ")"
		})
		switch {
		case strings.HasPrefix(msg, "undefined: ") && strings.Contains(text, "."):
			msg += " (a package named in types= must be imported by the function's file)"
		case strings.HasPrefix(msg, "cannot infer "):
			msg += fmt.Sprintf("; name it in types= too (%s[%s])", t.GoName, params)
		}
		c.errorf(pos, "types=%s: %s[%s] does not instantiate: %s", text, t.GoName, text, msg)
		t.bad = true
		return false
	}
	inst, ok := info.Instances[id]
	isig, _ := inst.Type.(*types.Signature)
	if !ok || isig == nil || isig.TypeParams().Len() > 0 {
		c.errorf(valuePos, "types=%s: %s[%s] does not instantiate %s[%s]", text, t.GoName, text, t.GoName, params)
		t.bad = true
		return false
	}
	targs := make([]types.Type, inst.TypeArgs.Len())
	for i := range targs {
		targs[i] = inst.TypeArgs.At(i)
	}
	// Positions of the instantiated signature's parameters are those of
	// the declaration, where the schema builder reports.
	t.sig = isig
	t.TypeArgs = targs
	return true
}

// exampleTypeArgs returns type arguments that would make an example of
// types= for the type parameters: any for each, or a type of the
// constraint's type set where it has one.
func exampleTypeArgs(tparams *types.TypeParamList) string {
	var out []string
	for i := range tparams.Len() {
		arg := "string"
		if iface, ok := tparams.At(i).Constraint().Underlying().(*types.Interface); ok && !iface.IsMethodSet() {
			if terms := termsOf(iface); len(terms) > 0 {
				arg = terms[0]
			}
		}
		out = append(out, arg)
	}
	return strings.Join(out, ",")
}

// termsOf returns the types of the first union of iface's embedded
// elements (int | float64 -> int, float64), without tildes.
func termsOf(iface *types.Interface) []string {
	for i := range iface.NumEmbeddeds() {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			var out []string
			for j := range e.Len() {
				if b, ok := e.Term(j).Type().Underlying().(*types.Basic); ok {
					out = append(out, b.Name())
				}
			}
			return out
		case *types.Basic:
			return []string{e.Name()}
		case *types.Named:
			if inner, ok := e.Underlying().(*types.Interface); ok {
				if t := termsOf(inner); len(t) > 0 {
					return t
				}
			}
		}
	}
	return nil
}

// stripPos returns the message of a go/types error without the position
// it was found at: the caller reports it at its own.
func stripPos(err error) string {
	var te types.Error
	if errors.As(err, &te) {
		return te.Msg
	}
	return err.Error()
}

// typeArgWord returns a word for the type arguments targs, for an example
// tool name: int for [int], string_int for [string, int].
func typeArgWord(targs []types.Type, pkg *types.Package) string {
	if len(targs) == 0 {
		return "int"
	}
	var words []string
	for _, a := range targs {
		w := strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
				return r
			}
			return '_'
		}, typeString(a, pkg))
		words = append(words, strings.Trim(snakeCase(w), "_"))
	}
	return strings.Join(words, "_")
}
