package parser

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzOptionsRoundTrip checks the directive option parser on any text:
// it never panics; tokens re-rendered canonically (key, =, the value raw or
// as a Go string literal) tokenize to the same tokens; and options that
// parse without errors, rendered canonically, parse back to the same
// options, again without errors.
//
//	go test -run '^$' -fuzz '^FuzzOptionsRoundTrip$' -fuzztime 5m ./parser/
func FuzzOptionsRoundTrip(f *testing.F) {
	for _, seed := range []string{
		"", " readonly", ` name=x title="a \"b\""`, " title=`raw`", ` title="open`,
		" =", " a=b=c", " readOnly=maybe", ` title="\xff"`, " name=\tx", "\t\t",
		` name=search_notes title="Search notes" readonly idempotent`,
		` destructive=false openworld=true idempotent=false readonly=false`,
		` readonly destructive`, ` name=a name=b`, ` title="\u00e9\n" name=é`,
		` title=""`, ` title="x"y`, " name=a.b-c_D9", ` title="\x00"`,
		" scope=files:read", " scope=a,b task", ` scope="a,,b"`, " scope=a,a", " scope=", ` scope="a b"`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		toks, synErr := tokenizeOptions(text)
		if synErr != nil && (synErr.Off < 0 || synErr.Off > len(text)) {
			t.Fatalf("tokenizeOptions(%q): error offset %d out of range", text, synErr.Off)
		}
		if synErr == nil {
			again, err := tokenizeOptions(renderTokens(toks))
			if err != nil {
				t.Fatalf("tokens of %q render as %q, which does not tokenize: %s", text, renderTokens(toks), err.Msg)
			}
			if !sameTokens(toks, again) {
				t.Fatalf("tokens of %q: %+v; rendered %q: %+v", text, toks, renderTokens(toks), again)
			}
		}
		opts, errs := parseOptions(text)
		for _, e := range errs {
			if e.Off < 0 || e.Off > len(text) || e.Msg == "" {
				t.Fatalf("parseOptions(%q): error %+v", text, e)
			}
		}
		if len(errs) > 0 {
			return
		}
		canon := renderOptions(opts)
		back, errs := parseOptions(canon)
		if len(errs) > 0 {
			t.Fatalf("options of %q render as %q, which has errors: %+v", text, canon, errs)
		}
		if !reflect.DeepEqual(opts, back) {
			t.Fatalf("options of %q: %+v; rendered %q: %+v", text, opts, canon, back)
		}
	})
}

func renderTokens(toks []option) string {
	var b strings.Builder
	for _, o := range toks {
		b.WriteByte(' ')
		b.WriteString(o.Key)
		if o.HasValue {
			b.WriteByte('=')
			if o.Quoted {
				b.WriteString(strconv.Quote(o.Value))
			} else {
				b.WriteString(o.Value)
			}
		}
	}
	return b.String()
}

func sameTokens(a, b []option) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].HasValue != b[i].HasValue || a[i].Value != b[i].Value || a[i].Quoted != b[i].Quoted {
			return false
		}
	}
	return true
}

// renderOptions writes options as a directive would, each hint as
// key=true or key=false.
func renderOptions(o toolOptions) string {
	var b strings.Builder
	if o.Name != "" {
		b.WriteString(" name=" + o.Name)
	}
	if o.Title != "" {
		b.WriteString(" title=" + strconv.Quote(o.Title))
	}
	for _, h := range []struct {
		key string
		v   *bool
	}{{"readonly", o.Hints.ReadOnly}, {"destructive", o.Hints.Destructive}, {"idempotent", o.Hints.Idempotent}, {"openworld", o.Hints.OpenWorld}} {
		if h.v != nil {
			b.WriteString(" " + h.key + "=" + strconv.FormatBool(*h.v))
		}
	}
	if o.Task != "" {
		b.WriteString(" task=" + o.Task)
	}
	if len(o.Scopes) > 0 {
		b.WriteString(" scope=" + strconv.Quote(strings.Join(o.Scopes, ",")))
	}
	return b.String()
}
