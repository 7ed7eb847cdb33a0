package generator

import (
	"fmt"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// typeCode renders t as Go source in the generated file, qualifying every
// named type of another package and recording that package's import.
func (g *gen) typeCode(t types.Type) (*jen.Statement, error) {
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case t.Kind() == types.UnsafePointer:
			g.imports["unsafe"] = "unsafe"
			return jen.Qual("unsafe", "Pointer"), nil
		case t.Info()&types.IsUntyped != 0:
			return nil, fmt.Errorf("untyped %s has no type in source", t)
		}
		return jen.Id(t.Name()), nil
	case *types.Named:
		return g.namedCode(t.Obj(), t.TypeArgs())
	case *types.Alias:
		return g.namedCode(t.Obj(), t.TypeArgs())
	case *types.Pointer:
		elem, err := g.typeCode(t.Elem())
		if err != nil {
			return nil, err
		}
		return jen.Op("*").Add(elem), nil
	case *types.Slice:
		elem, err := g.typeCode(t.Elem())
		if err != nil {
			return nil, err
		}
		return jen.Index().Add(elem), nil
	case *types.Array:
		elem, err := g.typeCode(t.Elem())
		if err != nil {
			return nil, err
		}
		return jen.Index(jen.Lit(int(t.Len()))).Add(elem), nil
	case *types.Map:
		key, err := g.typeCode(t.Key())
		if err != nil {
			return nil, err
		}
		elem, err := g.typeCode(t.Elem())
		if err != nil {
			return nil, err
		}
		return jen.Map(key).Add(elem), nil
	case *types.Chan:
		elem, err := g.typeCode(t.Elem())
		if err != nil {
			return nil, err
		}
		switch t.Dir() {
		case types.SendOnly:
			return jen.Chan().Op("<-").Add(elem), nil
		case types.RecvOnly:
			return jen.Op("<-").Chan().Add(elem), nil
		}
		// chan (<-chan T) needs the parentheses: chan <-chan T would
		// parse as chan<- (chan T).
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
			return jen.Chan().Parens(elem), nil
		}
		return jen.Chan().Add(elem), nil
	case *types.Signature:
		return g.signatureCode(jen.Func(), nil, t)
	case *types.Struct:
		return g.structCode(t)
	case *types.Interface:
		return g.interfaceCode(t)
	case *types.TypeParam:
		return nil, fmt.Errorf("type parameter %s is not supported", t)
	}
	return nil, fmt.Errorf("type %s (%T) is not supported", t, t)
}

// namedCode renders a defined type or alias, with its type arguments.
func (g *gen) namedCode(obj *types.TypeName, targs *types.TypeList) (*jen.Statement, error) {
	var code *jen.Statement
	switch pkg := obj.Pkg(); {
	case pkg == nil: // error, any, comparable
		code = jen.Id(obj.Name())
	case obj.Parent() != nil && obj.Parent() != pkg.Scope():
		return nil, fmt.Errorf("type %s is declared inside a function and cannot be named in generated code", obj.Name())
	case pkg.Path() == g.pkg.PkgPath:
		code = jen.Id(obj.Name())
	case !obj.Exported():
		return nil, fmt.Errorf("type %s.%s is not exported", pkg.Path(), obj.Name())
	default:
		g.imports[pkg.Path()] = pkg.Name()
		code = jen.Qual(pkg.Path(), obj.Name())
	}
	if targs.Len() > 0 {
		args := make([]jen.Code, targs.Len())
		for i := range targs.Len() {
			arg, err := g.typeCode(targs.At(i))
			if err != nil {
				return nil, err
			}
			args[i] = arg
		}
		code.Types(args...)
	}
	return code, nil
}

// signatureCode appends the parameters and results of sig to code. recv, if
// not nil, is rendered as an extra first parameter, which is the type of a
// method expression.
func (g *gen) signatureCode(code *jen.Statement, recv jen.Code, sig *types.Signature) (*jen.Statement, error) {
	var params []jen.Code
	if recv != nil {
		params = append(params, recv)
	}
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		variadic := sig.Variadic() && i == sig.Params().Len()-1
		if variadic {
			t = t.(*types.Slice).Elem()
		}
		p, err := g.typeCode(t)
		if err != nil {
			return nil, err
		}
		if variadic {
			p = jen.Op("...").Add(p)
		}
		params = append(params, p)
	}
	code.Params(params...)
	var results []jen.Code
	for i := range sig.Results().Len() {
		r, err := g.typeCode(sig.Results().At(i).Type())
		if err != nil {
			return nil, err
		}
		results = append(results, r)
	}
	switch len(results) {
	case 0:
	case 1:
		code.Add(results[0])
	default:
		code.Params(results...)
	}
	return code, nil
}

// structCode renders a struct type literal, tags included.
func (g *gen) structCode(t *types.Struct) (*jen.Statement, error) {
	fields := make([]jen.Code, t.NumFields())
	for i := range t.NumFields() {
		f := t.Field(i)
		if !f.Exported() && f.Pkg() != nil && f.Pkg().Path() != g.pkg.PkgPath {
			return nil, fmt.Errorf("struct type %s has unexported field %s of package %s", t, f.Name(), f.Pkg().Path())
		}
		typ, err := g.typeCode(f.Type())
		if err != nil {
			return nil, err
		}
		field := jen.Add(typ)
		if !f.Embedded() {
			field = jen.Id(f.Name()).Add(typ)
		}
		if tag := t.Tag(i); tag != "" {
			field.Add(tagCode(tag))
		}
		fields[i] = field
	}
	return jen.Struct(fields...), nil
}

// tagCode renders a struct tag verbatim.
func tagCode(tag string) jen.Code {
	if strconv.CanBackquote(tag) {
		return jen.Op("`" + tag + "`")
	}
	return jen.Lit(tag)
}

// interfaceCode renders an interface type literal: any, or its embedded
// types and explicit methods.
func (g *gen) interfaceCode(t *types.Interface) (*jen.Statement, error) {
	if t.Empty() {
		return jen.Any(), nil
	}
	var elems []jen.Code
	for i := range t.NumEmbeddeds() {
		e, err := g.typeCode(t.EmbeddedType(i))
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
	}
	for i := range t.NumExplicitMethods() {
		m := t.ExplicitMethod(i)
		if !m.Exported() && m.Pkg() != nil && m.Pkg().Path() != g.pkg.PkgPath {
			return nil, fmt.Errorf("interface type %s has unexported method %s of package %s", t, m.Name(), m.Pkg().Path())
		}
		code, err := g.signatureCode(jen.Id(m.Name()), nil, m.Type().(*types.Signature))
		if err != nil {
			return nil, err
		}
		elems = append(elems, code)
	}
	return jen.Interface(elems...), nil
}
