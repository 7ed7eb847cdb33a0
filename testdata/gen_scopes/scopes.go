// Package gen_scopes has tools, a prompt, resources and skills that need
// OAuth scopes (option scope=), and a tool and a skill that need none.
package gen_scopes

//mcp:skills dir=skills scope=files:read,audit
//mcp:skills dir=public-skills

import "context"

// ListFiles lists the files.
//
//mcp:tool readonly scope=files:read
func ListFiles(ctx context.Context) ([]string, error) { return []string{"a.txt"}, nil }

// WriteFile writes a file; it needs both scopes.
//
//mcp:arg name the file's name
//mcp:arg text what to write
//mcp:tool scope=files:read,files:write
func WriteFile(name, text string) error { return nil }

// Purge deletes everything; the scope is quoted.
//
//mcp:tool destructive scope="admin"
func Purge() error { return nil }

// Ping needs no scope.
//
//mcp:tool
func Ping() string { return "pong" }

// Audit is a prompt for auditors.
//
//mcp:prompt scope=audit
func Audit(subject string) string { return "Audit " + subject }

// Secret is a resource for administrators.
//
//mcp:resource uri=files://secret scope=admin,files:read
func Secret() string { return "secret" }

// File is any file, for readers.
//
//mcp:resource uri=files://{name} scope=files:read
func File(name string) string { return name }
