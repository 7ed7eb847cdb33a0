package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	mcpparser "github.com/mcpgen/mcpgen/parser"
	"github.com/mcpgen/mcpgen/parser/schema"
	"github.com/mcpgen/mcpgen/runtime"
)

// The tests of this file hand every schema mcpgen generates for the
// goldens and examples of the repository to the real client packages, offline:
//   - TestEverySchemaListed: the TypeScript SDK v1 and v2 clients list
//     every tool (the default, portable schemas, input and output);
//   - TestProviderSchemas: the OpenAI Agents SDK converts every
//     openai-strict input schema to a strict function tool unchanged, and
//     the Google GenAI SDK sends every gemini input schema as a function
//     declaration whose parameters use only the fields of Gemini's Schema.

// A generatedTool is one tool's schemas, from a generated file.
type generatedTool struct {
	Name         string          `json:"name"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// generatedDirs returns the directories of the repository that hold a
// generated file: goldens (testdata/*/want), examples, e2e and bench servers.
func generatedDirs(t *testing.T) (files []string) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "mcp_gen.go" {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d generated files under %s", len(files), root)
	}
	return files
}

// toolsOf returns the tools of a generated file: the constants NAMEInputSchema
// with their NAMEOutputSchema.
func toolsOf(t *testing.T, file string) []generatedTool {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	var order []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				text, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				consts[name.Name] = text
				order = append(order, name.Name)
			}
		}
	}
	var tools []generatedTool
	for _, name := range order {
		base, ok := strings.CutSuffix(name, "InputSchema")
		if !ok {
			continue
		}
		tool := generatedTool{Name: base, InputSchema: json.RawMessage(consts[name])}
		if out, ok := consts[base+"OutputSchema"]; ok {
			tool.OutputSchema = json.RawMessage(out)
		}
		tools = append(tools, tool)
	}
	return tools
}

// TestEverySchemaListed serves every tool of every generated file of the
// repository from one server and has the TypeScript SDK v1 and v2 clients
// list them all: one schema they reject (a boolean schema, say) would fail
// the whole tools/list.
func TestEverySchemaListed(t *testing.T) {
	needNode(t)
	srv := runtime.NewServer("schemas", "1.0.0")
	n := 0
	for _, file := range generatedDirs(t) {
		for _, tool := range toolsOf(t, file) {
			n++
			srv.MustAddTool(runtime.Tool{
				Name:         fmt.Sprintf("t%d_%s", n, tool.Name),
				Description:  file,
				InputSchema:  string(tool.InputSchema),
				OutputSchema: string(tool.OutputSchema),
				Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
					return runtime.TextResult("ok"), nil
				},
			})
		}
	}
	if n < 100 {
		t.Fatalf("only %d tools", n)
	}
	ts := httptest.NewServer(srv.HTTPHandler())
	defer ts.Close()
	for _, sdk := range []string{"v1", "v2"} {
		t.Run(sdk, func(t *testing.T) {
			stdout, stderr, err := runNode(t, "clients/schemas.mjs", "list", "--sdk", sdk, "--url", ts.URL+"/mcp")
			var report struct {
				Listed int    `json:"listed"`
				Error  string `json:"error"`
			}
			if jerr := json.Unmarshal([]byte(lastLine(stdout)), &report); jerr != nil {
				t.Fatalf("%v; no report (%v):\n%s\n%s", err, jerr, tail(stdout, 3000), tail(stderr, 3000))
			}
			if report.Error != "" || report.Listed != n {
				t.Errorf("listed %d of %d tools; error: %s", report.Listed, n, report.Error)
			}
		})
	}
	t.Logf("%d tools listed by each client", n)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// profileTools generates, with the profile, the input schemas of the tools
// of every package of the repository that has a generated file, and returns
// those the profile can express (the others are diagnostics).
func profileTools(t *testing.T, p schema.Profile) (tools []generatedTool, problems int) {
	t.Helper()
	root, _ := filepath.Abs("..")
	var patterns []string
	for _, file := range generatedDirs(t) {
		dir := filepath.Dir(file)
		if filepath.Base(dir) == "want" {
			dir = filepath.Dir(dir)
		}
		rel, _ := filepath.Rel(root, dir)
		if strings.HasPrefix(rel, "e2e") || strings.HasPrefix(rel, "bench") {
			continue // other modules, loaded below
		}
		patterns = append(patterns, "./"+filepath.ToSlash(rel))
	}
	load := func(dir string, patterns ...string) {
		pkgs, diags, err := mcpparser.LoadWith(dir, mcpparser.Options{Profile: p}, patterns...)
		if err != nil {
			t.Fatal(err)
		}
		problems += len(mcpparser.Errors(diags))
		for _, pkg := range pkgs {
			for _, tool := range pkg.Tools {
				tools = append(tools, generatedTool{Name: tool.Name, InputSchema: json.RawMessage(tool.InputSchema)})
			}
		}
	}
	load(root, patterns...)
	load(".", "./testserver", "./inputserver")
	return tools, problems
}

// TestProviderSchemas checks the openai-strict and gemini profiles with the
// providers' own SDKs (clients/schemas.mjs says how).
func TestProviderSchemas(t *testing.T) {
	needNode(t)
	for _, c := range []struct {
		profile schema.Profile
		check   string
	}{{schema.ProfileOpenAIStrict, "openai"}, {schema.ProfileGemini, "gemini"}} {
		t.Run(string(c.profile), func(t *testing.T) {
			tools, problems := profileTools(t, c.profile)
			if len(tools) < 50 {
				t.Fatalf("only %d tools under %s", len(tools), c.profile)
			}
			file := filepath.Join(t.TempDir(), "tools.json")
			b, _ := json.Marshal(tools)
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, err := runNode(t, "clients/schemas.mjs", c.check, "--file", file)
			var report struct {
				Checked  int      `json:"checked"`
				Failures []string `json:"failures"`
			}
			if jerr := json.Unmarshal([]byte(lastLine(stdout)), &report); jerr != nil {
				t.Fatalf("%v; no report (%v):\n%s\n%s", err, jerr, tail(stdout, 3000), tail(stderr, 3000))
			}
			for _, f := range report.Failures {
				t.Error(f)
			}
			if report.Checked != len(tools) {
				t.Errorf("checked %d of %d schemas", report.Checked, len(tools))
			}
			t.Logf("%s: %d input schemas accepted; %d constructs the profile cannot express (diagnostics)", c.profile, report.Checked, problems)
		})
	}
}
