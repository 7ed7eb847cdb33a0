// Package errors_foreign has tools whose types reach, through fields,
// types of other packages that have no JSON form.
package errors_foreign

import (
	"time"

	"github.com/mcpgen/mcpgen/testdata/errors_foreign/tlsconf"
)

// Options configure a client.
type Options struct {
	Addr      string          `json:"addr"`
	TLSConfig *tlsconf.Config `json:"tls_config"`
}

// Connection is a client's connection.
type Connection struct {
	Options Options `json:"options"`
	Backup  Options `json:"backup"`
}

// DefaultOptions returns the options of a new client.
//
//mcp:tool
func DefaultOptions() Options { return Options{} }

// Connect connects with opts.
//
//mcp:tool
func Connect(opts Options) (*Connection, error) { return nil, nil }

// In returns t in loc.
//
//mcp:arg t the time
//mcp:arg loc the location
//mcp:tool
func In(t time.Time, loc *time.Location) time.Time { return t.In(loc) }

// Zone returns the location of t.
//
//mcp:tool
func Zone(t time.Time) *time.Location { return t.Location() }

// Command is a command to run.
//
//mcp:tool
func Command(name string, args ...string) *tlsconf.Cmd {
	return &tlsconf.Cmd{Path: name, Args: args}
}

// Secret holds a value it does not show.
type Secret struct {
	value string
}

// Reveal returns a secret.
//
//mcp:tool
func Reveal() Secret { return Secret{} }

// Nothing is an empty struct type: an empty object, on purpose.
type Nothing struct{}

// Ping returns nothing in particular.
//
//mcp:tool
func Ping() Nothing { return Nothing{} }

// store is the state of a Store.
type store struct {
	items map[string]string
}

// Store is a store, its state in an embedded unexported type.
type Store struct {
	*store
}

// NewStore returns an empty store.
//
//mcp:tool
func NewStore() *Store { return &Store{&store{items: map[string]string{}}} }

// Wrapper embeds an empty struct type: an empty object, on purpose.
type Wrapper struct {
	Nothing
}

// Wrap returns an empty wrapper.
//
//mcp:tool
func Wrap() Wrapper { return Wrapper{} }
