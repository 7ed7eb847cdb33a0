// Package jsonform holds the rule of encoding/json that the parser and the
// generator both apply to a Go type: whether it writes the type's values
// with a method of their own.
package jsonform

import "go/types"

// OwnMarshaler returns the method, "MarshalJSON" or "MarshalText" in the
// order encoding/json prefers them, with which encoding/json writes values
// of t (through a pointer too, and promoted from an embedded field), or ""
// when it writes them member by member.
func OwnMarshaler(t types.Type) string {
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, m); obj != nil {
			if _, isFunc := obj.(*types.Func); isFunc {
				return m
			}
		}
	}
	return ""
}
