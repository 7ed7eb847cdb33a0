// Package schema_scalars exercises the schemas of scalar Go types.
package schema_scalars

// Scalars has one field of every scalar kind.
type Scalars struct {
	Bool    bool    `json:"bool"`
	String  string  `json:"string"`
	Int     int     `json:"int"`
	Int8    int8    `json:"int8"`
	Int16   int16   `json:"int16"`
	Int32   int32   `json:"int32"`
	Int64   int64   `json:"int64"`
	Uint    uint    `json:"uint"`
	Uint8   uint8   `json:"uint8"`
	Uint16  uint16  `json:"uint16"`
	Uint32  uint32  `json:"uint32"`
	Uint64  uint64  `json:"uint64"`
	Byte    byte    `json:"byte"`
	Rune    rune    `json:"rune"`
	Float32 float32 `json:"float32"`
	Float64 float64 `json:"float64"`
	// Untagged fields keep their Go name.
	Untagged string
}

// Named scalar types without constants are plain scalars.
type (
	Name  string
	Count int
	Ratio float64
	Flag  bool
)

// Named has fields of named scalar types and pointers to scalars.
type Named struct {
	Name     Name     `json:"name"`
	Count    Count    `json:"count"`
	Ratio    Ratio    `json:"ratio"`
	Flag     Flag     `json:"flag"`
	IntPtr   *int     `json:"int_ptr"`
	NamePtr  *Name    `json:"name_ptr,omitempty"`
	PtrPtr   **string `json:"ptr_ptr,omitempty"`
	Uint8Ptr *uint8   `json:"uint8_ptr,omitempty"`
}

// Address holds a uintptr, which encoding/json reads and writes as an
// unsigned integer (invopop/jsonschema panics on it).
type Address struct {
	Value uintptr `json:"value"`
}

// EchoScalars returns its input.
//
//mcp:tool
func EchoScalars(in Scalars) (Scalars, error) { return in, nil }

// EchoNamed returns its input.
//
//mcp:tool
func EchoNamed(in *Named) Named { return *in }

// EchoAddress returns its input.
//
//mcp:tool
func EchoAddress(in Address) Address { return in }
