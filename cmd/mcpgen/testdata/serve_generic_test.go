package gen_generic

// This test is added to testdata/gen_generic, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls each instantiation's tool as a client does and compares what
// the client gets with a direct Go call of the same instantiation.

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("generic", "1.0.0")
	RegisterTools(srv)
	maxInt, _ := Max(3, 9, 4)
	maxString, _ := Max("pear", "apple", "quince")
	words := []string{"a", "b", "c"}
	Reverse(words)
	page, _ := Paginate(context.Background(), []Task{{Title: "one"}, {Title: "two", Done: true}, {Title: "three"}}, 2)
	for _, c := range []struct {
		name, args string
		direct     any // what the Go call returns, as the tool's structured content
	}{
		{"max_int", `{"xs":[3,9,4]}`, map[string]any{"result": maxInt}},
		{"max_string", `{"xs":["pear","apple","quince"]}`, maxString}, // a string is one text block
		{"sum_floats", `{"xs":[0.5,1.25,2]}`, map[string]any{"result": Sum([]float64{0.5, 1.25, 2})}},
		{"sum_durations", `{"xs":[1000000000,60000000000]}`, map[string]any{"result": Sum([]time.Duration{time.Second, time.Minute})}},
		{"invert", `{"m":{"a":1,"b":2}}`, Invert(map[string]int{"a": 1, "b": 2})},
		{"paginate_tasks", `{"items":[{"title":"one"},{"title":"two","done":true},{"title":"three"}],"size":2}`, page},
		{"reverse_words", `{"xs":["a","b","c"]}`, map[string]any{"result": words}},
		{"open_int_box", `{"value":42,"label":"answer"}`, map[string]any{"result": Open(Box[int]{Value: 42, Label: "answer"})}},
		{"zero_task", `{}`, Zero[Task]()},
	} {
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil || res.IsError {
			t.Errorf("%s %s: %v %+v", c.name, c.args, err, res)
			continue
		}
		var got, want any
		if s, ok := c.direct.(string); ok {
			got, want = res.Content[0].(*runtime.TextContent).Text, s
		} else {
			got, want = roundTrip(t, res.StructuredContent), roundTrip(t, c.direct)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: the tool gives %v, the Go call %v", c.name, c.args, got, want)
		}
	}
	// A failure of the instantiated function is the tool's error.
	res, err := srv.Call(context.Background(), "max_int", json.RawMessage(`{}`), nil)
	if err != nil || !res.IsError || res.Content[0].(*runtime.TextContent).Text != "no values" {
		t.Errorf("max_int of nothing: %v %+v", err, res)
	}
}

// roundTrip returns v as JSON reads it back: the form a client sees.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
