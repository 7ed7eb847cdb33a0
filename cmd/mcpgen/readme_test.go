package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeDocumentsCommand keeps the reference's section "The command"
// (docs/command.md) true to the flags: its synopsis is the usage's, every
// flag of -h has a row in its table, and every directive the reference
// describes (on any of its pages) is in -h too.
func TestReadmeDocumentsCommand(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "command.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	reference := readme
	for _, page := range []string{"directives.md", "types.md", "runtime.md", "http.md"} {
		b, err := os.ReadFile(filepath.Join(moduleRoot, "docs", page))
		if err != nil {
			t.Fatal(err)
		}
		reference += string(b)
	}
	var usage bytes.Buffer
	if _, err := parseArgs([]string{"-h"}, &usage, io.Discard); err == nil {
		t.Fatal("parseArgs -h: no error")
	}
	help := usage.String()

	synopsis, _, _ := strings.Cut(strings.TrimPrefix(help, "usage: "), "\n\n")
	synopsis = strings.ReplaceAll(synopsis, "\n       ", "\n")
	if !strings.Contains(readme, "```text\n"+synopsis+"\n```") {
		t.Errorf("docs/command.md's synopsis of the command is not the usage's:\n%s", synopsis)
	}

	flags := regexp.MustCompile(`(?m)^  -(\w+)`).FindAllStringSubmatch(help, -1)
	if len(flags) < 5 {
		t.Fatalf("found %d flags in the usage:\n%s", len(flags), help)
	}
	for _, f := range flags {
		if !strings.Contains(readme, "\n| `-"+f[1]) {
			t.Errorf("docs/command.md's table of flags has no row for -%s", f[1])
		}
	}

	var directives []string
	for _, m := range regexp.MustCompile(`//mcp:[a-z]+`).FindAllString(reference, -1) {
		if !slices.Contains(directives, m) {
			directives = append(directives, m)
		}
	}
	for _, d := range directives {
		if !strings.Contains(help, d+" ") {
			t.Errorf("mcpgen -h does not show %s, which the reference (docs/) describes", d)
		}
	}
}

