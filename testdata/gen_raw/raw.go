// Package gen_raw has tools that build their results themselves.
package gen_raw

import (
	"context"

	"github.com/mcpgen/mcpgen/runtime"
)

// Logo returns an image and a caption.
//
//mcp:tool readonly
func Logo(ctx context.Context) (*runtime.Result, error) {
	return &runtime.Result{Content: []runtime.Content{
		&runtime.TextContent{Text: "the logo"},
	}}, nil
}

// Echo echoes its text, flagged as an error when asked to.
//
//mcp:arg text what to echo
//mcp:arg fail whether to flag the result as an error
//mcp:tool
func Echo(text string, fail bool) *runtime.Result {
	r := runtime.TextResult(text)
	r.IsError = fail
	return r
}

// Dot returns a one-pixel PNG image.
//
//mcp:tool readonly
func Dot() (*runtime.ImageContent, error) {
	return &runtime.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"}, nil
}

// Parts returns two text blocks.
//
//mcp:tool readonly
func Parts() []runtime.Content {
	return []runtime.Content{&runtime.TextContent{Text: "one"}, &runtime.TextContent{Text: "two"}}
}
