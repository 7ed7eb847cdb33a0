package jwt

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
)

// testAS is an authorization server on loopback: RFC 8414 or OpenID
// metadata, a key set that can rotate, and an introspection endpoint.
// (The e2e suite runs the real one, oauth2-mock-server.)
type testAS struct {
	t       *testing.T
	srv     *httptest.Server
	issuer  string
	mu      sync.Mutex
	keys    []jose.JSONWebKey // private keys; the set serves their public halves
	fetches atomic.Int32
	active  map[string]map[string]any // opaque token -> introspection response
}

func newTestAS(t *testing.T, oidc bool) *testAS {
	t.Helper()
	as := &testAS{t: t, active: map[string]map[string]any{}}
	mux := http.NewServeMux()
	as.srv = httptest.NewServer(mux)
	t.Cleanup(as.srv.Close)
	as.issuer = as.srv.URL + "/tenant"
	md := func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"issuer": as.issuer, "jwks_uri": as.srv.URL + "/jwks",
			"introspection_endpoint": as.srv.URL + "/introspect", "token_endpoint": as.srv.URL + "/token"})
	}
	if oidc {
		mux.HandleFunc("/tenant/.well-known/openid-configuration", md)
	} else {
		mux.HandleFunc("/.well-known/oauth-authorization-server/tenant", md)
	}
	mux.HandleFunc("/jwks", func(w http.ResponseWriter, r *http.Request) {
		as.fetches.Add(1)
		as.mu.Lock()
		defer as.mu.Unlock()
		var set jose.JSONWebKeySet
		for _, k := range as.keys {
			set.Keys = append(set.Keys, k.Public())
		}
		json.NewEncoder(w).Encode(set)
	})
	mux.HandleFunc("/introspect", func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "rs" || p != "rs-secret" {
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		resp := as.active[r.PostFormValue("token")]
		if resp == nil {
			resp = map[string]any{"active": false}
		}
		json.NewEncoder(w).Encode(resp)
	})
	as.addKey("rsa-1", mustRSA(t), jose.RS256)
	return as
}

func mustRSA(t *testing.T) *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func (as *testAS) addKey(kid string, key any, alg jose.SignatureAlgorithm) {
	as.mu.Lock()
	defer as.mu.Unlock()
	as.keys = append(as.keys, jose.JSONWebKey{Key: key, KeyID: kid, Algorithm: string(alg), Use: "sig"})
}

// sign returns a token of claims, signed by key kid of the server.
func (as *testAS) sign(kid string, claims map[string]any) string {
	as.t.Helper()
	as.mu.Lock()
	var k *jose.JSONWebKey
	for i := range as.keys {
		if as.keys[i].KeyID == kid {
			k = &as.keys[i]
		}
	}
	as.mu.Unlock()
	return signKey(as.t, k, claims)
}

// signKey returns a token of claims signed by k.
func signKey(t *testing.T, k *jose.JSONWebKey, claims map[string]any) string {
	t.Helper()
	s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(k.Algorithm), Key: k},
		(&jose.SignerOptions{}).WithType("at+jwt"))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := josejwt.Signed(s).Claims(claims).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

const resource = "https://mcp.example/mcp"

func (as *testAS) claims(extra map[string]any) map[string]any {
	now := time.Now()
	c := map[string]any{"iss": as.issuer, "sub": "alice", "aud": resource, "exp": now.Add(time.Hour).Unix(),
		"iat": now.Unix(), "nbf": now.Unix(), "scope": "files:read files:write", "client_id": "app"}
	for k, v := range extra {
		if v == nil {
			delete(c, k)
		} else {
			c[k] = v
		}
	}
	return c
}

