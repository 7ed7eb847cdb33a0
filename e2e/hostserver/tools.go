// Package hostserver holds the shapes whose fate in a host's hands the
// end-to-end tests measure (hosts_test.go): a plain tool with bounds
// (stated in its descriptions too: constraints), a recursive type (a tree)
// and a stated schema whose one definition is referred to twice (by its
// $anchor and by its place in $defs). Hosts and agent libraries rewrite input schemas before
// a model sees them (some inline every $ref and cut recursion short); the
// tests record what survives.
//
// mcp_gen.go is generated; regenerate it with `go generate ./...` after
// changing a tool.
package hostserver

import (
	"errors"
	"fmt"
	"strings"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Scale multiplies a quantity by a factor.
//
//mcp:arg qty jsonschema:"minimum=1,maximum=100" how many
//mcp:arg factor jsonschema:"exclusiveMinimum=0" the factor
//mcp:tool readonly idempotent constraints
func Scale(qty int, factor float64) float64 { return float64(qty) * factor }

// Node is a node of an outline: a title and the nodes under it.
type Node struct {
	// Title names the node.
	Title string `json:"title" jsonschema:"minLength=1"`
	// Children are the nodes under this one.
	Children []Node `json:"children,omitempty"`
}

// Outline prints an outline, one node a line, indented by its depth.
//
//mcp:tool readonly idempotent
func Outline(root Node) (string, error) {
	var b strings.Builder
	var walk func(n Node, depth int) error
	walk = func(n Node, depth int) error {
		if depth > 32 {
			return errors.New("the outline is deeper than 32 levels: send fewer levels")
		}
		fmt.Fprintf(&b, "%s%s\n", strings.Repeat("  ", depth), n.Title)
		for _, c := range n.Children {
			if err := walk(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return b.String(), walk(root, 0)
}

// Leg is a trip from one point to another.
//
//mcp:schema {"type":"object","properties":{"from":{"$ref":"#Point","description":"Where the leg starts."},"to":{"$ref":"#/$defs/point","description":"Where the leg ends."}},"required":["from","to"],"additionalProperties":false,"$defs":{"point":{"$anchor":"Point","type":"object","description":"A point on the map.","properties":{"lat":{"type":"number","minimum":-90,"maximum":90},"lon":{"type":"number","minimum":-180,"maximum":180}},"required":["lat","lon"],"additionalProperties":false}}}
type Leg struct {
	From Point `json:"from"`
	To   Point `json:"to"`
}

// Point is a latitude and longitude, in degrees.
type Point struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// Distance returns the distance of a leg, in degrees on a flat map.
//
//mcp:tool readonly idempotent
func Distance(leg Leg) float64 {
	dlat, dlon := leg.To.Lat-leg.From.Lat, leg.To.Lon-leg.From.Lon
	return dlat*dlat + dlon*dlon
}
