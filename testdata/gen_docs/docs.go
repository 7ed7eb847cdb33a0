// Package gen_docs has tools whose doc comments are wrapped over several
// lines, with paragraphs, lists and code: a model reads each paragraph as
// one line, the paragraph breaks, one list item per line, and code as
// written.
package gen_docs

// Query selects log lines.
type Query struct {
	// Pattern is a regular expression matched against each line; lines
	// that do not match are skipped.
	//
	// An empty pattern matches every line.
	Pattern string `json:"pattern,omitempty"`
	// Levels keeps only lines at these levels:
	//   - "error": failures,
	//     reported by the server itself
	//   - "warn": anything unusual
	Levels []string `json:"levels,omitempty"`
}

// Tail returns the last lines of the log that match the query, most recent
// first, then the older ones in the order they were written.
//
// The result is empty when nothing matches. Steps:
//  1. read the log backwards,
//  2. keep the matching lines.
//
// For example, the pattern
//
//	^(GET|POST) /api/
//
// keeps the API requests.
//
//mcp:tool readonly
func Tail(q Query) []string { return nil }
