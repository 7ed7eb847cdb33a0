package schema

import (
	"go/doc"
	"math/rand/v2"
	"strings"
	"testing"
)

// referenceSynopsis is what synopsis must return: go/doc's own answer.
func referenceSynopsis(text string) string {
	var p doc.Package
	return strings.TrimSpace(p.Synopsis(text))
}

var synopsisCases = []string{
	"", "\n", "Item is one thing found.\n", "Item is one thing found\n",
	"Input5 is what Find5 looks for.\nIt has more.\n",
	"A long description that\nwraps over lines. And more.\n",
	"Ends with e.g. an abbreviation. Then more.", "J. R. R. Tolkien wrote it. Yes.",
	"Copyright 2026 someone.\n", "Author: me. Yes.", "all rights reserved",
	"# Heading\n\nText.", "- a list\n- more", "1. first\n2. second", "* star item",
	"Code follows:\n\n\tx := 1\n", "Text\n\tindented code.\n", "Two\n\nparagraphs.",
	"See [Item] for more.", "See http://example.com. Yes.", "Quotes ``like this'' here.",
	"It's fine.", "Tabs\tinside. Yes.", "Spaces  twice. Yes.", "Trailing space . Yes.",
	"ünïcode text. Yes.", "Full stop。Then.", "Line\r\nbreaks. Yes.", "[x]: http://example.com\nText.",
	"A.B. c. d.", "U.S. based. Yes.", "x. y", "Wait... really. Yes.", "(Parenthesised.) Yes.",
	"Ends with a period.", "  Leading spaces. Yes.", "\nLeading newline. Yes.", "Question? Yes. No.",
	"URL-ish a:b c://d. Yes.", "Back\\slash. Yes.", "Line one\n#not a heading. Yes.",
}

func TestSynopsis(t *testing.T) {
	for _, text := range synopsisCases {
		if got, want := synopsis(text), referenceSynopsis(text); got != want {
			t.Errorf("synopsis(%q) = %q, go/doc says %q", text, got, want)
		}
	}
	// Random texts over an alphabet rich in what doc comments give
	// meaning to.
	pieces := []string{"a", "B", "x", "I", "e", "g", " ", " ", ".", ".", "\n", "\n", "\t", "#", "-", "*",
		"1", "[", "]", "`", "'", ":", "//", "http://", "ü", "。", ",", "(", ")", "\\", "Copyright", "Item",
		"is", "the", "U.S.", "e.g.", "\n\n", "\r", "A", "Z", " # ", "+"}
	rng := rand.New(rand.NewPCG(3, 4))
	fast := 0
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		if _, ok := plainFirstSentence(text); ok {
			fast++
		}
		if got, want := synopsis(text), referenceSynopsis(text); got != want {
			t.Fatalf("synopsis(%q) = %q, go/doc says %q", text, got, want)
		}
	}
	if fast < 2000 {
		t.Errorf("only %d random texts took the direct path", fast)
	}
}

func FuzzSynopsis(f *testing.F) {
	for _, text := range synopsisCases {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := synopsis(text), referenceSynopsis(text); got != want {
			t.Fatalf("synopsis(%q) = %q, go/doc says %q", text, got, want)
		}
	})
}
