package toolname

import (
	"regexp"
	"strings"
	"testing"
)

// TestValidServer compares ValidServer with the pattern and length bounds
// of the registry's server.json schema (name: ^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$,
// 3 to 200 characters), which the server card's schema shares.
func TestValidServer(t *testing.T) {
	schema := regexp.MustCompile(`^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`)
	for _, name := range []string{
		"io.github.owner/repo", "com.example/weather", "a/b", "a.b-c/d_e.f-g", "A1/Z9",
		"", "/", "a/", "/b", "ab", "a/b/c", "a_b/c", "a b/c", "a/b c", "é/b", "a/é", "a\x00/b",
		strings.Repeat("a", 98) + "/" + strings.Repeat("b", 101), strings.Repeat("a", 98) + "/" + strings.Repeat("b", 102),
	} {
		want := schema.MatchString(name) && len(name) >= 3 && len(name) <= 200
		if got := ValidServer(name); got != want {
			t.Errorf("ValidServer(%q) = %v, want %v", name, got, want)
		}
	}
}
