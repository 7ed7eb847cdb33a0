// Package stated_keywords states schemas with the JSON Schema 2020-12
// keywords that a schema derived from Go types never has: composition
// (allOf, anyOf, oneOf), conditions (if, then, else), and $defs with an
// $anchor that a $ref names. They reach the tools' schemas as written.
package stated_keywords

// Delivery is where and how an order goes; its schema is stated whole, so
// the input schema of Ship is exactly this.
//
//mcp:schema {"type":"object","$defs":{"place":{"$anchor":"Place","type":"object","properties":{"city":{"type":"string","minLength":1},"zip":{"type":"string","pattern":"^[0-9]{5}$"}},"required":["city"]}},"properties":{"mode":{"enum":["post","courier","pickup"]},"to":{"$ref":"#Place"},"from":{"$ref":"#/$defs/place"},"window":{"type":"integer","minimum":1}},"required":["mode"],"if":{"properties":{"mode":{"const":"pickup"}}},"then":{"required":["from"],"not":{"required":["to"]}},"else":{"required":["to"]},"additionalProperties":false}
type Delivery struct {
	Mode   string `json:"mode"`
	To     *Place `json:"to,omitempty"`
	From   *Place `json:"from,omitempty"`
	Window int    `json:"window,omitempty"`
}

// Place is a town and its postal code.
type Place struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

// Ship sends an order.
//
//mcp:tool
func Ship(in Delivery) (Receipt, error) { return Receipt{ID: "R1"}, nil }

// Receipt is what Ship answers: an object, so the output schema is the
// stated one, unwrapped, and its $ref holds.
//
//mcp:schema {"type":"object","$defs":{"id":{"type":"string","pattern":"^R[0-9]+$"}},"properties":{"id":{"$ref":"#/$defs/id"},"parts":{"type":"array","items":{"$ref":"#/$defs/id"}}},"required":["id"]}
type Receipt struct {
	ID    string   `json:"id"`
	Parts []string `json:"parts,omitempty"`
}

// Amount is a quantity written either as a number or as a string of
// digits; a stated schema that refers to nothing may sit anywhere.
//
//mcp:schema {"oneOf":[{"type":"integer","minimum":0},{"type":"string","pattern":"^[0-9]+$"}]}
type Amount struct{ raw string }

func (a *Amount) UnmarshalJSON(b []byte) error { a.raw = string(b); return nil }

// Order is an order of an item.
type Order struct {
	// Item is a stock code: a letter and digits, or a number.
	//
	//mcp:schema {"anyOf":[{"type":"string","pattern":"^[A-Z][0-9]+$"},{"type":"integer"}],"allOf":[{"not":{"const":"X0"}}]}
	Item   any    `json:"item"`
	Amount Amount `json:"amount"`
	// Unit is the unit of a string amount.
	//
	//mcp:schema {"type":"string","if":{"pattern":"^k"},"then":{"enum":["kg","km"]},"else":{"maxLength":3}}
	Unit any `json:"unit,omitempty"`
}

// Place2 places an order.
//
//mcp:tool
func Place2(in Order) error { return nil }
