package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

// TestJSONSchema202012Enforced: the stated keywords are enforced before
// the handler runs, as a client calling the tool sees it: the condition
// (if/then/else), the composition (allOf of anyOf) and the $ref into $defs.
func TestJSONSchema202012Enforced(t *testing.T) {
	srv := runtime.NewServer("t", "1")
	RegisterTools(srv)
	for _, c := range []struct{ args, want string }{
		{`{"contactMethod":"phone","phone":"555"}`, `Received: {"contactMethod":"phone","phone":"555"}`},
		{`{"email":"a@b.c","address":{"city":"Paris"}}`, `Received: {"address":{"city":"Paris"},"email":"a@b.c"}`},
		{`{"contactMethod":"phone","email":"a@b.c"}`, `"phone": is required`},
		{`{"name":"n"}`, `must have "phone" or "email"`},
		{`{"email":"e","address":{"city":1}}`, `"address.city": must be a string (got 1)`},
		{`{"email":"e","fax":"1"}`, `"fax"`},
	} {
		res, err := srv.Call(context.Background(), "json_schema_2020_12_tool", json.RawMessage(c.args), nil)
		if err != nil {
			t.Fatalf("%s: %v", c.args, err)
		}
		text := res.Content[0].(*runtime.TextContent).Text
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: got %q, want it to contain %q", c.args, text, c.want)
		}
		if ok := strings.HasPrefix(c.want, "Received"); res.IsError == ok {
			t.Errorf("%s: IsError = %v", c.args, res.IsError)
		}
	}
}
