package model

import (
	"reflect"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestRuntimePath(t *testing.T) {
	if got := reflect.TypeFor[runtime.Result]().PkgPath(); got != RuntimePath {
		t.Errorf("RuntimePath = %q, but the runtime package is %q", RuntimePath, got)
	}
}

func TestRegisterFunc(t *testing.T) {
	for recv, want := range map[string]string{"": "RegisterTools", "Store": "RegisterStoreTools", "store": "RegisterStoreTools", "ünï": "RegisterÜnïTools"} {
		var r *Receiver
		if recv != "" {
			r = &Receiver{TypeName: recv}
		}
		if got := RegisterFunc(r); got != want {
			t.Errorf("RegisterFunc(%q) = %q, want %q", recv, got, want)
		}
	}
}
