package schema

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"go/types"
	"math/big"
	mathrand "math/rand"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mcpgen/mcpgen/internal/intpattern"
	"github.com/mcpgen/mcpgen/testdata/schema_collections"
	"github.com/mcpgen/mcpgen/testdata/schema_comments"
	"github.com/mcpgen/mcpgen/testdata/schema_embedded"
	"github.com/mcpgen/mcpgen/testdata/schema_enums"
	"github.com/mcpgen/mcpgen/testdata/schema_omit"
	"github.com/mcpgen/mcpgen/testdata/schema_scalars"
	"github.com/mcpgen/mcpgen/testdata/schema_tags"
)

// Each TestDeviation* test asserts one deliberate difference from what
// invopop/jsonschema reflects: ours has the improvement, invopop's lacks it.

// at returns the sub-schema at the slash-separated path of keys.
func at(t *testing.T, m map[string]any, path string) any {
	t.Helper()
	var v any = m
	for _, k := range strings.Split(path, "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i, _ := strconv.Atoi(k)
			v = x[i]
		default:
			t.Fatalf("no %s in\n%s", path, jsonText(t, m))
		}
	}
	return v
}

func wantJSON(t *testing.T, what string, got any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if g, ws := jsonText(t, got), jsonText(t, w); g != ws {
		t.Errorf("%s:\ngot  %s\nwant %s", what, g, ws)
	}
}

func TestDeviationBounds(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_scalars.Scalars", false)
	theirs := theirs(t, schema_scalars.Scalars{})
	for prop, want := range map[string]string{
		"int8":    `{"type":"integer","minimum":-128,"maximum":127}`,
		"uint8":   `{"type":"integer","minimum":0,"maximum":255}`,
		"byte":    `{"type":"integer","minimum":0,"maximum":255}`,
		"int16":   `{"type":"integer","minimum":-32768,"maximum":32767}`,
		"uint16":  `{"type":"integer","minimum":0,"maximum":65535}`,
		"rune":    `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`,
		"uint32":  `{"type":"integer","minimum":0,"maximum":4294967295}`,
		"uint":    `{"type":"integer","minimum":0}`,
		"uint64":  `{"type":"integer","minimum":0}`,
		"int":     `{"type":"integer"}`,
		"int64":   `{"type":"integer"}`,
		"float32": `{"type":"number"}`,
		"float64": `{"type":"number"}`,
	} {
		wantJSON(t, "ours "+prop, at(t, ours, "properties/"+prop), want)
		wantJSON(t, "invopop "+prop, at(t, theirs, "properties/"+prop), fmt.Sprintf(`{"type":%q}`, at(t, ours, "properties/"+prop+"/type")))
	}
	// No bound beyond ±(2^53−1), which JSON clients cannot write exactly:
	// the decoder enforces the rest of the range (TestEndToEnd).
	n := l.lookup(t, "schema_scalars.Scalars")
	s, _ := l.builder.Struct(n, "", n.Obj().Pos())
	text, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`9223372036854775807`, `18446744073709551615`, `e+38`} {
		if strings.Contains(text, bad) {
			t.Errorf("schema has %s:\n%s", bad, text)
		}
	}
	// A tag's looser bound gives way to the Go type's.
	nums := l.ours(t, "schema_tags.Numbers", false)
	wantJSON(t, "ours small", at(t, nums, "properties/small"), `{"type":"integer","minimum":-128,"maximum":10}`)
	wantJSON(t, "invopop small", at(t, theirs2(t, schema_tags.Numbers{}), "properties/small"), `{"type":"integer","minimum":-1000,"maximum":10}`)
}

func theirs2(t *testing.T, v any) map[string]any { t.Helper(); return theirs(t, v) }

func TestDeviationUintptr(t *testing.T) {
	l := corpusLoaded(t)
	wantJSON(t, "ours", at(t, l.ours(t, "schema_scalars.Address", false), "properties/value"),
		`{"type":"integer","minimum":0}`)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("invopop reflected uintptr; it used to panic")
			}
		}()
		theirs(t, schema_scalars.Address{})
	}()
}

