// Package toolname holds the rule for the names of tools (and of prompts
// and resources), which the parser checks at generate time and the runtime
// at registration, and the rule for a server's name in the MCP registry and
// in a server card, which the parser checks in //mcp:server and the runtime
// in WithServerCard, and the rule for a toolset's name, which the parser
// checks in //mcp:toolset and the runtime in AddToolset.
package toolname

import "strings"

// Valid reports whether name follows the naming rule of MCP 2025-11-25
// (spec 2025-11-25 server/tools#tool-names), which mcpgen enforces for
// every version: 1 to 128 characters from [A-Za-z0-9_.-].
func Valid(name string) bool {
	if len(name) == 0 || len(name) > 128 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '_', c == '-', c == '.':
		default:
			return false
		}
	}
	return true
}

// ValidServer reports whether name is a server's name as the MCP
// registry's server.json and a server card (SEP-2127) take it: reverse-DNS
// with exactly one slash, 3 to 200 characters of [a-zA-Z0-9.-], a slash,
// then [a-zA-Z0-9._-] ("io.github.owner/repo", "com.example/weather").
func ValidServer(name string) bool {
	ns, rest, ok := strings.Cut(name, "/")
	if !ok || ns == "" || rest == "" || len(name) < 3 || len(name) > 200 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '-':
		case c == '_' && i > len(ns), c == '/' && i == len(ns):
		default:
			return false
		}
	}
	return true
}

// ValidToolset reports whether name can name a toolset: 1 to 64
// characters from [a-z0-9_-], and neither "all" nor "default", which
// MCP_TOOLSETS and WithToolsets take as words of their own.
func ValidToolset(name string) bool {
	if name == "" || len(name) > 64 || name == "all" || name == "default" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
