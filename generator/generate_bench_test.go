package generator

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/mcpgen/mcpgen/internal/cputime"
	"github.com/mcpgen/mcpgen/parser"
)

// BenchmarkMcpgen compares mcpgen on a synthetic package of N tools (load,
// model, schemas, generated file; no file I/O) with a bare packages.Load of
// the same package in the mode mcpgen needs (syntax, types, types info), the
// floor that no generator working from go/types can go below. Each iteration
// runs both, interleaved, and reports medians:
//
//	bare-ms          wall time of the bare packages.Load
//	mcpgen-ms        wall time of parser.Load + generator.Generate
//	ratio            mcpgen-ms / bare-ms (target: at most 3 for 500 tools)
//	own-cpu-µs/tool  (mcpgen's in-process CPU - the bare load's) / N: mcpgen's
//	                 own work per tool, which should stay flat from 100 to 500
//	                 tools (linear growth)
//
// Run it with
//
//	go test -run '^$' -bench Mcpgen -benchtime 5x ./generator/
//
// It asserts nothing about time.
func BenchmarkMcpgen(b *testing.B) {
	for _, n := range []int{100, 250, 500} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			dir := writeSyntheticPackage(b, n)
			mode := packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
				packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports
			bare := func() {
				pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: dir}, ".")
				if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
					b.Fatalf("packages.Load: %v %v", err, pkgs)
				}
			}
			gen := func() {
				pkgs, diags, err := parser.Load(dir, nil, ".")
				if err != nil || len(parser.Errors(diags)) > 0 || len(pkgs) != 1 {
					b.Fatalf("parser.Load: %v %v", err, diags)
				}
				if got := len(pkgs[0].Tools); got != n {
					b.Fatalf("%d tools, want %d", got, n)
				}
				if _, err := Generate(pkgs[0]); err != nil {
					b.Fatal(err)
				}
			}
			bare() // warm the build cache (export data of the dependencies)
			gen()
			var wBare, wGen, cBare, cGen []float64
			b.ResetTimer()
			for i := range b.N {
				// Alternate which goes first, so that neither always runs
				// on the cache the other warmed.
				for k := range 2 {
					f, w, c := bare, &wBare, &cBare
					if (i+k)%2 == 1 {
						f, w, c = gen, &wGen, &cGen
					}
					c0, t0 := cpuTime(), time.Now()
					f()
					*w = append(*w, float64(time.Since(t0).Microseconds())/1e3)
					*c = append(*c, float64(cpuTime()-c0)/1e6)
				}
			}
			b.StopTimer()
			b.ReportMetric(median(wBare), "bare-ms")
			b.ReportMetric(median(wGen), "mcpgen-ms")
			b.ReportMetric(median(wGen)/median(wBare), "ratio")
			// In-process CPU: go list (a child process) is the same for
			// both, so the difference is mcpgen's own work, which a loaded
			// machine's wall clock blurs.
			b.ReportMetric((median(cGen)-median(cBare))*1e3/float64(n), "own-cpu-µs/tool")
		})
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// cpuTime is the CPU time (user and system, all threads) of this process.
func cpuTime() int64 {
	d, _ := cputime.Process()
	return int64(d)
}

// BenchmarkGenerate measures the generator alone (model to gofmt'd bytes)
// on the model of a synthetic package of N tools.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{100, 500} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			dir := writeSyntheticPackage(b, n)
			pkgs, diags, err := parser.Load(dir, nil, ".")
			if err != nil || len(parser.Errors(diags)) > 0 {
				b.Fatalf("parser.Load: %v %v", err, diags)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Generate(pkgs[0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/tool")
		})
	}
}

// writeSyntheticPackage writes, in a temporary module, a package of n tools
// of the shapes real servers have: a struct parameter with tagged fields and
// an enum from constants, returning a struct with a slice of structs (two
// in three tools, half of them methods), and plain parameters returning a
// number (one in three).
func writeSyntheticPackage(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	var src strings.Builder
	src.WriteString(`package synth

import (
	"context"
	"time"
)

// Unit is a unit of temperature.
type Unit string

const (
	Celsius    Unit = "c"
	Fahrenheit Unit = "f"
	Kelvin     Unit = "k"
)

// Item is one thing found.
type Item struct {
	// ID identifies the item.
	ID    string    ` + "`json:\"id\"`" + `
	Title string    ` + "`json:\"title\"`" + `
	At    time.Time ` + "`json:\"at\"`" + `
	Score float64   ` + "`json:\"score,omitempty\" jsonschema:\"minimum=0,maximum=1\"`" + `
}

// Store holds state for the method tools.
type Store struct{}
`)
	for i := range n {
		switch {
		case i%3 == 2:
			fmt.Fprintf(&src, `
// Plain%[1]d combines two numbers (tool %[1]d).
//
//mcp:arg a the first number
//mcp:arg b the second number
//mcp:tool readonly idempotent
func Plain%[1]d(a, b float64) float64 { return a + b }
`, i)
		default:
			recv := ""
			if i%2 == 1 {
				recv = "(s *Store) "
			}
			fmt.Fprintf(&src, `
// Input%[1]d is what Find%[1]d looks for.
type Input%[1]d struct {
	// Query is the text to find.
	Query string   `+"`json:\"query\" jsonschema:\"minLength=1,maxLength=200\"`"+`
	Limit int      `+"`json:\"limit,omitempty\" jsonschema:\"minimum=1,maximum=100\"`"+`
	Tags  []string `+"`json:\"tags,omitempty\"`"+`
	Unit  Unit     `+"`json:\"unit,omitempty\"`"+`
}

// Output%[1]d is what Find%[1]d found.
type Output%[1]d struct {
	Items []Item `+"`json:\"items\"`"+`
	Total int    `+"`json:\"total\"`"+`
}

// Find%[1]d finds items (tool %[1]d).
//
//mcp:tool readonly title="Find %[1]d"
func %[2]sFind%[1]d(ctx context.Context, in Input%[1]d) (Output%[1]d, error) { return Output%[1]d{}, nil }
`, i, recv)
		}
	}
	files := map[string]string{
		"go.mod":   "module example.com/synth\n\ngo 1.26.0\n",
		"synth.go": src.String(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
