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
	// Warning marks a likely mistake that does not stop generation: the
	// code generated is what the user's code says, which may not be what
	// was meant.
	Warning bool
}

// String formats d like the go command and go vet do: "file:line:col: message",
// with "warning: " before the message of a warning.
// The file name is printed as recorded; making it relative is the caller's job.
// A diagnostic without a position prints as its message alone.
func (d Diagnostic) String() string {
	msg := d.Message
	if d.Warning {
		msg = "warning: " + msg
	}
	if d.Pos.Filename == "" && d.Pos.Line == 0 {
		return msg
	}
	return d.Pos.String() + ": " + msg
}

// Errors returns the diagnostics of diags that are not warnings.
func Errors(diags []Diagnostic) []Diagnostic {
	var errs []Diagnostic
	for _, d := range diags {
		if !d.Warning {
			errs = append(errs, d)
		}
	}
	return errs
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
