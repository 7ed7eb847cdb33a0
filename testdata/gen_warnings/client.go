// Package gen_warnings is an API client of many methods that share their
// types: each warning about a type is printed once for the package, with
// the number of the other tools it applies to.
package gen_warnings

import "context"

// Client calls the service.
type Client struct{}

// Filter selects items; zero fields match everything.
type Filter struct {
	// Status is the status to match.
	Status string
	// Limit is the most items to return.
	Limit int
}

// Paging is where a page starts.
type Paging struct {
	// Page is the page number.
	Page int
}

// Sorting is how a page is sorted.
type Sorting struct {
	// Page is the page the sort applies to.
	Page int
	// By is the field to sort by.
	By string `json:"by,omitempty"`
}

// ListOptions are the options of a list call.
type ListOptions struct {
	Paging
	Sorting
	// Query is a search text.
	Query string `json:"query,omitempty"`
}

// Option sets an option of a call.
type Option func(*Client)

// Item is one item.
type Item struct {
	// ID identifies the item.
	ID string `json:"id"`
}

// ListIssues lists the issues that match f.
//
//mcp:arg f which issues
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListIssues(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListPulls lists the pulls that match f.
//
//mcp:arg f which pulls
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListPulls(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListLabels lists the labels that match f.
//
//mcp:arg f which labels
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListLabels(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListMilestones lists the milestones that match f.
//
//mcp:arg f which milestones
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListMilestones(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListProjects lists the projects that match f.
//
//mcp:arg f which projects
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListProjects(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListTeams lists the teams that match f.
//
//mcp:arg f which teams
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListTeams(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListHooks lists the hooks that match f.
//
//mcp:arg f which hooks
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListHooks(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListKeys lists the keys that match f.
//
//mcp:arg f which keys
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListKeys(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListGists lists the gists that match f.
//
//mcp:arg f which gists
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListGists(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListReleases lists the releases that match f.
//
//mcp:arg f which releases
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListReleases(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListAssets lists the assets that match f.
//
//mcp:arg f which assets
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListAssets(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// ListBranchs lists the branchs that match f.
//
//mcp:arg f which branchs
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) ListBranchs(ctx context.Context, f Filter, opts *ListOptions, with ...Option) ([]Item, error) {
	return nil, nil
}

// TouchIssue marks the issues that match f as seen.
//
//mcp:arg f which issues
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchIssue(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchPull marks the pulls that match f as seen.
//
//mcp:arg f which pulls
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchPull(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchLabel marks the labels that match f as seen.
//
//mcp:arg f which labels
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchLabel(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchMilestone marks the milestones that match f as seen.
//
//mcp:arg f which milestones
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchMilestone(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchProject marks the projects that match f as seen.
//
//mcp:arg f which projects
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchProject(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchTeam marks the teams that match f as seen.
//
//mcp:arg f which teams
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchTeam(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

// TouchHook marks the hooks that match f as seen.
//
//mcp:arg f which hooks
//mcp:arg opts paging and sorting
//mcp:tool
func (c *Client) TouchHook(ctx context.Context, f Filter, opts *ListOptions) error {
	return nil
}

//mcp:tool
func (c *Client) Ping() bool { return true }

//mcp:tool
func (c *Client) Pong() bool { return true }

//mcp:tool
func (c *Client) Version() string { return "1" }

// UnmarshalIssue decodes data into v.
//
//mcp:arg data the JSON
//mcp:arg v where to put it
//mcp:tool
func (c *Client) UnmarshalIssue(data string, v any) error { return nil }

// UnmarshalPull decodes data into v.
//
//mcp:arg data the JSON
//mcp:arg v where to put it
//mcp:tool
func (c *Client) UnmarshalPull(data string, v any) error { return nil }
