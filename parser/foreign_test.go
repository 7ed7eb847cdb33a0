package parser

import "testing"

// TestSplitRef checks how a directive's reference to another package's
// code is split into an import path and a name: at the first dot of the
// last path element that an upper-case letter follows.
func TestSplitRef(t *testing.T) {
	for _, tc := range []struct{ ref, path, name string }{
		{"github.com/google/go-github/v72/github.IssuesService", "github.com/google/go-github/v72/github", "IssuesService"},
		{"github.com/google/go-github/v72/github.IssuesService.Get", "github.com/google/go-github/v72/github", "IssuesService.Get"},
		{"gopkg.in/yaml.v3.Marshal", "gopkg.in/yaml.v3", "Marshal"},
		{"gopkg.in/yaml.v3", "gopkg.in/yaml.v3", ""},
		{"strings.Replacer.Replace", "strings", "Replacer.Replace"},
		{"strings", "strings", ""},
		{"path", "path", ""},
		{"example.com/x", "example.com/x", ""},
		{"example.com/x.", "example.com/x.", ""},
	} {
		if path, name := splitRef(tc.ref); path != tc.path || name != tc.name {
			t.Errorf("splitRef(%q) = %q, %q; want %q, %q", tc.ref, path, name, tc.path, tc.name)
		}
	}
}

// TestForeignToolRef checks which //mcp:tool lines name another package's
// code: a first word with a dot before an exported name, not an option.
func TestForeignToolRef(t *testing.T) {
	for text, want := range map[string]string{
		"//mcp:tool strings.Repeat readonly":    "strings.Repeat",
		"//mcp:tool\tgithub.com/x/y.T.M name=m": "github.com/x/y.T.M",
		"//mcp:tool readonly":                   "",
		"//mcp:tool name=x.Y":                   "",
		"//mcp:tool":                            "",
		"//mcp:tools strings":                   "",
		"//mcp:tool gopkg.in/yaml.v3":           "",
		`//mcp:tool title="a.B"`:                "",
		"//mcp:tool example.com/x.lower":        "",
	} {
		if got, _ := foreignToolRef(text); got != want {
			t.Errorf("foreignToolRef(%q) = %q, want %q", text, got, want)
		}
	}
}
