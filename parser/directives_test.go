package parser

import (
	"go/ast"
	"slices"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/parser/schema"
)

// TestDirectiveTable: every row of the table of directives is in mcpgen
// -h, in the did-you-mean and in the message for an unknown directive;
// every option of a row's grammar is in the row's sections of -h (those
// //mcp:tools shares with //mcp:tool in the list of //mcp:tool's
// options, each with its help).
func TestDirectiveTable(t *testing.T) {
	help := DirectiveHelp()
	known := knownDirectives()
	toolKeys := toolSpec().keys()
	for _, r := range toolSpec().options {
		if r.help == "" || !strings.Contains(help, "\n\t"+strings.ReplaceAll(r.help, "\n", "\n\t")+"\n") {
			t.Errorf("option %s of //mcp:tool has no help in mcpgen -h", r.key)
		}
	}
	for _, d := range directiveTable() {
		name := "//mcp:" + d.word
		if !strings.Contains(help, "\t"+name+" ") {
			t.Errorf("mcpgen -h does not show %s", name)
		}
		if !slices.Contains(strings.FieldsFunc(known, func(r rune) bool { return r == ',' || r == ' ' }), name) {
			t.Errorf("the message for an unknown directive does not list %s: %s", name, known)
		}
		if kind, meant := classify(name + "q"); kind != unknownDirective || meant != name {
			t.Errorf("classify(%q) = %v, %q; want the did-you-mean %s", name+"q", kind, meant, name)
		}
		if kind, _ := classify(name); kind != d.kind {
			t.Errorf("classify(%q) = %v, want %v", name, kind, d.kind)
		}
		if d.grammar == nil || d.misplaced == nil && d.comment == nil {
			t.Errorf("%s has no grammar, or says nothing when misplaced", name)
		}
		if d.place&inPackage != 0 && d.pkg == nil && d.comment == nil {
			t.Errorf("%s is package-level but has no handler", name)
		}
		var text string // the row's sections of -h
		for _, h := range d.help {
			if sec := sectionHelp(h.section); strings.Contains(sec, "\t"+strings.ReplaceAll(h.text, "\n", "\n\t")) {
				text += sec
			}
		}
		if len(d.help) == 0 || text == "" {
			t.Errorf("%s has no section in mcpgen -h", name)
		}
		for _, k := range d.grammar().keys() {
			if d.word != "tool" && slices.Contains(toolKeys, k) && strings.Contains(text, "[options]") {
				continue // in the list of //mcp:tool's options
			}
			if !strings.Contains(text, k+"=") && !strings.Contains(text, " "+k+" ") && !strings.Contains(text, "\t"+k+" ") && !strings.Contains(text, " "+k+",") {
				t.Errorf("mcpgen -h does not show the option %s of %s:\n%s", k, name, text)
			}
		}
	}
}

// TestEnumArgs: //mcp:enum [on|off] PARAM in a tool's doc comment, by the
// grammar of the row of //mcp:enum.
func TestEnumArgs(t *testing.T) {
	for text, want := range map[string]schema.EnumSwitch{"//mcp:enum d": schema.EnumOn, "//mcp:enum on d": schema.EnumOn, "//mcp:enum off  d ": schema.EnumOff, "//mcp:enum\toff d": schema.EnumOff} {
		if got, p, ok := enumArgs(&ast.Comment{Text: text}); !ok || got != want || p != "d" {
			t.Errorf("%q: %v %q %v, want %v", text, got, p, ok, want)
		}
	}
	for _, text := range []string{"//mcp:enum", "//mcp:enum off", "//mcp:enum off on", "//mcp:enum maybe d", "//mcp:enum on off d", "//mcp:enum d x=1"} {
		if _, p, ok := enumArgs(&ast.Comment{Text: text}); ok && p != "" {
			t.Errorf("%q accepted, parameter %q", text, p)
		}
	}
}
