// Package errors_headers misuses the mcp:"header=..." tag.
package errors_headers

// In collects every mistake.
type In struct {
	Ratio  float64         `json:"ratio" mcp:"header=Ratio"`
	Bad    string          `json:"bad" mcp:"header=Bad Name"`
	Empty  string          `json:"empty" mcp:"header="`
	Other  string          `json:"other" mcp:"hdr=X"`
	Tags   []Item          `json:"tags"`
	First  string          `json:"first" mcp:"header=Key"`
	Second string          `json:"second" mcp:"header=key"`
	Obj    Item            `json:"obj" mcp:"header=Obj"`
	Maybe  *string         `json:"maybe" jsonschema:"nullable" mcp:"header=Maybe"`
	ByName map[string]Item `json:"byName"`
}

// Item is reached through an array and a map.
type Item struct {
	ID string `json:"id" mcp:"header=Item-ID"`
}

// Out is a result with a mark.
type Out struct {
	Region string `json:"region" mcp:"header=Region"`
}

// Do has every mistake.
//
//mcp:tool
func Do(in In) Out { return Out{} }
