package schema

import (
	"bytes"
	"encoding/json"
	"go/types"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// marshalReference is invopop's own MarshalJSON through encoding/json,
// indented: the JSON value Marshal must write, in another key order.
func marshalReference(s *jsonschema.Schema) (string, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return "", err
	}
	return readableEscapes(buf.String()), nil
}

// sameAsReference fails t unless Marshal and marshalReference agree on s:
// the same JSON value (where invopop writes true for a schema with nothing
// set, Marshal writes {}), written with the same escapes, or both an error.
func sameAsReference(t testing.TB, what string, s *jsonschema.Schema) {
	t.Helper()
	got, gotErr := Marshal(s)
	want, wantErr := marshalReference(s)
	if (gotErr != nil) != (wantErr != nil) {
		t.Fatalf("%s: Marshal error %v, reference error %v\nreference:\n%s", what, gotErr, wantErr, want)
	}
	if gotErr != nil {
		return
	}
	g, w := decodeNumbers(t, got), decodeNumbers(t, want)
	if !sameValue(g, w) {
		t.Fatalf("%s: Marshal differs from the reference\ngot:\n%s\nwant:\n%s", what, got, want)
	}
	// The escapes: the same strings in the text, whatever the order.
	gs, ws := stringTokens(got), stringTokens(want)
	// The keys of "required": [], which the reference leaves out.
	for extra := strings.Count(got, `"required": []`); extra > 0; extra-- {
		if i := slices.Index(gs, `"required"`); i >= 0 {
			gs = slices.Delete(gs, i, i+1)
		}
	}
	if !slices.Equal(gs, ws) {
		t.Fatalf("%s: Marshal escapes differ from the reference\ngot:  %q\nwant: %q", what, gs, ws)
	}
}

// decodeNumbers decodes JSON text keeping numbers exact.
func decodeNumbers(t testing.TB, text string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%v in\n%s", err, text)
	}
	return v
}

// sameValue reports whether got equals want, where an empty object in got
// stands for true in want, and "required": [] in got for no "required".
func sameValue(got, want any) bool {
	if g, ok := got.(map[string]any); ok {
		if r, ok := g["required"].([]any); ok && len(r) == 0 {
			if w, ok := want.(map[string]any); ok && w["required"] == nil {
				g = maps.Clone(g)
				delete(g, "required")
				got = g
			}
		}
	}
	switch w := want.(type) {
	case bool:
		if g, ok := got.(map[string]any); ok && w && len(g) == 0 {
			return true
		}
		return got == want
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok || !sameValue(gv, wv) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range w {
			if !sameValue(g[i], w[i]) {
				return false
			}
		}
		return true
	}
	return got == want
}

// stringTokens returns the JSON string literals of text, as written, sorted.
func stringTokens(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		j := i + 1
		for text[j] != '"' {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		out = append(out, text[i:j+1])
		i = j
	}
	slices.Sort(out)
	return out
}

// TestMarshalCorpus compares Marshal with the reference over the input and
// output schemas of the whole corpus, and invopop's reflected ones.
func TestMarshalCorpus(t *testing.T) {
	l := corpusLoaded(t)
	for _, v := range corpus {
		q := qualifiedName(v)
		for _, output := range []bool{false, true} {
			s, _ := l.schema(t, q, output)
			sameAsReference(t, q, s)
		}
		for _, r := range []*jsonschema.Reflector{{ExpandedStruct: true}, {}} {
			if s := reflectOrNil(r, v); s != nil {
				sameAsReference(t, q+" (invopop)", s)
			}
		}
	}
}

// reflectOrNil returns invopop's schema of v, or nil where it panics (on
// uintptr).
func reflectOrNil(r *jsonschema.Reflector, v any) (s *jsonschema.Schema) {
	defer func() {
		if recover() != nil {
			s = nil
		}
	}()
	return r.Reflect(v)
}

func TestMarshalCases(t *testing.T) {
	u := func(n uint64) *uint64 { return &n }
	empty := orderedmap.New[string, *jsonschema.Schema]()
	one := jsonschema.NewProperties()
	one.Set("a", nil)
	one.Set("b\x00<`>", jsonschema.TrueSchema)
	one.Set("", &jsonschema.Schema{})
	cases := []*jsonschema.Schema{
		nil,
		{},
		jsonschema.TrueSchema,
		jsonschema.FalseSchema,
		{AllOf: []*jsonschema.Schema{}},
		{Extras: map[string]any{}},
		{Extras: map[string]any{"x": 1, "a": []int{1, 2}, "m": map[string]any{"<": "`"}}},
		{Type: "object", Extras: map[string]any{"x": nil}},
		{Properties: &orderedmap.OrderedMap[string, *jsonschema.Schema]{}},
		{Properties: empty},
		{Properties: one},
		{Required: []string{}, DependentRequired: map[string][]string{"a": nil, "b": {}, "c": {"x", "y"}}},
		{Enum: []any{nil, "", 0, -1, uint64(math.MaxUint64), 1.5, 1e21, 1e-7, float32(1e-7), float32(3.4e38), json.Number(""), json.Number("-0.5e-3"), true, []any{}, []any(nil), []string{"a"}, map[string]int{"z": 1, "a": 2}, struct{ A int }{1}, &jsonschema.Schema{}}},
		{Const: 0, Default: false, Examples: []any{[]any{[]any{1, "x"}}}},
		{MaxLength: u(0), MinLength: u(math.MaxUint64), UniqueItems: true},
		{Minimum: "01"},
		{Enum: []any{json.Number("1.")}},
		{Enum: []any{math.NaN()}},
		{Default: math.Inf(1)},
		{Description: "\u2028\u2029\x7f\xff\xc3(\\u003c\"\\\b\f\n\r\t\x01\x1f</script>&amp;`"},
	}
	cases = append(cases, &jsonschema.Schema{Items: &jsonschema.Schema{}, Not: &jsonschema.Schema{Properties: empty}})
	for i, s := range cases {
		sameAsReference(t, "case "+string(rune('A'+i)), s)
	}
}

// A schemaSource supplies the choices that build a random schema.
type schemaSource interface {
	intn(n int) int
}

type randSource struct{ r *rand.Rand }

func (s randSource) intn(n int) int { return s.r.IntN(n) }

// byteSource takes its choices from fuzz input, then zeros.
type byteSource struct{ b []byte }

func (s *byteSource) intn(n int) int {
	if len(s.b) == 0 || n <= 1 {
		return 0
	}
	v := int(s.b[0])
	s.b = s.b[1:]
	if n > 256 && len(s.b) > 0 {
		v = v<<8 | int(s.b[0])
		s.b = s.b[1:]
	}
	return v % n
}

type schemaGen struct {
	src   schemaSource
	nodes int
}

var awkward = []string{
	"", "a", "name", "x<y>&z", "`", "``code``", "\\u003c", "\\", "\"", "\x00", "\x1f", "\x7f",
	"\b\f\n\r\t", "\xff", "\xc3", "\xe2\x80", "é", "\u2028", "\u2029", "日本", "\U0001F600", "$ref", "-",
	"a\u2028b\\u2029", "\\`", "</script>",
}

func (g *schemaGen) str() string {
	switch g.src.intn(4) {
	case 0:
		n := g.src.intn(6)
		var b strings.Builder
		for range n {
			b.WriteByte(byte(g.src.intn(256)))
		}
		return b.String()
	case 1:
		return awkward[g.src.intn(len(awkward))] + awkward[g.src.intn(len(awkward))]
	default:
		return awkward[g.src.intn(len(awkward))]
	}
}

var numbers = []string{"0", "-0", "1", "-1", "1.5", "1e10", "1E-10", "-1.25e+300", "123456789012345678901234567890", "0.000001"}
var badNumbers = []string{"01", "+1", "1.", ".5", "1e", " 1", "NaN", "0x10"}

func (g *schemaGen) number(allowBad bool) json.Number {
	switch k := g.src.intn(200); {
	case k < 80:
		return ""
	case k == 199 && allowBad:
		return json.Number(badNumbers[g.src.intn(len(badNumbers))])
	default:
		return json.Number(numbers[g.src.intn(len(numbers))])
	}
}

func (g *schemaGen) count() *uint64 {
	if g.src.intn(3) != 0 {
		return nil
	}
	v := []uint64{0, 1, 42, math.MaxUint64}[g.src.intn(4)]
	return &v
}

func (g *schemaGen) value(depth int) any {
	switch g.src.intn(22) {
	case 0:
		return nil
	case 1, 2:
		return g.str()
	case 3:
		return g.src.intn(2) == 0
	case 4:
		return g.src.intn(1000) - 500
	case 5:
		return int64(-1 << 63)
	case 6:
		return uint64(math.MaxUint64)
	case 7:
		return []float64{0, math.Copysign(0, -1), 1.5, 1e20, 1e21, 1e-6, 1e-7, 123456.789, -2.5e-300, math.MaxFloat64, math.SmallestNonzeroFloat64}[g.src.intn(11)]
	case 8:
		return []float32{0, 1.1, 1e20, 1e21, 1e-6, 1e-7, math.MaxFloat32}[g.src.intn(7)]
	case 9:
		return g.number(false)
	case 10:
		return int8(-3)
	case 11:
		return uint16(7)
	case 12:
		if depth > 3 {
			return nil
		}
		return g.values(depth + 1)
	case 13:
		return []string{g.str(), g.str()}
	case 14:
		if depth > 3 {
			return "deep"
		}
		return map[string]any{g.str(): g.value(depth + 1), g.str(): g.value(depth + 1)}
	case 15:
		return struct {
			A string `json:"a"`
			B []int
		}{g.str(), []int{1, 2}}
	case 16:
		if depth > 3 {
			return nil
		}
		return g.schema(depth + 1)
	case 17:
		return []any{}
	case 18:
		return json.RawMessage(`{"b" :[ 1 , {} ,[]],"a":"<\u0060>"}`)
	case 19:
		return float32(-2.5)
	case 20:
		return g.number(true)
	default:
		return 3.0
	}
}

func (g *schemaGen) values(depth int) []any {
	switch g.src.intn(4) {
	case 0:
		return nil
	case 1:
		return []any{}
	}
	v := make([]any, 1+g.src.intn(3))
	for i := range v {
		v[i] = g.value(depth)
	}
	return v
}

func (g *schemaGen) strings() []string {
	switch g.src.intn(4) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	v := make([]string, 1+g.src.intn(3))
	for i := range v {
		v[i] = g.str()
	}
	return v
}

func (g *schemaGen) sub(depth int) *jsonschema.Schema {
	if depth > 4 || g.nodes > 60 || g.src.intn(4) != 0 {
		return nil
	}
	return g.schema(depth + 1)
}

func (g *schemaGen) subs(depth int) []*jsonschema.Schema {
	if depth > 4 || g.nodes > 60 {
		return nil
	}
	switch g.src.intn(6) {
	case 0:
		return []*jsonschema.Schema{}
	case 1:
		v := make([]*jsonschema.Schema, 1+g.src.intn(3))
		for i := range v {
			if g.src.intn(5) != 0 {
				v[i] = g.schema(depth + 1)
			}
		}
		return v
	}
	return nil
}

func (g *schemaGen) schemaMap(depth int) map[string]*jsonschema.Schema {
	if depth > 4 || g.nodes > 60 {
		return nil
	}
	switch g.src.intn(6) {
	case 0:
		return map[string]*jsonschema.Schema{}
	case 1:
		m := map[string]*jsonschema.Schema{}
		for range 1 + g.src.intn(3) {
			var s *jsonschema.Schema
			if g.src.intn(5) != 0 {
				s = g.schema(depth + 1)
			}
			m[g.str()] = s
		}
		return m
	}
	return nil
}

func (g *schemaGen) schema(depth int) *jsonschema.Schema {
	g.nodes++
	switch g.src.intn(12) {
	case 0:
		return jsonschema.TrueSchema
	case 1:
		return jsonschema.FalseSchema
	case 2:
		return &jsonschema.Schema{}
	}
	s := &jsonschema.Schema{}
	// Each field is set with a low probability, so that objects stay small
	// but every field occurs.
	set := func() bool { return g.src.intn(6) == 0 }
	if set() {
		s.Version = g.str()
	}
	if set() {
		s.ID = jsonschema.ID(g.str())
	}
	if set() {
		s.Anchor = g.str()
	}
	if set() {
		s.Ref = g.str()
	}
	if set() {
		s.DynamicRef = g.str()
	}
	if set() {
		s.Definitions = g.schemaMap(depth)
	}
	if set() {
		s.Comments = g.str()
	}
	if set() {
		s.AllOf = g.subs(depth)
	}
	if set() {
		s.AnyOf = g.subs(depth)
	}
	if set() {
		s.OneOf = g.subs(depth)
	}
	s.Not = g.sub(depth + 1)
	s.If = g.sub(depth + 1)
	s.Then = g.sub(depth + 1)
	s.Else = g.sub(depth + 1)
	if set() {
		s.DependentSchemas = g.schemaMap(depth)
	}
	if set() {
		s.PrefixItems = g.subs(depth)
	}
	s.Items = g.sub(depth)
	s.Contains = g.sub(depth + 1)
	switch g.src.intn(6) {
	case 0:
		s.Properties = &orderedmap.OrderedMap[string, *jsonschema.Schema]{}
	case 1:
		s.Properties = jsonschema.NewProperties()
	case 2, 3:
		s.Properties = jsonschema.NewProperties()
		for range g.src.intn(4) {
			var p *jsonschema.Schema
			if g.src.intn(6) != 0 && depth < 5 && g.nodes < 60 {
				p = g.schema(depth + 1)
			}
			s.Properties.Set(g.str(), p)
		}
	}
	if set() {
		s.PatternProperties = g.schemaMap(depth)
	}
	s.AdditionalProperties = g.sub(depth)
	s.PropertyNames = g.sub(depth + 1)
	if g.src.intn(2) == 0 {
		s.Type = []string{"object", "string", "integer", "number", "array", "boolean", "null", g.str()}[g.src.intn(8)]
	}
	if set() {
		s.Enum = g.values(0)
	}
	if set() {
		s.Const = g.value(0)
	}
	s.MultipleOf = g.number(true)
	s.Maximum = g.number(false)
	s.ExclusiveMaximum = g.number(false)
	s.Minimum = g.number(false)
	s.ExclusiveMinimum = g.number(false)
	s.MaxLength = g.count()
	s.MinLength = g.count()
	if set() {
		s.Pattern = g.str()
	}
	s.MaxItems = g.count()
	s.MinItems = g.count()
	s.UniqueItems = set()
	s.MaxContains = g.count()
	s.MinContains = g.count()
	s.MaxProperties = g.count()
	s.MinProperties = g.count()
	if set() {
		s.Required = g.strings()
	}
	if set() {
		switch g.src.intn(3) {
		case 0:
			s.DependentRequired = map[string][]string{}
		default:
			s.DependentRequired = map[string][]string{g.str(): g.strings(), g.str(): g.strings()}
		}
	}
	if set() {
		s.Format = g.str()
	}
	if set() {
		s.ContentEncoding = g.str()
	}
	if set() {
		s.ContentMediaType = g.str()
	}
	s.ContentSchema = g.sub(depth + 1)
	if set() {
		s.Title = g.str()
	}
	if g.src.intn(2) == 0 {
		s.Description = g.str()
	}
	if set() {
		s.Default = g.value(0)
	}
	s.Deprecated = set()
	s.ReadOnly = set()
	s.WriteOnly = set()
	if set() {
		s.Examples = g.values(0)
	}
	if set() {
		switch g.src.intn(3) {
		case 0:
			s.Extras = map[string]any{}
		default:
			s.Extras = map[string]any{g.str(): g.value(0), g.str(): g.value(0)}
		}
	}
	return s
}

// TestMarshalRandom compares Marshal with the reference on random schema
// trees using every field, awkward strings and values.
func TestMarshalRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	r := rand.New(rand.NewPCG(1, 2))
	errs, size := 0, 0
	for i := range n {
		g := schemaGen{src: randSource{r}}
		s := g.schema(0)
		text, err := marshalReference(s)
		if err != nil {
			errs++
		}
		size += len(text)
		sameAsReference(t, "random schema "+strconv.Itoa(i), s)
	}
	t.Logf("%d schemas, %d errors, %d bytes of text", n, errs, size)
	// Most cases must be valid schemas, or the test would only compare errors.
	if errs > n/3 {
		t.Errorf("%d of %d random schemas fail to marshal", errs, n)
	}
}

// FuzzMarshal builds a schema from the fuzz input's choices and compares
// Marshal with the reference.
func FuzzMarshal(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 1, 5, 0, 7})
	r := rand.New(rand.NewPCG(3, 4))
	for range 64 {
		b := make([]byte, r.IntN(400))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := schemaGen{src: &byteSource{b: data}}
		sameAsReference(t, "fuzz schema", g.schema(0))
	})
}

func BenchmarkMarshal(b *testing.B) {
	l, err := loadCorpus()
	if err != nil {
		b.Fatal(err)
	}
	var schemas []*jsonschema.Schema
	for _, p := range l.pkgs {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !obj.Exported() || !isStruct(obj.Type()) {
				continue
			}
			n := obj.Type().(*types.Named)
			if n.TypeParams().Len() > 0 {
				continue
			}
			for _, output := range []bool{false, true} {
				var s *jsonschema.Schema
				if output {
					s, _, _ = l.builder.Output(n, n.Obj().Pos())
				} else {
					s, _ = l.builder.Struct(n, "", n.Obj().Pos())
				}
				schemas = append(schemas, s)
			}
		}
	}
	for _, bc := range []struct {
		name string
		f    func(*jsonschema.Schema) (string, error)
	}{{"reference", marshalReference}, {"writer", Marshal}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range schemas {
					if _, err := bc.f(s); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(schemas)), "µs/schema")
		})
	}
}
