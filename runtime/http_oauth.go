package runtime

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file makes the HTTP transport an OAuth 2.1 resource server (spec
// 2025-06-18, 2025-11-25 and 2026-07-28 basic/authorization): every request
// carries an access token, which a TokenVerifier turns into the caller's
// Identity; the server publishes its Protected Resource Metadata (RFC 9728)
// so that clients find the authorization server; a token of another
// resource is refused (RFC 8707); a call of an item whose scope the token
// lacks gets 403 with a scope challenge, so that the client can step up.

// Authorization configures the HTTP transport as an OAuth 2.1 resource
// server. See [WithAuthorization].
type Authorization struct {
	// Resource is the canonical URI of the MCP endpoint, as clients reach
	// it: "https://mcp.example.com/mcp". Tokens must name it in their
	// audience. Required.
	Resource string
	// AuthorizationServers are the issuer URLs of the authorization
	// servers whose tokens the server accepts, for the metadata. Required.
	AuthorizationServers []string
	// Verifier turns a token into the caller's identity. Required.
	Verifier TokenVerifier
	// ScopesSupported is the metadata's scopes_supported. nil: every scope
	// that a registered tool, prompt or resource needs.
	ScopesSupported []string
	// ChallengeScopes are the scopes that the 401 challenge of a request
	// without a valid token names (scope="..."), the ones a client should
	// ask for first. nil: none is named, and clients ask for
	// ScopesSupported.
	ChallengeScopes []string
	// ResourceName and ResourceDocumentation are the metadata's
	// resource_name and resource_documentation, if not empty.
	ResourceName, ResourceDocumentation string
	// MaxTokenLength is the longest access token accepted, in bytes
	// (default [DefaultMaxTokenLength]); a longer one is refused without
	// being verified.
	MaxTokenLength int
}

// DefaultMaxTokenLength is the default of [Authorization].MaxTokenLength.
const DefaultMaxTokenLength = 16 << 10

// oauthConfig is an Authorization, checked, with what follows from it.
type oauthConfig struct {
	Authorization
	metadataURL string // of the Protected Resource Metadata, in challenges
}

// WithAuthorization makes the handler an OAuth 2.1 resource server: every
// request but a CORS preflight needs "Authorization: Bearer <token>" with a
// token that a.Verifier accepts and whose audience includes a.Resource.
//
//   - A request without a token gets 401 Unauthorized with
//     WWW-Authenticate: Bearer resource_metadata="…" pointing at the
//     Protected Resource Metadata (RFC 9728), from which a client finds the
//     authorization server; an invalid, expired or other resource's token
//     gets 401 with error="invalid_token". A token in the URL's query, two
//     Authorization headers or a malformed one get 400 with
//     error="invalid_request". The client learns nothing else; the
//     verifier's error is not sent.
//   - The caller's [Identity] is in the context of every tool, prompt and
//     resource handler ([IdentityFrom]). The token itself is in none: it is
//     never passed on.
//   - tools/call, prompts/get and resources/read of an item whose Scopes the
//     token lacks get 403 Forbidden with WWW-Authenticate: Bearer
//     error="insufficient_scope", scope="…" naming the scopes to ask for
//     (the token's and the item's), before the arguments are read; the
//     lists leave such items out.
//   - A legacy session belongs to the identity (issuer and subject) that
//     initialized it: the same Mcp-Session-Id with another identity's token
//     gets the 404 an unknown session gets. So does a task for another
//     identity than the one that created it.
//
// Serve the metadata at the paths [Authorization.MetadataPaths] with
// [Server.ProtectedResourceMetadataHandler];
// [Server.ListenAndServeHTTP] does that by itself. WithAuthorization panics
// if a is incomplete, so that a misconfigured server fails at startup
// rather than open.
func WithAuthorization(a Authorization) HTTPOption {
	oc := newOAuthConfig(a)
	return func(c *httpConfig) { c.oauth = oc }
}

func newOAuthConfig(a Authorization) *oauthConfig {
	if a.Verifier == nil {
		panic("runtime: WithAuthorization: nil Verifier")
	}
	if len(a.AuthorizationServers) == 0 {
		panic("runtime: WithAuthorization: no AuthorizationServers")
	}
	u, err := url.Parse(a.Resource)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Fragment != "" || u.RawQuery != "" {
		panic("runtime: WithAuthorization: Resource must be an absolute http(s) URI without query or fragment, not " + quoteForError(a.Resource))
	}
	if a.MaxTokenLength <= 0 {
		a.MaxTokenLength = DefaultMaxTokenLength
	}
	a.AuthorizationServers = slices.Clone(a.AuthorizationServers)
	a.ScopesSupported = slices.Clone(a.ScopesSupported)
	a.ChallengeScopes = slices.Clone(a.ChallengeScopes)
	return &oauthConfig{Authorization: a, metadataURL: u.Scheme + "://" + u.Host + a.MetadataPaths()[0]}
}

// wellKnownPRM is the well-known URI suffix of RFC 9728.
const wellKnownPRM = "/.well-known/oauth-protected-resource"

// MetadataPaths returns the paths at which clients look for the Protected
// Resource Metadata of a.Resource: the well-known URI with the resource's
// path inserted (RFC 9728 section 3.1), which the challenges name, and, when
// that path is not empty, the well-known URI at the root, which clients of
// protocol 2025-06-18 try.
func (a Authorization) MetadataPaths() []string {
	u, err := url.Parse(a.Resource)
	if err != nil {
		return []string{wellKnownPRM}
	}
	p := strings.TrimSuffix(u.EscapedPath(), "/")
	if p == "" {
		return []string{wellKnownPRM}
	}
	return []string{wellKnownPRM + p, wellKnownPRM}
}

// ProtectedResourceMetadataHandler returns a handler that serves the
// Protected Resource Metadata (RFC 9728) of a: the resource, its
// authorization servers, scopes_supported (by default, every scope a
// registered tool, prompt or resource needs) and the one bearer method,
// the Authorization header. Mount it at every path of
// [Authorization.MetadataPaths]. Any origin may read it (it is public,
// and browser clients fetch it). It panics if a is incomplete, as
// [WithAuthorization] does.
func (s *Server) ProtectedResourceMetadataHandler(a Authorization) http.Handler {
	oc := newOAuthConfig(a)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodOptions:
			w.Header().Set("Access-Control-Allow-Methods", "GET")
			if h := r.Header.Get("Access-Control-Request-Headers"); h != "" {
				w.Header().Set("Access-Control-Allow-Headers", h)
			}
			w.WriteHeader(http.StatusNoContent)
			return
		default:
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		scopes := oc.ScopesSupported
		if scopes == nil {
			scopes = s.snapshot().scopes
		}
		body, _ := json.Marshal(struct {
			Resource      string   `json:"resource"`
			Servers       []string `json:"authorization_servers"`
			Scopes        []string `json:"scopes_supported,omitempty"`
			Methods       []string `json:"bearer_methods_supported"`
			Name          string   `json:"resource_name,omitempty"`
			Documentation string   `json:"resource_documentation,omitempty"`
		}{oc.Resource, oc.AuthorizationServers, scopes, []string{"header"}, oc.ResourceName, oc.ResourceDocumentation})
		w.Header().Set("Cache-Control", "max-age=300")
		writeJSON(w, http.StatusOK, body)
	})
}

