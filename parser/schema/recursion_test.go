package schema

import (
	"encoding/json"
	"go/types"
	"testing"

	"github.com/invopop/jsonschema"
)

// TestDescribeRecursion: inside the definitions, each reference that can
// come back (a cycle) is named in a description that survives a client
// that cuts the reference; a reference that cannot come back, and the
// root, are left alone.
func TestDescribeRecursion(t *testing.T) {
	var s jsonschema.Schema
	in := `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"},"leg":{"$ref":"#/$defs/Leg"}},
	"$defs":{
		"Node":{"type":"object","description":"A node.","properties":{"title":{"type":"string"},
			"children":{"type":"array","description":"Under it.","items":{"$ref":"#/$defs/Node"}},
			"byName":{"type":"object","additionalProperties":{"$ref":"#/$defs/Node"}}}},
		"Dept":{"type":"object","properties":{"head":{"$ref":"#/$defs/Person"},"note":{"type":"string"}}},
		"Person":{"type":"object","description":"Works.","properties":{"name":{"type":"string"},"dept":{"$ref":"#/$defs/Dept"}}},
		"Tree":{"type":"object","additionalProperties":{"$ref":"#/$defs/Tree"}},
		"Leg":{"type":"object","properties":{"from":{"$ref":"#/$defs/Point"},"to":{"$ref":"#/$defs/Point"}}},
		"Point":{"type":"object","properties":{"lat":{"type":"number"}}}}}`
	if err := json.Unmarshal([]byte(in), &s); err != nil {
		t.Fatal(err)
	}
	before, _ := Marshal(&s)
	got := generic(t, DescribeRecursion(&s))
	for _, c := range []struct{ path, want string }{
		{"$defs/Node/properties/children/description", `"Under it (each a Node: title, children, byName)."`},
		{"$defs/Node/properties/byName/description", `"each value a Node: title, children, byName"`},
		{"$defs/Dept/description", `"head is a Person: name, dept"`},
		{"$defs/Person/description", `"Works (dept is a Dept: head, note)."`},
		{"$defs/Tree/description", `"each value a Tree"`},
	} {
		wantJSON(t, c.path, at(t, got, c.path), c.want)
	}
	for _, path := range []string{"$defs/Leg", "$defs/Point", "properties/root"} {
		if d, ok := at(t, got, path).(map[string]any)["description"]; ok {
			t.Errorf("%s: described %q, though it cannot be cut", path, d)
		}
	}
	if after, _ := Marshal(&s); after != before {
		t.Errorf("the schema given was modified:\n%s\n%s", before, after)
	}
	plain := &jsonschema.Schema{Type: "object", Definitions: jsonschema.Definitions{"Point": {Type: "object"}}}
	if DescribeRecursion(plain) != plain {
		t.Error("a schema without a cycle was copied")
	}
}

// TestDescribeIntegerPatterns: the pattern of a quoted integer or of an
// integer map key is described by its range, not written out.
func TestDescribeIntegerPatterns(t *testing.T) {
	quoted := &jsonschema.Schema{Type: "string", Pattern: intKinds[types.Int8].pattern}
	if got := Describe(quoted, nil).Description; got != "an integer from -128 to 127, in a string" {
		t.Errorf("quoted int8: %q", got)
	}
	keyed := &jsonschema.Schema{Type: "object", PropertyNames: &jsonschema.Schema{Pattern: intKinds[types.Uint16].pattern}}
	if got := Describe(keyed, nil).Description; got != "keys: integers from 0 to 65535" {
		t.Errorf("map[uint16]: %q", got)
	}
	other := &jsonschema.Schema{Type: "object", PropertyNames: &jsonschema.Schema{Pattern: "^[a-z]+$"}}
	if got := Describe(other, nil).Description; got != "keys matching ^[a-z]+$" {
		t.Errorf("map with a key pattern: %q", got)
	}
}
