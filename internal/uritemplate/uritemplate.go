// Package uritemplate holds the URI templates mcpgen serves: the subset
// of RFC 6570 made of simple expansions {name} and reserved expansions
// {+name}, names of letters, digits and _, no variable twice and no two
// variables side by side. The parser checks a //mcp:resource's uri= by
// it at generate time, the runtime parses a ResourceTemplate by it at
// registration and matches the URIs of resources/read with it: one rule,
// one place. Standard library only (the runtime imports it).
package uritemplate

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Template is a parsed URI template: literal parts and variables, in
// order. Two variables are never adjacent (Parse rejects that: where one
// ends would be ambiguous).
type Template struct {
	parts []part
}

type part struct {
	literal  string
	variable string // name of the variable; "" for a literal
	reserved bool   // {+name}: matches reserved characters too
}

// Parse parses text. A text without a variable is a fixed URI: a
// Template with no Vars, which matches only itself.
func Parse(text string) (*Template, error) {
	t := &Template{}
	var vars []string
	rest := text
	for rest != "" {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			t.parts = append(t.parts, part{literal: rest})
			break
		}
		if rest[i] == '}' {
			return nil, errors.New("unmatched }")
		}
		if i > 0 {
			t.parts = append(t.parts, part{literal: rest[:i]})
		}
		end := strings.IndexByte(rest[i:], '}')
		if end < 0 {
			return nil, errors.New("unclosed {")
		}
		expr := rest[i+1 : i+end]
		p := part{}
		if strings.HasPrefix(expr, "+") {
			p.reserved = true
			expr = expr[1:]
		}
		switch {
		case !validName(expr):
			return nil, fmt.Errorf("unsupported expression {%s}: mcpgen serves {name} and {+name}", rest[i+1:i+end])
		case slices.Contains(vars, expr):
			return nil, fmt.Errorf("variable {%s} appears twice", expr)
		case i == 0 && len(vars) > 0: // rest begins just after the last variable
			return nil, fmt.Errorf("variables {%s} and {%s} are adjacent: separate them with a literal", vars[len(vars)-1], expr)
		}
		vars = append(vars, expr)
		p.variable = expr
		t.parts = append(t.parts, p)
		rest = rest[i+end+1:]
	}
	return t, nil
}

// validName reports whether s is a variable's name: letters, digits, _.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// Vars returns the names of the template's variables, in order.
func (t *Template) Vars() []string {
	var vars []string
	for _, p := range t.parts {
		if p.variable != "" {
			vars = append(vars, p.variable)
		}
	}
	return vars
}

// HasVar reports whether name is a variable of t.
func (t *Template) HasVar(name string) bool {
	return slices.ContainsFunc(t.parts, func(p part) bool { return p.variable == name })
}

// Match reports whether uri is an expansion of t, and the variables'
// values. Where the variables could split uri in more than one way, each
// takes the fewest characters that let the rest match, the first variable
// first. It takes time linear in len(uri) (times the template's length):
// one pass from the end finds, for every part and position, whether the
// rest of uri can match the rest of the template; one pass from the start
// then takes the shortest run of each variable that the first pass allows.
func (t *Template) Match(uri string) (map[string]string, bool) {
	if len(t.parts) == 0 {
		return nil, uri == ""
	}
	// Most templates that do not match differ in their first or last
	// literal: no pass needed.
	if first := t.parts[0]; first.variable == "" && !strings.HasPrefix(uri, first.literal) {
		return nil, false
	}
	if last := t.parts[len(t.parts)-1]; last.variable == "" && !strings.HasSuffix(uri, last.literal) {
		return nil, false
	}
	n := len(uri)
	// ok(i, p): uri[p:] matches t.parts[i:], one bit per part and position.
	row := n + 1
	bits := make([]uint64, ((len(t.parts)+1)*row+63)/64)
	ok := func(i, p int) bool { k := i*row + p; return bits[k/64]&(1<<(k%64)) != 0 }
	set := func(i, p int) { k := i*row + p; bits[k/64] |= 1 << (k % 64) }
	set(len(t.parts), n)
	for i := len(t.parts) - 1; i >= 0; i-- {
		part := t.parts[i]
		if part.variable == "" {
			for p := 0; p+len(part.literal) <= n; p++ {
				if ok(i+1, p+len(part.literal)) && uri[p:p+len(part.literal)] == part.literal {
					set(i, p)
				}
			}
			continue
		}
		// One or more characters, then the rest: uri[p] may be taken and
		// either the rest matches after it or the run goes on.
		for p := n - 1; p >= 0; p-- {
			if part.takes(uri[p]) && (ok(i+1, p+1) || ok(i, p+1)) {
				set(i, p)
			}
		}
	}
	if !ok(0, 0) {
		return nil, false
	}
	vars := make(map[string]string, len(t.parts)/2+1)
	p := 0
	for i, part := range t.parts {
		if part.variable == "" {
			p += len(part.literal)
			continue
		}
		end := p + 1
		for !ok(i+1, end) {
			end++
		}
		v, good := part.value(uri[p:end])
		if !good {
			return nil, false
		}
		vars[part.variable] = v
		p = end
	}
	return vars, true
}

// takes reports whether a variable's run may include the URI character c:
// a simple variable stops at / ? and #, a reserved one takes any.
func (p part) takes(c byte) bool {
	return p.reserved || c != '/' && c != '?' && c != '#'
}

// value decodes the run of a variable, and reports whether it is a value
// the variable may have: well-formed escapes and, for a simple {name},
// valid UTF-8 without / or NUL once decoded. RFC 6570's simple expansion
// never produces a raw /, so a decoded one (..%2F..%2Fetc) is a path the
// template did not ask for.
func (p part) value(raw string) (string, bool) {
	v, err := unescape(raw)
	if err != nil {
		return "", false
	}
	if !p.reserved && (strings.ContainsAny(v, "/\x00") || !utf8.ValidString(v)) {
		return "", false
	}
	return v, true
}

// unescape decodes the %XX escapes of s.
func unescape(s string) (string, error) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", errors.New("bad escape")
		}
		b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
		i += 2
	}
	return b.String(), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}
