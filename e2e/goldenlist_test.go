package e2e

import (
	"bytes"
	"context"
	"encoding/json"

	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGoldenToolLists serves the tools of every golden package
// (../testdata/gen_*, with want/mcp_gen.go in place) over stdio, one
// server per package, and of every example server, and lists them with the official TypeScript SDK
// client (v1, and v2 in both eras) and the official Go SDK client: each
// must accept the tools/list result (the TypeScript SDK rejects a schema
// it cannot parse, such as a boolean schema in "properties", and then no
// tool of the server can be listed) and see the same tools.
func TestGoldenToolLists(t *testing.T) {
	needNode(t)
	overlay, imports, registers, _ := goldenPackages(t)
	main := "package main\n\nimport (\n\t\"context\"\n\t\"os\"\n\t\"path/filepath\"\n\n\t\"github.com/mcpgen/mcpgen/runtime\"\n" +
		imports + ")\n\n// The server serves the golden package its command is named after.\nfunc main() {\n" +
		"\tservers := map[string]*runtime.Server{}\n\tvar s *runtime.Server\n" + registers +
		"\tif err := servers[filepath.Base(os.Args[0])].ServeStdio(context.Background()); err != nil {\n\t\tpanic(err)\n\t}\n}\n"
	tmp := t.TempDir()
	ovFile := goldenOverlay(t, tmp, overlay, main)
	bin := filepath.Join(tmp, "goldenserver")
	build := exec.Command("go", "build", "-overlay="+ovFile, "-o", bin, "./goldenrun/main")
	build.Dir = e2eDir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the golden servers: %v\n%s", err, out)
	}
	var names []string
	for _, line := range strings.Split(registers, "\n") {
		if name, ok := strings.CutPrefix(line, "\tservers[\""); ok {
			names = append(names, name[:strings.Index(name, "\"")])
		}
	}
	if len(names) == 0 {
		t.Fatal("no golden package")
	}
	for _, name := range names {
		if src, err := os.ReadFile(filepath.Join("..", "testdata", name, "want", "mcp_gen.go")); err != nil || !bytes.Contains(src, []byte("AddTool(")) {
			continue // no tool to list: a golden of skills alone
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			link := filepath.Join(tmp, name)
			if err := os.Symlink(bin, link); err != nil {
				t.Fatal(err)
			}
			checkToolLists(t, link)
		})
	}
	// The examples of the main module, served on stdio as they are.
	for _, example := range []string{"calculator", "conformance", "tasks"} {
		t.Run("examples/"+example, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(tmp, "example-"+example)
			build := exec.Command("go", "build", "-o", exe, "./examples/"+example)
			build.Dir = filepath.Dir(e2eDir)
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("building examples/%s: %v\n%s", example, err, out)
			}
			checkToolLists(t, exe)
		})
	}
}

// checkToolLists lists the tools of the stdio server bin with the Go SDK
// client and the TypeScript SDK client v1 and v2 (both eras), which must
// all accept the tools/list result and see the same tools.
func checkToolLists(t *testing.T, bin string) {
	t.Helper()
	want := goList(t, bin)
	if len(want) == 0 {
		t.Fatal("the Go SDK client lists no tools")
	}
	for _, client := range [][]string{{"--sdk", "v1"}, {"--sdk", "v2", "--era", "legacy"}, {"--sdk", "v2", "--era", "modern"}} {
		args := append([]string{filepath.Join("clients", "list-tools.mjs")}, client...)
		cmd := exec.Command(nodeBin, append(args, "--stdio", bin)...)
		cmd.Dir = e2eDir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("TypeScript SDK %v: tools/list failed: %v\n%s", client, err, tail(stderr.String(), 3000))
			continue
		}
		var got struct{ Names []string }
		if err := json.Unmarshal(out, &got); err != nil {
			t.Errorf("TypeScript SDK %v printed %q: %v", client, out, err)
			continue
		}
		slices.Sort(got.Names)
		if !reflect.DeepEqual(got.Names, want) {
			t.Errorf("TypeScript SDK %v lists %v, the Go SDK %v", client, got.Names, want)
		}
	}
}

// goList lists the tools of the server binary with the Go SDK client.
func goList(t *testing.T, bin string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go-list", Version: "1.0.0"}, nil)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatalf("Go SDK: connect: %v", err)
	}
	defer cs.Close()
	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("Go SDK: tools/list: %v", err)
		}
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}
