package parser

import (
	"cmp"
	"go/token"
	"slices"
)

// Diagnostic is one problem found in the user's code, reported at a position.
type Diagnostic struct {
	Pos     token.Position
	Message string
}

// String formats d like the go command and go vet do: "file:line:col: message".
// The file name is printed as recorded; making it relative is the caller's job.
// A diagnostic without a position prints as its message alone.
func (d Diagnostic) String() string {
	if d.Pos.Filename == "" && d.Pos.Line == 0 {
		return d.Message
	}
	return d.Pos.String() + ": " + d.Message
}

// sortDiagnostics orders diags by file, line, column and message, and drops
// exact duplicates (the loader can report one error through several packages).
func sortDiagnostics(diags []Diagnostic) []Diagnostic {
	slices.SortFunc(diags, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(diags, func(a, b Diagnostic) bool {
		return a.Pos.Filename == b.Pos.Filename && a.Pos.Line == b.Pos.Line &&
			a.Pos.Column == b.Pos.Column && a.Message == b.Message
	})
}
