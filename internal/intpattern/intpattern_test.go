package intpattern

import (
	"math/big"
	"regexp"
	"testing"
)

// TestKindRange: the pattern of each Go integer kind's range tells the
// range back; any other pattern none.
func TestKindRange(t *testing.T) {
	p := Pattern(big.NewInt(-128), big.NewInt(127))
	if r, ok := KindRange(p); !ok || r != (Range{"-128", "127"}) {
		t.Errorf("int8: %v %v", r, ok)
	}
	if r, ok := KindRange(Pattern(big.NewInt(0), new(big.Int).SetUint64(1<<64-1))); !ok || r.Hi != "18446744073709551615" {
		t.Errorf("uint64: %v %v", r, ok)
	}
	if _, ok := KindRange(Pattern(big.NewInt(0), big.NewInt(10))); ok {
		t.Error("0..10 is no kind's range")
	}
	re := regexp.MustCompile(p)
	for text, want := range map[string]bool{"0": true, "127": true, "-128": true, "128": false, "-0": false, "007": false} {
		if re.MatchString(text) != want {
			t.Errorf("%s: %v", text, !want)
		}
	}
}
