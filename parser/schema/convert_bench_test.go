package schema

import (
	"go/types"
	"testing"
)

// BenchmarkConvert derives the input and output schemas of every corpus
// type with a fresh Builder per iteration (comments included).
func BenchmarkConvert(b *testing.B) {
	l, err := loadCorpus()
	if err != nil {
		b.Fatal(err)
	}
	var named []*types.Named
	for _, p := range l.pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			if obj, ok := scope.Lookup(name).(*types.TypeName); ok && obj.Exported() && isStruct(obj.Type()) {
				if n := obj.Type().(*types.Named); n.TypeParams().Len() == 0 {
					named = append(named, n)
				}
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		bl := NewBuilder(l.builder.fset, l.pkgs)
		for _, n := range named {
			bl.Struct(n, "", n.Obj().Pos())
			bl.Output(n, n.Obj().Pos())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(named)), "µs/type")
}