func TestDeviationEnums(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_enums.Paint", false)
	wantJSON(t, "color", at(t, ours, "properties/color"), `{"type":"string","enum":["red","green","blue"]}`)
	wantJSON(t, "priority", at(t, ours, "properties/priority"),
		`{"type":"integer","enum":[0,1,2],"description":"Values:\n- 0 = low: Low waits for the others.\n- 1 = medium\n- 2 = high: High goes first."}`)
	// A string enum lists its values with their comments when one has one.
	wantJSON(t, "unit from another package", at(t, ours, "properties/unit"),
		`{"type":"string","enum":["c","f","k"],"description":"Values:\n- c: Celsius is the default.\n- f\n- k"}`)
	wantJSON(t, "optional", at(t, ours, "properties/optional/enum"), `[0,1,2]`)
	// Results are not held to the constants.
	wantJSON(t, "output color", at(t, l.ours(t, "schema_enums.Paint", true), "properties/color"), `{"type":"string"}`)
	wantJSON(t, "items", at(t, ours, "properties/colors/items"), `{"type":"string","enum":["red","green","blue"]}`)
	// Map keys are not restricted: encoding/json accepts any string key.
	wantJSON(t, "map", at(t, ours, "properties/by_color"), `{"type":"object","properties":{},"additionalProperties":{"type":"string"}}`)
	theirs := theirs(t, schema_enums.Paint{})
	wantJSON(t, "invopop color", at(t, theirs, "properties/color"), `{"type":"string"}`)
	wantJSON(t, "invopop priority", at(t, theirs, "properties/priority"), `{"type":"integer"}`)
}

// TestDeviationAny: a value of any type is {} where invopop writes true, in
// input and output schemas.
func TestDeviationAny(t *testing.T) {
	l := corpusLoaded(t)
	for _, output := range []bool{false, true} {
		ours := l.ours(t, "schema_collections.Special", output)
		for _, p := range []string{"raw", "any", "iface"} {
			wantJSON(t, "ours "+p, at(t, ours, "properties/"+p), `{}`)
		}
	}
	theirs := theirs(t, schema_collections.Special{})
	for _, p := range []string{"raw", "any", "iface"} {
		wantJSON(t, "invopop "+p, at(t, theirs, "properties/"+p), `true`)
	}
}

func TestDeviationBytes(t *testing.T) {
	l := corpusLoaded(t)
	wantJSON(t, "ours", at(t, l.ours(t, "schema_collections.Special", false), "properties/data"),
		`{"type":"string","contentEncoding":"base64","pattern":`+strconv.Quote(base64Pattern)+`}`)
	wantJSON(t, "invopop", at(t, theirs(t, schema_collections.Special{}), "properties/data"),
		`{"type":"string","contentEncoding":"base64"}`)
	// The pattern admits only what encoding/json decodes into a []byte.
	re := regexp.MustCompile(base64Pattern)
	samples := []string{"", "=", "QQ", "QQ==", "QUI=", "QUJD", "QUJDRA==", "QUJD RA==", "QUJDR===", "Q===", "_-_-", "QUJDRA==",
		"QUJD\nRA==", "QUJD\r\nRA==\n", "\nQQ=\n=", "QQ\n", "QUI\n=", "\n", "QUJD\n\n", "QQ=\n"}
	for i := range 50 {
		samples = append(samples, base64.StdEncoding.EncodeToString([]byte(strings.Repeat("x", i))))
	}
	for _, s := range samples {
		var b []byte
		decodes := json.Unmarshal([]byte(strconv.Quote(s)), &b) == nil
		if re.MatchString(s) && !decodes {
			t.Errorf("pattern admits %q, which encoding/json rejects", s)
		}
		if !re.MatchString(s) && decodes {
			t.Errorf("pattern rejects %q, which encoding/json accepts", s)
		}
	}
}

