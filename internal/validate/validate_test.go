package validate

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// valCase is one instance checked against one schema: want is "" when the
// instance is valid, else a substring of the error text.
type valCase struct {
	schema string
	args   string
	want   string
}

func runValCases(t *testing.T, cases []valCase) {
	t.Helper()
	for _, c := range cases {
		v, err := Compile(c.schema)
		if err != nil {
			t.Errorf("Compile(%s): %v", c.schema, err)
			continue
		}
		err = v.Validate([]byte(c.args))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("schema %s\nargs %s\nunexpected error: %v", c.schema, c.args, err)
		case c.want != "" && err == nil:
			t.Errorf("schema %s\nargs %s\naccepted, want error containing %q", c.schema, c.args, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("schema %s\nargs %s\nerror %q\nwant it to contain %q", c.schema, c.args, err, c.want)
		}
		if err != nil {
			var ae *Error
			if !errors.As(err, &ae) {
				t.Errorf("error %T is not an *Error", err)
			}
		}
	}
}

func TestValidateType(t *testing.T) {
	obj := func(typ string) string {
		return `{"type":"object","properties":{"x":{"type":` + typ + `}}}`
	}
	runValCases(t, []valCase{
		{obj(`"string"`), `{"x":"a"}`, ""},
		{obj(`"string"`), `{"x":1}`, `"x": must be a string (got 1)`},
		{obj(`"string"`), `{"x":null}`, `"x": must be a string (got null)`},
		{obj(`"integer"`), `{"x":1}`, ""},
		{obj(`"integer"`), `{"x":1.0}`, ""},
		{obj(`"integer"`), `{"x":1e2}`, ""},
		{obj(`"integer"`), `{"x":-0}`, ""},
		{obj(`"integer"`), `{"x":12345678901234567890123}`, ""},
		{obj(`"integer"`), `{"x":1.5}`, `"x": must be an integer (got 1.5)`},
		{obj(`"integer"`), `{"x":1e-2}`, `must be an integer`},
		{obj(`"integer"`), `{"x":"1"}`, `must be an integer (got "1")`},
		{obj(`"number"`), `{"x":1.5}`, ""},
		{obj(`"number"`), `{"x":true}`, `must be a number (got true)`},
		{obj(`"boolean"`), `{"x":false}`, ""},
		{obj(`"boolean"`), `{"x":0}`, `must be a boolean`},
		{obj(`"null"`), `{"x":null}`, ""},
		{obj(`"object"`), `{"x":{}}`, ""},
		{obj(`"object"`), `{"x":[]}`, `must be an object (got an array)`},
		{obj(`"array"`), `{"x":[1]}`, ""},
		{obj(`"array"`), `{"x":{"a":1}}`, `must be an array (got an object)`},
		{obj(`["string","null"]`), `{"x":null}`, ""},
		{obj(`["string","null"]`), `{"x":"s"}`, ""},
		{obj(`["string","null"]`), `{"x":2}`, `must be a string or null (got 2)`},
		{obj(`["integer","string"]`), `{"x":2.5}`, `must be a string or an integer (got 2.5)`},
		{`{"type":"object"}`, `[]`, `invalid arguments: must be an object (got an array)`},
		{`{"type":"object"}`, `null`, `must be an object (got null)`},
	})
}

func TestValidateEnumConst(t *testing.T) {
	runValCases(t, []valCase{
		{`{"properties":{"u":{"enum":["c","f"]}}}`, `{"u":"c"}`, ""},
		{`{"properties":{"u":{"enum":["c","f"]}}}`, `{"u":"\u0063"}`, ""},
		{`{"properties":{"u":{"enum":["c","f"]}}}`, `{"u":"k"}`, `"u": must be one of "c", "f" (got "k")`},
		{`{"properties":{"u":{"enum":[1,2.5,null]}}}`, `{"u":1.0}`, ""},
		{`{"properties":{"u":{"enum":[1,2.5,null]}}}`, `{"u":25e-1}`, ""},
		{`{"properties":{"u":{"enum":[1,2.5,null]}}}`, `{"u":null}`, ""},
		{`{"properties":{"u":{"enum":[1,2.5,null]}}}`, `{"u":"1"}`, `must be one of 1, 2.5, null (got "1")`},
		{`{"properties":{"u":{"enum":[{"a":1,"b":[1,2]}]}}}`, `{"u":{"b":[1,2.0],"a":1}}`, ""},
		{`{"properties":{"u":{"enum":[{"a":1,"b":[1,2]}]}}}`, `{"u":{"b":[2,1],"a":1}}`, `must be one of`},
		{`{"properties":{"u":{"const":"x"}}}`, `{"u":"x"}`, ""},
		{`{"properties":{"u":{"const":"x"}}}`, `{"u":"y"}`, `"u": must be "x" (got "y")`},
		{`{"properties":{"u":{"const":0}}}`, `{"u":-0.0}`, ""},
		{`{"properties":{"u":{"const":false}}}`, `{"u":0}`, `must be false (got 0)`},
	})
}

