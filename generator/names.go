package generator

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// upperFirst returns s with its first letter in upper case.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerCamel turns a tool name such as "search_notes" or "notes.search-all"
// into a Go identifier stem such as "searchNotes" or "notesSearchAll".
func lowerCamel(name string) string {
	var b strings.Builder
	upper := false
	for _, r := range name {
		switch {
		case r == '_' || r == '.' || r == '-':
			upper = b.Len() > 0
		case upper:
			b.WriteRune(unicode.ToUpper(r))
			upper = false
		case b.Len() == 0:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" || !unicode.IsLetter([]rune(s)[0]) {
		s = "tool" + upperFirst(s)
	}
	return s
}

// uniqueName returns stem+suffix, or stem+N+suffix for the smallest N >= 2
// that makes it unique in used, and records it in used.
func uniqueName(stem, suffix string, used map[string]bool) string {
	name := stem + suffix
	for i := 2; used[name] || token.IsKeyword(name); i++ {
		name = fmt.Sprintf("%s%d%s", stem, i, suffix)
	}
	used[name] = true
	return name
}

// fieldName returns the exported Go field name for the JSON argument param,
// unique in used.
func fieldName(param string, used map[string]bool) string {
	stem := upperFirst(param)
	if r, _ := utf8.DecodeRuneInString(stem); !unicode.IsUpper(r) {
		// A name such as "_x" or "ä" without an upper-case form.
		stem = "X" + stem
	}
	return uniqueName(stem, "", used)
}
