package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

const httpWorkers = 8

// freeAddr returns a loopback address nobody listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// An httpClient is one worker's session with a server.
type httpClient struct {
	c       *http.Client
	url     string
	session string
}

func (h *httpClient) post(body []byte) (*http.Response, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, h.url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if h.session != "" {
		req.Header.Set("Mcp-Session-Id", h.session)
		req.Header.Set("Mcp-Protocol-Version", protocolVersion)
	}
	resp, err := h.c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

// message extracts the JSON-RPC message from a JSON or event-stream body.
func message(resp *http.Response, body []byte) ([]byte, error) {
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %s: %.300s", resp.Status, body)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return body, nil
	}
	for line := range bytes.Lines(body) {
		if data, ok := bytes.CutPrefix(line, []byte("data:")); ok {
			data = bytes.TrimSpace(data)
			if bytes.Contains(data, []byte(`"id"`)) {
				return data, nil
			}
		}
	}
	return nil, fmt.Errorf("no message in event stream: %.300s", body)
}

func (h *httpClient) initialize() error {
	resp, body, err := h.post(initializeRequest(0))
	if err != nil {
		return err
	}
	msg, err := message(resp, body)
	if err != nil {
		return err
	}
	if err := checkInitialize(0, msg); err != nil {
		return err
	}
	h.session = resp.Header.Get("Mcp-Session-Id")
	resp, body, err = h.post([]byte(initializedNotification))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("notifications/initialized: HTTP %s: %.300s", resp.Status, body)
	}
	return nil
}

func (h *httpClient) call(id int, kind callKind) error {
	resp, body, err := h.post(kind.request(nil, id))
	if err != nil {
		return err
	}
	msg, err := message(resp, body)
	if err != nil {
		return err
	}
	got, result, err := parseResponse(msg)
	if err != nil {
		return err
	}
	if got != id {
		return fmt.Errorf("answer to %d has id %d", id, got)
	}
	return kind.check(id, result)
}

// httpCalls runs calls add calls over HTTP from httpWorkers workers, each
// with a session of its own (legacy initialize), after a warm-up.
func httpCalls(srv server, calls int) (measurement, error) {
	addr, err := freeAddr()
	if err != nil {
		return measurement{}, err
	}
	p, err := startProc(srv, "-http", addr)
	if err != nil {
		return measurement{}, err
	}
	defer func() {
		p.cmd.Process.Kill()
		p.cmd.Wait()
	}()
	url := "http://" + addr + "/mcp"
	tr := &http.Transport{MaxIdleConnsPerHost: httpWorkers * 2, MaxConnsPerHost: httpWorkers * 2, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	// Wait for the listener.
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			return measurement{}, fmt.Errorf("server does not listen on %s: %v (stderr: %.500s)", addr, err, p.errb.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	clients := make([]*httpClient, httpWorkers)
	for i := range clients {
		clients[i] = &httpClient{c: hc, url: url}
		if err := clients[i].initialize(); err != nil {
			return measurement{}, fmt.Errorf("initialize: %v", err)
		}
	}
	run := func(first, n int) error {
		var wg sync.WaitGroup
		errs := make([]error, len(clients))
		for w, c := range clients {
			wg.Go(func() {
				for i := w; i < n; i += len(clients) {
					if err := c.call(first+i, addCall); err != nil {
						errs[w] = err
						return
					}
				}
			})
		}
		wg.Wait()
		return errors.Join(errs...)
	}
	if err := run(1_000_000, max(httpWorkers*8, calls/20)); err != nil {
		return measurement{}, fmt.Errorf("warm-up: %v", err)
	}
	pid := p.cmd.Process.Pid
	cpu0, err := threadsCPU(pid)
	if err != nil {
		return measurement{}, err
	}
	t0 := time.Now()
	if err := run(0, calls); err != nil {
		return measurement{}, err
	}
	wall := time.Since(t0)
	cpu1, err := threadsCPU(pid)
	if err != nil {
		return measurement{}, err
	}
	return measurement{calls: calls, wall: wall, cpu: cpu1 - cpu0}, nil
}
