// Package thin is the GitHub tools of github-mcp-server's default
// toolsets (context, repos, issues, pull_requests, users) as a Go
// developer writes them with mcpgen: one thin method over go-github per
// tool, returning what go-github returns.
package thin

import (
	"context"

	"github.com/google/go-github/v89/github"
)

//mcp:param owner the account that owns the repository
//mcp:param repo the repository's name
//mcp:param number the issue's or pull request's number
//mcp:param query GitHub search syntax
//mcp:param page the page of results, from 1
//mcp:param perPage results per page, at most 100

// GitHub calls the GitHub REST API.
type GitHub struct{ C *github.Client }

// GetMe returns the authenticated user.
//
//mcp:tool readonly
func (g *GitHub) GetMe(ctx context.Context) (*github.User, error) {
	u, _, err := g.C.Users.Get(ctx, "")
	return u, err
}

// GetIssue returns an issue.
//
//mcp:tool readonly
func (g *GitHub) GetIssue(ctx context.Context, owner, repo string, number int) (*github.Issue, error) {
	i, _, err := g.C.Issues.Get(ctx, owner, repo, number)
	return i, err
}

// ListIssueComments returns the comments of an issue.
//
//mcp:tool readonly
func (g *GitHub) ListIssueComments(ctx context.Context, owner, repo string, number int, page, perPage *int) ([]*github.IssueComment, error) {
	c, _, err := g.C.Issues.ListComments(ctx, owner, repo, number, &github.IssueListCommentsOptions{ListOptions: list(page, perPage)})
	return c, err
}

// SearchIssues searches issues.
//
//mcp:tool readonly
func (g *GitHub) SearchIssues(ctx context.Context, query string, page, perPage *int) (*github.IssuesSearchResult, error) {
	r, _, err := g.C.Search.Issues(ctx, query+" is:issue", &github.SearchOptions{ListOptions: list(page, perPage)})
	return r, err
}

// CreateIssue opens an issue.
//
//mcp:tool
func (g *GitHub) CreateIssue(ctx context.Context, owner, repo string, issue github.IssueRequest) (*github.Issue, error) {
	i, _, err := g.C.Issues.Create(ctx, owner, repo, &issue)
	return i, err
}

// UpdateIssue changes an issue: what issue holds.
//
//mcp:tool
func (g *GitHub) UpdateIssue(ctx context.Context, owner, repo string, number int, issue github.IssueRequest) (*github.Issue, error) {
	i, _, err := g.C.Issues.Edit(ctx, owner, repo, number, &issue)
	return i, err
}

// AddIssueComment comments on an issue or pull request.
//
//mcp:tool
func (g *GitHub) AddIssueComment(ctx context.Context, owner, repo string, number int, body string) (*github.IssueComment, error) {
	c, _, err := g.C.Issues.CreateComment(ctx, owner, repo, number, &github.IssueComment{Body: &body})
	return c, err
}

// GetLabel returns a label of a repository.
//
//mcp:tool readonly
func (g *GitHub) GetLabel(ctx context.Context, owner, repo, name string) (*github.Label, error) {
	l, _, err := g.C.Issues.GetLabel(ctx, owner, repo, name)
	return l, err
}

// GetPullRequest returns a pull request.
//
//mcp:tool readonly
func (g *GitHub) GetPullRequest(ctx context.Context, owner, repo string, number int) (*github.PullRequest, error) {
	p, _, err := g.C.PullRequests.Get(ctx, owner, repo, number)
	return p, err
}

// ListPullRequestFiles returns the files a pull request changes.
//
//mcp:tool readonly
func (g *GitHub) ListPullRequestFiles(ctx context.Context, owner, repo string, number int, page, perPage *int) ([]*github.CommitFile, error) {
	opts := list(page, perPage)
	f, _, err := g.C.PullRequests.ListFiles(ctx, owner, repo, number, &opts)
	return f, err
}

// ListPullRequests returns the pull requests of a repository.
//
//mcp:tool readonly
func (g *GitHub) ListPullRequests(ctx context.Context, owner, repo string, state *string, page, perPage *int) ([]*github.PullRequest, error) {
	opts := &github.PullRequestListOptions{ListOptions: list(page, perPage)}
	if state != nil {
		opts.State = *state
	}
	p, _, err := g.C.PullRequests.List(ctx, owner, repo, opts)
	return p, err
}

// SearchPullRequests searches pull requests.
//
//mcp:tool readonly
func (g *GitHub) SearchPullRequests(ctx context.Context, query string, page, perPage *int) (*github.IssuesSearchResult, error) {
	r, _, err := g.C.Search.Issues(ctx, query+" is:pr", &github.SearchOptions{ListOptions: list(page, perPage)})
	return r, err
}

// CreatePullRequest opens a pull request.
//
//mcp:tool
func (g *GitHub) CreatePullRequest(ctx context.Context, owner, repo string, pull github.NewPullRequest) (*github.PullRequest, error) {
	p, _, err := g.C.PullRequests.Create(ctx, owner, repo, &pull)
	return p, err
}

