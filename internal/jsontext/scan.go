// Package jsontext is the one JSON scanner and the one string escaper of
// mcpgen. The runtime's dispatch, argument validation, canonical forms and
// the id scanner of oversized messages (IDScanner) read JSON text through
// it; the runtime and the schema writer write strings through it. Like
// encoding/json's scanner, which decoding, Valid and streaming share, it
// knows the grammar once; unlike it, it works on byte offsets and never
// allocates, so the callers walk the values they care about themselves.
//
// Everything here accepts exactly what encoding/json accepts (FuzzScan
// compares them).
package jsontext

import (
	"encoding/binary"
	"errors"
	"unicode/utf8"
)

// MaxDepth bounds the nesting of arrays and objects, as encoding/json does,
// so that a hostile text cannot exhaust the stack.
const MaxDepth = 10000

// The errors of the scanners. A scanner that fails returns the offset of
// the byte at fault with one of them.
var (
	ErrSyntax       = errors.New("invalid JSON")
	ErrUnterminated = errors.New("unterminated string")
	ErrEscape       = errors.New("invalid escape in string")
	ErrUEscape      = errors.New(`invalid \u escape`)
	ErrControl      = errors.New("control character in string")
	ErrNumber       = errors.New("invalid number")
	ErrLiteral      = errors.New("invalid literal")
	ErrDepth        = errors.New("nested too deeply")
)

// IsSpace reports whether c is JSON white space (space, tab, line feed,
// carriage return; not \v, \f or NBSP).
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the offset of the first byte at or after i that is not
// white space.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// TrimSpace returns b without leading and trailing JSON white space.
// bytes.TrimSpace would also drop \v, \f, U+0085 and U+00A0, which make a
// text invalid JSON.
func TrimSpace(b []byte) []byte {
	b = b[SkipSpace(b, 0):]
	end := len(b)
	for end > 0 && IsSpace(b[end-1]) {
		end--
	}
	return b[:end]
}

// Valid reports whether b holds exactly one JSON value, with optional white
// space around it (json.Valid).
func Valid(b []byte) bool {
	i, err := ScanValue(b, SkipSpace(b, 0), 0)
	return err == nil && SkipSpace(b, i) == len(b)
}

// ScanValue checks the value that starts at b[i], nested depth levels deep,
// and returns the offset just after it.
func ScanValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, ErrSyntax
	}
	switch c := b[i]; {
	case c == '"':
		end, _, err := ScanString(b, i)
		return end, err
	case c == '{':
		return ScanObject(b, i, depth, nil)
	case c == '[':
		return ScanArray(b, i, depth, nil)
	case c == '-' || ('0' <= c && c <= '9'):
		return ScanNumber(b, i)
	case c == 't' || c == 'f' || c == 'n':
		return ScanLiteral(b, i)
	}
	return i, ErrSyntax
}

// ScanLiteral checks the literal true, false or null (chosen by b[i]) and
// returns the offset after it.
func ScanLiteral(b []byte, i int) (int, error) {
	var lit string
	switch b[i] {
	case 't':
		lit = "true"
	case 'f':
		lit = "false"
	case 'n':
		lit = "null"
	default:
		return i, ErrLiteral
	}
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, ErrLiteral
	}
	return i + len(lit), nil
}

// ScanNumber checks the number that starts at b[i] and returns the offset
// after it; on a malformed number, the error's offset is i.
func ScanNumber(b []byte, i int) (int, error) {
	start := i
	digits := func(i int) (int, bool) {
		j := i
		for j < len(b) && '0' <= b[j] && b[j] <= '9' {
			j++
		}
		return j, j > i
	}
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if j, ok := digits(i); ok {
		i = j
	} else {
		return start, ErrNumber
	}
	if i < len(b) && b[i] == '.' {
		j, ok := digits(i + 1)
		if !ok {
			return start, ErrNumber
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
			return start, ErrNumber
		}
		i = j
	}
	return i, nil
}

// A String describes a scanned string literal.
type String struct {
	Escaped      bool // it holds backslash escapes
	Runes        int  // code points, escapes resolved
	BadUTF8      bool // it holds bytes that are not UTF-8
	BadSurrogate bool // it holds a \u escape of an unpaired surrogate
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// ScanString checks the string literal that starts at b[i] (a '"') and
// returns the offset after its closing quote. encoding/json accepts invalid
// UTF-8 and unpaired surrogates (and replaces them when it decodes): so
// does ScanString, which reports them.
func ScanString(b []byte, i int) (int, String, error) {
	var st String
	i++
	for {
		j := i
		// Skip plain ASCII eight bytes at a time: stop at a word with a
		// byte < 0x20, '"', '\\' or >= 0x80 (the byte loop below then
		// finds it; FuzzScan checks the result against encoding/json).
		// BenchmarkScanValue measures what it gives (docs/performance.md,
		// "Why the runtime's tricks are there").
		for i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			q, s := x^(lsb*'"'), x^(lsb*'\\')
			if ((x-lsb*0x20)&^x|(q-lsb)&^q|(s-lsb)&^s|x)&msb != 0 {
				break
			}
			i += 8
		}
		for i < len(b) {
			if c := b[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
				break
			}
			i++
		}
		st.Runes += i - j
		if i >= len(b) {
			return i, st, ErrUnterminated
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, st, nil
		case c == '\\':
			st.Escaped = true
			if i+1 >= len(b) {
				return i, st, ErrUnterminated
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				r, ok := Hex4(b, i+2)
				if !ok {
					return i, st, ErrUEscape
				}
				i += 6
				if r >= 0xD800 && r < 0xDC00 {
					if r2, ok := Hex4(b, i+2); ok && b[i] == '\\' && b[i+1] == 'u' && r2 >= 0xDC00 && r2 < 0xE000 {
						i += 6
					} else {
						st.BadSurrogate = true
					}
				} else if r >= 0xDC00 && r < 0xE000 {
					st.BadSurrogate = true
				}
			default:
				return i, st, ErrEscape
			}
			st.Runes++
		case c < 0x20:
			return i, st, ErrControl
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				st.BadUTF8 = true
			}
			i += size
			st.Runes++
		}
	}
}

