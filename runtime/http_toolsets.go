package runtime

import (
	"net/http"
	"strings"
)

// This file reads the headers by which an HTTP request narrows the tools
// it sees, within those the server serves (toolsets.go).

// The headers by which an HTTP request narrows the tools it sees.
const (
	headerToolsets = "X-MCP-Toolsets"
	headerReadOnly = "X-MCP-Readonly"
)

// parseChoice reads the toolset headers of r: nil when it has none that
// narrows, or the error message of a header that names an unknown
// toolset or is not a boolean.
func (s *Server) parseChoice(r *http.Request) (*requestChoice, string) {
	hs, hr := r.Header.Values(headerToolsets), r.Header.Get(headerReadOnly)
	if len(hs) == 0 && hr == "" {
		return nil, ""
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