// TestReadmeListsFuzzTargets: every fuzz target of the repository has a row
// in the table of fuzz targets of docs/guarantees.md (section Fuzzing).
func TestReadmeListsFuzzTargets(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "guarantees.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for line := range strings.SplitSeq(string(b), "\n") {
		if strings.HasPrefix(line, "| Fuzz") {
			rows = append(rows, line)
		}
	}
	target := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	found := 0
	err = filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != moduleRoot) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range target.FindAllStringSubmatch(string(src), -1) {
			found++
			if !slices.ContainsFunc(rows, func(row string) bool {
				return regexp.MustCompile(`\b` + m[1] + `\b`).MatchString(row)
			}) {
				t.Errorf("docs/guarantees.md's table of fuzz targets has no row for %s (%s)", m[1], path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Fatalf("found only %d fuzz targets under %s", found, moduleRoot)
	}
}

// TestReadmeLinks: in the README, bench/README.md and every page of docs/,
// every link to a section (#anchor, also page.md#anchor) names a heading of
// that page, as GitHub spells its anchors, and every relative link names a
// file or directory of the repository.
func TestReadmeLinks(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(moduleRoot, "docs", "*.md"))
	if err != nil || len(pages) < 4 {
		t.Fatalf("docs/*.md: %d pages, %v", len(pages), err)
	}
	names := []string{"README.md", "bench/README.md"}
	for _, p := range pages {
		names = append(names, "docs/"+filepath.Base(p))
	}
	anchorsOf := func(name string) map[string]bool {
		b, err := os.ReadFile(filepath.Join(moduleRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		anchors := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(string(b), -1) {
			anchors[githubAnchor(m[1])] = true
		}
		return anchors
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(moduleRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		anchors := anchorsOf(name)
		// Code is not prose: a link is only outside code blocks and spans.
		prose := regexp.MustCompile("(?s)```.*?```|`[^`\n]*`").ReplaceAllString(text, "")
		for _, m := range regexp.MustCompile(`\]\(([^)\s]+)\)`).FindAllStringSubmatch(prose, -1) {
			link := m[1]
			switch {
			case strings.HasPrefix(link, "#"):
				if !anchors[link[1:]] {
					t.Errorf("%s: link %s names no heading", name, link)
				}
			case strings.Contains(link, "://"):
			default:
				path, anchor, _ := strings.Cut(link, "#")
				target := filepath.Join(filepath.Dir(name), path)
				if _, err := os.Stat(filepath.Join(moduleRoot, target)); err != nil {
					t.Errorf("%s: link %s: %v", name, link, err)
				} else if anchor != "" && strings.HasSuffix(path, ".md") && !anchorsOf(target)[anchor] {
					t.Errorf("%s: link %s names no heading of %s", name, link, filepath.ToSlash(target))
				}
			}
		}
	}
}

// githubAnchor returns the anchor GitHub gives a heading: lower case, without
// punctuation, spaces as hyphens.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestReadmeLayout: the Layout of docs/contributing.md names every directory
// of the repository's top level, and every package directory under internal/
// and parser/.
func TestReadmeLayout(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot, "docs", "contributing.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(b), "\n## Layout\n")
	if !ok {
		t.Fatal("docs/contributing.md has no section Layout")
	}
	// Directories that git ignores (a developer's bin/) are not the repository's.
	gitignore, err := os.ReadFile(filepath.Join(moduleRoot, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	ignored := func(name string) bool {
		for line := range strings.SplitSeq(string(gitignore), "\n") {
			if ok, _ := filepath.Match(strings.Trim(line, "/"), name); ok {
				return true
			}
		}
		return false
	}
	var dirs []string
	for _, parent := range []string{"", "internal", "parser"} {
		entries, err := os.ReadDir(filepath.Join(moduleRoot, parent))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && !ignored(e.Name()) && e.Name() != "testdata" && (parent == "" || !strings.HasPrefix(e.Name(), ".")) {
				dirs = append(dirs, filepath.ToSlash(filepath.Join(parent, e.Name())))
			}
		}
	}
	for _, d := range dirs {
		if d == ".git" {
			continue
		}
		if !strings.Contains(layout, "\n"+d+"/") {
			t.Errorf("docs/contributing.md's Layout does not name %s/", d)
		}
	}
}

// TestNoCitationsOfPrivateNotes: no file of the repository cites the
// planning notes that live outside it (its design notes or protocol notes, a
// section sign, a numbered contract); comments cite code, the README, docs/
// or public specification URLs instead.
func TestNoCitationsOfPrivateNotes(t *testing.T) {
	// Spelt in pieces, so that this file does not match itself.
	banned := regexp.MustCompile(`DESIGN(\.md| ?` + "\u00a7" + `)|MCP-` + `NOTES|\b[Cc]ontract [A-Z]?[0-9]+\b|` + "\u00a7" + ` ?[0-9]`)
	err := filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".sh", ".mjs", ".yml":
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := banned.FindString(line); m != "" {
				t.Errorf("%s:%d: cites %q, which is not part of the repository: cite code, the README, docs/ or a public URL", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoCommittedBinaries: no file git tracks is an executable built by hand
// (an example's binary built in its folder, mcpgen built at the top level):
// twice one was committed by mistake, and .gitignore cannot name every
// binary a go build may leave.
func TestNoCommittedBinaries(t *testing.T) {
	out, err := exec.Command("git", "-C", moduleRoot, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("git ls-files (not a git checkout?): %v", err)
	}
	magic := [][]byte{
		[]byte("\x7fELF"),                                  // Linux and the BSDs
		{0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, // Mach-O
		{0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, // Mach-O, little-endian
		[]byte("MZ\x90\x00"), []byte("MZ\x78\x00"), // Windows PE
	}
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		f, err := os.Open(filepath.Join(moduleRoot, name))
		if err != nil {
			continue // deleted in the work tree
		}
		head := make([]byte, 4)
		n, _ := io.ReadFull(f, head)
		f.Close()
		for _, m := range magic {
			if n == 4 && bytes.Equal(head, m) {
				t.Errorf("%s is an executable: git rm --cached it (and build into a directory .gitignore names, such as bin/)", name)
			}
		}
	}
}
