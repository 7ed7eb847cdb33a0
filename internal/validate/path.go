package validate

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// DecodeErrorPath finds where in args the decoding into v failed with the
// error msg, as a path in the form validation errors use ("items[2].ip"),
// and reports false when it cannot tell. encoding/json does not say where
// a json.Unmarshaler or encoding.TextUnmarshaler failed ("invalid IP
// address: x"), and names fields without array indexes.
//
// Decoding never fails for a member that is missing, so the search keeps,
// level by level, the one member or element whose value alone (with its
// ancestors) still fails with the same message. It runs only on failure,
// and costs about the size of args times its depth.
func DecodeErrorPath(args []byte, v any, msg string) (string, bool) {
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer {
		return "", false
	}
	fails := func(doc []byte) bool {
		err := json.Unmarshal(doc, reflect.New(t.Elem()).Interface())
		return err != nil && err.Error() == msg
	}
	var path []pathElem
	// wrap puts a value where the path points, inside its ancestors
	// reduced to the path.
	wraps := []func([]byte) []byte{func(b []byte) []byte { return b }}
	cur := json.RawMessage(jsontext.TrimSpace(args))
	for depth := 0; depth < 1000; depth++ {
		wrap := wraps[len(wraps)-1]
		found := false
		switch {
		case len(cur) > 0 && cur[0] == '{':
			type member struct {
				key   string
				value json.RawMessage
			}
			var members []member
			if !jsontext.EachMember(cur, func(key, value []byte) {
				members = append(members, member{string(key), value})
			}) {
				return "", false
			}
			for _, m := range members {
				keyJSON, _ := json.Marshal(m.key)
				w := func(b []byte) []byte {
					// b may be a subslice of the caller's arguments: a
					// copy, never append(b, ...), which would write into them.
					doc := append(append([]byte{'{'}, keyJSON...), ':')
					return wrap(append(append(doc, b...), '}'))
				}
				if fails(w(m.value)) {
					path = append(path, pathElem{key: []byte(m.key), index: -1})
					wraps = append(wraps, w)
					cur, found = m.value, true
					break
				}
			}
		case len(cur) > 0 && cur[0] == '[':
			var elems []json.RawMessage
			if json.Unmarshal(cur, &elems) != nil {
				return "", false
			}
			for i, e := range elems {
				w := func(b []byte) []byte { return wrap(append(append([]byte{'['}, b...), ']')) }
				if fails(w(e)) {
					path = append(path, pathElem{index: i})
					wraps = append(wraps, w)
					cur, found = e, true
					break
				}
			}
		}
		if !found {
			break
		}
	}
	if len(path) == 0 {
		return "", false
	}
	p, _ := pathString(path)
	return p, true
}

// pathString writes path as Violation.Path does, and returns its
// keys for sorting.
func pathString(path []pathElem) (string, []pathKey) {
	var b strings.Builder
	key := make([]pathKey, len(path))
	for i, e := range path {
		if e.index >= 0 {
			key[i] = pathKey{index: e.index}
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.index))
			b.WriteByte(']')
			continue
		}
		key[i] = pathKey{name: string(e.key), index: -1}
		if isPlainName(e.key) {
			if i > 0 {
				b.WriteByte('.')
			}
			b.Write(e.key)
		} else {
			b.WriteByte('[')
			b.WriteString(strconv.Quote(strings.ToValidUTF8(string(e.key), "\uFFFD")))
			b.WriteByte(']')
		}
	}
	return b.String(), key
}
