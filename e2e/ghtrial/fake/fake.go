// Package fake is a fake GitHub REST API for the trial: the routes the
// tools of packages thin and viewed call, answered with objects shaped as
// GitHub's documented responses are (every URL member, nested users and
// repositories written out in full), so that a result weighs what the
// real API's does.
package fake

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
)

const api = "https://api.github.com"

type obj = map[string]any

// User is a user as GitHub writes it inside other objects.
func User(login string, id int) obj {
	u := api + "/users/" + login
	return obj{
		"login": login, "id": id, "node_id": fmt.Sprintf("MDQ6VXNlcj%d", id),
		"avatar_url": fmt.Sprintf("https://avatars.githubusercontent.com/u/%d?v=4", id), "gravatar_id": "",
		"url": u, "html_url": "https://github.com/" + login,
		"followers_url": u + "/followers", "following_url": u + "/following{/other_user}",
		"gists_url": u + "/gists{/gist_id}", "starred_url": u + "/starred{/owner}{/repo}",
		"subscriptions_url": u + "/subscriptions", "organizations_url": u + "/orgs",
		"repos_url": u + "/repos", "events_url": u + "/events{/privacy}",
		"received_events_url": u + "/received_events", "type": "User", "user_view_type": "public", "site_admin": false,
	}
}

// Me is the authenticated user, with the private members.
func Me() obj {
	u := User("octocat", 583231)
	for k, v := range (obj{
		"name": "The Octocat", "company": "@github", "blog": "https://github.blog", "location": "San Francisco",
		"email": "octocat@github.com", "hireable": false, "bio": "Mona's cat", "twitter_username": "github",
		"public_repos": 8, "public_gists": 8, "followers": 17000, "following": 9,
		"created_at": "2011-01-25T18:44:36Z", "updated_at": "2026-11-22T12:10:01Z",
		"private_gists": 81, "total_private_repos": 100, "owned_private_repos": 100, "disk_usage": 10000,
		"collaborators": 8, "two_factor_authentication": true,
		"plan": obj{"name": "Medium", "space": 400, "private_repos": 20, "collaborators": 0},
	}) {
		u[k] = v
	}
	return u
}

// Repo is a repository as GitHub writes it.
func Repo(owner, name string, id int) obj {
	r := api + "/repos/" + owner + "/" + name
	return obj{
		"id": id, "node_id": fmt.Sprintf("MDEwOlJlcG9zaXRvcnk%d", id), "name": name, "full_name": owner + "/" + name,
		"private": false, "owner": User(owner, 583231), "html_url": "https://github.com/" + owner + "/" + name,
		"description": "This your first repo!", "fork": false, "url": r,
		"forks_url": r + "/forks", "keys_url": r + "/keys{/key_id}", "collaborators_url": r + "/collaborators{/collaborator}",
		"teams_url": r + "/teams", "hooks_url": r + "/hooks", "issue_events_url": r + "/issues/events{/number}",
		"events_url": r + "/events", "assignees_url": r + "/assignees{/user}", "branches_url": r + "/branches{/branch}",
		"tags_url": r + "/tags", "blobs_url": r + "/git/blobs{/sha}", "git_tags_url": r + "/git/tags{/sha}",
		"git_refs_url": r + "/git/refs{/sha}", "trees_url": r + "/git/trees{/sha}", "statuses_url": r + "/statuses/{sha}",
		"languages_url": r + "/languages", "stargazers_url": r + "/stargazers", "contributors_url": r + "/contributors",
		"subscribers_url": r + "/subscribers", "subscription_url": r + "/subscription", "commits_url": r + "/commits{/sha}",
		"git_commits_url": r + "/git/commits{/sha}", "comments_url": r + "/comments{/number}",
		"issue_comment_url": r + "/issues/comments{/number}", "contents_url": r + "/contents/{+path}",
		"compare_url": r + "/compare/{base}...{head}", "merges_url": r + "/merges", "archive_url": r + "/{archive_format}{/ref}",
		"downloads_url": r + "/downloads", "issues_url": r + "/issues{/number}", "pulls_url": r + "/pulls{/number}",
		"milestones_url": r + "/milestones{/number}", "notifications_url": r + "/notifications{?since,all,participating}",
		"labels_url": r + "/labels{/name}", "releases_url": r + "/releases{/id}", "deployments_url": r + "/deployments",
		"created_at": "2011-01-26T19:01:12Z", "updated_at": "2026-11-30T08:14:43Z", "pushed_at": "2026-11-30T19:06:43Z",
		"git_url": "git://github.com/" + owner + "/" + name + ".git", "ssh_url": "git@github.com:" + owner + "/" + name + ".git",
		"clone_url": "https://github.com/" + owner + "/" + name + ".git", "svn_url": "https://svn.github.com/" + owner + "/" + name,
		"homepage": "https://github.com", "size": 108, "stargazers_count": 80, "watchers_count": 80, "language": "Go",
		"has_issues": true, "has_projects": true, "has_downloads": true, "has_wiki": true, "has_pages": false,
		"has_discussions": false, "forks_count": 9, "mirror_url": nil, "archived": false, "disabled": false,
		"open_issues_count": 2, "license": obj{"key": "mit", "name": "MIT License", "spdx_id": "MIT",
			"url": api + "/licenses/mit", "node_id": "MDc6TGljZW5zZW1pdA=="},
		"allow_forking": true, "is_template": false, "web_commit_signoff_required": false,
		"topics": []string{"octocat", "atom", "electron", "api"}, "visibility": "public",
		"forks": 9, "open_issues": 2, "watchers": 80, "default_branch": "main",
		"permissions": obj{"admin": false, "maintain": false, "push": false, "triage": false, "pull": true},
	}
}

