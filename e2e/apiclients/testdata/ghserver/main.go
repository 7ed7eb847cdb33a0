// Command ghserver serves go-github's issues, pull requests and
// repositories services as MCP tools over stdio, with the token in
// GITHUB_TOKEN.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/google/go-github/v72/github"
	"github.com/mcpgen/mcpgen/runtime"

	"example.com/apis/ghmcp"
)

func main() {
	client := github.NewClient(nil)
	if token := os.Getenv("GITHUB_TOKEN"); token != "" {
		client = client.WithAuthToken(token)
	}
	srv := runtime.NewServer("github", "1.0.0")
	ghmcp.RegisterIssuesServiceTools(srv, client.Issues) // generated in ghmcp/mcp_gen.go
	ghmcp.RegisterPullRequestsServiceTools(srv, client.PullRequests)
	ghmcp.RegisterRepositoriesServiceTools(srv, client.Repositories)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.ServeStdio(ctx); err != nil {
		log.Fatal(err)
	}
}
