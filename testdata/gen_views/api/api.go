// Package api stands for an API client's types: pointer fields, json tags
// with omitempty, a type with its own MarshalJSON.
package api

import "strconv"

// Issue is an issue of a repository.
type Issue struct {
	ID        *int64      `json:"id,omitempty"`
	Number    *int        `json:"number,omitempty"`
	Title     *string     `json:"title,omitempty"`
	Body      *string     `json:"body,omitempty"`
	User      *User       `json:"user,omitempty"`
	Assignees []*User     `json:"assignees,omitempty"`
	Labels    []*Label    `json:"labels,omitempty"`
	CreatedAt *Timestamp  `json:"created_at,omitempty"`
	URL       *string     `json:"url,omitempty"`
	HTMLURL   *string     `json:"html_url,omitempty"`
	NodeID    *string     `json:"node_id,omitempty"`
	Repo      *Repository `json:"repository,omitempty"`
	Meta
}

// Meta is embedded by value: its members are the issue's.
type Meta struct {
	Locked bool   `json:"locked"`
	Reason string `json:"lock_reason,omitempty"`
}

// User is an account.
type User struct {
	Login     *string `json:"login,omitempty"`
	ID        *int64  `json:"id,omitempty"`
	AvatarURL *string `json:"avatar_url,omitempty"`
	NodeID    *string `json:"node_id,omitempty"`
}

// Label is a label of an issue.
type Label struct {
	Name  *string `json:"name,omitempty"`
	Color *string `json:"color,omitempty"`
}

// Repository is a repository.
type Repository struct {
	Name    *string     `json:"name,omitempty"`
	Owner   *User       `json:"owner,omitempty"`
	URL     *string     `json:"url,omitempty"`
	HTMLURL *string     `json:"html_url,omitempty"`
	NodeID  *string     `json:"node_id,omitempty"`
	Parent  *Repository `json:"parent,omitempty"`
	Stars   int         `json:"stargazers_count"`
	Topics  []string    `json:"topics,omitempty"`
	Private bool        `json:"private"`
}

// Timestamp writes itself as seconds since the epoch.
type Timestamp struct{ Unix int64 }

// MarshalJSON writes t as a number.
func (t Timestamp) MarshalJSON() ([]byte, error) { return []byte(strconv.FormatInt(t.Unix, 10)), nil }
