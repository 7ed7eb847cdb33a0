// Package trial serves the tools mcpgen generated, in packages of this
// module of its own, for API client libraries as the go command downloads
// them (nothing added to any), calls them with the Go MCP SDK over streamable HTTP against a
// fake API on loopback, and compares every result with a direct Go call of
// the same method on the same client.
package trial

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serve starts srv on loopback and connects a Go SDK client to it.
func serve(t *testing.T, srv *runtime.Server) (*mcp.ClientSession, string) {
	t.Helper()
	ts := httptest.NewServer(srv.HTTPHandler())
	t.Cleanup(ts.Close)
	c := mcp.NewClient(&mcp.Implementation{Name: "trial", Version: "1.0.0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, ts.URL
}

// rawList returns the bytes of the JSON-RPC response to tools/list as the
// server sends it, and the largest tool in it.
func rawList(t *testing.T, url string) (int, string, int) {
	t.Helper()
	post := func(session string, body string) (*http.Response, []byte) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			var data []byte
			sc := bufio.NewScanner(bytes.NewReader(b))
			sc.Buffer(nil, 64<<20)
			for sc.Scan() {
				if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					data = append(data, d...)
				}
			}
			b = data
		}
		return resp, b
	}
	resp, _ := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	session := resp.Header.Get("Mcp-Session-Id")
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	_, body := post(session, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	var list struct {
		Result struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("tools/list: %v: %.300s", err, body)
	}
	if list.Result.NextCursor != "" {
		t.Logf("tools/list is paged: counting the first page only")
	}
	largest, name := 0, ""
	for _, tl := range list.Result.Tools {
		if len(tl) > largest {
			var n struct{ Name string }
			_ = json.Unmarshal(tl, &n)
			largest, name = len(tl), n.Name
		}
	}
	return len(body), name, largest
}

// A call is one tool call and the direct Go call it must equal.
type call struct {
	tool   string
	args   string
	direct func() (result any, extra map[string]any, err error)
	check  func(t *testing.T) // what the fake API must have seen, if anything
}

// noResult is the direct value of a method whose only results are the
// response record and the error.
type noResult struct{}

// normal is v through encoding/json, as a client decodes it.
func normal(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// compare makes each call through cs and directly, and reports whether
// they agree: the structured result's "result" member equals the direct
// value (shown through views, the //mcp:view lines of the package, if
// any), each extra member equals its direct value, and an error of the
// direct call is a tool error that says it. It returns how many agree and
// the bytes of the results' text blocks, what a model reads of them.
func compare(t *testing.T, cs *mcp.ClientSession, calls []call, views map[string][]string) (equal, texts int) {
	t.Helper()
	for _, c := range calls {
		var args map[string]any
		if err := json.Unmarshal([]byte(c.args), &args); err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: args})
		if err != nil {
			t.Errorf("%s: %v", c.tool, err)
			continue
		}
		if c.check != nil {
			c.check(t)
		}
		want, extra, werr := c.direct()
		text := ""
		for _, ct := range res.Content {
			if tc, ok := ct.(*mcp.TextContent); ok {
				text += tc.Text
			}
		}
		texts += len(text)
		if werr != nil {
			if !res.IsError || !strings.Contains(text, strings.SplitN(werr.Error(), ":", 2)[0]) {
				t.Errorf("%s: direct call failed with %q, the tool answered isError=%v %q", c.tool, werr, res.IsError, text)
				continue
			}
			t.Logf("%s: equal: error %q", c.tool, text)
			equal++
			continue
		}
		if res.IsError {
			t.Errorf("%s %s: tool error %s", c.tool, c.args, text)
			continue
		}
		got, _ := res.StructuredContent.(map[string]any)
		ok := true
		// A result that is an object of its own (a map) is the
		// structured content; any other is its member "result".
		var g any = got
		if r, wrapped := got["result"]; wrapped {
			g = r
		}
		if _, skip := want.(noResult); skip {
			// The method returns only what extra holds.
		} else if w := shown(t, want, views); !reflect.DeepEqual(g, w) {
			ok = false
			gb, _ := json.Marshal(g)
			wb, _ := json.Marshal(w)
			t.Errorf("%s: result differs from the direct call:\n got %.600s\nwant %.600s", c.tool, gb, wb)
		}
		for k, v := range extra {
			if g, w := got[k], shown(t, v, views); !reflect.DeepEqual(g, w) {
				ok = false
				t.Errorf("%s: %s = %v, direct %v", c.tool, k, g, w)
			}
		}
		if ok {
			b, _ := json.Marshal(got)
			t.Logf("%s: equal (%d bytes of structured content)", c.tool, len(b))
			equal++
		}
	}
	return equal, texts
}

