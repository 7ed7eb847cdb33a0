// Command ghms measures github-mcp-server against the trial's fake GitHub
// API: it serves the API on loopback, starts the server binary it is given
// over stdio against it (--gh-host, with only the 22 tools the trial
// mirrors), lists the tools, makes the trial's 25 calls with the server's
// own tools and arguments, and prints the bytes of each. It is not part of
// any test: building github-mcp-server needs its module and dependencies.
//
//	go run ./ghms PATH/TO/github-mcp-server
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgen/mcpgen/e2e/ghtrial/fake"
)

var tools = strings.Fields("get_me issue_read search_issues issue_write add_issue_comment get_label pull_request_read list_pull_requests search_pull_requests create_pull_request update_pull_request merge_pull_request get_file_contents list_branches list_commits get_commit search_code search_repositories create_branch list_tags list_releases search_users")

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go func() { _ = http.Serve(ln, &fake.API{}) }()
	host := "http://" + ln.Addr().String()
	cmd := exec.Command(os.Args[1], "stdio", "--gh-host", host, "--tools", strings.Join(tools, ","))
	cmd.Env = append(os.Environ(), "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_trial")
	cmd.Stderr = os.Stderr
	c := mcp.NewClient(&mcp.Implementation{Name: "trial", Version: "1"}, nil)
	ctx := context.Background()
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		panic(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		panic(err)
	}
	total, n := 0, 0
	for _, t := range list.Tools {
		t.Icons = nil
		b, _ := json.Marshal(t)
		total += len(b)
		n++
	}
	fmt.Printf("tools/list: %d tools, %d bytes of tool entries (icons left out, as the Go SDK client re-encodes them)\n", n, total)
	sha := fmt.Sprintf("%040x", 0x6dcb09b5b5+1)
	o := `"owner":"octocat","repo":"hello-world"`
	calls := [][2]string{
		{"get_me", `{}`},
		{"issue_read", `{"method":"get",` + o + `,"issue_number":1347}`},
		{"issue_read", `{"method":"get_comments",` + o + `,"issue_number":1347}`},
		{"search_issues", `{"query":"repo:octocat/hello-world timeout"}`},
		{"issue_write", `{"method":"create",` + o + `,"title":"Found a bug","body":"It times out.","labels":["bug"]}`},
		{"issue_write", `{"method":"update",` + o + `,"issue_number":1347,"state":"closed","state_reason":"completed"}`},
		{"add_issue_comment", `{` + o + `,"issue_number":1347,"body":"Me too"}`},
		{"get_label", `{` + o + `,"name":"bug"}`},
		{"pull_request_read", `{"method":"get",` + o + `,"pullNumber":1347}`},
		{"pull_request_read", `{"method":"get_files",` + o + `,"pullNumber":1347}`},
		{"list_pull_requests", `{` + o + `,"state":"open","perPage":5}`},
		{"search_pull_requests", `{"query":"repo:octocat/hello-world feature"}`},
		{"create_pull_request", `{` + o + `,"title":"Amazing new feature","head":"new-topic","base":"main"}`},
		{"update_pull_request", `{` + o + `,"pullNumber":1347,"title":"Amazing new feature, v2"}`},
		{"merge_pull_request", `{` + o + `,"pullNumber":1347,"commit_title":"Ship it","merge_method":"squash"}`},
		{"get_file_contents", `{` + o + `,"path":"README.md"}`},
		{"list_branches", `{` + o + `}`},
		{"list_commits", `{` + o + `,"perPage":5}`},
		{"get_commit", `{` + o + `,"sha":"` + sha + `"}`},
		{"search_code", `{"query":"timeout repo:octocat/hello-world"}`},
		{"search_repositories", `{"query":"hello in:name"}`},
		{"create_branch", `{` + o + `,"branch":"feature","from_branch":"main"}`},
		{"list_tags", `{` + o + `}`},
		{"list_releases", `{` + o + `}`},
		{"search_users", `{"query":"mona"}`},
	}
	sum, errs := 0, 0
	for _, cl := range calls {
		var args map[string]any
		_ = json.Unmarshal([]byte(cl[1]), &args)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: cl[0], Arguments: args})
		if err != nil {
			fmt.Printf("  %-22s error %v\n", cl[0], err)
			errs++
			continue
		}
		text := 0
		var first bytes.Buffer
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				text += len(t.Text)
				if first.Len() == 0 {
					first.WriteString(t.Text)
				}
			}
		}
		sum += text
		mark := ""
		if res.IsError {
			mark = " isError: " + first.String()
			errs++
		}
		fmt.Printf("  %-22s %7d bytes%s\n", cl[0], text, mark)
	}
	fmt.Printf("results: %d calls, %d bytes of text, %d errors\n", len(calls), sum, errs)
}
