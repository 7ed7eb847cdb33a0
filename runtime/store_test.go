package runtime_test

import (
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/runtime/storetest"
)

func TestMemoryStore(t *testing.T) {
	t.Parallel() // its expiry check waits a second
	storetest.Run(t, runtime.NewMemoryStore())
}
