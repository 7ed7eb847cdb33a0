package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/mcpgen/mcpgen/internal/jsontext"
	"github.com/mcpgen/mcpgen/internal/uritemplate"
)

// A Resource describes one resource with a fixed URI (spec 2026-07-28
// server/resources).
type Resource struct {
	// URI identifies the resource; it must be unique among the resources
	// of a Server.
	URI string
	// Name is the resource's name (required by the protocol; a client may
	// show it).
	Name string
	// Title is a human-readable display name (protocol 2025-06-18 and later).
	Title string
	// Description tells the user or model what the resource holds.
	Description string
	// MIMEType is the type of the resource's contents, if known.
	MIMEType string
	// Handler reads the resource. It must not be nil.
	Handler ResourceHandler
	// Scopes are the OAuth scopes a caller's token must all grant to see
	// and read the resource, as for [Tool].Scopes.
	Scopes []string
	// Icons and Meta are as for [Tool]: images a client may show for the
	// resource (2025-11-25 and later), and the JSON text of its _meta
	// object (2025-06-18 and later). The Meta of an MCP App's view
	// ([AppMIMEType]) holds its ui member.
	Icons []Icon
	Meta  string
}

// A ResourceTemplate describes a family of resources whose URIs match a
// URI template (RFC 6570): simple expansions {name}, which match one or more
// characters other than / ? # (percent-decoded), and reserved expansions
// {+name}, which match any characters. A {name} never matches a value that
// decodes to one with /, NUL or invalid UTF-8, so a handler can use it as
// one path element; a {+name} value is any string, "../.." included: a
// handler that opens files with it must clean it and keep it under its
// root (filepath.IsLocal, os.Root). Where the variables could split a URI
// in more than one way, each takes the fewest characters that let the rest
// match, the first variable first. A URI longer than [MaxURILength] bytes
// matches nothing: resources/read refuses it.
type ResourceTemplate struct {
	// URITemplate is the template, for example "users://{id}/profile".
	URITemplate string
	// Name, Title, Description and MIMEType are as for [Resource].
	Name        string
	Title       string
	Description string
	MIMEType    string
	// Enums, when it has an entry for a variable, lists the values the
	// variable may take: a URI with another value matches no resource
	// (-32602, resource not found), and without a Complete entry the
	// variable completes from these values.
	Enums map[string][]string
	// Complete, when it has an entry for a variable, completes that
	// variable's value (completion/complete). See [CompleteFrom].
	Complete map[string]Completer
	// Handler reads the resource at a URI that matched the template.
	// It must not be nil.
	Handler ResourceHandler
	// Scopes are the OAuth scopes a caller's token must all grant to see
	// the template and read its resources, as for [Tool].Scopes.
	Scopes []string
	// Icons and Meta are as for [Resource].
	Icons []Icon
	Meta  string
}

// A ResourceRequest is a resources/read of one URI.
type ResourceRequest struct {
	// URI is the URI the client asked for.
	URI string
	// Vars holds the template variables matched in URI (nil for a
	// resource with a fixed URI).
	Vars map[string]string
}

// A ResourceHandler reads a resource. A content's empty URI is sent as the
// request's URI and its empty MIMEType as the resource's MIME type. An error
// that wraps [ErrResourceNotFound] is sent as the protocol's
// resource-not-found error (-32602 with data.uri); an error made by
// [InvalidParams] as -32602; any other error as an internal error (-32603)
// whose message is err.Error().
type ResourceHandler func(ctx context.Context, req ResourceRequest) ([]ResourceContents, error)

// ErrResourceNotFound is returned (possibly wrapped) by a [ResourceHandler]
// when the resource at the URI does not exist, for example a template
// variable that names nothing.
var ErrResourceNotFound = errors.New("resource not found")

// TextResource returns the contents of a text resource.
func TextResource(text string) []ResourceContents {
	return []ResourceContents{{Text: text}}
}

// BlobResource returns the contents of a binary resource.
func BlobResource(data []byte) []ResourceContents {
	if data == nil {
		data = []byte{}
	}
	return []ResourceContents{{Blob: data}}
}

// resource is a registered Resource or ResourceTemplate.
type resource struct {
	uri, name, title, description, mimeType string
	template                                *uritemplate.Template // nil for a fixed URI
	enums                                   map[string][]string
	complete                                map[string]Completer
	handler                                 ResourceHandler
	scopes                                  []string
	iconList                                []Icon
	metaText                                string
	icons                                   []byte          // as sent, or nil
	meta                                    json.RawMessage // compact, or nil
	viewMeta                                map[string]any  // the _meta of a view's contents (appMeta), or nil
}

// AddResource registers r. It reports an error, and registers nothing, when
// the URI is empty or already registered, the name is empty or the handler
// is nil.
func (s *Server) AddResource(r Resource) error {
	if r.URI == "" {
		return errors.New("runtime: resource with an empty URI")
	}
	return s.addResource(&resource{uri: r.URI, name: r.Name, title: r.Title,
		description: r.Description, mimeType: r.MIMEType, handler: r.Handler, scopes: r.Scopes,
		iconList: r.Icons, metaText: r.Meta})
}

