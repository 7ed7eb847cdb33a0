package jsontext

// An IDScanner finds the "id" member of a JSON-RPC message that is too long
// to keep, as its bytes stream by, so that the error answer to an oversized
// request carries its id and the client's pending call settles. It keeps
// no more than a short key and a short id, whatever the message's size,
// and looks only at the members of the top-level object: an "id" nested in
// params does not count, and neither does a string that merely contains
// "id". Clients place the id anywhere: first (most) or last (the
// TypeScript SDK writes method, params, jsonrpc, id).
type IDScanner struct {
	lex       Lexer
	isKey     bool // the current string is a top-level member name
	expectKey bool // the next string at depth 1 is a member name
	afterKey  bool // a top-level member name was read; its value comes next
	wantID    bool // the member being read is "id"
	inID      bool // reading the id's value
	keyLen    int
	key       [4]byte // the start of the current key; "id" fits, longer keys only need their length
	id        []byte  // the id's value as written, when found
	found     bool
	bad       bool // more than one id, or an id too long to be a real one
}

// maxIDLen bounds the id kept: real ids are short numbers or strings.
const maxIDLen = 256

// Write feeds the next bytes of the message.
func (s *IDScanner) Write(p []byte) {
	for _, c := range p {
		s.byte(c)
	}
}

func (s *IDScanner) byte(c byte) {
	depth, inString := s.lex.Depth(), s.lex.InString()
	class := s.lex.Step(c)
	if s.inID && (inString || c != ',' && c != '}' && class != Space) {
		if len(s.id) >= maxIDLen {
			s.bad, s.inID = true, false
			return
		}
		s.id = append(s.id, c)
	}
	switch class {
	case StringByte:
		if s.isKey {
			if s.keyLen < len(s.key) {
				s.key[s.keyLen] = c
			}
			s.keyLen++
		}
	case StringEnd:
		if s.isKey {
			s.isKey = false
			s.afterKey = true
			s.wantID = s.keyLen == 2 && s.key[0] == 'i' && s.key[1] == 'd'
		} else if s.inID {
			s.endID()
		}
	case StringStart:
		if depth == 1 && s.expectKey {
			s.isKey, s.keyLen, s.expectKey = true, 0, false
		}
	case Colon:
		if depth == 1 && s.afterKey {
			s.afterKey = false
			if s.wantID {
				s.wantID = false
				if s.found {
					s.bad = true
				} else {
					s.inID, s.id = true, s.id[:0]
				}
			}
		}
	case Open:
		if s.inID {
			s.bad, s.inID = true, false // an object or array is no id
		}
		s.expectKey = depth == 0 && c == '{'
	case Close:
		if s.inID && depth == 1 {
			s.endID()
		}
	case Comma:
		if depth == 1 {
			if s.inID {
				s.endID()
			}
			s.expectKey = true
		}
	}
}

func (s *IDScanner) endID() {
	s.inID, s.found = false, true
}

// Result returns the id as written (a JSON string or number), or nil when
// the message has no top-level id that could be read, or an unusable one.
func (s *IDScanner) Result() []byte {
	if !s.found || s.bad || len(s.id) == 0 || s.lex.Depth() != 0 {
		return nil
	}
	id := s.id
	if id[0] == '"' {
		if id[len(id)-1] != '"' || !Valid(id) {
			return nil
		}
		return id
	}
	if !Valid(id) || (id[0] != '-' && (id[0] < '0' || id[0] > '9')) {
		return nil // null, true, false or garbage: not an id
	}
	return id
}
