// Package ghmcp serves three services of go-github as MCP tools. Nothing is
// added to go-github: the lines of this comment name its types, and
// mcpgen generates mcp_gen.go here. The //mcp:view lines say what the
// results show of go-github's main types.
package ghmcp

import "github.com/google/go-github/v72/github"

//mcp:tools github.com/google/go-github/v72/github.IssuesService prefix=issues_
//mcp:tools github.com/google/go-github/v72/github.PullRequestsService prefix=pulls_
//mcp:tools github.com/google/go-github/v72/github.RepositoriesService prefix=repos_
//mcp:result github.Response ResponsePages
//mcp:view github.Issue number title body state state_reason html_url user labels assignees milestone comments created_at updated_at closed_at pull_request
//mcp:view github.PullRequestLinks html_url merged_at
//mcp:view github.PullRequest number title body state draft merged mergeable html_url user labels head base commits additions deletions changed_files comments created_at updated_at merged_at
//mcp:view github.PullRequestBranch label ref sha
//mcp:view github.Repository full_name description html_url default_branch language topics private fork archived stargazers_count forks_count open_issues_count
//mcp:view github.User login html_url
//mcp:view github.Label name color description
//mcp:view github.Milestone number title state due_on
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
