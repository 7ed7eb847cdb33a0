package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"text/template"
	"time"
)

// This file is the start-up benchmark with many tools (-many N): the same N
// generated tools, each with input and output types of its own, served by
// mcpgen's runtime, by the official Go SDK with its own reflected schemas
// (typed mcp.AddTool, as its README shows), and by the official Go SDK with
// mcpgen's tools put on it by adapters/gosdk. The tools are written into a
// temporary module, so that no generated code for them is committed.

var manyTools = flag.Int("many", 0, "also measure start-up with `N` generated tools (exec → initialize and tools/list answers): mcpgen, gosdk, gosdkadapted; 0: off")

// manyServers are the servers of the start-up benchmark with many tools.
var manyServers = []struct{ name, main string }{
	{"mcpgen", `package main

import (
	"context"
	"os"

	"benchmany/many"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	srv := runtime.NewServer("bench-many", "1.0.0")
	many.RegisterTools(srv)
	if err := srv.ServeStdio(context.Background()); err != nil {
		os.Exit(1)
	}
}
`},
	{"gosdk", `package main

import (
	"context"
	"os"

	"benchmany/many"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func typed[In, Out any](f func(context.Context, In) (Out, error)) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		out, err := f(ctx, in)
		return nil, out, err
	}
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench-many", Version: "1.0.0"}, nil)
{{range .}}	mcp.AddTool(s, &mcp.Tool{Name: "tool_{{.}}", Description: "Tool{{.}} searches collection {{.}}.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, typed(many.Tool{{.}}))
{{end}}	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}
`},
	{"gosdkadapted", `package main

import (
	"context"
	"os"

	"benchmany/many"
	"github.com/mcpgen/mcpgen/adapters/gosdk"
	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "bench-many", Version: "1.0.0"}, nil)
	rt := runtime.NewServer("bench-many", "1.0.0")
	many.RegisterTools(rt)
	gosdk.AddTools(s, rt)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}
`},
}

// manyTool is one generated tool; {{.}} is its three-digit number.
const manyTool = `
// Tool{{.}}Input is the input of tool_{{.}}.
type Tool{{.}}Input struct {
	// Query is what to look for.
	Query string ` + "`json:\"query\"`" + `
	// Limit caps the number of matches.
	Limit int ` + "`json:\"limit,omitempty\"`" + `
	// Tags keep only the matches that carry them.
	Tags []string ` + "`json:\"tags,omitempty\"`" + `
	// Exact asks for exact matches only.
	Exact bool ` + "`json:\"exact,omitempty\"`" + `
	// Window bounds the search in time.
	Window Tool{{.}}Window ` + "`json:\"window\"`" + `
}

// Tool{{.}}Window is a time window.
type Tool{{.}}Window struct {
	// From is the start, inclusive.
	From string ` + "`json:\"from\"`" + `
	// To is the end, exclusive.
	To string ` + "`json:\"to,omitempty\"`" + `
}

// Tool{{.}}Output is the result of tool_{{.}}.
type Tool{{.}}Output struct {
	// Matches are the matching entries.
	Matches []string ` + "`json:\"matches\"`" + `
	// Total counts every match, also those beyond the limit.
	Total int ` + "`json:\"total\"`" + `
	// Query repeats the query.
	Query string ` + "`json:\"query\"`" + `
}

// Tool{{.}} searches collection {{.}}.
//
//mcp:tool name=tool_{{.}} readonly
func Tool{{.}}(ctx context.Context, in Tool{{.}}Input) (Tool{{.}}Output, error) {
	return Tool{{.}}Output{Matches: in.Tags, Total: len(in.Tags), Query: in.Query}, nil
}
`

