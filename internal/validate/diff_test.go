package validate

// Differential tests: the validator must accept exactly what the reference
// implementation github.com/santhosh-tekuri/jsonschema/v6 accepts (draft
// 2020-12, format and content assertion on).
//
// Documented differences, excluded from the comparison and tested on their
// own in validate_test.go:
//   - duplicate object keys, invalid UTF-8 and unpaired surrogate escapes in
//     strings: the reference decodes with encoding/json (last key wins, bad
//     bytes become U+FFFD); we reject them.
//   - formats: we assert each format as documented in format.go,
//     the reference has its own rules. A string on which the two format
//     checks disagree is found by formatDifference and the instance is
//     skipped. Known cases (see TestValidateFormats): date-time must also
//     parse as a time.Time (no lower-case t/z, no leap second); the
//     reference accepts signs in numeric fields ("+92.0.2.1" as ipv4,
//     "+5:04:05Z" as time), an empty local part in email ("@b"), and
//     spaces in uri fragments.
//   - numbers with more than 1000 digits or exponents beyond ±1000: the
//     reference computes with big.Rat and gets slow; skipped.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// diffSchemas is the corpus of schemas for the differential tests.
var diffSchemas = []string{
	`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"c":{"type":"number"},"d":{"type":"boolean"},"e":{"type":"null"}},"required":["a"],"additionalProperties":false}`,
	`{"type":["string","null","integer"]}`,
	`{"type":"array","items":{"type":["array","object"]}}`,
	`{"enum":["c","f","k",1,2.5,null,true,{"a":1,"b":[1,2]},[1,"x"]]}`,
	`{"properties":{"a":{"const":{"x":[1,2.0,{"y":null}]}},"b":{"const":"é"},"c":{"const":0}}}`,
	`{"type":"object","properties":{"qty":{"type":"integer","minimum":0,"maximum":255},"price":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1000.5},"step":{"type":"number","multipleOf":0.1},"big":{"type":"integer","minimum":-9223372036854775808,"maximum":18446744073709551615},"half":{"multipleOf":2.5}}}`,
	`{"type":"integer","multipleOf":3,"minimum":-10,"exclusiveMaximum":100}`,
	`{"type":"number","minimum":0.1,"maximum":1e3,"multipleOf":0.001}`,
	`{"type":"object","properties":{"s":{"type":"string","minLength":2,"maxLength":5},"p":{"type":"string","pattern":"^[a-z]+[0-9]*$"},"q":{"type":"string","pattern":"b"},"b":{"type":"string","contentEncoding":"base64"}}}`,
	`{"type":"object","properties":{"dt":{"type":"string","format":"date-time"},"d":{"type":"string","format":"date"},"t":{"type":"string","format":"time"},"e":{"type":"string","format":"email"},"h":{"type":"string","format":"hostname"},"i4":{"type":"string","format":"ipv4"},"i6":{"type":"string","format":"ipv6"},"u":{"type":"string","format":"uri"},"id":{"type":"string","format":"uuid"},"x":{"format":"date"}}}`,
	`{"type":"object","additionalProperties":{"type":"integer","minimum":1}}`,
	`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`,
	`{"type":"object","propertyNames":{"pattern":"^-?[0-9]+$"},"additionalProperties":{"type":"boolean"}}`,
	`{"type":"object","propertyNames":{"maxLength":2,"enum":["a","b","cc","ddd"]},"minProperties":1,"maxProperties":2}`,
	`{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":3,"uniqueItems":true}`,
	`{"type":"array","uniqueItems":true}`,
	`{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}`,
	`{"type":"array","prefixItems":[{"const":1}],"items":{"type":"string"}}`,
	`{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["v"],"additionalProperties":false}}}`,
	`{"$defs":{"S":{"type":"string","maxLength":3},"L":{"type":"array","items":{"$ref":"#/$defs/S"}}},"type":"object","properties":{"a":{"$ref":"#/$defs/S","minLength":1},"l":{"$ref":"#/$defs/L"},"r":{"$ref":"#"}}}`,
	`true`,
	`false`,
	`{}`,
	`{"type":"object","properties":{"a":false,"b":true,"c":{}}}`,
	`{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"T","description":"D","type":"object","properties":{"name":{"type":"string","description":"n","default":"x","examples":["y"]},"tags":{"type":"array","items":{"type":"string","minLength":1}},"opts":{"type":"object","properties":{"color":{"type":"string","enum":["red","green"]},"size":{"type":"integer","minimum":1}},"additionalProperties":false,"required":["color"]},"data":{"type":"string","contentEncoding":"base64"},"when":{"type":"string","format":"date-time"},"meta":{"type":"object","additionalProperties":{"type":"string"}},"counts":{"type":"object","patternProperties":{"^[0-9]+$":{"type":"integer"}},"additionalProperties":false},"any":true,"raw":{}},"required":["name","tags"],"additionalProperties":false}`,
	`{"type":"object","properties":{"n":{"type":["number","string"],"minimum":5,"minLength":2},"m":{"type":"integer","enum":[1,2,3],"const":2}}}`,
	`{"anyOf":[{"type":"string","maxLength":2},{"type":"integer","minimum":5}]}`,
	`{"oneOf":[{"type":"integer"},{"type":"number","minimum":2}]}`,
	`{"type":"object","properties":{"a":{"allOf":[{"minimum":1},{"multipleOf":2}]},"b":{"not":{"enum":["x",1]}},"c":{"not":{"type":"object","required":["a"]}}}}`,
	`{"oneOf":[{"required":["a"]},{"required":["b"]}],"properties":{"a":{"type":"string"},"b":{"anyOf":[{"type":"null"},{"$ref":"#"}]}}}`,
	// The keywords a user may state (//mcp:schema): if/then/else, $anchor
	// and $ref to it, composition inside composition. The first is the
	// conformance suite's json-schema-2020-12 fixture.
	`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},"contactMethod":{"type":"string","enum":["phone","email"]},"phone":{"type":"string"},"email":{"type":"string"}},"allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],"if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},"then":{"required":["phone"]},"else":{"required":["email"]},"additionalProperties":false}`,
	`{"if":{"type":"integer"},"then":{"minimum":3},"else":{"type":"string","maxLength":2}}`,
	`{"if":{"type":"string"},"then":{"minLength":2}}`,
	`{"if":{"minimum":5},"else":{"multipleOf":2}}`,
	`{"then":{"type":"string"},"else":{"type":"integer"}}`,
	`{"type":"object","properties":{"a":{"if":{"const":1},"then":false,"else":{"if":{"type":"string"},"then":{"pattern":"^x"},"else":true}}}}`,
	`{"$defs":{"N":{"$anchor":"node","type":"object","properties":{"v":{"type":"integer"},"next":{"$ref":"#node"}},"required":["v"]}},"$ref":"#node"}`,
	`{"type":"object","properties":{"a":{"$anchor":"A","type":"string","maxLength":2},"b":{"$ref":"#A"},"c":{"items":{"$ref":"#A"}}}}`,
	`{"$anchor":"top","anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#top"}}]}`,
	`{"allOf":[{"oneOf":[{"required":["a"]},{"required":["b"]}]},{"not":{"required":["c"]}}],"if":{"required":["a"]},"then":{"properties":{"a":{"type":"integer"}}},"else":{"properties":{"b":{"type":"string"}}}}`,
}

