package uritemplate

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// This file tests URI-template matching (Template.Match) against a
// reference written from the definition, and RFC 6570 expansion.

// refMatch is the reference: try the runs of the variables in order of
// their lengths, the first variable's first, shortest first, by plain
// recursion (exponential in the number of variables, quadratic in the
// URI, which is what the test can afford and the server could not); the
// first split where the literals line up and each run is one or more
// characters a variable may take wins, and then its values must decode.
func refMatch(t *Template, uri string) (map[string]string, bool) {
	var runs []string
	var split func(i int, rest string) bool
	split = func(i int, rest string) bool {
		if i == len(t.parts) {
			return rest == ""
		}
		p := t.parts[i]
		if p.variable == "" {
			return strings.HasPrefix(rest, p.literal) && split(i+1, rest[len(p.literal):])
		}
		for n := 1; n <= len(rest); n++ {
			if !p.reserved && strings.ContainsAny(rest[n-1:n], "/?#") {
				return false
			}
			runs = append(runs, rest[:n])
			if split(i+1, rest[n:]) {
				return true
			}
			runs = runs[:len(runs)-1]
		}
		return false
	}
	if !split(0, uri) {
		return nil, false
	}
	vars := map[string]string{}
	k := 0
	for _, p := range t.parts {
		if p.variable == "" {
			continue
		}
		v, err := unescape(runs[k])
		k++
		if err != nil || !p.reserved && (strings.ContainsRune(v, '/') || strings.ContainsRune(v, 0) || !utf8.ValidString(v)) {
			return nil, false
		}
		vars[p.variable] = v
	}
	return vars, true
}

// expand is RFC 6570 expansion (section 3.2.2 simple, 3.2.3 reserved) of
// the template with vars: a simple variable keeps only the unreserved
// characters, a reserved one the reserved characters too; every other byte
// is percent-encoded.
func expand(t *Template, vars map[string]string) string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	const reserved = ":/?#[]@!$&'()*+,;="
	var b strings.Builder
	for _, p := range t.parts {
		if p.variable == "" {
			b.WriteString(p.literal)
			continue
		}
		v := vars[p.variable]
		for i := 0; i < len(v); i++ {
			c := v[i]
			if strings.IndexByte(unreserved, c) >= 0 || p.reserved && strings.IndexByte(reserved, c) >= 0 {
				b.WriteByte(c)
			} else {
				b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
			}
		}
	}
	return b.String()
}

var fuzzTemplates = []string{
	"faults://doc/{name}.{ext}",
	"repo://{owner}/{name}/tree/{+path}",
	"file:///{+path}",
	"x://{a}",
	"{a}.{b}.{c}",
	"x://{a}-{+b}#{c}",
	"{+a}/{b}",
	"q://{a}?x={b}&y={+c}",
}

