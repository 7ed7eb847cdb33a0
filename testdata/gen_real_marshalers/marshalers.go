// Package real_marshalers has the shapes of real code's types with their
// own JSON or text methods: standard-library types with a fixed JSON form,
// a struct embedding time.Time, a version type with a stated schema, a
// struct that only marshals itself, and types from another module whose
// schema is stated at the field and once for the package.
//
//mcp:schema github.com/mcpgen/mcpgen/testdata/gen_real_marshalers/ext.Code {"type":"string","pattern":"^[A-Z]{3}$"}
package real_marshalers

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/netip"
	"time"

	"github.com/mcpgen/mcpgen/testdata/gen_real_marshalers/ext"
)

// Version is a semantic version, written as "v1.2.3" by its own methods.
//
//mcp:schema {"type":"string","pattern":"^v[0-9]+\\.[0-9]+\\.[0-9]+$"}
type Version struct{ Major, Minor, Patch int }

func (v Version) MarshalJSON() ([]byte, error) {
	return json.Marshal(fmt.Sprintf("v%d.%d.%d", v.Major, v.Minor, v.Patch))
}

func (v *Version) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if _, err := fmt.Sscanf(s, "v%d.%d.%d", &v.Major, &v.Minor, &v.Patch); err != nil {
		return fmt.Errorf("invalid version %q", s)
	}
	return nil
}

// Stamp is a timestamp: its JSON methods are time.Time's.
type Stamp struct{ time.Time }

// Money is written as "12.34 EUR" but read from its fields.
type Money struct {
	Cents    int64    `json:"cents"`
	Currency ext.Code `json:"currency"`
}

func (m Money) MarshalJSON() ([]byte, error) {
	return json.Marshal(fmt.Sprintf("%d.%02d %s", m.Cents/100, m.Cents%100, m.Currency))
}

// Order is the large request of an API client.
type Order struct {
	// Amount is the quantity ordered.
	Amount  *big.Int   `json:"amount"`
	Ratio   *big.Rat   `json:"ratio,omitempty"`
	Precise *big.Float `json:"precise,omitempty"`
	Host    net.IP     `json:"host"`
	// Addr is where to deliver.
	Addr    netip.Addr   `json:"addr"`
	Network netip.Prefix `json:"network,omitempty"`
	Level   slog.Level   `json:"level,omitempty"`
	Version Version      `json:"version"`
	At      Stamp        `json:"at"`
	Price   Money        `json:"price"`
	// Token identifies the customer.
	//
	//mcp:schema {"type":"string","minLength":8}
	Token ext.Token `json:"token"`
	// Note is optional; null means absent.
	Note  *string         `json:"note,omitempty"`
	Extra json.RawMessage `json:"extra,omitempty"`
	Meta  map[string]any  `json:"meta,omitempty"`
	Any   any             `json:"any,omitempty"`
}

// Receipt is what Place returns.
type Receipt struct {
	Amount  *big.Int   `json:"amount"`
	Ratio   *big.Rat   `json:"ratio"`
	Host    net.IP     `json:"host"`
	Addr    netip.Addr `json:"addr"`
	Level   slog.Level `json:"level"`
	Version Version    `json:"version"`
	At      Stamp      `json:"at"`
	Code    ext.Code   `json:"code"`
	Summary string     `json:"summary"`
}

// Place places an order and says what was placed.
//
//mcp:tool
func Place(o Order) (Receipt, error) {
	note := "-"
	if o.Note != nil {
		note = *o.Note
	}
	return Receipt{
		Amount: o.Amount, Ratio: o.Ratio, Host: o.Host, Addr: o.Addr, Level: o.Level,
		Version: o.Version, At: o.At, Code: o.Price.Currency,
		Summary: fmt.Sprintf("%s %v %s %s %s", o.Amount, o.At.UTC().Format(time.RFC3339), o.Token, note, o.Network),
	}, nil
}

// Lookup finds an address; the parameter's type is a foreign one whose
// schema the package states.
//
//mcp:tool
//mcp:arg code the currency code
//mcp:arg at when
func Lookup(code ext.Code, at Stamp, amount *big.Int) string {
	return fmt.Sprint(code, at.Year(), amount)
}