// Label is a label.
func Label(name, color string, id int) obj {
	return obj{"id": id, "node_id": fmt.Sprintf("MDU6TGFiZWw%d", id), "url": api + "/repos/octocat/hello-world/labels/" + name,
		"name": name, "color": color, "default": name == "bug", "description": "Something isn't working"}
}

func reactions(url string) obj {
	return obj{"url": url + "/reactions", "total_count": 5, "+1": 3, "-1": 1, "laugh": 0, "confused": 0,
		"heart": 1, "hooray": 0, "eyes": 0, "rocket": 0}
}

// Issue is an issue as GitHub writes it.
func Issue(n int) obj {
	r := api + "/repos/octocat/hello-world"
	u := fmt.Sprintf("%s/issues/%d", r, n)
	return obj{
		"url": u, "repository_url": r, "labels_url": u + "/labels{/name}", "comments_url": u + "/comments",
		"events_url": u + "/events", "html_url": fmt.Sprintf("https://github.com/octocat/hello-world/issues/%d", n),
		"id": 1000 + n, "node_id": fmt.Sprintf("MDU6SXNzdWUx%d", n), "number": n, "title": "Found a bug",
		"user": User("octocat", 583231), "labels": []any{Label("bug", "f29513", 208045946)},
		"state": "open", "locked": false, "assignee": User("hubot", 2), "assignees": []any{User("hubot", 2)},
		"milestone": obj{"url": r + "/milestones/1", "html_url": "https://github.com/octocat/hello-world/milestones/v1.0",
			"labels_url": r + "/milestones/1/labels", "id": 1002604, "node_id": "MDk6TWlsZXN0b25lMTAwMjYwNA==", "number": 1,
			"state": "open", "title": "v1.0", "description": "Tracking milestone for version 1.0", "creator": User("octocat", 583231),
			"open_issues": 4, "closed_issues": 8, "created_at": "2011-04-10T20:09:31Z", "updated_at": "2014-03-03T18:58:10Z",
			"closed_at": nil, "due_on": "2012-10-09T23:39:01Z"},
		"comments": 3, "created_at": "2011-04-22T13:33:48Z", "updated_at": "2011-04-22T13:33:48Z", "closed_at": nil,
		"author_association": "COLLABORATOR", "active_lock_reason": nil,
		"body":      "I'm having a problem with this: the client times out after 30 seconds when the repository is large.",
		"reactions": reactions(u), "timeline_url": u + "/timeline", "performed_via_github_app": nil, "state_reason": nil,
	}
}

// Comment is a comment of an issue.
func Comment(id int) obj {
	u := fmt.Sprintf("%s/repos/octocat/hello-world/issues/comments/%d", api, id)
	return obj{"id": id, "node_id": fmt.Sprintf("MDEyOklzc3VlQ29tbWVudDE%d", id), "url": u,
		"html_url": fmt.Sprintf("https://github.com/octocat/hello-world/issues/1347#issuecomment-%d", id),
		"body":     "Me too: it happens with every repository over 1 GB.", "user": User("hubot", 2),
		"created_at": "2011-04-14T16:00:49Z", "updated_at": "2011-04-14T16:00:49Z",
		"issue_url": api + "/repos/octocat/hello-world/issues/1347", "author_association": "COLLABORATOR",
		"reactions": reactions(u), "performed_via_github_app": nil}
}

