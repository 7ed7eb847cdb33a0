package toolname

import "testing"

func TestValidToolset(t *testing.T) {
	for name, want := range map[string]bool{
		"repos": true, "pull_requests": true, "code-search": true, "v2": true,
		"":                       false,
		"all":                    false, // MCP_TOOLSETS=all serves every toolset
		"default":                false, // MCP_TOOLSETS=default serves the default ones
		"Repos":                  false,
		"a b":                    false,
		"a,b":                    false, // MCP_TOOLSETS and X-MCP-Toolsets are comma-separated
		"a.b":                    false,
		string(make([]byte, 65)): false,
	} {
		if got := ValidToolset(name); got != want {
			t.Errorf("ValidToolset(%q) = %v, want %v", name, got, want)
		}
	}
	long := "a"
	for len(long) < 64 {
		long += "a"
	}
	if !ValidToolset(long) {
		t.Errorf("a name of 64 characters is refused")
	}
}
