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
		for _, summary := range []string{"16 parameters of 7 tools in package gen_apiclient have no description", "run mcpgen -v for the reason of each"} {
			if strings.Contains(got, summary) == all {
				t.Errorf("AllWarnings=%v: summary %q present=%v in\n%s", all, summary, all, got)
			}
		}
	}
}

// TestGroupedWarnings: a warning about a type that many tools of a package
// meet (functional options, a parameter a function without a result may
// change in place) is one line with the count of the others, and each use
// its own with Options.AllWarnings.
func TestGroupedWarnings(t *testing.T) {
	dir, err := filepath.Abs("../testdata/gen_warnings")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		all              bool
		options, inPlace int // warnings about functional options, about parameters changed in place
		noDoc, decode    int // about tools without a doc comment, about parameters decoded into
	}{{false, 1, 1, 1, 2}, {true, 12, 7, 3, 2}} {
		_, diags, err := LoadWith(dir, Options{AllWarnings: c.all}, ".")
		if err != nil {
			t.Fatal(err)
		}
		options, inPlace, noDoc, decode := 0, 0, 0, 0
		for _, d := range diags {
			options += strings.Count(d.Message, "takes functional options")
			inPlace += strings.Count(d.Message, "in place")
			noDoc += strings.Count(d.Message, "has no doc comment")
			decode += strings.Count(d.Message, "decodes data to:")
		}
		if options != c.options || inPlace != c.inPlace || noDoc != c.noDoc || decode != c.decode {
			t.Errorf("AllWarnings=%v: %d warnings about functional options, %d about changes in place, %d about doc comments, %d about decoding; want %d, %d, %d and %d:\n%v",
				c.all, options, inPlace, noDoc, decode, c.options, c.inPlace, c.noDoc, c.decode, diags)
		}
	}
}