// UpdatePullRequest changes the title, body, state or base of a pull request.
//
//mcp:tool
func (g *GitHub) UpdatePullRequest(ctx context.Context, owner, repo string, number int, title, body, state, base *string) (*github.PullRequest, error) {
	pull := &github.PullRequest{Title: title, Body: body, State: state}
	if base != nil {
		pull.Base = &github.PullRequestBranch{Ref: base}
	}
	p, _, err := g.C.PullRequests.Edit(ctx, owner, repo, number, pull)
	return p, err
}

// MergePullRequest merges a pull request (method: merge, squash or rebase).
//
//mcp:tool destructive
func (g *GitHub) MergePullRequest(ctx context.Context, owner, repo string, number int, message string, method *string) (*github.PullRequestMergeResult, error) {
	opts := &github.PullRequestOptions{}
	if method != nil {
		opts.MergeMethod = *method
	}
	r, _, err := g.C.PullRequests.Merge(ctx, owner, repo, number, message, opts)
	return r, err
}

// GetFileContents returns a file, or the entries of a directory, at ref
// (the default branch when absent).
//
//mcp:tool readonly
func (g *GitHub) GetFileContents(ctx context.Context, owner, repo, path string, ref *string) (file *github.RepositoryContent, dir []*github.RepositoryContent, err error) {
	opts := &github.RepositoryContentGetOptions{}
	if ref != nil {
		opts.Ref = *ref
	}
	file, dir, _, err = g.C.Repositories.GetContents(ctx, owner, repo, path, opts)
	return file, dir, err
}

// ListBranches returns the branches of a repository.
//
//mcp:tool readonly
func (g *GitHub) ListBranches(ctx context.Context, owner, repo string, page, perPage *int) ([]*github.Branch, error) {
	b, _, err := g.C.Repositories.ListBranches(ctx, owner, repo, &github.BranchListOptions{ListOptions: list(page, perPage)})
	return b, err
}

// ListCommits returns the commits of a branch, tag or SHA (the default
// branch when absent).
//
//mcp:tool readonly
func (g *GitHub) ListCommits(ctx context.Context, owner, repo string, sha *string, page, perPage *int) ([]*github.RepositoryCommit, error) {
	opts := &github.CommitsListOptions{ListOptions: list(page, perPage)}
	if sha != nil {
		opts.SHA = *sha
	}
	c, _, err := g.C.Repositories.ListCommits(ctx, owner, repo, opts)
	return c, err
}

// GetCommit returns a commit with its changes.
//
//mcp:tool readonly
func (g *GitHub) GetCommit(ctx context.Context, owner, repo, sha string) (*github.RepositoryCommit, error) {
	c, _, err := g.C.Repositories.GetCommit(ctx, owner, repo, sha, nil)
	return c, err
}

// SearchCode searches code.
//
//mcp:tool readonly
func (g *GitHub) SearchCode(ctx context.Context, query string, page, perPage *int) (*github.CodeSearchResult, error) {
	r, _, err := g.C.Search.Code(ctx, query, &github.SearchOptions{ListOptions: list(page, perPage)})
	return r, err
}

// SearchRepositories searches repositories.
//
//mcp:tool readonly
func (g *GitHub) SearchRepositories(ctx context.Context, query string, page, perPage *int) (*github.RepositoriesSearchResult, error) {
	r, _, err := g.C.Search.Repositories(ctx, query, &github.SearchOptions{ListOptions: list(page, perPage)})
	return r, err
}

// CreateBranch creates a branch at a commit.
//
//mcp:tool
func (g *GitHub) CreateBranch(ctx context.Context, owner, repo, branch, sha string) (*github.Reference, error) {
	r, _, err := g.C.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: "refs/heads/" + branch, SHA: sha})
	return r, err
}

// ListTags returns the tags of a repository.
//
//mcp:tool readonly
func (g *GitHub) ListTags(ctx context.Context, owner, repo string, page, perPage *int) ([]*github.RepositoryTag, error) {
	opts := list(page, perPage)
	t, _, err := g.C.Repositories.ListTags(ctx, owner, repo, &opts)
	return t, err
}

// ListReleases returns the releases of a repository.
//
//mcp:tool readonly
func (g *GitHub) ListReleases(ctx context.Context, owner, repo string, page, perPage *int) ([]*github.RepositoryRelease, error) {
	opts := list(page, perPage)
	r, _, err := g.C.Repositories.ListReleases(ctx, owner, repo, &opts)
	return r, err
}

// SearchUsers searches users.
//
//mcp:tool readonly
func (g *GitHub) SearchUsers(ctx context.Context, query string, page, perPage *int) (*github.UsersSearchResult, error) {
	r, _, err := g.C.Search.Users(ctx, query, &github.SearchOptions{ListOptions: list(page, perPage)})
	return r, err
}

// list is the paging of a call.
func list(page, perPage *int) github.ListOptions {
	var o github.ListOptions
	if page != nil {
		o.Page = *page
	}
	if perPage != nil {
		o.PerPage = *perPage
	}
	return o
}
