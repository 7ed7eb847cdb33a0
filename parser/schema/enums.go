package schema

import (
	"encoding/json"
	"go/constant"
	"go/types"
	"slices"
	"strings"
)

// enumValues returns the values of the constants declared with exactly the
// named type t in t's package, in declaration order (file name, then line
// and column), without repeats; nil when there are none. Only types whose
// underlying type is a string or integer kind have them.
func (b *Builder) enumValues(t *types.Named) []any {
	obj := t.Obj()
	if obj.Pkg() == nil || t.TypeArgs().Len() > 0 {
		return nil
	}
	basic, ok := t.Underlying().(*types.Basic)
	if !ok || basic.Info()&(types.IsString|types.IsInteger) == 0 {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if vals, ok := b.enums[obj]; ok {
		return vals
	}
	var consts []*types.Const
	scope := obj.Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), t) {
			consts = append(consts, c)
		}
	}
	slices.SortFunc(consts, func(x, y *types.Const) int {
		px, py := b.fset.Position(x.Pos()), b.fset.Position(y.Pos())
		if c := strings.Compare(px.Filename, py.Filename); c != 0 {
			return c
		}
		if px.Line != py.Line {
			return px.Line - py.Line
		}
		return px.Column - py.Column
	})
	var vals []any
	seen := map[string]bool{}
	for _, c := range consts {
		key := c.Val().ExactString()
		if seen[key] {
			continue // an alias such as Default = Celsius
		}
		seen[key] = true
		if c.Val().Kind() == constant.String {
			vals = append(vals, constant.StringVal(c.Val()))
		} else {
			vals = append(vals, json.Number(c.Val().ExactString()))
		}
	}
	b.enums[obj] = vals
	return vals
}
