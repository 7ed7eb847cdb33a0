package runtime

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// A Result is the outcome of a tool call (the protocol's CallToolResult).
type Result struct {
	// Content is what the model reads. A nil Content is sent as [].
	Content []Content
	// StructuredContent, when non-nil, is sent as structuredContent, encoded
	// with encoding/json (a json.RawMessage is sent as is). It must conform
	// to the tool's OutputSchema. Clients of protocol versions before
	// 2025-06-18 do not receive it.
	StructuredContent any
	// IsError reports a tool execution error: the model sees Content and
	// may correct itself. Protocol errors are never Results.
	IsError bool
	// Meta is sent as the result's _meta.
	Meta map[string]any
}

// TextResult returns a result with one text block.
func TextResult(text string) *Result {
	return &Result{Content: []Content{&TextContent{Text: text}}}
}

// EmptyResult returns a result with no content ("content": []).
func EmptyResult() *Result {
	return &Result{Content: []Content{}}
}

// DoneResult returns the result of a tool whose function returns nothing, or
// only an error that was nil: one text block, "done", so that the model
// reads that the call succeeded (an empty content is read as nothing
// happening, or as a failure to answer).
func DoneResult() *Result {
	return &Result{Content: []Content{&TextContent{Text: "done"}}}
}

// ErrorResult returns an isError result with one text block, text: a
// tool execution error the model reads and may act on.
func ErrorResult(text string) *Result {
	return &Result{Content: []Content{&TextContent{Text: text}}, IsError: true}
}

// StructuredResult returns a result whose structuredContent is v, which must
// encode as a JSON object, plus a text block with the same JSON for clients
// that ignore structured content. A nil map (or a nil pointer) encodes as {}.
func StructuredResult(v any) (*Result, error) {
	b, err := marshalReadable(v)
	if err != nil {
		return nil, &resultError{fmt.Errorf("encoding structured result: %w", err)}
	}
	if string(b) == "null" {
		b = []byte(`{}`)
	}
	if b[0] != '{' {
		return nil, &resultError{errors.New("structured result is not a JSON object")}
	}
	return structured(b), nil
}

// WrappedResult returns a result whose structuredContent is {"result": v},
// plus a text block with that JSON: the form for tools whose output is not
// an object. A nil slice encodes as [] and a nil map as {}, which their
// output schemas admit as they admit null; a nil []byte (a base64 string,
// or null) and a value whose own MarshalJSON or MarshalText wrote null stay
// null.
func WrappedResult(v any) (*Result, error) {
	b, err := marshalReadable(v)
	if err != nil {
		return nil, &resultError{fmt.Errorf("encoding structured result: %w", err)}
	}
	if string(b) == "null" && !ownsJSON(v) {
		switch rv := reflect.ValueOf(v); {
		case rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() != reflect.Uint8:
			b = []byte(`[]`)
		case rv.Kind() == reflect.Map:
			b = []byte(`{}`)
		}
	}
	w := make([]byte, 0, len(b)+11)
	w = append(w, `{"result":`...)
	w = append(w, b...)
	return structured(append(w, '}')), nil
}

// marshalReadable is json.Marshal without the escaping of <, > and & for
// HTML: the text block shows the JSON to a model as it is (">=1.2 & <2",
// not "\u003e=1.2 \u0026 \u003c2"), and the escapes mean nothing in
// structuredContent either.
func marshalReadable(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// ErrorTexts holds errors a tool function returns as a value beside its
// other results (func Validate(v *Version) (bool, []error)), not as its
// failure. Generated code declares such a result of this type, which
// encodes as the array of the errors' texts, null for a nil error, and []
// for a nil slice: encoding/json would write each error as the fields of
// its concrete type, most often {}.
type ErrorTexts []error

// MarshalJSON writes the texts of the errors.
func (e ErrorTexts) MarshalJSON() ([]byte, error) {
	texts := make([]*string, len(e))
	for i, err := range e {
		if err != nil {
			text := err.Error()
			texts[i] = &text
		}
	}
	return json.Marshal(texts)
}

// ownsJSON reports whether v encodes itself, through MarshalJSON or
// MarshalText.
func ownsJSON(v any) bool {
	switch v.(type) {
	case json.Marshaler, encoding.TextMarshaler:
		return true
	}
	return false
}

// A resultError is a tool result that could not be built: a value that
// does not encode as JSON, or not as the object the helper promises. It is a
// bug in the tool or its types, not a message its author wrote for the
// model, so the client gets only a generic isError text and the error goes
// to the server's log (see [Server.invoke]).
type resultError struct{ err error }

func (e *resultError) Error() string { return e.err.Error() }
func (e *resultError) Unwrap() error { return e.err }

func structured(b []byte) *Result {
	return &Result{
		Content:           []Content{&TextContent{Text: string(b)}},
		StructuredContent: json.RawMessage(b),
	}
}

// appendCallResult appends r as a CallToolResult for protocol p: without
// structuredContent before 2025-06-18, with resultType and serverInfo under
// the modern protocol.
func (s *Server) appendCallResult(b []byte, r *Result, p protocol) ([]byte, error) {
	b = append(b, `{"content":[`...)
	var err error
	for i, c := range r.Content {
		if i > 0 {
			b = append(b, ',')
		}
		if c == nil {
			return b, errors.New("nil Content in result")
		}
		if b, err = c.appendContent(b); err != nil {
			return b, err
		}
	}
	b = append(b, ']')
	if r.StructuredContent != nil && p.hasStructured() {
		b = append(b, `,"structuredContent":`...)
		raw, ok := r.StructuredContent.(json.RawMessage)
		if !ok {
			if raw, err = json.Marshal(r.StructuredContent); err != nil {
				return b, err
			}
		}
		buf := bytes.NewBuffer(b)
		if err := json.Compact(buf, raw); err != nil {
			return b, err
		}
		b = buf.Bytes()
	}
	if r.IsError {
		b = append(b, `,"isError":true`...)
	}
	return s.appendResultEnd(b, r.Meta, p)
}

// appendResultEnd closes a result object opened in b, which holds at least
// one member: it appends meta as _meta and, in a modern result, resultType
// and the serverInfo that every modern result carries (spec 2026-07-28
// basic), merged into meta; the caller's own key wins.
func (s *Server) appendResultEnd(b []byte, meta map[string]any, p protocol) ([]byte, error) {
	var err error
	if !p.modern() {
		if len(meta) > 0 {
			b = append(b, `,"_meta":`...)
			if b, err = appendMarshal(b, meta); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	}
	if len(meta) == 0 {
		return s.appendModern(b, true), nil
	}
	m, err := json.Marshal(meta)
	if err != nil {
		return b, err
	}
	b = append(b, `,"resultType":"complete","_meta":`...)
	if _, own := meta[metaServerInfoKey]; own {
		b = append(b, m...)
	} else {
		b = append(b, `{"`+metaServerInfoKey+`":`...)
		b = append(b, s.serverInfo[proto20260728]...)
		b = append(b, ',')
		b = append(b, m[1:]...)
	}
	return append(b, '}'), nil
}
