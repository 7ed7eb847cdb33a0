package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// goldenArgs are the arguments of the golden tools whose input schema does
// not say enough to make a call succeed; the others are derived from it.
var goldenArgs = map[string]string{
	"gen_plain lookup": `{"table":{"a":1},"key":"a"}`,
	"gen_real_marshalers place": `{"amount":123456789012345678901234567890,"ratio":"1/3","host":"192.0.2.1","addr":"2001:db8::1",` +
		`"version":"v1.2.3","at":"2026-12-01T10:00:00Z","price":{"cents":1234,"currency":"EUR"},"token":"customer-42"}`,
	"gen_real_marshalers lookup":     `{"code":"USD","at":"2026-01-02T03:04:05Z","amount":7}`,
	"gen_stated_keywords ship":       `{"mode":"post","to":{"city":"Lyon","zip":"69001"}}`,
	"gen_generic max_int":            `{"xs":[3,9,4]}`,
	"gen_stream download_with_meta":  `{"path":"README.md"}`,
	"gen_viewforeign catalog_lookup": `{"isbn":"isbn-emma"}`,
	"gen_signatures find_city":       `{"country":"France"}`, // a nil *City (no capital of "") is an isError result
	"gen_views get":                  `{"number":1}`,
	"gen_views fetch":                `{"number":1}`,
}

// goldenErrors are the golden tools that cannot succeed, on purpose.
var goldenErrors = map[string]bool{
	"gen_decode decode":   true, // decodes into an any parameter: mcpgen warns about it
	"gen_realcode mirror": true, // the zero arguments it is called with are the origin, which it refuses
}

// constructor matches a function New<T>() *<T> that makes a receiver.
var constructor = regexp.MustCompile(`(?m)^func New(\w+)\(\) \*(\w+) `)

// registerFunc matches the registration functions of a generated file:
// RegisterTools(s *runtime.Server) and Register<T>Tools(s *runtime.Server, recv *T),
// where T may be another package's (recv *ext.Shelf, recv *strings.Replacer),
// and RegisterSkills(s *runtime.Server) (a golden of skills alone has no tools).
var registerFunc = regexp.MustCompile(`(?m)^func (Register\w*Tools|RegisterSkills)\(\w+ \*\w+\.Server(?:, \w+ \*(?:(\w+)\.)?(\w+))?\)`)

// importLine matches an import of a generated file: its name, if any, and path.
var importLine = regexp.MustCompile(`(?m)^\t(?:(\w+) )?"([^"]+)"$`)

// TestGoldenResultsMatchOutputSchemas calls every tool of every golden
// package (../testdata/gen_*, with want/mcp_gen.go in place) with
// arguments derived from its input schema, and validates every result
// against the output schema the tool advertised, with Ajv (the validator
// the official TypeScript SDK client uses): what the server sends must
// always validate, a nil pointer result included.
func TestGoldenResultsMatchOutputSchemas(t *testing.T) {
	needNode(t)
	overlay, imports, registers, withOutput := goldenPackages(t)
	if len(overlay) == 0 {
		t.Fatal("no golden with a want/mcp_gen.go")
	}
	args, err := json.Marshal(goldenArgs)
	if err != nil {
		t.Fatal(err)
	}
	main := "package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\n\t\"github.com/mcpgen/mcpgen/e2e/goldenrun\"\n\t\"github.com/mcpgen/mcpgen/runtime\"\n" +
		imports + ")\n\nfunc main() {\n\tservers := map[string]*runtime.Server{}\n\tvar s *runtime.Server\n" +
		registers + "\tvar args map[string]string\n\tif err := json.Unmarshal([]byte(" + fmt.Sprintf("%q", args) + "), &args); err != nil {\n\t\tpanic(err)\n\t}\n" +
		"\tif err := goldenrun.Run(servers, args, os.Stdout); err != nil {\n\t\tpanic(err)\n\t}\n}\n"
	tmp := t.TempDir()
	ovFile := goldenOverlay(t, tmp, overlay, main)
	cmd := exec.Command("go", "run", "-overlay="+ovFile, "./goldenrun/main")
	cmd.Dir = e2eDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the goldens' tools: %v\n%s", err, tail(stderr.String(), 4000))
	}
	callsFile := filepath.Join(tmp, "calls.json")
	if err := os.WriteFile(callsFile, out, 0o644); err != nil {
		t.Fatal(err)
	}

	// Every tool that has an output schema must have answered with a
	// structured result: an error would not exercise the schema.
	var calls []struct {
		Package, Tool string
		OutputSchema  json.RawMessage
		Result        struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		}
	}
	if err := json.Unmarshal(out, &calls); err != nil {
		t.Fatal(err)
	}
	structured := 0
	var notRun []string
	for _, c := range calls {
		if c.OutputSchema == nil {
			continue
		}
		if c.Result.IsError && goldenErrors[c.Package+" "+c.Tool] {
			withOutput--
			continue
		}
		if c.Result.IsError {
			text := ""
			if len(c.Result.Content) > 0 {
				text = c.Result.Content[0].Text
			}
			notRun = append(notRun, c.Package+" "+c.Tool+": "+text)
			continue
		}
		structured++
	}
	sort.Strings(notRun)
	if len(notRun) > 0 {
		t.Errorf("%d tools with an output schema answered with an error, so their schema was not exercised:\n%s", len(notRun), strings.Join(notRun, "\n"))
	}
	if structured != withOutput {
		t.Errorf("%d structured results for %d tools with an output schema in the goldens", structured, withOutput)
	}

	v := exec.Command(nodeBin, filepath.Join("clients", "validate-results.mjs"), callsFile)
	v.Dir = e2eDir
	res, err := v.CombinedOutput()
	if err != nil {
		t.Fatalf("validate-results.mjs: %v\n%s", err, tail(string(res), 4000))
	}
	var summary struct {
		Validated int      `json:"validated"`
		Failures  []string `json:"failures"`
	}
	if err := json.Unmarshal(res, &summary); err != nil {
		t.Fatalf("validate-results.mjs printed %q: %v", tail(string(res), 2000), err)
	}
	for _, f := range summary.Failures {
		t.Error(f)
	}
	if summary.Validated != structured {
		t.Errorf("Ajv validated %d results, want %d", summary.Validated, structured)
	}
	t.Logf("%d results of %d golden tools with an output schema validated by Ajv", summary.Validated, withOutput)
}

