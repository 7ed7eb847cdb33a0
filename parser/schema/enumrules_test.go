package schema

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestEnumInference checks which constant-holding types become enums, on
// testdata/gen_real_enums: loaded as mcpgen loads packages (the standard
// library from export data, so that its constants are read from source).
func TestEnumInference(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports, Dir: "../../testdata/gen_real_enums"}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatal("loading testdata/gen_real_enums failed", err)
	}
	b := NewBuilder(pkgs[0].Fset, pkgs)
	opts := pkgs[0].Types.Scope().Lookup("Options").Type()
	s, diags := b.Struct(opts, "", pkgs[0].Types.Scope().Lookup("Options").Pos())
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	for prop, enum := range map[string]bool{
		"timeout":  false, // time.Duration: units
		"category": true,  // an iota enum with a String method
		"perm":     false, // 1 << iota with a combination
		"size":     false, // 1024 * KiB
		"priority": false, // 1, 2, 4, 8 written as literals
		"mode":     true,  // 1 << iota, but //mcp:enum
		"color":    false, // string constants, but //mcp:enum off
		"month":    true,  // time.Month from the standard library
		"day":      false, // time.Weekday, but //mcp:enum off at the field
		"file":     false, // fs.FileMode: 1 << (32 - 1 - iota), read from the standard library's source
	} {
		p, ok := s.Properties.Get(prop)
		if !ok {
			t.Errorf("no property %s", prop)
			continue
		}
		if got := p.Enum != nil; got != enum {
			t.Errorf("%s: enum %v, want %v (%v)", prop, got, enum, p.Enum)
		}
	}
	units, _ := s.Properties.Get("units")
	if units.Items == nil || len(units.Items.Enum) != 2 {
		t.Errorf("units: items are not the enum of Unit: %+v", units.Items)
	}
	timeout, _ := s.Properties.Get("timeout")
	if timeout.Description != "Timeout bounds the whole job. "+durationNote {
		t.Errorf("timeout description %q", timeout.Description)
	}
	// A parameter's switch wins over the type's rule.
	month := pkgs[0].Types.Scope().Lookup("Options").Type().Underlying().(*types.Struct).Field(10)
	for _, sw := range []EnumSwitch{EnumInferred, EnumOff} {
		ps, _ := b.Params([]Param{{Name: "m", Type: month.Type(), Enum: sw, Pos: month.Pos()}})
		p, _ := ps.Properties.Get("m")
		if got := p.Enum != nil; got != (sw == EnumInferred) {
			t.Errorf("parameter of type %s with switch %d: enum %v", month.Type(), sw, got)
		}
	}
}

func TestParseEnumDirective(t *testing.T) {
	for text, want := range map[string]EnumSwitch{"enum": EnumOn, "enum on": EnumOn, "enum  off ": EnumOff} {
		if got, ok := ParseEnumDirective(text); !ok || got != want {
			t.Errorf("%q: %v %v, want %v", text, got, ok, want)
		}
	}
	for _, text := range []string{"enum maybe", "enums", "enum off on", "tool"} {
		if _, ok := ParseEnumDirective(text); ok {
			t.Errorf("%q accepted", text)
		}
	}
}