func TestDeviationOutputNull(t *testing.T) {
	l := corpusLoaded(t)
	in := l.ours(t, "schema_omit.Omit", false)
	out := l.ours(t, "schema_omit.Omit", true)
	their := theirs(t, schema_omit.Omit{})
	for _, prop := range []string{"ptr", "slice", "map"} {
		if _, ok := at(t, in, "properties/"+prop).(map[string]any)["anyOf"]; ok {
			t.Errorf("input %s admits null", prop)
		}
		if _, ok := at(t, their, "properties/"+prop).(map[string]any)["oneOf"]; ok {
			t.Errorf("invopop %s admits null", prop)
		}
		wantJSON(t, "output "+prop+" null", at(t, out, "properties/"+prop+"/anyOf/1"), `{"type":"null"}`)
	}
	// With omitempty, encoding/json leaves nil out instead of writing null.
	wantJSON(t, "output opt_ptr", at(t, out, "properties/opt_ptr"),
		`{"type":"integer"}`)
	// Elements that can be nil admit null too.
	col := l.ours(t, "schema_collections.Collections", true)
	wantJSON(t, "items of []*Item", at(t, col, "properties/item_ptrs/anyOf/0/items/anyOf/1"), `{"type":"null"}`)
	wantJSON(t, "items of [][]float64", at(t, col, "properties/matrix/anyOf/0/items/anyOf/1"), `{"type":"null"}`)
	// A non-object result is wrapped; a nil slice result is null.
	n := l.lookup(t, "schema_collections.Item")
	s, wrapped, diags := l.builder.Output(typesSliceOf(n), n.Obj().Pos())
	if !wrapped || len(diags) > 0 {
		t.Fatalf("wrapped %v, diags %v", wrapped, diags)
	}
	wantJSON(t, "wrapped []Item", at(t, generic(t, s), "properties/result/anyOf/1"), `{"type":"null"}`)
}

func TestDeviationEmptyStruct(t *testing.T) {
	l := corpusLoaded(t)
	for _, output := range []bool{false, true} {
		wantJSON(t, "ours", l.ours(t, "schema_collections.Empty", output),
			`{"type":"object","properties":{},"additionalProperties":false,"description":"Empty has no fields."}`)
	}
	wantJSON(t, "invopop", theirs(t, schema_collections.Empty{}),
		`{"type":"object","additionalProperties":false,"description":"Empty has no fields.","properties":{}}`)
	s, diags := l.builder.Params(nil)
	// OpenAI requires "properties" on an object parameter schema.
	if text, _ := Marshal(s); text != "{\n  \"type\": \"object\",\n  \"properties\": {},\n  \"additionalProperties\": false\n}" || len(diags) > 0 {
		t.Errorf("Params(nil) = %s, %v", text, diags)
	}
}

func TestDeviationDescriptionLines(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_comments.Commented", false)
	theirs := theirs(t, schema_comments.Commented{})
	wantJSON(t, "ours", at(t, ours, "properties/multi/description"),
		`"Multi has a doc comment over several lines.\n\nWith a second paragraph."`)
	wantJSON(t, "invopop", at(t, theirs, "properties/multi/description"),
		`"Multi has a doc comment\nover several lines.\n\nWith a second paragraph."`)
}

func TestDeviationMapKeysAndText(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_collections.Keys", false)
	theirs := theirs(t, schema_collections.Keys{})
	lo8, hi8 := big.NewInt(-128), big.NewInt(127)
	wantJSON(t, "ours int8 keys", at(t, ours, "properties/by_int8"),
		`{"type":"object","properties":{},"additionalProperties":{"type":"string"},"propertyNames":{"pattern":`+strconv.Quote(intpattern.Pattern(lo8, hi8))+`}}`)
	wantJSON(t, "invopop int8 keys", at(t, theirs, "properties/by_int8"),
		`{"type":"object","additionalProperties":false,"patternProperties":{"^[0-9]+$":{"type":"string"}}}`)
	wantJSON(t, "invopop uint keys", at(t, theirs, "properties/by_uint"), `{"type":"object","additionalProperties":{"type":"string"}}`)
	if at(t, ours, "properties/by_uint/propertyNames") == nil {
		t.Error("uint keys have no propertyNames")
	}
	// Level implements encoding.TextMarshaler and TextUnmarshaler: a string,
	// also as a key.
	wantJSON(t, "ours text keys", at(t, ours, "properties/by_level"), `{"type":"object","properties":{},"additionalProperties":{"type":"string"}}`)
	wantJSON(t, "ours text value", at(t, ours, "properties/level"), `{"type":"string"}`)
	wantJSON(t, "invopop text value", at(t, theirs, "properties/level"), `{"type":"integer"}`)
}

