package generator

import (
	"fmt"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// typeCode returns t as code of the generated file. Every named type of
// another package is qualified with that package's import, which jennifer
// names when the file is rendered; typeCode records the package in
// g.imports, so that the imports can be named (see gen.nameImports) before
// the file is rendered.
func (g *gen) typeCode(t types.Type) (*jen.Statement, error) {
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case t.Kind() == types.UnsafePointer:
			return g.qual("unsafe", "unsafe", "Pointer"), nil
		case t.Info()&types.IsUntyped != 0:
			return nil, fmt.Errorf("untyped %s has no type in source", t)
		}
		return jen.Id(t.Name()), nil
	case *types.Named:
		return g.named(t.Obj(), t.TypeArgs())
	case *types.Alias:
		return g.named(t.Obj(), t.TypeArgs())
	case *types.Pointer:
		return g.wrap(jen.Op("*"), t.Elem())
	case *types.Slice:
		return g.wrap(jen.Index(), t.Elem())
	case *types.Array:
		return g.wrap(jen.Index(jen.Id(strconv.FormatInt(t.Len(), 10))), t.Elem())
	case *types.Map:
		key, err := g.typeCode(t.Key())
		if err != nil {
			return nil, err
		}
		return g.wrap(jen.Map(key), t.Elem())
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
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
			// chan <-chan T would parse as chan<- (chan T).
			return jen.Chan().Parens(elem), nil
		}
		return jen.Chan().Add(elem), nil
	case *types.Signature:
		return g.signature(jen.Func(), nil, t)
	case *types.Struct:
		return g.structType(t)
	case *types.Interface:
		return g.interfaceType(t)
	case *types.TypeParam:
		return nil, fmt.Errorf("type parameter %s is not supported", t)
	}
	return nil, fmt.Errorf("type %s (%T) is not supported", t, t)
}

// wrap returns prefix followed by the code of elem.
func (g *gen) wrap(prefix *jen.Statement, elem types.Type) (*jen.Statement, error) {
	code, err := g.typeCode(elem)
	if err != nil {
		return nil, err
	}
	return prefix.Add(code), nil
}

// named returns a defined type or alias, with its type arguments.
func (g *gen) named(obj *types.TypeName, targs *types.TypeList) (*jen.Statement, error) {
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
		code = g.qual(pkg.Path(), pkg.Name(), obj.Name())
	}
	if targs.Len() == 0 {
		return code, nil
	}
	args := make([]jen.Code, targs.Len())
	for i := range targs.Len() {
		arg, err := g.typeCode(targs.At(i))
		if err != nil {
			return nil, err
		}
		args[i] = arg
	}
	return code.Types(args...), nil
}

// signature appends the parameters and results of sig to s: after func,
// a function type; after a name, a method of an interface. recv, if not
// nil, is an extra first parameter, which makes the type of a method
// expression.
func (g *gen) signature(s *jen.Statement, recv jen.Code, sig *types.Signature) (*jen.Statement, error) {
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
		code, err := g.typeCode(t)
		if err != nil {
			return nil, err
		}
		if variadic {
			code = jen.Op("...").Add(code)
		}
		params = append(params, code)
	}
	results := make([]jen.Code, sig.Results().Len())
	for i := range results {
		code, err := g.typeCode(sig.Results().At(i).Type())
		if err != nil {
			return nil, err
		}
		results[i] = code
	}
	s = s.Params(params...)
	switch len(results) {
	case 0:
		return s, nil
	case 1:
		return s.Add(results[0]), nil
	}
	return s.Params(results...), nil
}

// structType returns a struct type literal, tags included verbatim (a tag
// is part of the type's identity).
func (g *gen) structType(t *types.Struct) (*jen.Statement, error) {
	fields := make([]jen.Code, t.NumFields())
	for i := range t.NumFields() {
		f := t.Field(i)
		if !f.Exported() && f.Pkg() != nil && f.Pkg().Path() != g.pkg.PkgPath {
			return nil, fmt.Errorf("struct type %s has unexported field %s of package %s", t, f.Name(), f.Pkg().Path())
		}
		code, err := g.typeCode(f.Type())
		if err != nil {
			return nil, err
		}
		if !f.Embedded() {
			code = jen.Id(f.Name()).Add(code)
		}
		if tag := t.Tag(i); tag != "" {
			code = code.Op(tagLit(tag))
		}
		fields[i] = code
	}
	return jen.Struct(fields...), nil
}

// tagLit returns a struct tag verbatim as a string literal, raw when it
// can be. (jennifer's Tag rebuilds a tag from a map, in sorted key order.)
func tagLit(tag string) string {
	if strconv.CanBackquote(tag) {
		return "`" + tag + "`"
	}
	return strconv.Quote(tag)
}

// interfaceType returns an interface type literal: any, or its embedded
// types and explicit methods.
func (g *gen) interfaceType(t *types.Interface) (*jen.Statement, error) {
	if t.Empty() {
		return jen.Any(), nil
	}
	var elems []jen.Code
	for i := range t.NumEmbeddeds() {
		code, err := g.typeCode(t.EmbeddedType(i))
		if err != nil {
			return nil, err
		}
		elems = append(elems, code)
	}
	for i := range t.NumExplicitMethods() {
		m := t.ExplicitMethod(i)
		if !m.Exported() && m.Pkg() != nil && m.Pkg().Path() != g.pkg.PkgPath {
			return nil, fmt.Errorf("interface type %s has unexported method %s of package %s", t, m.Name(), m.Pkg().Path())
		}
		code, err := g.signature(jen.Id(m.Name()), nil, m.Type().(*types.Signature))
		if err != nil {
			return nil, err
		}
		elems = append(elems, code)
	}
	return jen.Interface(elems...), nil
}