// challenge writes a refusal with a Bearer challenge (RFC 6750 section 3)
// that names the metadata. errCode is "" for a request without a token.
func (oc *oauthConfig) challenge(w http.ResponseWriter, status int, errCode, description string, scopes []string, id json.RawMessage) {
	var b strings.Builder
	b.WriteString(`Bearer resource_metadata="` + oc.metadataURL + `"`)
	if errCode != "" {
		b.WriteString(`, error="` + errCode + `"`)
	}
	if len(scopes) > 0 {
		b.WriteString(`, scope="` + strings.Join(scopes, " ") + `"`)
	}
	if description != "" {
		b.WriteString(`, error_description="` + quotable(description) + `"`)
	}
	w.Header().Set("WWW-Authenticate", b.String())
	msg := "Unauthorized"
	if status == http.StatusForbidden {
		msg = "Forbidden"
	} else if status == http.StatusBadRequest {
		msg = "Bad Request"
	}
	if description != "" {
		msg += ": " + description
	}
	writeJSON(w, status, errorReply(id, errorf(codeInvalidRequest, msg)))
}

// quotable returns s fit for a quoted-string of RFC 9110: printable ASCII
// without " and \ (a URI in the text may hold anything).
func quotable(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c < ' ' || c > '~' || c == '"' || c == '\\' {
			b[i] = '?'
		}
	}
	return string(b)
}

