package main

import (
	"context"
	"errors"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// The tools below are the fixtures that the MCP conformance suite
// (@modelcontextprotocol/conformance, server scenarios) calls by name. Their
// names, contents and notifications are the ones the scenarios expect.

// TestSimpleText returns a fixed line of text.
//
//mcp:tool readonly idempotent
func TestSimpleText() string {
	return "This is a simple text response for testing."
}

// TestImageContent returns a small PNG image.
//
//mcp:tool readonly idempotent
func TestImageContent() *runtime.Result {
	return &runtime.Result{Content: []runtime.Content{
		&runtime.ImageContent{Data: redPixelPNG, MIMEType: "image/png"},
	}}
}

// TestAudioContent returns a short, silent WAV recording.
//
//mcp:tool readonly idempotent
func TestAudioContent() *runtime.Result {
	return &runtime.Result{Content: []runtime.Content{
		&runtime.AudioContent{Data: silentWAV(), MIMEType: "audio/wav"},
	}}
}

// TestEmbeddedResource returns a text resource embedded in the result.
//
//mcp:tool readonly idempotent
func TestEmbeddedResource() *runtime.Result {
	return &runtime.Result{Content: []runtime.Content{
		&runtime.EmbeddedResource{Resource: runtime.ResourceContents{
			URI:      "test://embedded-resource",
			MIMEType: "text/plain",
			Text:     "This is an embedded resource content.",
		}},
	}}
}

// TestMultipleContentTypes returns text, an image and an embedded resource.
//
//mcp:tool readonly idempotent
func TestMultipleContentTypes() *runtime.Result {
	return &runtime.Result{Content: []runtime.Content{
		&runtime.TextContent{Text: "Multiple content types test:"},
		&runtime.ImageContent{Data: redPixelPNG, MIMEType: "image/png"},
		&runtime.EmbeddedResource{Resource: runtime.ResourceContents{
			URI:      "test://mixed-content-resource",
			MIMEType: "application/json",
			Text:     `{"test":"data","value":123}`,
		}},
	}}
}

// TestToolWithLogging logs three messages at level info, 50ms apart.
//
//mcp:tool readonly idempotent
func TestToolWithLogging(ctx context.Context) (string, error) {
	log := runtime.Logger(ctx)
	log.InfoContext(ctx, "Tool execution started")
	if err := sleep(ctx, 50*time.Millisecond); err != nil {
		return "", err
	}
	log.InfoContext(ctx, "Tool processing data")
	if err := sleep(ctx, 50*time.Millisecond); err != nil {
		return "", err
	}
	log.InfoContext(ctx, "Tool execution completed")
	return "Tool with logging executed successfully", nil
}

// TestErrorHandling always fails, to show how a tool reports an error.
//
//mcp:tool readonly idempotent
func TestErrorHandling() error {
	//lint:ignore ST1005 the conformance suite expects this message
	return errors.New("This tool intentionally returns an error for testing")
}

// TestToolWithProgress reports progress 0, 50 and 100 of 100, 50ms apart.
//
//mcp:tool readonly idempotent
func TestToolWithProgress(ctx context.Context) (string, error) {
	for i, p := range []float64{0, 50, 100} {
		if i > 0 {
			if err := sleep(ctx, 50*time.Millisecond); err != nil {
				return "", err
			}
		}
		runtime.ReportProgress(ctx, p, 100, "")
	}
	return "Tool with progress executed successfully", nil
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// RoutedArgs are the arguments of TestParamHeader.
type RoutedArgs struct {
	// The region that serves the request. HTTP clients of protocol
	// 2026-07-28 send it as the Mcp-Param-Region header too, so that a
	// gateway can route the call without reading its body.
	Region string `json:"region" mcp:"header=Region"`
}

// TestParamHeader echoes an argument that is mirrored into an HTTP header
// (x-mcp-header).
//
//mcp:tool readonly idempotent
func TestParamHeader(in RoutedArgs) string {
	return "region=" + in.Region
}
