package validate

import (
	"net/netip"
	"net/url"
	"time"
	"unicode/utf8"
)

// A stringFormat asserts a "format" keyword on a string value.
type stringFormat struct {
	check func(s []byte) bool
	hint  string // how a valid value looks, for error messages
}

// stringFormats are the formats that are asserted. Other formats are
// annotations only, as JSON Schema 2020-12 allows.
var stringFormats = map[string]stringFormat{
	"date-time": {isDateTime, `an RFC 3339 date-time such as "2006-01-02T15:04:05Z"`},
	"date":      {isDate, `an RFC 3339 full-date such as "2006-01-02"`},
	"time":      {isTime, `an RFC 3339 full-time such as "15:04:05Z" or "15:04:05+02:00"`},
	"email":     {isEmail, `an email address such as "user@example.com"`},
	"hostname":  {isHostname, `a host name such as "example.com"`},
	"ipv4":      {isIPv4, `an IPv4 address such as "192.0.2.1"`},
	"ipv6":      {isIPv6, `an IPv6 address such as "2001:db8::1"`},
	"uri":       {isURI, `an absolute URI such as "https://example.com/x"`},
	"uuid":      {isUUID, `a UUID such as "123e4567-e89b-12d3-a456-426614174000"`},
}

// isDateTime accepts an RFC 3339 date-time that time.Time's UnmarshalJSON
// also accepts, so that a valid value always decodes into a time.Time:
// upper-case T and Z, seconds 00-59 (no leap second).
func isDateTime(s []byte) bool {
	if len(s) < 20 || (s[10] != 'T' && s[10] != 't') || !isDate(s[:10]) || !isTime(s[11:]) {
		return false
	}
	var t time.Time
	return t.UnmarshalText(s) == nil
}

// isDate accepts an RFC 3339 full-date: YYYY-MM-DD with a valid day of month.
func isDate(s []byte) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, ok1 := digitsN(s[0:4])
	m, ok2 := digitsN(s[5:7])
	d, ok3 := digitsN(s[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= daysIn(m, y)
}

func daysIn(m, y int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

func digitsN(s []byte) (int, bool) {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// isTime accepts an RFC 3339 full-time: HH:MM:SS[.frac](Z|±HH:MM), case-
// insensitive Z, with a leap second (:60) only at 23:59 UTC.
func isTime(s []byte) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := digitsN(s[0:2])
	m, ok2 := digitsN(s[3:5])
	sec, ok3 := digitsN(s[6:8])
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	i := 8
	if s[i] == '.' {
		i++
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
	}
	if i >= len(s) {
		return false
	}
	var off int // minutes east of UTC
	switch s[i] {
	case 'Z', 'z':
		if i+1 != len(s) {
			return false
		}
	case '+', '-':
		z := s[i+1:]
		if len(z) != 5 || z[2] != ':' {
			return false
		}
		oh, ok1 := digitsN(z[0:2])
		om, ok2 := digitsN(z[3:5])
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return false
		}
		off = oh*60 + om
		if s[i] == '-' {
			off = -off
		}
	default:
		return false
	}
	if sec == 60 {
		utc := ((h*60+m-off)%(24*60) + 24*60) % (24 * 60)
		return utc == 23*60+59
	}
	return true
}

// isHostname accepts an RFC 1123 host name: dot-separated labels of 1-63
// letters, digits and hyphens, not starting or ending with a hyphen, 253
// characters at most, and optionally a final dot (a fully qualified name).
func isHostname(s []byte) bool {
	if len(s) > 1 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	label := 0
	for i, c := range s {
		switch {
		case c == '.':
			if label == 0 || s[i-1] == '-' {
				return false
			}
			label = 0
		case c == '-':
			if label == 0 {
				return false
			}
			label++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			label++
		default:
			return false
		}
		if label > 63 {
			return false
		}
	}
	return label > 0 && s[len(s)-1] != '-'
}

// isEmail accepts local@domain (RFC 5321 Mailbox): a dot-atom or quoted
// local part of at most 64 octets, and a host name or a bracketed IP
// address literal ("[192.0.2.1]", "[IPv6:2001:db8::1]").
func isEmail(s []byte) bool {
	at := -1
	if len(s) > 0 && s[0] == '"' {
		i := 1
		for ; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				if i < len(s) && (s[i] < 0x20 || s[i] > 0x7e) {
					return false
				}
				continue
			}
			if s[i] == '"' {
				break
			}
			if s[i] < 0x20 || s[i] > 0x7e {
				return false
			}
		}
		if i+1 >= len(s) || s[i+1] != '@' {
			return false
		}
		at = i + 1
	} else {
		for i, c := range s {
			if c == '@' {
				at = i
				break
			}
		}
		if at <= 0 {
			return false
		}
		prev := byte('.')
		for _, c := range s[:at] {
			if c == '.' {
				if prev == '.' {
					return false
				}
			} else if !isAtext(c) {
				return false
			}
			prev = c
		}
		if prev == '.' {
			return false
		}
	}
	if at > 64 {
		return false
	}
	dom := s[at+1:]
	if len(dom) > 2 && dom[0] == '[' && dom[len(dom)-1] == ']' {
		lit := dom[1 : len(dom)-1]
		if len(lit) > 5 && string(lit[:5]) == "IPv6:" {
			return isIPv6(lit[5:])
		}
		return isIPv4(lit)
	}
	return isHostname(dom)
}

func isAtext(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '/', '=', '?', '^', '_', '`', '{', '|', '}', '~':
		return true
	}
	return false
}

// isIPv4 accepts a dotted-quad address without leading zeros.
func isIPv4(s []byte) bool {
	for _, c := range s {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	a, err := netip.ParseAddr(string(s))
	return err == nil && a.Is4()
}

// isIPv6 accepts an RFC 4291 address (also with an embedded IPv4 tail),
// without a zone.
func isIPv6(s []byte) bool {
	for _, c := range s {
		if c != ':' && c != '.' && !isHex(c) {
			return false
		}
	}
	a, err := netip.ParseAddr(string(s))
	return err == nil && a.Is6() && a.Zone() == ""
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// isUUID accepts the RFC 9562 text form 8-4-4-4-12 hex digits (any case).
func isUUID(s []byte) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !isHex(c) {
				return false
			}
		}
	}
	return true
}

// isURI accepts an absolute URI (with a scheme) that net/url parses, made
// of ASCII characters only (RFC 3986 has no non-ASCII characters; IRIs are
// a different format).
func isURI(s []byte) bool {
	for _, c := range s {
		if c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`' || c == '{' || c == '|' || c == '}' {
			return false
		}
	}
	if !utf8.Valid(s) {
		return false
	}
	u, err := url.Parse(string(s))
	if err != nil || u.Scheme == "" {
		return false
	}
	c := u.Scheme[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
