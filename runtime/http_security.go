package runtime

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// This file holds the checks that protect an HTTP endpoint from web pages and
// DNS rebinding (spec 2026-07-28 basic/transports/streamable-http, spec
// 2025-11-25 basic/transports, spec 2026-07-28
// basic/transports/streamable-http#security-warning): the Origin header is
// validated on every request, and a server that is reached over a loopback
// address accepts only loopback Host names.

// originAllowed reports whether the request's Origin header is acceptable.
// A request without Origin comes from a non-browser client and is allowed.
// With an allow-list (WithAllowedOrigins) only listed origins pass; "*"
// allows any. Without one, an origin passes when its host equals the
// request's Host or names the loopback interface.
func (c *httpConfig) originAllowed(r *http.Request) bool {
	origins := r.Header.Values("Origin")
	if len(origins) == 0 {
		return true
	}
	if len(origins) > 1 {
		return false
	}
	origin := strings.TrimSpace(origins[0])
	if c.allowedOrigins != nil {
		for _, o := range c.allowedOrigins {
			if o == "*" || strings.EqualFold(o, origin) {
				return true
			}
		}
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.User != nil || (u.Path != "" && u.Path != "/") {
		return false // includes the opaque origin "null"
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	return isLoopbackName(u.Hostname())
}

// hostAllowed reports whether the request's Host header is acceptable.
// With WithAllowedHosts the host (with or without its port) must be listed;
// "*" allows any. Otherwise a request that arrived on a loopback address
// must name a loopback host, so that a DNS name rebound to 127.0.0.1 cannot
// reach a local server; requests on other interfaces are not restricted.
func (c *httpConfig) hostAllowed(r *http.Request) bool {
	host := r.Host
	if c.allowedHosts != nil {
		name := hostName(host)
		for _, h := range c.allowedHosts {
			if h == "*" || strings.EqualFold(h, host) || strings.EqualFold(h, name) {
				return true
			}
		}
		return false
	}
	if !arrivedOnLoopback(r) {
		return true
	}
	return isLoopbackName(hostName(host))
}

// arrivedOnLoopback reports whether the connection's local address is a
// loopback address. Requests built without a connection (tests that call
// ServeHTTP directly) count as loopback: the strict default is the safe one.
func arrivedOnLoopback(r *http.Request) bool {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok || addr == nil {
		return true
	}
	var ip net.IP
	switch a := addr.(type) {
	case *net.TCPAddr:
		ip = a.IP
	default:
		h, _, err := net.SplitHostPort(addr.String())
		if err != nil {
			return false
		}
		ip = net.ParseIP(h)
	}
	return ip != nil && ip.IsLoopback()
}

// hostName returns host without its port and IPv6 brackets.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
}

// isLoopbackName reports whether name is "localhost" or a loopback IP.
func isLoopbackName(name string) bool {
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	if strings.EqualFold(name, "localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}
