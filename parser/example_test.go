package parser_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/mcpgen/mcpgen/parser"
)

// writeModule writes a module with one package of the given source into a
// new temporary directory and returns the directory.
func writeModule(src string) string {
	dir, err := os.MkdirTemp("", "mcpgen-example-")
	if err != nil {
		log.Fatal(err)
	}
	for name, content := range map[string]string{
		"go.mod":  "module example.com/calc\n\ngo 1.24\n",
		"calc.go": src,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	return dir
}

// Load is the parser as a library: it loads packages as the go command
// would (here the package in dir) and returns the model of their tools,
// with the JSON schemas derived from the Go types and comments.
func ExampleLoad() {
	dir := writeModule(`package calc

// Divide returns the quotient a ÷ b,
// or an error when b is 0.
//
//mcp:arg a the dividend
//mcp:arg b the divisor; must not be 0
//mcp:tool readonly
func Divide(a, b float64) (float64, error) { return a / b, nil }
`)
	defer os.RemoveAll(dir)

	pkgs, diags, err := parser.Load(dir, nil, ".")
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diags {
		fmt.Println(d)
	}
	for _, pkg := range pkgs {
		for _, t := range pkg.Tools {
			fmt.Println(t.Name, "-", t.Description)
			fmt.Println("readOnlyHint:", *t.Hints.ReadOnly)
			fmt.Println(t.InputSchema)
		}
	}
	// Output:
	// divide - Divide returns the quotient a ÷ b, or an error when b is 0.
	// readOnlyHint: true
	// {
	//   "type": "object",
	//   "properties": {
	//     "a": {
	//       "type": "number",
	//       "description": "the dividend"
	//     },
	//     "b": {
	//       "type": "number",
	//       "description": "the divisor; must not be 0"
	//     }
	//   },
	//   "additionalProperties": false,
	//   "required": [
	//     "a",
	//     "b"
	//   ]
	// }
}

// Mistakes in the annotated code are diagnostics with a position, all of
// them, never the first one only; the package is then not to be generated.
func ExampleLoad_diagnostics() {
	dir := writeModule(`package calc

// Half returns n/2.
//
//mcp:tool readOnly
func Half(n float64) float64 { return n / 2 }

// Send sends on a channel.
//
//mcp:tool
func Send(c chan int) {}
`)
	defer os.RemoveAll(dir)

	_, diags, err := parser.Load(dir, nil, ".")
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range diags {
		d.Pos.Filename = filepath.Base(d.Pos.Filename)
		fmt.Println(d)
	}
	// Output:
	// calc.go:5:12: unknown option "readOnly" in //mcp:tool; did you mean readonly?
	// calc.go:11:11: parameter c: type chan int is not supported: channels have no JSON form; use a type that encoding/json can read and write
}
