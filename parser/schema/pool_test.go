package schema

import (
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
)

// TestMarshalBuffersReused: the text Marshal returns is its own, whatever
// later calls write into the pooled buffer, and a buffer grown above 1 MiB
// is not kept.
func TestMarshalBuffersReused(t *testing.T) {
	small := &jsonschema.Schema{Type: "string", Description: "first"}
	first, err := Marshal(small)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Clone(first)
	huge := &jsonschema.Schema{Type: "string", Description: strings.Repeat("x", 2<<20)}
	for range 3 {
		if _, err := Marshal(&jsonschema.Schema{Type: "integer", Description: "second, longer than the first"}); err != nil {
			t.Fatal(err)
		}
		if _, err := Marshal(huge); err != nil {
			t.Fatal(err)
		}
	}
	if first != want {
		t.Fatalf("an earlier result changed: %q, was %q", first, want)
	}
	for range 10 {
		bp := marshalBuffers.Get().(*[]byte)
		if cap(*bp) > 1<<20 {
			t.Fatalf("the pool kept a buffer of %d bytes", cap(*bp))
		}
	}
}