func newVerifier(t *testing.T, as *testAS, cfg Config) *Verifier {
	t.Helper()
	cfg.Issuer, cfg.Audience = as.issuer, resource
	v, err := NewVerifier(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVerifyGoodToken(t *testing.T) {
	for _, oidc := range []bool{false, true} {
		as := newTestAS(t, oidc)
		v := newVerifier(t, as, Config{})
		id, err := v.VerifyToken(t.Context(), as.sign("rsa-1", as.claims(nil)))
		if err != nil {
			t.Fatalf("oidc %v: %v", oidc, err)
		}
		if id.Subject != "alice" || id.Issuer != as.issuer || id.ClientID != "app" ||
			strings.Join(id.Scopes, " ") != "files:read files:write" || id.Audience[0] != resource || id.Claims["sub"] != "alice" {
			t.Errorf("identity %+v", id)
		}
		// A client's own token: its client id is the subject; scp as a list.
		id, err = v.VerifyToken(t.Context(), as.sign("rsa-1", as.claims(map[string]any{"sub": nil, "scope": nil, "scp": []string{"a", "b"}})))
		if err != nil || id.Subject != "app" || strings.Join(id.Scopes, ",") != "a,b" {
			t.Errorf("client token: %+v %v", id, err)
		}
	}
}

// TestLeeway: exp, nbf and iat hold give or take the leeway (30 s by
// default), for an authorization server whose clock is a little off.
func TestLeeway(t *testing.T) {
	as := newTestAS(t, false)
	v := newVerifier(t, as, Config{})
	now := time.Now()
	for _, tt := range []struct {
		name   string
		claims map[string]any
		want   error
	}{
		{"expired 10 s ago", map[string]any{"exp": now.Add(-10 * time.Second).Unix()}, nil},
		{"expired 40 s ago", map[string]any{"exp": now.Add(-40 * time.Second).Unix()}, ErrExpired},
		{"valid in 10 s", map[string]any{"nbf": now.Add(10 * time.Second).Unix()}, nil},
		{"valid in 40 s", map[string]any{"nbf": now.Add(40 * time.Second).Unix()}, ErrNotYetValid},
		{"issued in 10 s", map[string]any{"iat": now.Add(10 * time.Second).Unix()}, nil},
		{"issued in 40 s", map[string]any{"iat": now.Add(40 * time.Second).Unix()}, ErrNotYetValid},
	} {
		id, err := v.VerifyToken(t.Context(), as.sign("rsa-1", as.claims(tt.claims)))
		if !errors.Is(err, tt.want) || (err == nil) != (id != nil) {
			t.Errorf("%s: %v %v, want %v", tt.name, id, err, tt.want)
		}
	}
	// A Leeway of its own.
	strict := newVerifier(t, as, Config{Leeway: time.Second})
	if _, err := strict.VerifyToken(t.Context(), as.sign("rsa-1", as.claims(map[string]any{"exp": now.Add(-10 * time.Second).Unix()}))); !errors.Is(err, ErrExpired) {
		t.Errorf("expired 10 s ago, with a leeway of 1 s: %v", err)
	}
}

// TestVerifyBadTokens: each bad token gets its error, and no error holds
// the token.
func TestVerifyBadTokens(t *testing.T) {
	as := newTestAS(t, false)
	v := newVerifier(t, as, Config{})
	now := time.Now()
	rsaKey := as.keys[0].Key.(*rsa.PrivateKey)

	// alg none: a header and claims, and no signature.
	b64 := func(v any) string {
		b, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	none := b64(map[string]string{"alg": "none", "typ": "JWT"}) + "." + b64(as.claims(nil)) + "."
	// HS256 with the server's public key as the HMAC secret (the classic
	// key-confusion attack), in the two forms a confused verifier uses.
	der, _ := x509.MarshalPKIXPublicKey(&rsaKey.PublicKey)
	hmacWith := func(secret []byte) string {
		s, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: secret}, (&jose.SignerOptions{}).WithHeader("kid", "rsa-1"))
		if err != nil {
			t.Fatal(err)
		}
		tok, _ := josejwt.Signed(s).Claims(as.claims(nil)).Serialize()
		return tok
	}
	pubJWK, _ := json.Marshal(as.keys[0].Public())
	// A token of a key the server never had, with a kid it does not know.
	other := newTestAS(t, false)
	other.issuer = as.issuer
	foreign := other.sign("rsa-1", other.claims(nil))
	other.keys[0].KeyID = "rsa-9"
	unknownKid := other.sign("rsa-9", other.claims(nil))
	good := as.sign("rsa-1", as.claims(nil))
	parts := strings.Split(good, ".")

	for _, tt := range []struct {
		name  string
		token string
		want  error
	}{
		{"expired", as.sign("rsa-1", as.claims(map[string]any{"exp": now.Add(-time.Minute).Unix()})), ErrExpired},
		{"no exp", as.sign("rsa-1", as.claims(map[string]any{"exp": nil})), ErrExpired},
		{"not yet valid", as.sign("rsa-1", as.claims(map[string]any{"nbf": now.Add(10 * time.Minute).Unix()})), ErrNotYetValid},
		{"issued in the future", as.sign("rsa-1", as.claims(map[string]any{"iat": now.Add(10 * time.Minute).Unix()})), ErrNotYetValid},
		{"wrong issuer", as.sign("rsa-1", as.claims(map[string]any{"iss": "https://evil.example"})), ErrIssuer},
		{"wrong audience", as.sign("rsa-1", as.claims(map[string]any{"aud": "https://other.example/mcp"})), ErrAudience},
		{"no audience", as.sign("rsa-1", as.claims(map[string]any{"aud": nil})), ErrAudience},
		{"unknown kid", unknownKid, ErrUnknownKey},
		{"known kid, another key", foreign, ErrSignature},
		{"alg none", none, ErrAlgorithm},
		{"HS256 with the public key's DER", hmacWith(der), ErrAlgorithm},
		{"HS256 with the public key's JWK", hmacWith(pubJWK), ErrAlgorithm},
		{"tampered claims", parts[0] + "." + b64(as.claims(map[string]any{"sub": "root"})) + "." + parts[2], ErrSignature},
		{"no signature", parts[0] + "." + parts[1] + ".", ErrSignature},
		{"two parts", parts[0] + "." + parts[1], ErrMalformed},
		{"not base64", "a.b.c", ErrMalformed},
		{"100 KB", parts[0] + "." + strings.Repeat("A", 100<<10) + "." + parts[2], ErrMalformed},
		{"no subject at all", as.sign("rsa-1", as.claims(map[string]any{"sub": nil, "client_id": nil})), ErrMalformed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			id, err := v.VerifyToken(t.Context(), tt.token)
			if !errors.Is(err, tt.want) || id != nil {
				t.Errorf("got %v, %v; want %v", id, err, tt.want)
			}
			if err != nil && len(tt.token) > 8 && strings.Contains(err.Error(), tt.token[:8]) {
				t.Errorf("the error holds the token: %v", err)
			}
		})
	}
}

