package testserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcpgen/mcpgen/runtime"
)

// The prompts and resources of the test server: the e2e tests list and get
// them, read and subscribe to them and complete their arguments with real
// clients.

// Urgency is how soon a restock is needed.
type Urgency string

const (
	Low    Urgency = "low"
	Normal Urgency = "normal"
	Urgent Urgency = "urgent"
)

// ResourceUpdated is called with the URI of a resource that changed; the
// test server's main sets it to the server's ResourceUpdated.
var ResourceUpdated = func(uri string) {}

// RestockPlan asks for a plan to restock an item.
//
//mcp:prompt title="Restock plan"
//mcp:arg sku the item's SKU
//mcp:arg urgency how soon
//mcp:arg note anything else to consider
func RestockPlan(sku string, urgency Urgency, note *string) string {
	s := fmt.Sprintf("Plan a %s restock of %s.", urgency, sku)
	if note != nil {
		s += " Note: " + *note
	}
	return s
}

// Greeting is a conversation with a picture.
//
//mcp:prompt
func Greeting() []runtime.PromptMessage {
	return []runtime.PromptMessage{
		runtime.UserMessage("Hello"),
		{Role: runtime.RoleAssistant, Content: &runtime.ImageContent{Data: []byte("GIF89a"), MIMEType: "image/gif"}},
	}
}

// Policy is the store's restock policy.
//
//mcp:resource uri=inventory://policy mime=text/markdown
func Policy() string { return "# Policy\nRestock below 10." }

// Shelf is the label of a shelf.
//
//mcp:resource uri=inventory://shelves/{shelf}/label
//mcp:arg shelf the shelf's number
func Shelf(shelf string) (string, error) {
	if strings.TrimLeft(shelf, "0123456789") != "" {
		return "", fmt.Errorf("shelf %q: %w", shelf, runtime.ErrResourceNotFound)
	}
	return "Shelf " + shelf, nil
}

// CompleteShelf suggests shelf numbers.
//
//mcp:complete resource=inventory://shelves/{shelf}/label arg=shelf
func CompleteShelf(ctx context.Context, value string) []string {
	var out []string
	for _, s := range []string{"1", "2", "10", "12"} {
		if strings.HasPrefix(s, value) {
			out = append(out, s)
		}
	}
	return out
}

// TouchPolicy tells subscribers that the policy changed.
//
//mcp:tool
func TouchPolicy() {
	ResourceUpdated("inventory://policy")
}
