// Command toolsetserver serves tools in toolsets, over stdio or, with -http
// ADDR, Streamable HTTP at /mcp, with no code to choose them: the
// end-to-end tests choose toolsets and read-only mode by environment
// (MCP_TOOLSETS, MCP_READ_ONLY) and by HTTP header (X-MCP-Toolsets,
// X-MCP-Readonly).
package main

//mcp:toolset repos default Repository files
//mcp:toolset issues default Issues and their comments
//mcp:toolset actions Workflow runs

//mcp:param repo the repository, as owner/name

import "strings"

// GetFile returns a file of a repository.
//
//mcp:arg path the file's path
//mcp:tool toolset=repos readonly
func GetFile(repo, path string) string { return repo + ":" + path }

// PushFile writes a file to a repository.
//
//mcp:arg path the file's path
//mcp:arg text what to write
//mcp:tool toolset=repos
func PushFile(repo, path, text string) string { return "pushed " + repo + ":" + path }

// ListIssues lists the issues of a repository.
//
//mcp:arg labels jsonschema:"optional" only issues with all these labels
//mcp:tool toolset=issues readonly
func ListIssues(repo string, labels []string) string {
	return repo + " issues labelled [" + strings.Join(labels, ",") + "]"
}

// CreateIssue opens an issue.
//
//mcp:arg title the issue's title
//mcp:tool toolset=issues
func CreateIssue(repo, title string) string { return "opened " + title }

// RerunWorkflow runs a workflow again.
//
//mcp:arg run the run's id
//mcp:tool toolset=actions
func RerunWorkflow(repo string, run int64) string { return "rerun" }

// Whoami names the authenticated user.
//
//mcp:tool readonly
func Whoami() string { return "octocat" }
