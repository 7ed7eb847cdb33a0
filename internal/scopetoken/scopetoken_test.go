package scopetoken

import "testing"

// TestValid: the scope-token of RFC 6749 section 3.3, byte by byte.
func TestValid(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c == 0x21 || 0x23 <= c && c <= 0x5B || 0x5D <= c && c <= 0x7E
		if got := Valid("a" + string(rune(c))[:1] + "b"); c < 0x80 && got != want {
			t.Errorf("Valid with %#x = %v, want %v", c, got, want)
		}
		if got := Valid(string([]byte{byte(c)})); got != want {
			t.Errorf("Valid(%#x) = %v, want %v", c, got, want)
		}
	}
	for s, want := range map[string]bool{"": false, "files:read": true, "files read": false, "é": false, "https://x/y.z": true} {
		if got := Valid(s); got != want {
			t.Errorf("Valid(%q) = %v, want %v", s, got, want)
		}
	}
}
