// Package ghmcp serves three services of go-github as MCP tools. Nothing is
// added to go-github: the lines of this comment name its types, and
// mcpgen generates mcp_gen.go here.
package ghmcp

import "github.com/google/go-github/v72/github"

//mcp:tools github.com/google/go-github/v72/github.IssuesService prefix=issues_
//mcp:tools github.com/google/go-github/v72/github.PullRequestsService prefix=pulls_
//mcp:tools github.com/google/go-github/v72/github.RepositoriesService prefix=repos_
//mcp:result github.Response ResponsePages
//mcp:param owner the account that owns the repository
//mcp:param repo the repository's name, without the owner
//mcp:param number the or pull request's number

// PageInfo is what a tool's caller needs of a response.
type PageInfo struct {
	NextPage  int `json:"next_page,omitempty"` // the page to ask for next, 0 after the last
	Remaining int `json:"rate_remaining"`      // requests left in the rate limit
}

// ResponsePages returns the paging of r.
func ResponsePages(r *github.Response) PageInfo {
	if r == nil {
		return PageInfo{}
	}
	return PageInfo{NextPage: r.NextPage, Remaining: r.Rate.Remaining}
}
