package runtime

import (
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
)

// Header names of the Streamable HTTP transport (MCP-NOTES §6.5, §6.12).
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

// headerValue returns the decoded value of the request header key. A value
// of the form "=?base64?...?=" is base64-decoded (MCP-NOTES §6.5); any other
// value must consist of visible ASCII characters and spaces. A header that
// is absent, repeated, or badly encoded is an error.
func headerValue(h http.Header, key string) (string, error) {
	vals := h.Values(key)
	switch {
	case len(vals) == 0:
		return "", errHeaderMissing
	case len(vals) > 1:
		return "", errHeaderEncoding
	}
	v := strings.TrimSpace(vals[0])
	if inner, ok := strings.CutPrefix(v, "=?base64?"); ok {
		inner, ok = strings.CutSuffix(inner, "?=")
		if !ok {
			return "", errHeaderEncoding
		}
		b, err := base64.StdEncoding.DecodeString(inner)
		if err != nil {
			if b, err = base64.RawStdEncoding.DecodeString(inner); err != nil {
				return "", errHeaderEncoding
			}
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

// codeHeaderMismatch is the modern error for headers that are missing or do
// not match the request body (MCP-NOTES §4.4, §6.5).
const codeHeaderMismatch = -32020
