package schema

import (
	"go/constant"
	"go/types"
	"math/big"
	"slices"
	"strings"
)

// An EnumSwitch says whether the declared constants of a type make it an
// enum: inferred by the rules of inferredEnum, or stated by a directive
// "//mcp:enum" (on) or "//mcp:enum off" in the doc comment of the type, of
// a struct field, or (through Param.Enum) of a plain parameter (the
// parser reads "//mcp:enum [on|off] PARAM" in a tool's doc comment).
type EnumSwitch int8

const (
	EnumInferred EnumSwitch = iota // no directive: the rules decide
	EnumOn                         // //mcp:enum or //mcp:enum on
	EnumOff                        // //mcp:enum off
)

// ParseEnumDirective returns the switch that the text of an //mcp:enum
// directive, after "//mcp:", states; ok is false for malformed text.
func ParseEnumDirective(text string) (sw EnumSwitch, ok bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	if word != "enum" {
		return EnumInferred, false
	}
	switch strings.TrimSpace(rest) {
	case "", "on":
		return EnumOn, true
	case "off":
		return EnumOff, true
	}
	return EnumInferred, false
}

// enumDirective returns the switch stated in the directives of the type or
// field declared at the position of obj.
func (b *Builder) enumDirective(obj types.Object) EnumSwitch {
	dirs := b.directives(obj.Pos())
	if dirs == "" {
		return EnumInferred
	}
	sw := EnumInferred
	for line := range strings.SplitSeq(dirs, "\n") {
		if s, ok := ParseEnumDirective(line); ok {
			sw = s
		}
	}
	return sw
}

// isEnum reports whether the input schema of the named type t is an enum
// of its declared constants, with sw the switch of the field or parameter
// of type t (EnumInferred when it states none). A switch at the field or
// parameter wins over one at the type, which wins over the rules.
func (b *Builder) isEnum(t *types.Named, sw EnumSwitch) bool {
	if sw == EnumInferred {
		sw = b.enumDirective(t.Obj())
	}
	switch sw {
	case EnumOn:
		return true
	case EnumOff:
		return false
	}
	return b.inferredEnum(t)
}

// inferredEnum applies the rules that tell an enum from other types with
// declared constants. A string type with constants is an enum. An integer
// type is not when its constants are the values of a flag set or units of
// a quantity: when one of them is declared by shifting, oring or
// multiplying by a named constant (1 << iota, Read | Write, 1000 *
// Millisecond: time.Duration, sizes), or when, without such syntax, their
// non-zero magnitudes, three or more, each divide the next (1, 2, 4, 8 or
// 1, 1000, 1000000): a value between them is as valid as they are.
func (b *Builder) inferredEnum(t *types.Named) bool {
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	if basic.Info()&types.IsString != 0 {
		return true
	}
	b.mu.Lock()
	v, ok := b.enumRule[t.Obj()]
	b.mu.Unlock()
	if ok {
		return v
	}
	v = b.integerEnum(t)
	b.mu.Lock()
	b.enumRule[t.Obj()] = v
	b.mu.Unlock()
	return v
}

func (b *Builder) integerEnum(t *types.Named) bool {
	var mags []*big.Int
	scope := t.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), t) {
			continue
		}
		if b.scaledConst(c.Pos()) {
			return false
		}
		if v, ok := constant.Val(c.Val()).(*big.Int); ok && v.Sign() != 0 {
			mags = append(mags, new(big.Int).Abs(v))
		} else if v, ok := constant.Val(c.Val()).(int64); ok && v != 0 {
			mags = append(mags, new(big.Int).Abs(big.NewInt(v)))
		}
	}
	slices.SortFunc(mags, (*big.Int).Cmp)
	mags = slices.CompactFunc(mags, func(x, y *big.Int) bool { return x.Cmp(y) == 0 })
	if len(mags) < 3 {
		return true
	}
	var q, r big.Int
	for i := 1; i < len(mags); i++ {
		q.QuoRem(mags[i], mags[i-1], &r)
		if r.Sign() != 0 || q.Cmp(big.NewInt(2)) < 0 {
			return true
		}
	}
	return false
}

// checkEnumSwitch reports an //mcp:enum switch at a field or parameter of
// type t that could not apply: t holds no named string or integer type.
func (c *conv) checkEnumSwitch(at site, t types.Type, sw EnumSwitch) {
	if sw == EnumInferred {
		return
	}
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Map:
			t = u.Elem()
			continue
		case *types.Named:
			if b, ok := u.Underlying().(*types.Basic); ok && b.Info()&(types.IsString|types.IsInteger) != 0 {
				return
			}
		}
		break
	}
	c.report(at, "//mcp:enum applies to a named string or integer type (or a pointer, slice, array or map of one), not to "+c.typeString(t))
}
