package schema

import (
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// parseNumberReference is the former parseNumber, through json.Decoder.
func parseNumberReference(s string) (json.Number, *big.Rat, bool) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil || d.More() {
		return "", nil, false
	}
	n, ok := v.(json.Number)
	if !ok || !bytes.Equal(bytes.TrimSpace([]byte(s)), []byte(s)) {
		return "", nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return n, r, ok
}

func sameNumber(t *testing.T, s string) {
	t.Helper()
	n, ok := parseNumber(s)
	wn, wr, wok := parseNumberReference(s)
	if ok != wok {
		t.Fatalf("parseNumber(%q) ok = %v, reference %v", s, ok, wok)
	}
	if !ok {
		return // callers use neither value then
	}
	if r := mustRat(n); n != wn || r.Cmp(wr) != 0 {
		t.Fatalf("parseNumber(%q) = %q, %v; reference %q, %v", s, n, r, wn, wr)
	}
	if !validNumber(string(n)) {
		t.Fatalf("parseNumber(%q) accepted an invalid number", s)
	}
}

func TestParseNumber(t *testing.T) {
	fixed := []string{
		"", " ", "0", "-0", "00", "01", "-01", "+1", "1", "-1", "1.", ".5", "-.5", "1.5", "1.5.", "1e", "1E", "1e+", "1e-",
		"1e5", "1E+5", "1e-5", "1e05", "1.0e0", "-", "--1", "1-", "1 ", " 1", "\t1", "1\n", "\n1\n", "1 2", "1,", "[1]", "1]",
		"1}", "{}", "\"1\"", "true", "null", "NaN", "Inf", "0x10", "1_000", "1e400", "-1e-400", "1e999999", "1.5e308",
		"123456789012345678901234567890", "9223372036854775807", "18446744073709551616", "0.1e1", "1.e1", "1e1.5",
		"\u00a01", "1\u00a0", "1\x00", "１",
	}
	for _, s := range fixed {
		sameNumber(t, s)
	}
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "0123456789-+.eE 01\t]}x"
	for range 100000 {
		b := make([]byte, 1+r.IntN(8))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		sameNumber(t, string(b))
	}
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"0", "-1.5e+3", "01", " 1", "1]", "1e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return // big.Rat works hard on huge exponents
		}
		sameNumber(t, s)
	})
}

// sameOrder checks cmpNumbers, numberSign and isInteger, which compare
// decimals on their text, against big.Rat.
func sameOrder(t *testing.T, a, b json.Number) {
	t.Helper()
	ra, rb := mustRat(a), mustRat(b)
	if got, want := cmpNumbers(a, b), ra.Cmp(rb); got != want {
		t.Fatalf("cmpNumbers(%s, %s) = %d, big.Rat says %d", a, b, got, want)
	}
	if got, want := numberSign(a), ra.Sign(); got != want {
		t.Fatalf("numberSign(%s) = %d, big.Rat says %d", a, got, want)
	}
	if got, want := isInteger(a), ra.IsInt(); got != want {
		t.Fatalf("isInteger(%s) = %v, big.Rat says %v", a, got, want)
	}
}

func TestCmpNumbers(t *testing.T) {
	fixed := []json.Number{
		"0", "-0", "0.0", "-0.000", "1", "-1", "1.0", "1.5", "1.50", "-1.5", "0.5", "0.05", "0.50001", "10", "9.999",
		"100", "99", "-100", "-99", "127", "-128", "255", "9223372036854775807", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "123456789012345678901234567890.5",
		"1e2", "1E+2", "100e-2", "-1e-2", "0e5", "-0e-5", "1.5e1", "15e-1", "3.4028235e+38", "-3.4028235e+38",
		"340282350000000000000000000000000000000", "340282350000000000000000000000000000001",
	}
	for _, a := range fixed {
		for _, b := range fixed {
			sameOrder(t, a, b)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789"[r.IntN(10)]
		}
		return string(b)
	}
	random := func() json.Number {
		var s strings.Builder
		if r.IntN(2) == 0 {
			s.WriteByte('-')
		}
		if r.IntN(3) == 0 {
			s.WriteByte('0')
		} else {
			s.WriteByte("123456789"[r.IntN(9)])
			s.WriteString(digits(r.IntN(4)))
		}
		if r.IntN(2) == 0 {
			s.WriteString("." + digits(1+r.IntN(4)))
		}
		if r.IntN(5) == 0 {
			s.WriteString("e" + []string{"", "+", "-"}[r.IntN(3)] + digits(1+r.IntN(2)))
		}
		n := json.Number(s.String())
		if !validNumber(string(n)) {
			t.Fatalf("generated an invalid number %q", n)
		}
		return n
	}
	for range 100000 {
		sameOrder(t, random(), random())
	}
}
