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

// BenchmarkMayHear is the check of one resource update for one subscriber
// (Server.mayHear): nothing without a filter, else finding the resource
// (a fixed URI, or the match of the last of 50 templates) and running the
// filter once.
func BenchmarkMayHear(b *testing.B) {
	for _, filter := range []bool{false, true} {
		var opts []Option
		if filter {
			opts = append(opts, WithFilter(func(context.Context, Item) bool { return true }))
		}
		s := NewServer("bench", "1.0.0", opts...)
		text := func(context.Context, ResourceRequest) ([]ResourceContents, error) { return TextResource("x"), nil }
		s.MustAddResource(Resource{URI: "docs://readme", Name: "readme", Handler: text})
		for i := range 50 {
			s.MustAddResourceTemplate(ResourceTemplate{URITemplate: fmt.Sprint("t", i, "://{id}"), Name: fmt.Sprint("t", i), Handler: text})
		}
		ctx := ContextWithIdentity(context.Background(), &Identity{Subject: "u"})
		for _, uri := range []string{"docs://readme", "t49://7"} {
			b.Run(fmt.Sprintf("filter=%v/%s", filter, uri), func(b *testing.B) {
				for b.Loop() {
					if !s.mayHear(ctx, uri) {
						b.Fatal("refused")
					}
				}
			})
		}
	}
}
