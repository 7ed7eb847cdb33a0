// Command driver is the side-by-side load driver of the benchmark harness.
//
// It builds the four servers in ../servers (floor, mcpgen, gosdk, mcpgo),
// then runs every scenario for every server, interleaved (the order of the
// servers rotates from one round to the next), checks every answer, and
// prints a Markdown table of medians with ratios to the floor:
//
//	cd bench && go run ./driver            # default: 7 rounds, about two minutes
//	cd bench && go run ./driver -rounds 9 -scale 2
//
// Server CPU is the CPU time (user + system, all threads) that the server
// process spent during the measured calls, read from /proc/PID/task/*/schedstat
// (nanoseconds) before and after them; for start-up it is the rusage of the
// whole process after it exited.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

var (
	rounds  = flag.Int("rounds", 7, "interleaved `rounds` per scenario")
	scale   = flag.Float64("scale", 1, "multiply the number of calls per measurement by `f`")
	only    = flag.String("only", "", "comma-separated `servers` to run (default all; floor is always run)")
	scens   = flag.String("scenarios", "", "comma-separated scenario `keys` to run (default all; none with -many runs only that): "+scenarioKeys())
	keep    = flag.String("bin", "", "build the servers into `dir` (default a temporary directory)")
	verbose = flag.Bool("v", false, "print every measurement")
)

// A server is one of the implementations under test.
type server struct {
	name string
	bin  string
}

var serverNames = []string{"floor", "mcpgen", "gosdk", "gosdkadapted", "mcpgo"}

// A measurement is the result of one run of a scenario against one server.
type measurement struct {
	calls int
	wall  time.Duration // of the measured calls
	cpu   time.Duration // of the server during the measured calls
}

type scenario struct {
	key, title string
	calls      int // per measurement, before -scale
	run        func(srv server, calls int) ([]measurement, error)
	// startup: report per-start figures (ms) rather than per call (µs).
	startup bool
	// throughput: report calls/s as well.
	throughput bool
}

var scenarios = []scenario{
	{key: "add1", title: "stdio add c=1", calls: 3000, run: func(s server, n int) ([]measurement, error) { return one(stdioCalls(s, n, 1, addCall)) }},
	{key: "add8", title: "stdio add c=8 (pipelined)", calls: 6000, run: func(s server, n int) ([]measurement, error) { return one(stdioCalls(s, n, 8, addCall)) }},
	{key: "echo", title: "stdio echo 64 KiB", calls: 400, run: func(s server, n int) ([]measurement, error) { return one(stdioCalls(s, n, 1, echoCall)) }},
	{key: "list", title: "stdio tools/list", calls: 3000, run: func(s server, n int) ([]measurement, error) { return one(stdioCalls(s, n, 1, listCall)) }},
	{key: "start", title: "start-up (exec → initialize answer)", calls: 10, run: startup, startup: true},
	{key: "http", title: "HTTP add c=8", calls: 4000, run: func(s server, n int) ([]measurement, error) { return one(httpCalls(s, n)) }, throughput: true},
}

func scenarioKeys() string {
	var k []string
	for _, s := range scenarios {
		k = append(k, s.key)
	}
	return strings.Join(k, ",")
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("driver: ")
	flag.Parse()

	dir := *keep
	if dir == "" {
		d, err := os.MkdirTemp("", "mcpgen-bench-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	if *manyTools > 0 {
		// Before the other scenarios, which a run with -scenarios none skips.
		if err := runMany(os.Stdout, dir, *manyTools, *rounds); err != nil {
			log.Fatal(err)
		}
		if *scens == "none" {
			return
		}
	}
	servers, err := build(dir)
	if err != nil {
		log.Fatal(err)
	}
	var run []scenario
	for _, sc := range scenarios {
		if *scens == "" || slices.Contains(strings.Split(*scens, ","), sc.key) {
			run = append(run, sc)
		}
	}

	results := map[string]map[string][]measurement{} // scenario key -> server -> runs
	start := time.Now()
	for r := range *rounds {
		for _, sc := range run {
			if results[sc.key] == nil {
				results[sc.key] = map[string][]measurement{}
			}
			n := max(1, int(float64(sc.calls)**scale))
			for i := range servers {
				srv := servers[(i+r)%len(servers)] // A B C D, B C D A, ...
				ms, err := sc.run(srv, n)
				if err != nil {
					log.Fatalf("%s, %s: %v", sc.title, srv.name, err)
				}
				for _, m := range ms {
					if *verbose {
						log.Printf("round %d %-36s %-7s wall %8.1fµs cpu %8.1fµs per call", r+1, sc.title, srv.name,
							perCall(m.wall, m.calls), perCall(m.cpu, m.calls))
					}
					results[sc.key][srv.name] = append(results[sc.key][srv.name], m)
				}
			}
		}
		log.Printf("round %d of %d done (%s)", r+1, *rounds, time.Since(start).Round(time.Second))
	}
	printTable(os.Stdout, run, servers, results, time.Since(start))
}

// build compiles the servers into one directory.
func build(dir string) ([]server, error) {
	var servers []server
	for _, name := range serverNames {
		if *only != "" && name != "floor" && !slices.Contains(strings.Split(*only, ","), name) {
			continue
		}
		bin := filepath.Join(dir, name)
		cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./servers/"+name)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("building %s: %v (run the driver from the bench directory)", name, err)
		}
		servers = append(servers, server{name: name, bin: bin})
	}
	return servers, nil
}