// FuzzURITemplate: the linear matcher agrees with the reference on every
// URI, and a URI that RFC 6570 expansion makes from values a simple
// variable may hold matches, with values that expand to the same URI.
func FuzzURITemplate(f *testing.F) {
	for i := range fuzzTemplates {
		f.Add(uint8(i), "faults://doc/"+strings.Repeat(".", 40)+"/", "a", "b", "c")
		f.Add(uint8(i), "repo://golang/go/tree/src/net", "..%2F..%2Fetc", "x/y", "%FF")
		f.Add(uint8(i), "x://a.b.c", "é", "\x00", "a.b")
	}
	tpls := make([]*Template, len(fuzzTemplates))
	for i, s := range fuzzTemplates {
		tpls[i] = must2(Parse(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, uri, a, b, c string) {
		tpl := tpls[int(which)%len(tpls)]
		if len(uri) > 64 {
			uri = uri[:64] // the reference is slow (cubic with three variables)
		}
		got, gotOK := tpl.Match(uri)
		want, wantOK := refMatch(tpl, uri)
		if gotOK != wantOK || !maps.Equal(got, want) {
			t.Fatalf("%s on %q: match = %q, %v; reference %q, %v", fuzzTemplates[int(which)%len(tpls)], uri, got, gotOK, want, wantOK)
		}
		vars := map[string]string{}
		values := []string{a, b, c}
		k := 0
		for _, p := range tpl.parts {
			if p.variable == "" {
				continue
			}
			v := values[k%3]
			k++
			if v == "" || !p.reserved && (strings.ContainsRune(v, '/') || strings.ContainsRune(v, 0) || !utf8.ValidString(v)) {
				return
			}
			vars[p.variable] = v
		}
		u := expand(tpl, vars)
		back, ok := tpl.Match(u)
		if !ok {
			t.Fatalf("%s with %q: the expansion %q does not match", fuzzTemplates[int(which)%len(tpls)], vars, u)
		}
		if again := expand(tpl, back); again != u {
			t.Fatalf("%s: %q matched as %q, which expands to %q", fuzzTemplates[int(which)%len(tpls)], u, back, again)
		}
	})
}

func must2[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestValues: a simple {name} never hands its handler a /,
// a NUL or invalid UTF-8 after decoding; {+name} takes paths.
func TestValues(t *testing.T) {
	for _, c := range []struct {
		tpl, uri string
		want     map[string]string // nil: no match
	}{
		{"files://{name}", "files://..%2F..%2Fetc%2Fpasswd", nil},
		{"files://{name}", "files://a%00b", nil},
		{"files://{name}", "files://%FF", nil},
		{"files://{name}", "files://%C3%A9t%C3%A9", map[string]string{"name": "été"}},
		{"files://{name}", "files://a%2", nil},
		{"files://{+path}", "files://..%2F..%2Fetc%2Fpasswd", map[string]string{"path": "../../etc/passwd"}},
		{"files://{+path}", "files://a/b", map[string]string{"path": "a/b"}},
		{"faults://doc/{name}.{ext}", "faults://doc/a.b.c", map[string]string{"name": "a", "ext": "b.c"}},
		{"faults://doc/{name}.{ext}", "faults://doc/" + strings.Repeat(".", 1000) + "/", nil},
	} {
		got, ok := must2(Parse(c.tpl)).Match(c.uri)
		if ok != (c.want != nil) || !maps.Equal(got, c.want) {
			t.Errorf("%s on %.40q: %q, %v; want %q", c.tpl, c.uri, got, ok, c.want)
		}
	}
}

// BenchmarkDots is the read of the fault report: a template of
// two variables around a literal and a URI of dots that ends in a /, which
// matches nothing. The time per match grows linearly with the URI.
func BenchmarkDots(b *testing.B) {
	tpl := must2(Parse("faults://doc/{name}.{ext}"))
	for _, n := range []int{16 << 10, 64 << 10, 128 << 10} {
		uri := "faults://doc/" + strings.Repeat(".", n) + "/"
		b.Run(strconv.Itoa(n>>10)+"K", func(b *testing.B) {
			for b.Loop() {
				if _, ok := tpl.Match(uri); ok {
					b.Fatal("matched")
				}
			}
		})
	}
}

// TestParse: the templates mcpgen does not serve are refused, each with
// its reason; a text without a variable is a fixed URI.
func TestParse(t *testing.T) {
	for bad, want := range map[string]string{
		"x://{a}{b}":  "variables {a} and {b} are adjacent: separate them with a literal",
		"x://{a":      "unclosed {",
		"x://a}":      "unmatched }",
		"x://{a-b}":   "unsupported expression {a-b}: mcpgen serves {name} and {+name}",
		"x://{a}/{a}": "variable {a} appears twice",
		"x://{?q}":    "unsupported expression {?q}: mcpgen serves {name} and {+name}",
		"x://{}":      "unsupported expression {}: mcpgen serves {name} and {+name}",
	} {
		if _, err := Parse(bad); err == nil || err.Error() != want {
			t.Errorf("Parse(%q) = %v, want %q", bad, err, want)
		}
	}
	tpl, err := Parse("repo://{owner}/{name}/tree/{+path}")
	if err != nil {
		t.Fatal(err)
	}
	if got := tpl.Vars(); !slices.Equal(got, []string{"owner", "name", "path"}) || !tpl.HasVar("path") || tpl.HasVar("tree") {
		t.Errorf("Vars = %q", got)
	}
	vars, ok := tpl.Match("repo://golang/go/tree/src/net/http")
	if !ok || vars["owner"] != "golang" || vars["name"] != "go" || vars["path"] != "src/net/http" {
		t.Errorf("Match = %v, %v", vars, ok)
	}
	if _, ok := tpl.Match("repo://golang/tree/x"); ok {
		t.Error("a URI without a name matched")
	}
	fixed, err := Parse("x://none")
	if err != nil || len(fixed.Vars()) != 0 {
		t.Fatalf("Parse(fixed) = %v, %v", fixed, err)
	}
	if _, ok := fixed.Match("x://none"); !ok {
		t.Error("a fixed URI does not match itself")
	}
	if _, ok := fixed.Match("x://nonex"); ok {
		t.Error("a fixed URI matched another")
	}
}
