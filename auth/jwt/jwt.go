// Package jwt verifies OAuth 2.0 access tokens for an mcpgen server that
// is an OAuth 2.1 resource server (runtime.WithAuthorization): JWT access
// tokens (RFC 9068) against the keys of their authorization server, and
// opaque tokens by introspection (RFC 7662, [NewIntrospector]).
//
//	v, err := jwt.NewVerifier(ctx, jwt.Config{
//		Issuer:   "https://auth.example.com",
//		Audience: "https://mcp.example.com/mcp",
//	})
//	...
//	srv.ListenAndServeHTTP(ctx, addr, runtime.WithAuthorization(runtime.Authorization{
//		Resource:             "https://mcp.example.com/mcp",
//		AuthorizationServers: []string{"https://auth.example.com"},
//		Verifier:             v,
//	}))
//
// The verifier finds the authorization server's keys (its JWKS) from its
// metadata, RFC 8414 or OpenID Connect Discovery, whichever it serves,
// keeps them, and fetches them again when a token names a key it does not
// know (at most once per [Config].MinRefreshInterval), so that keys can
// rotate without a restart. A token is accepted only when it is signed by
// one of those keys with an allowed asymmetric algorithm (never "none",
// never HMAC: a public key is no secret), its issuer is the server's, its
// audience names the resource (RFC 8707), and it is not expired or not
// yet valid, give or take [Config].Leeway.
//
// JOSE is done by github.com/go-jose/go-jose/v4: it has no dependencies of
// its own, and its parser takes the list of allowed algorithms as an
// argument, so that a token's "alg" header never chooses the check.
package jwt

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
	"github.com/mcpgen/mcpgen/runtime"
)

// Config configures a [Verifier].
type Config struct {
	// Issuer is the authorization server's issuer identifier, the "iss" of
	// its tokens and where its metadata is found. Required.
	Issuer string
	// Audience is the resource the tokens must be issued for: the MCP
	// server's canonical URI, runtime.Authorization.Resource. Required.
	Audience string
	// Algorithms are the signature algorithms accepted (JWA names). nil:
	// RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512 and
	// EdDSA. Only asymmetric algorithms may be given.
	Algorithms []string
	// Leeway is the clock skew allowed on exp, nbf and iat (default 30s).
	Leeway time.Duration
	// JWKSURL, when set, is used instead of the jwks_uri of the
	// authorization server's metadata, which is then not fetched.
	JWKSURL string
	// MinRefreshInterval is how soon after a fetch of the keys a token
	// with an unknown key id may cause another (default 30s): forged key
	// ids cannot make the server hammer the authorization server.
	MinRefreshInterval time.Duration
	// MaxKeyAge is how long fetched keys are used before they are fetched
	// again (default 1h), so that a revoked key goes.
	MaxKeyAge time.Duration
	// HTTPClient fetches the metadata and the keys (default: a client
	// with a 10s timeout).
	HTTPClient *http.Client
	// Now returns the current time (default time.Now); for tests.
	Now func() time.Time
}

// Errors of [Verifier.VerifyToken], to tell with errors.Is. None of them,
// nor any other error the verifiers return, contains the token.
var (
	ErrMalformed   = errors.New("jwt: malformed token")
	ErrAlgorithm   = errors.New("jwt: signature algorithm not allowed")
	ErrUnknownKey  = errors.New("jwt: token signed with an unknown key")
	ErrSignature   = errors.New("jwt: bad signature")
	ErrIssuer      = errors.New("jwt: wrong issuer")
	ErrAudience    = errors.New("jwt: token not issued for this resource")
	ErrExpired     = errors.New("jwt: token expired")
	ErrNotYetValid = errors.New("jwt: token not yet valid")
	ErrInactive    = errors.New("jwt: token not active")
)

// maxToken is the longest token parsed (runtime.DefaultMaxTokenLength):
// a longer one is refused unread.
const maxToken = runtime.DefaultMaxTokenLength

// asymmetric are the algorithms a Verifier may accept.
var asymmetric = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512, jose.PS256, jose.PS384, jose.PS512,
	jose.ES256, jose.ES384, jose.ES512, jose.EdDSA,
}

// A Verifier verifies JWT access tokens; it is a runtime.TokenVerifier.
// It is safe for concurrent use.
type Verifier struct {
	cfg     Config
	algs    []jose.SignatureAlgorithm
	jwksURL string

	mu      sync.Mutex // held while the keys are fetched
	keys    *jose.JSONWebKeySet
	fetched time.Time // of keys, or of the last failed fetch
}