// readViews reads the //mcp:view lines of file: per type name (github.X),
// the JSON member patterns as written; nil when it has none.
func readViews(t *testing.T, file string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var views map[string][]string
	for _, m := range regexp.MustCompile(`(?m)^//mcp:view (\S+) (.*)$`).FindAllStringSubmatch(string(b), -1) {
		if views == nil {
			views = map[string][]string{}
		}
		views[m[1]] = strings.Fields(m[2])
	}
	return views
}

// shown is x as a client decodes it, through the views: each struct value
// of a viewed type (named package.Type) keeps only the members its line
// names (a name, or a pattern of path.Match; -NAME drops), wherever it is.
func shown(t *testing.T, x any, views map[string][]string) any {
	t.Helper()
	j := normal(t, x)
	if views == nil {
		return j
	}
	return filter(reflect.ValueOf(x), j, views)
}

var marshaler = reflect.TypeFor[json.Marshaler]()

// filter is j, the JSON form of v, with the members that views leave out
// of v's struct values dropped.
func filter(v reflect.Value, j any, views map[string][]string) any {
	if j == nil || !v.IsValid() {
		return j
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return j
		}
		if v.Kind() == reflect.Pointer && v.Type().Implements(marshaler) {
			return j
		}
		v = v.Elem()
	}
	if v.Type().Implements(marshaler) || reflect.PointerTo(v.Type()).Implements(marshaler) {
		return j
	}
	switch v.Kind() {
	case reflect.Struct:
		obj, ok := j.(map[string]any)
		if !ok {
			return j
		}
		fields := jsonFields(v)
		keep := map[string]bool{}
		pats, viewed := views[path.Base(v.Type().PkgPath())+"."+v.Type().Name()]
		for name := range fields {
			keep[name] = !viewed
		}
		if viewed {
			anyKept := false
			for _, p := range pats {
				if _, ok := fields[p]; ok || !strings.HasPrefix(p, "-") {
					anyKept = true
				}
			}
			for name := range fields {
				keep[name] = !anyKept
				for _, p := range pats {
					if _, exact := fields[p]; exact || !strings.HasPrefix(p, "-") {
						if ok, _ := path.Match(p, name); ok {
							keep[name] = true
						}
					}
				}
				for _, p := range pats {
					if _, exact := fields[p]; !exact && strings.HasPrefix(p, "-") {
						if ok, _ := path.Match(p[1:], name); ok {
							keep[name] = false
						}
					}
				}
			}
		}
		out := map[string]any{}
		for name, val := range obj {
			if keep[name] {
				out[name] = filter(fields[name], val, views)
			}
		}
		return out
	case reflect.Slice, reflect.Array:
		arr, ok := j.([]any)
		if !ok {
			return j
		}
		out := make([]any, len(arr))
		for i := range arr {
			out[i] = filter(v.Index(i), arr[i], views)
		}
		return out
	case reflect.Map:
		obj, ok := j.(map[string]any)
		if !ok {
			return j
		}
		out := map[string]any{}
		for k, val := range obj {
			out[k] = filter(v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())), val, views)
		}
		return out
	}
	return j
}

// jsonFields returns the fields of the struct value v by JSON member name
// (embedded structs without a tag flattened).
func jsonFields(v reflect.Value) map[string]reflect.Value {
	out := map[string]reflect.Value{}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-" || !f.IsExported() && !f.Anonymous:
		case f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct:
			for k, x := range jsonFields(v.Field(i)) {
				if _, ok := out[k]; !ok {
					out[k] = x
				}
			}
		case tag != "":
			out[tag] = v.Field(i)
		default:
			out[f.Name] = v.Field(i)
		}
	}
	return out
}

// report appends a line to the trial's report file, if one is named.
func report(format string, args ...any) {
	if f := os.Getenv("TRIAL_REPORT"); f != "" {
		fh, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(fh, format+"\n", args...)
			fh.Close()
		}
	}
}
