package runtime

import "testing"

// TestDuplicateToolMain: a main package registers its own tools
// unqualified, and cannot be prefixed from elsewhere, so the way out the
// duplicate tool error offers is the imported package's prefix, or main's
// own call unqualified when main registered both.
func TestDuplicateToolMain(t *testing.T) {
	for _, tc := range []struct{ first, by, want string }{
		{"example.com/x/cpu.RegisterTools", "main.RegisterTools",
			`runtime: tool "info": duplicate tool name: example.com/x/cpu.RegisterTools registered a tool of that name already, and main.RegisterTools registers another; register one package's tools under a prefix, as in srv.PrefixTools("cpu_", func() { cpu.RegisterTools(srv) }), or give one tool another name with name= in its //mcp:tool`},
		{"main.RegisterTools", "example.com/x/cpu.RegisterTools",
			`runtime: tool "info": duplicate tool name: main.RegisterTools registered a tool of that name already, and example.com/x/cpu.RegisterTools registers another; register one package's tools under a prefix, as in srv.PrefixTools("cpu_", func() { cpu.RegisterTools(srv) }), or give one tool another name with name= in its //mcp:tool`},
		{"main.RegisterTools", "main.RegisterHostTools",
			`runtime: tool "info": duplicate tool name: main.RegisterTools registered a tool of that name already, and main.RegisterHostTools registers another; register one package's tools under a prefix, as in srv.PrefixTools("main_", func() { RegisterHostTools(srv, ...) }), or give one tool another name with name= in its //mcp:tool`},
	} {
		if got := duplicateTool("info", tc.first, tc.by).Error(); got != tc.want {
			t.Errorf("%s then %s:\n%s\nwant:\n%s", tc.first, tc.by, got, tc.want)
		}
	}
}
