package hardening

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// serverBin is the hardserver binary and tasksBin the examples/tasks
// server, built once by TestMain.
var serverBin, tasksBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hardening")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	serverBin = filepath.Join(dir, "hardserver")
	tasksBin = filepath.Join(dir, "tasks")
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./hardserver", "../../examples/tasks")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the servers:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// guard is the deadline of every wait in these tests: a guard against a
// hang, never a performance assertion.
const guard = 60 * time.Second

// proc is a running hardserver.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *lockedBuffer
	exited chan struct{}
	err    error // of Wait, once exited is closed
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func start(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	return startBin(t, serverBin, env, args...)
}

func startBin(t *testing.T, bin string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{t: t, cmd: exec.Command(bin, args...), stderr: &lockedBuffer{}, exited: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	// An os.Pipe of our own, not StdoutPipe: Wait (which runs as soon as
	// the process exits) closes StdoutPipe's reader, possibly before the
	// test has read everything.
	out, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdout = w
	p.stdout = bufio.NewReaderSize(out, 1<<20)
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { out.Close() })
	go func() {
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.exited
		if t.Failed() {
			t.Logf("server stderr (last 4 KiB):\n%s", tail(p.stderr.String(), 4096))
		}
	})
	return p
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// wait waits for the process to exit and returns its error.
func (p *proc) wait() error {
	p.t.Helper()
	select {
	case <-p.exited:
		return p.err
	case <-time.After(guard):
		p.t.Fatal("the server did not exit")
		return nil
	}
}

// waitStderr waits until the server's stderr matches re and returns the
// first submatch.
func (p *proc) waitStderr(re *regexp.Regexp) string {
	p.t.Helper()
	deadline := time.Now().Add(guard)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(p.stderr.String()); m != nil {
			return m[len(m)-1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	p.t.Fatalf("stderr never matched %s", re)
	return ""
}

// waitStderrCount waits until substr occurs n times on the server's stderr.
func (p *proc) waitStderrCount(substr string, n int) {
	p.t.Helper()
	deadline := time.Now().Add(guard)
	for strings.Count(p.stderr.String(), substr) < n {
		if time.Now().After(deadline) {
			p.t.Fatalf("stderr has %q %d times, want %d", substr, strings.Count(p.stderr.String(), substr), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// message is any JSON-RPC message the server writes.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result *struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	} `json:"result"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	raw []byte
}

func (m *message) text() string {
	if m.Result == nil || len(m.Result.Content) == 0 {
		return ""
	}
	return m.Result.Content[0].Text
}

// send writes one line to the server's stdin.
func (p *proc) send(line string) {
	p.t.Helper()
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		p.t.Fatalf("writing to the server: %v", err)
	}
}

// next reads the next message from stdout; nil at end of stream.
func (p *proc) next() *message {
	p.t.Helper()
	type res struct {
		line []byte
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		line, err := p.stdout.ReadBytes('\n')
		ch <- res{line, err}
	}()
	var r res
	select {
	case r = <-ch:
	case <-time.After(guard):
		p.t.Fatal("no message from the server")
	}
	if r.err != nil {
		if len(r.line) > 0 || !errors.Is(r.err, io.EOF) {
			p.t.Fatalf("reading stdout: %v (partial %q)", r.err, r.line)
		}
		return nil
	}
	var m message
	if err := json.Unmarshal(r.line, &m); err != nil {
		p.t.Fatalf("the server wrote a line that is not a JSON-RPC message: %v: %q", err, r.line)
	}
	m.raw = r.line
	return &m
}

// call sends a tools/call and returns its reply, skipping notifications.
func (p *proc) call(id, name, args string) *message {
	p.t.Helper()
	p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, name, args))
	for {
		m := p.next()
		if m == nil {
			p.t.Fatalf("stdout ended before the reply to %s", id)
		}
		if m.Method == "" {
			if string(m.ID) != id {
				p.t.Fatalf("reply to %s expected, got %s", id, m.raw)
			}
			return m
		}
	}
}

// vitals is what get_vitals reports.
type vitals struct {
	Goroutines int    `json:"goroutines"`
	HeapInuse  uint64 `json:"heapInuse"`
	Sys        uint64 `json:"sys"`
	TotalAlloc uint64 `json:"totalAlloc"`
}

func parseVitals(t *testing.T, text string) vitals {
	t.Helper()
	var v vitals
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("get_vitals: %v: %q", err, text)
	}
	return v
}

// vmHWM returns the peak resident set size of a process, in bytes, from
// /proc (0 where there is none).
func vmHWM(pid int) uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	var kb uint64
	fmt.Sscan(string(m[1]), &kb)
	return kb << 10
}

// httpServer starts hardserver on Streamable HTTP and returns it with its
// endpoint URL.
func httpServer(t *testing.T, env []string, args ...string) (*proc, string) {
	t.Helper()
	p := start(t, env, append([]string{"-http", "127.0.0.1:0"}, args...)...)
	url := p.waitStderr(regexp.MustCompile(`url=(http://\S+/mcp)`))
	return p, url
}

// rpc POSTs one JSON-RPC message and returns the status and body.
func rpc(ctx context.Context, client *http.Client, url, body string, hdr ...string) (int, string, http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return 0, "", nil, err
	}
	return post(client, req, hdr...)
}

// post sends a POST of a JSON-RPC message with the headers hdr (name,
// value, ...) and returns the status and body.
func post(client *http.Client, req *http.Request, hdr ...string) (int, string, http.Header, error) {
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header, err
}

func callBody(id int, name, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, name, args)
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }
