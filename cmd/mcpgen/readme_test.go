package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeDocumentsCommand keeps the README's section "The command" true
// to the flags: its synopsis is the usage's, every flag of -h has a row in
// its table, and every directive the README describes is in -h too.
func TestReadmeDocumentsCommand(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	var usage bytes.Buffer
	if _, err := parseArgs([]string{"-h"}, &usage); err == nil {
		t.Fatal("parseArgs -h: no error")
	}
	help := usage.String()

	synopsis, _, _ := strings.Cut(strings.TrimPrefix(help, "usage: "), "\n\n")
	synopsis = strings.ReplaceAll(synopsis, "\n       ", "\n")
	if !strings.Contains(readme, "```\n"+synopsis+"\n```") {
		t.Errorf("README.md's synopsis of the command is not the usage's:\n%s", synopsis)
	}

	flags := regexp.MustCompile(`(?m)^  -(\w+)`).FindAllStringSubmatch(help, -1)
	if len(flags) < 5 {
		t.Fatalf("found %d flags in the usage:\n%s", len(flags), help)
	}
	for _, f := range flags {
		if !strings.Contains(readme, "\n| `-"+f[1]) {
			t.Errorf("README.md's table of flags has no row for -%s", f[1])
		}
	}

	var directives []string
	for _, m := range regexp.MustCompile(`//mcp:[a-z]+`).FindAllString(readme, -1) {
		if !slices.Contains(directives, m) {
			directives = append(directives, m)
		}
	}
	for _, d := range directives {
		if !strings.Contains(help, d+" ") {
			t.Errorf("mcpgen -h does not show %s, which README.md describes", d)
		}
	}
}