// Pull is a pull request as GitHub writes it.
func Pull(n int) obj {
	r := api + "/repos/octocat/hello-world"
	u := fmt.Sprintf("%s/pulls/%d", r, n)
	h := fmt.Sprintf("https://github.com/octocat/hello-world/pull/%d", n)
	branch := func(ref string) obj {
		return obj{"label": "octocat:" + ref, "ref": ref, "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e",
			"user": User("octocat", 583231), "repo": Repo("octocat", "hello-world", 1296269)}
	}
	link := func(s string) obj { return obj{"href": s} }
	return obj{
		"url": u, "id": 2000 + n, "node_id": fmt.Sprintf("MDExOlB1bGxSZXF1ZXN0MT%d", n), "html_url": h,
		"diff_url": h + ".diff", "patch_url": h + ".patch", "issue_url": fmt.Sprintf("%s/issues/%d", r, n),
		"commits_url": u + "/commits", "review_comments_url": u + "/comments", "review_comment_url": r + "/pulls/comments{/number}",
		"comments_url": fmt.Sprintf("%s/issues/%d/comments", r, n), "statuses_url": r + "/statuses/6dcb09b5b57875f334f61aebed695e2e4193db5e",
		"number": n, "state": "open", "locked": false, "title": "Amazing new feature", "user": User("octocat", 583231),
		"body": "Please pull these awesome changes in!", "labels": []any{Label("enhancement", "a2eeef", 208045947)},
		"milestone": nil, "active_lock_reason": nil, "created_at": "2011-01-26T19:01:12Z", "updated_at": "2011-01-26T19:01:12Z",
		"closed_at": nil, "merged_at": nil, "merge_commit_sha": "e5bd3914e2e596debea16f433f57875b5b90bcd6",
		"assignee": User("hubot", 2), "assignees": []any{User("hubot", 2)}, "requested_reviewers": []any{User("other_user", 3)},
		"requested_teams": []any{}, "head": branch("new-topic"), "base": branch("main"),
		"_links": obj{"self": link(u), "html": link(h), "issue": link(fmt.Sprintf("%s/issues/%d", r, n)),
			"comments": link(fmt.Sprintf("%s/issues/%d/comments", r, n)), "review_comments": link(u + "/comments"),
			"review_comment": link(r + "/pulls/comments{/number}"), "commits": link(u + "/commits"),
			"statuses": link(r + "/statuses/6dcb09b5b57875f334f61aebed695e2e4193db5e")},
		"author_association": "OWNER", "auto_merge": nil, "draft": false, "merged": false, "mergeable": true,
		"rebaseable": true, "mergeable_state": "clean", "merged_by": nil, "comments": 10, "review_comments": 0,
		"maintainer_can_modify": true, "commits": 3, "additions": 100, "deletions": 3, "changed_files": 5,
	}
}

func sha(i int) string { return fmt.Sprintf("%040x", 0x6dcb09b5b5+i) }

func person(name string) obj {
	return obj{"name": name, "email": strings.ToLower(strings.Fields(name)[0]) + "@github.com", "date": "2011-04-14T16:00:49Z"}
}

// Commit is a commit of a repository, with its files when full.
func Commit(i int, full bool) obj {
	r := api + "/repos/octocat/hello-world"
	s := sha(i)
	c := obj{
		"url": r + "/commits/" + s, "sha": s, "node_id": "MDY6Q29tbWl0" + s[:12], "html_url": "https://github.com/octocat/hello-world/commit/" + s,
		"comments_url": r + "/commits/" + s + "/comments",
		"commit": obj{"url": r + "/git/commits/" + s, "author": person("Monalisa Octocat"), "committer": person("Monalisa Octocat"),
			"message": "Fix all the bugs", "tree": obj{"url": r + "/tree/" + sha(i+100), "sha": sha(i + 100)}, "comment_count": 0,
			"verification": obj{"verified": false, "reason": "unsigned", "signature": nil, "payload": nil, "verified_at": nil}},
		"author": User("octocat", 583231), "committer": User("octocat", 583231),
		"parents": []any{obj{"url": r + "/commits/" + sha(i+1), "sha": sha(i + 1), "html_url": "https://github.com/octocat/hello-world/commit/" + sha(i+1)}},
	}
	if full {
		c["stats"] = obj{"additions": 104, "deletions": 4, "total": 108}
		c["files"] = []any{File("file1.txt"), File("src/client.go")}
	}
	return c
}

