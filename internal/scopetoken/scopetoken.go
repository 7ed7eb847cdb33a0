// Package scopetoken holds the rule for an OAuth scope, which the parser
// checks in a scope= option at generate time and the runtime when a tool,
// prompt, resource or skill is registered with Scopes: one rule, one place.
package scopetoken

// Rule says what Valid takes, for messages: "want " + Rule.
const Rule = `printable ASCII other than space, " and \`

// Valid reports whether s is a scope-token of RFC 6749 section 3.3:
// one or more of %x21 / %x23-5B / %x5D-7E.
func Valid(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
