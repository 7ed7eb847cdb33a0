package schema

import (
	"cmp"
	"encoding/json"
	"math/big"
	"strings"
)

// Tag keywords and type bounds are JSON numbers that must be compared
// exactly. Almost all of them are plain decimals ("1", "-0.5", the bounds of
// the Go integer types), which are compared here digit by digit on their
// text without allocating; numbers with an exponent go through big.Rat.

// A decimal is a JSON number without exponent, taken apart.
type decimal struct {
	neg  bool
	int  string // the digits before the point without leading zeros: "" for 0
	frac string // the digits after the point without trailing zeros
}

// parseDecimal takes apart s, a valid JSON number; ok is false when s has an
// exponent.
func parseDecimal(s string) (d decimal, ok bool) {
	if strings.ContainsAny(s, "eE") {
		return decimal{}, false
	}
	if s[0] == '-' {
		d.neg, s = true, s[1:]
	}
	d.int, d.frac, _ = strings.Cut(s, ".")
	if d.int == "0" { // the only integer part JSON allows to start with 0
		d.int = ""
	}
	d.frac = strings.TrimRight(d.frac, "0")
	return d, true
}

func (d decimal) sign() int {
	switch {
	case d.int == "" && d.frac == "":
		return 0 // also "-0"
	case d.neg:
		return -1
	}
	return 1
}

// cmp compares d and e as numbers.
func (d decimal) cmp(e decimal) int {
	ds, es := d.sign(), e.sign()
	if ds != es || ds == 0 {
		return cmp.Compare(ds, es)
	}
	// Same sign: compare the magnitudes. Without leading zeros the longer
	// integer part is the larger; without trailing zeros the fractions
	// compare as text.
	c := cmp.Compare(len(d.int), len(e.int))
	if c == 0 {
		c = strings.Compare(d.int, e.int)
	}
	if c == 0 {
		c = strings.Compare(d.frac, e.frac)
	}
	return ds * c
}

// cmpNumbers compares the valid JSON numbers a and b exactly.
func cmpNumbers(a, b json.Number) int {
	if da, ok := parseDecimal(string(a)); ok {
		if db, ok := parseDecimal(string(b)); ok {
			return da.cmp(db)
		}
	}
	return mustRat(a).Cmp(mustRat(b))
}

// numberSign returns the sign of the valid JSON number n: -1, 0 or 1.
func numberSign(n json.Number) int {
	if d, ok := parseDecimal(string(n)); ok {
		return d.sign()
	}
	return mustRat(n).Sign()
}

// isInteger reports whether the valid JSON number n is an integer.
func isInteger(n json.Number) bool {
	if d, ok := parseDecimal(string(n)); ok {
		return d.frac == ""
	}
	return mustRat(n).IsInt()
}

// parseNumber parses s as a JSON number.
// It accepts exactly the JSON number grammar, without surrounding space, and
// only numbers big.Rat can hold (it refuses exponents beyond 1e6 or so).
func parseNumber(s string) (json.Number, bool) {
	if !validNumber(s) {
		return "", false
	}
	if strings.ContainsAny(s, "eE") {
		if _, ok := new(big.Rat).SetString(s); !ok {
			return "", false
		}
	}
	// Without exponent, big.Rat reads any valid JSON number.
	return json.Number(s), true
}

func mustRat(n json.Number) *big.Rat {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		panic("schema: bad number " + n)
	}
	return r
}