// Hex4 reads the four hexadecimal digits at b[i:] (of a \u escape).
func Hex4(b []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// ScanArray checks the array that starts at b[i] (a '['), nested depth
// levels deep, and returns the offset after it, passing each item's raw
// text to f when f is not nil.
func ScanArray(b []byte, i, depth int, f func(item []byte)) (int, error) {
	if depth >= MaxDepth {
		return i, ErrDepth
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		start := i
		var err error
		if i, err = ScanValue(b, i, depth+1); err != nil {
			return i, err
		}
		if f != nil {
			f(b[start:i])
		}
		i = SkipSpace(b, i)
		if i >= len(b) {
			return i, ErrSyntax
		}
		if b[i] == ']' {
			return i + 1, nil
		}
		if b[i] != ',' {
			return i, ErrSyntax
		}
		i = SkipSpace(b, i+1)
	}
}

// A Member receives one member of an object: its key as written, without
// quotes, and its raw value. escaped is set when the key must be decoded
// (AppendUnquoted) to be read as encoding/json reads it: it holds escapes
// or invalid UTF-8.
type Member func(key []byte, escaped bool, value []byte)

// ScanObject checks the object that starts at b[i] (a '{'), nested depth
// levels deep, and returns the offset after it, passing each member to f
// when f is not nil.
func ScanObject(b []byte, i, depth int, f Member) (int, error) {
	if depth >= MaxDepth {
		return i, ErrDepth
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, ErrSyntax
		}
		keyEnd, key, err := ScanString(b, i)
		if err != nil {
			return keyEnd, err
		}
		k := b[i+1 : keyEnd-1]
		i = SkipSpace(b, keyEnd)
		if i >= len(b) || b[i] != ':' {
			return i, ErrSyntax
		}
		start := SkipSpace(b, i+1)
		if i, err = ScanValue(b, start, depth+1); err != nil {
			return i, err
		}
		if f != nil {
			f(k, key.Escaped || key.BadUTF8, b[start:i])
		}
		i = SkipSpace(b, i)
		if i >= len(b) {
			return i, ErrSyntax
		}
		if b[i] == '}' {
			return i + 1, nil
		}
		if b[i] != ',' {
			return i, ErrSyntax
		}
		i = SkipSpace(b, i+1)
	}
}

// EachMember passes every member of the JSON object obj to f, with keys
// unescaped. It reports false when obj is not one valid JSON object
// (members before the fault have been passed). Callers may switch on
// string(key), which does not allocate.
func EachMember(obj []byte, f func(key, value []byte)) bool {
	i := SkipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return false
	}
	var buf []byte
	end, err := ScanObject(obj, i, 0, func(key []byte, escaped bool, value []byte) {
		if escaped {
			buf = AppendUnquoted(buf[:0], key)
			key = buf
		}
		f(key, value)
	})
	return err == nil && SkipSpace(obj, end) == len(obj)
}

// Unquote returns the Go string of a raw JSON value, and false when it is
// not a string literal. Invalid UTF-8 and unpaired surrogates become
// U+FFFD, as in encoding/json.
func Unquote(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	end, st, err := ScanString(raw, 0)
	if err != nil || end != len(raw) {
		return "", false
	}
	content := raw[1 : len(raw)-1]
	if !st.Escaped && !st.BadUTF8 {
		return string(content), true
	}
	return string(AppendUnquoted(make([]byte, 0, len(content)), content)), true
}

// AppendUnquoted appends the content of a valid string literal (without
// its quotes) with escapes resolved, invalid UTF-8 and unpaired surrogates
// replaced by U+FFFD, as encoding/json decodes it.
func AppendUnquoted(dst, content []byte) []byte {
	for i := 0; i < len(content); {
		c := content[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(content[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, "\uFFFD"...)
			} else {
				dst = append(dst, content[i:i+size]...)
			}
			i += size
			continue
		}
		if c != '\\' {
			j := i + 1
			for j < len(content) && content[j] != '\\' && content[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, content[i:j]...)
			i = j
			continue
		}
		switch content[i+1] {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, _ := Hex4(content, i+2)
			i += 6
			if r >= 0xD800 && r < 0xDC00 && i+1 < len(content) && content[i] == '\\' && content[i+1] == 'u' {
				if r2, ok := Hex4(content, i+2); ok && r2 >= 0xDC00 && r2 < 0xE000 {
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					i += 6
				}
			}
			if r >= 0xD800 && r < 0xE000 {
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			dst = append(dst, content[i+1])
		}
		i += 2
	}
	return dst
}
