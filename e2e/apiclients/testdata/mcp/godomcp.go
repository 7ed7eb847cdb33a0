package godo

//mcp:tools DropletsServiceOp prefix=droplets_
//mcp:tools DropletActionsServiceOp prefix=droplet_actions_
//mcp:tools DomainsServiceOp prefix=domains_
//mcp:tools KeysServiceOp prefix=keys_
//mcp:tools AccountServiceOp prefix=account_
//mcp:tools RegionsServiceOp prefix=regions_
//mcp:tools SizesServiceOp prefix=sizes_
//mcp:tools TagsServiceOp prefix=tags_
//mcp:tools ProjectsServiceOp prefix=projects_
//mcp:tools FirewallsServiceOp prefix=firewalls_
//mcp:result Response ResponsePages

// PageInfo is what a tool's caller needs of a response.
type PageInfo struct {
	Next      string `json:"next,omitempty"`  // the URL of the next page, empty after the last
	Total     int    `json:"total,omitempty"` // the number of items in all pages
	Remaining int    `json:"rate_remaining"`  // requests left in the rate limit
}

// ResponsePages returns the paging of r.
func ResponsePages(r *Response) PageInfo {
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
