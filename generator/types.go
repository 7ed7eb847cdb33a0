package generator

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
)

// typeCode renders t as Go source in the generated file, qualifying every
// named type of another package with its import's name and recording that
// package's import. Before the imports are named (the first pass, which
// only collects them), a package's own name stands in for its import name.
//
// Types are written on one line, as gofmt prints them, except struct and
// interface literals with fields or methods, which are written one element
// per line; gofmt lays those out itself (see gen.inexact).
func (g *gen) typeCode(t types.Type) (string, error) {
	var b strings.Builder
	if err := g.writeType(&b, t); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (g *gen) writeType(b *strings.Builder, t types.Type) error {
	switch t := t.(type) {
	case *types.Basic:
		switch {
		case t.Kind() == types.UnsafePointer:
			b.WriteString(g.qual("unsafe", "unsafe", "Pointer"))
			return nil
		case t.Info()&types.IsUntyped != 0:
			return fmt.Errorf("untyped %s has no type in source", t)
		}
		b.WriteString(t.Name())
		return nil
	case *types.Named:
		return g.writeNamed(b, t.Obj(), t.TypeArgs())
	case *types.Alias:
		return g.writeNamed(b, t.Obj(), t.TypeArgs())
	case *types.Pointer:
		b.WriteByte('*')
		return g.writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		return g.writeType(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		return g.writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		if err := g.writeType(b, t.Key()); err != nil {
			return err
		}
		b.WriteByte(']')
		return g.writeType(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			// chan (<-chan T) needs the parentheses: chan <-chan T would
			// parse as chan<- (chan T).
			if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
				b.WriteString("chan (")
				if err := g.writeType(b, t.Elem()); err != nil {
					return err
				}
				b.WriteByte(')')
				return nil
			}
			b.WriteString("chan ")
		}
		return g.writeType(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		return g.writeSignature(b, "", t)
	case *types.Struct:
		return g.writeStruct(b, t)
	case *types.Interface:
		return g.writeInterface(b, t)
	case *types.TypeParam:
		return fmt.Errorf("type parameter %s is not supported", t)
	}
	return fmt.Errorf("type %s (%T) is not supported", t, t)
}

// writeNamed writes a defined type or alias, with its type arguments.
func (g *gen) writeNamed(b *strings.Builder, obj *types.TypeName, targs *types.TypeList) error {
	switch pkg := obj.Pkg(); {
	case pkg == nil: // error, any, comparable
		b.WriteString(obj.Name())
	case obj.Parent() != nil && obj.Parent() != pkg.Scope():
		return fmt.Errorf("type %s is declared inside a function and cannot be named in generated code", obj.Name())
	case pkg.Path() == g.pkg.PkgPath:
		b.WriteString(obj.Name())
	case !obj.Exported():
		return fmt.Errorf("type %s.%s is not exported", pkg.Path(), obj.Name())
	default:
		b.WriteString(g.qual(pkg.Path(), pkg.Name(), obj.Name()))
	}
	if targs.Len() > 0 {
		b.WriteByte('[')
		for i := range targs.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := g.writeType(b, targs.At(i)); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	}
	return nil
}

// writeSignature writes the parameters and results of sig. recv, if not
// empty, is written as an extra first parameter, which makes the type of a
// method expression.
func (g *gen) writeSignature(b *strings.Builder, recv string, sig *types.Signature) error {
	b.WriteByte('(')
	if recv != "" {
		b.WriteString(recv)
	}
	for i := range sig.Params().Len() {
		if i > 0 || recv != "" {
			b.WriteString(", ")
		}
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			b.WriteString("...")
			t = t.(*types.Slice).Elem()
		}
		if err := g.writeType(b, t); err != nil {
			return err
		}
	}
	b.WriteByte(')')
	n := sig.Results().Len()
	if n == 0 {
		return nil
	}
	b.WriteByte(' ')
	if n > 1 {
		b.WriteByte('(')
	}
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		if err := g.writeType(b, sig.Results().At(i).Type()); err != nil {
			return err
		}
	}
	if n > 1 {
		b.WriteByte(')')
	}
	return nil
}

// writeStruct writes a struct type literal, tags included, one field per
// line. Its layout is left to gofmt.
func (g *gen) writeStruct(b *strings.Builder, t *types.Struct) error {
	if t.NumFields() == 0 {
		b.WriteString("struct{}")
		return nil
	}
	g.inexact.Store(true)
	b.WriteString("struct {\n")
	for i := range t.NumFields() {
		f := t.Field(i)
		if !f.Exported() && f.Pkg() != nil && f.Pkg().Path() != g.pkg.PkgPath {
			return fmt.Errorf("struct type %s has unexported field %s of package %s", t, f.Name(), f.Pkg().Path())
		}
		if !f.Embedded() {
			b.WriteString(f.Name() + " ")
		}
		if err := g.writeType(b, f.Type()); err != nil {
			return err
		}
		if tag := t.Tag(i); tag != "" {
			b.WriteString(" " + tagLit(tag))
		}
		b.WriteByte('\n')
	}
	b.WriteByte('}')
	return nil
}

// tagLit renders a struct tag verbatim, as a raw string literal when it can.
func tagLit(tag string) string {
	if strconv.CanBackquote(tag) {
		return "`" + tag + "`"
	}
	return strconv.Quote(tag)
}

// writeInterface writes an interface type literal: any, or its embedded
// types and explicit methods one per line, whose layout is left to gofmt.
func (g *gen) writeInterface(b *strings.Builder, t *types.Interface) error {
	if t.Empty() {
		b.WriteString("any")
		return nil
	}
	g.inexact.Store(true)
	b.WriteString("interface {\n")
	for i := range t.NumEmbeddeds() {
		if err := g.writeType(b, t.EmbeddedType(i)); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	for i := range t.NumExplicitMethods() {
		m := t.ExplicitMethod(i)
		if !m.Exported() && m.Pkg() != nil && m.Pkg().Path() != g.pkg.PkgPath {
			return fmt.Errorf("interface type %s has unexported method %s of package %s", t, m.Name(), m.Pkg().Path())
		}
		b.WriteString(m.Name())
		if err := g.writeSignature(b, "", m.Type().(*types.Signature)); err != nil {
			return err
		}
		b.WriteByte('\n')
	}
	b.WriteByte('}')
	return nil
}
