package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// storeSource is a package whose tools the test renames and removes.
const storeSource = `package store

// Store keeps numbers.
type Store struct{ n []int }

// Stats counts the numbers.
//
//mcp:tool
func (s *Store) Stats() int { return len(s.n) }

// Clear forgets every number.
//
//mcp:tool
func (s *Store) Clear() { s.n = nil }

// Ping answers.
//
//mcp:tool
func Ping() string { return "pong" }
`

// TestRemovedTools: regenerating after a method was renamed, a tool's
// name= changed or a tool was dropped says so, at the generated file, with
// the old name, the new one and the name= line that keeps it; a warning
// when the file is written, an error with -check.
func TestRemovedTools(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{"store/store.go": storeSource})
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	src := filepath.Join(dir, "store", "store.go")
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"method renamed", "func (s *Store) Stats()", "func (s *Store) Summary()",
			"store/mcp_gen.go: %stool stats is gone (it called Store.Stats): a client that calls stats no longer finds it; if Store.Summary (the new tool summary) is Stats renamed, //mcp:tool name=stats on Summary keeps the name\n"},
		{"name= changed", "//mcp:tool\nfunc Ping", "//mcp:tool name=ping_server\nfunc Ping",
			"store/mcp_gen.go: %stool ping is now ping_server (both call Ping): a client that calls ping no longer finds it; //mcp:tool name=ping on Ping keeps its name\n"},
		{"tool dropped", "//mcp:tool\nfunc (s *Store) Clear", "func (s *Store) Clear",
			"store/mcp_gen.go: %stool clear is gone (it called Store.Clear): a client that calls clear no longer finds it\n"},
		{"name= keeps it", "//mcp:tool\nfunc (s *Store) Stats()", "//mcp:tool name=stats\nfunc (s *Store) Summary()", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orig := readFile(t, src)
			gen := readFile(t, filepath.Join(dir, "store", "mcp_gen.go"))
			t.Cleanup(func() {
				writeFile(t, src, orig)
				writeFile(t, filepath.Join(dir, "store", "mcp_gen.go"), gen)
			})
			changed := strings.Replace(orig, tc.from, tc.to, 1)
			if changed == orig {
				t.Fatalf("%q not in the source", tc.from)
			}
			writeFile(t, src, changed)
			code, _, stderr := mcpgen(t, dir, "-check", "./...")
			want := ""
			if tc.want != "" {
				want = strings.Replace(tc.want, "%s", "", 1)
			}
			if code != 1 || !strings.HasPrefix(stderr, want) || strings.Count(stderr, "tool ") != strings.Count(want, "tool ") {
				t.Errorf("-check: exit %d, stderr:\n%s\nwant it to begin with:\n%s", code, stderr, want)
			}
			if tc.want != "" {
				want = strings.Replace(tc.want, "%s", "warning: ", 1)
			}
			if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 || stderr != want {
				t.Errorf("generate: exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
			}
		})
	}
}

// TestGeneratedTools reads back the tools of a golden file and the Go
// functions they call.
func TestGeneratedTools(t *testing.T) {
	src := readFile(t, filepath.Join(moduleRoot, "testdata", "gen_structptr", "want", "mcp_gen.go"))
	var got []string
	for _, tool := range generatedTools([]byte(src)) {
		got = append(got, tool.name+"="+tool.calls)
	}
	if want := "add=Shop.Add check=Shop.Check place=Place"; strings.Join(got, " ") != want {
		t.Errorf("generatedTools = %s, want %s", strings.Join(got, " "), want)
	}
}
