package parser

import (
	"fmt"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
)

// TestSchemasConcurrently loads a package with enough tools that their
// schemas are derived on several goroutines (run it with -race): types
// shared between tools, enums, comments in several files, other
// packages' types, and tools with schema diagnostics. The result must be
// the same as with one goroutine, in the same order.
func TestSchemasConcurrently(t *testing.T) {
	const n = 96
	files := map[string]string{
		"shared.go": `package x

import "time"

// Unit is a unit.
type Unit string

const (
	Celsius Unit = "c"
	Kelvin  Unit = "k"
)

// Level is a level.
type Level int

const (
	Low Level = iota
	High
)

// Item is one thing.
type Item struct {
	// ID identifies it.
	ID   string    ` + "`json:\"id\"`" + `
	At   time.Time ` + "`json:\"at\"`" + `
	Unit Unit      ` + "`json:\"unit\"`" + `
	Next *Item     ` + "`json:\"next,omitempty\"`" + `
}

// Loop contains itself through a required field: a warning per tool.
type Loop struct {
	// Next is the next.
	Next *Loop ` + "`json:\"next\" jsonschema:\"required\"`" + `
}
`,
	}
	for f := range 3 {
		var src strings.Builder
		src.WriteString("package x\n\nimport \"net/netip\"\n\nvar _ netip.Addr\n")
		for i := f; i < n; i += 3 {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&src, `
// In%[1]d is an input.
type In%[1]d struct {
	// Items are the items.
	Items []Item `+"`json:\"items\"`"+`
	Level Level  `+"`json:\"level\" jsonschema:\"minimum=0\"`"+`
	Addr  netip.Addr `+"`json:\"addr\"`"+`
}

// T%[1]d is tool %[1]d.
//
//mcp:tool
func T%[1]d(in In%[1]d) (Item, error) { return Item{}, nil }
`, i)
			case 1:
				fmt.Fprintf(&src, `
// T%[1]d is tool %[1]d.
//
//mcp:arg u the unit
//mcp:tool
func T%[1]d(u Unit, l *Level) map[string]Item { return nil }
`, i)
			case 2:
				// A schema diagnostic: a misspelt keyword.
				fmt.Fprintf(&src, `
type Bad%[1]d struct {
	N int `+"`json:\"n\" jsonschema:\"minimun=1\"`"+`
}

// T%[1]d is tool %[1]d.
//
//mcp:tool
func T%[1]d(in Bad%[1]d) error { return nil }
`, i)
			default:
				fmt.Fprintf(&src, `
// T%[1]d is tool %[1]d.
//
//mcp:arg items the items
//mcp:arg loop a loop
//mcp:tool
func T%[1]d(items []Item, loop Loop) []Item { return items }
`, i)
			}
		}
		files[fmt.Sprintf("tools%d.go", f)] = src.String()
	}
	dir := writeModule(t, files)

	run := func() ([]string, []string) {
		pkgs, diags := load(t, dir, ".")
		var tools []string
		for _, p := range pkgs {
			for _, tl := range p.Tools {
				tools = append(tools, tl.Name+"\n"+tl.InputSchema+"\n"+tl.OutputSchema)
			}
		}
		return tools, diags
	}
	prev := goruntime.GOMAXPROCS(4) // several workers even on one CPU
	tools, diags := run()
	goruntime.GOMAXPROCS(prev)
	if len(tools) != n*3/4 || len(diags) != n/2 {
		t.Fatalf("%d tools and %d diagnostics, want %d and %d:\n%s", len(tools), len(diags), n*3/4, n/2, strings.Join(diags, "\n"))
	}
	for _, d := range diags {
		if !strings.Contains(d, "minimun") && !strings.Contains(d, "contains itself through required fields") {
			t.Errorf("unexpected diagnostic %s", d)
		}
	}
	prev = goruntime.GOMAXPROCS(1)
	seqTools, seqDiags := run()
	goruntime.GOMAXPROCS(prev)
	if !slices.Equal(tools, seqTools) || !slices.Equal(diags, seqDiags) {
		t.Errorf("concurrent and sequential results differ")
	}
}
