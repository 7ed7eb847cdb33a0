package jsontext

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

var samples = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e+10`, `-12.25E-3`, `true`, `false`, `null`,
	` {"a" : [1, {"b": null}, "x\"y\\u00e9\n"] } `, `{"":{}}`, "\"\u2028\"", `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`,
	"\"\xff\xfe\"", `"\/\b\f\n\r\t"`, `{"n\u0061me":1,"name":2}`, "\"a`b\"",
	`{`, `}`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[,1]`, `{a:1}`, `'x'`, `01`, `1.`, `.5`, `1e`, `-`, `+1`,
	`"\x"`, `"\u12"`, "\"a\x01\"", `tru`, `nul`, `{"a":1}x`, `1 2`, ``, ` `, `[`, `"abc`, `{"a":1`, "\v1", "1\f",
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
}

func TestSamples(t *testing.T) {
	for _, s := range samples {
		check(t, s)
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	f.Fuzz(check)
}

// check compares everything the package does on s with encoding/json.
func check(t *testing.T, s string) {
	b := []byte(s)
	valid := Valid(b)
	if want := json.Valid(b); valid != want {
		t.Fatalf("Valid(%.60q) = %v, encoding/json says %v", s, valid, want)
	}

	// The escaper writes what encoding/json writes (without its HTML
	// escapes), and what it writes reads back as the string.
	var enc bytes.Buffer
	e := json.NewEncoder(&enc)
	e.SetEscapeHTML(false)
	e.Encode(s)
	if got, want := string(AppendString(nil, s)), strings.TrimSuffix(enc.String(), "\n"); got != want {
		t.Errorf("AppendString(%.60q) = %s, encoding/json writes %s", s, got, want)
	}
	raw := AppendStringForRaw(nil, s)
	var back, want string
	json.Unmarshal(enc.Bytes(), &want)
	if bytes.IndexByte(raw, '`') >= 0 || json.Unmarshal(raw, &back) != nil || back != want {
		t.Errorf("AppendStringForRaw(%.60q) = %s", s, raw)
	}

	if !valid {
		return
	}
	v := TrimSpace(b)
	// Strings read as encoding/json reads them.
	if got, ok := Unquote(v); ok != (v[0] == '"') {
		t.Errorf("Unquote(%.60q): ok = %v", s, ok)
	} else if ok {
		var want string
		json.Unmarshal(v, &want)
		if got != want {
			t.Errorf("Unquote(%.60q) = %q, encoding/json reads %q", s, got, want)
		}
		_, st, _ := ScanString(v, 0)
		if st.Runes != utf8.RuneCountInString(want) && !st.BadSurrogate && !st.BadUTF8 {
			t.Errorf("ScanString(%.60q).Runes = %d, want %d", s, st.Runes, utf8.RuneCountInString(want))
		}
		if st.BadUTF8 != !utf8.Valid(v) {
			t.Errorf("ScanString(%.60q).BadUTF8 = %v", s, st.BadUTF8)
		}
	}
	// Members, keys unescaped, as encoding/json sees them.
	if v[0] == '{' {
		got := map[string]string{}
		if !EachMember(v, func(k, val []byte) { got[string(k)] = string(val) }) {
			t.Errorf("EachMember(%.60q) failed on a valid object", s)
		}
		var want map[string]json.RawMessage
		json.Unmarshal(v, &want)
		if len(got) != len(want) {
			t.Errorf("EachMember(%.60q): %d members, encoding/json %d", s, len(got), len(want))
		}
		for k, val := range want {
			if got[k] != string(val) {
				t.Errorf("EachMember(%.60q)[%q] = %s, encoding/json %s", s, k, got[k], val)
			}
		}
	}
	// The lexer sees every string (keys too), and ends where it began.
	var l Lexer
	starts, ends := 0, 0
	for _, c := range b {
		switch l.Step(c) {
		case StringStart:
			starts++
		case StringEnd:
			ends++
		}
	}
	d := json.NewDecoder(bytes.NewReader(b))
	strs := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return // deeper than the decoder's token API goes; Valid agreed
		}
		if _, ok := tok.(string); ok {
			strs++
		}
	}
	if starts != strs || ends != strs || l.Depth() != 0 || l.InString() {
		t.Errorf("Lexer on %.60q: %d strings opened, %d closed, depth %d; encoding/json reads %d strings", s, starts, ends, l.Depth(), strs)
	}
}

// The scanners' errors point at the byte at fault.
func TestErrors(t *testing.T) {
	for _, tt := range []struct {
		in   string
		off  int
		want error
	}{
		{`"abc`, 4, ErrUnterminated},
		{`"a\`, 2, ErrUnterminated},
		{`"a\x"`, 2, ErrEscape},
		{`"a\u12x4"`, 2, ErrUEscape},
		{"\"a\x01\"", 2, ErrControl},
		{`-x`, 0, ErrNumber},
		{`1.e5`, 0, ErrNumber},
		{`nul`, 0, ErrLiteral},
		{`[1 2]`, 3, ErrSyntax},
		{`{"a" 1}`, 5, ErrSyntax},
	} {
		off, err := ScanValue([]byte(tt.in), 0, 0)
		if off != tt.off || err != tt.want {
			t.Errorf("ScanValue(%q) = %d, %v; want %d, %v", tt.in, off, err, tt.off, tt.want)
		}
	}
}

func BenchmarkScanValue(b *testing.B) {
	msg := []byte(`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` +
		strings.Repeat("hello world ", 50) + `","n":[1,2.5,-3e4,true,false,null]}}}`)
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if !Valid(msg) {
			b.Fatal("invalid")
		}
	}
}
