package runtime

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxStreamResult is how many bytes [StreamResult] reads of a stream that a
// tool returns: what a model reads is kept lean, and a stream may not end.
const MaxStreamResult = 1 << 20

// StreamResult turns a stream that a tool function returns (an
// [io.Reader] or [io.ReadCloser], as go-github's DownloadContents does)
// into the tool's result, with the function's error; generated code calls
// it. It closes r when r is an [io.Closer], always, error or not. It reads
// at most [MaxStreamResult] bytes, and sniffs their type by their first
// bytes: text (valid UTF-8 without the control bytes that mark binary
// data) is a text block; other bytes are an image or audio block when
// their signature says so (PNG, JPEG, GIF, WebP, BMP; WAVE, MP3, FLAC,
// AIFF), else an embedded resource whose blob holds them, of the type its
// signature names (application/pdf, application/zip, application/gzip,
// else application/octet-stream), and whose URI names the tool
// (result://NAME).
// A text longer than the bound is cut at a character and followed by a
// second block that says so; binary data longer than it is not sent, and
// the result says what it was. A nil r is an empty result; a read that
// fails is the call's error.
func StreamResult(ctx context.Context, r io.Reader, err error) (*Result, error) {
	if r == nil || isNilPointer(r) {
		if err != nil {
			return nil, err
		}
		return EmptyResult(), nil
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close()
	}
	if err != nil {
		return nil, err
	}
	return readStream(ctx, r)
}

// readStream reads r into a result, as StreamResult says.
func readStream(ctx context.Context, r io.Reader) (*Result, error) {
	if r == nil || isNilPointer(r) {
		return EmptyResult(), nil
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxStreamResult+1))
	if err != nil {
		return nil, fmt.Errorf("reading the result: %w", err)
	}
	cut := len(data) > MaxStreamResult
	if cut {
		data = data[:MaxStreamResult]
	}
	mime := sniff(data)
	if text, ok := validPrefix(data, cut); ok && strings.HasPrefix(mime, "text/") {
		res := TextResult(text)
		if cut {
			res.Content = append(res.Content, &TextContent{Text: "[truncated: the result had more than " +
				strconv.Itoa(MaxStreamResult) + " bytes; the first " + strconv.Itoa(len(text)) + " are above]"})
		}
		return res, nil
	}
	if cut {
		return TextResult("[not sent: the result is binary data (" + mime + ") of more than " +
			strconv.Itoa(MaxStreamResult) + " bytes, more than a tool result may hold]"), nil
	}
	mime, _, _ = strings.Cut(mime, ";")
	switch {
	case strings.HasPrefix(mime, "image/"):
		return &Result{Content: []Content{&ImageContent{Data: data, MIMEType: mime}}}, nil
	case strings.HasPrefix(mime, "audio/"):
		return &Result{Content: []Content{&AudioContent{Data: data, MIMEType: mime}}}, nil
	}
	name := "tool"
	if c := callFrom(ctx); c != nil && c.tool != "" {
		name = c.tool
	}
	return &Result{Content: []Content{&EmbeddedResource{Resource: ResourceContents{
		URI: "result://" + name, MIMEType: mime, Blob: data}}}}, nil
}

// StreamsResult is [StreamResult] for a function with several results of
// which some are streams: v holds the others, sent as [StructuredResult]
// sends it, and each stream, closed always (err or not), is read into
// blocks before its text, in order. Generated code calls it.
func StreamsResult(ctx context.Context, v any, err error, streams ...io.Reader) (*Result, error) {
	for _, r := range streams {
		if r != nil && !isNilPointer(r) {
			if c, ok := r.(io.Closer); ok {
				defer c.Close()
			}
		}
	}
	if err != nil {
		return nil, err
	}
	res, err := StructuredResult(v)
	if err != nil {
		return nil, err
	}
	var content []Content
	for _, r := range streams {
		sr, err := readStream(ctx, r)
		if err != nil {
			return nil, err
		}
		content = append(content, sr.Content...)
	}
	res.Content = append(content, res.Content...)
	return res, nil
}

// sniff returns the media type of data by its first bytes: the
// signatures of the common image, audio and archive formats, text/plain
// for text, else application/octet-stream.
func sniff(data []byte) string {
	has := func(prefix string) bool { return strings.HasPrefix(string(data[:min(len(data), 16)]), prefix) }
	riff := func(form string) bool { return len(data) >= 12 && has("RIFF") && string(data[8:12]) == form }
	switch {
	case has("\x89PNG\r\n\x1a\n"):
		return "image/png"
	case has("\xff\xd8\xff"):
		return "image/jpeg"
	case has("GIF87a"), has("GIF89a"):
		return "image/gif"
	case riff("WEBP"):
		return "image/webp"
	case has("BM") && len(data) >= 26:
		return "image/bmp"
	case riff("WAVE"):
		return "audio/wave"
	case has("ID3"), has("\xff\xfb"), has("\xff\xf3"), has("\xff\xf2"):
		return "audio/mpeg"
	case has("fLaC"):
		return "audio/flac"
	case len(data) >= 12 && has("FORM") && string(data[8:12]) == "AIFF":
		return "audio/aiff"
	case has("%PDF-"):
		return "application/pdf"
	case has("PK\x03\x04"):
		return "application/zip"
	case has("\x1f\x8b\x08"):
		return "application/gzip"
	}
	head := data[:min(len(data), 512)]
	for _, b := range head {
		// The control bytes that do not occur in text.
		if b <= 0x08 || b == 0x0b || 0x0e <= b && b <= 0x1a || 0x1c <= b && b <= 0x1f {
			return "application/octet-stream"
		}
	}
	return "text/plain; charset=utf-8"
}

// validPrefix returns data as text when it is valid UTF-8, or (cut: the
// stream went on) when it is up to a character that the cut split.
func validPrefix(data []byte, cut bool) (string, bool) {
	if utf8.Valid(data) {
		return string(data), true
	}
	if !cut {
		return "", false
	}
	for i := 1; i < utf8.UTFMax && i <= len(data); i++ {
		if utf8.Valid(data[:len(data)-i]) {
			return string(data[:len(data)-i]), true
		}
	}
	return "", false
}

// isNilPointer reports whether r holds a nil pointer, which a function
// may return as its stream when it has none.
func isNilPointer(r io.Reader) bool {
	v := reflect.ValueOf(r)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
