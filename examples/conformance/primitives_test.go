package main

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

// TestTemplateDataEncodes: an id with quotes and braces stays a value of
// the document; it never adds members.
func TestTemplateDataEncodes(t *testing.T) {
	for _, id := range []string{"7", `x","admin":true,"y":"`, `\"}{`, "é\u2028<"} {
		var doc map[string]any
		if err := json.Unmarshal([]byte(TemplateData(id)), &doc); err != nil {
			t.Fatalf("TemplateData(%q) = %s: %v", id, TemplateData(id), err)
		}
		if keys := slices.Sorted(maps.Keys(doc)); !slices.Equal(keys, []string{"data", "id", "templateTest"}) || doc["id"] != id || doc["data"] != "Data for ID: "+id {
			t.Errorf("TemplateData(%q) = %v", id, doc)
		}
	}
}
