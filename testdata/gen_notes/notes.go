// Package gen_notes is a small note-taking service: a Store that keeps
// state, a Clock with value-receiver methods, and package-level tools.
package gen_notes

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// Priority ranks a note.
type Priority string

// The priorities a note can have.
const (
	Low    Priority = "low"
	Normal Priority = "normal"
	High   Priority = "high"
)

// Note is one stored note.
type Note struct {
	ID       int               `json:"id"`
	Title    string            `json:"title"`
	Body     string            `json:"body,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Priority Priority          `json:"priority"`
	Created  time.Time         `json:"created"`
	Due      *time.Time        `json:"due,omitempty"`
	Meta     map[string]string `json:"meta,omitempty"`
	Outline  *Outline          `json:"outline,omitempty"`
}

// Outline is a tree of headings.
type Outline struct {
	Heading  string    `json:"heading"`
	Children []Outline `json:"children,omitempty"`
}

// Store keeps notes in memory. It is safe for concurrent use.
type Store struct {
	mu    sync.Mutex
	next  int
	notes []Note
	now   func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{next: 1, now: time.Now} }

// CreateInput is what a new note is made of.
type CreateInput struct {
	// Title is the note's title.
	Title string   `json:"title" jsonschema:"minLength=1,maxLength=200"`
	Body  string   `json:"body,omitempty"`
	Tags  []string `json:"tags,omitempty"`
	// Priority defaults to normal.
	Priority Priority          `json:"priority,omitempty"`
	Due      *time.Time        `json:"due,omitempty"`
	Meta     map[string]string `json:"meta,omitempty"`
	Outline  *Outline          `json:"outline,omitempty"`
}

// CreateNote adds a note and returns it.
//
//mcp:tool title="Create a note"
func (s *Store) CreateNote(ctx context.Context, in *CreateInput) (Note, error) {
	if err := ctx.Err(); err != nil {
		return Note{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := Note{
		ID: s.next, Title: in.Title, Body: in.Body, Tags: in.Tags,
		Priority: cmp.Or(in.Priority, Normal), Created: s.now(),
		Due: in.Due, Meta: in.Meta, Outline: in.Outline,
	}
	s.next++
	s.notes = append(s.notes, n)
	return n, nil
}

// SearchInput selects notes.
type SearchInput struct {
	// Query is matched against titles and bodies, case-insensitively.
	Query    string    `json:"query"`
	Priority *Priority `json:"priority,omitempty"`
	Limit    int       `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// SearchNotes finds notes whose title or body contains the query.
// Results are ordered newest first.
//
//mcp:tool name=search_notes title="Search notes" readonly idempotent
func (s *Store) SearchNotes(ctx context.Context, in SearchInput) ([]Note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := strings.ToLower(in.Query)
	var found []Note
	for _, n := range slices.Backward(s.notes) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if in.Priority != nil && n.Priority != *in.Priority {
			continue
		}
		if strings.Contains(strings.ToLower(n.Title), q) || strings.Contains(strings.ToLower(n.Body), q) {
			found = append(found, n)
		}
		if in.Limit > 0 && len(found) == in.Limit {
			break
		}
	}
	return found, nil
}

// ErrNotFound is returned for an unknown note id.
var ErrNotFound = errors.New("no such note")

// GetNote returns one note.
//
//mcp:arg id the note's id
//mcp:tool readonly
func (s *Store) GetNote(id int) (*Note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.notes {
		if s.notes[i].ID == id {
			n := s.notes[i]
			return &n, nil
		}
	}
	return nil, fmt.Errorf("note %d: %w", id, ErrNotFound)
}

// DeleteNote removes a note.
//
//mcp:arg id the note's id
//mcp:tool destructive idempotent=false
func (s *Store) DeleteNote(id int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.IndexFunc(s.notes, func(n Note) bool { return n.ID == id })
	if i < 0 {
		return fmt.Errorf("note %d: %w", id, ErrNotFound)
	}
	s.notes = slices.Delete(s.notes, i, i+1)
	return nil
}

// TagCounts counts the notes per tag.
//
//mcp:tool readonly
func (s *Store) TagCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	counts := map[string]int{}
	for _, n := range s.notes {
		for _, t := range n.Tags {
			counts[t]++
		}
	}
	return counts
}

// Summary lists the titles of all notes as Markdown.
//
//mcp:tool readonly
func (s *Store) Summary() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for _, n := range s.notes {
		fmt.Fprintf(&b, "- %s (%s)\n", n.Title, n.Priority)
	}
	return b.String()
}

// Reset removes every note.
//
//mcp:tool destructive
func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.notes = nil
}

// Clock tells the time in a fixed zone.
type Clock struct {
	Zone string
}

// Now returns the current time in the clock's zone.
//
//mcp:tool readonly openworld=false
func (c Clock) Now() (time.Time, error) {
	loc, err := time.LoadLocation(c.Zone)
	if err != nil {
		return time.Time{}, err
	}
	return time.Now().In(loc), nil
}

// Add returns a+b.
//
//mcp:arg a the first addend
//mcp:arg b the second addend
//mcp:tool readonly idempotent
func Add(a, b float64) float64 { return a + b }

// Slugify turns a title into a URL slug.
//
//mcp:arg title the text to turn into a slug
//mcp:arg maxLen the slug's maximum length (default: no limit)
//mcp:tool
func Slugify(title string, maxLen *int) string {
	slug := strings.Join(strings.Fields(strings.ToLower(title)), "-")
	if maxLen != nil && len(slug) > *maxLen {
		slug = slug[:*maxLen]
	}
	return slug
}

// Wait waits for the given number of milliseconds, or until cancelled.
//
//mcp:arg millis how long to wait
//mcp:tool openworld=false
func Wait(ctx context.Context, millis int) error {
	select {
	case <-time.After(time.Duration(millis) * time.Millisecond):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// ParseOutline reads an outline from indented lines (two spaces per level).
//
//mcp:arg text the outline, one heading per line
//mcp:tool name=parse_outline readonly
func ParseOutline(text string) (Outline, error) {
	root := Outline{}
	stack := []*Outline{&root}
	for line := range strings.Lines(text) {
		trimmed := strings.TrimLeft(line, " ")
		level := (len(line) - len(trimmed)) / 2
		if strings.TrimSpace(trimmed) == "" {
			continue
		}
		if level+1 > len(stack) {
			return Outline{}, fmt.Errorf("line %q is indented too deep", strings.TrimSpace(line))
		}
		stack = stack[:level+1]
		parent := stack[level]
		parent.Children = append(parent.Children, Outline{Heading: strings.TrimSpace(trimmed)})
		stack = append(stack, &parent.Children[len(parent.Children)-1])
	}
	return root, nil
}