func one(m measurement, err error) ([]measurement, error) { return []measurement{m}, err }

func perCall(d time.Duration, n int) float64 { return float64(d.Nanoseconds()) / 1e3 / float64(n) }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func printTable(w io.Writer, run []scenario, servers []server, results map[string]map[string][]measurement, took time.Duration) {
	fmt.Fprintf(w, "\n%s, %s/%s, %d CPUs, %s, %d rounds (interleaved), scale %g, took %s\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(),
		runtime.Version(), *rounds, *scale, took.Round(time.Second))
	fmt.Fprintln(w, "Medians. CPU = server CPU time (user+system, all threads); ratio = server / floor (lower is better; for HTTP throughput higher is better).")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| scenario | metric |")
	for _, s := range servers {
		fmt.Fprintf(w, " %s |", s.name)
	}
	fmt.Fprint(w, "\n|---|---|")
	for range servers {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w)
	for _, sc := range run {
		type row struct {
			metric string
			value  func(m measurement) float64
			unit   string
			higher bool
		}
		var rows []row
		switch {
		case sc.startup:
			rows = []row{
				{"wall ms/start", func(m measurement) float64 { return float64(m.wall.Nanoseconds()) / 1e6 / float64(m.calls) }, "ms", false},
				{"CPU ms/start", func(m measurement) float64 { return float64(m.cpu.Nanoseconds()) / 1e6 / float64(m.calls) }, "ms", false},
			}
		default:
			rows = []row{
				{"CPU µs/call", func(m measurement) float64 { return perCall(m.cpu, m.calls) }, "µs", false},
				{"wall µs/call", func(m measurement) float64 { return perCall(m.wall, m.calls) }, "µs", false},
			}
			if sc.throughput {
				rows = append(rows, row{"calls/s", func(m measurement) float64 { return float64(m.calls) / m.wall.Seconds() }, "", true})
			}
		}
		for _, rw := range rows {
			fmt.Fprintf(w, "| %s | %s |", sc.title, rw.metric)
			var floor float64
			for _, s := range servers {
				var xs []float64
				for _, m := range results[sc.key][s.name] {
					xs = append(xs, rw.value(m))
				}
				v := median(xs)
				if s.name == "floor" {
					floor = v
					fmt.Fprintf(w, " %s |", num(v))
					continue
				}
				fmt.Fprintf(w, " %s (%.2f×) |", num(v), v/floor)
			}
			fmt.Fprintln(w)
		}
	}
}

func num(v float64) string {
	switch {
	case v >= 1000:
		return fmt.Sprintf("%.0f", v)
	case v >= 100:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// ---- requests and checks

const protocolVersion = "2025-06-18"

func initializeRequest(id int) []byte {
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"mcpgen-bench","version":"1.0.0"}}}`, id, protocolVersion)
}

const initializedNotification = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

// A call kind writes request i and checks its result.
type callKind struct {
	request func(b []byte, id int) []byte
	check   func(id int, result json.RawMessage) error
}

var addCall = callKind{
	request: func(b []byte, id int) []byte {
		return fmt.Appendf(b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"add","arguments":{"a":%d,"b":0.25}}}`, id, id)
	},
	check: func(id int, result json.RawMessage) error {
		want := float64(id) + 0.25
		var r struct {
			Content []struct {
				Type, Text string
			}
			StructuredContent *struct{ Sum *float64 }
			IsError           bool
		}
		if err := json.Unmarshal(result, &r); err != nil {
			return err
		}
		if r.IsError || len(r.Content) != 1 || r.Content[0].Type != "text" || r.StructuredContent == nil || r.StructuredContent.Sum == nil || *r.StructuredContent.Sum != want {
			return fmt.Errorf("wrong result for add(%d, 0.25): %s", id, result)
		}
		var text struct{ Sum *float64 }
		if err := json.Unmarshal([]byte(r.Content[0].Text), &text); err != nil || text.Sum == nil || *text.Sum != want {
			return fmt.Errorf("wrong text for add(%d, 0.25): %s", id, result)
		}
		return nil
	},
}

