package schema

import (
	"go/types"

	"github.com/invopop/jsonschema"
)

// A knownType is a standard-library type with its own JSON or text
// methods, whose JSON form is fixed: what encoding/json reads into it and
// writes from it (TestKnownTypes checks each against encoding/json).
type knownType struct {
	schema func() *jsonschema.Schema
	// byPointer: the methods have pointer receivers, so encoding/json
	// uses them for a value only where it is addressable; a result must
	// hold the type through a pointer.
	byPointer bool
}

// Patterns admit a subset of what the types' parsers accept: all that
// they write, without the exotic forms (hexadecimal, underscores) and,
// for big.Rat, without exponents so large that parsing them is costly.
const (
	bigFloatPattern = `^[+-]?(Inf|inf|([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?)$`
	bigRatPattern   = `^[+-]?[0-9]+(/[0-9]*[1-9][0-9]*|(\.[0-9]+)?([eE][+-]?[0-9]{1,4})?)$`
	slogLevel       = `^(DEBUG|INFO|WARN|ERROR)([+-][0-9]+)?$`
)

var knownTypes = map[string]knownType{
	"time.Time": {schema: func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Format: "date-time"} }},
	// Any JSON value, written as it is.
	"encoding/json.RawMessage": {schema: anyValue},
	// Written as a JSON number; read from a number (or from a string
	// holding one, which the schema does not offer).
	"encoding/json.Number": {schema: func() *jsonschema.Schema { return &jsonschema.Schema{Type: "number"} }},
	// A JSON number with digits only; 1.0 and 1e3, integers to JSON
	// Schema, are decoded as 1 and 1000 (runtime.Decode).
	"math/big.Int": {byPointer: true, schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "integer", Description: "An integer of any size."}
	}},
	"math/big.Float": {byPointer: true, schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Pattern: bigFloatPattern,
			Description: `A floating-point number of any precision, as a string: "1.5", "-2e10", "+Inf".`}
	}},
	"math/big.Rat": {byPointer: true, schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Pattern: bigRatPattern,
			Description: `A rational number, as a string: a fraction "1/3" or a decimal "1.5".`}
	}},
	"net.IP": {schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Description: `An IPv4 or IPv6 address: "192.0.2.1", "2001:db8::1".`}
	}},
	"net/netip.Addr": {schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Description: `An IPv4 or IPv6 address: "192.0.2.1", "2001:db8::1".`}
	}},
	"net/netip.AddrPort": {schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Description: `An IP address and a port: "192.0.2.1:80", "[2001:db8::1]:443".`}
	}},
	"net/netip.Prefix": {schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Description: `An IP network in CIDR notation: "192.0.2.0/24", "2001:db8::/32".`}
	}},
	"log/slog.Level": {schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Pattern: slogLevel,
			Description: `A log level: DEBUG, INFO, WARN or ERROR, optionally with an offset ("INFO+2").`}
	}},
	"regexp.Regexp": {byPointer: true, schema: func() *jsonschema.Schema {
		return &jsonschema.Schema{Type: "string", Description: "A regular expression in Go's RE2 syntax."}
	}},
}

// known returns the schema of t if it is a knownType.
func (c *conv) known(t types.Type, addressed bool, at site) (*jsonschema.Schema, bool) {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, false
	}
	k, ok := knownTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	if !ok {
		return nil, false
	}
	if c.output && k.byPointer && !addressed {
		return c.unsupported(at, t, "its MarshalText or MarshalJSON method has a pointer receiver, so encoding/json writes a "+
			c.typeString(t)+" value that is not addressable as {}; use *"+c.typeString(t)), true
	}
	return k.schema(), true
}
