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
	"strings"
	"testing"
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
