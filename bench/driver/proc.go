package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"time"
)

// A proc is a server process spoken to over stdio.
type proc struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	errb strings.Builder
}

func startProc(srv server, args ...string) (*proc, error) {
	p := &proc{cmd: exec.Command(srv.bin, args...)}
	p.cmd.Stderr = &p.errb
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p.in, p.out = in, bufio.NewReaderSize(out, 256<<10)
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	return p, nil
}

// recv reads the next response, skipping notifications.
func (p *proc) recv() (int, []byte, error) {
	for {
		line, err := p.out.ReadBytes('\n')
		if err != nil {
			return 0, nil, fmt.Errorf("reading answer: %v (stderr: %.500s)", err, p.errb.String())
		}
		id, result, err := parseResponse(line)
		if errors.Is(err, errNotification) {
			continue
		}
		return id, result, err
	}
}

// handshake sends initialize and notifications/initialized.
func (p *proc) handshake() error {
	if _, err := p.in.Write(append(initializeRequest(0), '\n')); err != nil {
		return err
	}
	line, err := p.out.ReadBytes('\n')
	if err != nil {
		return fmt.Errorf("reading initialize answer: %v (stderr: %.500s)", err, p.errb.String())
	}
	if err := checkInitialize(0, line); err != nil {
		return err
	}
	_, err = p.in.Write([]byte(initializedNotification + "\n"))
	return err
}

// stop closes stdin, waits for the process and returns its total CPU time.
func (p *proc) stop() (time.Duration, error) {
	p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
	// Some servers exit with an error on EOF; only the CPU matters here.
	return processCPU(p.cmd.ProcessState), nil
}

func processCPU(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

// threadsCPU is the CPU time so far of every live thread of process pid,
// from the scheduler's nanosecond counters.
func threadsCPU(pid int) (time.Duration, error) {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat"))
		if err != nil {
			continue // the thread exited
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			continue
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, err
		}
		total += ns
	}
	return time.Duration(total), nil
}

// stdioCalls runs calls tools/call (or tools/list) requests through a server
// on stdio with up to window requests in flight, after a warm-up.
func stdioCalls(srv server, calls, window int, kind callKind) (measurement, error) {
	p, err := startProc(srv)
	if err != nil {
		return measurement{}, err
	}
	defer p.stop()
	if err := p.handshake(); err != nil {
		return measurement{}, err
	}
	warm := max(window*4, calls/20)
	if err := pump(p, 1_000_000, warm, window, kind); err != nil {
		return measurement{}, fmt.Errorf("warm-up: %v", err)
	}
	pid := p.cmd.Process.Pid
	cpu0, err := threadsCPU(pid)
	if err != nil {
		return measurement{}, err
	}
	t0 := time.Now()
	if err := pump(p, 0, calls, window, kind); err != nil {
		return measurement{}, err
	}
	wall := time.Since(t0)
	cpu1, err := threadsCPU(pid)
	if err != nil {
		return measurement{}, err
	}
	return measurement{calls: calls, wall: wall, cpu: cpu1 - cpu0}, nil
}

// pump sends n requests with ids first, first+1, ... keeping up to window
// in flight, and checks every answer.
func pump(p *proc, first, n, window int, kind callKind) error {
	sem := make(chan struct{}, window)
	werr := make(chan error, 1)
	go func() {
		var buf []byte
		for i := range n {
			sem <- struct{}{}
			buf = append(kind.request(buf[:0], first+i), '\n')
			if _, err := p.in.Write(buf); err != nil {
				werr <- err
				return
			}
		}
		werr <- nil
	}()
	seen := make(map[int]bool, n)
	for range n {
		id, result, err := p.recv()
		if err != nil {
			return err
		}
		if id < first || id >= first+n || seen[id] {
			return fmt.Errorf("unexpected id %d", id)
		}
		seen[id] = true
		if err := kind.check(id, result); err != nil {
			return err
		}
		<-sem
	}
	return <-werr
}

// startup measures exec → initialize answer, n times, one measurement
// each; CPU is the whole process's (start, initialize, exit on EOF).
func startup(srv server, n int) ([]measurement, error) {
	var ms []measurement
	for range n {
		t0 := time.Now()
		p, err := startProc(srv)
		if err != nil {
			return nil, err
		}
		if err := p.handshake(); err != nil {
			p.stop()
			return nil, err
		}
		wall := time.Since(t0)
		cpu, _ := p.stop()
		ms = append(ms, measurement{calls: 1, wall: wall, cpu: cpu})
	}
	return ms, nil
}