// TestKeyRotation: a token of a new key is accepted without a restart,
// and unknown key ids refetch the key set at most once per interval.
func TestKeyRotation(t *testing.T) {
	as := newTestAS(t, false)
	clock := time.Now()
	var clockMu sync.Mutex
	now := func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return clock }
	advance := func(d time.Duration) { clockMu.Lock(); clock = clock.Add(d); clockMu.Unlock() }
	v := newVerifier(t, as, Config{Now: now, MinRefreshInterval: time.Minute, Leeway: time.Hour})
	if as.fetches.Load() != 1 {
		t.Fatalf("key set fetched %d times at start", as.fetches.Load())
	}
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	as.addKey("ec-2", ec, jose.ES256)
	rotated := as.sign("ec-2", as.claims(nil))
	// Within the interval of the first fetch, the new key is not fetched.
	if _, err := v.VerifyToken(t.Context(), rotated); !errors.Is(err, ErrUnknownKey) {
		t.Fatalf("new key within the interval: %v", err)
	}
	advance(2 * time.Minute)
	if _, err := v.VerifyToken(t.Context(), rotated); err != nil {
		t.Fatalf("new key after the interval: %v", err)
	}
	if got := as.fetches.Load(); got != 2 {
		t.Errorf("key set fetched %d times, want 2", got)
	}
	// A flood of forged key ids costs at most one fetch per interval.
	advance(2 * time.Minute)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			forged := as.claims(nil)
			forged["n"] = i
			tok := as.sign("ec-2", forged)
			h := strings.SplitN(tok, ".", 2)
			hdr, _ := json.Marshal(map[string]string{"alg": "ES256", "kid": "forged"})
			_, _ = v.VerifyToken(t.Context(), base64.RawURLEncoding.EncodeToString(hdr)+"."+h[1])
		})
	}
	wg.Wait()
	if got := as.fetches.Load(); got != 3 {
		t.Errorf("after 50 forged key ids, key set fetched %d times, want 3", got)
	}
	// Keys older than MaxKeyAge are fetched again: a key the server
	// dropped goes.
	as.mu.Lock()
	dropped := as.keys[0]
	as.keys = as.keys[1:]
	as.mu.Unlock()
	advance(2 * time.Hour)
	if _, err := v.VerifyToken(t.Context(), as.sign("ec-2", as.claims(map[string]any{"exp": now().Add(time.Hour).Unix()}))); err != nil {
		t.Errorf("token of the remaining key: %v", err)
	}
	fresh := as.claims(map[string]any{"exp": now().Add(time.Hour).Unix()})
	if _, err := v.VerifyToken(t.Context(), signKey(t, &dropped, fresh)); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("token of the dropped key: %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	as := newTestAS(t, false)
	for _, cfg := range []Config{
		{Issuer: as.issuer},
		{Issuer: as.issuer, Audience: resource, Algorithms: []string{"HS256"}},
		{Issuer: as.issuer, Audience: resource, Algorithms: []string{"none"}},
		{Issuer: as.srv.URL + "/other", Audience: resource},
	} {
		if _, err := NewVerifier(t.Context(), cfg); err == nil {
			t.Errorf("NewVerifier(%+v) accepted", cfg)
		}
	}
	// Metadata that names another issuer is refused (RFC 8414 section 3.3).
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"issuer":"https://evil.example","jwks_uri":"` + as.srv.URL + `/jwks"}`))
	})
	if _, err := NewVerifier(t.Context(), Config{Issuer: srv.URL, Audience: resource}); err == nil || !strings.Contains(err.Error(), "evil") {
		t.Errorf("metadata of another issuer: %v", err)
	}
}

func TestIntrospection(t *testing.T) {
	as := newTestAS(t, false)
	exp := float64(time.Now().Add(time.Hour).Unix())
	as.active["opaque-good"] = map[string]any{"active": true, "sub": "bob", "client_id": "app", "scope": "files:read", "aud": resource, "iss": as.issuer, "exp": exp}
	as.active["opaque-other"] = map[string]any{"active": true, "sub": "bob", "aud": []string{"https://other.example"}, "exp": exp}
	as.active["opaque-noaud"] = map[string]any{"active": true, "sub": "bob", "exp": exp}
	as.active["opaque-expired"] = map[string]any{"active": true, "sub": "bob", "aud": resource, "exp": float64(time.Now().Add(-time.Minute).Unix())}
	as.active["opaque-iss"] = map[string]any{"active": true, "sub": "bob", "aud": resource, "iss": "https://evil.example", "exp": exp}
	in, err := NewIntrospector(t.Context(), IntrospectionConfig{Issuer: as.issuer, Audience: resource, ClientID: "rs", ClientSecret: "rs-secret"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := in.VerifyToken(t.Context(), "opaque-good")
	if err != nil || id.Subject != "bob" || id.Scopes[0] != "files:read" || id.ClientID != "app" {
		t.Errorf("good token: %+v %v", id, err)
	}
	for tok, want := range map[string]error{"opaque-unknown": ErrInactive, "opaque-other": ErrAudience, "opaque-noaud": ErrAudience,
		"opaque-expired": ErrExpired, "opaque-iss": ErrIssuer} {
		if id, err := in.VerifyToken(t.Context(), tok); !errors.Is(err, want) || id != nil {
			t.Errorf("%s: %v %v, want %v", tok, id, err, want)
		}
	}
	bad, _ := NewIntrospector(t.Context(), IntrospectionConfig{Issuer: as.issuer, Audience: resource, ClientID: "rs", ClientSecret: "wrong"})
	if _, err := bad.VerifyToken(t.Context(), "opaque-good"); err == nil || strings.Contains(err.Error(), "opaque-good") {
		t.Errorf("with bad client credentials: %v", err)
	}
}
