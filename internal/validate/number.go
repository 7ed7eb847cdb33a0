package validate

import (
	"math/big"
	"strconv"
)

// expLimit bounds exponents of decimal numbers. Larger exponents are
// saturated: no input that fits in memory has that many digits, so
// saturation changes no comparison.
const expLimit = 1 << 40

// A decNum is a JSON number literal, viewed as an exact decimal.
// Its digit slices point into the literal; nothing is allocated.
// The value is ±(ip ∥ fp) × 10^(exp-len(fp)).
type decNum struct {
	neg    bool
	ip, fp []byte // integer and fraction digits, as written
	exp    int64  // explicit exponent, saturated to ±expLimit
}

// parseDecNum parses the JSON number literal b. ok is false when b is not
// one.
func parseDecNum(b []byte) (d decNum, ok bool) {
	i := 0
	if i < len(b) && b[i] == '-' {
		d.neg = true
		i++
	}
	start := i
	if i < len(b) && b[i] == '0' {
		i++
	} else {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	if i == start {
		return d, false
	}
	d.ip = b[start:i]
	if i < len(b) && b[i] == '.' {
		i++
		start = i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return d, false
		}
		d.fp = b[start:i]
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			eneg = b[i] == '-'
			i++
		}
		start = i
		var e int64
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			if e < expLimit {
				e = e*10 + int64(b[i]-'0')
			}
			i++
		}
		if i == start {
			return d, false
		}
		if e > expLimit {
			e = expLimit
		}
		if eneg {
			e = -e
		}
		d.exp = e
	}
	return d, i == len(b)
}

// digit returns the i-th digit of ip ∥ fp.
func (d *decNum) digit(i int) byte {
	if i < len(d.ip) {
		return d.ip[i]
	}
	return d.fp[i-len(d.ip)]
}

// sig returns the bounds [lo, hi) of the significant digits of ip ∥ fp;
// lo == hi when the number is zero.
func (d *decNum) sig() (lo, hi int) {
	n := len(d.ip) + len(d.fp)
	for lo < n && d.digit(lo) == '0' {
		lo++
	}
	hi = n
	for hi > lo && d.digit(hi-1) == '0' {
		hi--
	}
	return lo, hi
}

// isZero reports whether d is ±0.
func (d *decNum) isZero() bool {
	lo, hi := d.sig()
	return lo == hi
}

// isInteger reports whether d has no fractional part (1.0 and 1e2 are integers).
func (d *decNum) isInteger() bool {
	lo, hi := d.sig()
	if lo == hi {
		return true
	}
	return d.lastExp(hi) >= 0
}

// lastExp returns the decimal exponent of the last significant digit, given
// hi from sig.
func (d *decNum) lastExp(hi int) int64 {
	return d.exp + int64(len(d.ip)-hi)
}

// cmpDec compares a and b numerically and returns -1, 0 or +1.
func cmpDec(a, b *decNum) int {
	alo, ahi := a.sig()
	blo, bhi := b.sig()
	az, bz := alo == ahi, blo == bhi
	switch {
	case az && bz:
		return 0
	case az:
		if b.neg {
			return 1
		}
		return -1
	case bz:
		if a.neg {
			return -1
		}
		return 1
	case a.neg != b.neg:
		if a.neg {
			return -1
		}
		return 1
	}
	c := cmpMag(a, alo, ahi, b, blo, bhi)
	if a.neg {
		return -c
	}
	return c
}

// cmpMag compares the magnitudes of two non-zero numbers.
func cmpMag(a *decNum, alo, ahi int, b *decNum, blo, bhi int) int {
	// Exponent of the most significant digit.
	am := a.exp + int64(len(a.ip)-alo)
	bm := b.exp + int64(len(b.ip)-blo)
	if am != bm {
		if am < bm {
			return -1
		}
		return 1
	}
	for i, j := alo, blo; ; i, j = i+1, j+1 {
		switch {
		case i == ahi && j == bhi:
			return 0
		case i == ahi:
			return -1
		case j == bhi:
			return 1
		}
		if x, y := a.digit(i), b.digit(j); x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
}

// isMultipleOf reports whether v is an integer multiple of m (m > 0),
// exactly. With v = V×10^ev and m = M×10^em (V, M without trailing zeros),
// v/m is an integer iff ev >= em and M/gcd(M,V) divides 10^(ev-em),
// that is, it is 2^a×5^b with a, b <= ev-em. (ev < em cannot work: V would
// have to be a multiple of 10.)
func isMultipleOf(v, m *decNum) bool {
	vlo, vhi := v.sig()
	if vlo == vhi {
		return true
	}
	mlo, mhi := m.sig()
	d := v.lastExp(vhi) - m.lastExp(mhi)
	if d < 0 {
		return false
	}
	var a, b int64 // powers of 2 and 5 in M/gcd(M,V)
	if vhi-vlo <= 19 && mhi-mlo <= 19 {
		V, M := digitsUint(v, vlo, vhi), digitsUint(m, mlo, mhi)
		x, y := V, M
		for y != 0 {
			x, y = y, x%y
		}
		r := M / x
		for r%2 == 0 {
			r /= 2
			a++
		}
		for r%5 == 0 {
			r /= 5
			b++
		}
		if r != 1 {
			return false
		}
	} else {
		V, M := digitsBig(v, vlo, vhi), digitsBig(m, mlo, mhi)
		g := new(big.Int).GCD(nil, nil, V, M)
		r := new(big.Int).Quo(M, g)
		two, five, q, rem := big.NewInt(2), big.NewInt(5), new(big.Int), new(big.Int)
		for {
			q.QuoRem(r, two, rem)
			if rem.Sign() != 0 {
				break
			}
			r.Set(q)
			a++
		}
		for {
			q.QuoRem(r, five, rem)
			if rem.Sign() != 0 {
				break
			}
			r.Set(q)
			b++
		}
		if !r.IsInt64() || r.Int64() != 1 {
			return false
		}
	}
	return a <= d && b <= d
}

func digitsUint(d *decNum, lo, hi int) uint64 {
	var u uint64
	for i := lo; i < hi; i++ {
		u = u*10 + uint64(d.digit(i)-'0')
	}
	return u
}

func digitsBig(d *decNum, lo, hi int) *big.Int {
	buf := make([]byte, 0, hi-lo)
	for i := lo; i < hi; i++ {
		buf = append(buf, d.digit(i))
	}
	n, _ := new(big.Int).SetString(string(buf), 10)
	return n
}

// appendCanonicalNum appends a canonical form of d: equal numbers get
// equal forms (1, 1.0, 10e-1 and 0.1e1 all give "1e0").
func appendCanonicalNum(dst []byte, d *decNum) []byte {
	lo, hi := d.sig()
	if lo == hi {
		return append(dst, '0')
	}
	if d.neg {
		dst = append(dst, '-')
	}
	for i := lo; i < hi; i++ {
		dst = append(dst, d.digit(i))
	}
	dst = append(dst, 'e')
	return strconv.AppendInt(dst, d.exp+int64(len(d.ip)-lo), 10)
}
