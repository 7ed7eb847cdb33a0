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
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// IntrospectionConfig configures an [Introspector].
type IntrospectionConfig struct {
	// Issuer is the authorization server's issuer identifier. Required:
	// its metadata names the introspection endpoint (unless Endpoint is
	// set), and a response that names another issuer is refused.
	Issuer string
	// Audience is the resource the tokens must be issued for (RFC 8707):
	// a response whose aud does not name it is refused. Required.
	Audience string
	// Endpoint, when set, is the introspection endpoint; the metadata is
	// then not fetched.
	Endpoint string
	// ClientID and ClientSecret authenticate the resource server to the
	// endpoint (HTTP Basic, RFC 7662 section 2.1).
	ClientID, ClientSecret string
	// HTTPClient calls the endpoint (default: a client with a 10s timeout).
	HTTPClient *http.Client
	// Now returns the current time (default time.Now); for tests.
	Now func() time.Time
}

// An Introspector verifies opaque access tokens by asking the
// authorization server (RFC 7662); it is a runtime.TokenVerifier. Every
// request is one call of the endpoint.
type Introspector struct {
	cfg IntrospectionConfig
}

// NewIntrospector returns an introspector for the tokens of cfg.Issuer,
// fetching its metadata now unless cfg.Endpoint is set.
func NewIntrospector(ctx context.Context, cfg IntrospectionConfig) (*Introspector, error) {
	if cfg.Issuer == "" || cfg.Audience == "" {
		return nil, errors.New("jwt: IntrospectionConfig needs Issuer and Audience")
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Endpoint == "" {
		md, err := Discover(ctx, cfg.HTTPClient, cfg.Issuer)
		if err != nil {
			return nil, err
		}
		if md.IntrospectionEndpoint == "" {
			return nil, fmt.Errorf("jwt: the metadata of %s has no introspection_endpoint", cfg.Issuer)
		}
		cfg.Endpoint = md.IntrospectionEndpoint
	}
	return &Introspector{cfg: cfg}, nil
}

// introspection is the response of RFC 7662 section 2.2.
type introspection struct {
	Active   bool            `json:"active"`
	Scope    string          `json:"scope"`
	ClientID string          `json:"client_id"`
	Sub      string          `json:"sub"`
	Iss      string          `json:"iss"`
	Aud      json.RawMessage `json:"aud"`
	Exp      *float64        `json:"exp"`
	Nbf      *float64        `json:"nbf"`
}

// VerifyToken asks the endpoint about token and returns its identity. An
// inactive token, another issuer's, one without this resource in its
// audience, or an expired one is refused.
func (in *Introspector) VerifyToken(ctx context.Context, token string) (*runtime.Identity, error) {
	form := url.Values{"token": {token}, "token_type_hint": {"access_token"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, in.cfg.Endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if in.cfg.ClientID != "" {
		req.SetBasicAuth(url.QueryEscape(in.cfg.ClientID), url.QueryEscape(in.cfg.ClientSecret))
	}
	resp, err := in.cfg.HTTPClient.Do(req)
	if err != nil {
		// The error names the endpoint, not the token (which is in the body).
		return nil, fmt.Errorf("jwt: introspection: %v", errors.Unwrap(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("jwt: introspection: %s", resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxDocument))
	if err != nil {
		return nil, fmt.Errorf("jwt: introspection: %v", err)
	}
	var r introspection
	var all map[string]any
	if json.Unmarshal(b, &r) != nil || json.Unmarshal(b, &all) != nil {
		return nil, errors.New("jwt: introspection: the response is not a JSON object")
	}
	if !r.Active {
		return nil, ErrInactive
	}
	if r.Iss != "" && r.Iss != in.cfg.Issuer {
		return nil, ErrIssuer
	}
	aud := scopes(nil, r.Aud) // a string or a list, like scp
	if !slices.Contains(aud, in.cfg.Audience) {
		return nil, ErrAudience
	}
	now := in.cfg.Now()
	id := &runtime.Identity{Subject: cmpOr(r.Sub, r.ClientID), Issuer: in.cfg.Issuer, ClientID: r.ClientID,
		Scopes: strings.Fields(r.Scope), Audience: aud, Claims: all}
	if r.Exp != nil {
		id.Expiry = time.Unix(int64(*r.Exp), 0)
		if !now.Before(id.Expiry) {
			return nil, ErrExpired
		}
	}
	if r.Nbf != nil && now.Before(time.Unix(int64(*r.Nbf), 0)) {
		return nil, ErrNotYetValid
	}
	if id.Subject == "" {
		return nil, ErrMalformed
	}
	return id, nil
}
