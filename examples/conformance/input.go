package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpgen/mcpgen/runtime"
)

// The tools below ask the client for input while they run: elicitation,
// sampling and roots. Each works with clients of every protocol version:
// legacy clients get requests from the server, modern (2026-07-28) clients
// get input_required results (see runtime.Elicit).

// nameForm is the form of several fixtures: one required name.
const nameForm = `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`

// SamplingArgs are the arguments of TestSampling.
type SamplingArgs struct {
	// The prompt to send to the client's model.
	Prompt string `json:"prompt"`
}

// TestSampling asks the client's model to answer a prompt.
//
//mcp:tool
func TestSampling(ctx context.Context, in SamplingArgs) (string, error) {
	res, err := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText(in.Prompt)},
		MaxTokens: 100,
	})
	if err != nil {
		return "", err
	}
	return "LLM response: " + res.Content.Text, nil
}

// ElicitationArgs are the arguments of TestElicitation.
type ElicitationArgs struct {
	// The message to show the user.
	Message string `json:"message"`
}

// TestElicitation asks the user for a user name and an email address.
//
//mcp:tool
func TestElicitation(ctx context.Context, in ElicitationArgs) (string, error) {
	res, err := runtime.ElicitSchema(ctx, in.Message, `{
	  "type": "object",
	  "properties": {
	    "username": {"type": "string", "description": "User's response"},
	    "email": {"type": "string", "description": "User's email address"}
	  },
	  "required": ["username", "email"]
	}`)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("User response: action=%s, content=%s", res.Action, content(res)), nil
}

// TestElicitationSep1034Defaults asks for a form whose fields all have
// default values (SEP-1034).
//
//mcp:tool name=test_elicitation_sep1034_defaults
func TestElicitationSep1034Defaults(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "Please review and update the form fields with defaults", `{
	  "type": "object",
	  "properties": {
	    "name": {"type": "string", "description": "User name", "default": "John Doe"},
	    "age": {"type": "integer", "description": "User age", "default": 30},
	    "score": {"type": "number", "description": "User score", "default": 95.5},
	    "status": {"type": "string", "description": "User status", "enum": ["active", "inactive", "pending"], "default": "active"},
	    "verified": {"type": "boolean", "description": "Verification status", "default": true}
	  }
	}`)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation completed: action=%s, content=%s", res.Action, content(res)), nil
}

// TestElicitationSep1330Enums asks for a form with every kind of enum
// field (SEP-1330).
//
//mcp:tool name=test_elicitation_sep1330_enums
func TestElicitationSep1330Enums(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "Please select options from the enum fields", `{
	  "type": "object",
	  "properties": {
	    "untitledSingle": {"type": "string", "description": "Select one option", "enum": ["option1", "option2", "option3"]},
	    "titledSingle": {"type": "string", "description": "Select one option with titles", "oneOf": [
	      {"const": "value1", "title": "First Option"},
	      {"const": "value2", "title": "Second Option"},
	      {"const": "value3", "title": "Third Option"}
	    ]},
	    "legacyEnum": {"type": "string", "description": "Select one option (legacy)", "enum": ["opt1", "opt2", "opt3"], "enumNames": ["Option One", "Option Two", "Option Three"]},
	    "untitledMulti": {"type": "array", "description": "Select multiple options", "minItems": 1, "maxItems": 3, "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
	    "titledMulti": {"type": "array", "description": "Select multiple options with titles", "minItems": 1, "maxItems": 3, "items": {"anyOf": [
	      {"const": "value1", "title": "First Choice"},
	      {"const": "value2", "title": "Second Choice"},
	      {"const": "value3", "title": "Third Choice"}
	    ]}}
	  }
	}`)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation completed: action=%s, content=%s", res.Action, content(res)), nil
}

// content returns the JSON text of an elicitation's content.
func content(e runtime.Elicitation[json.RawMessage]) string {
	if e.Content == nil {
		return "{}"
	}
	return string(e.Content)
}

// field returns one field of an accepted elicitation's content as text.
func field(e runtime.Elicitation[json.RawMessage], name string) string {
	var m map[string]any
	if !e.Accepted() || json.Unmarshal(e.Content, &m) != nil {
		return "(" + string(e.Action) + ")"
	}
	return fmt.Sprint(m[name])
}

// rootList returns the URIs of roots, separated by commas.
func rootList(roots []runtime.Root) string {
	uris := make([]string, len(roots))
	for i, r := range roots {
		uris[i] = r.URI
	}
	return strings.Join(uris, ", ")
}

// TestMissingCapability needs sampling: a client that did not declare the
// capability gets an error instead (-32021 under protocol 2026-07-28).
//
//mcp:tool
func TestMissingCapability(ctx context.Context) (string, error) {
	res, err := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText("Say hello")},
		MaxTokens: 20,
	})
	if err != nil {
		return "", err
	}
	return "Sampled: " + res.Content.Text, nil
}

