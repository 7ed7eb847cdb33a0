package runtime

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// This file tests that ServeStdio keeps standard output for protocol
// messages, in a server process of its own: the test binary, run again as
// the server (TestStdoutHelperServer).

// TestStdoutHelperServer is the server process of TestServeStdioOwnsStdout
// (it does nothing in a normal run). Its tool writes to standard output in
// the three ways real code does, then answers.
func TestStdoutHelperServer(t *testing.T) {
	switch os.Getenv("MCPGEN_STDOUT_HELPER") {
	case "server":
	case "child":
		fmt.Println(`{"jsonrpc":"2.0","id":1,"result":{"forged":"by a child process"}}`)
		os.Exit(0)
	case "cat":
		io.Copy(os.Stdout, os.Stdin)
		os.Exit(0)
	default:
		t.Skip("the server process of TestServeStdioOwnsStdout")
	}
	s := NewServer("stdout", "1")
	s.MustAddTool(Tool{Name: "noisy", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		fmt.Print("partial line without newline from fmt.Print ")
		os.Stdout.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{"forged":"by os.Stdout.Write"}}` + "\n"))
		child := exec.Command(os.Args[0], "-test.run=^TestStdoutHelperServer$")
		child.Env = append(os.Environ(), "MCPGEN_STDOUT_HELPER=child")
		child.Stdout = os.Stdout // inherits file descriptor 1
		if err := child.Run(); err != nil {
			return nil, err
		}
		return TextResult("quiet"), nil
	}})
	// noise writes the bytes it is given (FuzzStdoutNoise) to standard
	// output one way: fmt.Print, os.Stdout.Write, or a child process.
	s.MustAddTool(Tool{Name: "noise", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
		var a struct {
			Data []byte
			How  int
		}
		if err := json.Unmarshal(args, &a); err != nil {
			return nil, err
		}
		switch a.How {
		case 0:
			fmt.Print(string(a.Data))
		case 1:
			os.Stdout.Write(a.Data)
		default:
			child := exec.Command(os.Args[0], "-test.run=^TestStdoutHelperServer$")
			child.Env = append(os.Environ(), "MCPGEN_STDOUT_HELPER=cat")
			child.Stdin = bytes.NewReader(a.Data)
			child.Stdout = os.Stdout
			if err := child.Run(); err != nil {
				return nil, err
			}
		}
		return TextResult("quiet"), nil
	}})
	if err := s.ServeStdio(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "ServeStdio:", err)
		os.Exit(1)
	}
	fmt.Println("after ServeStdio: stdout is the process's again")
	os.Exit(0)
}

// TestServeStdioOwnsStdout: what a tool prints with fmt.Print, writes with
// os.Stdout.Write or a child process writes to the standard output it
// inherits goes to standard error; standard output has the protocol's
// messages only, and the call's real reply.
func TestServeStdioOwnsStdout(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("file descriptors are not duplicated here")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestStdoutHelperServer$")
	cmd.Env = append(os.Environ(), "MCPGEN_STDOUT_HELPER=server")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`+modernParams(`"name":"noisy","arguments":{}`)+`}`+"\n")
	in.Close()
	var lines []string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("server: %v\nstderr:\n%s", err, stderr.String())
	}
	if len(lines) != 2 || lines[1] != "after ServeStdio: stdout is the process's again" {
		t.Fatalf("stdout has %d lines, want the reply and the line after ServeStdio:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	var reply struct {
		ID     int `json:"id"`
		Result struct {
			Content []struct{ Text string }
		}
	}
	if err := json.Unmarshal([]byte(lines[0]), &reply); err != nil || reply.ID != 1 || len(reply.Result.Content) != 1 || reply.Result.Content[0].Text != "quiet" {
		t.Errorf("stdout: %s (%v), want the tool's reply", lines[0], err)
	}
	for _, want := range []string{"partial line without newline from fmt.Print", "forged\":\"by os.Stdout.Write", "forged\":\"by a child process"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
}

// FuzzStdoutNoise: whatever bytes a tool writes to standard output (half
// lines, invalid UTF-8, NUL, JSON-RPC replies forging the next ids), by
// fmt.Print, os.Stdout.Write or a child process that inherits it, the
// client reads the call's real reply next on the server's standard output,
// and nothing else. One server process serves every input.
func FuzzStdoutNoise(f *testing.F) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		f.Skip("file descriptors are not duplicated here")
	}
	for _, seed := range []string{
		"",
		"partial line without newline",
		`{"jsonrpc":"2.0","id":1,"result":{"forged":true}}` + "\n",
		`{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"quiet"}]}}` + "\n" + `{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"x"}}`,
		"\x00\xff\xfe\r\n\n\n",
		strings.Repeat("x", 100<<10),
	} {
		for how := range uint8(3) {
			f.Add([]byte(seed), how)
		}
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestStdoutHelperServer$")
	cmd.Env = append(os.Environ(), "MCPGEN_STDOUT_HELPER=server")
	cmd.Stderr = io.Discard // where the noise goes; TestServeStdioOwnsStdout checks that
	in, err := cmd.StdinPipe()
	if err != nil {
		f.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		f.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		f.Fatal(err)
	}
	lines := make(chan []byte)
	go func() {
		br := bufio.NewReader(out)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				lines <- line
			}
			if err != nil {
				close(lines)
				return
			}
		}
	}()
	f.Cleanup(func() {
		in.Close()
		for range lines {
		}
		cmd.Wait()
	})

	id := 0
	f.Fuzz(func(t *testing.T, data []byte, how uint8) {
		id++
		args := must(json.Marshal(struct {
			Data []byte
			How  int
		}{data, int(how % 3)}))
		if _, err := fmt.Fprintf(in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}`+"\n",
			id, modernParams(`"name":"noise","arguments":`+string(args))); err != nil {
			t.Fatal(err)
		}
		// Read up to the line with this call's id, so that a failure leaves
		// the next input in step; anything before it is a leak.
		var junk [][]byte
		for {
			var line []byte
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the server's standard output ended (after %q)", junk)
				}
				line = l
			case <-time.After(time.Minute): // a guard against a hang only
				t.Fatalf("no reply in a minute (after %q)", junk)
			}
			var reply struct {
				JSONRPC string
				ID      json.RawMessage
				Result  struct {
					Content []struct{ Text string }
				}
			}
			if json.Unmarshal(line, &reply) != nil || string(reply.ID) != strconv.Itoa(id) {
				if i := bytes.Index(line, []byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,`)); i > 0 {
					t.Fatalf("stdout for call %d: %.300q, then %.300q before the reply on its line", id, junk, line[:i])
				}
				junk = append(junk, line)
				continue
			}
			if len(junk) > 0 || reply.JSONRPC != "2.0" || len(reply.Result.Content) != 1 || reply.Result.Content[0].Text != "quiet" {
				t.Fatalf("stdout for call %d: %.300q, then %.300q; want the call's reply only", id, junk, line)
			}
			return
		}
	})
}
