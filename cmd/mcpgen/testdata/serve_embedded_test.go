package gen_embedded_test

// This test is added to testdata/gen_embedded, next to its golden
// want/mcp_gen.go, by cmd/mcpgen's TestGoldenServes (through an overlay).
// It is another package: the tools of the unexported cache, promoted to
// Cache, are registered with RegisterCacheTools on a *Cache.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/mcpgen/mcpgen/testdata/gen_embedded"
)

func TestServeGenerated(t *testing.T) {
	srv := runtime.NewServer("cache", "1.0.0")
	gen_embedded.RegisterCacheTools(srv, gen_embedded.NewCache())
	for _, c := range []struct{ name, args, want string }{
		{"set", `{"key":"a","value":"1","ttl":90000000000}`, `"structuredContent":{"result":"2026-12-01T00:01:30Z"}`},
		{"set", `{"key":"b","value":"2","ttl":0}`, `"result":"0001-01-01T00:00:00Z"`},
		{"get", `{"key":"a"}`, `"text":"1"`},
		{"get", `{"key":"zz"}`, `no such key`},
		{"keys", `{}`, `"structuredContent":{"result":["a","b"]}`},
	} {
		res, err := srv.Call(t.Context(), c.name, json.RawMessage(c.args), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		if !strings.Contains(string(b), c.want) {
			t.Errorf("%s %s:\n got %s\nwant %s", c.name, c.args, b, c.want)
		}
	}
}
