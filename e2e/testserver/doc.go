// Package testserver is the fixture of mcpgen's end-to-end tests: a small
// inventory service whose tools cover every shape the generator supports
// (struct and plain parameters, methods and functions, nested, recursive and
// enum types, every result kind, errors, panics, progress, logging and
// cancellation). Real MCP clients drive it through cmd/testserver.
//
// mcp_gen.go is generated; regenerate it with `go generate ./...` after
// changing a tool.
package testserver

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen
