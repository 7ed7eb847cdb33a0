package runtime

import (
	"encoding/json"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// MCP Apps (SEP-1865, the extension io.modelcontextprotocol/ui): a tool
// names, in its _meta, the ui:// resource that holds its view, an HTML
// page the host shows in a sandboxed frame beside the tool's result; the
// resource is served with the MIME type AppMIMEType, and its own _meta.ui
// says what the page needs (CSP origins, permissions, a dedicated origin,
// a border). The runtime declares the extension when the server has such a
// tool or resource, and sends each view's _meta.ui with its contents.

// AppsExtension is the identifier of the MCP Apps extension, declared in
// the server's capabilities (extensions) when a tool's Meta has a ui
// member or a resource has the MIME type [AppMIMEType]: in server/discover
// and in the initialize result of protocol 2025-06-18 and later.
const AppsExtension = "io.modelcontextprotocol/ui"

// AppMIMEType is the MIME type of an MCP App's view: an HTML document.
// The contents of a resource of this type carry the resource's own
// _meta.ui (its CSP, permissions, domain, prefersBorder) unless the
// handler sets a Meta of their own, as the extension has hosts read it
// from the contents.
const AppMIMEType = "text/html;profile=mcp-app"

// hasMember reports whether the JSON object obj has a member key.
func hasMember(obj json.RawMessage, key string) bool {
	found := false
	jsontext.EachMember(obj, func(k, _ []byte) { found = found || string(k) == key })
	return found
}

// viewURI returns the ui.resourceUri of a tool's _meta, or "".
func viewURI(meta json.RawMessage) string {
	var m struct {
		UI struct {
			ResourceURI string `json:"resourceUri"`
		} `json:"ui"`
	}
	_ = json.Unmarshal(meta, &m) // a ui member of another shape names no view
	return m.UI.ResourceURI
}

// warnMissingViews logs, once per tool, a tool whose MCP App view no
// resource of the server serves: a host would find no page to show (the
// generated RegisterResources not called, say). Called with s.mu held.
func (s *Server) warnMissingViews(ts *catalog) {
	for _, t := range s.tools {
		if t.view == "" || ts.resourceByURI[t.view] != nil || s.warnedViews[t.Name] {
			continue
		}
		if s.warnedViews == nil {
			s.warnedViews = map[string]bool{}
		}
		s.warnedViews[t.Name] = true
		s.logger.Warn("tool names an MCP App view that no resource serves; register the resource (the generated RegisterResources) before serving",
			"tool", t.Name, "view", t.view)
	}
}

// appMeta returns the _meta that the contents of the view r carry: the
// ui member of the resource's own _meta, or nil. It is computed once, when
// r is registered (resource.viewMeta).
func (r *resource) appMeta() map[string]any {
	if r.mimeType != AppMIMEType || r.meta == nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(r.meta, &m) != nil || m["ui"] == nil {
		return nil
	}
	return map[string]any{"ui": m["ui"]}
}
