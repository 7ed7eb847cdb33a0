package runtime

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Header names of the Streamable HTTP transport (spec 2026-07-28
// basic/transports/streamable-http, spec 2025-11-25
// basic/transports#session-management).
const (
	headerProtocolVersion = "MCP-Protocol-Version"
	headerSessionID       = "Mcp-Session-Id"
	headerMethod          = "Mcp-Method"
	headerName            = "Mcp-Name"
)

// errHeaderMissing and errHeaderEncoding describe why headerValue failed.
var (
	errHeaderMissing  = errors.New("missing")
	errHeaderEncoding = errors.New("badly encoded")
)

// headerValue returns the decoded value of the request header key. A value of
// the form "=?base64?...?=" is base64-decoded (spec 2026-07-28
// basic/transports/streamable-http); any other value must consist of visible
// ASCII characters and spaces. A header that is absent, repeated, or badly
// encoded is an error.
func headerValue(h http.Header, key string) (string, error) {
	vals := h.Values(key)
	switch {
	case len(vals) == 0:
		return "", errHeaderMissing
	case len(vals) > 1:
		return "", errHeaderEncoding
	}
	v := strings.TrimSpace(vals[0])
	// Only a value wrapped in both "=?base64?" and "?=" is encoded; any
	// other is literal. Encoded values use the padded standard alphabet.
	if len(v) >= len("=?base64??=") && strings.HasPrefix(v, "=?base64?") && strings.HasSuffix(v, "?=") {
		b, err := base64.StdEncoding.Strict().DecodeString(v[len("=?base64?") : len(v)-len("?=")])
		if err != nil || !utf8.Valid(b) {
			return "", errHeaderEncoding
		}
		return string(b), nil
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c > 0x7e {
			return "", errHeaderEncoding
		}
	}
	return v, nil
}

// codeHeaderMismatch is the modern error for headers that are missing or do not
// match the request body (spec 2026-07-28 basic, spec 2026-07-28
// basic/transports/streamable-http).
const codeHeaderMismatch = -32020

// A paramHeader is a tool argument that a modern client mirrors into an
// Mcp-Param-{name} header because the input schema marks it with
// x-mcp-header (spec 2026-07-28 basic/transports/streamable-http).
type paramHeader struct {
	path []string // property names from the arguments object down
	name string   // the x-mcp-header value
}

// paramHeaders finds the x-mcp-header marks of an input schema, following
// only chains of "properties" keys, as the marks must be placed.
func paramHeaders(schema []byte) []paramHeader {
	var out []paramHeader
	var walk func(raw json.RawMessage, path []string)
	walk = func(raw json.RawMessage, path []string) {
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Header     *string                    `json:"x-mcp-header"`
		}
		if json.Unmarshal(raw, &s) != nil {
			return
		}
		if s.Header != nil && len(path) > 0 && *s.Header != "" {
			out = append(out, paramHeader{path: slices.Clone(path), name: *s.Header})
		}
		for name, sub := range s.Properties {
			walk(sub, append(path, name))
		}
	}
	walk(schema, nil)
	slices.SortFunc(out, func(a, b paramHeader) int { return strings.Compare(a.name, b.name) })
	return out
}

// checkParamHeaders checks the Mcp-Param headers of a modern tools/call
// against its arguments: a present argument needs its header with an equal
// value (numbers compared numerically), an absent one must have none.
func checkParamHeaders(h http.Header, params []paramHeader, args json.RawMessage) *rpcError {
	for _, p := range params {
		key := "Mcp-Param-" + p.name
		val, present := argumentAt(args, p.path)
		hv, err := headerValue(h, key)
		if errors.Is(err, errHeaderEncoding) {
			return errorf(codeHeaderMismatch, "Header mismatch: "+key+" header is badly encoded")
		}
		if !present {
			if err == nil {
				return errorf(codeHeaderMismatch, "Header mismatch: "+key+" header is sent without its argument")
			}
			continue
		}
		if err != nil {
			return errorf(codeHeaderMismatch, "Header mismatch: "+key+" header is missing")
		}
		if !headerMatches(hv, val) {
			return errorf(codeHeaderMismatch, "Header mismatch: "+key+" header does not match the argument")
		}
	}
	return nil
}

// argumentAt returns the value at path in args; null counts as absent.
func argumentAt(args json.RawMessage, path []string) (json.RawMessage, bool) {
	v := args
	for _, name := range path {
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) != nil {
			return nil, false
		}
		var ok bool
		if v, ok = obj[name]; !ok {
			return nil, false
		}
	}
	if len(v) == 0 || string(v) == "null" {
		return nil, false
	}
	return v, true
}

// headerMatches compares a header value with a JSON string, number or
// boolean.
func headerMatches(header string, val json.RawMessage) bool {
	switch val[0] {
	case '"':
		var s string
		return json.Unmarshal(val, &s) == nil && s == header
	case 't', 'f':
		return string(val) == header
	}
	a, err1 := strconv.ParseFloat(header, 64)
	b, err2 := strconv.ParseFloat(string(val), 64)
	return err1 == nil && err2 == nil && a == b
}