// diffInstances is the corpus of instances; every one is checked against
// every schema.
var diffInstances = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1`, `1.0`, `1.5`, `-1`, `3`, `99`, `100`, `1e2`, `-10`, `-11`,
	`"x"`, `""`, `"ab"`, `"abcdef"`, `"é"`, `"日本語"`, `"\ud83d\ude00"`, `"c"`, `"k"`, `2.5`, `25e-1`,
	`{"a":"x"}`, `{"a":"x","b":1,"c":1.5,"d":true,"e":null}`, `{"a":1}`, `{"b":1}`, `{"a":"x","z":1}`, `{"a":"x","b":1.0}`, `{"a":"x","b":1.5}`,
	`{"a":1,"b":[1,2]}`, `{"b":[1,2.0],"a":1}`, `[1,"x"]`, `[1.0,"x"]`, `["x",1]`, `[1,2,3]`, `[1,2,2]`, `[1,2,3,4]`, `[1,1.0]`, `[[1],[1.0]]`,
	`[{"a":1,"b":2},{"b":2,"a":1}]`, `["a",1]`, `["a",1,2]`, `["a","b"]`, `[1,"b","c"]`, `[1,2]`, `[[],{}]`, `[[],1]`,
	`{"a":{"x":[1,2,{"y":null}]},"b":"é","c":-0.0}`, `{"a":{"x":[1,2,{"y":0}]}}`, `{"c":1e-300}`,
	`{"qty":0,"price":0.01,"step":0.3,"big":18446744073709551615,"half":7.5}`, `{"qty":256}`, `{"qty":-1}`, `{"qty":2.55e2}`, `{"qty":1.5}`,
	`{"price":0}`, `{"price":1000.5}`, `{"price":1000.49999999999999999}`, `{"step":0.35}`, `{"step":1e-1}`, `{"step":123456789.1}`,
	`{"big":18446744073709551616}`, `{"big":-9223372036854775808}`, `{"big":-9223372036854775809}`, `{"half":5}`, `{"half":6}`, `{"half":-2.5e1}`,
	`0.1`, `0.05`, `1000`, `1000.001`, `999.999`, `0.0999999`, `1e3`, `1.0005`,
	`{"s":"ab","p":"abc1","q":"abc","b":"aGVsbG8="}`, `{"s":"a"}`, `{"s":"abcdef"}`, `{"s":"日本"}`, `{"s":"\u00e9\u00e9\u00e9"}`, `{"p":"ABC"}`, `{"p":"a1b"}`, `{"q":"xyz"}`,
	`{"b":"aGVsbG8"}`, `{"b":"aGVs\nbG8="}`, `{"b":"a==="}`, `{"b":"aGVsbG8=="}`, `{"b":"!!!!"}`, `{"b":""}`, `{"b":"YQ=="}`, `{"b":"YR=="}`,
	`{"dt":"2006-01-02T15:04:05Z","d":"2024-02-29","t":"15:04:05Z","e":"a@example.com","h":"example.com","i4":"192.0.2.1","i6":"2001:db8::1","u":"https://example.com/x","id":"123e4567-e89b-12d3-a456-426614174000"}`,
	`{"dt":"2006-01-02T15:04:05+07:00"}`, `{"dt":"2006-01-02 15:04:05Z"}`, `{"dt":"2006-01-02"}`, `{"dt":"2006-02-30T15:04:05Z"}`, `{"dt":"2006-01-02T15:04:05.123456789Z"}`,
	`{"d":"2023-02-29"}`, `{"d":"2023-1-01"}`, `{"d":"2023-12-31"}`, `{"t":"15:04:05"}`, `{"t":"25:00:00Z"}`, `{"t":"15:04:05.5+01:00"}`,
	`{"e":"a"}`, `{"e":"a@b"}`, `{"e":"a..b@example.com"}`, `{"e":"x@[192.0.2.1]"}`, `{"h":"-bad.com"}`, `{"h":"a_b.com"}`, `{"h":"a.b.c"}`,
	`{"i4":"192.0.2.256"}`, `{"i4":"01.2.3.4"}`, `{"i4":"1.2.3"}`, `{"i6":"::"}`, `{"i6":"1::2::3"}`, `{"i6":"192.0.2.1"}`, `{"u":"/rel"}`, `{"u":"urn:x:y"}`, `{"u":"http://a b"}`,
	`{"id":"123e4567e89b12d3a456426614174000"}`, `{"id":"123E4567-E89B-12D3-A456-426614174000"}`, `{"x":"nope"}`, `{"x":1}`,
	`{"k":1,"j":5}`, `{"k":0}`, `{"k":"1"}`, `{"1":"a","20":"b"}`, `{"1":2}`, `{"x":"a"}`, `{"-1":true,"2":false}`, `{"a1":true}`, `{"1":1}`,
	`{"a":1,"b":2}`, `{"cc":1}`, `{"ddd":1}`, `{"a":1,"b":2,"cc":3}`, `{"e":1}`,
	`[1]`, `[1,1]`, `[1,"1"]`, `["x","y"]`, `[1,"a","b"]`, `[2,"a"]`, `[1,2,"a"]`,
	`{"v":1}`, `{"v":1,"kids":[{"v":2,"kids":[{"v":3}]}]}`, `{"v":1,"kids":[{"v":"x"}]}`, `{"v":1,"kids":[{}]}`, `{"v":1.0,"kids":[]}`, `{"v":1,"w":2}`,
	`{"a":"abc","l":["a","bb"],"r":{"a":"x","r":{}}}`, `{"a":"","l":[]}`, `{"a":"abcd"}`, `{"l":["abcd"]}`, `{"r":{"a":"abcd"}}`, `{"r":{"r":{"l":[1]}}}`, `{"r":[]}`,
	`{"a":1,"c":2}`, `{"b":{"x":[]},"c":null}`,
	`{"contactMethod":"phone","phone":"1"}`, `{"contactMethod":"phone","email":"e"}`, `{"contactMethod":"email","email":"e"}`, `{"contactMethod":"email","phone":"1"}`,
	`{"phone":"1"}`, `{"email":"e"}`, `{"email":"e","address":{"street":"s","city":1}}`, `{"email":"e","address":{"street":"s"},"zip":1}`, `{"contactMethod":"fax","email":"e"}`,
	`{"v":1,"next":{"v":2,"next":{"v":"x"}}}`, `{"v":1,"next":{"v":2}}`, `{"a":"ab","b":"abc"}`, `{"b":"ab","c":["x","xyz"]}`, `[1,[2,[3]]]`, `[1,["x"]]`, `{"a":1,"b":1}`, `{"a":"x","c":1}`, `{"b":"x"}`, `{"b":1}`,
	`{"name":"n","tags":["t"]}`, `{"name":"n","tags":[]}`, `{"name":"n"}`, `{"name":"n","tags":[""]}`, `{"name":1,"tags":["t"]}`,
	`{"name":"n","tags":["t"],"opts":{"color":"red","size":2}}`, `{"name":"n","tags":["t"],"opts":{"color":"blue"}}`, `{"name":"n","tags":["t"],"opts":{"size":0}}`,
	`{"name":"n","tags":["t"],"opts":{"color":"red","colour":"red"}}`, `{"name":"n","tags":["t"],"data":"aGk=","when":"2026-11-30T11:40:00Z","meta":{"k":"v"},"counts":{"1":2},"any":[1,{"x":null}],"raw":{"a":[]}}`,
	`{"name":"n","tags":["t"],"meta":{"k":1}}`, `{"name":"n","tags":["t"],"counts":{"x":1}}`, `{"name":"n","tags":["t"],"counts":{"1":1.5}}`, `{"name":"n","tags":["t"],"when":"now"}`, `{"name":"n","tags":["t"],"extra":1}`,
	`{"n":7,"m":2}`, `{"n":"ab"}`, `{"n":4}`, `{"n":"a"}`, `{"m":1}`, `{"m":2.0}`, `{"m":"2"}`,
	` { "a" : "x" , "b" : [ 1 , 2 ] } `, `"\u0063"`, `"\/"`, `{"\u0061":"x"}`,
}

var refCompiled sync.Map // schema text -> *jsonschema.Schema or error

// refSchema compiles s with the reference implementation.
func refSchema(s string) (*jsonschema.Schema, error) {
	if v, ok := refCompiled.Load(s); ok {
		if err, ok := v.(error); ok {
			return nil, err
		}
		return v.(*jsonschema.Schema), nil
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	var sch *jsonschema.Schema
	if err == nil {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		c.AssertContent()
		if err = c.AddResource("mem:///schema.json", doc); err == nil {
			sch, err = c.Compile("mem:///schema.json")
		}
	}
	if err != nil {
		refCompiled.Store(s, err)
		return nil, err
	}
	refCompiled.Store(s, sch)
	return sch, nil
}

// refFormatOK reports whether the reference accepts string s for format f.
func refFormatOK(f, s string) bool {
	sch, err := refSchema(`{"format":` + strconv.Quote(f) + `}`)
	if err != nil {
		panic(err)
	}
	return sch.Validate(s) == nil
}

// formatDifference returns a string of the instance on which our check and
// the reference's disagree for some asserted format, or "".
func formatDifference(inst any) string {
	switch v := inst.(type) {
	case string:
		for name, f := range stringFormats {
			if f.check([]byte(v)) != refFormatOK(name, v) {
				return name + ": " + strconv.Quote(v)
			}
		}
	case []any:
		for _, e := range v {
			if d := formatDifference(e); d != "" {
				return d
			}
		}
	case map[string]any:
		for k, e := range v {
			if d := formatDifference(k); d != "" {
				return d
			}
			if d := formatDifference(e); d != "" {
				return d
			}
		}
	}
	return ""
}

// hugeNumbers reports whether the instance has a number the reference would
// be slow with.
func hugeNumbers(inst any) bool {
	switch v := inst.(type) {
	case json.Number:
		if len(v) > 1000 {
			return true
		}
		if i := strings.IndexAny(string(v), "eE"); i >= 0 {
			e, err := strconv.Atoi(string(v[i+1:]))
			return err != nil || e > 1000 || e < -1000
		}
	case []any:
		for _, e := range v {
			if hugeNumbers(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if hugeNumbers(e) {
				return true
			}
		}
	}
	return false
}

var trueValidator = sync.OnceValue(func() *Validator {
	v, err := Compile(`true`)
	if err != nil {
		panic(err)
	}
	return v
})

// diffOutcome compares our validator with the reference on one instance.
// skip is non-empty when the instance is outside the comparison (see the
// documented differences above); mismatch describes a disagreement.
func diffOutcome(schema string, ours *Validator, inst []byte) (skip, mismatch string) {
	ourErr := ours.Validate(inst)
	valid := json.Valid(inst)
	if !valid {
		if ourErr == nil {
			return "", "accepted invalid JSON"
		}
		return "invalid JSON", ""
	}
	if err := trueValidator().Validate(inst); err != nil {
		if strings.Contains(err.Error(), "invalid JSON") {
			return "", "json.Valid accepts, we report a syntax error: " + err.Error()
		}
		return "silent change (duplicate key, bad UTF-8, unpaired surrogate, depth)", ""
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	if err != nil {
		return "reference cannot decode: " + err.Error(), ""
	}
	if hugeNumbers(doc) {
		return "huge number", ""
	}
	ref, err := refSchema(schema)
	if err != nil {
		return "", "reference does not compile the schema: " + err.Error()
	}
	return compareWithReference(ref, ourErr, doc)
}

// diffOutcomeWith is diffOutcome with a compiled reference schema.
func diffOutcomeWith(ref *jsonschema.Schema, ours *Validator, inst []byte) (skip, mismatch string) {
	ourErr := ours.Validate(inst)
	if !json.Valid(inst) {
		if ourErr == nil {
			return "", "accepted invalid JSON"
		}
		return "invalid JSON", ""
	}
	if err := trueValidator().Validate(inst); err != nil {
		return "silent change", ""
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(inst))
	if err != nil || hugeNumbers(doc) {
		return "reference cannot decode or huge number", ""
	}
	if ourErr != nil && strings.Contains(ourErr.Error(), "arguments too complex") {
		return "work bound", ""
	}
	return compareWithReference(ref, ourErr, doc)
}

func compareWithReference(ref *jsonschema.Schema, ourErr error, doc any) (skip, mismatch string) {
	refErr := ref.Validate(doc)
	if (ourErr == nil) == (refErr == nil) {
		return "", ""
	}
	if d := formatDifference(doc); d != "" {
		return "format difference " + d, ""
	}
	return "", fmt.Sprintf("ours: %v\nreference: %v", ourErr, refErr)
}

// randomInstance returns a random JSON value built from the corpus's
// property names and values.
func randomInstance(r *rand.Rand, depth int) string {
	keys := []string{"a", "b", "c", "d", "e", "v", "kids", "next", "phone", "email", "contactMethod", "address", "name", "tags", "opts", "color", "size", "qty", "price", "step", "big",
		"half", "s", "p", "q", "dt", "t", "h", "i4", "u", "id", "1", "20", "-1", "x", "cc", "ddd", "l", "r", "n", "m", "meta", "counts", "data"}
	scalars := []string{`0`, `1`, `-1`, `2`, `2.5`, `1.0`, `0.1`, `0.3`, `255`, `256`, `1e2`, `-0`, `7.5`, `1e-7`, `18446744073709551615`, `18446744073709551616`,
		`true`, `false`, `null`, `""`, `"a"`, `"ab"`, `"abcdef"`, `"red"`, `"c"`, `"é"`, `"aGk="`, `"aGk"`, `"2024-02-29"`, `"2006-01-02T15:04:05Z"`,
		`"15:04:05Z"`, `"192.0.2.1"`, `"::1"`, `"a@b.c"`, `"example.com"`, `"https://x.y"`, `"123e4567-e89b-12d3-a456-426614174000"`, `"abc1"`, `"x"`}
	if depth > 4 || r.IntN(3) == 0 {
		return scalars[r.IntN(len(scalars))]
	}
	var b strings.Builder
	n := r.IntN(5)
	if r.IntN(2) == 0 {
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(randomInstance(r, depth+1))
		}
		b.WriteByte(']')
		return b.String()
	}
	b.WriteByte('{')
	perm := r.Perm(len(keys))[:n]
	for i, k := range perm {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(keys[k]))
		b.WriteByte(':')
		b.WriteString(randomInstance(r, depth+1))
	}
	b.WriteByte('}')
	return b.String()
}

func TestValidateAgainstReference(t *testing.T) {
	t.Parallel()
	// The reference must assert formats and content, or the comparison is moot.
	if refFormatOK("date-time", "yesterday") {
		t.Fatal("reference does not assert formats")
	}
	if sch, _ := refSchema(`{"contentEncoding":"base64"}`); sch.Validate("!!") == nil {
		t.Fatal("reference does not assert contentEncoding")
	}
	r := rand.New(rand.NewPCG(1, 2))
	var random []string
	for range 400 {
		random = append(random, randomInstance(r, 0))
	}
	skips := map[string]int{}
	compared := 0
	for _, schema := range diffSchemas {
		ours, err := Compile(schema)
		if err != nil {
			t.Fatalf("Compile(%s): %v", schema, err)
		}
		if _, err := refSchema(schema); err != nil {
			t.Fatalf("reference compile(%s): %v", schema, err)
		}
		for _, inst := range append(diffInstances[:len(diffInstances):len(diffInstances)], random...) {
			skip, mismatch := diffOutcome(schema, ours, []byte(inst))
			if mismatch != "" {
				t.Errorf("schema %s\ninstance %s\n%s", schema, inst, mismatch)
			}
			if skip != "" {
				skips[skip]++
			} else {
				compared++
			}
		}
	}
	var lines []string
	for k, n := range skips {
		lines = append(lines, fmt.Sprintf("%4d %s", n, k))
	}
	sort.Strings(lines)
	t.Logf("compared %d (schema, instance) pairs; skipped:\n%s", compared, strings.Join(lines, "\n"))
}

// findAnchor returns the schema in v whose $anchor is name, or nil (it
// looks in every object, which is enough for the corpus).
func findAnchor(v any, name string) any {
	switch v := v.(type) {
	case map[string]any:
		if v["$anchor"] == name {
			return v
		}
		for _, e := range v {
			if f := findAnchor(e, name); f != nil {
				return f
			}
		}
	case []any:
		for _, e := range v {
			if f := findAnchor(e, name); f != nil {
				return f
			}
		}
	}
	return nil
}

// FuzzValidateAgainstReference checks that the validator and the reference
// agree on arbitrary instances for the corpus schemas.
//
//	go test -run '^$' -fuzz FuzzValidateAgainstReference ./internal/validate/
func FuzzValidateAgainstReference(f *testing.F) {
	for i := range diffSchemas {
		for _, inst := range diffInstances {
			f.Add(uint8(i), []byte(inst))
		}
	}
	validators := make([]*Validator, len(diffSchemas))
	for i, s := range diffSchemas {
		v, err := Compile(s)
		if err != nil {
			f.Fatal(err)
		}
		validators[i] = v
	}
	f.Fuzz(func(t *testing.T, si uint8, inst []byte) {
		i := int(si) % len(diffSchemas)
		_, mismatch := diffOutcome(diffSchemas[i], validators[i], inst)
		if mismatch != "" {
			t.Errorf("schema %s\ninstance %q\n%s", diffSchemas[i], inst, mismatch)
		}
	})
}

// FuzzValidate checks that arbitrary schemas and arguments never make the
// compiler or the validator panic or hang.
//
//	go test -run '^$' -fuzz '^FuzzValidate$' ./internal/validate/
func FuzzValidate(f *testing.F) {
	for i, s := range diffSchemas {
		f.Add(s, []byte(diffInstances[i%len(diffInstances)]))
	}
	f.Add(`{}`, []byte(strings.Repeat("[", 20000)))
	f.Add(`{"multipleOf":1e-1000000}`, []byte(`1e1000000`))
	f.Add(`{"anyOf":[{"properties":{"a":{"$ref":"#"}},"required":["x"]},{"properties":{"a":{"$ref":"#"}}}]}`, []byte(`{"a":{"a":{"a":{"a":1}}}}`))
	f.Fuzz(func(t *testing.T, schema string, args []byte) {
		v, err := Compile(schema)
		if err != nil {
			return
		}
		err = v.Validate(args)
		if err == nil && !json.Valid(args) {
			t.Errorf("accepted invalid JSON %q", args)
		}
		if err != nil {
			_ = err.Error()
		}
	})
}

// schemaInstance returns a random instance shaped by the schema s (decoded
// with UseNumber; root resolves $refs): mostly valid, with random mistakes
// (a missing or unknown property, a value at or beyond a bound, a value of
// another type), about one in mistake choices, so that both sides of each
// rule are exercised.
func schemaInstance(r *rand.Rand, s, root any, depth, mistake int) string {
	m, ok := s.(map[string]any)
	if !ok || depth > 6 {
		return randomInstance(r, 3)
	}
	if ref, ok := m["$ref"].(string); ok && r.IntN(mistake) != 0 {
		target := root
		if name, ok := strings.CutPrefix(ref, "#"); ok && name != "" && name[0] != '/' {
			target = findAnchor(root, name)
		} else if ref != "#" {
			for _, tok := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
				tm, _ := target.(map[string]any)
				target = tm[tok]
			}
		}
		return schemaInstance(r, target, root, depth+1, mistake)
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := m[k].([]any); ok && r.IntN(mistake) != 0 {
			return schemaInstance(r, alts[r.IntN(len(alts))], root, depth+1, mistake)
		}
	}
	if r.IntN(mistake) == 0 {
		return randomInstance(r, 3) // a mistake of any kind
	}
	if e, ok := m["enum"].([]any); ok && r.IntN(mistake) != 0 {
		b, _ := json.Marshal(e[r.IntN(len(e))])
		return string(b)
	}
	if c, ok := m["const"]; ok && r.IntN(mistake) != 0 {
		b, _ := json.Marshal(c)
		return string(b)
	}
	typ := ""
	switch t := m["type"].(type) {
	case string:
		typ = t
	case []any:
		typ, _ = t[r.IntN(len(t))].(string)
	}
	if typ == "" {
		switch {
		case m["properties"] != nil || m["additionalProperties"] != nil || m["patternProperties"] != nil || m["required"] != nil:
			typ = "object"
		case m["items"] != nil || m["prefixItems"] != nil:
			typ = "array"
		default:
			return randomInstance(r, 3)
		}
	}
	switch typ {
	case "null":
		return "null"
	case "boolean":
		return []string{"true", "false"}[r.IntN(2)]
	case "integer", "number":
		var cands []string
		for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
			if n, ok := m[k].(json.Number); ok {
				cands = append(cands, string(n), "-"+string(n), string(n)+"1", string(n)+"0", string(n)+".5", string(n)+"e1", string(n)+"e-1")
			}
		}
		cands = append(cands, "0", "1", "-1", "1.0", "2.5", "255", "256", "100", "1e2", "3", "0.3", "7.5", "-0", "18446744073709551615", "-9223372036854775809")
		c := strings.TrimPrefix(cands[r.IntN(len(cands))], "--")
		if _, ok := parseDecNum([]byte(c)); !ok {
			c = "1"
		}
		return c
	case "string":
		var cands []string
		if f, ok := m["format"].(string); ok {
			cands = append(cands, formatSamples[f]...)
		}
		if _, ok := m["contentEncoding"]; ok {
			cands = append(cands, `aGk=`, `aGk`, `YWJj`, ``, `YQ==`, `Y`, `a+/=`)
		}
		cands = append(cands, "", "a", "ab", "abc", "abcdef", "é", "日本語", "0", "12", "-7", "x y", "red")
		b, _ := json.Marshal(cands[r.IntN(len(cands))])
		return string(b)
	case "array":
		var b strings.Builder
		b.WriteByte('[')
		prefix, _ := m["prefixItems"].([]any)
		n := r.IntN(4)
		if len(prefix) > 0 {
			n = len(prefix) + r.IntN(2) - r.IntN(2)
		}
		for i := range max(n, 0) {
			if i > 0 {
				b.WriteByte(',')
			}
			var item any = m["items"]
			if i < len(prefix) {
				item = prefix[i]
			}
			b.WriteString(schemaInstance(r, item, root, depth+1, mistake))
		}
		b.WriteByte(']')
		return b.String()
	default: // object
		props, _ := m["properties"].(map[string]any)
		req := map[string]bool{}
		if rl, ok := m["required"].([]any); ok {
			for _, x := range rl {
				req[x.(string)] = r.IntN(mistake) != 0
			}
		}
		var names []string
		for k := range props {
			if req[k] || r.IntN(2) == 0 {
				names = append(names, k)
			}
		}
		for k, keep := range req {
			if keep && props[k] == nil {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		var b strings.Builder
		b.WriteByte('{')
		member := func(k, v string) {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			b.WriteString(v)
		}
		for _, k := range names {
			member(k, schemaInstance(r, props[k], root, depth+1, mistake))
		}
		if pp, ok := m["patternProperties"].(map[string]any); ok {
			for _, sub := range pp {
				for range r.IntN(3) {
					member([]string{"0", "1", "42", "-3", "007", "x"}[r.IntN(6)]+strconv.Itoa(b.Len()), schemaInstance(r, sub, root, depth+1, mistake))
				}
			}
		}
		if ap, ok := m["additionalProperties"]; ok && ap != false {
			for range r.IntN(3) {
				member([]string{"k", "-1", "12", "ab", "x y"}[r.IntN(5)]+strconv.Itoa(b.Len()), schemaInstance(r, ap, root, depth+1, mistake))
			}
		}
		if r.IntN(mistake) == 0 {
			member("unknown", "1")
		}
		b.WriteByte('}')
		return b.String()
	}
}

// formatSamples are valid and nearly valid strings for each format.
var formatSamples = map[string][]string{
	"date-time": {"2006-01-02T15:04:05Z", "2006-01-02T15:04:05.5+07:00", "2006-01-02 15:04:05Z", "2006-01-02", "2006-02-30T15:04:05Z", "2006-01-02T15:04:05"},
	"date":      {"2024-02-29", "2023-02-29", "2023-1-01", "2023-12-31", "20231231"},
	"time":      {"15:04:05Z", "15:04:05", "15:04:05.5+01:00", "25:00:00Z"},
	"email":     {"a@example.com", "a", "a@b", "a..b@c.d", "x@[192.0.2.1]"},
	"hostname":  {"example.com", "-a.com", "a_b.com", "localhost"},
	"ipv4":      {"192.0.2.1", "192.0.2.256", "01.2.3.4", "::1"},
	"ipv6":      {"2001:db8::1", "::", "1::2::3", "192.0.2.1"},
	"uri":       {"https://example.com/x", "/rel", "urn:a:b", "http://a b"},
	"uuid":      {"123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000"},
}

func TestValidateAgainstReferenceShaped(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	compared, skipped, invalid := 0, 0, 0
	for _, schema := range diffSchemas {
		ours, err := Compile(schema)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil {
			t.Fatal(err)
		}
		for range 300 {
			inst := schemaInstance(r, doc, doc, 0, 8)
			skip, mismatch := diffOutcome(schema, ours, []byte(inst))
			if mismatch != "" {
				t.Errorf("schema %s\ninstance %s\n%s", schema, inst, mismatch)
			}
			if skip != "" {
				skipped++
				continue
			}
			compared++
			if ours.Validate([]byte(inst)) != nil {
				invalid++
			}
		}
	}
	t.Logf("compared %d shaped instances (%d invalid), skipped %d", compared, invalid, skipped)
}

// FuzzSchemaAgainstReference checks agreement with the reference when the
// schema varies too: for every schema both implementations compile, they
// must agree on the instance (with the documented differences).
//
//	go test -run '^$' -fuzz FuzzSchemaAgainstReference ./internal/validate/
func FuzzSchemaAgainstReference(f *testing.F) {
	for i, s := range diffSchemas {
		for j := i; j < len(diffInstances); j += len(diffSchemas) {
			f.Add(s, []byte(diffInstances[j]))
		}
	}
	f.Fuzz(func(t *testing.T, schema string, inst []byte) {
		ours, err := Compile(schema)
		if err != nil {
			return
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil {
			t.Fatalf("we compile a schema that is not JSON: %v", err)
		}
		if hugeNumbers(doc) {
			return
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		c.AssertContent()
		if err := c.AddResource("mem:///schema.json", doc); err != nil {
			return
		}
		ref, err := c.Compile("mem:///schema.json")
		if err != nil {
			return // e.g. a value the metaschema forbids and we tolerate
		}
		_, mismatch := diffOutcomeWith(ref, ours, inst)
		if mismatch != "" {
			t.Errorf("schema %s\ninstance %q\n%s", schema, inst, mismatch)
		}
	})
}
