// Package gen_toolsets puts its tools in toolsets (//mcp:toolset, the
// option toolset= of //mcp:tool and //mcp:tools), with a tool in none, and
// shapes plain parameters once for the package: //mcp:param with the
// keywords of //mcp:arg, and optional on a parameter of any type.
package gen_toolsets

//mcp:toolset repos default Repository files and branches
//mcp:toolset issues default Issues and their comments
//mcp:toolset actions Workflow runs

//mcp:tools Actions toolset=actions prefix=actions_

//mcp:param perPage jsonschema:"optional,minimum=1,maximum=100" Results per page (default 30)
//mcp:param owner The account that owns the repository
//mcp:param repo The repository's name
//mcp:param id The workflow run's id

import (
	"context"
	"fmt"
)

// GetFile returns the contents of a file.
//
//mcp:arg path jsonschema:"minLength=1" The file's path in the repository
//mcp:tool toolset=repos readonly
func GetFile(ctx context.Context, owner, repo, path string) (string, error) { return path, nil }

// ListIssues lists the issues of a repository.
//
//mcp:arg repo The repository, as owner/name or name
//mcp:arg labels jsonschema:"optional" Only issues with all these labels
//mcp:tool toolset=issues readonly
func ListIssues(owner, repo string, labels []string, perPage int) string {
	return fmt.Sprintf("labels=%q nil=%t perPage=%d", labels, labels == nil, perPage)
}

// CreateIssue opens an issue.
//
//mcp:arg title The issue's title
//mcp:tool toolset=issues
func CreateIssue(owner, repo, title string) string { return title }

// Whoami names the authenticated user.
//
//mcp:tool readonly
func Whoami() string { return "octocat" }

// Actions runs workflows.
type Actions struct{}

// Rerun runs a workflow again.
func (*Actions) Rerun(ctx context.Context, id int64) error { return nil }
