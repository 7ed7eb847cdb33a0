package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpgen/mcpgen/runtime"
)

// The prompts and resources that the conformance suite's prompts-*,
// resources-*, completion-* and caching scenarios ask for, written as
// annotated functions.

// TestSimplePrompt is a simple prompt without arguments.
//
//mcp:prompt
func TestSimplePrompt() string {
	return "This is a simple prompt for testing."
}

// TestPromptWithArguments is a prompt with two required arguments.
//
//mcp:prompt
//mcp:arg arg1 First test argument
//mcp:arg arg2 Second test argument
func TestPromptWithArguments(arg1, arg2 string) string {
	return fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", arg1, arg2)
}

// TestPromptWithEmbeddedResource embeds the resource it is given.
//
//mcp:prompt
//mcp:arg resourceUri URI of the resource to embed
func TestPromptWithEmbeddedResource(resourceUri string) []runtime.PromptMessage {
	return []runtime.PromptMessage{
		{Role: runtime.RoleUser, Content: &runtime.EmbeddedResource{Resource: runtime.ResourceContents{
			URI: resourceUri, MIMEType: "text/plain", Text: "Embedded resource content for testing.",
		}}},
		runtime.UserMessage("Please process the embedded resource above."),
	}
}

// TestPromptWithImage shows an image.
//
//mcp:prompt
func TestPromptWithImage() []runtime.PromptMessage {
	return []runtime.PromptMessage{
		{Role: runtime.RoleUser, Content: &runtime.ImageContent{Data: redPixelPNG, MIMEType: "image/png"}},
		runtime.UserMessage("Please analyze the image above."),
	}
}

// StaticText is a static text resource.
//
//mcp:resource uri=test://static-text name=static_text
func StaticText() string {
	return "This is the content of the static text resource."
}

// StaticBinary is a static binary resource: a PNG image.
//
//mcp:resource uri=test://static-binary mime=image/png
func StaticBinary() []byte {
	return redPixelPNG
}

// WatchedResource is a resource that clients subscribe to.
//
//mcp:resource uri=test://watched-resource
func WatchedResource() string {
	return "Watched resource content."
}

// TemplateData is the data of one item, by id.
//
//mcp:resource uri=test://template/{id}/data mime=application/json
//mcp:arg id The item's id
func TemplateData(id string) string {
	// Encoded, not formatted: an id with a quote stays inside its string.
	b, _ := json.Marshal(struct {
		ID           string `json:"id"`
		TemplateTest bool   `json:"templateTest"`
		Data         string `json:"data"`
	}{id, true, "Data for ID: " + id}) // strings and a bool: cannot fail
	return string(b)
}

// CompleteArg1 suggests values for arg1 of test_prompt_with_arguments that
// begin with what the client typed.
//
//mcp:complete prompt=test_prompt_with_arguments arg=arg1
func CompleteArg1(value string) []string {
	var out []string
	for _, v := range []string{"test", "testValue1", "paris", "park"} {
		if strings.HasPrefix(v, value) {
			out = append(out, v)
		}
	}
	return out
}

// TestInputRequiredResultPrompt asks the user what context the prompt should
// use: under protocol 2026-07-28 the question travels in an input_required
// result of prompts/get, as for a tool.
//
//mcp:prompt
func TestInputRequiredResultPrompt(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "What context should the prompt use?",
		`{"type":"object","properties":{"context":{"type":"string"}},"required":["context"]}`,
		runtime.InputKey("user_context"))
	if err != nil {
		return "", err
	}
	return "Use this context: " + field(res, "context"), nil
}
