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
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
)

// This file is the scale scenario (-many N): the same N tools, each with
// input and output types of its own, served by mcpgen's runtime, by the
// official Go SDK (typed mcp.AddTool, schemas inferred), by mcp-go (typed
// tools, schemas inferred) and by the official Go SDK with mcpgen's tools
// put on it by adapters/gosdk. The tools are written into a temporary
// module at run time, so that no generated code for them is committed.

var manyReuse = flag.Bool("reuse", false, "with -many and -bin: keep the servers already built in the -bin directory (no build figures for them)")

var manyTools = flag.Int("many", 0, "scale scenario with `N` generated tools (start-up, first tools/list, list bytes, RSS, CPU per list and per call, build time and size): mcpgen, gosdk, mcpgo, gosdkadapted; 0: off")

// manyPeers are the servers that mcpgen is measured against; ratios in the
// scale table are to the best of them.
var manyPeers = []string{"gosdk", "mcpgo"}

// manyServers are the servers of the scale scenario. {{.}} ranges over the
// tools' numbers.
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

	"benchmany/peers"
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
{{range .}}	mcp.AddTool(s, &mcp.Tool{Name: "tool_{{.}}", Description: "Tool{{.}} searches collection {{.}}.", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, typed(peers.Tool{{.}}))
{{end}}	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
}
`},
	{"mcpgo", `package main