func TestValidateNumbers(t *testing.T) {
	p := func(kw string) string { return `{"properties":{"n":{"type":"number",` + kw + `}}}` }
	runValCases(t, []valCase{
		{p(`"minimum":1`), `{"n":1}`, ""},
		{p(`"minimum":1`), `{"n":0.999999999999999999999}`, `"n": must be >= 1 (got 0.999999999999999999999)`},
		{p(`"maximum":255`), `{"n":255}`, ""},
		{p(`"maximum":255`), `{"n":300}`, `"n": must be <= 255 (got 300)`},
		{p(`"maximum":255`), `{"n":2.55e2}`, ""},
		{p(`"maximum":255`), `{"n":2.5500001e2}`, `must be <= 255`},
		{p(`"exclusiveMinimum":0`), `{"n":0}`, `"n": must be > 0 (got 0)`},
		{p(`"exclusiveMinimum":0`), `{"n":1e-300}`, ""},
		{p(`"exclusiveMaximum":10`), `{"n":10}`, `must be < 10 (got 10)`},
		{p(`"exclusiveMaximum":10`), `{"n":9.99}`, ""},
		{p(`"maximum":18446744073709551615`), `{"n":18446744073709551615}`, ""},
		{p(`"maximum":18446744073709551615`), `{"n":18446744073709551616}`, `must be <= 18446744073709551615 (got 18446744073709551616)`},
		{p(`"minimum":-9223372036854775808`), `{"n":-9223372036854775808}`, ""},
		{p(`"minimum":-9223372036854775808`), `{"n":-9223372036854775809}`, `must be >= -9223372036854775808`},
		{p(`"minimum":-5`), `{"n":-4.5}`, ""},
		{p(`"minimum":-5`), `{"n":-5.5}`, `must be >= -5`},
		{p(`"multipleOf":0.1`), `{"n":0.3}`, ""},
		{p(`"multipleOf":0.1`), `{"n":0.35}`, `"n": must be a multiple of 0.1 (got 0.35)`},
		{p(`"multipleOf":2.5`), `{"n":7.5}`, ""},
		{p(`"multipleOf":4`), `{"n":10}`, `must be a multiple of 4`},
		{p(`"multipleOf":4`), `{"n":1e2}`, ""},
		{p(`"multipleOf":3`), `{"n":0}`, ""},
		{p(`"multipleOf":0.01`), `{"n":1e308}`, ""},
		{p(`"multipleOf":7`), `{"n":700000000000000000000000000000000000000007}`, ""},
		{p(`"multipleOf":7`), `{"n":700000000000000000000000000000000000000008}`, `must be a multiple of 7`},
		{p(`"multipleOf":1e-400`), `{"n":3e-399}`, ""},
	})
}

func TestValidateStrings(t *testing.T) {
	p := func(kw string) string { return `{"properties":{"s":{"type":"string",` + kw + `}}}` }
	long := strings.Repeat("x", 100)
	runValCases(t, []valCase{
		{p(`"minLength":2`), `{"s":"héé"}`, ""},
		{p(`"minLength":2`), `{"s":"é"}`, `"s": must be at least 2 characters long (got 1: "é")`},
		{p(`"maxLength":2`), `{"s":"日本"}`, ""},
		{p(`"maxLength":2`), `{"s":"\ud83d\ude00\u00e9"}`, ""},
		{p(`"maxLength":2`), `{"s":"日本語"}`, `must be at most 2 characters long (got 3`},
		{p(`"maxLength":2`), `{"s":"` + long + `"}`, `(got 100: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")`},
		{p(`"pattern":"[0-9]+"`), `{"s":"ab12"}`, ""},
		{p(`"pattern":"^[0-9]+$"`), `{"s":"ab12"}`, `"s": must match the pattern "^[0-9]+$" (got "ab12")`},
		{p(`"pattern":"^a\\nb$"`), `{"s":"a\nb"}`, ""},
		{p(`"contentEncoding":"base64"`), `{"s":"aGVsbG8="}`, ""},
		{p(`"contentEncoding":"base64"`), `{"s":"aGVs\nbG8="}`, ""},
		{p(`"contentEncoding":"base64"`), `{"s":"aGVsbG8"}`, `"s": must be standard base64 with padding (got "aGVsbG8")`},
		{p(`"contentEncoding":"base64"`), `{"s":"aGVsbG8_"}`, `must be standard base64`},
		// The schema of a []byte: its pattern is named for what it means.
		{p(`"contentEncoding":"base64","pattern":` + strconv.Quote(base64NLPattern)), `{"s":"aGVsbG8"}`, `"s": must be standard base64 with padding (got "aGVsbG8")`},
		{p(`"contentEncoding":"base64"`), `{"s":""}`, ""},
		// Silent changes encoding/json would make.
		{p(`"minLength":0`), "{\"s\":\"a\xffb\"}", `"s": must be valid UTF-8`},
		{`{}`, "{\"s\":[\"a\xc0\"]}", `"s[0]": must be valid UTF-8`},
		{p(`"minLength":0`), `{"s":"\ud800"}`, `"s": must not contain an unpaired surrogate`},
		{p(`"minLength":0`), `{"s":"\udc00\ud800"}`, `unpaired surrogate`},
	})
}

