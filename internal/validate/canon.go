package validate

import (
	"slices"
	"strconv"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// appendCanonical appends a canonical form of the syntactically valid JSON
// value raw, such that two values are equal in the JSON Schema sense
// (numbers compared by value, object members in any order) exactly when
// their canonical forms are equal. The forms are self-delimiting:
//
//	null: z   true: t   false: f   number: n<digits>e<exp>;   string: s<len>:<bytes>
//	array: [<items>]   object: {<key string><value>...} with keys sorted
//
// Of duplicate keys the last one counts, as in encoding/json.
func appendCanonical(dst, raw []byte) []byte {
	dst, _ = appendCanonicalAt(dst, raw, 0)
	return dst
}

// appendCanonicalAt appends the canonical form of the value at raw[i] (or
// after white space there) and returns the offset after the value.
func appendCanonicalAt(dst, raw []byte, i int) ([]byte, int) {
	i = jsontext.SkipSpace(raw, i)
	if i >= len(raw) {
		return dst, i
	}
	switch raw[i] {
	case 'n':
		return append(dst, 'z'), i + 4
	case 't':
		return append(dst, 't'), i + 4
	case 'f':
		return append(dst, 'f'), i + 5
	case '"':
		return appendCanonicalString(dst, raw, i)
	case '[':
		return appendCanonicalArray(dst, raw, i)
	case '{':
		return appendCanonicalObject(dst, raw, i)
	}
	j, _ := jsontext.ScanNumber(raw, i)
	d, _ := parseDecNum(raw[i:j])
	dst = append(dst, 'n')
	dst = appendCanonicalNum(dst, &d)
	return append(dst, ';'), j
}

// appendCanonicalString appends s<len>:<bytes> for the string at raw[i].
func appendCanonicalString(dst, raw []byte, i int) ([]byte, int) {
	end, _, _ := jsontext.ScanString(raw, i)
	dst = append(dst, 's')
	// Unescape in place, then move the bytes to make room for the length,
	// known only now.
	mark := len(dst)
	dst = jsontext.AppendUnquoted(dst, raw[i+1:end-1])
	n := len(dst) - mark
	var hdr [24]byte
	h := strconv.AppendInt(hdr[:0], int64(n), 10)
	h = append(h, ':')
	dst = append(dst, h...)
	copy(dst[mark+len(h):], dst[mark:mark+n])
	copy(dst[mark:], h)
	return dst, end
}

// appendCanonicalArray appends [<items>] for the array at raw[i].
func appendCanonicalArray(dst, raw []byte, i int) ([]byte, int) {
	dst = append(dst, '[')
	i = jsontext.SkipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return append(dst, ']'), i + 1
	}
	for i < len(raw) {
		dst, i = appendCanonicalAt(dst, raw, i)
		i = jsontext.SkipSpace(raw, i)
		if i < len(raw) && raw[i] == ',' {
			i++
			continue
		}
		break
	}
	return append(dst, ']'), i + 1
}

// appendCanonicalObject appends {<key><value>...} for the object at raw[i],
// keys sorted, the last of duplicate keys kept.
func appendCanonicalObject(dst, raw []byte, i int) ([]byte, int) {
	type member struct{ key, val []byte }
	var members []member
	i = jsontext.SkipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return append(dst, '{', '}'), i + 1
	}
	for i < len(raw) {
		i = jsontext.SkipSpace(raw, i)
		var m member
		m.key, i = appendCanonicalAt(nil, raw, i)
		i = jsontext.SkipSpace(raw, i) + 1 // ':'
		m.val, i = appendCanonicalAt(nil, raw, i)
		if j := slices.IndexFunc(members, func(o member) bool { return string(o.key) == string(m.key) }); j >= 0 {
			members[j] = m
		} else {
			members = append(members, m)
		}
		i = jsontext.SkipSpace(raw, i)
		if i < len(raw) && raw[i] == ',' {
			i++
			continue
		}
		break
	}
	slices.SortFunc(members, func(a, b member) int { return compareBytes(a.key, b.key) })
	dst = append(dst, '{')
	for _, m := range members {
		dst = append(dst, m.key...)
		dst = append(dst, m.val...)
	}
	return append(dst, '}'), i + 1
}

func compareBytes(a, b []byte) int {
	switch {
	case string(a) < string(b):
		return -1
	case string(a) > string(b):
		return 1
	}
	return 0
}