// AddResourceTemplate registers t. It reports an error, and registers
// nothing, when the template does not parse or is already registered, a
// completer names no variable of the template, the name is empty or the
// handler is nil.
func (s *Server) AddResourceTemplate(t ResourceTemplate) error {
	tpl, err := uritemplate.Parse(t.URITemplate)
	if err == nil && len(tpl.Vars()) == 0 {
		err = errors.New("no variable")
	}
	if err != nil {
		return fmt.Errorf("runtime: resource template %q: %v", t.URITemplate, err)
	}
	complete := make(map[string]Completer, len(t.Complete)+len(t.Enums))
	for name, c := range t.Complete {
		if !tpl.HasVar(name) {
			return fmt.Errorf("runtime: resource template %q: completer for %q, which is not a variable of the template", t.URITemplate, name)
		}
		complete[name] = c
	}
	for name, values := range t.Enums {
		if !tpl.HasVar(name) {
			return fmt.Errorf("runtime: resource template %q: enum for %q, which is not a variable of the template", t.URITemplate, name)
		}
		if complete[name] == nil && len(values) > 0 {
			complete[name] = CompleteFrom(values...)
		}
	}
	return s.addResource(&resource{uri: t.URITemplate, name: t.Name, title: t.Title,
		description: t.Description, mimeType: t.MIMEType, template: tpl,
		enums: t.Enums, complete: complete, handler: t.Handler, scopes: t.Scopes,
		iconList: t.Icons, metaText: t.Meta})
}

func (s *Server) addResource(r *resource) error {
	if r.name == "" {
		return fmt.Errorf("runtime: resource %q: empty Name", r.uri)
	}
	if r.handler == nil {
		return fmt.Errorf("runtime: resource %q: nil Handler", r.uri)
	}
	var err error
	if r.scopes, err = cleanScopes(fmt.Sprintf("resource %q", r.uri), r.scopes); err != nil {
		return err
	}
	what := fmt.Sprintf("resource %q", r.uri)
	if r.icons, err = encodeIcons(what, r.iconList); err != nil {
		return err
	}
	if r.meta, err = compactMeta(what, r.metaText); err != nil {
		return err
	}
	r.viewMeta = r.appMeta()
	return addUnique(s, &s.resources, r, func(q *resource) bool { return q.uri == r.uri },
		fmt.Errorf("runtime: resource %q: duplicate URI", r.uri), listResources)
}

// item is r as a Filter sees it.
func (r *resource) item() Item {
	if r.template != nil {
		return Item{ItemResourceTemplate, r.uri, r.scopes}
	}
	return Item{ItemResource, r.uri, r.scopes}
}

// MustAddResource is like [Server.AddResource] but panics if the resource
// cannot be registered. Generated code calls it.
func (s *Server) MustAddResource(r Resource) { mustRegister(s.AddResource(r)) }

// MustAddResourceTemplate is like [Server.AddResourceTemplate] but panics if
// the template cannot be registered. Generated code calls it.
func (s *Server) MustAddResourceTemplate(t ResourceTemplate) { mustRegister(s.AddResourceTemplate(t)) }

type wireResource struct {
	URI         string          `json:"uri,omitempty"`
	URITemplate string          `json:"uriTemplate,omitempty"`
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	MIMEType    string          `json:"mimeType,omitempty"`
	Icons       json.RawMessage `json:"icons,omitempty"`
	Meta        json.RawMessage `json:"_meta,omitempty"`
}

func resourceJSON(r *resource, p protocol) []byte {
	w := wireResource{Name: r.name, Description: r.description, MIMEType: r.mimeType}
	if r.template != nil {
		w.URITemplate = r.uri
	} else {
		w.URI = r.uri
	}
	if p.hasTitle() {
		w.Title = r.title
	}
	if p.hasIcons() {
		w.Icons = r.icons
	}
	if p.hasMeta() {
		w.Meta = r.meta
	}
	b, err := json.Marshal(w)
	if err != nil {
		panic("runtime: encoding resource " + r.uri + ": " + err.Error()) // strings only
	}
	return b
}

// findResource returns the resource that serves uri: the one with that
// fixed URI, else the first template (in registration order) that matches.
// It stops, returning nil, when ctx ends.
func (set *catalog) findResource(ctx context.Context, uri string) (*resource, map[string]string) {
	if r := set.resourceByURI[uri]; r != nil {
		return r, nil
	}
	for _, r := range set.templates {
		if ctx.Err() != nil {
			return nil, nil
		}
		if vars, ok := r.template.Match(uri); ok && r.inEnums(vars) {
			return r, vars
		}
	}
	return nil, nil
}

// inEnums reports whether every variable with an enum has one of its values.
func (r *resource) inEnums(vars map[string]string) bool {
	for name, values := range r.enums {
		if len(values) > 0 && !slices.Contains(values, vars[name]) {
			return false
		}
	}
	return true
}