func TestValidateFormats(t *testing.T) {
	p := func(f string) string { return `{"properties":{"f":{"type":"string","format":"` + f + `"}}}` }
	ok := map[string][]string{
		"date-time": {"2006-01-02T15:04:05Z", "2006-01-02T15:04:05.999999999+07:00", "1985-04-12T23:20:50.52Z"},
		"date":      {"2024-02-29", "2023-12-31"},
		"time":      {"15:04:05Z", "23:59:60Z", "15:04:05.1-08:00", "15:59:60-08:00"},
		"email":     {"a@example.com", "a.b+c@x.y", `"a b"@example.com`, "x@[192.0.2.1]", "x@[IPv6:2001:db8::1]"},
		"hostname":  {"example.com", "a-b.c", "localhost", "xn--bcher-kva.example", "example.com."},
		"ipv4":      {"192.0.2.1", "0.0.0.0", "255.255.255.255"},
		"ipv6":      {"2001:db8::1", "::", "::ffff:192.0.2.1"},
		"uri":       {"https://example.com/a?b#c", "urn:isbn:0451450523", "mailto:a@b.c"},
		"uuid":      {"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"},
		"unknown":   {"anything"},
	}
	bad := map[string][]string{
		"date-time": {"2006-01-02 15:04:05Z", "2006-01-02T15:04:05", "2006-02-30T15:04:05Z", "2006-01-02T15:04:60Z", "yesterday",
			"2006-01-02T1:04:05Z", "2006-01-02T15:04:05+07:60", "2006-01-02t15:04:05Z", "2006-01-02T15:04:05z", "2006-01-02T23:59:60Z"},
		"date":     {"2023-02-29", "2023-1-01", "2023-13-01", "20230101"},
		"time":     {"15:04:05", "24:00:00Z", "15:04:60Z", "15:04:05+25:00", "+5:04:05Z", "15:-0:05Z"},
		"email":    {"a", "@example.com", "a@", "a..b@example.com", "a@-x.com", "@b"},
		"hostname": {"-a.com", "a-.com", "a..b", "a_b.com", strings.Repeat("a", 64) + ".com", ".", "a.."},
		"ipv4":     {"192.0.2", "192.0.2.256", "01.2.3.4", "::1", "+92.0.2.1", "192.-0.2.1"},
		"ipv6":     {"192.0.2.1", "2001:db8::1::1", "fe80::1%eth0", "12345::"},
		"uri":      {"/relative", "example.com", "http://exa mple.com", "1http://x", "http://a/#a b"},
		"uuid":     {"123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"},
	}
	var cases []valCase
	for f, vs := range ok {
		for _, v := range vs {
			b, _ := json.Marshal(map[string]string{"f": v})
			cases = append(cases, valCase{p(f), string(b), ""})
		}
	}
	for f, vs := range bad {
		for _, v := range vs {
			b, _ := json.Marshal(map[string]string{"f": v})
			cases = append(cases, valCase{p(f), string(b), `"f": must be `})
		}
	}
	cases = append(cases, valCase{p("date-time"), `{"f":"2006-01-02"}`,
		`"f": must be an RFC 3339 date-time such as "2006-01-02T15:04:05Z" (format "date-time"; got "2006-01-02")`})
	runValCases(t, cases)
}

