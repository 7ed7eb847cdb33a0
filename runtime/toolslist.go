package runtime

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
)

// This file precomputes tools/list (and, with the same pages and cursors,
// prompts/list, resources/list and resources/templates/list): for every
// protocol version and page, the complete result object as bytes, so that
// answering is a copy.

// pagedList holds the precomputed results of one list method.
type pagedList struct {
	pageSize    int
	count       int
	fingerprint uint64
	pages       [numProtocols][][]byte // result object per version, per page
}

// wireTool is a Tool as sent to a client of one protocol version
// (spec 2026-07-28 server/tools): title and outputSchema from 2025-06-18, annotations
// from 2025-03-26.
type wireTool struct {
	Name         string           `json:"name"`
	Title        string           `json:"title,omitempty"`
	Description  string           `json:"description,omitempty"`
	InputSchema  json.RawMessage  `json:"inputSchema"`
	OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
	Annotations  *ToolAnnotations `json:"annotations,omitempty"`
}

func toolJSON(t *tool, p protocol) []byte {
	w := wireTool{Name: t.Name, Description: t.Description, InputSchema: t.input}
	if p.hasTitle() {
		w.Title = t.Title
		w.OutputSchema = t.output
	}
	if p.hasAnnotations() {
		w.Annotations = t.Annotations
		if !p.hasTitle() && t.Title != "" && (w.Annotations == nil || w.Annotations.Title == "") {
			// Before 2025-06-18 the display name can only travel as
			// annotations.title (spec 2026-07-28 server/tools).
			a := ToolAnnotations{}
			if t.Annotations != nil {
				a = *t.Annotations
			}
			a.Title = t.Title
			w.Annotations = &a
		}
	}
	b, err := json.Marshal(w)
	if err != nil {
		panic("runtime: encoding tool " + t.Name + ": " + err.Error()) // schemas were checked by AddTool
	}
	return b
}

func (s *Server) buildList(tools []*tool) pagedList {
	var encoded [numProtocols][][]byte
	for p := range numProtocols {
		encoded[p] = make([][]byte, len(tools))
		for i, t := range tools {
			encoded[p][i] = toolJSON(t, p)
		}
	}
	return s.paginate("tools", encoded)
}

// paginate builds the pages of a list result whose items, encoded for each
// protocol version, go in the member key.
func (s *Server) paginate(key string, encoded [numProtocols][][]byte) pagedList {
	n := len(encoded[0])
	l := pagedList{pageSize: s.pageSize, count: n}
	if l.pageSize <= 0 || l.pageSize > n {
		l.pageSize = max(n, 1)
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	for _, item := range encoded[proto20260728] {
		h.Write(item)
	}
	l.fingerprint = h.Sum64()

	for p := range numProtocols {
		for start := 0; start == 0 || start < n; start += l.pageSize {
			end := min(start+l.pageSize, n)
			b := []byte(`{"` + key + `":[`)
			for i := start; i < end; i++ {
				if i > start {
					b = append(b, ',')
				}
				b = append(b, encoded[p][i]...)
			}
			b = append(b, ']')
			if end < n {
				b = append(b, `,"nextCursor":"`...)
				b = append(b, l.cursor(end)...)
				b = append(b, '"')
			}
			if p.modern() {
				b = s.appendCaching(b)
				b = s.appendModern(b, true)
			} else {
				b = append(b, '}')
			}
			l.pages[p] = append(l.pages[p], b)
		}
	}
	return l
}

// cursor returns the opaque cursor of the page that starts at offset: the
// list's fingerprint (so that a cursor from another tool set is rejected)
// and the offset, base64url-encoded.
func (l *pagedList) cursor(offset int) string {
	var raw [8 + binary.MaxVarintLen64]byte
	binary.BigEndian.PutUint64(raw[:8], l.fingerprint)
	n := binary.PutUvarint(raw[8:], uint64(offset))
	return base64.RawURLEncoding.EncodeToString(raw[:8+n])
}

// page returns the precomputed result for cursor (absent or "" for the first
// page) under protocol p, or false if the cursor is not one this list issued.
func (l *pagedList) page(p protocol, cursor string) ([]byte, bool) {
	if cursor == "" {
		return l.pages[p][0], true
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil || len(raw) <= 8 || binary.BigEndian.Uint64(raw[:8]) != l.fingerprint {
		return nil, false
	}
	offset, n := binary.Uvarint(raw[8:])
	if n <= 0 || 8+n != len(raw) || offset == 0 || offset >= uint64(l.count) || offset%uint64(l.pageSize) != 0 {
		return nil, false
	}
	return l.pages[p][offset/uint64(l.pageSize)], true
}