// readResource answers resources/read.
func (c *conn) readResource(rq request, p *uriParams) []byte {
	ctx, id, proto := rq.ctx, rq.id, rq.proto
	set := c.srv.snapshot()
	if e := checkURI(p.URI); e != nil {
		return errorReply(id, e)
	}
	uri := *p.URI
	r, vars := set.findResource(ctx, uri)
	if ctx.Err() != nil {
		return nil // cancelled: no reply
	}
	if r != nil {
		switch a, item := c.srv.resourceAccess(ctx, set, r); a {
		case accessHidden:
			r = nil
		case accessNoScope:
			return errorReply(id, errScope("resource "+uri, item.Scopes))
		}
	}
	if r == nil {
		return errorReply(id, notFound(uri))
	}
	contents, err := c.srv.callResource(ctx, r, ResourceRequest{URI: uri, Vars: vars})
	if err != nil {
		if errors.Is(err, ErrResourceNotFound) {
			return errorReply(id, notFound(uri))
		}
		return errorReply(id, c.srv.handlerError("resource "+uri, err))
	}
	if len(contents) == 0 {
		// An empty contents array would read as "no such resource"
		// (spec 2026-07-28 server/resources#error-handling): send one
		// empty text instead.
		contents = []ResourceContents{{}}
	}
	b := append(make([]byte, 0, 256), `{"contents":[`...)
	for i, rc := range contents {
		if i > 0 {
			b = append(b, ',')
		}
		if rc.URI == "" {
			rc.URI = uri
		}
		if rc.MIMEType == "" {
			rc.MIMEType = r.mimeType
		}
		if rc.Meta == nil && rc.MIMEType == AppMIMEType && proto.hasMeta() {
			rc.Meta = r.viewMeta // read only: encoded, never handed to the handler
		}
		if rc.Blob == nil {
			// Text as it is, without encoding/json's HTML escapes, which
			// make each < and > of an HTML page (an MCP App's view) six
			// bytes.
			b, err = appendTextResource(b, rc)
		} else {
			b, err = appendMarshal(b, wireBlobResource{rc.URI, rc.MIMEType, rc.Blob, rc.Meta})
		}
		if err != nil {
			c.srv.logger.Error("encoding resource", "uri", uri, "error", err)
			return errorReply(id, errorf(codeInternalError, "Internal error: the resource could not be encoded"))
		}
	}
	b = append(b, ']')
	if proto.modern() {
		// What a read returns may change at any time and may depend on
		// who asks: the client must not reuse it (spec 2026-07-28
		// server/utilities/caching).
		b = append(b, `,"ttlMs":0,"cacheScope":"private"`...)
	}
	b, _ = c.srv.appendResultEnd(b, nil, proto)
	return appendResult(nil, id, b)
}

// appendTextResource appends rc, a text resource's contents, as
// encoding/json writes a wireTextResource but for the HTML escapes.
func appendTextResource(b []byte, rc ResourceContents) ([]byte, error) {
	b = append(b, `{"uri":`...)
	b = jsontext.AppendString(b, rc.URI)
	if rc.MIMEType != "" {
		b = append(b, `,"mimeType":`...)
		b = jsontext.AppendString(b, rc.MIMEType)
	}
	b = append(b, `,"text":`...)
	b = jsontext.AppendString(b, rc.Text)
	if len(rc.Meta) > 0 {
		b = append(b, `,"_meta":`...)
		var buf bytes.Buffer
		e := json.NewEncoder(&buf)
		e.SetEscapeHTML(false)
		if err := e.Encode(rc.Meta); err != nil {
			return b, err
		}
		b = append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
	}
	return append(b, '}'), nil
}

// MaxURILength is the longest resource URI, in bytes, that resources/read
// and resources/subscribe accept; a longer one is refused with -32602
// before any template is tried.
const MaxURILength = 16 << 10

// checkURI checks the uri of resources/read and resources/subscribe.
func checkURI(uri *string) *rpcError {
	switch {
	case uri == nil:
		return errorf(codeInvalidParams, "Invalid params: missing uri")
	case len(*uri) > MaxURILength:
		return errorf(codeInvalidParams, "Invalid params: uri is "+strconv.Itoa(len(*uri))+" bytes long; the server accepts at most "+strconv.Itoa(MaxURILength))
	}
	return nil
}

// notFound is the resource-not-found error of SEP-2164 (spec 2026-07-28
// server/resources#error-handling).
func notFound(uri string) *rpcError {
	e := errorf(codeInvalidParams, "Resource not found")
	e.data = jsontext.AppendString([]byte(`{"uri":`), uri)
	e.data = append(e.data, '}')
	return e
}

// callResource runs the handler, recovering a panic into an error.
func (s *Server) callResource(ctx context.Context, r *resource, req ResourceRequest) (contents []ResourceContents, err error) {
	defer s.recoverHandler("resource "+req.URI, &err)
	return r.handler(ctx, req)
}
