package gen_otherpkg

// This test is added to testdata/gen_otherpkg, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay):
// it calls the tools made of the functions of the standard library's
// path, and compares each with a direct call.

import (
	"context"
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("otherpkg", "1.0.0")
	RegisterTools(srv)
	if n := len(srv.Tools()); n != 8 {
		t.Errorf("%d tools, want the 8 functions of path", n)
	}
	dir, file := path.Split("a/b/c.txt")
	matched, _ := path.Match("*.go", "main.go")
	_, badErr := path.Match("[", "x")
	for _, c := range []struct {
		name, args string
		want       string
	}{
		{"path_base", `{"path":"a/b/c.txt"}`, `"text":"` + path.Base("a/b/c.txt") + `"`},
		{"path_clean", `{"path":"a//b/../c"}`, `"text":"` + path.Clean("a//b/../c") + `"`},
		{"path_dir", `{"path":"a/b/c.txt"}`, `"text":"` + path.Dir("a/b/c.txt") + `"`},
		{"path_ext", `{"path":"a/b/c.txt"}`, `"text":"` + path.Ext("a/b/c.txt") + `"`},
		{"path_is_abs", `{"path":"/a"}`, `"structuredContent":{"result":true}`},
		{"path_join", `{"elem":["a","b","../c"]}`, `"text":"` + path.Join("a", "b", "../c") + `"`},
		{"path_split", `{"path":"a/b/c.txt"}`, `"structuredContent":{"dir":"` + dir + `","file":"` + file + `"}`},
		{"path_match", `{"pattern":"*.go","name":"main.go"}`, `"structuredContent":{"result":` + map[bool]string{true: "true", false: "false"}[matched] + `}`},
		{"path_match", `{"pattern":"[","name":"x"}`, badErr.Error()},
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
}
