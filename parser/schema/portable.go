package schema

import (
	"encoding/json"
	"strings"

	"github.com/invopop/jsonschema"
)

// The schemas are portable by default: every model provider and MCP host
// that documents which schemas it accepts accepts them. The rules, and where
// each provider states its own (docs/types.md, "Which hosts and providers accept
// these schemas"):
//
//   - every object schema has "properties", empty if there are none: OpenAI
//     function calling rejects an object parameter schema without it;
//   - no numeric bound beyond ±(2^53−1): JavaScript clients round larger
//     integers (2^63−1 becomes 9223372036854776000) and providers have
//     rejected such bounds; decoding into the Go type still enforces its real
//     range, and the runtime's error names the field;
//   - a value that may be null is {"anyOf": [X, {"type": "null"}]}, never a
//     type array and never oneOf, which strict modes reject;
//   - no boolean subschema but "additionalProperties": false; an
//     unconstrained value is {} (the TypeScript SDK v1 client rejects a
//     tools/list holding true);
//   - the names of an integer enum's values are in its description, not in
//     a keyword such as x-enumNames that Gemini rejects;
//   - "format" only from the formats both OpenAI and the runtime know
//     (knownFormats).

// maxSafeInteger is 2^53−1, the largest integer that every JSON client
// (JavaScript's Number) holds exactly.
const maxSafeInteger = "9007199254740991"

// portableNumber reports whether the JSON number n is within ±(2^53−1).
func portableNumber(n json.Number) bool {
	if n == "" {
		return true
	}
	if n[0] == '-' {
		return cmpNumbers(n, "-"+maxSafeInteger) >= 0
	}
	return cmpNumbers(n, maxSafeInteger) <= 0
}

// RequiredCycles returns, for the input schema s, the recursive types
// ($defs) that contain themselves through required properties only, each
// as the chain of property names that leads back ("Node.next"). No finite
// arguments satisfy such a schema (an input never admits null), and Gemini
// cannot express it; the parser warns about each.
func RequiredCycles(s *jsonschema.Schema) []string {
	var cycles []string
	for _, name := range sortedKeys(s.Definitions) {
		seen := map[string]bool{}
		var visit func(d *jsonschema.Schema, chain string) bool
		visit = func(d *jsonschema.Schema, chain string) bool {
			if d == nil || d.Properties == nil {
				return false
			}
			for _, req := range d.Required {
				p, ok := d.Properties.Get(req)
				if !ok || p == nil {
					continue
				}
				next := chain + "." + req
				if target, ok := strings.CutPrefix(p.Ref, "#/$defs/"); ok {
					if target == name {
						cycles = append(cycles, next)
						return true
					}
					if !seen[target] {
						seen[target] = true
						if visit(s.Definitions[target], next) {
							return true
						}
					}
					continue
				}
				if visit(p, next) {
					return true
				}
			}
			return false
		}
		visit(s.Definitions[name], name)
	}
	return cycles
}
