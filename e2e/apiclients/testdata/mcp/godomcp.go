// Package godomcp serves ten services of godo, DigitalOcean's API client,
// as MCP tools; nothing is added to godo.
package godomcp

import "github.com/digitalocean/godo"

//mcp:tools github.com/digitalocean/godo.DropletsServiceOp prefix=droplets_
//mcp:tools github.com/digitalocean/godo.DropletActionsServiceOp prefix=droplet_actions_
//mcp:tools github.com/digitalocean/godo.DomainsServiceOp prefix=domains_
//mcp:tools github.com/digitalocean/godo.KeysServiceOp prefix=keys_
//mcp:tools github.com/digitalocean/godo.AccountServiceOp prefix=account_
//mcp:tools github.com/digitalocean/godo.RegionsServiceOp prefix=regions_
//mcp:tools github.com/digitalocean/godo.SizesServiceOp prefix=sizes_
//mcp:tools github.com/digitalocean/godo.TagsServiceOp prefix=tags_
//mcp:tools github.com/digitalocean/godo.ProjectsServiceOp prefix=projects_
//mcp:tools github.com/digitalocean/godo.FirewallsServiceOp prefix=firewalls_
//mcp:result godo.Response ResponsePages

// PageInfo is what a tool's caller needs of a response.
type PageInfo struct {
	Next      string `json:"next,omitempty"`  // the URL of the next page, empty after the last
	Total     int    `json:"total,omitempty"` // the number of items in all pages
	Remaining int    `json:"rate_remaining"`  // requests left in the rate limit
}

// ResponsePages returns the paging of r.
func ResponsePages(r *godo.Response) PageInfo {
	if r == nil {
		return PageInfo{}
	}
	p := PageInfo{Remaining: r.Rate.Remaining}
	if r.Links != nil && r.Links.Pages != nil {
		p.Next = r.Links.Pages.Next
	}
	if r.Meta != nil {
		p.Total = r.Meta.Total
	}
	return p
}
