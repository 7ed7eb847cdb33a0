// Package gen_stream has tools whose results are streams (io.ReadCloser,
// io.Reader), as an API client's download methods return: each is read,
// bounded, into text or a blob, and closed.
package gen_stream

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync/atomic"
)

// Closed counts the streams the tools returned that were closed.
var Closed atomic.Int32

type closer struct {
	io.Reader
}

func (c closer) Close() error {
	Closed.Add(1)
	return nil
}

// Download returns the contents of the file at path.
//
//mcp:tool readonly
//mcp:arg path the file's path, for example README.md
func Download(path string) (io.ReadCloser, error) {
	switch path {
	case "README.md":
		return closer{strings.NewReader("# Hello\n\nThis is the readme. ✓\n")}, nil
	case "logo.png":
		return closer{bytes.NewReader(append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...))}, nil
	case "data.bin":
		return closer{bytes.NewReader([]byte{0, 1, 2, 0xff, 0xfe, 3})}, nil
	case "huge.log":
		return closer{io.LimitReader(repeat('a'), 3<<20)}, nil
	case "broken":
		return closer{io.MultiReader(strings.NewReader("partial"), failing{})}, nil
	case "denied":
		return closer{strings.NewReader("never read")}, errors.New("permission denied")
	}
	return nil, errors.New("no such file: " + path)
}

// Changelog returns the changelog as a plain reader.
//
//mcp:tool readonly
func Changelog() io.Reader {
	return strings.NewReader("v1.0.0: first release\n")
}

type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// Meta is what the server knows of a file.
type Meta struct {
	Size int    `json:"size"`
	SHA  string `json:"sha"`
}

// DownloadWithMeta returns the contents of the file at path and what the
// server knows of it, as go-github's DownloadContentsWithMeta does.
//
//mcp:tool readonly
//mcp:arg path the file's path
func DownloadWithMeta(path string) (body io.ReadCloser, meta *Meta, err error) {
	if path != "README.md" {
		return closer{strings.NewReader("never read")}, nil, errors.New("no such file: " + path)
	}
	return closer{strings.NewReader("# Hello\n")}, &Meta{Size: 8, SHA: "abc"}, nil
}
