package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"both empty", "", "", ""},
		{"created", "", "a\nb\n", "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"removed", "a\n", "", "--- old\n+++ new\n@@ -1 +0,0 @@\n-a\n"},
		{
			"change in the middle",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n",
			"1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- old\n+++ new\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
		},
		{
			"insertion at the start",
			"b\nc\n",
			"a\nb\nc\n",
			"--- old\n+++ new\n@@ -1,2 +1,3 @@\n+a\n b\n c\n",
		},
		{
			"two hunks",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			"one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
			"--- old\n+++ new\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n",
		},
		{
			"no newline at end",
			"a\nb",
			"a\nb\n",
			"--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unifiedDiff("old", "new", []byte(tt.old), []byte(tt.new))
			if got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// lcs returns the length of a longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// randomText returns up to n lines drawn from a small alphabet, so that
// random texts share many lines.
func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		fmt.Fprintf(&b, "%c\n", 'a'+r.IntN(4))
	}
	s := b.String()
	if s != "" && r.IntN(5) == 0 {
		s = s[:len(s)-1] // no newline at the end
	}
	return s
}

// TestDiffMinimalAndApplies checks, on random texts, that the edit script
// is minimal and that patch(1) turns old into new with the diff.
func TestDiffMinimalAndApplies(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Log("no patch command: checking minimality only")
	}
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	for i := range 200 {
		old, new := randomText(r, 30), randomText(r, 30)
		a, b := splitLines(old), splitLines(new)
		edits := diffLines(a, b)
		changes := 0
		for _, e := range edits {
			if e.kind != ' ' {
				changes++
			}
		}
		if want := len(a) + len(b) - 2*lcs(a, b); changes != want {
			t.Fatalf("case %d: %d changes, want %d\nold %q\nnew %q", i, changes, want, old, new)
		}
		d := unifiedDiff("a/f", "b/f", []byte(old), []byte(new))
		if (d == "") != (old == new) {
			t.Fatalf("case %d: diff %q for old %q new %q", i, d, old, new)
		}
		if patch == "" || d == "" {
			continue
		}
		file := filepath.Join(dir, "f")
		if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(patch, "-s", "-p1", "-f", "-F0", "--no-backup-if-mismatch")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("case %d: patch: %v\n%s\ndiff:\n%s", i, err, out, d)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != new {
			t.Fatalf("case %d: patched %q, want %q\ndiff:\n%s", i, got, new, d)
		}
	}
}

// TestDiffLarge checks that a diff beyond the search bound is still correct.
func TestDiffLarge(t *testing.T) {
	var a, b strings.Builder
	for i := range 3 * maxEditDistance {
		fmt.Fprintf(&a, "old %d\n", i)
		fmt.Fprintf(&b, "new %d\n", i)
	}
	d := unifiedDiff("old", "new", []byte(a.String()), []byte(b.String()))
	if !strings.HasPrefix(d, fmt.Sprintf("--- old\n+++ new\n@@ -1,%d +1,%d @@\n-old 0\n", 3*maxEditDistance, 3*maxEditDistance)) {
		t.Errorf("diff starts %q", d[:min(len(d), 80)])
	}
}
