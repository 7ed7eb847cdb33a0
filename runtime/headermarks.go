package runtime

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/httptoken"
)

// This file checks a tool's input schema for the marks that make a client
// mirror arguments into HTTP headers, when the tool is registered
// (Server.AddTool); the HTTP transport checks the headers themselves
// (http_headers.go).

// checkHeaderMarks checks the x-mcp-header marks of an input schema as
// clients do (a client drops a tool that breaks them,
// https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http):
// each is a non-empty HTTP token, unique ignoring case, on a string,
// integer or boolean property reached from the root through "properties"
// only.
func checkHeaderMarks(schema []byte) error {
	if !strings.Contains(string(schema), `"x-mcp-header"`) {
		return nil
	}
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return err
	}
	seen := map[string]bool{}
	var walk func(v any, ptr string, chain bool) error
	walk = func(v any, ptr string, chain bool) error {
		switch v := v.(type) {
		case []any:
			for i, e := range v {
				if err := walk(e, ptr+"/"+strconv.Itoa(i), false); err != nil {
					return err
				}
			}
		case map[string]any:
			if h, ok := v["x-mcp-header"]; ok {
				name, _ := h.(string)
				switch {
				case !httptoken.Valid(name):
					return fmt.Errorf("at %s: x-mcp-header must be a non-empty HTTP token", ptr)
				case !chain || ptr == "":
					return fmt.Errorf("at %s: x-mcp-header must be on a property reached through properties only", ptr)
				case v["type"] != "string" && v["type"] != "integer" && v["type"] != "boolean":
					return fmt.Errorf("at %s: x-mcp-header must be on a string, integer or boolean property", ptr)
				case seen[strings.ToLower(name)]:
					return fmt.Errorf("at %s: x-mcp-header %q is used twice (ignoring case)", ptr, name)
				}
				seen[strings.ToLower(name)] = true
			}
			for k, e := range v {
				if k == "properties" {
					if props, ok := e.(map[string]any); ok {
						for name, p := range props {
							if err := walk(p, ptr+"/properties/"+name, chain); err != nil {
								return err
							}
						}
						continue
					}
				}
				if err := walk(e, ptr+"/"+k, false); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(root, "", true)
}
