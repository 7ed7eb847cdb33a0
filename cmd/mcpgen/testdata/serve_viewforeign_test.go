package gen_viewforeign

// This test is added to testdata/gen_viewforeign, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools made of another package's code (a type's methods,
// a package's functions, one function) and checks that their results show
// ext.Book and ext.Author through the package's views, and validate
// against the output schema each tool advertises.

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcpgen/mcpgen/internal/validate"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/testdata/gen_viewforeign/ext"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("viewforeign", "1.0.0")
	RegisterShelfTools(srv, &ext.Shelf{})
	RegisterTools(srv)
	schemas := map[string]*validate.Validator{}
	for _, tl := range srv.Tools() {
		if tl.Name == "build_info" {
			// A type of another module, no view: left out by default.
			if tl.OutputSchema != "" {
				t.Errorf("build_info: output schema %s, want none", tl.OutputSchema)
			}
			continue
		}
		if tl.OutputSchema == "" {
			t.Errorf("%s: no output schema (a view's is always kept)", tl.Name)
			continue
		}
		v, err := validate.Compile(tl.OutputSchema)
		if err != nil {
			t.Fatalf("%s: output schema: %v", tl.Name, err)
		}
		schemas[tl.Name] = v
	}
	// The books and authors keep the members of the views only: no isbn,
	// notes, url or bio, which the code of ext sets.
	dune := `{"title":"Dune","year":1965,"author":{"name":"Herbert"}}`
	emma := `{"title":"Emma","year":1815,"author":{"name":"Jane Austen","born":1775}}`
	for _, c := range []struct{ name, args, want string }{
		// The methods of ext.Shelf: a value, a slice of pointers, a
		// result object.
		{"shelf_add", `{"title":"Dune","year":1965,"author":"Herbert"}`, dune},
		{"shelf_add", `{"title":"Anon","year":0,"author":""}`, `{"title":"Anon"}`},
		{"shelf_list", `{}`, `{"result":[` + dune + `,{"title":"Anon"}]}`},
		{"shelf_find", `{"title":"Dune"}`, `{"value":` + dune + `,"found":true}`},
		{"shelf_find", `{"title":"Nope"}`, `{"value":{"title":""},"found":false}`},
		// A receipt left out by //mcp:result ext.Receipt omit, the book
		// shown through its view.
		{"shelf_remove", `{"title":"Anon"}`, `{"title":"Anon"}`}, // a *Book, sent as the book
		{"shelf_list", `{}`, `{"result":[` + dune + `]}`},
		// The functions of ext/catalog (//mcp:tools IMPORTPATH): a map of
		// books, a slice of authors (viewed by package name).
		{"catalog_lookup", `{"isbn":"isbn-emma"}`, `{"isbn-emma":` + emma + `}`},
		{"catalog_authors", `{}`, `{"result":[{"name":"Jane Austen","born":1775},{"name":"Anon"}]}`},
		// One function (//mcp:tool IMPORTPATH.NAME).
		{"classic", `{}`, emma},
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
		var got struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
			Content           []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if string(got.StructuredContent) != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.name, c.args, got.StructuredContent, c.want)
		}
		if len(got.Content) != 1 || got.Content[0].Text != c.want {
			t.Errorf("%s %s: text block %+v, want the same JSON", c.name, c.args, got.Content)
		}
		if v := schemas[c.name]; v != nil {
			if err := v.Validate(got.StructuredContent); err != nil {
				t.Errorf("%s %s: structuredContent does not validate against the advertised output schema: %v", c.name, c.args, err)
			}
		}
	}
	// An error of the other package's code is the tool's error.
	res, err := srv.Call(context.Background(), "catalog_lookup", json.RawMessage(`{"isbn":"x"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(res); string(b) != `{"content":[{"type":"text","text":"no book of ISBN x"}],"isError":true}` {
		t.Errorf("catalog_lookup of an unknown ISBN: %s", b)
	}
}
