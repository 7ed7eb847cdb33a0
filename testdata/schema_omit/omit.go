// Package schema_omit exercises omitempty, omitzero, "-" and ",string".
package schema_omit

// Omit has optional and skipped fields.
type Omit struct {
	Required   string         `json:"required"`
	Empty      string         `json:"empty,omitempty"`
	Zero       int            `json:"zero,omitzero"`
	Both       []int          `json:"both,omitempty,omitzero"`
	Skipped    string         `json:"-"`
	NoName     string         `json:",omitempty"`
	Ptr        *int           `json:"ptr"`
	Slice      []string       `json:"slice"`
	Map        map[string]int `json:"map"`
	OptPtr     *int           `json:"opt_ptr,omitempty"`
	unexported string
}

// Dash has a property named "-".
type Dash struct {
	Dash    string `json:"-,"`
	Skipped string `json:"-"`
}

// Mode is an integer enum.
type Mode int

const (
	Off Mode = iota
	On
)

// Quoted uses the ,string option.
type Quoted struct {
	Int8   int8    `json:"int8,string"`
	Uint16 uint16  `json:"uint16,string"`
	Int64  int64   `json:"int64,string"`
	Float  float64 `json:"float,string"`
	Bool   bool    `json:"bool,string"`
	Ptr    *int32  `json:"ptr,string,omitempty"`
	Single float32 `json:"single,string"`
	Mode   Mode    `json:"mode,string"`
}

// UseOmit returns its input.
//
//mcp:tool
func UseOmit(in Omit) (Omit, error) { return in, nil }

// UseDash returns its input.
//
//mcp:tool
func UseDash(in Dash) Dash { return in }

// UseQuoted returns its input.
//
//mcp:tool
func UseQuoted(in Quoted) Quoted { return in }

// Untagged is a struct written without JSON in mind: no json tags.
type Untagged struct {
	// Name is matched when set.
	Name  string
	Count int
	Ptr   *int
}

// UseUntagged echoes its input.
//
//mcp:tool
func UseUntagged(in Untagged) Untagged { return in }