// buildMany writes the temporary module with n tools, generates their
// mcp_gen.go with mcpgen and builds the servers into dir.
func buildMany(dir string, n int) ([]server, error) {
	repo, err := filepath.Abs("..")
	if err != nil {
		return nil, err
	}
	mod := filepath.Join(dir, "many-module")
	nums := make([]string, n)
	for i := range nums {
		nums[i] = fmt.Sprintf("%03d", i+1)
	}
	var tools bytes.Buffer
	tools.WriteString("// Package many holds the generated tools of the start-up benchmark.\npackage many\n\nimport \"context\"\n")
	tt := template.Must(template.New("tool").Parse(manyTool))
	for _, num := range nums {
		if err := tt.Execute(&tools, num); err != nil {
			return nil, err
		}
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{
		"go.mod": fmt.Appendf(nil, `module benchmany

go 1.26.0

require (
	github.com/mcpgen/mcpgen v0.0.0
	github.com/mcpgen/mcpgen/adapters/gosdk v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

replace github.com/mcpgen/mcpgen => %s

replace github.com/mcpgen/mcpgen/adapters/gosdk => %s
`, repo, filepath.Join(repo, "adapters", "gosdk")),
		"go.sum":        sum,
		"many/tools.go": tools.Bytes(),
	}
	for _, s := range manyServers {
		var b bytes.Buffer
		if err := template.Must(template.New(s.name).Parse(s.main)).Execute(&b, nums); err != nil {
			return nil, err
		}
		files["cmd/"+s.name+"/main.go"] = b.Bytes()
	}
	for name, b := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
	}
	mcpgen := filepath.Join(dir, "mcpgen-command")
	steps := []*exec.Cmd{
		exec.Command("go", "build", "-o", mcpgen, "github.com/mcpgen/mcpgen/cmd/mcpgen"),
		exec.Command("go", "mod", "tidy"),
		exec.Command(mcpgen, "./many"),
	}
	steps[0].Dir = "."
	steps[1].Dir, steps[2].Dir = mod, mod
	var servers []server
	for _, s := range manyServers {
		bin := filepath.Join(dir, "many-"+s.name)
		c := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/"+s.name)
		c.Dir = mod
		steps = append(steps, c)
		servers = append(servers, server{name: s.name, bin: bin})
	}
	for _, c := range steps {
		c.Stdout, c.Stderr = os.Stderr, os.Stderr
		c.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if err := c.Run(); err != nil {
			return nil, fmt.Errorf("%s: %v", c.String(), err)
		}
	}
	return servers, nil
}

// startupMany measures exec → initialize answer → tools/list answer (all n
// tools on the first page), then exit on EOF: wall time to the list, and
// the whole process's CPU.
func startupMany(srv server, n int) (measurement, error) {
	t0 := time.Now()
	p, err := startProc(srv)
	if err != nil {
		return measurement{}, err
	}
	defer p.stop()
	if err := p.handshake(); err != nil {
		return measurement{}, err
	}
	if _, err := p.in.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}` + "\n")); err != nil {
		return measurement{}, err
	}
	_, result, err := p.recv()
	if err != nil {
		return measurement{}, err
	}
	wall := time.Since(t0)
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(result, &list); err != nil {
		return measurement{}, err
	}
	if len(list.Tools) != n || list.Tools[n-1].OutputSchema == nil {
		return measurement{}, fmt.Errorf("%s: tools/list has %d tools, want %d with output schemas", srv.name, len(list.Tools), n)
	}
	cpu, _ := p.stop()
	return measurement{calls: 1, wall: wall, cpu: cpu}, nil
}

// runMany builds the servers with n tools and measures their start-up,
// rounds × starts interleaved, and prints a table of medians.
func runMany(w io.Writer, dir string, n, rounds, starts int) error {
	servers, err := buildMany(dir, n)
	if err != nil {
		return err
	}
	res := map[string][]measurement{}
	for r := range rounds {
		for i := range servers {
			srv := servers[(i+r)%len(servers)]
			for range starts {
				m, err := startupMany(srv, n)
				if err != nil {
					return err
				}
				res[srv.name] = append(res[srv.name], m)
			}
		}
	}
	fmt.Fprintf(w, "\nStart-up with %d tools, %s/%s, %d CPUs, %s, %d rounds × %d starts (interleaved). Medians; ratio = server / gosdk.\n\n",
		n, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), rounds, starts)
	fmt.Fprintln(w, "| metric | mcpgen (runtime) | gosdk (reflected schemas) | gosdkadapted (gosdk + mcpgen tools) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	for _, row := range []struct {
		metric string
		value  func(measurement) float64
	}{
		{"wall ms, exec → tools/list answer", func(m measurement) float64 { return float64(m.wall.Nanoseconds()) / 1e6 }},
		{"CPU ms, whole process", func(m measurement) float64 { return float64(m.cpu.Nanoseconds()) / 1e6 }},
	} {
		med := map[string]float64{}
		for name, ms := range res {
			var xs []float64
			for _, m := range ms {
				xs = append(xs, row.value(m))
			}
			med[name] = median(xs)
		}
		fmt.Fprintf(w, "| %s |", row.metric)
		for _, name := range []string{"mcpgen", "gosdk", "gosdkadapted"} {
			fmt.Fprintf(w, " %s (%.2f×) |", num(med[name]), med[name]/med["gosdk"])
		}
		fmt.Fprintln(w)
	}
	return nil
}
