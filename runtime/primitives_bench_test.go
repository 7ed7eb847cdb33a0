package runtime

import (
	"context"
	"fmt"
	"strconv"
	"testing"
)

// BenchmarkStdioPrimitivesOverhead serves tools/list and a tools/call on a
// server without prompts and resources and on one with 50 of each: a
// server's prompts and resources must not slow its tools down.
func BenchmarkStdioPrimitivesOverhead(b *testing.B) {
	for _, n := range []int{0, 50} {
		newServer := func() *Server {
			s := benchToolsServer(3)
			for i := range n {
				s.MustAddPrompt(Prompt{Name: fmt.Sprint("p", i), Description: "A prompt.",
					Arguments: []PromptArgument{{Name: "a", Required: true}},
					Handler:   func(context.Context, map[string]string) (*PromptResult, error) { return PromptText("x"), nil }})
				s.MustAddResource(Resource{URI: fmt.Sprint("r://", i), Name: fmt.Sprint("r", i),
					Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) { return TextResource("x"), nil }})
			}
			return s
		}
		b.Run(fmt.Sprintf("primitives=%d/tools-list", 2*n), func(b *testing.B) {
			serveBench(b, newServer(), func(id int) string {
				return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/list","params":{}}`
			})
		})
		b.Run(fmt.Sprintf("primitives=%d/call-add", 2*n), func(b *testing.B) {
			serveBench(b, newServer(), func(id int) string {
				return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"add","arguments":{"a":` + strconv.Itoa(id) + `,"b":0.25}}}`
			})
		})
	}
}
