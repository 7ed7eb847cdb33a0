package main

// The skill of administrators: a host lists it, and reads its files, only
// with a token that grants notes:admin, the scope clear_notes needs too.
//
//mcp:skills dir=skills scope=notes:admin

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen
