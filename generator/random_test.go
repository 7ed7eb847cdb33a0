package generator

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/model"
)

// TestGenerateRandom generates random packages of tools (names, titles,
// descriptions, hints, parameter and result types, receivers, imports
// that need names, locals that need renaming) and checks that every output
// is gofmt'd and compiles with the package.
func TestGenerateRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 300
	if testing.Short() {
		n = 40
	}
	deps := map[string]string{
		"example.com/other":   "package other\ntype ID string\ntype Item struct{ ID ID }\ntype Pair[K comparable, V any] struct{ K K; V V }\n",
		"example.com/go-yaml": "package yaml\ntype Node struct{}\n",
	}
	for i := range n {
		src, names, modify := randomPackage(rng)
		pkg, err := typeCheck(t, "example.com/r", []string{src}, deps)
		if err != nil {
			t.Fatalf("case %d: random package does not type-check: %v\n%s", i, err, src)
		}
		p := newPackage(t, pkg, names...)
		modify(p)
		final, err := Generate(p)
		if err != nil {
			t.Fatalf("case %d: Generate: %v\n%s", i, err, src)
		}
		if formatted, err := format.Source(final); err != nil || !bytes.Equal(formatted, final) {
			t.Fatalf("case %d: Generate output is not gofmt'd (err %v)", i, err)
		}
		if _, err := typeCheck(t, pkg.Path(), []string{src, string(final)}, deps); err != nil {
			t.Fatalf("case %d: generated file does not type-check: %v\n%s\n%s", i, err, src, final)
		}
	}
}

// randomPackage returns the source of a random package of tools, the
// names of its tools (for newPackage) and a function that randomizes the
// rest of the model.
func randomPackage(rng *rand.Rand) (string, []string, func(*model.Package)) {
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	typesPool := []string{
		"int", "string", "float64", "bool", "[]string", "map[string]int", "*int", "time.Time",
		"[]time.Time", "other.Item", "*other.Item", "[]*other.Item", "map[other.ID]other.Item",
		"other.Pair[string, other.Item]", "[3]byte", "any", "Local", "*Local", "Ünïcode",
		"AVeryLongTypeNameThatPushesTheColumnsFarToTheRightIndeed", "yaml.Node", "[]yaml.Node",
		"chan int", "<-chan string", "func(int) error", "map[string][]map[string]*other.Item",
		"Gen[int]", "Gen[other.Item]", "uint8", "rune", "json", "struct{}",
	}
	if rng.IntN(8) == 0 {
		typesPool = append(typesPool, "struct{ A int `json:\"a\"` }", "interface{ String() string }")
	}
	paramNames := []string{"a", "b", "query", "s", "in", "out", "err", "args", "ctx2", "Ünï", "x_y", "recv", "aVeryLongParameterNameIndeed"}
	var src strings.Builder
	src.WriteString(`package r

import (
	"context"
	"time"

	"example.com/other"
	yaml "example.com/go-yaml"
	rt "github.com/mcpgen/mcpgen/runtime"
)

var _ = time.Now
var _ other.ID
var _ yaml.Node
var _ rt.Result
var _ context.Context

type Local struct{ N int }
type Ünïcode struct{}
type AVeryLongTypeNameThatPushesTheColumnsFarToTheRightIndeed struct{}
type Gen[T any] struct{ V T }
type Store struct{}
type Clock struct{}
type json int
`)
	if rng.IntN(3) == 0 {
		// Package-level names that the generated code must not take.
		src.WriteString("func runtime() {}\nvar s, in, out int\nfunc context2() {}\n")
	}
	var names []string
	nTools := 1 + rng.IntN(7)
	for i := range nTools {
		name := fmt.Sprintf("%s%d", pick("F", "Tool", "Ä", "DoSomethingRatherLong"), i)
		recv := ""
		switch rng.IntN(4) {
		case 0:
			recv = "(st *Store) "
			names = append(names, "Store."+name)
		case 1:
			recv = "(c Clock) "
			names = append(names, "Clock."+name)
		default:
			names = append(names, name)
		}
		var params []string
		if rng.IntN(2) == 0 {
			params = append(params, "ctx context.Context")
		}
		switch rng.IntN(4) {
		case 0: // a struct parameter
			params = append(params, "in "+pick("Local", "*Local", "other.Item", "*other.Item"))
		default:
			used := map[string]bool{}
			for range rng.IntN(5) {
				pn := pick(paramNames...)
				if used[pn] {
					continue
				}
				used[pn] = true
				params = append(params, pn+" "+pick(typesPool...))
			}
			if len(params) > 0 && rng.IntN(5) == 0 && !strings.HasPrefix(params[len(params)-1], "ctx ") {
				last := params[len(params)-1]
				n, typ, _ := strings.Cut(last, " ")
				params[len(params)-1] = n + " ..." + typ
			}
		}
		results := pick("", "error", "string", "(string, error)", "Local", "(*Local, error)", "int",
			"([]other.Item, error)", "map[string]int", "*rt.Result", "(*rt.Result, error)", "rt.TextContent",
			"[]rt.Content", "(other.Pair[string, int], error)")
		body := "{ panic(0) }"
		if results == "" {
			body = "{}"
		}
		fmt.Fprintf(&src, "\nfunc %s%s(%s) %s %s\n", recv, name, strings.Join(params, ", "), results, body)
	}
	texts := []string{"", "A tool.", "Says \"hi\" and `bye`.", "line one\nline two", "tab\there", "ünïcödé ✓ 🎉",
		strings.Repeat("long ", 50), "<&>", "back\\slash", "\x01control"}
	modify := func(p *model.Package) {
		for _, t := range p.Tools {
			t.Name = pick("a", "search_notes", "notes.search-all", "x", "3d", "get", "ä_ö") + fmt.Sprint(rng.IntN(3))
			t.Title = pick(texts...)
			t.Description = pick(texts...)
			hint := func() *bool {
				switch rng.IntN(3) {
				case 0:
					return nil
				case 1:
					v := true
					return &v
				}
				v := false
				return &v
			}
			t.Hints = model.Hints{ReadOnly: hint(), Destructive: hint(), Idempotent: hint(), OpenWorld: hint()}
			schemas := []string{
				t.InputSchema, t.InputSchema, "{}", "", "\n", "{\n}\n\n",
				"{\n  \"description\": \"with `code`\"\n}", // interpreted literal
				"{\n\t\"description\": \"ünï ✓ 🎉\",\t\n  \n    \"x\": \"// not a comment\"\n}",
				strings.Repeat("{\n  \"a\": \""+strings.Repeat("long ", 30)+"\"\n}", 3),
			}
			t.InputSchema = pick(schemas...)
			if t.OutputSchema != "" || rng.IntN(4) == 0 {
				t.OutputSchema = pick(append(schemas, t.OutputSchema)...)
			}
		}
	}
	return src.String(), names, modify
}

func TestCanRaw(t *testing.T) {
	for s, want := range map[string]bool{
		"{\n  \"a\": 1\n}": true,
		"ünï ✓":            true,
		"a`b":              false,
		"a\rb":             false,
		"a\x00b":           false,
		"a\ufeffb":         false,
		"a\xffb":           false,
		"\xe2\x9c":         false, // truncated rune
		"":                 true,
	} {
		if got := canRaw(s); got != want {
			t.Errorf("canRaw(%q) = %v, want %v", s, got, want)
		}
	}
}