// TestIntegerPattern checks the key and ",string" pattern of integer types
// against strconv, exhaustively for 8 bits and by sampling for 64 bits.
func TestIntegerPattern(t *testing.T) {
	patterns := map[string]*regexp.Regexp{}
	canonicalRE := regexp.MustCompile(`^-?[1-9][0-9]*$`)
	check := func(bits int, unsigned bool, s string) {
		t.Helper()
		key := fmt.Sprint(bits, unsigned)
		var lo, hi *big.Int
		if unsigned {
			lo, hi = big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
		} else {
			hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)), big.NewInt(1))
			lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)))
		}
		re := patterns[key]
		if re == nil {
			re = regexp.MustCompile(intpattern.Pattern(lo, hi))
			patterns[key] = re
		}
		var ok bool
		if unsigned {
			_, err := strconv.ParseUint(s, 10, bits)
			ok = err == nil
		} else {
			_, err := strconv.ParseInt(s, 10, bits)
			ok = err == nil
		}
		canonical := s == "0" || canonicalRE.MatchString(s)
		if re.MatchString(s) != (ok && canonical) {
			t.Errorf("%d-bit unsigned=%v %q: pattern %v, strconv %v", bits, unsigned, s, re.MatchString(s), ok)
		}
	}
	for i := -1000; i <= 1000; i++ {
		check(8, false, strconv.Itoa(i))
		check(8, true, strconv.Itoa(i))
	}
	for _, s := range []string{"", "-", "-0", "007", "+1", "1e2", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "99999999999999999999"} {
		check(64, false, s)
		check(64, true, s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := new(big.Int).Rand(r2(r), new(big.Int).Lsh(big.NewInt(1), 66))
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), 65))
		check(64, false, n.String())
		check(64, true, n.String())
		check(32, false, new(big.Int).Rsh(n, 32).String())
	}
}

func TestDeviationDominance(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_embedded.Conflicts", false)
	theirs := theirs(t, schema_embedded.Conflicts{})
	wantJSON(t, "ours", ours, `{"type":"object","additionalProperties":false,
		"description":"Conflicts follows encoding/json's dominance rules: equal rivals cancel out (Name), a tagged field beats an untagged one (Score), and the shallower field wins (Only).",
		"properties":{"Score":{"type":"integer"},"Only":{"type":"string"}},
		"required":["Score","Only"]}`)
	if _, ok := at(t, theirs, "properties").(map[string]any)["Name"]; !ok {
		t.Error("invopop lacks Name, which encoding/json drops")
	}
}

func TestDeviationDashComma(t *testing.T) {
	l := corpusLoaded(t)
	wantJSON(t, "ours", at(t, l.ours(t, "schema_omit.Dash", false), "properties"), `{"-":{"type":"string"}}`)
	if got := at(t, theirs(t, schema_omit.Dash{}), "properties"); len(got.(map[string]any)) != 0 {
		t.Errorf("invopop has %v", got)
	}
}

func TestDeviationUnexportedComments(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_comments.Private", false)
	wantJSON(t, "ours visible", at(t, ours, "properties/hidden/properties/visible/description"), `"Field comments of unexported types describe too."`)
	wantJSON(t, "ours deep", at(t, ours, "properties/hidden/properties/inner/properties/deep/description"), `"So do fields of anonymous structs."`)
	theirs := theirs(t, schema_comments.Private{})
	if d := at(t, theirs, "properties/hidden/properties/visible/description"); d != nil {
		t.Errorf("invopop has %v", d)
	}
}

