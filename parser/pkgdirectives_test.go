package parser

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAllWarnings: with Options.AllWarnings, the warnings otherwise summed
// up in one line (parameters without a description, methods //mcp:tools
// leaves out) are each at its own place, and the summaries are gone.
func TestAllWarnings(t *testing.T) {
	dir, err := filepath.Abs("../testdata/gen_apiclient")
	if err != nil {
		t.Fatal(err)
	}
	for _, all := range []bool{false, true} {
		_, diags, err := LoadWith(dir, Options{AllWarnings: all}, ".")
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, d := range diags {
			if !d.Warning {
				t.Fatalf("error: %s", d)
			}
			texts = append(texts, filepath.Base(d.Pos.Filename)+":"+strconv.Itoa(d.Pos.Line)+": "+d.Message)
		}
		got := strings.Join(texts, "\n")
		for _, want := range []string{
			"labels.go:24: parameter repo of ListContext has no description",
			"labels.go:36: parameter to of Rename has no description",
			"labels.go:44: //mcp:tools LabelsService: method Watch left out: result: type <-chan gen_apiclient.Label cannot be encoded as JSON",
			"labels.go:49: //mcp:tools LabelsService: method Stop left out: parameter done: type func() is not supported",
		} {
			if strings.Contains(got, want) != all {
				t.Errorf("AllWarnings=%v: %q present=%v in\n%s", all, want, !all, got)
			}
		}
		for _, summary := range []string{"14 parameters of 6 tools in package gen_apiclient have no description", "run mcpgen -v for the reason of each"} {
			if strings.Contains(got, summary) == all {
				t.Errorf("AllWarnings=%v: summary %q present=%v in\n%s", all, summary, all, got)
			}
		}
	}
}