// echoText is 64 KiB of text with some non-ASCII letters.
var echoText = func() string {
	const unit = "lorem ipsum dolor sit amet, é ü ñ — "
	s := strings.Repeat(unit, 64<<10/len(unit)+1)
	for len(s) > 64<<10 || !validUTF8End(s) {
		s = s[:len(s)-1]
	}
	return s
}()

func validUTF8End(s string) bool { return s != "" && s[len(s)-1] < 0x80 }

var echoRequestTail = func() []byte {
	b, _ := json.Marshal(echoText)
	return fmt.Appendf(nil, `,"method":"tools/call","params":{"name":"echo","arguments":{"text":%s}}}`, b)
}()

var echoCall = callKind{
	request: func(b []byte, id int) []byte {
		b = fmt.Appendf(b, `{"jsonrpc":"2.0","id":%d`, id)
		return append(b, echoRequestTail...)
	},
	check: func(id int, result json.RawMessage) error {
		var r struct {
			Content []struct {
				Type, Text string
			}
			IsError bool
		}
		if err := json.Unmarshal(result, &r); err != nil {
			return err
		}
		if r.IsError || len(r.Content) != 1 || r.Content[0].Type != "text" || r.Content[0].Text != echoText {
			return fmt.Errorf("wrong echo result (%d bytes)", len(result))
		}
		return nil
	},
}

var listCall = callKind{
	request: func(b []byte, id int) []byte {
		return fmt.Appendf(b, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, id)
	},
	check: func(id int, result json.RawMessage) error {
		var r struct {
			Tools []struct {
				Name         string
				InputSchema  map[string]any
				OutputSchema map[string]any
			}
			NextCursor string
		}
		if err := json.Unmarshal(result, &r); err != nil {
			return err
		}
		if len(r.Tools) != 2 || r.NextCursor != "" {
			return fmt.Errorf("want 2 tools and no cursor: %s", result)
		}
		slices.SortFunc(r.Tools, func(a, b struct {
			Name         string
			InputSchema  map[string]any
			OutputSchema map[string]any
		}) int {
			return strings.Compare(a.Name, b.Name)
		})
		add, echo := r.Tools[0], r.Tools[1]
		if add.Name != "add" || echo.Name != "echo" || add.InputSchema["type"] != "object" || echo.InputSchema["type"] != "object" || add.OutputSchema["type"] != "object" {
			return fmt.Errorf("wrong tools: %s", result)
		}
		props, _ := add.InputSchema["properties"].(map[string]any)
		if props["a"] == nil || props["b"] == nil {
			return fmt.Errorf("add has no a and b: %s", result)
		}
		return nil
	},
}

// response is one JSON-RPC response as the driver reads it.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      *int            `json:"id"`
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

func checkInitialize(id int, msg []byte) error {
	var r response
	if err := json.Unmarshal(msg, &r); err != nil {
		return fmt.Errorf("initialize answer: %v: %.200s", err, msg)
	}
	if r.ID == nil || *r.ID != id || r.Result == nil {
		return fmt.Errorf("bad initialize answer: %.300s", msg)
	}
	var res struct {
		ProtocolVersion string
		Capabilities    struct{ Tools *struct{} }
	}
	if err := json.Unmarshal(r.Result, &res); err != nil || res.ProtocolVersion != protocolVersion || res.Capabilities.Tools == nil {
		return fmt.Errorf("bad initialize result: %.300s", msg)
	}
	return nil
}

var errNotification = fmt.Errorf("notification")

// parseResponse reads a response and returns its id and result.
func parseResponse(msg []byte) (int, json.RawMessage, error) {
	var r response
	if err := json.Unmarshal(msg, &r); err != nil {
		return 0, nil, fmt.Errorf("%v: %.200s", err, msg)
	}
	if r.ID == nil && r.Method != "" {
		return 0, nil, errNotification
	}
	if r.JSONRPC != "2.0" || r.ID == nil || r.Result == nil || r.Error != nil {
		return 0, nil, fmt.Errorf("bad response: %.300s", msg)
	}
	return *r.ID, r.Result, nil
}