// goldenPackages returns an overlay that puts the golden want/mcp_gen.go of
// every ../testdata/gen_* case in place, the import lines of those
// packages, Go statements that register each package's tools on a server
// of its own in servers[name], and the number of tools with an output
// schema.
func goldenPackages(t *testing.T) (overlay map[string]string, importLines, registerLines string, withOutput int) {
	t.Helper()
	var imports, registers strings.Builder
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := filepath.Glob(filepath.Join(root, "testdata", "gen_*"))
	if err != nil {
		t.Fatal(err)
	}
	overlay = map[string]string{}
	for i, dir := range dirs {
		want := filepath.Join(dir, "want", "mcp_gen.go")
		src, err := os.ReadFile(want)
		if err != nil {
			continue // a case that generates no file
		}
		withOutput += bytes.Count(src, []byte("OutputSchema: "))
		overlay[filepath.Join(dir, "mcp_gen.go")] = want
		name := filepath.Base(dir)
		alias := fmt.Sprintf("g%d", i)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, "github.com/mcpgen/mcpgen/testdata/"+name)
		// Every toolset served, so that every tool is listed and called.
		fmt.Fprintf(&registers, "\ts = runtime.NewServer(%q, \"1\", runtime.WithToolsets(\"all\"))\n", name)
		// A receiver comes from its package's New<T>() *<T>, else is new(T).
		ctors := map[string]bool{}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range constructor.FindAllSubmatch(b, -1) {
				if string(m[1]) == string(m[2]) {
					ctors[string(m[1])] = true
				}
			}
		}
		for j, m := range registerFunc.FindAllSubmatch(src, -1) {
			switch qual, recv := string(m[2]), string(m[3]); {
			case recv == "":
				fmt.Fprintf(&registers, "\t%s.%s(s)\n", alias, m[1])
			case qual != "":
				// A type of another package (//mcp:tools IMPORTPATH.TYPE):
				// its zero value, from the package the generated file imports.
				path := importedAs(src, qual)
				if path == "" {
					t.Fatalf("%s: no import of %s", want, qual)
				}
				recvAlias := fmt.Sprintf("%s_%d", alias, j)
				fmt.Fprintf(&imports, "\t%s %q\n", recvAlias, path)
				fmt.Fprintf(&registers, "\t%s.%s(s, new(%s.%s))\n", alias, m[1], recvAlias, recv)
			case ctors[recv]:
				fmt.Fprintf(&registers, "\t%s.%s(s, %s.New%s())\n", alias, m[1], alias, recv)
			default:
				fmt.Fprintf(&registers, "\t%s.%s(s, new(%s.%s))\n", alias, m[1], alias, recv)
			}
		}
		fmt.Fprintf(&registers, "\tservers[%q] = s\n", name)
	}
	return overlay, imports.String(), registers.String(), withOutput
}

// importedAs returns the path of the package that the generated file src
// imports under the name qual (its own name, or the name it is given).
func importedAs(src []byte, qual string) string {
	for _, m := range importLine.FindAllSubmatch(src, -1) {
		name, path := string(m[1]), string(m[2])
		if name == qual || name == "" && (path == qual || strings.HasSuffix(path, "/"+qual)) {
			return path
		}
	}
	return ""
}

// goldenOverlay writes, in tmp, the program main as ./goldenrun/main and an
// overlay file that puts it and the files of overlay in place, and returns
// the overlay file's path.
func goldenOverlay(t *testing.T, tmp string, overlay map[string]string, main string) string {
	t.Helper()
	mainFile := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(mainFile, []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay[filepath.Join(e2eDir, "goldenrun", "main", "main.go")] = mainFile
	ov, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	return ovFile
}
