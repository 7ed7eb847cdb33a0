package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpgen/mcpgen/runtime"
)

// TestGoSDKSubscriptionAccess subscribes two callers, each with its own
// bearer token, to the resources of a server whose filter hides one of
// them from the second, and whose other needs a scope only the first
// has; the official Go SDK client hears the updates on the GET stream of
// a legacy HTTP session (2025-11-25) and, modern (2026-07-28), on the
// subscriptions/listen stream it opens for each URI. The hidden caller's
// subscriptions are answered as one to a URI the server never serves, and
// it hears of neither resource; the other caller hears of both.
func TestGoSDKSubscriptionAccess(t *testing.T) {
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(version, func(t *testing.T) { testSubscriptionAccess(t, version) })
	}
}

func testSubscriptionAccess(t *testing.T, version string) {
	const resource = "http://mcp.test/mcp"
	srv := runtime.NewServer("subs", "1.0.0", runtime.WithFilter(func(ctx context.Context, it runtime.Item) bool {
		id := runtime.IdentityFrom(ctx)
		return id == nil || id.Claims["tenant"] != "b" || it.Name != "docs://secret"
	}))
	text := func(context.Context, runtime.ResourceRequest) ([]runtime.ResourceContents, error) {
		return runtime.TextResource("x"), nil
	}
	srv.MustAddResource(runtime.Resource{URI: "docs://open", Name: "open", Handler: text})
	srv.MustAddResource(runtime.Resource{URI: "docs://secret", Name: "secret", Handler: text})
	srv.MustAddResource(runtime.Resource{URI: "docs://scoped", Name: "scoped", Scopes: []string{"files:write"}, Handler: text})
	tokens := map[string]*runtime.Identity{
		"token-a": {Subject: "alice", Issuer: "https://as.test", Audience: []string{resource},
			Scopes: []string{"files:read", "files:write"}, Claims: map[string]any{"tenant": "a"}},
		"token-b": {Subject: "bob", Issuer: "https://as.test", Audience: []string{resource},
			Scopes: []string{"files:read"}, Claims: map[string]any{"tenant": "b"}},
	}
	ts := httptest.NewServer(srv.HTTPHandler(runtime.WithAuthorization(runtime.Authorization{
		Resource: resource, AuthorizationServers: []string{"https://as.test"},
		Verifier: runtime.TokenVerifierFunc(func(_ context.Context, token string) (*runtime.Identity, error) {
			if id := tokens[token]; id != nil {
				return id, nil
			}
			return nil, errors.New("unknown token")
		}),
	})))
	t.Cleanup(ts.Close)

	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	a := connectWithToken(ctx, t, ts.URL, "token-a", version)
	b := connectWithToken(ctx, t, ts.URL, "token-b", version)

	hidden := []string{"docs://secret", "docs://scoped"}
	for _, c := range []*subscriber{a, b} {
		for _, uri := range append([]string{"docs://open"}, hidden...) {
			if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
				t.Fatalf("%s subscribes to %s: %v", c.name, uri, err)
			}
		}
	}
	// What b hears of a hidden resource is what it hears of one never
	// served: the same answer to its subscription.
	never := fmt.Sprint(b.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: "docs://never-served"}))
	for _, uri := range hidden {
		if got := fmt.Sprint(b.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri})); got != never {
			t.Errorf("b subscribes to hidden %s: %s; to a URI never served: %s", uri, got, never)
		}
	}

	// An update reaches a session only while its GET stream (or listen
	// stream) is open, which the client opens on its own in the
	// background: announce the hidden
	// resources, then docs://open, until both callers hear docs://open.
	// Once a caller has heard one round's docs://open its stream is open,
	// so of the next round it hears all it may, in order.
	round := func() {
		for _, uri := range hidden {
			srv.ResourceUpdated(uri)
		}
		srv.ResourceUpdated("docs://open")
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for a.count("docs://open") == 0 || b.count("docs://open") == 0 {
		round()
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("no update of docs://open: a heard %v, b heard %v", a.heard(), b.heard())
		}
	}
	na, nb := a.count("docs://open"), b.count("docs://open")
	round()
	for a.count("docs://open") == na || b.count("docs://open") == nb {
		select {
		case <-a.signal:
		case <-b.signal:
		case <-ctx.Done():
			t.Fatalf("no update of docs://open in the last round: a heard %v, b heard %v", a.heard(), b.heard())
		}
	}
	for _, uri := range hidden {
		if a.count(uri) == 0 {
			t.Errorf("a, who may read %s, did not hear of its update; it heard %v", uri, a.heard())
		}
		if b.count(uri) != 0 {
			t.Errorf("b, from whom %s is hidden, heard of its update: %v", uri, b.heard())
		}
	}
}

// subscriber is a Go SDK client session and the URIs of the updates it
// heard, in order.
type subscriber struct {
	name   string
	cs     *mcp.ClientSession
	signal chan struct{} // a token per update heard, dropped when full
	mu     sync.Mutex
	uris   []string
}

func (s *subscriber) heard() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.uris)
}

func (s *subscriber) count(uri string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, u := range s.uris {
		if u == uri {
			n++
		}
	}
	return n
}

// connectWithToken connects a Go SDK client to the server at url at
// protocol version (a legacy session for 2025-11-25), every request with
// the bearer token.
func connectWithToken(ctx context.Context, t *testing.T, url, token, version string) *subscriber {
	t.Helper()
	s := &subscriber{name: token, signal: make(chan struct{}, 1)}
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go", Version: "1.0.0"}, &mcp.ClientOptions{
		ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
			s.mu.Lock()
			s.uris = append(s.uris, req.Params.URI)
			s.mu.Unlock()
			select {
			case s.signal <- struct{}{}:
			default:
			}
		},
	})
	hc := &http.Client{Transport: bearer{token: token, next: http.DefaultTransport}}
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, MaxRetries: -1},
		&mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect with %s: %v", token, err)
	}
	if got := cs.InitializeResult().ProtocolVersion; got != version {
		t.Fatalf("connect with %s: negotiated %s, want %s", token, got, version)
	}
	t.Cleanup(func() { _ = cs.Close() })
	s.cs = cs
	return s
}

// bearer adds Authorization: Bearer token to each request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}
