package main

import (
	"context"
	"encoding/json"

	"github.com/mcpgen/mcpgen/runtime"
)

// The list-changed fixtures of the server-stateless scenario: calling
// test_trigger_tool_change (test_trigger_prompt_change) changes the tool
// (prompt) list, so that the server, which declares listChanged
// (runtime.WithListChanged), announces it on the open subscriptions/listen
// streams. Each call adds an extra item, or takes it away again when it is
// there, so that repeated runs leave the lists as they were half the time
// and never grow them by more than one.

// addListChangeTriggers registers the two trigger tools on srv.
func addListChangeTriggers(srv *runtime.Server) {
	trigger := func(name, description string, change func() (string, error)) runtime.Tool {
		return runtime.Tool{
			Name:        name,
			Description: description,
			InputSchema: `{"type":"object","additionalProperties":false}`,
			Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
				text, err := change()
				if err != nil {
					return nil, err
				}
				return runtime.TextResult(text), nil
			},
		}
	}
	srv.MustAddTool(trigger("test_trigger_tool_change", "Adds the tool test_dynamic_tool, or removes it when it is there", func() (string, error) {
		if srv.RemoveTool("test_dynamic_tool") {
			return "removed test_dynamic_tool", nil
		}
		return "added test_dynamic_tool", srv.AddTool(runtime.Tool{
			Name:        "test_dynamic_tool",
			Description: "A tool that test_trigger_tool_change added",
			InputSchema: `{"type":"object","additionalProperties":false}`,
			Handler: func(context.Context, json.RawMessage) (*runtime.Result, error) {
				return runtime.TextResult("dynamic"), nil
			},
		})
	}))
	srv.MustAddTool(trigger("test_trigger_prompt_change", "Adds the prompt test_dynamic_prompt, or removes it when it is there", func() (string, error) {
		if srv.RemovePrompt("test_dynamic_prompt") {
			return "removed test_dynamic_prompt", nil
		}
		return "added test_dynamic_prompt", srv.AddPrompt(runtime.Prompt{
			Name:        "test_dynamic_prompt",
			Description: "A prompt that test_trigger_prompt_change added",
			Handler: func(context.Context, map[string]string) (*runtime.PromptResult, error) {
				return runtime.PromptText("dynamic"), nil
			},
		})
	}))
}
