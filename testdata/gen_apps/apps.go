// Package gen_apps has an MCP App (a tool and its view, a //go:embed
// HTML file), icons on a tool, a prompt (one from a file of the package)
// and resources, the _meta of a tool, a prompt, resources (a view's beside
// its _meta.ui) and a template, and a plain resource held in an embedded
// file.
package gen_apps

import (
	_ "embed"
	"fmt"
)

// Counter is the state of the counter the view shows.
type Counter struct {
	// Value is the count.
	Value int `json:"value"`
}

// Count adds step to the counter and returns it; the host shows it in the
// counter view.
//
//mcp:arg step how much to add
//mcp:icon src=https://example.com/counter.png mime=image/png sizes=48x48,96x96
//mcp:icon src=https://example.com/counter-dark.svg mime=image/svg+xml sizes=any theme=dark
//mcp:meta {"com.example/owner": "counters", "com.example/since": 2}
//mcp:tool idempotent ui=ui://counter/view.html
func Count(step int) Counter { return Counter{Value: step} }

// Reset sets the counter to zero: the view calls it, the model does not
// see it.
//
//mcp:tool ui=ui://counter/view.html visibility=app
func Reset() Counter { return Counter{} }

// The counter's view: the page the host shows beside count's result.
//
//go:embed view.html
//mcp:resource uri=ui://counter/view.html app title="Counter" prefersborder connectdomains=https://api.example.com,wss://live.example.com resourcedomains=https://*.cdn.example.com permissions=clipboardWrite
//mcp:icon src=data:image/png;base64,iVBORw0KGgo= mime=image/png
//mcp:meta {"com.example/revision": "r7"}
var viewHTML string

var (
	// Release notes of the counter: a variable of a group.
	//
	//go:embed notes.txt
	//mcp:resource uri=docs://notes mime=text/markdown
	//mcp:meta {"com.example/audience": ["users", "ops"]}
	notes []byte
)

// Plan asks for a plan to reach a count.
//
//mcp:icon src=https://example.com/plan.png theme=light
//mcp:icon file=plan.svg sizes=any
//mcp:meta {"com.example/owner": "counters"}
//mcp:prompt
func Plan(target string) string { return fmt.Sprintf("Plan how to count to %s.", target) }

// Stats is the counter's statistics view, made by a function.
//
//mcp:resource uri=ui://counter/stats.html app domain=counter.example-host.test prefersborder=false
//mcp:meta {"com.example/refresh": {"seconds": 30}}
func Stats() []byte { return []byte("<!doctype html><title>Stats</title>") }

// History is the counter's value on a given day.
//
//mcp:meta {"com.example/retention": "30d"}
//mcp:resource uri=counts://history/{day}
func History(day string) string { return "0 on " + day }