// TestStreamingElicitation asks for the user's name. Under protocol
// 2026-07-28 the question travels in the result, never as a request of the
// server's on the response stream.
//
//mcp:tool
func TestStreamingElicitation(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "What is your name?", nameForm)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation completed: action=%s, content=%s", res.Action, content(res)), nil
}

// TestLoggingTool logs a message at level info, which the client receives
// only if it asked for log messages.
//
//mcp:tool readonly idempotent
func TestLoggingTool(ctx context.Context) string {
	runtime.Logger(ctx).InfoContext(ctx, "test_logging_tool ran")
	return "Logged a message at level info"
}

// TestInputRequiredResultElicitation asks for the user's name.
//
//mcp:tool
func TestInputRequiredResultElicitation(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "What is your name?", nameForm, runtime.InputKey("user_name"))
	if err != nil {
		return "", err
	}
	return "Hello, " + field(res, "name") + "!", nil
}

// TestInputRequiredResultSampling asks the client's model a question.
//
//mcp:tool
func TestInputRequiredResultSampling(ctx context.Context) (string, error) {
	res, err := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText("What is the capital of France?")},
		MaxTokens: 100,
	}, runtime.InputKey("capital_question"))
	if err != nil {
		return "", err
	}
	return "The model answered: " + res.Content.Text, nil
}

// TestInputRequiredResultListRoots lists the client's roots.
//
//mcp:tool
func TestInputRequiredResultListRoots(ctx context.Context) (string, error) {
	roots, err := runtime.ListRoots(ctx, runtime.InputKey("client_roots"))
	if err != nil {
		return "", err
	}
	return "Roots: " + rootList(roots), nil
}

// TestInputRequiredResultRequestState asks for a confirmation; its answer
// comes back with the signed request state.
//
//mcp:tool
func TestInputRequiredResultRequestState(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "Please confirm",
		`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`,
		runtime.InputKey("confirm"))
	if err != nil {
		return "", err
	}
	return "state-ok: confirmed=" + field(res, "ok"), nil
}

// TestInputRequiredResultMultipleInputs asks three questions at once.
//
//mcp:tool
func TestInputRequiredResultMultipleInputs(ctx context.Context) (string, error) {
	name, err1 := runtime.ElicitSchema(ctx, "What is your name?", nameForm, runtime.InputKey("user_name"))
	greeting, err2 := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText("Generate a greeting")},
		MaxTokens: 50,
	}, runtime.InputKey("greeting"))
	roots, err3 := runtime.ListRoots(ctx, runtime.InputKey("client_roots"))
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s, %s (roots: %s)", greeting.Content.Text, field(name, "name"), rootList(roots)), nil
}

// TestInputRequiredResultMultiRound asks two questions, one after the
// other.
//
//mcp:tool
func TestInputRequiredResultMultiRound(ctx context.Context) (string, error) {
	name, err := runtime.ElicitSchema(ctx, "Step 1: What is your name?", nameForm, runtime.InputKey("step1"))
	if err != nil {
		return "", err
	}
	color, err := runtime.ElicitSchema(ctx, "Step 2: What is your favorite color?",
		`{"type":"object","properties":{"color":{"type":"string"}},"required":["color"]}`,
		runtime.InputKey("step2"))
	if err != nil {
		return "", err
	}
	return field(name, "name") + " likes " + field(color, "color"), nil
}

// TestInputRequiredResultTamperedState asks for a confirmation; a client
// that alters the request state is refused.
//
//mcp:tool
func TestInputRequiredResultTamperedState(ctx context.Context) (string, error) {
	res, err := runtime.ElicitSchema(ctx, "Please confirm",
		`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)
	if err != nil {
		return "", err
	}
	return "confirmed=" + field(res, "ok"), nil
}

// TestInputRequiredResultCapabilities asks the user and the model what it
// can: only questions whose capability the client declared are asked.
//
//mcp:tool
func TestInputRequiredResultCapabilities(ctx context.Context) (string, error) {
	var parts []string
	var missing *runtime.MissingCapabilityError
	name, err1 := runtime.ElicitSchema(ctx, "What is your name?", nameForm)
	if errors.As(err1, &missing) {
		err1 = nil
	} else if err1 == nil {
		parts = append(parts, "name="+field(name, "name"))
	}
	s, err2 := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText("Say hello")},
		MaxTokens: 20,
	})
	if errors.As(err2, &missing) {
		err2 = nil
	} else if err2 == nil {
		parts = append(parts, "model="+s.Content.Text)
	}
	if err := errors.Join(err1, err2); err != nil {
		return "", err
	}
	return "Answers: " + strings.Join(parts, ", "), nil
}