// File is a file a commit or pull request changes.
func File(name string) obj {
	s := sha(7)
	return obj{"sha": "bbcd538c8e72b8c175046e27cc8f907076331401", "filename": name, "status": "modified",
		"additions": 103, "deletions": 21, "changes": 124,
		"blob_url":     "https://github.com/octocat/hello-world/blob/" + s + "/" + name,
		"raw_url":      "https://github.com/octocat/hello-world/raw/" + s + "/" + name,
		"contents_url": api + "/repos/octocat/hello-world/contents/" + name + "?ref=" + s,
		"patch":        "@@ -132,7 +132,7 @@ module Test\n-    timeout = 30\n+    timeout = 120\n     retry(3)"}
}

// Search wraps items in a search result.
func Search(items []any) obj {
	return obj{"total_count": len(items), "incomplete_results": false, "items": items}
}

func scored(o obj) obj {
	o["score"] = 1.0
	return o
}

// API answers the trial's routes and remembers the last request's body.
type API struct {
	mu       sync.Mutex
	LastBody string
	LastPath string
}

// ServeHTTP answers one request.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	a.mu.Lock()
	a.LastBody, a.LastPath = string(b), r.Method+" "+r.URL.RequestURI()
	a.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	send := func(code int, v any) {
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(v)
	}
	many := func(n int, f func(int) obj) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = f(i + 1)
		}
		return out
	}
	const repo = "/repos/octocat/hello-world"
	switch p := strings.TrimPrefix(r.URL.Path, "/api/v3"); r.Method + " " + p {
	case "GET /user":
		send(200, Me())
	case "GET " + repo + "/issues/1347":
		send(200, Issue(1347))
	case "GET " + repo + "/issues/1347/comments":
		send(200, many(3, Comment))
	case "GET /search/issues":
		if strings.Contains(r.URL.Query().Get("q"), "is:pr") {
			send(200, Search(many(3, func(i int) obj { return scored(Issue(1400 + i)) })))
			return
		}
		send(200, Search(many(3, func(i int) obj { return scored(Issue(1300 + i)) })))
	case "POST " + repo + "/issues":
		send(201, Issue(1348))
	case "PATCH " + repo + "/issues/1347":
		i := Issue(1347)
		i["state"], i["state_reason"] = "closed", "completed"
		send(200, i)
	case "POST " + repo + "/issues/1347/comments":
		send(201, Comment(4))
	case "GET " + repo + "/labels/bug":
		send(200, Label("bug", "f29513", 208045946))
	case "GET " + repo + "/pulls/1347":
		send(200, Pull(1347))
	case "GET " + repo + "/pulls/1347/files":
		send(200, []any{File("file1.txt"), File("src/client.go"), File("README.md")})
	case "GET " + repo + "/pulls":
		send(200, many(5, func(i int) obj { return Pull(1340 + i) }))
	case "POST " + repo + "/pulls":
		send(201, Pull(1348))
	case "PATCH " + repo + "/pulls/1347":
		send(200, Pull(1347))
	case "PUT " + repo + "/pulls/1347/merge":
		send(200, obj{"sha": sha(9), "merged": true, "message": "Pull Request successfully merged"})
	case "GET " + repo + "/contents/README.md":
		send(200, obj{"type": "file", "encoding": "base64", "size": 41, "name": "README.md", "path": "README.md",
			"content": "SGVsbG8gV29ybGQhIFRoaXMgaXMgdGhlIG9jdG9jYXQncyByZXBvc2l0b3J5Lg==", "sha": sha(3),
			"url": api + repo + "/contents/README.md", "git_url": api + repo + "/git/blobs/" + sha(3),
			"html_url":     "https://github.com/octocat/hello-world/blob/main/README.md",
			"download_url": "https://raw.githubusercontent.com/octocat/hello-world/main/README.md",
			"_links": obj{"git": api + repo + "/git/blobs/" + sha(3), "self": api + repo + "/contents/README.md",
				"html": "https://github.com/octocat/hello-world/blob/main/README.md"}})
	case "GET " + repo + "/branches":
		send(200, many(5, func(i int) obj {
			return obj{"name": fmt.Sprintf("branch-%d", i), "commit": obj{"sha": sha(i), "url": api + repo + "/commits/" + sha(i)},
				"protected": i == 1, "protection_url": api + repo + fmt.Sprintf("/branches/branch-%d/protection", i)}
		}))
	case "GET " + repo + "/commits":
		send(200, many(5, func(i int) obj { return Commit(i, false) }))
	case "GET " + repo + "/commits/" + sha(1):
		send(200, Commit(1, true))
	case "GET /search/code":
		send(200, Search(many(5, func(i int) obj {
			rp := Repo("octocat", "hello-world", 1296269)
			return obj{"name": "client.go", "path": fmt.Sprintf("src/%d/client.go", i), "sha": sha(i),
				"url": api + repo + "/contents/src/client.go?ref=" + sha(i), "git_url": api + repo + "/git/blobs/" + sha(i),
				"html_url": "https://github.com/octocat/hello-world/blob/" + sha(i) + "/src/client.go", "repository": rp, "score": 1.0}
		})))
	case "GET /search/repositories":
		send(200, Search(many(3, func(i int) obj { return scored(Repo("octocat", fmt.Sprintf("hello-%d", i), 1296269+i)) })))
	case "GET " + repo: // github-mcp-server's get_file_contents reads it first
		send(200, Repo("octocat", "hello-world", 1296269))
	case "GET " + repo + "/git/ref/heads/main": // a branch's head (github-mcp-server's create_branch reads it)
		send(200, obj{"ref": "refs/heads/main", "node_id": "MDM6UmVmcmVmcy9oZWFkcy9tYWlu",
			"url": api + repo + "/git/refs/heads/main", "object": obj{"type": "commit", "sha": sha(1), "url": api + repo + "/git/commits/" + sha(1)}})
	case "POST " + repo + "/git/refs":
		send(201, obj{"ref": "refs/heads/feature", "node_id": "MDM6UmVmcmVmcy9oZWFkcy9mZWF0dXJlQQ==",
			"url": api + repo + "/git/refs/heads/feature", "object": obj{"type": "commit", "sha": sha(1), "url": api + repo + "/git/commits/" + sha(1)}})
	case "GET " + repo + "/tags":
		send(200, many(5, func(i int) obj {
			return obj{"name": fmt.Sprintf("v0.%d", i), "commit": obj{"sha": sha(i), "url": api + repo + "/commits/" + sha(i)},
				"zipball_url": api + repo + fmt.Sprintf("/zipball/v0.%d", i), "tarball_url": api + repo + fmt.Sprintf("/tarball/v0.%d", i),
				"node_id": "MDQ6VXNlcjE="}
		}))
	case "GET " + repo + "/releases":
		send(200, many(3, func(i int) obj {
			u := fmt.Sprintf("%s%s/releases/%d", api, repo, i)
			return obj{"url": u, "html_url": fmt.Sprintf("https://github.com/octocat/hello-world/releases/v1.%d", i),
				"assets_url": u + "/assets", "upload_url": "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets{?name,label}",
				"tarball_url": api + repo + "/tarball/v1.0.0", "zipball_url": api + repo + "/zipball/v1.0.0", "id": i,
				"node_id": "MDc6UmVsZWFzZTE=", "tag_name": fmt.Sprintf("v1.%d", i), "target_commitish": "main", "name": fmt.Sprintf("v1.%d", i),
				"body": "Description of the release", "draft": false, "prerelease": false, "created_at": "2013-02-27T19:35:32Z",
				"published_at": "2013-02-27T19:35:32Z", "author": User("octocat", 583231), "assets": []any{}}
		}))
	case "GET /search/users":
		send(200, Search(many(5, func(i int) obj { return scored(User(fmt.Sprintf("mona%d", i), 100+i)) })))
	case "GET " + repo + "/git/blobs/" + sha(3): // github-mcp-server's get_file_contents reads the blob
		send(200, obj{"sha": sha(3), "node_id": "MDQ6QmxvYjE=", "size": 41, "url": api + repo + "/git/blobs/" + sha(3),
			"content": "SGVsbG8gV29ybGQhIFRoaXMgaXMgdGhlIG9jdG9jYXQncyByZXBvc2l0b3J5Lg==", "encoding": "base64"})
	default:
		send(404, obj{"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"})
	}
}
