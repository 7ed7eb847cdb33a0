package runtime

import (
	"encoding/json"
	"errors"
)

// This file is a small validating JSON scanner for the message envelope and
// the params of hot methods. encoding/json would decode them through
// reflection, once for the envelope and once more for the params; the
// scanner checks the syntax of a whole message in one pass, without
// allocating, and hands out the raw bytes of the members asked for.

// maxDepth bounds nesting, as encoding/json does, so that a hostile message
// cannot exhaust the stack.
const maxDepth = 10000

var errSyntax = errors.New("invalid JSON")

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// trimSpace returns b without leading and trailing JSON white space (space,
// tab, line feed, carriage return). bytes.TrimSpace would also drop \v, \f,
// U+0085 and U+00A0, which make a message invalid JSON.
func trimSpace(b []byte) []byte {
	b = b[skipSpace(b, 0):]
	end := len(b)
	for end > 0 && isSpace(b[end-1]) {
		end--
	}
	return b[:end]
}

// checkJSON reports whether b holds exactly one JSON value (with optional
// surrounding white space).
func checkJSON(b []byte) bool {
	i, err := scanValue(b, skipSpace(b, 0), 0)
	return err == nil && skipSpace(b, i) == len(b)
}

// scanValue checks the value that starts at b[i] and returns the index just
// after it.
func scanValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, errSyntax
	}
	switch c := b[i]; {
	case c == '"':
		end, _, err := scanString(b, i)
		return end, err
	case c == '{':
		if depth >= maxDepth {
			return i, errSyntax
		}
		return scanObject(b, i, depth+1, nil)
	case c == '[':
		if depth >= maxDepth {
			return i, errSyntax
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, nil
		}
		for {
			var err error
			if i, err = scanValue(b, i, depth+1); err != nil {
				return i, err
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return i, errSyntax
			}
			if b[i] == ']' {
				return i + 1, nil
			}
			if b[i] != ',' {
				return i, errSyntax
			}
			i = skipSpace(b, i+1)
		}
	case c == '-' || ('0' <= c && c <= '9'):
		return scanNumber(b, i)
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	}
	return i, errSyntax
}

func scanLiteral(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, errSyntax
	}
	return i + len(lit), nil
}

// scanString checks the string that starts at b[i] (a '"') and returns the
// index after its closing quote and whether it holds escapes.
func scanString(b []byte, i int) (end int, escaped bool, err error) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, escaped, nil
		case c < 0x20:
			return i, escaped, errSyntax
		case c == '\\':
			escaped = true
			i++
			if i >= len(b) {
				return i, escaped, errSyntax
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(b)-i < 5 || !isJSONHex(b[i+1]) || !isJSONHex(b[i+2]) || !isJSONHex(b[i+3]) || !isJSONHex(b[i+4]) {
					return i, escaped, errSyntax
				}
				i += 4
			default:
				return i, escaped, errSyntax
			}
		}
	}
	return i, escaped, errSyntax
}

func isJSONHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func scanNumber(b []byte, i int) (int, error) {
	digits := func(i int) (int, bool) {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i, i > start
	}
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if j, ok := digits(i); ok {
		i = j
	} else {
		return i, errSyntax
	}
	if i < len(b) && b[i] == '.' {
		j, ok := digits(i + 1)
		if !ok {
			return j, errSyntax
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j, ok := digits(i)
		if !ok {
			return j, errSyntax
		}
		i = j
	}
	return i, nil
}

// member receives one member of an object: its key (raw, without quotes,
// with escapes still in when escaped is set) and its raw value.
type member func(key []byte, escaped bool, value []byte)

// scanObject checks the object that starts at b[i] (a '{') and returns the
// index after it, passing each member to f when f is not nil.
func scanObject(b []byte, i, depth int, f member) (int, error) {
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, errSyntax
		}
		keyEnd, escaped, err := scanString(b, i)
		if err != nil {
			return keyEnd, err
		}
		key := b[i+1 : keyEnd-1]
		i = skipSpace(b, keyEnd)
		if i >= len(b) || b[i] != ':' {
			return i, errSyntax
		}
		start := skipSpace(b, i+1)
		if i, err = scanValue(b, start, depth); err != nil {
			return i, err
		}
		if f != nil {
			f(key, escaped, b[start:i])
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, errSyntax
		}
		if b[i] == '}' {
			return i + 1, nil
		}
		if b[i] != ',' {
			return i, errSyntax
		}
		i = skipSpace(b, i+1)
	}
}

// eachMember passes every member of the JSON object obj to f, keys
// unescaped. It reports false when obj is not a valid JSON object. Callers
// switch on string(key), which does not allocate.
func eachMember(obj []byte, f func(key, value []byte)) bool {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return false
	}
	end, err := scanObject(obj, i, 1, func(key []byte, escaped bool, value []byte) {
		if !escaped {
			f(key, value)
			return
		}
		var k string
		if json.Unmarshal(append(append([]byte{'"'}, key...), '"'), &k) == nil {
			f([]byte(k), value)
		}
	})
	return err == nil && skipSpace(obj, end) == len(obj)
}

// stringValue returns the Go string of a raw JSON value, and false when the
// value is not a string.
func stringValue(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	inner := raw[1 : len(raw)-1]
	for _, c := range inner {
		if c == '\\' || c >= 0x80 {
			// Escapes, or UTF-8 to check: leave it to encoding/json.
			var s string
			if json.Unmarshal(raw, &s) != nil {
				return "", false
			}
			return s, true
		}
	}
	return string(inner), true
}
