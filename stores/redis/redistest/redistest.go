// Package redistest starts a real redis-server for a test: on a loopback
// port, with its files in the test's temporary folder, stopped at the
// test's end. The test is skipped when redis-server is not installed,
// unless the environment says CI=true, where it fails.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A Server is a running redis-server.
type Server struct {
	t    testing.TB
	dir  string
	Addr string // host:port
	cmd  *exec.Cmd
}

// URL is the server's URL for database db (redis://HOST:PORT/DB).
func (s *Server) URL(db int) string { return "redis://" + s.Addr + "/" + strconv.Itoa(db) }

// Start starts a redis-server that keeps nothing on disk.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("redis-server is not installed (.ci/run installs the Debian package redis-server)")
		}
		skipFor(t, "redis-server is not installed (apt-get install redis-server)")
	}
	_ = bin
	s := &Server{t: t, dir: t.TempDir()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.Addr = ln.Addr().String()
	ln.Close()
	s.start()
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	_, port, _ := net.SplitHostPort(s.Addr)
	s.cmd = exec.Command("redis-server", "--bind", "127.0.0.1", "--port", port, "--dir", s.dir,
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning")
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	s.cmd.Stderr = s.cmd.Stdout
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
		}
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", s.Addr)
		if err == nil {
			fmt.Fprint(c, "PING\r\n")
			line, _ := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if strings.HasPrefix(line, "+PONG") {
				return
			}
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("redis-server on %s did not answer within 20 s", s.Addr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop stops the server (SIGKILL: it keeps nothing anyway).
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}

// Restart starts a stopped server again, on the same port, empty.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.start()
}

// Dir is the server's folder.
func (s *Server) Dir() string { return filepath.Clean(s.dir) }

// skipFor skips t for want of a program, msg saying which and how to
// install it, and notes it in the file that $MCPGEN_SKIPPED names:
// ./test.sh prints those at its end, so that a skip is not lost in the log.
func skipFor(t testing.TB, msg string) {
	t.Helper()
	if name := os.Getenv("MCPGEN_SKIPPED"); name != "" {
		if f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\t%s\n", msg, t.Name())
			f.Close()
		}
	}
	t.Skip(msg)
}
