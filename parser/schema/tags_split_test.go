package schema

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// splitUnescapedReference is the former splitter of jsonschema tags.
func splitUnescapedReference(s string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ',':
			cur.WriteByte(',')
			i++
		case s[i] == ',':
			out = append(out, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(out, cur.String())
}

func splitByCutElem(s string) []string {
	var out []string
	for rest, more := s, true; more; {
		var e string
		e, rest, more = cutElem(rest)
		out = append(out, e)
	}
	return out
}

func TestCutElem(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := splitByCutElem(s), splitUnescapedReference(s); !slices.Equal(got, want) {
			t.Fatalf("%q: cutElem splits into %q, want %q", s, got, want)
		}
		// parseSchemaTag's shortcut for "-".
		first, _, _ := strings.Cut(s, ",")
		if (first == "-") != (splitUnescapedReference(s)[0] == "-") {
			t.Fatalf("%q: the first element is %q, but the text before the first comma is %q", s, splitUnescapedReference(s)[0], first)
		}
	}
	for _, s := range []string{"", ",", ",,", `\`, `\,`, `\\,`, `\\\,`, `a\,b,c`, `a,\,b`, `-`, `-,a`, `-\,a`, `\-,a`, `a\`, `minimum=1,maximum=2`, `pattern=^a\,b$,required`} {
		check(s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = `ab-=,\,\`
	for range 100000 {
		b := make([]byte, r.IntN(10))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
}
