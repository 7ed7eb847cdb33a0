package jsontext

// A Lexer follows a JSON text one byte at a time, as it streams by, keeping
// only where it is: inside a string or not, and how deeply nested. It does
// not check the grammar (a text too long to keep cannot be checked);
// IDScanner uses it to find the top-level "id" of a message the runtime
// skips.
type Lexer struct {
	depth    int
	inString bool
	escaped  bool
}

// A Class is what a byte is to the Lexer.
type Class uint8

const (
	Other       Class = iota // a byte of a number or literal, or a stray byte
	Space                    // white space outside strings
	StringStart              // the quote that opens a string
	StringByte               // a byte inside a string, escapes included
	StringEnd                // the quote that closes a string
	Open                     // '{' or '[' (the depth is one more after it)
	Close                    // '}' or ']' (the depth is one less after it)
	Colon                    // ':'
	Comma                    // ','
)

// Depth returns how many objects and arrays enclose the next byte.
func (l *Lexer) Depth() int { return l.depth }

// InString reports whether the next byte is inside a string.
func (l *Lexer) InString() bool { return l.inString }

// Step takes the next byte and returns its class.
func (l *Lexer) Step(c byte) Class {
	if l.inString {
		switch {
		case l.escaped:
			l.escaped = false
		case c == '\\':
			l.escaped = true
		case c == '"':
			l.inString = false
			return StringEnd
		}
		return StringByte
	}
	switch c {
	case '"':
		l.inString = true
		return StringStart
	case '{', '[':
		l.depth++
		return Open
	case '}', ']':
		l.depth--
		return Close
	case ':':
		return Colon
	case ',':
		return Comma
	case ' ', '\t', '\n', '\r':
		return Space
	}
	return Other
}
