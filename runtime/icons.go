package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/mcpgen/mcpgen/internal/mcpmeta"
)

// This file holds what a server, tool, prompt or resource says about
// itself beyond its name: icons (SEP-973, protocol 2025-11-25 and later),
// the server's description and website, and _meta objects (2025-06-18 and
// later), and the extensions the server declares.

// An Icon is an image a client may show for the server, a tool, a prompt or
// a resource (protocol 2025-11-25 and later; clients of older versions get
// no icons).
type Icon struct {
	// Src is an https (or http) URL of the image, or a data: URI of
	// base64-encoded image data. Clients should trust only icons from the
	// server's own domain; an SVG can hold script, which careful clients
	// do not run.
	Src string `json:"src"`
	// MIMEType, if set, overrides the type the source says: an image type
	// such as image/png, image/jpeg, image/svg+xml or image/webp.
	MIMEType string `json:"mimeType,omitempty"`
	// Sizes are the sizes at which the icon can be used, each WxH in
	// pixels ("48x48") or "any" for a scalable image; none means any size.
	Sizes []string `json:"sizes,omitempty"`
	// Theme is "light" for an icon meant for a light background, "dark"
	// for a dark one, or "" for any.
	Theme string `json:"theme,omitempty"`
}

// check returns the first problem of icon, or nil.
func (icon Icon) check() error {
	msg := mcpmeta.CheckIconSrc(icon.Src)
	if msg == "" && icon.MIMEType != "" {
		msg = mcpmeta.CheckIconMIME(icon.MIMEType)
	}
	for _, s := range icon.Sizes {
		if msg == "" {
			msg = mcpmeta.CheckIconSize(s)
		}
	}
	if msg == "" && icon.Theme != "" {
		msg = mcpmeta.CheckIconTheme(icon.Theme)
	}
	if msg != "" {
		return errors.New(msg)
	}
	return nil
}

// encodeIcons checks icons and returns them as a JSON array, or nil when
// there are none.
func encodeIcons(what string, icons []Icon) ([]byte, error) {
	if len(icons) == 0 {
		return nil, nil
	}
	for i, icon := range icons {
		if err := icon.check(); err != nil {
			return nil, fmt.Errorf("runtime: %s: icon %d: %v", what, i, err)
		}
	}
	b, err := marshalReadable(icons)
	if err != nil {
		return nil, fmt.Errorf("runtime: %s: icons: %v", what, err) // strings only: cannot happen
	}
	return b, nil
}

// compactMeta checks the JSON text of a _meta object and returns it
// compact, or nil for "".
func compactMeta(what, text string) (json.RawMessage, error) {
	if text == "" {
		return nil, nil
	}
	if msg := mcpmeta.CheckObject(text); msg != "" {
		return nil, fmt.Errorf("runtime: %s: Meta: %s", what, msg)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		return nil, fmt.Errorf("runtime: %s: Meta: %v", what, err)
	}
	return b.Bytes(), nil
}

// hasIcons: icons (of the Implementation, tools, prompts and resources),
// Implementation.description and websiteUrl exist since 2025-11-25.
func (p protocol) hasIcons() bool { return p >= proto20251125 }

// hasMeta: _meta on tools, prompts, resources and their contents exists
// since 2025-06-18.
func (p protocol) hasMeta() bool { return p >= proto20250618 }

// WithIcons sets the server's icons, sent in its Implementation object
// (serverInfo) to clients of protocol 2025-11-25 and later. NewServer
// panics on an icon whose Src is not an https, http or data: URI, whose
// MIMEType is not an image type, or whose Sizes or Theme are not as
// [Icon] says.
func WithIcons(icons ...Icon) Option {
	return func(s *Server) { s.icons = append([]Icon(nil), icons...) }
}

// WithWebsiteURL sets the URL of the server's website, sent in its
// Implementation object (websiteUrl) to clients of protocol 2025-11-25 and
// later. NewServer panics on a URL that is not absolute http or https.
func WithWebsiteURL(u string) Option {
	return func(s *Server) { s.websiteURL = u }
}

// WithDescription sets what the server is for, in a sentence for the
// user, sent in its Implementation object (description) to clients of
// protocol 2025-11-25 and later. (Instructions, [WithInstructions], are
// for the model.)
func WithDescription(text string) Option {
	return func(s *Server) { s.description = text }
}

// checkImplementation checks what the options said about the server.
func (s *Server) checkImplementation() {
	var err error
	if s.iconsJSON, err = encodeIcons("WithIcons", s.icons); err != nil {
		panic(err)
	}
	if s.websiteURL != "" {
		if !httpURL(s.websiteURL) {
			panic(fmt.Sprintf("runtime: WithWebsiteURL(%q): want an absolute http or https URL", s.websiteURL))
		}
	}
}

// An extension is one entry of the capabilities' extensions object (SEP-2133).
type extension struct {
	id       string
	settings string   // its settings object, JSON
	since    protocol // the first version whose capabilities carry it
}

// extensions returns the extensions the server declares, in the order
// written: each feature that is an extension adds its entry here when
// the server has something of it.
func (ts *catalog) extensions() []extension {
	// Tasks (task.go) are an extension of 2026-07-28 only: 2025-11-25
	// has its own tasks capability.
	exts := []extension{{id: tasksExtension, settings: `{}`, since: proto20260728}}
	if ts.apps {
		// MCP Apps (apps.go) ride on the _meta of tools and resources,
		// which exist since 2025-06-18; SEP-2133 declares extensions in
		// the initialize result as well as in server/discover.
		exts = append(exts, extension{id: AppsExtension, settings: `{}`, since: proto20250618})
	}
	if ts.hasSkills() {
		// Skills (skills.go) are specified against 2026-07-28. Every
		// skill file is a resource, so directory reads cover them all.
		exts = append(exts, extension{id: skillsExtension, settings: `{"directoryRead":true}`, since: proto20260728})
	}
	return exts
}

// appendExtensions appends the extensions member of the capabilities under
// p, if any extension is declared there.
func (ts *catalog) appendExtensions(b []byte, p protocol) []byte {
	n := 0
	for _, e := range ts.extensions() {
		if p < e.since {
			continue
		}
		if n == 0 {
			b = append(b, `,"extensions":{`...)
		} else {
			b = append(b, ',')
		}
		n++
		b = append(b, '"')
		b = append(b, e.id...)
		b = append(b, `":`...)
		b = append(b, e.settings...)
	}
	if n > 0 {
		b = append(b, '}')
	}
	return b
}

// httpURL reports whether u is an absolute http or https URL with a host
// and no white space.
func httpURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != "" &&
		!strings.ContainsAny(u, " \t\r\n")
}