import (
	"context"
	"os"

	"benchmany/peers"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func typed[In, Out any](f func(context.Context, In) (Out, error)) mcp.StructuredToolHandlerFunc[In, Out] {
	return func(ctx context.Context, _ mcp.CallToolRequest, in In) (Out, error) { return f(ctx, in) }
}

func main() {
	s := server.NewMCPServer("bench-many", "1.0.0", server.WithToolCapabilities(false), server.WithInputSchemaValidation())
{{range .}}	s.AddTool(mcp.NewTool("tool_{{.}}", mcp.WithDescription("Tool{{.}} searches collection {{.}}."), mcp.WithInputSchema[peers.Tool{{.}}Input](), mcp.WithOutputSchema[peers.Tool{{.}}Output](), mcp.WithReadOnlyHintAnnotation(true)), mcp.NewStructuredToolHandler(typed(peers.Tool{{.}})))
{{end}}	if err := server.ServeStdio(s); err != nil {
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

// A manyField is one field of a generated input type.
type manyField struct {
	Name, Type, JSON, Doc string
}

// manyFields returns the fields of tool i's input type: five to eight of
// them (strings, ints, bools, a nested struct, a slice, an optional
// pointer), the number depending on i.
func manyFields(num string, i int) []manyField {
	f := []manyField{
		{"Query", "string", "query", "Query is what to look for."},
		{"Limit", "int", "limit,omitempty", "Limit caps the number of matches; 0 means the server's default."},
		{"Tags", "[]string", "tags,omitempty", "Tags keep only the matches that carry every one of them."},
		{"Window", "Tool" + num + "Window", "window", "Window bounds the search in time."},
		{"Cursor", "*string", "cursor,omitempty", "Cursor continues a previous search where it stopped."},
	}
	extra := []manyField{
		{"Exact", "bool", "exact,omitempty", "Exact asks for exact matches only."},
		{"Offset", "int", "offset,omitempty", "Offset skips that many matches."},
		{"Verbose", "bool", "verbose,omitempty", "Verbose adds each match's context."},
	}
	return append(f, extra[:i%4]...)
}

// manyTool is one tool's definitions. Doc comments carry the descriptions
// for mcpgen; for the peers, whose schema inference reads no comments,
// the same text goes into their jsonschema tag (.Tags).
const manyTool = `
{{- define "field"}}{{if .Tags}}	{{.F.Name}} {{.F.Type}} ` + "`json:\"{{.F.JSON}}\" jsonschema:\"{{.F.Doc}}\"`" + `
{{else}}	// {{.F.Doc}}
	{{.F.Name}} {{.F.Type}} ` + "`json:\"{{.F.JSON}}\"`" + `
{{end}}{{end}}
// Tool{{.Num}}Input is the input of tool_{{.Num}}.
type Tool{{.Num}}Input struct {
{{range .Fields}}{{template "field" (field $.Tags .)}}{{end -}}
}

// Tool{{.Num}}Window is a time window.
type Tool{{.Num}}Window struct {
{{template "field" (field .Tags (mk "From" "string" "from" "From is the start, inclusive, as an RFC 3339 date."))}}
{{- template "field" (field .Tags (mk "To" "string" "to,omitempty" "To is the end, exclusive; empty means now."))}}}

// Tool{{.Num}}Output is the result of tool_{{.Num}}.
type Tool{{.Num}}Output struct {
{{template "field" (field .Tags (mk "Matches" "[]string" "matches" "Matches are the matching entries."))}}
{{- template "field" (field .Tags (mk "Total" "int" "total" "Total counts every match, also those beyond the limit."))}}
{{- template "field" (field .Tags (mk "Query" "string" "query" "Query repeats the query."))}}}

// Tool{{.Num}} searches collection {{.Num}}.
//
//mcp:tool name=tool_{{.Num}} readonly
func Tool{{.Num}}(ctx context.Context, in Tool{{.Num}}Input) (Tool{{.Num}}Output, error) {
	return Tool{{.Num}}Output{Matches: in.Tags, Total: len(in.Tags), Query: in.Query}, nil
}
`

var manyToolTemplate = template.Must(template.New("tool").Funcs(template.FuncMap{
	"field": func(tags bool, f manyField) any {
		return struct {
			Tags bool
			F    manyField
		}{tags, f}
	},
	"mk": func(name, typ, js, doc string) manyField { return manyField{name, typ, js, doc} },
}).Parse(manyTool))

// manyPackage writes the source of a package of n tools: with doc comments
// (mcpgen's) or with jsonschema tags (the peers'). nonce makes the package
// new to the build cache, so that its build time is measured.
func manyPackage(pkg string, nums []string, tags bool, nonce string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Package %s holds the generated tools of the scale benchmark (build %s).\npackage %s\n\nimport \"context\"\n", pkg, nonce, pkg)
	for i, num := range nums {
		data := struct {
			Num    string
			Tags   bool
			Fields []manyField
		}{num, tags, manyFields(num, i)}
		if err := manyToolTemplate.Execute(&b, data); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// A manyBuild is how long one server took to build, and its size.
type manyBuild struct {
	name      string
	wall, cpu time.Duration
	size      int64
}

// manyGen is what generating the tools' mcp_gen.go took.
type manyGen struct {
	wall, cpu time.Duration
	size      int64
}

// timed runs c and returns its wall time and the CPU time of it and its
// descendants.
func timed(c *exec.Cmd) (time.Duration, time.Duration, error) {
	c.Stdout, c.Stderr = os.Stderr, os.Stderr
	// -mod=mod for the temporary module's go.sum; GOWORK=off since
	// -mod=mod is refused in the repository's workspace (this module
	// builds on its own, with its replacements).
	c.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cpu0, t0 := childrenCPU(), time.Now()
	err := c.Run()
	wall := time.Since(t0)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %v", c.String(), err)
	}
	return wall, childrenCPU() - cpu0, nil
}

// buildMany writes the temporary module with n tools, generates their
// mcp_gen.go with mcpgen and builds the servers named in names into dir.
func buildMany(dir string, n int, names []string) ([]server, manyGen, []manyBuild, error) {
	var gen manyGen
	repo, err := filepath.Abs("..")
	if err != nil {
		return nil, gen, nil, err
	}
	mod := filepath.Join(dir, "many-module")
	nums := make([]string, n)
	for i := range nums {
		nums[i] = fmt.Sprintf("%04d", i+1)
	}
	nonce := strconv.FormatInt(time.Now().UnixNano(), 36)
	mine, err := manyPackage("many", nums, false, nonce)
	if err != nil {
		return nil, gen, nil, err
	}
	theirs, err := manyPackage("peers", nums, true, nonce)
	if err != nil {
		return nil, gen, nil, err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return nil, gen, nil, err
	}
	files := map[string][]byte{
		"go.mod": fmt.Appendf(nil, `module benchmany

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/mcpgen/mcpgen v0.0.0
	github.com/mcpgen/mcpgen/adapters/gosdk v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

replace github.com/mcpgen/mcpgen => %s

replace github.com/mcpgen/mcpgen/adapters/gosdk => %s
`, repo, filepath.Join(repo, "adapters", "gosdk")),
		"go.sum":         sum,
		"many/tools.go":  mine,
		"peers/tools.go": theirs,
	}
	for _, s := range manyServers {
		if !slices.Contains(names, s.name) {
			continue
		}
		// The nonce makes main new to the build cache too: a change to
		// the tools' package that leaves its export data alone would not
		// rebuild it, and the peers' main is where their generic
		// AddTool calls are instantiated.
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Build %s.\n\n", nonce)
		if err := template.Must(template.New(s.name).Parse(s.main)).Execute(&b, nums); err != nil {
			return nil, gen, nil, err
		}
		files["cmd/"+s.name+"/main.go"] = b.Bytes()
	}
	for name, b := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, gen, nil, err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, gen, nil, err
		}
	}
	mcpgen := filepath.Join(dir, "mcpgen-command")
	setup := exec.Command("go", "build", "-o", mcpgen, "github.com/mcpgen/mcpgen/cmd/mcpgen")
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = mod
	for _, c := range []*exec.Cmd{setup, tidy} {
		if _, _, err := timed(c); err != nil {
			return nil, gen, nil, err
		}
	}
	g := exec.Command(mcpgen, "./many")
	g.Dir = mod
	if gen.wall, gen.cpu, err = timed(g); err != nil {
		return nil, gen, nil, err
	}
	if fi, err := os.Stat(filepath.Join(mod, "many", "mcp_gen.go")); err == nil {
		gen.size = fi.Size()
	}
	var servers []server
	var builds []manyBuild
	for _, s := range manyServers {
		if !slices.Contains(names, s.name) {
			continue
		}
		// A new nonce makes the tools' package new to the build cache
		// for every server's build.
		pkg, src := "many", "many/tools.go"
		if !strings.Contains(s.main, "benchmany/many") {
			pkg, src = "peers", "peers/tools.go"
		}
		nonce := s.name + strconv.FormatInt(time.Now().UnixNano(), 36)
		b, err := manyPackage(pkg, nums, pkg == "peers", nonce)
		if err != nil {
			return nil, gen, nil, err
		}
		if err := os.WriteFile(filepath.Join(mod, src), b, 0o644); err != nil {
			return nil, gen, nil, err
		}
		bin := filepath.Join(dir, "many-"+s.name)
		if _, err := os.Stat(bin); err == nil && *manyReuse && *keep != "" {
			servers = append(servers, server{name: s.name, bin: bin})
			continue
		}
		c := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/"+s.name)
		c.Dir = mod
		wall, cpu, err := timed(c)
		if err != nil {
			return nil, gen, nil, err
		}
		fi, err := os.Stat(bin)
		if err != nil {
			return nil, gen, nil, err
		}
		builds = append(builds, manyBuild{s.name, wall, cpu, fi.Size()})
		servers = append(servers, server{name: s.name, bin: bin})
	}
	return servers, gen, builds, nil
}

// A manyRun holds the figures of one process of the scale scenario.
type manyRun struct {
	startWall, startCPU time.Duration // exec → initialize answer
	listWall, listCPU   time.Duration // first tools/list
	listBytes           int
	rss, peakRSS        int64 // bytes, after the first list
	cpuPerList          time.Duration
	cpuPerCall          time.Duration
}

// Requests of a process of the scale scenario after the first list.
const (
	manyLists     = 10 // tools/list, CPU per list
	manyCallTools = 10 // distinct tools called
	manyCalls     = 300
)

// manyArgs are the arguments of every call: valid for every tool.
const manyArgs = `{"query":"needle","limit":5,"tags":["a","b"],"window":{"from":"2026-01-01"},"cursor":"c1"}`

// procStatus returns VmRSS and VmHWM of process pid, in bytes.
func procStatus(pid int) (rss, hwm int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		k, v, _ := strings.Cut(line, ":")
		f := strings.Fields(v)
		if len(f) == 0 {
			continue
		}
		kb, _ := strconv.ParseInt(f[0], 10, 64)
		switch k {
		case "VmRSS":
			rss = kb << 10
		case "VmHWM":
			hwm = kb << 10
		}
	}
	return rss, hwm, nil
}

