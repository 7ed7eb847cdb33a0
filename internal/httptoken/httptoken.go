// Package httptoken holds the one check of HTTP header names that the
// generator (at a field's mcp:"header=Name" tag) and the runtime (when a
// tool is registered) must agree on.
package httptoken

import "strings"

// Valid reports whether s is an RFC 9110 token, the grammar of an HTTP
// field name (https://www.rfc-editor.org/rfc/rfc9110#name-tokens).
func Valid(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
