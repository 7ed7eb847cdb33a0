package runtime

import (
	"encoding/json"
	"strings"
	"testing"
)

var jsonSamples = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e+10`, `-12.25E-3`, `true`, `false`, `null`,
	` {"a" : [1, {"b": null}, "x\"y\\u00e9\n"] } `, `{"":{}}`, "\"\u2028\"",
	`{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[,1]`, `{a:1}`, `'x'`, `01`, `1.`, `.5`, `1e`, `-`, `+1`,
	`"\x"`, `"\u12"`, "\"a\x01\"", `tru`, `nul`, `{"a":1}x`, `1 2`, ``, ` `, `[`, `"abc`, `{"a":1`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 100) + strings.Repeat("]", 100),
}

func TestCheckJSONAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range jsonSamples {
		if got, want := checkJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("checkJSON(%.40q) = %v, encoding/json says %v", s, got, want)
		}
	}
}

func FuzzCheckJSON(f *testing.F) {
	for _, s := range jsonSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := checkJSON([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("checkJSON(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}

func TestEachMemberAndStringValue(t *testing.T) {
	got := map[string]string{}
	ok := eachMember([]byte(` {"name":"a\"b","n\u0061me2":1 , "_meta":{"x":[1]}} `), func(k, v []byte) {
		got[string(k)] = string(v)
	})
	if !ok || got["name"] != `"a\"b"` || got["name2"] != `1` || got["_meta"] != `{"x":[1]}` {
		t.Errorf("eachMember: %v %v", ok, got)
	}
	if eachMember([]byte(`[1]`), func(k, v []byte) {}) || eachMember([]byte(`{"a":1`), func(k, v []byte) {}) {
		t.Error("eachMember accepted a non-object")
	}
	for raw, want := range map[string]string{`"plain"`: "plain", `"a\"b\u00e9"`: "a\"bé", `"é"`: "é"} {
		if s, ok := stringValue([]byte(raw)); !ok || s != want {
			t.Errorf("stringValue(%s) = %q, %v", raw, s, ok)
		}
	}
	if _, ok := stringValue([]byte(`5`)); ok {
		t.Error("stringValue(5) ok")
	}
}
