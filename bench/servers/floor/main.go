// Command floor is the yardstick of the benchmark harness: the smallest
// honest hand-written MCP server for the two tools, with encoding/json and
// nothing else. One goroutine, no argument validation, no sessions, no
// concurrency; initialize and tools/list answers are pre-encoded.
//
// Over stdio (the default) it reads newline-delimited JSON-RPC with a
// bufio.Reader and writes each answer with one flush; with -http ADDR it
// answers each POST /mcp the same way.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
)

type request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type callParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type callResult struct {
	Content           []content `json:"content"`
	StructuredContent any       `json:"structuredContent,omitempty"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type sum struct {
	Sum float64 `json:"sum"`
}

const (
	initializeResult = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"bench-floor","version":"1.0.0"}}`
	toolsListResult  = `{"tools":[` +
		`{"name":"add","description":"Add returns the sum a + b.","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"the first addend"},"b":{"type":"number","description":"the second addend"}},"required":["a","b"],"additionalProperties":false},` +
		`"outputSchema":{"type":"object","properties":{"sum":{"type":"number","description":"Sum is a + b."}},"required":["sum"],"additionalProperties":false}},` +
		`{"name":"echo","description":"Echo returns text unchanged.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"the text to echo"}},"required":["text"],"additionalProperties":false}}]}`
)

// handle answers one message; nil for a notification.
func handle(line []byte) []byte {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`)
	}
	if req.ID == nil {
		return nil
	}
	switch req.Method {
	case "initialize":
		return raw(req.ID, initializeResult)
	case "tools/list":
		return raw(req.ID, toolsListResult)
	case "ping":
		return raw(req.ID, `{}`)
	case "tools/call":
		var p callParams
		if err := json.Unmarshal(req.Params, &p); err != nil {
			return rpcError(req.ID, -32602, "invalid params")
		}
		var res callResult
		switch p.Name {
		case "add":
			var in struct {
				A float64 `json:"a"`
				B float64 `json:"b"`
			}
			if err := json.Unmarshal(p.Arguments, &in); err != nil {
				return rpcError(req.ID, -32602, "invalid arguments")
			}
			out := sum{Sum: in.A + in.B}
			text, _ := json.Marshal(out)
			res = callResult{Content: []content{{Type: "text", Text: string(text)}}, StructuredContent: out}
		case "echo":
			var in struct {
				Text string `json:"text"`
			}
			if err := json.Unmarshal(p.Arguments, &in); err != nil {
				return rpcError(req.ID, -32602, "invalid arguments")
			}
			res = callResult{Content: []content{{Type: "text", Text: in.Text}}}
		default:
			return rpcError(req.ID, -32602, "unknown tool")
		}
		b, _ := json.Marshal(response{JSONRPC: "2.0", ID: req.ID, Result: res})
		return b
	}
	return rpcError(req.ID, -32601, "method not found")
}

func raw(id json.RawMessage, result string) []byte {
	b := make([]byte, 0, len(id)+len(result)+32)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"result":`...)
	b = append(b, result...)
	return append(b, '}')
}

func rpcError(id json.RawMessage, code int, msg string) []byte {
	m, _ := json.Marshal(msg) // Go's %q is not JSON's quoting
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, id, code, m)
}

func serveStdio(r io.Reader, w io.Writer) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 1 {
			if out := handle(line); out != nil {
				bw.Write(out)
				bw.WriteByte('\n')
				if err := bw.Flush(); err != nil {
					return err
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	out := handle(body)
	if out == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(out)
}

func main() {
	addr := flag.String("http", "", "serve HTTP at http://`ADDR`/mcp instead of stdio")
	flag.Parse()
	var err error
	if *addr == "" {
		err = serveStdio(os.Stdin, os.Stdout)
	} else {
		mux := http.NewServeMux()
		mux.HandleFunc("/mcp", serveHTTP)
		err = http.ListenAndServe(*addr, mux)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}
