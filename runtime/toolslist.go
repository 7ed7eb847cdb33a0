package runtime

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
)

// This file precomputes tools/list: for every protocol version and page, the
// complete result object as bytes, so that answering is a copy.

// toolList holds the precomputed tools/list results.
type toolList struct {
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

func (s *Server) buildList(tools []*tool) toolList {
	l := toolList{pageSize: s.pageSize, count: len(tools)}
	if l.pageSize <= 0 || l.pageSize > len(tools) {
		l.pageSize = max(len(tools), 1)
	}
	var encoded [numProtocols][][]byte
	h := fnv.New64a()
	for p := range numProtocols {
		encoded[p] = make([][]byte, len(tools))
		for i, t := range tools {
			encoded[p][i] = toolJSON(t, p)
			if p == proto20260728 {
				h.Write(encoded[p][i])
			}
		}
	}
	l.fingerprint = h.Sum64()

	for p := range numProtocols {
		for start := 0; start == 0 || start < len(tools); start += l.pageSize {
			end := min(start+l.pageSize, len(tools))
			b := []byte(`{"tools":[`)
			for i := start; i < end; i++ {
				if i > start {
					b = append(b, ',')
				}
				b = append(b, encoded[p][i]...)
			}
			b = append(b, ']')
			if end < len(tools) {
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
func (l *toolList) cursor(offset int) string {
	var raw [8 + binary.MaxVarintLen64]byte
	binary.BigEndian.PutUint64(raw[:8], l.fingerprint)
	n := binary.PutUvarint(raw[8:], uint64(offset))
	return base64.RawURLEncoding.EncodeToString(raw[:8+n])
}

// page returns the precomputed result for cursor (absent or "" for the first
// page) under protocol p, or false if the cursor is not one this list issued.
func (l *toolList) page(p protocol, cursor string) ([]byte, bool) {
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
