// Package notes is a notes service whose tools need OAuth scopes: each
// caller (the subject of its access token) has notes of its own. The
// server that serves it with an authorization server is examples/oauth.
package notes

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

import (
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/mcpgen/mcpgen/runtime"
)

// store holds every caller's notes in memory, by owner.
var store = struct {
	mu    sync.Mutex
	notes map[string][]string
}{notes: map[string][]string{}}

// owner is the caller's key: the subject at its issuer.
func owner(ctx context.Context) (string, error) {
	id := runtime.IdentityFrom(ctx)
	if id == nil {
		return "", errors.New("no caller: serve this over HTTP with runtime.WithAuthorization")
	}
	return id.Issuer + " " + id.Subject, nil
}

// Caller is who the server thinks the caller is.
type Caller struct {
	Subject string   `json:"subject"`
	Client  string   `json:"client,omitempty"`
	Scopes  []string `json:"scopes"`
}

// WhoAmI tells the caller who it is and what its token grants. It needs no
// scope.
//
//mcp:tool readonly
func WhoAmI(ctx context.Context) (Caller, error) {
	id := runtime.IdentityFrom(ctx)
	if id == nil {
		return Caller{}, errors.New("no caller")
	}
	return Caller{Subject: id.Subject, Client: id.ClientID, Scopes: id.Scopes}, nil
}

// ListNotes returns the caller's notes.
//
//mcp:tool readonly scope=notes:read
func ListNotes(ctx context.Context) ([]string, error) {
	who, err := owner(ctx)
	if err != nil {
		return nil, err
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	return slices.Clone(store.notes[who]), nil
}

// AddNote adds a note to the caller's notes and returns how many it has.
//
//mcp:arg text the note
//mcp:tool scope=notes:write
func AddNote(ctx context.Context, text string) (int, error) {
	who, err := owner(ctx)
	if err != nil {
		return 0, err
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	store.notes[who] = append(store.notes[who], text)
	return len(store.notes[who]), nil
}

// ClearNotes deletes all of the caller's notes. It needs both scopes.
//
//mcp:tool destructive idempotent scope=notes:write,notes:admin
func ClearNotes(ctx context.Context) error {
	who, err := owner(ctx)
	if err != nil {
		return err
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	delete(store.notes, who)
	return nil
}
