package trial

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/google/go-github/v72/github"
	"github.com/mcpgen/mcpgen/runtime"

	"example.com/apis/ghmcp"
)

const ghUser = `{"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://github.com/images/error/octocat_happy.gif","type":"User","site_admin":false}`
const ghRepo = `{"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"Hello-World","full_name":"octocat/Hello-World","owner":` + ghUser + `,"private":false,"html_url":"https://github.com/octocat/Hello-World","description":"This your first repo! <b>bold</b> & more","fork":false,"topics":["octocat","atom"],"default_branch":"master","permissions":{"admin":false,"push":false,"pull":true},"created_at":"2011-01-26T19:01:12Z","pushed_at":"2011-01-26T19:06:43Z","updated_at":"2011-01-26T19:14:43Z","stargazers_count":80,"watchers_count":80,"size":108,"license":{"key":"mit","name":"MIT License","spdx_id":"MIT"}}`
const ghIssue = `{"id":1,"number":1347,"state":"open","title":"Found a bug","body":"I'm having a problem with this. <script>alert(1)</script>","user":` + ghUser + `,"labels":[{"id":208045946,"name":"bug","description":"Something isn't working","color":"f29513","default":true}],"comments":0,"created_at":"2011-04-22T13:33:48Z","updated_at":"2011-04-22T13:33:48Z","reactions":{"total_count":5,"+1":3,"-1":1,"laugh":0,"confused":0,"heart":1,"hooray":0},"author_association":"COLLABORATOR"}`
const ghPull = `{"id":1,"number":1347,"state":"open","title":"Amazing new feature","body":"Please pull these awesome changes in!","user":` + ghUser + `,"created_at":"2011-01-26T19:01:12Z","head":{"label":"octocat:new-topic","ref":"new-topic","sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e","user":` + ghUser + `,"repo":` + ghRepo + `},"base":{"label":"octocat:master","ref":"master","sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e","user":` + ghUser + `,"repo":` + ghRepo + `},"merged":false,"mergeable":true,"comments":10,"commits":3,"additions":100,"deletions":3,"changed_files":5}`
const ghLabel = `{"id":208045946,"name":"bug","description":"Something isn't working","color":"f29513","default":true}`

// fakeGitHub answers a few routes of the GitHub REST API and remembers
// the query and body of the last request.
type fakeGitHub struct {
	mu        sync.Mutex
	lastQuery url.Values
	lastBody  string
}

func (f *fakeGitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.lastQuery, f.lastBody = r.URL.Query(), string(b)
	f.mu.Unlock()
	w.Header().Set("X-RateLimit-Limit", "5000")
	w.Header().Set("X-RateLimit-Remaining", "4999")
	w.Header().Set("X-RateLimit-Reset", "1372700873")
	w.Header().Set("Content-Type", "application/json")
	send := func(s string) { _, _ = io.WriteString(w, s) }
	switch r.Method + " " + r.URL.Path {
	case "GET /repos/o/r/issues/1347":
		send(ghIssue)
	case "PATCH /repos/o/r/issues/1347":
		send(ghIssue[:len(ghIssue)-1] + `,"state_reason":"completed"}`)
	case "GET /repos/o/r/issues":
		w.Header().Set("Link", `<`+"http://"+r.Host+`/repos/o/r/issues?page=2>; rel="next", <`+"http://"+r.Host+`/repos/o/r/issues?page=5>; rel="last"`)
		send("[" + ghIssue + "," + ghIssue + "]")
	case "GET /repos/o/r/pulls/1347":
		send(ghPull)
	case "GET /repos/o/r":
		send(ghRepo)
	case "GET /repos/o/r/assignees/octocat":
		w.WriteHeader(http.StatusNoContent)
	case "GET /repos/o/r/assignees/nobody":
		w.WriteHeader(http.StatusNotFound)
	case "GET /repos/o/r/labels/bug":
		send(ghLabel)
	default:
		w.WriteHeader(http.StatusNotFound)
		send(`{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}`)
	}
}

