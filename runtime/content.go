package runtime

import (
	"encoding/json"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// Content is one block of a tool result's content: a [*TextContent],
// [*ImageContent], [*AudioContent], [*ResourceLink] or [*EmbeddedResource].
// The set is closed; other packages cannot implement Content.
type Content interface {
	// appendContent appends the block's JSON object to b.
	appendContent(b []byte) ([]byte, error)
}

// Annotations tell a client how to use a content block. The zero value of a
// field means "not stated" and is omitted.
type Annotations struct {
	// Audience lists who the content is for: "user", "assistant" or both.
	Audience []string `json:"audience,omitempty"`
	// Priority is the importance of the content, from 0 (least) to 1 (most).
	Priority *float64 `json:"priority,omitempty"`
	// LastModified is when the content was last changed.
	LastModified time.Time `json:"lastModified,omitzero"`
}

// TextContent is a block of text.
type TextContent struct {
	Text        string
	Annotations *Annotations
	Meta        map[string]any
}

// ImageContent is an image. Data holds the raw image bytes, which are sent
// base64-encoded; MIMEType is for example "image/png".
type ImageContent struct {
	Data        []byte
	MIMEType    string
	Annotations *Annotations
	Meta        map[string]any
}

// AudioContent is audio. Data holds the raw bytes, which are sent
// base64-encoded; MIMEType is for example "audio/wav". Audio content exists
// since protocol 2025-03-26; older clients may ignore it.
type AudioContent struct {
	Data        []byte
	MIMEType    string
	Annotations *Annotations
	Meta        map[string]any
}

// ResourceLink is a link to a resource the client may read or fetch.
// Resource links exist since protocol 2025-06-18; older clients may ignore
// them.
type ResourceLink struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Size        *int64 // in bytes, when known
	Annotations *Annotations
	Meta        map[string]any
}

// EmbeddedResource is a resource's contents embedded in the result.
type EmbeddedResource struct {
	Resource    ResourceContents
	Annotations *Annotations
	Meta        map[string]any
}

// ResourceContents is the contents of a resource: text, or binary data when
// Blob is non-nil (sent base64-encoded).
type ResourceContents struct {
	URI      string
	MIMEType string
	Text     string
	Blob     []byte
	Meta     map[string]any
}

// The wire forms. The text block, by far the most common, is appended by
// hand; the others go through encoding/json.

type wireMedia struct {
	Type        string         `json:"type"`
	Data        []byte         `json:"data"`
	MIMEType    string         `json:"mimeType"`
	Annotations *Annotations   `json:"annotations,omitempty"`
	Meta        map[string]any `json:"_meta,omitempty"`
}

type wireResourceLink struct {
	Type        string         `json:"type"`
	URI         string         `json:"uri"`
	Name        string         `json:"name"`
	Title       string         `json:"title,omitempty"`
	Description string         `json:"description,omitempty"`
	MIMEType    string         `json:"mimeType,omitempty"`
	Size        *int64         `json:"size,omitempty"`
	Annotations *Annotations   `json:"annotations,omitempty"`
	Meta        map[string]any `json:"_meta,omitempty"`
}

type wireEmbedded struct {
	Type        string          `json:"type"`
	Resource    json.RawMessage `json:"resource"`
	Annotations *Annotations    `json:"annotations,omitempty"`
	Meta        map[string]any  `json:"_meta,omitempty"`
}

type wireTextResource struct {
	URI      string         `json:"uri"`
	MIMEType string         `json:"mimeType,omitempty"`
	Text     string         `json:"text"`
	Meta     map[string]any `json:"_meta,omitempty"`
}

type wireBlobResource struct {
	URI      string         `json:"uri"`
	MIMEType string         `json:"mimeType,omitempty"`
	Blob     []byte         `json:"blob"`
	Meta     map[string]any `json:"_meta,omitempty"`
}

func appendMarshal(b []byte, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, j...), nil
}

func (c *TextContent) appendContent(b []byte) ([]byte, error) {
	b = append(b, `{"type":"text","text":`...)
	b = jsontext.AppendString(b, c.Text)
	var err error
	if c.Annotations != nil {
		b = append(b, `,"annotations":`...)
		if b, err = appendMarshal(b, c.Annotations); err != nil {
			return b, err
		}
	}
	if len(c.Meta) > 0 {
		b = append(b, `,"_meta":`...)
		if b, err = appendMarshal(b, c.Meta); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func (c *ImageContent) appendContent(b []byte) ([]byte, error) {
	return appendMarshal(b, wireMedia{"image", nonNil(c.Data), c.MIMEType, c.Annotations, c.Meta})
}

func (c *AudioContent) appendContent(b []byte) ([]byte, error) {
	return appendMarshal(b, wireMedia{"audio", nonNil(c.Data), c.MIMEType, c.Annotations, c.Meta})
}

func (c *ResourceLink) appendContent(b []byte) ([]byte, error) {
	return appendMarshal(b, wireResourceLink{"resource_link", c.URI, c.Name, c.Title,
		c.Description, c.MIMEType, c.Size, c.Annotations, c.Meta})
}

func (c *EmbeddedResource) appendContent(b []byte) ([]byte, error) {
	r := c.Resource
	var v any = wireTextResource{r.URI, r.MIMEType, r.Text, r.Meta}
	if r.Blob != nil {
		v = wireBlobResource{r.URI, r.MIMEType, r.Blob, r.Meta}
	}
	res, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return appendMarshal(b, wireEmbedded{"resource", res, c.Annotations, c.Meta})
}

// nonNil makes nil data encode as "" rather than null.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// MarshalJSON encodes c as an MCP text content block.
func (c *TextContent) MarshalJSON() ([]byte, error) { return c.appendContent(nil) }

// MarshalJSON encodes c as an MCP image content block.
func (c *ImageContent) MarshalJSON() ([]byte, error) { return c.appendContent(nil) }

// MarshalJSON encodes c as an MCP audio content block.
func (c *AudioContent) MarshalJSON() ([]byte, error) { return c.appendContent(nil) }

// MarshalJSON encodes c as an MCP resource_link content block.
func (c *ResourceLink) MarshalJSON() ([]byte, error) { return c.appendContent(nil) }

// MarshalJSON encodes c as an MCP embedded resource content block.
func (c *EmbeddedResource) MarshalJSON() ([]byte, error) { return c.appendContent(nil) }
