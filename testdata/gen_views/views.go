// Package gen_views shows the results of its tools through views.
package gen_views

import (
	"context"
	"errors"

	"github.com/mcpgen/mcpgen/testdata/gen_views/api"
)

//mcp:view api.Issue number title user labels created_at locked repository
//mcp:view api.User login
//mcp:view api.Label name
//mcp:view github.com/mcpgen/mcpgen/testdata/gen_views/api.Repository -*_url -node_id -url
//mcp:schema github.com/mcpgen/mcpgen/testdata/gen_views/api.Timestamp {"type":"integer"}
//mcp:param number the issue's number
//mcp:param query words the issues hold

// Tracker answers from memory.
type Tracker struct {
	Issues []*api.Issue
}

// NewTracker returns a tracker that holds issue 1, of the repository hello.
func NewTracker() *Tracker {
	number, title, login, repo := 1, "first", "octocat", "hello"
	user := &api.User{Login: &login}
	return &Tracker{Issues: []*api.Issue{{Number: &number, Title: &title, User: user,
		Repo: &api.Repository{Name: &repo, Owner: user}}}}
}

// SearchResult is the package's own type: it holds issues, shown through
// their view.
type SearchResult struct {
	Total int          `json:"total"`
	Items []*api.Issue `json:"items"`
}

// Get returns an issue.
//
//mcp:tool
func (t *Tracker) Get(ctx context.Context, number int) (*api.Issue, error) {
	for _, i := range t.Issues {
		if i.Number != nil && *i.Number == number {
			return i, nil
		}
	}
	return nil, errors.New("no such issue")
}

// List returns every issue.
//
//mcp:tool
func (t *Tracker) List() []*api.Issue { return t.Issues }

// ByTitle returns the issues by title, as values.
//
//mcp:tool
func (t *Tracker) ByTitle() map[string]api.Issue {
	out := map[string]api.Issue{}
	for _, i := range t.Issues {
		if i.Title != nil {
			out[*i.Title] = *i
		}
	}
	return out
}

// Search returns the issues and their number.
//
//mcp:tool
func (t *Tracker) Search(query string) (*SearchResult, error) {
	return &SearchResult{Total: len(t.Issues), Items: t.Issues}, nil
}

// Pair returns the first issue and its repository.
//
//mcp:tool
func (t *Tracker) Pair() (issue *api.Issue, repo api.Repository, err error) {
	if len(t.Issues) == 0 || t.Issues[0].Repo == nil {
		return nil, api.Repository{}, errors.New("no issue")
	}
	return t.Issues[0], *t.Issues[0].Repo, nil
}

// Create takes a whole issue (views never apply to arguments) and returns
// it.
//
//mcp:tool
func (t *Tracker) Create(issue api.Issue) *api.Issue {
	t.Issues = append(t.Issues, &issue)
	return &issue
}

// Page is a generic page of results: an instance that holds issues shows
// them through their view.
type Page[T any] struct {
	Items []T `json:"items"`
	Next  int `json:"next"`
}

// Paged returns the first page of issues.
//
//mcp:tool
func (t *Tracker) Paged() Page[*api.Issue] { return Page[*api.Issue]{Items: t.Issues[:1], Next: 2} }

//mcp:result Resp ResponsePaging

// Resp is what a client call returns beside its value.
type Resp struct {
	Next int
	By   *api.User
}

// Paging is what a tool's caller needs of a Resp: a user in it is shown
// through the user's view.
type Paging struct {
	Next int       `json:"next"`
	By   *api.User `json:"by,omitempty"`
}

// ResponsePaging returns the paging of r.
func ResponsePaging(r *Resp) Paging {
	if r == nil {
		return Paging{}
	}
	return Paging{Next: r.Next, By: r.By}
}

// Fetch returns an issue and the response that brought it.
//
//mcp:tool
func (t *Tracker) Fetch(number int) (*api.Issue, *Resp, error) {
	i, err := t.Get(context.Background(), number)
	if err != nil {
		return nil, nil, err
	}
	return i, &Resp{Next: number + 1, By: i.User}, nil
}