func TestGitHub(t *testing.T) {
	fake := &fakeGitHub{}
	api := httptest.NewServer(fake)
	defer api.Close()
	client := github.NewClient(nil)
	client.BaseURL, _ = url.Parse(api.URL + "/")

	srv := runtime.NewServer("github", "1.0.0")
	ghmcp.RegisterIssuesServiceTools(srv, client.Issues)
	ghmcp.RegisterPullRequestsServiceTools(srv, client.PullRequests)
	ghmcp.RegisterRepositoriesServiceTools(srv, client.Repositories)
	cs, endpoint := serve(t, srv)
	ctx := context.Background()
	pages := func(r *github.Response) map[string]any {
		return map[string]any{"response_pages": ghmcp.ResponsePages(r)}
	}
	calls := []call{
		{"issues_get", `{"owner":"o","repo":"r","number":1347}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.Get(ctx, "o", "r", 1347)
			return v, pages(r), err
		}, nil},
		{"issues_list_by_repo", `{"owner":"o","repo":"r","opts":{"State":"closed","Labels":["bug","ui"]}}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.ListByRepo(ctx, "o", "r", &github.IssueListByRepoOptions{State: "closed", Labels: []string{"bug", "ui"}})
			return v, pages(r), err
		}, func(t *testing.T) {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if q := fake.lastQuery.Encode(); q != "labels=bug%2Cui&state=closed" {
				t.Errorf("issues_list_by_repo: the API was asked %q", q)
			}
		}},
		{"issues_edit", `{"owner":"o","repo":"r","number":1347,"issue":{"state":"closed","state_reason":"completed"}}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.Edit(ctx, "o", "r", 1347, &github.IssueRequest{State: github.Ptr("closed"), StateReason: github.Ptr("completed")})
			return v, pages(r), err
		}, func(t *testing.T) {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if fake.lastBody != `{"state":"closed","state_reason":"completed"}`+"\n" {
				t.Errorf("issues_edit: the API was sent %q", fake.lastBody)
			}
		}},
		{"pulls_get", `{"owner":"o","repo":"r","number":1347}`, func() (any, map[string]any, error) {
			v, r, err := client.PullRequests.Get(ctx, "o", "r", 1347)
			return v, pages(r), err
		}, nil},
		{"repos_get", `{"owner":"o","repo":"r"}`, func() (any, map[string]any, error) {
			v, r, err := client.Repositories.Get(ctx, "o", "r")
			return v, pages(r), err
		}, nil},
		{"issues_is_assignee", `{"owner":"o","repo":"r","user":"octocat"}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.IsAssignee(ctx, "o", "r", "octocat")
			return v, pages(r), err
		}, nil},
		{"issues_is_assignee", `{"owner":"o","repo":"r","user":"nobody"}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.IsAssignee(ctx, "o", "r", "nobody")
			return v, pages(r), err
		}, nil},
		{"issues_get_label", `{"owner":"o","repo":"r","name":"bug"}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.GetLabel(ctx, "o", "r", "bug")
			return v, pages(r), err
		}, nil},
		{"issues_get", `{"owner":"o","repo":"r","number":1}`, func() (any, map[string]any, error) {
			v, r, err := client.Issues.Get(ctx, "o", "r", 1)
			return v, pages(r), err
		}, nil},
	}
	// The //mcp:view lines of ghmcp: the results are the direct values
	// shown through them.
	views := readViews(t, "ghmcp/mcp.go")
	equal, texts := compare(t, cs, calls, views)
	bytes, largest, size := rawList(t, endpoint)
	tools := len(srv.Tools())
	report("go-github v72.0.0: %d tools served, %d of %d calls equal to direct Go calls (%d //mcp:view lines); results %d bytes of text; tools/list %d bytes; largest %s %d bytes", tools, equal, len(calls), len(views), texts, bytes, largest, size)
	t.Logf("%d tools, %d of %d calls equal, tools/list %d bytes, largest %s %d bytes", tools, equal, len(calls), bytes, largest, size)
}
