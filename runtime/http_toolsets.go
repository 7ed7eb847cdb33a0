package runtime

import (
	"net/http"
	"strings"
)

// This file reads the headers by which an HTTP request narrows the tools
// it sees, within those the server serves (toolsets.go).

// The headers by which an HTTP request narrows the tools it sees.
// The keys are in canonical form, so that looking them up allocates
// nothing; messages name them as documented.
const (
	headerToolsets = "X-MCP-Toolsets"
	headerReadOnly = "X-MCP-Readonly"
	keyToolsets    = "X-Mcp-Toolsets" // http.CanonicalHeaderKey(headerToolsets)
	keyReadOnly    = "X-Mcp-Readonly"
)

// parseChoice reads the toolset headers of r: nil when it has none that
// narrows, or the error message of a header that names an unknown
// toolset or is not a boolean.
func (s *Server) parseChoice(r *http.Request) (*requestChoice, string) {
	hs, ro := r.Header[keyToolsets], r.Header[keyReadOnly]
	if len(hs) == 0 && len(ro) == 0 {
		return nil, ""
	}
	hr := ""
	if len(ro) > 0 {
		hr = ro[0]
	}
	var ch requestChoice
	switch strings.ToLower(strings.TrimSpace(hr)) {
	case "", "0", "false":
	case "1", "true":
		ch.readOnly = true
	default:
		return nil, "Bad Request: " + headerReadOnly + " " + quoteForError(hr) + ": want 1, true, 0 or false"
	}
	if names := cleanNames(strings.Split(strings.Join(hs, ","), ",")); names != nil {
		cat := s.snapshot()
		set, unknown := resolveToolsets(cat.declared, names)
		if len(unknown) > 0 {
			return nil, "Bad Request: " + unknownToolsets(headerToolsets, unknown, cat.declared)
		}
		ch.toolsets = set
	}
	if ch.toolsets == nil && !ch.readOnly {
		return nil, ""
	}
	return &ch, ""
}