// NewVerifier returns a verifier for the tokens of cfg.Issuer. It fetches
// the authorization server's metadata and keys now, so that a wrong
// issuer fails at startup.
func NewVerifier(ctx context.Context, cfg Config) (*Verifier, error) {
	if cfg.Issuer == "" || cfg.Audience == "" {
		return nil, errors.New("jwt: Config needs Issuer and Audience")
	}
	v := &Verifier{cfg: cfg}
	if v.cfg.Leeway == 0 {
		v.cfg.Leeway = 30 * time.Second
	}
	if v.cfg.MinRefreshInterval <= 0 {
		v.cfg.MinRefreshInterval = 30 * time.Second
	}
	if v.cfg.MaxKeyAge <= 0 {
		v.cfg.MaxKeyAge = time.Hour
	}
	if v.cfg.HTTPClient == nil {
		v.cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if v.cfg.Now == nil {
		v.cfg.Now = time.Now
	}
	v.algs = asymmetric
	if cfg.Algorithms != nil {
		v.algs = nil
		for _, a := range cfg.Algorithms {
			alg := jose.SignatureAlgorithm(a)
			if !slices.Contains(asymmetric, alg) {
				return nil, fmt.Errorf("jwt: algorithm %q not allowed: want one of RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA", a)
			}
			v.algs = append(v.algs, alg)
		}
	}
	v.jwksURL = cfg.JWKSURL
	if v.jwksURL == "" {
		md, err := Discover(ctx, v.cfg.HTTPClient, cfg.Issuer)
		if err != nil {
			return nil, err
		}
		if md.JWKSURI == "" {
			return nil, fmt.Errorf("jwt: the metadata of %s has no jwks_uri", cfg.Issuer)
		}
		v.jwksURL = md.JWKSURI
	}
	keys, err := v.fetchKeys(ctx)
	if err != nil {
		return nil, err
	}
	v.keys, v.fetched = keys, v.cfg.Now()
	return v, nil
}

// Metadata is what the verifiers read of an authorization server's
// metadata (RFC 8414, OpenID Connect Discovery 1.0).
type Metadata struct {
	Issuer                string `json:"issuer"`
	JWKSURI               string `json:"jwks_uri"`
	IntrospectionEndpoint string `json:"introspection_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
}

// Discover fetches the metadata of the authorization server issuer: at
// the RFC 8414 well-known URI, else at the OpenID Connect Discovery ones
// (the path appended, then inserted), and checks that it names issuer as
// its issuer (RFC 8414 section 3.3).
func Discover(ctx context.Context, client *http.Client, issuer string) (*Metadata, error) {
	u, err := url.Parse(issuer)
	if err != nil || u.Scheme == "" || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("jwt: issuer %q is not an absolute URL without query and fragment", issuer)
	}
	base := u.Scheme + "://" + u.Host
	path := strings.TrimSuffix(u.EscapedPath(), "/")
	var errs []error
	for _, at := range []string{
		base + "/.well-known/oauth-authorization-server" + path,
		base + path + "/.well-known/openid-configuration",
		base + "/.well-known/openid-configuration" + path,
	} {
		var md Metadata
		if err := getJSON(ctx, client, at, &md); err != nil {
			errs = append(errs, err)
			continue
		}
		if md.Issuer != issuer {
			return nil, fmt.Errorf("jwt: the metadata at %s names issuer %q, not %q", at, md.Issuer, issuer)
		}
		return &md, nil
	}
	return nil, fmt.Errorf("jwt: no authorization server metadata for %s: %w", issuer, errors.Join(errs...))
}

// maxDocument bounds the metadata and key set documents.
const maxDocument = 1 << 20

func getJSON(ctx context.Context, client *http.Client, at string, dst any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, at, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", at, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxDocument+1))
	if err != nil {
		return fmt.Errorf("GET %s: %v", at, err)
	}
	if len(b) > maxDocument {
		return fmt.Errorf("GET %s: document larger than %d bytes", at, maxDocument)
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("GET %s: %v", at, err)
	}
	return nil
}

// fetchKeys fetches the key set, keeping its public signing keys.
func (v *Verifier) fetchKeys(ctx context.Context) (*jose.JSONWebKeySet, error) {
	var set jose.JSONWebKeySet
	if err := getJSON(ctx, v.cfg.HTTPClient, v.jwksURL, &set); err != nil {
		return nil, fmt.Errorf("jwt: key set: %v", err)
	}
	keys := &jose.JSONWebKeySet{}
	for _, k := range set.Keys {
		if k.IsPublic() && k.Valid() && (k.Use == "" || k.Use == "sig") {
			keys.Keys = append(keys.Keys, k)
		}
	}
	return keys, nil
}

// key returns the keys that may have signed a token with header h,
// fetching the key set again when the token names a key id it does not
// hold (at most once per MinRefreshInterval) or the keys are old.
func (v *Verifier) key(ctx context.Context, h jose.Header) []jose.JSONWebKey {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.cfg.Now()
	match := func() []jose.JSONWebKey {
		var out []jose.JSONWebKey
		for _, k := range v.keys.Keys {
			if (h.KeyID == "" || k.KeyID == h.KeyID) && (k.Algorithm == "" || k.Algorithm == h.Algorithm) {
				out = append(out, k)
			}
		}
		return out
	}
	found := match()
	stale := now.Sub(v.fetched) >= v.cfg.MaxKeyAge
	if (len(found) == 0 || stale) && now.Sub(v.fetched) >= v.cfg.MinRefreshInterval {
		if keys, err := v.fetchKeys(ctx); err == nil {
			v.keys = keys
		}
		// A failed fetch keeps the keys held, and counts as a fetch: the
		// authorization server is not asked again before the interval.
		v.fetched = now
		found = match()
	}
	return found
}

// claims are the registered claims and those of RFC 9068 and RFC 8693
// that make the identity.
type claims struct {
	josejwt.Claims
	Scope    json.RawMessage `json:"scope"`
	Scp      json.RawMessage `json:"scp"`
	ClientID string          `json:"client_id"`
	AZP      string          `json:"azp"`
}

// VerifyToken checks token and returns its identity: subject (sub, else the
// client id of a token a client got for itself), issuer, client id, scopes
// (scope, a space-separated string, or scp, a list or a string), audience,
// expiry and every claim.
func (v *Verifier) VerifyToken(ctx context.Context, token string) (*runtime.Identity, error) {
	if len(token) > maxToken || strings.Count(token, ".") != 2 {
		return nil, ErrMalformed
	}
	tok, err := josejwt.ParseSigned(token, v.algs)
	if err != nil {
		if strings.Contains(err.Error(), "algorithm") {
			return nil, ErrAlgorithm
		}
		return nil, ErrMalformed
	}
	if len(tok.Headers) != 1 {
		return nil, ErrMalformed
	}
	keys := v.key(ctx, tok.Headers[0])
	if len(keys) == 0 {
		return nil, ErrUnknownKey
	}
	var c claims
	var all map[string]any
	verified := false
	for _, k := range keys {
		if tok.Claims(k.Key, &c, &all) == nil {
			verified = true
			break
		}
	}
	if !verified {
		return nil, ErrSignature
	}
	return v.identity(&c, all)
}

func (v *Verifier) identity(c *claims, all map[string]any) (*runtime.Identity, error) {
	if c.Issuer != v.cfg.Issuer {
		return nil, ErrIssuer
	}
	if !c.Audience.Contains(v.cfg.Audience) {
		return nil, ErrAudience
	}
	if c.Expiry == nil {
		return nil, ErrExpired // RFC 9068 section 2.2: exp is required
	}
	err := c.Claims.ValidateWithLeeway(josejwt.Expected{Time: v.cfg.Now()}, v.cfg.Leeway)
	switch {
	case errors.Is(err, josejwt.ErrExpired):
		return nil, ErrExpired
	case errors.Is(err, josejwt.ErrNotValidYet), errors.Is(err, josejwt.ErrIssuedInTheFuture):
		return nil, ErrNotYetValid
	case err != nil:
		return nil, ErrMalformed
	}
	id := &runtime.Identity{
		Subject:  c.Subject,
		Issuer:   c.Issuer,
		ClientID: cmpOr(c.ClientID, c.AZP),
		Scopes:   scopes(c.Scope, c.Scp),
		Audience: []string(c.Audience),
		Expiry:   c.Expiry.Time(),
		Claims:   all,
	}
	if id.Subject == "" {
		id.Subject = id.ClientID
	}
	if id.Subject == "" {
		return nil, ErrMalformed
	}
	return id, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// scopes reads the scope claim (a space-separated string, RFC 9068 and
// RFC 8693) or, from authorization servers that send it, scp (a list, or a
// string like scope).
func scopes(scope, scp json.RawMessage) []string {
	for _, raw := range []json.RawMessage{scope, scp} {
		if len(raw) == 0 {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return strings.Fields(s)
		}
		var list []string
		if json.Unmarshal(raw, &list) == nil {
			return list
		}
	}
	return nil
}