func TestValidateObjects(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"],"additionalProperties":false}`
	runValCases(t, []valCase{
		{s, `{"a":"x"}`, ""},
		{s, ` { "a" : "x" , "b" : 2 } `, ""},
		{s, `{"b":2}`, `invalid arguments: "a": is required`},
		{s, `{"a":"x","c":1}`, `"c": unknown property (expected one of: a, b)`},
		{s, `{"a":"x","a":"y"}`, `"a": duplicate property`},
		{s, `{"a":"x","\u0061":"y"}`, `"a": duplicate property`},
		{s, `{"a":1,"b":"x"}`, `invalid arguments: "a": must be a string (got 1); "b": must be an integer (got "x")`},
		{`{"additionalProperties":{"type":"integer"}}`, `{"x":1,"y":2}`, ""},
		{`{"additionalProperties":{"type":"integer"}}`, `{"x":1,"my key":"z"}`, `"[\"my key\"]": must be an integer (got "z")`},
		{`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`, `{"1":"a","20":"b"}`, ""},
		{`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`, `{"1":2}`, `"[\"1\"]": must be a string (got 2)`},
		{`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`, `{"x":"a"}`, `"x": unknown property (names must match "^[0-9]+$")`},
		{`{"propertyNames":{"pattern":"^-?[0-9]+$"}}`, `{"-1":true}`, ""},
		{`{"propertyNames":{"pattern":"^-?[0-9]+$"}}`, `{"a1":true}`, `"a1": invalid property name: must match the pattern "^-?[0-9]+$" (got "a1")`},
		{`{"propertyNames":{"maxLength":3}}`, `{"abcd":true}`, `invalid property name: must be at most 3 characters long`},
		{`{"minProperties":1}`, `{}`, `must have at least 1 property (got 0)`},
		{`{"maxProperties":1}`, `{"a":1,"b":2}`, `must have at most 1 property (got 2)`},
		{`{"properties":{"o":{"properties":{"p":{"required":["q"]}}}}}`, `{"o":{"p":{}}}`, `"o.p.q": is required`},
		{`{"minProperties":2}`, `{"a":1}`, `must have at least 2 properties (got 1)`},
		{`{"properties":{"s":{"minLength":1}}}`, `{"s":""}`, `"s": must be at least 1 character long (got 0: "")`},
		{`{"required":["a","b"]}`, `{}`, `invalid arguments: "a": is required; "b": is required`},
	})
}

func TestValidateArrays(t *testing.T) {
	s := `{"properties":{"items":{"type":"array","items":{"type":"object","properties":{"qty":{"type":"integer","maximum":255}}}}}}`
	runValCases(t, []valCase{
		{s, `{"items":[{"qty":1},{"qty":2}]}`, ""},
		{s, `{"items":[{"qty":1},{"qty":2},{"qty":300}]}`, `invalid arguments: "items[2].qty": must be <= 255 (got 300)`},
		{`{"items":{"type":"integer"},"minItems":1}`, `[]`, `must have at least 1 item (got 0)`},
		{`{"items":{"type":"integer"},"maxItems":1}`, `[1,2]`, `must have at most 1 item (got 2)`},
		{`{"uniqueItems":true}`, `[1,"1",[1],{"a":1}]`, ""},
		{`{"uniqueItems":true}`, `[1,2,1.0]`, `must have unique items (items [0] and [2] are equal)`},
		{`{"uniqueItems":true}`, `[{"a":1,"b":2},{"b":2,"a":1}]`, `items [0] and [1] are equal`},
		{`{"uniqueItems":true}`, `["a","\u0061"]`, `items [0] and [1] are equal`},
		{`{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}`, `["a",1]`, ""},
		{`{"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}`, `["a",1,2]`, `"[2]": is not allowed here (got 2)`},
		{`{"prefixItems":[{"type":"string"},{"type":"integer"}]}`, `[1]`, `"[0]": must be a string`},
	})
}

func TestValidateRefsAndBooleans(t *testing.T) {
	tree := `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["v"],"additionalProperties":false}}}`
	runValCases(t, []valCase{
		{tree, `{"v":1,"kids":[{"v":2,"kids":[{"v":3}]}]}`, ""},
		{tree, `{"v":1,"kids":[{"v":2,"kids":[{"v":"x"}]}]}`, `"kids[0].kids[0].v": must be an integer (got "x")`},
		{tree, `{"v":1,"kids":[{}]}`, `"kids[0].v": is required`},
		{`{"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","maxLength":2}}}`, `{"a":"abc"}`, `"a": must be at most 2`},
		{`{"$defs":{"S":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/S","maxLength":2}}}`, `{"a":1}`, `"a": must be a string`},
		{`{"properties":{"a":{"$ref":"#/properties/b"},"b":{"type":"integer"}}}`, `{"a":"s"}`, `"a": must be an integer`},
		{`{"properties":{"r":{"$ref":"#"}},"type":"object"}`, `{"r":{"r":{}}}`, ""},
		{`{"properties":{"r":{"$ref":"#"}},"type":"object"}`, `{"r":{"r":1}}`, `"r.r": must be an object`},
		{`true`, `{"a":[1,{"b":null}]}`, ""},
		{`{}`, `"x"`, ""},
		{`false`, `{}`, `invalid arguments: is not allowed here (got an object)`},
		{`{"properties":{"a":false}}`, `{"a":1}`, `"a": is not allowed here (got 1)`},
		{`{"properties":{"a":true}}`, `{"a":1}`, ""},
	})
}

