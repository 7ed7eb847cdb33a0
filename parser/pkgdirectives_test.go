package parser

import (
	"fmt"
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

// TestKindSummaries: past maxKindWarnings structs without json tags, or
// types of functional options, in one package (an API client has dozens),
// the warnings about them are one line for the package that names the
// commonest and their tools' number; with Options.AllWarnings each is
// given at its own place.
func TestKindSummaries(t *testing.T) {
	var src strings.Builder
	src.WriteString("// Package client has a service with many options structs.\npackage client\n\nimport \"context\"\n\n// S is a service.\ntype S struct{}\n\n//mcp:tools S\n\n")
	const n = maxKindWarnings + 2
	for i := range n {
		fmt.Fprintf(&src, "// Opts%[1]d are the options of M%[1]d.\ntype Opts%[1]d struct{ State string `url:\"state,omitempty\"` }\n\n", i)
		fmt.Fprintf(&src, "// Option%[1]d is a functional option of F%[1]d.\ntype Option%[1]d func(*Opts%[1]d)\n\n", i)
		fmt.Fprintf(&src, "// M%[1]d lists.\nfunc (*S) M%[1]d(ctx context.Context, opts *Opts%[1]d) (int, error) { return 0, nil }\n\n", i)
		fmt.Fprintf(&src, "// F%[1]d lists.\nfunc (*S) F%[1]d(ctx context.Context, opts ...Option%[1]d) (int, error) { return 0, nil }\n\n", i)
	}
	// Opts0 is taken by a second tool: it comes first in the summary.
	src.WriteString("// Again lists again.\nfunc (*S) Again(ctx context.Context, opts *Opts0) (int, error) { return 0, nil }\n")
	dir := writeModule(t, map[string]string{"client.go": src.String()})
	for _, all := range []bool{false, true} {
		_, diags, err := LoadWith(dir, Options{AllWarnings: all}, ".")
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(relDiags(t, dir, diags, false), "\n")
		untagged, options := strings.Count(got, "has no json tags"), strings.Count(got, "takes functional options")
		if want := map[bool]int{false: 0, true: n}[all]; untagged != want || options != want {
			t.Errorf("AllWarnings=%v: %d warnings about a struct without json tags, %d about functional options; want %d each:\n%s", all, untagged, options, want, got)
		}
		for _, summary := range []string{
			"client.go:18:40: warning: 12 structs of package client that 13 tools take have no json tags: Opts0 (2 tools), Opts1 (1 tool), Opts2 (1 tool), Opts3 (1 tool), Opts4 (1 tool), and 7 others; their members are named after their Go fields",
			"warning: 12 tools of package client take functional options, of 12 types: Option0 (1 tool), Option1 (1 tool), Option2 (1 tool), Option3 (1 tool), Option4 (1 tool), and 7 others; JSON cannot carry them",
		} {
			if strings.Contains(got, summary) == all {
				t.Errorf("AllWarnings=%v: summary %q present=%v in\n%s", all, summary, all, got)
			}
		}
	}
}
