package schema

import (
	"go/constant"
	"go/types"
	"strings"
	"unicode"

	"github.com/invopop/jsonschema"
)

// enumDoc returns the text that says what each value of the integer enum
// type n means, one line per value in the enum's order: the name of the
// first constant declared with it, in words without the type's name
// (PriorityHigh of type Priority: "high"), and that constant's comment, so
// that the model reads the value it sends and what it means, not a Go name
// it might send instead:
//
//	Values:
//	- 0 = low: Low waits.
//	- 1 = high
//
// A string enum's values name themselves: its lines are the values and
// their comments ("- open: not started"), and it is "" when no constant
// has a comment. It is "" when n has no enum values. The names go into the description because a keyword of our
// own (x-enumNames and the like) is rejected by Gemini and dropped by most
// hosts, while every model reads the description.
func (b *Builder) enumDoc(n *types.Named) string {
	basic, ok := n.Underlying().(*types.Basic)
	if !ok || basic.Info()&(types.IsInteger|types.IsString) == 0 {
		return ""
	}
	if doc, ok := b.enumDocs.Load(n.Obj()); ok {
		return doc.(string)
	}
	doc := b.describeEnum(n)
	b.enumDocs.Store(n.Obj(), doc)
	return doc
}

// describeEnum computes enumDoc.
func (b *Builder) describeEnum(n *types.Named) string {
	vals := b.enumValues(n)
	if len(vals) == 0 {
		return ""
	}
	obj := n.Obj()
	str := n.Underlying().(*types.Basic).Info()&types.IsString != 0
	first := map[string]*types.Const{} // exact value -> its first constant
	scope := obj.Pkg().Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) || c.Val().Kind() != constant.Int && c.Val().Kind() != constant.String {
			continue
		}
		key := c.Val().ExactString()
		if str {
			key = constant.StringVal(c.Val())
		}
		if prev := first[key]; prev == nil || declaredBefore(b, c, prev) {
			first[key] = c
		}
	}
	var sb strings.Builder
	sb.WriteString("Values:")
	documented := false
	for _, v := range vals {
		key := toString(v)
		c := first[key]
		if c == nil {
			return ""
		}
		doc := b.constDoc(c)
		documented = documented || doc != ""
		switch {
		case str:
			// A string value names itself: its comment is what it adds.
			sb.WriteString("\n- " + key)
			if doc != "" {
				sb.WriteString(": " + doc)
			}
		default:
			// The model sends the number: the constant's name says what
			// it means, in words, without the type's name in it (a Go
			// name, PriorityHigh, reads as a value to send).
			sb.WriteString("\n- " + key + " = " + nameWords(c.Name(), obj.Name()))
			if doc != "" {
				sb.WriteString(": " + doc)
			}
		}
	}
	if str && !documented {
		return ""
	}
	return sb.String()
}

// nameWords returns the name of a constant of the type typeName in
// words: the type's name cut off its start or end (PriorityHigh,
// HighPriority: High), split where the case changes, in lower case but
// for acronyms (DryGoods: "dry goods", ModeHTTPOnly: "HTTP only").
func nameWords(name, typeName string) string {
	if rest, ok := strings.CutPrefix(name, typeName); ok && rest != "" && !unicode.IsLower(rune(rest[0])) {
		name = strings.TrimLeft(rest, "_")
	} else if rest, ok := strings.CutSuffix(name, typeName); ok && rest != "" {
		name = strings.TrimRight(rest, "_")
	}
	var words []string
	rs := []rune(name)
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && !boundary(rs, i) {
			continue
		}
		if w := strings.Trim(string(rs[start:i]), "_"); w != "" {
			if !acronym(w) {
				w = strings.ToLower(w)
			}
			words = append(words, w)
		}
		start = i
	}
	if len(words) == 0 {
		return name
	}
	return strings.Join(words, " ")
}

// acronym reports whether w has two letters or more, all upper case.
func acronym(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// boundary reports whether a word of a mixed-case name starts at rs[i]:
// at an underscore, at an upper-case letter after a lower-case one or a
// digit, and at the last capital of a run followed by a lower-case letter
// (HTTPServer: HTTP, Server).
func boundary(rs []rune, i int) bool {
	prev, cur := rs[i-1], rs[i]
	switch {
	case cur == '_' || prev == '_':
		return true
	case unicode.IsUpper(cur) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
		return true
	case unicode.IsUpper(cur) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
		return true
	}
	return false
}

// declaredBefore reports whether x is declared before y (file name, then
// line and column), the order of enumValues.
func declaredBefore(b *Builder, x, y *types.Const) bool {
	px, py := b.fset.Position(x.Pos()), b.fset.Position(y.Pos())
	if px.Filename != py.Filename {
		return px.Filename < py.Filename
	}
	if px.Line != py.Line {
		return px.Line < py.Line
	}
	return px.Column < py.Column
}

// toString returns the JSON text of an enum value of enumValues.
func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case interface{ String() string }:
		return v.String()
	}
	return ""
}

// withEnumDocs appends to the description of each schema in docs the
// names of its enum's values, once the descriptions are set.
func withEnumDocs(docs map[*jsonschema.Schema]string) {
	for s, doc := range docs {
		if s.Description == "" {
			s.Description = doc
		} else {
			s.Description += "\n\n" + doc
		}
	}
}
