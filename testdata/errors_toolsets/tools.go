// Package errors_toolsets holds the mistakes of toolsets and of
// //mcp:param with keywords.
package errors_toolsets

//mcp:toolset repos default Repository files
//mcp:toolset issues Issues
//mcp:toolset issues Issues again
//mcp:toolset Pulls Pull requests
//mcp:toolset all Everything
//mcp:toolset labels
//mcp:toolset empty default Nothing is in it

//mcp:tools Actions toolset=action

//mcp:param perPage jsonschema:"maximim=100" Results per page
//mcp:param page jsonschema:"optional,required"
//mcp:param limit jsonschema:minimum=1

// GetFile returns a file.
//
//mcp:arg path the path
//mcp:tool toolset=repo
func GetFile(path string) string { return path }

// ListIssues lists issues.
//
//mcp:arg perPage results per page
//mcp:arg page the page
//mcp:tool toolset=zzz
func ListIssues(perPage, page int) []string { return nil }

// Search searches.
//
//mcp:toolset repos Misplaced
//mcp:tool toolset=issues
func Search(q string) []string { return nil }

// Item is an input.
type Item struct {
	Name string `json:"name" jsonschema:"optional"`
}

// Put stores an item.
//
//mcp:tool toolset=issues
func Put(it Item) error { return nil }

// Actions runs workflows.
type Actions struct{}

// Rerun runs a workflow again.
func (*Actions) Rerun(id int64) error { return nil }