// authenticate verifies the request's access token. It returns the caller,
// or writes the refusal and returns nil.
func (oc *oauthConfig) authenticate(w http.ResponseWriter, r *http.Request) *Identity {
	if r.URL.Query().Has("access_token") {
		// RFC 6750 section 2.3 is not offered (the spec forbids tokens in
		// URLs, which end up in logs): refused, even beside a header.
		oc.challenge(w, http.StatusBadRequest, "invalid_request", "send the access token in the Authorization header, never in the URL", nil, nil)
		return nil
	}
	headers := r.Header.Values("Authorization")
	if len(headers) == 0 {
		oc.challenge(w, http.StatusUnauthorized, "", "", oc.ChallengeScopes, nil)
		return nil
	}
	if len(headers) > 1 {
		oc.challenge(w, http.StatusBadRequest, "invalid_request", "send one Authorization header", nil, nil)
		return nil
	}
	scheme, token, _ := strings.Cut(headers[0], " ")
	if !strings.EqualFold(scheme, "Bearer") {
		// Another scheme is no bearer token at all (RFC 6750 section 3.1).
		oc.challenge(w, http.StatusUnauthorized, "", "", oc.ChallengeScopes, nil)
		return nil
	}
	token = strings.TrimLeft(token, " ")
	if len(token) > oc.MaxTokenLength {
		oc.challenge(w, http.StatusUnauthorized, "invalid_token", "the access token is too long", oc.ChallengeScopes, nil)
		return nil
	}
	if !validB64Token(token) {
		oc.challenge(w, http.StatusBadRequest, "invalid_request", "malformed Authorization header: want Bearer and a token", nil, nil)
		return nil
	}
	id, err := oc.Verifier.VerifyToken(r.Context(), token)
	switch {
	case err != nil || id == nil || id.Subject == "":
	case !id.Expiry.IsZero() && !time.Now().Before(id.Expiry):
	case !slices.Contains(id.Audience, oc.Resource):
		// RFC 8707: a token issued for another resource is not ours to
		// accept, however valid.
	default:
		return id
	}
	oc.challenge(w, http.StatusUnauthorized, "invalid_token", "the access token is invalid, expired or not issued for this resource", oc.ChallengeScopes, nil)
	return nil
}

// validB64Token reports whether t follows the b64token rule of RFC 6750
// section 2.1: 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=".
func validB64Token(t string) bool {
	i := 0
	for i < len(t) {
		c := t[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/') {
			break
		}
		i++
	}
	if i == 0 {
		return false
	}
	for i < len(t) && t[i] == '=' {
		i++
	}
	return i == len(t)
}

// checkScopes answers 403 with a scope challenge (spec 2025-11-25
// basic/authorization#scope-challenge-handling) when the request calls,
// gets or reads an item whose scopes the caller lacks, and reports whether
// it did. An item hidden by the Filter is left to the core, which answers
// it as unknown.
func (h *httpHandler) checkScopes(w http.ResponseWriter, r *http.Request, peek *postPeek) bool {
	if peek == nil || len(peek.id) == 0 {
		return false
	}
	var what string
	var item Item
	set := h.srv.snapshot()
	switch peek.method {
	case "tools/call":
		name, ok := jsontext.Unquote(peek.name)
		t := set.byName[name]
		if !ok || t == nil || !sees(r.Context(), t) {
			return false
		}
		what, item = "tool "+t.Name, Item{ItemTool, t.Name, t.Scopes}
	case "prompts/get":
		name, ok := jsontext.Unquote(peek.name)
		p := set.promptByName[name]
		if !ok || p == nil {
			return false
		}
		what, item = "prompt "+p.Name, Item{ItemPrompt, p.Name, p.Scopes}
	case "resources/read":
		uri, ok := jsontext.Unquote(peek.uri)
		if !ok {
			return false
		}
		res, _ := set.findResource(r.Context(), uri)
		if res == nil {
			return false
		}
		var a access
		if a, item = h.srv.resourceAccess(r.Context(), set, res); a != accessNoScope {
			return false
		}
		what = "resource " + uri
	case "skills/get":
		uri, ok := jsontext.Unquote(peek.uri)
		i, known := set.skillByURI[uri]
		if !ok || !known {
			return false
		}
		what, item = "skill "+uri, set.skillItems[i]
	default:
		return false
	}
	ctx := r.Context()
	if h.srv.access(ctx, item) != accessNoScope {
		return false
	}
	id := IdentityFrom(ctx)
	// The scopes to ask for are the token's and the item's: a client that
	// asks for only the item's would lose what it has.
	ask := append(slices.Clone(id.Scopes), id.missing(item.Scopes)...)
	h.cfg.oauth.challenge(w, http.StatusForbidden, "insufficient_scope",
		what+" needs scope "+strings.Join(item.Scopes, " "), ask, readableID(peek.id))
	return true
}

// withCaller returns ctx with the caller of r, if it has one: the calls of
// a legacy session run under the session's context, not the request's.
func withCaller(ctx context.Context, r *http.Request) context.Context {
	if id := IdentityFrom(r.Context()); id != nil {
		ctx = ContextWithIdentity(ctx, id)
	}
	if ch := choiceFrom(r.Context()); ch != nil {
		ctx = context.WithValue(ctx, choiceKey{}, ch)
	}
	return ctx
}
