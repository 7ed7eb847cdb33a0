package main

import (
	"context"
	"encoding/json"
)

// ContactArgs are the arguments of the json-schema-2020-12 scenario's
// fixture. Their schema is stated, as the scenario wants it to the letter:
// $schema, $defs with an $anchor, a $ref, composition (allOf holding anyOf)
// and a condition (if/then/else) that a schema derived from Go fields
// cannot say. The server enforces all of it before the handler runs: an
// argument object with contactMethod "phone" and no phone is refused.
//
//mcp:schema {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},"contactMethod":{"type":"string","enum":["phone","email"]},"phone":{"type":"string"},"email":{"type":"string"}},"allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],"if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},"then":{"required":["phone"]},"else":{"required":["email"]},"additionalProperties":false}
type ContactArgs struct {
	Name          string   `json:"name,omitempty"`
	Address       *Address `json:"address,omitempty"`
	ContactMethod string   `json:"contactMethod,omitempty"`
	Phone         string   `json:"phone,omitempty"`
	Email         string   `json:"email,omitempty"`
}

// Address is a postal address.
type Address struct {
	Street string `json:"street,omitempty"`
	City   string `json:"city,omitempty"`
}

// JSONSchema202012Tool is the fixture of the json-schema-2020-12 scenario:
// it echoes the arguments it received.
//
//mcp:tool name=json_schema_2020_12_tool readonly
func JSONSchema202012Tool(ctx context.Context, in ContactArgs) (string, error) {
	b, err := json.Marshal(in)
	return "Received: " + string(b), err
}
