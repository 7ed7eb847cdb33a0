package runtime

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file holds the JSON-RPC 2.0 layer: the envelope of incoming messages
// and the byte-level encoding of outgoing ones. Replies are appended to byte
// slices by hand so that the hot path (tools/call, tools/list) needs no
// reflection beyond decoding the small envelope struct.

// JSON-RPC and MCP error codes (spec 2026-07-28 basic).
const (
	codeParseError          = -32700
	codeInvalidRequest      = -32600
	codeMethodNotFound      = -32601
	codeInvalidParams       = -32602
	codeInternalError       = -32603
	codeUnsupportedProtocol = -32022
)

// envelope is the part of a JSON-RPC message that every message shares.
// Params stays raw: each method reads it its own way. The json tags let
// encoding/json fill an envelope too; the core uses parseEnvelope.
type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// parseEnvelope checks that msg is one JSON value and reads its envelope
// without reflection. A syntax error is -32700; valid JSON that is not an
// object, or whose jsonrpc or method member is not a string, is -32600.
func parseEnvelope(msg []byte) (envelope, *rpcError) {
	var env envelope
	var jsonrpc, method []byte
	i := jsontext.SkipSpace(msg, 0)
	if i >= len(msg) || msg[i] != '{' {
		if jsontext.Valid(msg) {
			return env, errorf(codeInvalidRequest, "Invalid Request: not a JSON-RPC message")
		}
		return env, errorf(codeParseError, "Parse error: invalid JSON")
	}
	end, err := jsontext.ScanObject(msg, i, 0, func(key []byte, escaped bool, value []byte) {
		if escaped {
			// A name spelled with escapes ("\u0069d") is the same name.
			key = jsontext.AppendUnquoted(nil, key)
		}
		switch string(key) {
		case "jsonrpc":
			jsonrpc = value
		case "id":
			env.ID = value
		case "method":
			method = value
		case "params":
			env.Params = value
		case "result":
			env.Result = value
		case "error":
			env.Error = value
		}
	})
	if err != nil || jsontext.SkipSpace(msg, end) != len(msg) {
		return env, errorf(codeParseError, "Parse error: invalid JSON")
	}
	ok := true
	if method != nil {
		env.Method, ok = jsontext.Unquote(method)
	}
	if jsonrpc != nil && ok {
		env.JSONRPC, ok = jsontext.Unquote(jsonrpc)
		if !ok && method == nil && (env.Result != nil || env.Error != nil) {
			// A response, however malformed, is never answered: two peers
			// that answered each other's bad responses would never stop.
			ok = true
		}
	}
	if !ok {
		return env, errorf(codeInvalidRequest, "Invalid Request: not a JSON-RPC message")
	}
	return env, nil
}

// validID reports whether id is a JSON string or number, the only request ids
// MCP allows (spec 2026-07-28 basic; null is not allowed), in valid UTF-8.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"':
		// An id is echoed byte for byte: one with invalid UTF-8 would make
		// the reply invalid UTF-8 too.
		return utf8.Valid(id)
	case c == '-' || ('0' <= c && c <= '9'):
		return true
	}
	return false
}

// rpcError is a JSON-RPC error object. Data is raw JSON or nil.
type rpcError struct {
	code    int
	message string
	data    []byte
}

func errorf(code int, message string) *rpcError {
	return &rpcError{code: code, message: message}
}

const jsonrpcPrefix = `{"jsonrpc":"2.0"`

// appendResult appends a response carrying result (raw JSON) to b.
func appendResult(b []byte, id json.RawMessage, result []byte) []byte {
	b = appendResultStart(b, id)
	b = append(b, result...)
	return append(b, '}')
}

// appendResultStart appends a response up to its result value, which the
// caller appends, followed by the closing '}'.
func appendResultStart(b []byte, id json.RawMessage) []byte {
	b = append(b, jsonrpcPrefix+`,"id":`...)
	b = append(b, id...)
	return append(b, `,"result":`...)
}

// appendError appends an error response to b. An empty id is omitted, as
// MCP 2025-11-25 and later allow when the request id could not be read
// (spec 2026-07-28 basic).
func appendError(b []byte, id json.RawMessage, e *rpcError) []byte {
	b = append(b, jsonrpcPrefix...)
	if len(id) > 0 {
		b = append(b, `,"id":`...)
		b = append(b, id...)
	}
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, int64(e.code), 10)
	b = append(b, `,"message":`...)
	b = jsontext.AppendString(b, e.message)
	if e.data != nil {
		b = append(b, `,"data":`...)
		b = append(b, e.data...)
	}
	return append(b, `}}`...)
}

// errorReply returns an error response as a new slice.
func errorReply(id json.RawMessage, e *rpcError) []byte {
	return appendError(make([]byte, 0, 96+len(e.message)+len(e.data)), id, e)
}

// appendNotification appends a notification with the given raw params.
func appendNotification(b []byte, method string, params []byte) []byte {
	b = append(b, jsonrpcPrefix+`,"method":`...)
	b = jsontext.AppendString(b, method)
	b = append(b, `,"params":`...)
	b = append(b, params...)
	return append(b, '}')
}
