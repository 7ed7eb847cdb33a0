package main

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
)

//go:generate go run github.com/mcpgen/mcpgen/cmd/mcpgen

// Contrast is how well text of one color reads on a background of
// another, by the rules of WCAG 2.2.
type Contrast struct {
	// Ratio is the contrast ratio, from 1 (none) to 21 (black on white),
	// rounded to two decimals.
	Ratio float64 `json:"ratio"`
	// AA: normal text passes level AA (a ratio of at least 4.5).
	AA bool `json:"aa"`
	// AALarge: large text (24px, or 18.66px bold) passes level AA (at least 3).
	AALarge bool `json:"aaLarge"`
	// AAA: normal text passes level AAA (at least 7).
	AAA bool `json:"aaa"`
	// AAALarge: large text passes level AAA (at least 4.5).
	AAALarge bool `json:"aaaLarge"`
}

// CheckContrast computes the WCAG contrast ratio of a text color on a
// background color and which conformance levels it meets. The host shows
// the result in the contrast view, where the user can change the colors
// and see the verdict at once.
//
//mcp:arg foreground jsonschema:"pattern=^#[0-9a-fA-F]{6}$" the text color, as #RRGGBB
//mcp:arg background jsonschema:"pattern=^#[0-9a-fA-F]{6}$" the background color, as #RRGGBB
//mcp:icon file=contrast.svg sizes=any
//mcp:tool readonly idempotent openworld=false ui=ui://contrast/view.html
func CheckContrast(foreground, background string) (Contrast, error) {
	fg, err := luminance(foreground)
	if err != nil {
		return Contrast{}, fmt.Errorf("foreground: %w", err)
	}
	bg, err := luminance(background)
	if err != nil {
		return Contrast{}, fmt.Errorf("background: %w", err)
	}
	hi, lo := max(fg, bg), min(fg, bg)
	ratio := (hi + 0.05) / (lo + 0.05)
	return Contrast{
		Ratio:    math.Round(ratio*100) / 100,
		AA:       ratio >= 4.5,
		AALarge:  ratio >= 3,
		AAA:      ratio >= 7,
		AAALarge: ratio >= 4.5,
	}, nil
}

// luminance is the relative luminance of a #RRGGBB color (WCAG 2.2,
// "relative luminance").
func luminance(hex string) (float64, error) {
	if len(hex) != 7 || hex[0] != '#' {
		return 0, fmt.Errorf("%q is not a #RRGGBB color", hex)
	}
	rgb, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a #RRGGBB color", hex)
	}
	channel := func(shift uint) float64 {
		c := float64(rgb>>shift&0xff) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(16) + 0.7152*channel(8) + 0.0722*channel(0), nil
}

// The contrast checker's view: a preview of the text on its background,
// the ratio and the levels it meets, and color pickers that check again.
//
//go:embed view.html
//mcp:resource uri=ui://contrast/view.html app title="Contrast checker" prefersborder
var viewHTML string
