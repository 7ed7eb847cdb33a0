// Package units converts lengths: a library package whose tools a server
// registers with the generated RegisterTools. The programs in ../gosdk and
// ../mcpgo (modules of their own) put these tools on a server built with the
// official Go SDK or with mcp-go.
package units

import (
	"context"
	"fmt"

	"github.com/mcpgen/mcpgen/runtime"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Unit is a unit of length.
type Unit string

// The units Convert knows.
const (
	Millimeter Unit = "mm"
	Meter      Unit = "m"
	Kilometer  Unit = "km"
	Inch       Unit = "in"
	Foot       Unit = "ft"
	Mile       Unit = "mi"
)

var meters = map[Unit]float64{
	Millimeter: 0.001, Meter: 1, Kilometer: 1000,
	Inch: 0.0254, Foot: 0.3048, Mile: 1609.344,
}

// A Length is a value in a unit.
type Length struct {
	// Value is the number of units.
	Value float64 `json:"value"`
	// Unit is the unit of Value.
	Unit Unit `json:"unit"`
}

// ConvertInput asks for a length in another unit.
type ConvertInput struct {
	// Length is the length to convert.
	Length Length `json:"length"`
	// To is the unit to convert it to.
	To Unit `json:"to"`
}

// Convert converts a length to another unit.
//
//mcp:tool readonly idempotent openworld=false
func Convert(in ConvertInput) (Length, error) {
	from, ok := meters[in.Length.Unit]
	to, ok2 := meters[in.To]
	if !ok || !ok2 { // not reached through a client: the schema's enum rejects it
		return Length{}, fmt.Errorf("cannot convert %s to %s", in.Length.Unit, in.To)
	}
	return Length{Value: in.Length.Value * from / to, Unit: in.To}, nil
}

// Total adds up lengths in the unit given, reporting its progress.
//
//mcp:arg lengths the lengths to add up, at least one
//mcp:arg unit the unit of the total
//mcp:tool readonly idempotent openworld=false
func Total(ctx context.Context, lengths []Length, unit Unit) (Length, error) {
	if len(lengths) == 0 {
		return Length{}, fmt.Errorf("no lengths to add up")
	}
	sum := Length{Unit: unit}
	for i, l := range lengths {
		if err := ctx.Err(); err != nil {
			return Length{}, err
		}
		c, err := Convert(ConvertInput{Length: l, To: unit})
		if err != nil {
			return Length{}, err
		}
		sum.Value += c.Value
		runtime.ReportProgress(ctx, float64(i+1), float64(len(lengths)), "")
	}
	runtime.Logger(ctx).Info("total computed", "lengths", len(lengths), "unit", string(unit))
	return sum, nil
}
