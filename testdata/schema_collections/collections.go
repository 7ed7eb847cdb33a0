// Package schema_collections exercises slices, arrays, maps and the special
// types time.Time, []byte, json.RawMessage and any.
package schema_collections

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Item is an element of collections.
type Item struct {
	// ID identifies the item.
	ID   int    `json:"id"`
	Note string `json:"note,omitempty"`
}

// Collections has slices, arrays and maps.
type Collections struct {
	Strings    []string          `json:"strings"`
	Items      []Item            `json:"items"`
	ItemPtrs   []*Item           `json:"item_ptrs"`
	Matrix     [][]float64       `json:"matrix"`
	Pair       [2]string         `json:"pair"`
	Bytes4     [4]byte           `json:"bytes4"`
	ByName     map[string]Item   `json:"by_name"`
	Counts     map[string]int    `json:"counts"`
	Anything   map[string]any    `json:"anything"`
	Nested     map[string][]bool `json:"nested"`
	OptStrings []string          `json:"opt_strings,omitempty"`
}

// Special has the types with a fixed JSON form.
type Special struct {
	When    time.Time       `json:"when"`
	WhenPtr *time.Time      `json:"when_ptr,omitempty"`
	Data    []byte          `json:"data"`
	Raw     json.RawMessage `json:"raw"`
	Any     any             `json:"any"`
	Iface   interface{}     `json:"iface"`
}

// Nested has an inline anonymous struct and a nested named struct.
type Nested struct {
	Item  Item  `json:"item"`
	Maybe *Item `json:"maybe,omitempty"`
	Inner struct {
		X int `json:"x"`
	} `json:"inner"`
}

// Empty has no fields.
type Empty struct{}

// Level is a level that encodes as text.
type Level int

var levelNames = []string{"low", "high"}

// MarshalText writes the level as text.
func (l Level) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(levelNames) {
		return nil, errors.New("unknown level")
	}
	return []byte(levelNames[l]), nil
}

// UnmarshalText reads the level from text.
func (l *Level) UnmarshalText(b []byte) error {
	i := slices.Index(levelNames, string(b))
	if i < 0 {
		return fmt.Errorf("unknown level %q", b)
	}
	*l = Level(i)
	return nil
}

// Keys has maps with integer and text keys, and a text-encoded value.
type Keys struct {
	ByInt8  map[int8]string  `json:"by_int8"`
	ByUint  map[uint]string  `json:"by_uint"`
	ByInt   map[int]string   `json:"by_int"`
	ByLevel map[Level]string `json:"by_level"`
	Level   Level            `json:"level"`
	Levels  []Level          `json:"levels"`
}

// Number holds a json.Number, which encoding/json writes as a JSON number.
type Number struct {
	N json.Number `json:"n"`
}

// Page is a generic page of results.
type Page[T any] struct {
	// Items holds the results.
	Items []T `json:"items"`
	// Next is the cursor of the next page.
	Next string `json:"next,omitempty"`
}

// Paged holds an instance of a generic type.
type Paged struct {
	Page Page[Item] `json:"page"` // The first page.
}

// UseCollections returns its input.
//
//mcp:tool
func UseCollections(in Collections) (Collections, error) { return in, nil }

// UseSpecial returns its input.
//
//mcp:tool
func UseSpecial(in Special) (Special, error) { return in, nil }

// UseNested returns its input.
//
//mcp:tool
func UseNested(in Nested) Nested { return in }

// UseEmpty returns its input.
//
//mcp:tool
func UseEmpty(in Empty) Empty { return in }

// UseKeys returns its input.
//
//mcp:tool
func UseKeys(in Keys) Keys { return in }

// UseNumber returns its input.
//
//mcp:tool
func UseNumber(in Number) Number { return in }

// UsePaged returns its input.
//
//mcp:tool
func UsePaged(in Paged) Paged { return in }