func TestValidateCombinators(t *testing.T) {
	runValCases(t, []valCase{
		{`{"properties":{"x":{"allOf":[{"minimum":1},{"multipleOf":2}]}}}`, `{"x":4}`, ""},
		{`{"properties":{"x":{"allOf":[{"minimum":1},{"multipleOf":2}]}}}`, `{"x":3}`, `"x": must be a multiple of 2 (got 3)`},
		{`{"properties":{"x":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, `{"x":2}`, ""},
		{`{"properties":{"x":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, `{"x":2.5}`, `"x": must be an integer (got 2.5)`},
		{`{"properties":{"x":{"oneOf":[{"type":"integer"},{"minimum":2}]}}}`, `{"x":1}`, ""},
		{`{"properties":{"x":{"oneOf":[{"type":"integer"},{"minimum":2}]}}}`, `{"x":3}`, `"x": must match only one of the 2 alternatives in oneOf, but matches alternatives 1 and 2 (got 3)`},
		{`{"properties":{"x":{"oneOf":[{"type":"integer","title":"Count"},{"minimum":2},{"maximum":9}]}}}`, `{"x":3}`, `"x": must match only one of the 3 alternatives in oneOf, but matches alternatives 1 (Count) and 2 (and 1 more) (got 3)`},
		{`{"properties":{"x":{"not":{"const":"a"}}}}`, `{"x":"b"}`, ""},
		{`{"properties":{"x":{"not":{"const":"a"}}}}`, `{"x":"a"}`, `"x": must not be "a" (got "a")`},
		{`{"properties":{"x":{"not":{"enum":[1,2]}}}}`, `{"x":2}`, `"x": must not be one of 1, 2 (got 2)`},
		{`{"properties":{"x":{"not":{"type":"string","description":"d"}}}}`, `{"x":"a"}`, `"x": must not be a string (got "a")`},
		{`{"properties":{"x":{"not":{"type":"string","minLength":2}}}}`, `{"x":"ab"}`, `"x": must not match the schema in "not" (got "ab")`},
		{`{"properties":{"x":{"not":{"required":["a"]}}}}`, `{"x":{"a":1}}`, `"x": must not have "a" (got an object)`},
		{`{"properties":{"x":{"not":{"required":["a","b"]}}}}`, `{"x":{"a":1,"b":2}}`, `"x": must not have all of "a", "b" (got an object)`},
		{`{"properties":{"x":{"not":{"title":"a legacy id","type":"string","pattern":"^L"}}}}`, `{"x":"L1"}`, `"x": must not be a legacy id (got "L1")`},
		{`{"anyOf":[{"type":"object"},{"type":"array"}]}`, `[1,]`, `invalid JSON`},
		{`{"properties":{"x":{"if":{"type":"integer"},"then":{"minimum":3},"else":{"maxLength":1}}}}`, `{"x":3}`, ""},
		{`{"properties":{"x":{"if":{"type":"integer"},"then":{"minimum":3},"else":{"maxLength":1}}}}`, `{"x":2}`, `"x": must be >= 3 (got 2)`},
		{`{"properties":{"x":{"if":{"type":"integer"},"then":{"minimum":3},"else":{"maxLength":1}}}}`, `{"x":"ab"}`, `"x": must be at most 1 character`},
		{`{"properties":{"x":{"then":false,"else":false}}}`, `{"x":1}`, ""},
		{`{"if":{"properties":{"m":{"const":"phone"}},"required":["m"]},"then":{"required":["phone"]},"else":{"required":["email"]}}`, `{"m":"phone"}`, `"phone": is required`},
		{`{"if":{"properties":{"m":{"const":"phone"}},"required":["m"]},"then":{"required":["phone"]},"else":{"required":["email"]}}`, `{"m":"fax","email":"e"}`, ""},
		{`{"$defs":{"a":{"$anchor":"Addr","type":"object","required":["city"]}},"properties":{"home":{"$ref":"#Addr"}}}`, `{"home":{}}`, `"home.city": is required`},
		{`{"$defs":{"a":{"$anchor":"Addr","type":"object","required":["city"]}},"properties":{"home":{"$ref":"#Addr"}}}`, `{"home":{"city":"c"}}`, ""},
	})
}

func TestValidateSyntaxAndLimits(t *testing.T) {
	t.Parallel()
	runValCases(t, []valCase{
		{`{}`, `{`, `invalid JSON at byte 1`},
		{`{}`, ``, `invalid JSON at byte 0: unexpected end of input`},
		{`{}`, `{"a":1,}`, `invalid JSON`},
		{`{}`, `{"a":1} x`, `unexpected data after the top-level value`},
		{`{}`, `[01]`, `invalid JSON`},
		{`{}`, `[1.]`, `invalid JSON`},
		{`{}`, `["a` + "\n" + `"]`, `control character`},
		{`{}`, `["\x"]`, `invalid escape`},
		{`{}`, `[tru]`, `invalid literal`},
		{`{}`, `{"a" 1}`, `expected ':'`},
		{`{}`, strings.Repeat("[", 10001) + strings.Repeat("]", 10001), `arguments nested too deeply at byte`},
		{`{}`, strings.Repeat("[", 9999) + strings.Repeat("]", 9999), ""},
		{`{}`, strings.Repeat(`{"a":`, 20000), `arguments nested too deeply at byte`},
		{`{"items":{"maximum":1}}`, `[` + strings.Repeat(`5,`, 100) + `5]`, `(and 91 more)`},
		// Alternatives that fail late, recursively: 2^depth walks without a bound.
		{`{"anyOf":[{"properties":{"a":{"$ref":"#"}},"required":["x"]},{"properties":{"a":{"$ref":"#"}}}]}`,
			strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40), `arguments too complex to check against the schema`},
		{`{"anyOf":[{"properties":{"a":{"$ref":"#"}},"required":["x"]},{"properties":{"a":{"$ref":"#"}}}]}`,
			strings.Repeat(`{"a":`, 10) + `1` + strings.Repeat(`}`, 10), ``},
		{`{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, `1`, `arguments nested too deeply`},
	})
}

func TestValidateViolationOrder(t *testing.T) {
	v, err := Compile(`{"properties":{"a":{"type":"array","items":{"type":"integer"}},"b":{"type":"string"}},"required":["z"]}`)
	if err != nil {
		t.Fatal(err)
	}
	err = v.Validate([]byte(`{"b":1,"a":["x",1,"y","z","w","v","u","t","s","r","q","p"]}`))
	want := `invalid arguments: "a[0]": must be an integer (got "x"); "a[2]": must be an integer (got "y"); ` +
		`"a[3]": must be an integer (got "z"); "a[4]": must be an integer (got "w"); "a[5]": must be an integer (got "v"); ` +
		`"a[6]": must be an integer (got "u"); "a[7]": must be an integer (got "t"); "a[8]": must be an integer (got "s"); ` +
		`"a[9]": must be an integer (got "r"); "a[10]": must be an integer (got "q") (and 3 more)`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

func TestCompileSchemaErrors(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"type":"object","propertys":{}}`, `propertys: unsupported keyword`},
		{`{"$ref":"http://example.com/s.json"}`, `only local references`},
		{`{"$ref":"#/$defs/Missing"}`, `not found`},
		{`{"type":"strin"}`, `unknown type "strin"`},
		{`{"pattern":"("}`, `invalid Go regular expression`},
		{`{"multipleOf":0}`, `must be greater than 0`},
		{`{"minLength":-1}`, `non-negative integer`},
		{`{"contentEncoding":"base32"}`, `unsupported encoding`},
		{`{"$ref":"#/$defs/A","$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}}}`, `$ref cycle`},
		{`{"properties":{"a":{"iff":{}}}}`, `at /properties/a: iff: unsupported keyword`},
		{`{"properties":{"a":{"if":1}}}`, `at /properties/a/if: schema must be an object or a boolean`},
		{`{"properties":{"a":{"$anchor":"1a"}}}`, `at /properties/a: $anchor: must be a name of letters, digits, '-', '_' and '.' that starts with a letter or '_' (got "1a")`},
		{`{"properties":{"a":{"$anchor":7}}}`, `at /properties/a: $anchor: must be a name`},
		{`{"$defs":{"x":{"$anchor":"A"}},"properties":{"a":{"$anchor":"A"}}}`, `at /properties/a: $anchor: "A" is already the anchor of the schema /$defs/x`},
		{`{"$ref":"#B","$defs":{"x":{"$anchor":"A"}}}`, `$ref: "#B": no schema has the $anchor "B"`},
		{`{"properties":{"a":{"allOf":[]}}}`, `at /properties/a: allOf: must be a non-empty array`},
		{`[1]`, `schema must be an object or a boolean`},
		{`{`, `invalid JSON`},
		{`{}}`, `invalid JSON: unexpected data after the top-level value`},
		{`{} {}`, `invalid JSON: unexpected data after the top-level value`},
		{`{"minLength":"3"}`, `at the root: minLength: must be a non-negative integer`},
	} {
		_, err := Compile(c.schema)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Compile(%s) = %v, want error containing %q", c.schema, err, c.want)
		}
	}
	// Annotations are accepted.
	if _, err := Compile(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"x","title":"t","description":"d",` +
		`"default":1,"examples":[1],"$comment":"c","readOnly":true,"writeOnly":false,"deprecated":true,"contentMediaType":"text/plain","format":"color"}`); err != nil {
		t.Error(err)
	}
}

func TestClassRunMatcher(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(13, 14))
	const alphabet = "azAZ09_-. é日\n"
	patterns := []string{`^[a-z]+$`, `^[a-z0-9_-]*$`, `^[0-9]{1,3}$`, `^[^a-z]{2}$`, `^(?i)[a-c]+$`, `^[\p{L}]+$`,
		`^\d+$`, `^\w{0,4}$`, `^[[:alpha:]]+$`, `^a+$`, `^é{2,}$`, `^[\s\S]*$`, `^.+$`, `^(?i)a+$`, `^(?s).*$`}
	for _, pat := range patterns {
		re := regexp.MustCompile(pat)
		m := classRunMatcher(pat)
		if m == nil {
			if !strings.Contains(pat, ".") && pat != `^(?i)a+$` {
				t.Errorf("%s: no fast matcher", pat)
			}
			continue
		}
		for range 20000 {
			b := make([]byte, 0, 8)
			for range r.IntN(7) {
				b = utf8.AppendRune(b, []rune(alphabet)[r.IntN(len([]rune(alphabet)))])
			}
			if m(b) != re.Match(b) {
				t.Fatalf("pattern %s on %q: fast %v, regexp %v", pat, b, m(b), re.Match(b))
			}
		}
	}
	for _, pat := range []string{`[a-z]+`, `^[a-z]+`, `^a|b$`, `^[a-z]+$|^x$`, `(?m)^[a-z]+$`, `^([a-z]+)$`, `^ab$`} {
		if classRunMatcher(pat) != nil {
			t.Errorf("%s: unexpected fast matcher", pat)
		}
	}
}

func TestFastPatterns(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	const alphabet = "Ab0+/=\n\r-_ \x80"
	for pat, fast := range fastPatterns {
		re := regexp.MustCompile(pat)
		for range 50000 {
			b := make([]byte, r.IntN(13))
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			if fast(b) != re.Match(b) {
				t.Fatalf("pattern %s on %q: fast %v, regexp %v", pat, b, fast(b), re.Match(b))
			}
			_, err := base64.StdEncoding.DecodeString(string(b))
			if isBase64(b, true) != (err == nil) {
				t.Fatalf("isBase64(%q) = %v, StdEncoding error %v", b, isBase64(b, true), err)
			}
		}
	}
}

// decodeProbe has fields of the kinds whose decoding encoding/json could
// change or refuse; decodeProbeSchema is the input schema mcpgen emits for it.
type decodeProbe struct {
	I8  int8           `json:"i8"`
	U64 uint64         `json:"u64"`
	I64 int64          `json:"i64"`
	F   float64        `json:"f"`
	S   string         `json:"s"`
	B   []byte         `json:"b,omitempty"`
	L   []int16        `json:"l,omitempty"`
	M   map[int8]bool  `json:"m,omitempty"`
	P   *uint8         `json:"p,omitempty"`
	T   *time.Time     `json:"t,omitempty"`
	A   any            `json:"a,omitempty"`
	N   map[string]any `json:"n,omitempty"`
}

const decodeProbeSchema = `{
  "type": "object",
  "properties": {
    "i8": {"type": "integer", "minimum": -128, "maximum": 127},
    "u64": {"type": "integer", "minimum": 0, "maximum": 18446744073709551615},
    "i64": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
    "f": {"type": "number", "minimum": -1.7976931348623157e308, "maximum": 1.7976931348623157e308},
    "s": {"type": "string"},
    "b": {"type": "string", "contentEncoding": "base64", "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"},
    "l": {"type": "array", "items": {"type": "integer", "minimum": -32768, "maximum": 32767}},
    "m": {"type": "object", "propertyNames": {"pattern": "^(?:0|[1-9][0-9]?|1[01][0-9]|12[0-7]|-(?:[1-9][0-9]?|1[01][0-9]|12[0-8]))$"}, "additionalProperties": {"type": "boolean"}},
    "p": {"type": "integer", "minimum": 0, "maximum": 255},
    "t": {"type": "string", "format": "date-time"},
    "a": true,
    "n": {"type": "object"}
  },
  "required": ["i8", "u64", "i64", "f", "s"],
  "additionalProperties": false
}`

// TestDecodeAcceptedArguments checks the promise of validation: what the
// schema accepts decodes into the Go type, and to the same JSON value.
func TestDecodeAcceptedArguments(t *testing.T) {
	t.Parallel()
	v, err := Compile(decodeProbeSchema)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	dec := json.NewDecoder(strings.NewReader(decodeProbeSchema))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 10))
	accepted := 0
	for tries := 0; accepted < 1000 && tries < 30000; tries++ {
		inst := schemaInstance(r, doc, doc, 0, 1000)
		if v.Validate([]byte(inst)) != nil {
			continue
		}
		accepted++
		var p decodeProbe
		if err := Unmarshal([]byte(inst), &p); err != nil {
			t.Errorf("valid %s does not decode: %v", inst, err)
			continue
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var in, back map[string]json.RawMessage
		json.Unmarshal([]byte(inst), &in)
		json.Unmarshal(out, &back)
		for k, raw := range in {
			// float64 rounds (also numbers inside any, a documented
			// limit of encoding/json); times re-format.
			if k == "f" || k == "t" || k == "a" || k == "n" {
				continue
			}
			if _, ok := back[k]; !ok && (string(raw) == "[]" || string(raw) == "{}" || string(raw) == `""`) {
				continue // omitempty
			}
			if k == "b" { // compare bytes: non-zero padding bits are dropped
				var x, y []byte
				json.Unmarshal(raw, &x)
				json.Unmarshal(back[k], &y)
				if string(x) != string(y) {
					t.Errorf("valid %s: %q decodes to %s", inst, k, back[k])
				}
				continue
			}
			if got, want := string(appendCanonical(nil, back[k])), string(appendCanonical(nil, raw)); got != want {
				t.Errorf("valid %s: %q decodes to %s", inst, k, back[k])
			}
		}
	}
	if accepted < 300 {
		t.Errorf("only %d instances accepted; the generator is off", accepted)
	}
}

// An anyOf or oneOf of objects that differ in several ways: the first fault
// of the closest alternative, found by its discriminator, with its path.
func TestValidateClosestAlternative(t *testing.T) {
	const shapes = `{"$defs":{
		"circle":{"title":"a circle","type":"object","properties":{"kind":{"const":"circle"},"radius":{"type":"number"}},"required":["kind","radius"]},
		"rect":{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},"required":["kind","w","h"]}},
		"properties":{"shape":{"%s":[{"$ref":"#/$defs/circle"},{"$ref":"#/$defs/rect"}]}}}`
	for _, kw := range []string{"anyOf", "oneOf"} {
		schema := strings.Replace(shapes, "%s", kw, 1)
		runValCases(t, []valCase{
			{schema, `{"shape":{"kind":"circle","radius":1}}`, ""},
			// rect has fewer faults (kind), circle the discriminator.
			{schema, `{"shape":{"kind":"circle","w":1,"h":2}}`, `"shape": as a circle (kind "circle"): "radius" is required (a number)`},
			{schema, `{"shape":{"kind":"rect","w":"1"}}`, `"shape": as alternative 2 of 2 (kind "rect"): "w" must be a number (got "1") (and 1 more)`},
			// No discriminator matches: the fewest faults.
			{schema, `{"shape":{"kind":"oval","radius":1}}`, `"shape": as a circle: "kind" must be "circle" (got "oval")`},
			{schema, `{"shape":{"kind":"oval","radius":1}, "x":1}`, `"shape": as a circle: "kind" must be "circle" (got "oval")`},
		})
	}
	// Nested deeper: the path below the value; at the root, the path from it.
	runValCases(t, []valCase{
		{`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind","x"]},
			{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"string"}},"required":["kind","y"]}]}`,
			`{"kind":"b","x":1}`, `invalid arguments: as alternative 2 of 2 (kind "b"): "y" is required (a string)`},
		{`{"properties":{"p":{"anyOf":[
			{"type":"object","properties":{"t":{"enum":["a"]},"l":{"type":"array","items":{"type":"integer"}}},"required":["t"]},
			{"type":"object","properties":{"t":{"enum":["b"]},"n":{"type":"integer"}},"required":["t","n"]}]}}}`,
			`{"p":{"t":"a","l":[1,"x"],"n":"y"}}`, `"p": as alternative 1 of 2: "l[1]" must be an integer (got "x")`},
	})
}

// A long pattern is told by its schema's description (or title), else by
// its length and start.
func TestValidateLongPattern(t *testing.T) {
	long := strings.Repeat("[a-z]", 14) + "$" // 71 characters
	runValCases(t, []valCase{
		{`{"properties":{"id":{"type":"string","pattern":"^` + long + `","description":"A slug: 14 lowercase letters.\nMore lines here."}}}`,
			`{"id":"a b"}`, `"id": must match the pattern described: "A slug: 14 lowercase letters." (got "a b")`},
		{`{"properties":{"id":{"type":"string","pattern":"^` + long + `","title":"Slug"}}}`,
			`{"id":"a b"}`, `"id": must match the pattern described: "Slug" (got "a b")`},
		{`{"properties":{"id":{"type":"string","pattern":"^` + long + `"}}}`,
			`{"id":"a b"}`, `"id": must match a pattern of 72 characters that starts "^[a-z][a-z][a-z][a-z][a-z][a-z][…" (got "a b")`},
		{`{"properties":{"id":{"type":"string","pattern":"^` + long + `","description":"` + strings.Repeat("word ", 30) + `"}}}`,
			`{"id":"a b"}`, `"id": must match the pattern described: "` + strings.TrimSpace(strings.Repeat("word ", 16)) + `…" (got "a b")`},
		// A short pattern is quoted, whatever the description.
		{`{"properties":{"id":{"type":"string","pattern":"^R[0-9]+$","description":"An id."}}}`,
			`{"id":"X1"}`, `"id": must match the pattern "^R[0-9]+$" (got "X1")`},
	})
}
