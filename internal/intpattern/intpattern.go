// Package intpattern writes the regular expression that matches the
// decimal texts of a range of integers, as mcpgen's schemas state integers
// that travel as JSON strings (map keys, the ",string" option), and knows
// the ranges of Go's integer kinds by their patterns, so that a message
// can say "an integer from -128 to 127" instead of quoting hundreds of
// characters of pattern.
package intpattern

import (
	"fmt"
	"math/big"
	"strings"
	"sync"
)

// Pattern returns a regular expression that matches exactly the
// canonical decimal texts of the integers in [lo, hi], where lo <= 0 <= hi:
// no sign for non-negative numbers, no leading zeros.
func Pattern(lo, hi *big.Int) string {
	alts := []string{"0"}
	if hi.Sign() > 0 {
		alts = append(alts, positiveUpTo(hi.String())...)
	}
	if lo.Sign() < 0 {
		neg := positiveUpTo(new(big.Int).Neg(lo).String())
		alts = append(alts, "-(?:"+strings.Join(neg, "|")+")")
	}
	return "^(?:" + strings.Join(alts, "|") + ")$"
}

// A Range is the range of a Go integer kind, as decimal texts.
type Range struct{ Lo, Hi string }

// kinds maps the Pattern of each Go integer kind's range to that range.
var kinds = sync.OnceValue(func() map[string]Range {
	m := map[string]Range{}
	add := func(lo, hi *big.Int) { m[Pattern(lo, hi)] = Range{lo.String(), hi.String()} }
	for _, bits := range []uint{8, 16, 32, 64} {
		add(new(big.Int).Lsh(big.NewInt(-1), bits-1), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits-1), big.NewInt(1)))
		add(big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1)))
	}
	return m
})

// KindRange returns the range of the Go integer kind whose Pattern p is.
func KindRange(p string) (Range, bool) {
	r, ok := kinds()[p]
	return r, ok
}

// positiveUpTo returns alternatives that together match the canonical
// decimal texts of 1..n, where n is the decimal text of a positive number.
func positiveUpTo(n string) []string {
	k := len(n)
	var alts []string
	// Every number with fewer digits than n.
	switch {
	case k == 2:
		alts = append(alts, "[1-9]")
	case k == 3:
		alts = append(alts, "[1-9][0-9]?")
	case k > 3:
		alts = append(alts, fmt.Sprintf("[1-9][0-9]{0,%d}", k-2))
	}
	// Numbers with as many digits as n: they share a prefix with n, then
	// have a smaller digit (or, in the last place, at most n's), then any
	// digits.
	for i := range k {
		lo := byte('0')
		if i == 0 {
			lo = '1'
		}
		hi := n[i] - 1
		if i == k-1 {
			hi = n[i]
		}
		if hi < lo {
			continue
		}
		alt := n[:i] + digitClass(lo, hi)
		if rest := k - i - 1; rest == 1 {
			alt += "[0-9]"
		} else if rest > 1 {
			alt += fmt.Sprintf("[0-9]{%d}", rest)
		}
		alts = append(alts, alt)
	}
	return alts
}

func digitClass(lo, hi byte) string {
	switch hi - lo {
	case 0:
		return string(lo)
	case 1:
		return "[" + string(lo) + string(hi) + "]"
	}
	return "[" + string(lo) + "-" + string(hi) + "]"
}