// runManyProc starts one server and measures it: exec → initialize answer,
// the first tools/list (all n tools on one page, checked), RSS, then CPU
// per later list and per call (after one warm-up call of each tool).
func runManyProc(srv server, n int) (manyRun, error) {
	var m manyRun
	t0 := time.Now()
	p, err := startProc(srv)
	if err != nil {
		return m, err
	}
	defer p.stop()
	if err := p.handshake(); err != nil {
		return m, err
	}
	m.startWall = time.Since(t0)
	pid := p.cmd.Process.Pid
	if m.startCPU, err = threadsCPU(pid); err != nil {
		return m, err
	}
	list := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}` + "\n")
	t1 := time.Now()
	if _, err := p.in.Write(list); err != nil {
		return m, err
	}
	line, err := p.out.ReadBytes('\n')
	if err != nil {
		return m, fmt.Errorf("reading tools/list: %v (stderr: %.500s)", err, p.errb.String())
	}
	m.listWall = time.Since(t1)
	cpu, err := threadsCPU(pid)
	if err != nil {
		return m, err
	}
	m.listCPU = cpu - m.startCPU
	if m.rss, m.peakRSS, err = procStatus(pid); err != nil {
		return m, err
	}
	_, result, err := parseResponse(line)
	if err != nil {
		return m, err
	}
	m.listBytes = len(result)
	if err := checkManyList(srv.name, result, n); err != nil {
		return m, err
	}

	// Later lists.
	cpu0, _ := threadsCPU(pid)
	for i := range manyLists {
		if _, err := p.in.Write(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`+"\n", 2+i)); err != nil {
			return m, err
		}
		if _, result, err = p.recv(); err != nil {
			return m, err
		}
	}
	cpu1, _ := threadsCPU(pid)
	if len(result) != m.listBytes {
		return m, fmt.Errorf("%s: a later tools/list has %d bytes, the first %d", srv.name, len(result), m.listBytes)
	}
	m.cpuPerList = (cpu1 - cpu0) / manyLists

	// Calls: one warm-up call of each tool, then manyCalls calls spread
	// over them.
	call := func(id int) error {
		tool := fmt.Sprintf("tool_%04d", 1+(id*7919)%manyCallTools*(n/manyCallTools))
		if _, err := p.in.Write(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`+"\n", id, tool, manyArgs)); err != nil {
			return err
		}
		_, result, err := p.recv()
		if err != nil {
			return err
		}
		var r struct {
			StructuredContent *struct {
				Total int
				Query string
			}
			IsError bool
		}
		if err := json.Unmarshal(result, &r); err != nil {
			return err
		}
		if r.IsError || r.StructuredContent == nil || r.StructuredContent.Total != 2 || r.StructuredContent.Query != "needle" {
			return fmt.Errorf("%s: wrong result of %s: %.300s", srv.name, tool, result)
		}
		return nil
	}
	for i := range manyCallTools {
		if err := call(100 + i); err != nil {
			return m, err
		}
	}
	cpu0, _ = threadsCPU(pid)
	for i := range manyCalls {
		if err := call(1000 + i); err != nil {
			return m, err
		}
	}
	cpu1, _ = threadsCPU(pid)
	m.cpuPerCall = (cpu1 - cpu0) / manyCalls
	return m, nil
}

// checkManyList checks that a tools/list result has the n tools, each with
// input and output schemas.
func checkManyList(name string, result []byte, n int) error {
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
		NextCursor string `json:"nextCursor"`
	}
	if err := json.Unmarshal(result, &list); err != nil {
		return err
	}
	if len(list.Tools) != n || list.NextCursor != "" {
		return fmt.Errorf("%s: tools/list has %d tools (next cursor %q), want all %d", name, len(list.Tools), list.NextCursor, n)
	}
	for _, t := range list.Tools {
		if len(t.InputSchema) < 100 || len(t.OutputSchema) < 50 {
			return fmt.Errorf("%s: tool %s lacks a schema: %s / %s", name, t.Name, t.InputSchema, t.OutputSchema)
		}
	}
	return nil
}

// runMany builds the servers with n tools and measures them, rounds
// processes each, interleaved, and prints the tables of medians.
func runMany(w io.Writer, dir string, n, rounds int) error {
	if n < manyCallTools {
		return fmt.Errorf("-many %d: want at least %d tools", n, manyCallTools)
	}
	var names []string
	for _, s := range manyServers {
		if *only == "" || s.name == "mcpgen" || slices.Contains(manyPeers, s.name) || slices.Contains(strings.Split(*only, ","), s.name) {
			names = append(names, s.name)
		}
	}
	start := time.Now()
	servers, gen, builds, err := buildMany(dir, n, names)
	if err != nil {
		return err
	}
	res := map[string][]manyRun{}
	for r := range rounds {
		for i := range servers {
			srv := servers[(i+r)%len(servers)]
			m, err := runManyProc(srv, n)
			if err != nil {
				return err
			}
			if *verbose {
				fmt.Fprintf(os.Stderr, "round %d %-12s %+v\n", r+1, srv.name, m)
			}
			res[srv.name] = append(res[srv.name], m)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	fmt.Fprintf(w, "\nScale: %d tools, %s/%s, %d CPUs, %s, %d rounds interleaved (one process per server per round), took %s. Medians; ratio = server / the best of %s (lower is better).\n\n",
		n, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), rounds, time.Since(start).Round(time.Second), strings.Join(manyPeers, ", "))
	header := func(first string) {
		fmt.Fprintf(w, "| %s |", first)
		for _, s := range servers {
			fmt.Fprintf(w, " %s |", s.name)
		}
		fmt.Fprint(w, "\n|---|")
		for range servers {
			fmt.Fprint(w, "---:|")
		}
		fmt.Fprintln(w)
	}
	row := func(metric string, value func(string) float64) {
		best := 0.0
		for _, p := range manyPeers {
			if v := value(p); v > 0 && (best == 0 || v < best) {
				best = v
			}
		}
		fmt.Fprintf(w, "| %s |", metric)
		for _, s := range servers {
			v := value(s.name)
			if best > 0 {
				fmt.Fprintf(w, " %s (%.2f×) |", num(v), v/best)
			} else {
				fmt.Fprintf(w, " %s |", num(v))
			}
		}
		fmt.Fprintln(w)
	}
	med := func(f func(manyRun) float64) func(string) float64 {
		return func(name string) float64 {
			var xs []float64
			for _, m := range res[name] {
				xs = append(xs, f(m))
			}
			if len(xs) == 0 {
				return 0
			}
			return median(xs)
		}
	}
	header("metric")
	row("start-up: exec → initialize answer, wall ms", med(func(m manyRun) float64 { return ms(m.startWall) }))
	row("start-up: CPU ms", med(func(m manyRun) float64 { return ms(m.startCPU) }))
	row("first tools/list: wall ms", med(func(m manyRun) float64 { return ms(m.listWall) }))
	row("first tools/list: CPU ms", med(func(m manyRun) float64 { return ms(m.listCPU) }))
	row("tools/list result, kB", med(func(m manyRun) float64 { return float64(m.listBytes) / 1000 }))
	row("RSS after the first list, MiB", med(func(m manyRun) float64 { return mb(m.rss) }))
	row("peak RSS after the first list, MiB", med(func(m manyRun) float64 { return mb(m.peakRSS) }))
	row("CPU per later tools/list, ms", med(func(m manyRun) float64 { return ms(m.cpuPerList) }))
	row("CPU per tools/call, µs", med(func(m manyRun) float64 { return us(m.cpuPerCall) }))

	if len(builds) < len(servers) {
		return nil // -reuse
	}
	fmt.Fprintf(w, "\nBuilding the %d-tool servers (`go build -trimpath`, dependencies in the build cache, the tools' package and main new to it; one build each, the machine's load included): wall and CPU (all processes) of the build, binary size. Each build compiles the tools' package (mcpgen's with its mcp_gen.go) and main (the peers' with their generic AddTool calls). mcpgen generated `mcp_gen.go` (%.2f MB) in %s wall, %s CPU.\n\n",
		n, mb(gen.size), gen.wall.Round(time.Millisecond), gen.cpu.Round(time.Millisecond))
	bmap := map[string]manyBuild{}
	for _, b := range builds {
		bmap[b.name] = b
	}
	header("build")
	row("wall s", func(name string) float64 { return bmap[name].wall.Seconds() })
	row("CPU s", func(name string) float64 { return bmap[name].cpu.Seconds() })
	row("binary MB", func(name string) float64 { return mb(bmap[name].size) })
	return nil
}
