package schema

import (
	"math/big"

	"github.com/mcpgen/mcpgen/internal/intpattern"
)

// integerPattern returns a regular expression that matches exactly the
// canonical decimal texts of the integers in [lo, hi], where lo <= 0 <= hi
// (intpattern.Pattern). It describes integers that travel as JSON strings
// (map keys, the ",string" option), where minimum and maximum cannot apply.
func integerPattern(lo, hi *big.Int) string { return intpattern.Pattern(lo, hi) }
