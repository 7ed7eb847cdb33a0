package main

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcpgen/mcpgen/runtime"
)

// handbook holds the pages, by slug. Tools edit it while clients read it.
type handbook struct {
	mu       sync.RWMutex
	pages    map[string]string
	onChange func(slug string) // called after an edit, outside the lock
}

var book = &handbook{pages: map[string]string{
	"welcome":    "# Welcome\n\nStart with the onboarding page, then ask in #help.",
	"onboarding": "# Onboarding\n\n1. Get an account.\n2. Clone the repository.\n3. Run ./test.sh.",
	"on-call":    "# On call\n\nPage the secondary after 15 minutes without an answer.",
	"releases":   "# Releases\n\nWe release on Tuesdays; tag vX.Y.Z from main.",
}}

func (h *handbook) page(slug string) (string, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	p, ok := h.pages[slug]
	return p, ok
}

func (h *handbook) slugs() []string {
	h.mu.RLock()
	defer h.mu.RUnlock()
	s := make([]string, 0, len(h.pages))
	for slug := range h.pages {
		s = append(s, slug)
	}
	slices.Sort(s)
	return s
}

func pageURI(slug string) string { return "handbook://pages/" + slug }

// Role is a team member's role, for onboarding.
type Role string

const (
	Engineer Role = "engineer"
	Designer Role = "designer"
	Manager  Role = "manager"
)

// Page is one page of the handbook, in Markdown.
//
//mcp:icon file=page.svg sizes=any
//mcp:resource uri=handbook://pages/{slug} mime=text/markdown
//mcp:arg slug The page's slug, such as onboarding
func Page(slug string) (string, error) {
	p, ok := book.page(slug)
	if !ok {
		return "", fmt.Errorf("page %q: %w", slug, runtime.ErrResourceNotFound)
	}
	return p, nil
}

// CompleteSlug suggests the slugs of the pages that begin with what was
// typed.
//
//mcp:complete resource=handbook://pages/{slug} arg=slug
func CompleteSlug(prefix string) []string {
	var out []string
	for _, s := range book.slugs() {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// Index lists the handbook's pages with their URIs.
//
//mcp:icon file=page.svg sizes=any
//mcp:resource uri=handbook://index mime=application/json
func Index() ([]byte, error) {
	type entry struct {
		Slug string `json:"slug"`
		URI  string `json:"uri"`
	}
	var out []entry
	for _, s := range book.slugs() {
		out = append(out, entry{s, pageURI(s)})
	}
	return json.Marshal(out)
}

// Onboarding walks a new team member through their first week.
//
//mcp:icon file=page.svg sizes=any
//mcp:prompt title="Onboard a new team member"
//mcp:arg name The new member's name
//mcp:arg role Their role
func Onboarding(name string, role Role) []runtime.PromptMessage {
	p, _ := book.page("onboarding")
	return []runtime.PromptMessage{
		{Role: runtime.RoleUser, Content: &runtime.EmbeddedResource{Resource: runtime.ResourceContents{
			URI: pageURI("onboarding"), MIMEType: "text/markdown", Text: p,
		}}},
		runtime.UserMessage(fmt.Sprintf("Write a first-week plan for %s, a new %s, following the onboarding page above.", name, role)),
	}
}

// ReviewPage asks for a review of a page: what is unclear, outdated or
// missing.
//
//mcp:prompt
//mcp:arg slug The page to review
//mcp:arg focus What to look at first
func ReviewPage(slug string, focus *string) (string, error) {
	p, ok := book.page(slug)
	if !ok {
		return "", runtime.InvalidParams(fmt.Sprintf("no page %q", slug))
	}
	text := "Review this handbook page: what is unclear, outdated or missing?\n\n" + p
	if focus != nil {
		text += "\n\nLook at " + *focus + " first."
	}
	return text, nil
}

// CompleteReviewSlug suggests the page slugs for review_page.
//
//mcp:complete prompt=review_page arg=slug
func CompleteReviewSlug(ctx context.Context, prefix string) []string {
	return CompleteSlug(prefix)
}

// EditPage replaces the text of a page (or adds the page). Subscribed
// clients are told that the page changed.
//
//mcp:meta {"com.example.handbook/audience": "editors"}
//mcp:tool idempotent
//mcp:arg slug The page's slug
//mcp:arg text The page's new Markdown text
func EditPage(slug, text string) error {
	if slug == "" || strings.ContainsAny(slug, "/?#") {
		return fmt.Errorf("slug %q: want a non-empty name without / ? #", slug)
	}
	book.mu.Lock()
	book.pages[slug] = text
	notify := book.onChange
	book.mu.Unlock()
	if notify != nil {
		notify(slug)
	}
	return nil
}
