package gen_othertype

// This test is added to testdata/gen_othertype, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools made of the methods of types of other packages,
// registered on receivers the caller has, as a client does.

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/testdata/gen_othertype/ext"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("othertype", "1.0.0")
	shelf := &ext.Shelf{}
	RegisterShelfTools(srv, shelf)
	RegisterReplacerTools(srv, strings.NewReplacer("cat", "dog"))
	for _, c := range []struct {
		name, args string
		want       string // a substring of the result as a client gets it
	}{
		{"shelf_add", `{"title":"Dune","year":1965}`, `"structuredContent":{"title":"Dune","year":1965}`},
		// A plain int parameter is required.
		{"shelf_add", `{"title":"Emma"}`, `\"year\": is required`},
		{"shelf_add", `{"title":"Emma","year":1815}`, `"structuredContent":{"title":"Emma","year":1815}`},
		{"shelf_add", `{"title":""}`, `"isError":true`},
		{"shelf_list", `{}`, `"structuredContent":{"result":[{"title":"Dune","year":1965},{"title":"Emma","year":1815}]}`},
		// FindContext is the tool find, named after Find.
		{"shelf_find", `{"title":"Emma"}`, `"structuredContent":{"value":{"title":"Emma","year":1815},"found":true}`},
		// //mcp:result ext.Receipt Removed, a function of this package.
		{"shelf_remove", `{"title":"Dune"}`, `"structuredContent":{"result":{"title":"Dune","year":1965},"removed":"Dune"}`},
		// //mcp:schema of this package for ext.Stars, which writes itself.
		{"shelf_rating", `{"title":"Dune"}`, `"structuredContent":{"result":"*****"}`},
		{"replacer_replace", `{"s":"a cat"}`, `"text":"a dog"`},
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
		if !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s: result lacks %s:\n%s", c.name, c.args, c.want, b)
		}
	}
	for _, tl := range srv.Tools() {
		// toolset= of the //mcp:tools of ext.Shelf, a toolset of this package.
		if strings.HasPrefix(tl.Name, "shelf_") != (tl.Toolset == "shelf") {
			t.Errorf("tool %s is in toolset %q", tl.Name, tl.Toolset)
		}
		switch tl.Name {
		case "shelf_watch", "shelf_find_context", "replacer_write_string":
			t.Errorf("tool %s is served", tl.Name)
		}
	}
}
