package runtime

import (
	"encoding/base64"
	"encoding/binary"
	"hash/fnv"
	"sync"
	"sync/atomic"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file answers tools/list (and, with the same pages and cursors,
// prompts/list, resources/list and resources/templates/list): for a
// protocol version and page, the complete result object as bytes, so that
// answering is a copy. The pages of a version are written when a client of
// that version first asks (a server usually meets one or two of the five
// versions), straight into one buffer per page: a list of 1,000 tools is
// about a megabyte per version.

// pagedList holds the results of one list method.
type pagedList struct {
	pageSize    int
	count       int
	fingerprint uint64 // of the items, in cursors
	pages       *listPages
}

// listPages writes and keeps the pages of a list, per protocol version.
type listPages struct {
	srv   *Server
	key   string                                   // the result's member that holds the items
	write func(b []byte, i int, p protocol) []byte // appends item i as sent under p
	size  func(i int) int                          // about the length of item i

	// private is set when the list depends on who asks (scopes, a
	// Filter): its pages then say cacheScope "private".
	private bool
	// uncached pages carry no caching members (ttlMs, cacheScope): the
	// result type has none.
	uncached bool

	mu        sync.Mutex                             // held while a version's pages are written
	byVersion [numProtocols]atomic.Pointer[[][]byte] // result object per page, once written
}

// buildList returns the tools/list pages of tools, none written yet. The
// fingerprint hashes what the list shows of the tools, only when there is
// more than one page (a single page issues no cursor).
func (s *Server) buildList(tools []*tool) pagedList {
	l := s.newPagedList("tools", len(tools),
		func(b []byte, i int, p protocol) []byte { return appendTool(b, tools[i], p) },
		func(i int) int { return toolSizeHint(tools[i]) })
	if l.pageSize < l.count {
		h := fnv.New64a()
		h.Write([]byte("tools"))
		sep := []byte{0}
		for _, t := range tools {
			for _, s := range [...]string{t.Name, t.Title, t.Description} {
				h.Write([]byte(s))
				h.Write(sep)
			}
			h.Write(t.input)
			h.Write(sep)
			h.Write(t.output)
			h.Write(sep)
			h.Write(appendAnnotations(nil, t.Annotations))
			h.Write(sep)
			h.Write(t.icons)
			h.Write(sep)
			h.Write(t.meta)
			h.Write(sep)
		}
		l.fingerprint = h.Sum64()
	}
	return l
}

// paginate returns the pages of a list result whose items, encoded for
// each protocol version, go in the member key.
func (s *Server) paginate(key string, encoded [numProtocols][][]byte) pagedList {
	l := s.newPagedList(key, len(encoded[0]),
		func(b []byte, i int, p protocol) []byte { return append(b, encoded[p][i]...) },
		func(i int) int { return len(encoded[proto20260728][i]) })
	h := fnv.New64a()
	h.Write([]byte(key))
	for _, item := range encoded[proto20260728] {
		h.Write(item)
	}
	l.fingerprint = h.Sum64()
	return l
}

func (s *Server) newPagedList(key string, n int, write func([]byte, int, protocol) []byte, size func(int) int) pagedList {
	l := pagedList{pageSize: s.pageSize, count: n, pages: &listPages{srv: s, key: key, write: write, size: size}}
	if l.pageSize <= 0 || l.pageSize > n {
		l.pageSize = max(n, 1)
	}
	return l
}

// version returns the pages of protocol p, writing them on first use.
func (l *pagedList) version(p protocol) [][]byte {
	lp := l.pages
	if pp := lp.byVersion[p].Load(); pp != nil {
		return *pp
	}
	lp.mu.Lock()
	defer lp.mu.Unlock()
	if pp := lp.byVersion[p].Load(); pp != nil {
		return *pp
	}
	var pages [][]byte
	n := l.count
	for start := 0; start == 0 || start < n; start += l.pageSize {
		end := min(start+l.pageSize, n)
		size := 64 + len(lp.key) + len(lp.srv.modernMeta)
		for i := start; i < end; i++ {
			size += lp.size(i) + 1
		}
		b := append(make([]byte, 0, size), `{"`...)
		b = append(b, lp.key...)
		b = append(b, `":[`...)
		for i := start; i < end; i++ {
			if i > start {
				b = append(b, ',')
			}
			b = lp.write(b, i, p)
		}
		b = append(b, ']')
		if end < n {
			b = append(b, `,"nextCursor":"`...)
			b = append(b, l.cursor(end)...)
			b = append(b, '"')
		}
		if p.modern() {
			if !lp.uncached {
				b = lp.srv.appendCaching(b, lp.private)
			}
			b = lp.srv.appendModern(b, true)
		} else {
			b = append(b, '}')
		}
		pages = append(pages, b)
	}
	lp.byVersion[p].Store(&pages)
	return pages
}

// toolSizeHint is about the length of a tool's JSON in tools/list (more
// when its text needs escapes).
func toolSizeHint(t *tool) int {
	return 160 + len(t.Name) + len(t.Title)*2 + len(t.Description) + len(t.Description)/16 + len(t.input) + len(t.output) + len(t.icons) + len(t.meta)
}

// appendTool appends t as sent to a client of protocol p (spec 2026-07-28
// server/tools): title, outputSchema and _meta from 2025-06-18,
// annotations from 2025-03-26, icons from 2025-11-25. The members are
// those, and in the order, that encoding/json writes for a struct of name,
// title, description, icons, inputSchema, outputSchema, annotations and
// _meta with omitempty (TestToolJSONMatchesEncodingJSON).
func appendTool(b []byte, t *tool, p protocol) []byte {
	b = append(b, `{"name":`...)
	b = jsontext.AppendString(b, t.Name)
	if p.hasTitle() && t.Title != "" {
		b = append(b, `,"title":`...)
		b = jsontext.AppendString(b, t.Title)
	}
	if t.Description != "" {
		b = append(b, `,"description":`...)
		b = jsontext.AppendString(b, t.Description)
	}
	if p.hasIcons() && t.icons != nil {
		b = append(b, `,"icons":`...)
		b = append(b, t.icons...)
	}
	b = append(b, `,"inputSchema":`...)
	b = append(b, t.input...)
	if p.hasTitle() && len(t.output) > 0 {
		b = append(b, `,"outputSchema":`...)
		b = append(b, t.output...)
	}
	if p.hasAnnotations() {
		a := t.Annotations
		if !p.hasTitle() && t.Title != "" && (a == nil || a.Title == "") {
			// Before 2025-06-18 the display name can only travel as
			// annotations.title (spec 2026-07-28 server/tools).
			c := ToolAnnotations{}
			if a != nil {
				c = *a
			}
			c.Title = t.Title
			a = &c
		}
		if a != nil {
			b = append(b, `,"annotations":`...)
			b = appendAnnotations(b, a)
		}
	}
	if p.hasMeta() && t.meta != nil {
		b = append(b, `,"_meta":`...)
		b = append(b, t.meta...)
	}
	return append(b, '}')
}

// appendAnnotations appends a as encoding/json writes it (every member
// omitempty), or nothing for nil.
func appendAnnotations(b []byte, a *ToolAnnotations) []byte {
	if a == nil {
		return b
	}
	b = append(b, '{')
	comma := false
	member := func(key string) {
		if comma {
			b = append(b, ',')
		}
		comma = true
		b = append(b, '"')
		b = append(b, key...)
		b = append(b, `":`...)
	}
	if a.Title != "" {
		member("title")
		b = jsontext.AppendString(b, a.Title)
	}
	for _, h := range [...]struct {
		key string
		v   *bool
	}{{"readOnlyHint", a.ReadOnlyHint}, {"destructiveHint", a.DestructiveHint}, {"idempotentHint", a.IdempotentHint}, {"openWorldHint", a.OpenWorldHint}} {
		if h.v != nil {
			member(h.key)
			if *h.v {
				b = append(b, "true"...)
			} else {
				b = append(b, "false"...)
			}
		}
	}
	return append(b, '}')
}

// cursor returns the opaque cursor of the page that starts at offset: the
// list's fingerprint (so that a cursor from another list is rejected)
// and the offset, base64url-encoded.
func (l *pagedList) cursor(offset int) string {
	var raw [8 + binary.MaxVarintLen64]byte
	binary.BigEndian.PutUint64(raw[:8], l.fingerprint)
	n := binary.PutUvarint(raw[8:], uint64(offset))
	return base64.RawURLEncoding.EncodeToString(raw[:8+n])
}

// page returns the result for cursor (absent or "" for the first page) under
// protocol p, or false if the cursor is not one this list issued.
func (l *pagedList) page(p protocol, cursor string) ([]byte, bool) {
	if cursor == "" {
		return l.version(p)[0], true
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil || len(raw) <= 8 || binary.BigEndian.Uint64(raw[:8]) != l.fingerprint {
		return nil, false
	}
	offset, n := binary.Uvarint(raw[8:])
	if n <= 0 || 8+n != len(raw) || offset == 0 || offset >= uint64(l.count) || offset%uint64(l.pageSize) != 0 {
		return nil, false
	}
	return l.version(p)[offset/uint64(l.pageSize)], true
}
