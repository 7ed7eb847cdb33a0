package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkillsStale: the sizes and digests of the skills are in the
// generated file, so -check fails once a skill's file changes, added or
// removed, and a run brings the file up to date. The package builds with
// the file.
func TestSkillsStale(t *testing.T) {
	setGoFlags(t)
	dir := newModule(t, map[string]string{
		// main calls RegisterSkills before its first generation, as a
		// program does: the type error is one generating fixes.
		"docs/docs.go":                      "package main\n\nimport \"github.com/mcpgen/mcpgen/runtime\"\n\n//mcp:skills dir=skills\n\nfunc main() { RegisterSkills(runtime.NewServer(\"docs\", \"1.0.0\")) }\n",
		"docs/skills/notes/SKILL.md":        "---\nname: notes\ndescription: Take notes.\n---\n\nWrite them down.\n",
		"docs/skills/notes/reference.md":    "# Reference\n",
		"docs/skills/notes/examples/one.md": "One.\n",
	})
	gen := filepath.Join(dir, "docs", "mcp_gen.go")
	if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	first := readFile(t, gen)
	if !strings.Contains(first, `s.MustAddSkills(skillFiles,`) || !strings.Contains(first, "//go:embed skills\nvar skillFiles embed.FS") {
		t.Fatalf("generated file:\n%s", first)
	}
	if code, stdout, stderr := mcpgen(t, dir, "-check", "./..."); code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("-check on fresh files: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	build := exec.Command("go", "vet", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the generated package: %v\n%s", err, out)
	}
	ref := filepath.Join(dir, "docs", "skills", "notes", "reference.md")
	for _, change := range []struct {
		what string
		do   func()
		want string // in the diff
	}{
		{"a file edited", func() { writeFile(t, ref, "# Reference, longer\n") }, `+				{URI: "skill://notes/reference.md", Path: "skills/notes/reference.md", MIMEType: "text/markdown", Size: 20, Digest: "sha256:`},
		{"a file added", func() { writeFile(t, filepath.Join(dir, "docs", "skills", "notes", "two.md"), "Two.\n") }, `+				{URI: "skill://notes/two.md"`},
		{"a file removed", func() { os.Remove(filepath.Join(dir, "docs", "skills", "notes", "examples", "one.md")) }, `-				{URI: "skill://notes/examples/one.md"`},
	} {
		change.do()
		code, stdout, stderr := mcpgen(t, dir, "-check", "./...")
		if code != 1 || !strings.Contains(stdout, change.want) || !strings.Contains(stderr, "docs/mcp_gen.go is stale") {
			t.Errorf("-check after %s: exit %d, stderr %q, diff:\n%s", change.what, code, stderr, stdout)
		}
		if code, _, stderr := mcpgen(t, dir, "./..."); code != 0 {
			t.Fatalf("regenerating after %s: exit %d: %s", change.what, code, stderr)
		}
		if code, _, _ := mcpgen(t, dir, "-check", "./..."); code != 0 {
			t.Errorf("-check after regenerating (%s): exit %d", change.what, code)
		}
	}
}
