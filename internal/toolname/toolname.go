// Package toolname holds the rule for the names of tools (and of prompts
// and resources), which the parser checks at generate time and the runtime
// at registration.
package toolname

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