func TestDeviationStringOption(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_omit.Quoted", false)
	theirs := theirs(t, schema_omit.Quoted{})
	wantJSON(t, "bool", at(t, ours, "properties/bool"), `{"type":"string","enum":["true","false"]}`)
	wantJSON(t, "invopop bool", at(t, theirs, "properties/bool"), `{"type":"string"}`)
	wantJSON(t, "invopop int8", at(t, theirs, "properties/int8"), `{"type":"string"}`)
	wantJSON(t, "enum", at(t, ours, "properties/mode/enum"), `["0","1"]`)
	wantJSON(t, "int8", at(t, ours, "properties/int8"), `{"type":"string","pattern":"^(?:-?0|[1-9][0-9]?|1[01][0-9]|12[0-7]|-(?:[1-9][0-9]?|1[01][0-9]|12[0-8]))$",
		"description":"An integer from -128 to 127, written as a string."}`)
	wantJSON(t, "uint16", at(t, ours, "properties/uint16/pattern"), `"^(?:0|[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$"`)
	// Every value the pattern admits decodes; the boundary values outside do not match.
	samples := []string{"0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "65535", "65536", "007", "1.5", "1e3",
		"-2147483648", "2147483647", "2147483648", "9223372036854775807", "9223372036854775808", "3.4e38", "3.5e38",
		"340282346638528859811704183484516925440", "999999999999999999999999999999999999999", "99999999999999999999999999999999999999",
		"1" + strings.Repeat("0", 308), "1" + strings.Repeat("0", 307), "true", "false", "null", "x", ""}
	for _, field := range []string{"int8", "uint16", "int64", "float", "single", "ptr"} {
		schema := at(t, ours, "properties/"+field).(map[string]any)
		re := regexp.MustCompile(schema["pattern"].(string))
		for _, s := range samples {
			if !re.MatchString(s) {
				continue
			}
			var q schema_omit.Quoted
			doc := fmt.Sprintf(`{%q:%q}`, field, s)
			if err := json.Unmarshal([]byte(doc), &q); err != nil {
				t.Errorf("%s: pattern admits %q, which encoding/json rejects: %v", field, s, err)
			}
		}
	}
	// A string of a ,string bool decodes exactly for the enum values.
	for _, s := range []string{"true", "false"} {
		var q schema_omit.Quoted
		if err := json.Unmarshal([]byte(`{"bool":"`+s+`"}`), &q); err != nil {
			t.Error(err)
		}
	}
}

func TestDeviationRecursion(t *testing.T) {
	l := corpusLoaded(t)
	n := l.lookup(t, "schema_recursive.Node")
	s, diags := l.builder.Struct(n, "", n.Obj().Pos())
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	wantJSON(t, "self", generic(t, s), `{
		"$defs":{"Node":{"type":"object","additionalProperties":false,"description":"Node is a tree node.",
			"properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},
			"required":["value","children"]}},
		"type":"object","additionalProperties":false,"description":"Node is a tree node.",
		"properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},
		"required":["value","children"]}`)

	// Two recursive types named Node get qualified names; Person and Dept
	// are mutually recursive; only recursive types are in $defs.
	forest := l.ours(t, "schema_recursive.Forest", false)
	defs := at(t, forest, "$defs").(map[string]any)
	var names []string
	for name := range defs {
		names = append(names, name)
	}
	slices.Sort(names)
	want := []string{"Person", "Tree", "github.com.mcpgen.mcpgen.testdata.schema_recursive.Node", "github.com.mcpgen.mcpgen.testdata.schema_recursive.other.Node"}
	if !slices.Equal(names, want) {
		t.Errorf("$defs = %v, want %v", names, want)
	}
	wantJSON(t, "trees", at(t, forest, "properties/trees/items"), `{"$ref":"#/$defs/github.com.mcpgen.mcpgen.testdata.schema_recursive.Node"}`)
	wantJSON(t, "people", at(t, forest, "properties/people/items"), `{"$ref":"#/$defs/Person"}`)
	wantJSON(t, "recursive map", at(t, forest, "properties/tree"), `{"$ref":"#/$defs/Tree"}`)
	wantJSON(t, "recursive map def", at(t, defs, "Tree"), `{"type":"object","description":"Tree is a recursive map type.","properties":{},"additionalProperties":{"$ref":"#/$defs/Tree"}}`)
	wantJSON(t, "dept inline", at(t, defs, "Person/properties/dept/properties/head"), `{"$ref":"#/$defs/Person"}`)

	// invopop without references cannot express recursion at all; with
	// references, every named struct goes to $defs.
	r := &jsonschema.Reflector{Anonymous: true}
	ts := r.Reflect(reflect.New(reflect.TypeOf(schema_comments.Wrapper{})).Interface())
	if len(ts.Definitions) < 2 {
		t.Errorf("invopop with references: $defs %v", ts.Definitions)
	}
}

