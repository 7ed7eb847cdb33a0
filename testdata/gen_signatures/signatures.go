// Package gen_signatures has tools whose signatures are those existing
// functions have: a struct beside other parameters, a variadic parameter,
// several results, (T, bool), a pointer result that may be nil, and plain
// parameters bounded by //mcp:arg keywords.
package gen_signatures

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
)

// Bound is a rectangle, from its minimum to its maximum corner.
type Bound struct {
	Min Point `json:"min"`
	Max Point `json:"max"`
}

// Point is a position on the plane, as [x, y].
type Point [2]float64

// Zoom is a zoom level of a map: 0 shows the whole world.
type Zoom uint8

// Pad grows b by meters on every side.
//
//mcp:arg meters how far to grow, in meters
//mcp:tool
func Pad(b Bound, meters float64) Bound {
	b.Min[0] -= meters
	b.Min[1] -= meters
	b.Max[0] += meters
	b.Max[1] += meters
	return b
}

// Sum adds up its arguments.
//
//mcp:arg values the numbers to add (none: 0)
//mcp:tool
func Sum(values ...float64) float64 {
	total := 0.0
	for _, v := range values {
		total += v
	}
	return total
}

// Join joins words with sep.
//
//mcp:tool
func Join(ctx context.Context, sep string, words ...string) string {
	return strings.Join(words, sep)
}

// Span returns the first and last tile index of zoom level z.
//
//mcp:tool
func Span(z Zoom) (first, last uint64) {
	return 0, 1<<(2*uint(z)) - 1
}

// MinMax returns the smallest and the largest of values.
//
//mcp:arg values the numbers to look at; at least one
//mcp:tool
func MinMax(values []float64) (float64, float64, error) {
	if len(values) == 0 {
		return 0, 0, errors.New("no values")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi, nil
}

var capitals = map[string]string{"France": "Paris", "Japan": "Tokyo"}

// Capital returns the capital of a country, and whether it is known.
//
//mcp:tool readonly
func Capital(country string) (string, bool) {
	c, ok := capitals[country]
	return c, ok
}

// City is a city and its country.
type City struct {
	Name    string `json:"name"`
	Country string `json:"country"`
}

// FindCity returns the capital city of country, or nil when it is not known.
//
//mcp:tool
func FindCity(country string) *City {
	c, ok := capitals[country]
	if !ok {
		return nil
	}
	return &City{Name: c, Country: country}
}

// FindCities returns the capitals of countries, nil for an unknown one.
//
//mcp:tool
func FindCities(countries []string) (found []*City, missing int, err error) {
	for _, country := range countries {
		found = append(found, FindCity(country))
		if found[len(found)-1] == nil {
			missing++
		}
	}
	return found, missing, nil
}

// Range returns the numbers from 0 to n-1.
//
//mcp:arg n jsonschema:"minimum=0,maximum=1000" how many numbers
//mcp:arg step jsonschema:"exclusiveMinimum=0,default=1"
//mcp:tool
func Range(n int, step *int) []int {
	s := 1
	if step != nil {
		s = *step
	}
	out := make([]int, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, i*s)
	}
	return out
}

// Repeat repeats word.
//
//mcp:arg word jsonschema:"minLength=1,maxLength=20,pattern=^[a-z]+$" the word
//mcp:arg unit jsonschema:"enum=word,enum=line"
//mcp:arg times jsonschema:"required,maximum=10" how often (the zoom level's doc is not used: this text wins)
//mcp:tool
func Repeat(word string, unit string, times *Zoom) string {
	sep := " "
	if unit == "line" {
		sep = "\n"
	}
	return strings.TrimSpace(strings.Repeat(word+sep, int(*times)))
}

// TileCount returns how many tiles zoom level z has.
//
//mcp:tool
func TileCount(z Zoom) uint64 {
	return 1 << (2 * uint(z))
}

var signatures = map[string][]byte{"release": {0xde, 0xad}}

// Signature returns the signature stored for key, nil when there is none.
//
//mcp:tool
func Signature(key string) []byte {
	return signatures[key]
}

// Check checks a version string and returns whether it is valid, with the
// problems found: errors returned as a value, beside another result.
//
//mcp:tool
func Check(version string) (ok bool, problems []error) {
	if !strings.HasPrefix(version, "v") {
		problems = append(problems, errors.New(`no leading "v"`))
	}
	if strings.Count(version, ".") != 2 {
		problems = append(problems, fmt.Errorf("%d dots, want 2", strings.Count(version, ".")))
	}
	return len(problems) == 0, problems
}
