package viewed

// One line per API type that the tools return: what a model needs of it,
// much as github-mcp-server's Minimal types keep by hand (a user is its
// login and page, a pull request's branches their label, ref and SHA, a
// code search hit its path and page).

//mcp:view github.User login html_url name company blog location email bio public_repos followers following created_at
//mcp:view github.Issue number title body state state_reason locked html_url user author_association labels assignees milestone comments reactions created_at updated_at closed_at closed_by pull_request
//mcp:view github.IssueComment id body html_url user author_association reactions created_at updated_at
//mcp:view github.Label name color description
//mcp:view github.Milestone number title state due_on
//mcp:view github.Reactions total_count +1 -1 laugh confused heart hooray rocket eyes
//mcp:view github.PullRequestLinks html_url merged_at
//mcp:view github.IssuesSearchResult total_count incomplete_results items
//mcp:view github.PullRequest number title body state draft merged mergeable_state html_url user labels assignees requested_reviewers merged_by head base additions deletions changed_files commits comments created_at updated_at closed_at merged_at milestone
//mcp:view github.PullRequestBranch label ref sha
//mcp:view github.Repository id name full_name description html_url language stargazers_count forks_count open_issues_count updated_at created_at topics private fork archived default_branch
//mcp:view github.CommitFile filename status additions deletions changes patch previous_filename
//mcp:view github.PullRequestMergeResult sha merged message
//mcp:view github.RepositoryContent type name path sha size encoding content html_url
//mcp:view github.Branch name commit protected
//mcp:view github.RepositoryCommit sha html_url commit author committer stats files
//mcp:view github.Commit sha message author committer
//mcp:view github.CommitAuthor name email date
//mcp:view github.CommitStats additions deletions total
//mcp:view github.CodeSearchResult total_count incomplete_results items
//mcp:view github.CodeResult name path sha html_url
//mcp:view github.RepositoriesSearchResult total_count incomplete_results items
//mcp:view github.UsersSearchResult total_count incomplete_results items
//mcp:view github.Reference ref object
//mcp:view github.GitObject type sha
//mcp:view github.RepositoryTag name commit
//mcp:view github.RepositoryRelease id tag_name name body html_url published_at prerelease draft author
