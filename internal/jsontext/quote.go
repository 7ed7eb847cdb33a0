package jsontext

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string literal. Like encoding/json it
// replaces invalid UTF-8 with U+FFFD and escapes U+2028 and U+2029 (which
// JavaScript once did not allow in strings); unlike it, it leaves <, > and &
// as they are, which JSON does not require to be escaped. The output never
// holds a raw line feed, so it fits on one line of a line-delimited stream.
func AppendString(dst []byte, s string) []byte {
	return appendString(dst, s, false)
}

// AppendStringForRaw is [AppendString] that also writes "`" as \u0060, so
// that the JSON text can be put in a Go raw string literal.
func AppendStringForRaw(dst []byte, s string) []byte {
	return appendString(dst, s, true)
}

func appendString(b []byte, s string, backquote bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (c != '`' || !backquote) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default: // other control characters, and "`"
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
