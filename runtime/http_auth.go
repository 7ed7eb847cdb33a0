package runtime

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
)

// This file is the authorization hook of the HTTP transport: any standard
// http.Handler middleware, plus a ready-made bearer-token check (spec
// 2026-07-28 basic/transports/streamable-http#security-warning, spec 2026-07-28
// basic/authorization).

// WithMiddleware wraps the MCP endpoint in mw, outermost first: the first
// middleware sees every request before the second, and before the
// handler's own checks. Use it to authorize requests (see
// [RequireBearerToken]), to rate-limit them or to log them. It applies to
// [Server.HTTPHandler] and [Server.ListenAndServeHTTP] alike:
//
//	token := os.Getenv("MCP_TOKEN")
//	err := srv.ListenAndServeHTTP(ctx, "127.0.0.1:8080", runtime.WithMiddleware(
//		func(h http.Handler) http.Handler { return runtime.RequireBearerToken(token, h) }))
//
// A middleware runs on every request, whether or not it carries a session
// id: a session id is a handle, never proof of identity, and gets nothing
// past the middleware.
func WithMiddleware(mw ...func(http.Handler) http.Handler) HTTPOption {
	return func(c *httpConfig) { c.middleware = append(c.middleware, mw...) }
}

// wrap returns h inside the configured middleware.
func (c *httpConfig) wrap(h http.Handler) http.Handler {
	for i := len(c.middleware) - 1; i >= 0; i-- {
		h = c.middleware[i](h)
	}
	return h
}

// RequireBearerToken returns a handler that passes to next only the
// requests that carry the header "Authorization: Bearer <token>" (RFC
// 6750). It compares tokens in constant time. Other requests get 401
// Unauthorized with a WWW-Authenticate: Bearer challenge and a JSON-RPC
// error without id; next never sees them. OPTIONS requests (CORS
// preflights, which browsers send without credentials) pass through, so
// that [WithAllowedOrigins] can answer them; the MCP handler serves nothing
// else on OPTIONS.
//
// It is the simplest access control for a server that other local processes or
// users could reach (spec 2026-07-28
// basic/transports/streamable-http#security-warning): a shared secret, given to
// the client out of band, for example in an environment variable. It does not
// implement MCP's OAuth-based authorization. It panics if token is empty, so
// that a missing secret fails at startup rather than open.
func RequireBearerToken(token string, next http.Handler) http.Handler {
	if token == "" {
		panic("runtime: RequireBearerToken: empty token")
	}
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions {
			next.ServeHTTP(w, r)
			return
		}
		auth := r.Header.Get("Authorization")
		scheme, got, ok := strings.Cut(auth, " ")
		// Hashing first makes the comparison independent of the length of
		// either token.
		sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
		if ok && strings.EqualFold(scheme, "Bearer") && subtle.ConstantTimeCompare(sum[:], want[:]) == 1 {
			next.ServeHTTP(w, r)
			return
		}
		challenge := `Bearer`
		if auth != "" {
			challenge = `Bearer error="invalid_token"`
		}
		w.Header().Set("WWW-Authenticate", challenge)
		httpError(w, http.StatusUnauthorized, codeInvalidRequest, "Unauthorized: send Authorization: Bearer <token>")
	})
}