// TestRequiredMatchesEncodingJSON checks, for every corpus type, that the
// output schema requires exactly the members json.Marshal writes for the
// zero value: fields without omitempty, and not those promoted through a nil
// embedded pointer (which invopop requires).
func TestRequiredMatchesEncodingJSON(t *testing.T) {
	l := corpusLoaded(t)
	for _, v := range corpus {
		q := qualifiedName(v)
		if inputOnly[q] {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.Token()
		for dec.More() {
			k, _ := dec.Token()
			keys = append(keys, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		var required []string
		if r, ok := l.ours(t, q, true)["required"].([]any); ok {
			for _, k := range r {
				required = append(required, k.(string))
			}
		}
		if !slices.Equal(keys, required) {
			t.Errorf("%s: json.Marshal writes %v, output schema requires %v", q, keys, required)
		}
	}
	theirs := theirs(t, schema_embedded.Record{})
	if r := at(t, theirs, "required").([]any); !slices.Contains(r, any("by")) {
		t.Errorf("invopop does not require by: %v", r)
	}
}

func typesSliceOf(t types.Type) types.Type { return types.NewSlice(t) }

func r2(r *rand.Rand) *mathrand.Rand { return mathrand.New(mathrand.NewSource(int64(r.Uint64()))) }

func TestDeviationJSONNumber(t *testing.T) {
	l := corpusLoaded(t)
	for _, output := range []bool{false, true} {
		wantJSON(t, "ours", at(t, l.ours(t, "schema_collections.Number", output), "properties/n"), `{"type":"number"}`)
	}
	wantJSON(t, "invopop", at(t, theirs(t, schema_collections.Number{}), "properties/n"), `{"type":"string"}`)
	b, _ := json.Marshal(schema_collections.Number{N: "1.5"})
	if string(b) != `{"n":1.5}` {
		t.Errorf("encoding/json writes %s", b)
	}
}

func TestDeviationGenericComments(t *testing.T) {
	l := corpusLoaded(t)
	ours := l.ours(t, "schema_collections.Paged", false)
	wantJSON(t, "ours", at(t, ours, "properties/page"), `{"type":"object","additionalProperties":false,"description":"The first page.",
		"properties":{"items":{"type":"array","description":"Items holds the results.","items":{"type":"object","additionalProperties":false,
			"description":"Item is an element of collections.",
			"properties":{"id":{"type":"integer","description":"ID identifies the item."},
				"note":{"type":"string"}},"required":["id"]}},
		"next":{"type":"string","description":"Next is the cursor of the next page."}},
		"required":["items"]}`)
	// invopop looks comments up by the instantiated name, Page[...Item], and finds none.
	theirs := theirs(t, schema_collections.Paged{})
	if d := at(t, theirs, "properties/page/properties/items/description"); d != nil {
		t.Errorf("invopop has %v", d)
	}
}

// TestDeviationOptional: in an input, a pointer field is optional (absent,
// it is nil, as encoding/json leaves it), and so is every field of a
// struct without json tags (not written for JSON: a zero field means "not
// set"); invopop requires them. Outputs keep what encoding/json writes.
func TestDeviationOptional(t *testing.T) {
	l := corpusLoaded(t)
	omit := l.ours(t, "schema_omit.Omit", false)
	if slices.Contains(at(t, omit, "required").([]any), any("ptr")) {
		t.Errorf("ours requires the pointer field ptr: %v", omit["required"])
	}
	if !slices.Contains(at(t, theirs(t, schema_omit.Omit{}), "required").([]any), any("ptr")) {
		t.Error("invopop does not require ptr")
	}
	if !slices.Contains(at(t, l.ours(t, "schema_omit.Omit", true), "required").([]any), any("ptr")) {
		t.Error("the output schema does not require ptr, which encoding/json always writes")
	}
	named := l.ours(t, "schema_omit.Untagged", false)
	if r, ok := named["required"]; ok {
		t.Errorf("ours requires fields of a struct without json tags: %v", r)
	}
	if at(t, theirs(t, schema_omit.Untagged{}), "required") == nil {
		t.Error("invopop requires nothing of schema_omit.Untagged")
	}
}

// TestDeviationFieldTypeDoc: a field without a comment of its own is
// described by its named type's doc comment, as a plain parameter is;
// invopop leaves it undescribed.
func TestDeviationFieldTypeDoc(t *testing.T) {
	l := corpusLoaded(t)
	for _, output := range []bool{false, true} {
		ours := l.ours(t, "schema_comments.Commented", output)
		if d := at(t, ours, "properties/plain/description"); d != "Item is a named struct with a doc comment." {
			t.Errorf("output %v: plain is described by %v", output, d)
		}
	}
	if d := at(t, theirs(t, schema_comments.Commented{}), "properties/plain/description"); d != nil {
		t.Errorf("invopop describes plain: %v", d)
	}
}
