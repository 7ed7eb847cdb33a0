// Package units declares an enum type used by another package.
package units

// Unit is a temperature unit.
type Unit string

const (
	// Celsius is the default.
	Celsius    Unit = "c"
	Fahrenheit Unit = "f"
	Kelvin     Unit = "k"
)

// Reading is a temperature in a unit.
type Reading struct {
	// Value is the temperature.
	Value float64 `json:"value"`
	Unit  Unit    `json:"unit"` // Unit of Value.
}
