package schema

import (
	"encoding/json"
	"testing"

	"github.com/invopop/jsonschema"
)

// TestRefsByPlace: a $ref to the $anchor of a definition names the
// definition by its place; $defs, the anchor and every other $ref stay as
// stated.
func TestRefsByPlace(t *testing.T) {
	var s jsonschema.Schema
	in := `{"type":"object","properties":{
		"from":{"$ref":"#Point","description":"Start."},
		"to":{"$ref":"#/$defs/point"},
		"list":{"type":"array","items":{"$ref":"#Point"}},
		"other":{"$ref":"#Elsewhere"}},
	"$defs":{
		"point":{"$anchor":"Point","type":"object","properties":{"near":{"$ref":"#Point"}}},
		"odd name":{"$anchor":"Odd","type":"string"}}}`
	if err := json.Unmarshal([]byte(in), &s); err != nil {
		t.Fatal(err)
	}
	before, _ := Marshal(&s)
	got := generic(t, RefsByPlace(&s))
	for path, want := range map[string]string{
		"properties/from":                  `{"$ref":"#/$defs/point","description":"Start."}`,
		"properties/to":                    `{"$ref":"#/$defs/point"}`,
		"properties/list/items":            `{"$ref":"#/$defs/point"}`,
		"properties/other":                 `{"$ref":"#Elsewhere"}`,
		"$defs/point/$anchor":              `"Point"`,
		"$defs/point/properties/near/$ref": `"#/$defs/point"`,
	} {
		wantJSON(t, path, at(t, got, path), want)
	}
	if after, _ := Marshal(&s); after != before {
		t.Error("the schema given was modified")
	}
	plain := &jsonschema.Schema{Type: "object", Definitions: jsonschema.Definitions{"Node": {Type: "object"}}}
	if RefsByPlace(plain) != plain {
		t.Error("a schema without an anchor was copied")
	}
}
