// Package ext stands for a module the user does not own: its types have
// their own JSON methods and no schema.
package ext

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Token is an opaque identifier, written as a string.
type Token struct{ id string }

func (t Token) MarshalJSON() ([]byte, error) { return json.Marshal(t.id) }

func (t *Token) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &t.id) }

// String returns the identifier.
func (t Token) String() string { return t.id }

// Code is a currency code of three capital letters.
type Code struct{ s string }

func (c Code) MarshalJSON() ([]byte, error) { return json.Marshal(c.s) }

func (c *Code) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &c.s); err != nil {
		return err
	}
	if len(c.s) != 3 || strings.ToUpper(c.s) != c.s {
		return fmt.Errorf("invalid currency code %q", c.s)
	}
	return nil
}

// String returns the code.
func (c Code) String() string { return c.s }
