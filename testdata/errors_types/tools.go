package errors_types

import "context"

// Input has fields whose types have no JSON schema.
type Input struct {
	// Updates is a channel.
	Updates chan int `json:"updates"`
	// Callback is a function.
	Callback func() `json:"callback"`
	// Z is a complex number.
	Z complex128 `json:"z"`
	// ByID has integer keys.
	ByID map[int]string `json:"by_id"`
	// Limit has an unknown jsonschema keyword.
	Limit int `json:"limit" jsonschema:"minimun=1"`
	// Ignored is skipped by encoding/json, so it is fine.
	Ignored chan int `json:"-"`
}

// Search takes a struct with unsupported fields.
//
//mcp:tool
func Search(ctx context.Context, in Input) error { return nil }

// Plain takes plain parameters of unsupported types.
//
//mcp:tool
func Plain(done chan struct{}, f func(int) int) {}

// Output returns an unsupported type.
//
//mcp:tool
func Output() (chan int, error) { return nil, nil }

// Output2 returns a struct with an unsupported field.
//
//mcp:tool
func Output2() Input { return Input{} }
