package gen_signatures

// This test is added to testdata/gen_signatures, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the generated tools as a client does, through the runtime's
// validation, decoding and result shaping.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("signatures", "1.0.0")
	RegisterTools(srv)
	for _, c := range []struct {
		name, args string
		want       []string // substrings of the result as a client gets it
	}{
		// A struct beside another parameter: each is one argument.
		{"pad", `{"b":{"min":[0,0],"max":[1,1]},"meters":1}`, []string{`"structuredContent":{"min":[-1,-1],"max":[2,2]}`}},
		// A variadic parameter is an optional array.
		{"sum", `{}`, []string{`"structuredContent":{"result":0}`}},
		{"sum", `{"values":[1,2.5]}`, []string{`"structuredContent":{"result":3.5}`}},
		{"join", `{"sep":"-","words":["a","b"]}`, []string{`"text":"a-b"`}},
		// Several results: one member each, named after the result.
		{"span", `{"z":1}`, []string{`"structuredContent":{"first":0,"last":3}`}},
		{"min_max", `{"values":[3,1,2]}`, []string{`"structuredContent":{"result1":1,"result2":3}`}},
		{"min_max", `{"values":[]}`, []string{`"isError":true`, `no values`}},
		{"capital", `{"country":"Japan"}`, []string{`"structuredContent":{"value":"Tokyo","found":true}`}},
		{"capital", `{"country":"Narnia"}`, []string{`"structuredContent":{"value":"","found":false}`}},
		{"find_cities", `{"countries":["Japan","Narnia"]}`, []string{`"structuredContent":{"found":[{"name":"Tokyo","country":"Japan"},null],"missing":1}`}},
		// Errors returned as a value are their texts.
		{"check", `{"version":"v1.2.3"}`, []string{`"structuredContent":{"ok":true,"problems":[]}`}},
		{"check", `{"version":"1.2"}`, []string{`"structuredContent":{"ok":false,"problems":["no leading \"v\"","1 dots, want 2"]}`}},
		// A pointer to a struct is sent as the struct; nil, which no object
		// of its output schema is, says so to the model.
		{"find_city", `{"country":"Narnia"}`, []string{`{"content":[{"type":"text","text":"find_city returned no City"}],"isError":true}`}},
		{"find_city", `{"country":"France"}`, []string{`"structuredContent":{"name":"Paris","country":"France"}}`}},
		{"signature", `{"key":"none"}`, []string{`"structuredContent":{"result":null}`}},
		{"signature", `{"key":"release"}`, []string{`"structuredContent":{"result":"3q0="}`}},
		// //mcp:arg keywords are enforced before the function runs.
		{"range", `{"n":100000000000}`, []string{`"isError":true`, `\"n\"`, `1000`}},
		{"range", `{"n":3}`, []string{`"structuredContent":{"result":[0,1,2]}`}},
		{"range", `{"n":3,"step":2}`, []string{`"structuredContent":{"result":[0,2,4]}`}},
		{"range", `{"n":1,"step":0}`, []string{`"isError":true`, `\"step\"`}},
		{"repeat", `{"word":"ab","unit":"line","times":2}`, []string{`"text":"ab\nab"`}},
		{"repeat", `{"word":"AB","unit":"line","times":2}`, []string{`"isError":true`, `\"word\"`}},
		{"repeat", `{"word":"ab","unit":"page","times":2}`, []string{`"isError":true`, `\"unit\"`}},
		{"repeat", `{"word":"ab","unit":"word"}`, []string{`"isError":true`, `times`}},
		{"repeat", `{"word":"ab","unit":"word","times":11}`, []string{`"isError":true`, `\"times\"`}},
	} {
		res, err := srv.Call(context.Background(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Errorf("%s %s: %v", c.name, c.args, err)
			continue
		}
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s %s: result lacks %s:\n%s", c.name, c.args, w, b)
			}
		}
	}
	// A plain parameter of a named type is described by the type's doc.
	for _, tool := range srv.Tools() {
		if tool.Name == "tile_count" && !strings.Contains(tool.InputSchema, `"description":"Zoom is a zoom level of a map: 0 shows the whole world."`) {
			t.Errorf("tile_count: z is not described by Zoom's doc comment:\n%s", tool.InputSchema)
		}
	}
}
