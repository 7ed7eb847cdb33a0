package runtime

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// This file tests that resource updates reach only the subscribers that
// may read the resource (Server.mayHear): a subscriber of a resource the
// filter hides from it, or whose scopes it lacks, hears of it exactly what
// a subscriber of a URI nobody serves hears, over stdio and HTTP, with
// resources/subscribe and subscriptions/listen.

// neverServed is a URI no resource of the tests serves.
const neverServed = "docs://nope"

// accessServer is a server whose filter hides, from tenant b, a resource,
// a template and the PDF skill, and whose docs://scoped needs files:write.
// docs://open is for everyone: its update marks the end of what a
// subscriber hears.
func accessServer(t *testing.T) *Server {
	t.Helper()
	s := newTestServer(t, WithFilter(func(ctx context.Context, it Item) bool {
		id := IdentityFrom(ctx)
		if id == nil || id.Claims["tenant"] != "b" {
			return true
		}
		return !slices.Contains([]string{"docs://secret", "users://{id}/profile", "skill://pdf/SKILL.md"}, it.Name)
	}))
	text := func(context.Context, ResourceRequest) ([]ResourceContents, error) { return TextResource("x"), nil }
	s.MustAddResource(Resource{URI: "docs://open", Name: "open", Handler: text})
	s.MustAddResource(Resource{URI: "docs://secret", Name: "secret", Handler: text})
	s.MustAddResource(Resource{URI: "docs://scoped", Name: "scoped", Scopes: []string{"files:write"}, Handler: text})
	s.MustAddResourceTemplate(ResourceTemplate{URITemplate: "users://{id}/profile", Name: "profile", Handler: text})
	s.MustAddSkills(skillFS, testSkills()...)
	return s
}

// hiddenFromB are the URIs that tenant b (with files:read only) may not
// read: hidden by the filter (a resource, a template's match, a skill's
// file) or needing a scope it lacks.
var hiddenFromB = []string{"docs://secret", "users://7/profile", "skill://pdf/logo.png", "docs://scoped"}

func tenant(name string, scopes ...string) *Identity {
	return &Identity{Subject: name, Issuer: "https://as.example", Scopes: scopes, Claims: map[string]any{"tenant": name}}
}

// updateAll announces an update of every hidden URI, then of docs://open.
func updateAll(s *Server) {
	for _, u := range hiddenFromB {
		s.ResourceUpdated(u)
	}
	s.ResourceUpdated("docs://open")
}

// updatedURI returns the uri of a notifications/resources/updated, or
// fails.
func updatedURI(t *testing.T, m *message) string {
	t.Helper()
	if m == nil || m.Method != "notifications/resources/updated" {
		t.Fatalf("got %v, want notifications/resources/updated", m)
	}
	var p struct{ URI string }
	if err := json.Unmarshal(m.Params, &p); err != nil {
		t.Fatal(err)
	}
	return p.URI
}

func TestResourceUpdatedAccessStdioLegacy(t *testing.T) {
	s := accessServer(t)
	b := serveCtx(t, ContextWithIdentity(t.Context(), tenant("b", "files:read")), s)
	a := serveCtx(t, ContextWithIdentity(t.Context(), tenant("a", "files:read", "files:write")), s)
	for _, c := range []*testClient{a, b} {
		c.initialize("2025-11-25")
		never := c.do(`1`, "resources/subscribe", `{"uri":"`+neverServed+`"}`)
		jsonEqual(t, "subscribe to a URI nobody serves", never.result(t), `{}`)
		for _, u := range hiddenFromB {
			if got := c.do(`1`, "resources/subscribe", `{"uri":"`+u+`"}`); string(got.line) != string(never.line) {
				t.Errorf("subscribe to %s: %s, to %s: %s", u, got.line, neverServed, never.line)
			}
		}
		c.do(`2`, "resources/subscribe", `{"uri":"docs://open"}`).result(t)
	}
	updateAll(s)
	// Tenant b hears what a subscriber of a URI nobody serves hears:
	// nothing before the update of docs://open.
	if got := updatedURI(t, b.next()); got != "docs://open" {
		t.Errorf("tenant b heard of %s", got)
	}
	for _, want := range append(slices.Clone(hiddenFromB), "docs://open") {
		if got := updatedURI(t, a.next()); got != want {
			t.Errorf("tenant a heard of %s, want %s", got, want)
		}
	}
}

func TestResourceUpdatedAccessStdioListen(t *testing.T) {
	s := accessServer(t)
	b := serveCtx(t, ContextWithIdentity(t.Context(), tenant("b", "files:read")), s)
	a := serveCtx(t, ContextWithIdentity(t.Context(), tenant("a", "files:read", "files:write")), s)
	uris := `"` + strings.Join(append(slices.Clone(hiddenFromB), neverServed, "docs://open"), `","`) + `"`
	var acks []string
	for _, c := range []*testClient{a, b} {
		c.send(`{"jsonrpc":"2.0","id":"l","method":"subscriptions/listen","params":` +
			modernParams(`"notifications":{"resourceSubscriptions":[`+uris+`]}`) + `}`)
		ack := c.next()
		if ack.Method != "notifications/subscriptions/acknowledged" {
			t.Fatalf("got %s, want the acknowledgement", ack.line)
		}
		acks = append(acks, string(ack.line))
	}
	// The acknowledgement lists every URI asked for, hidden or not.
	if acks[0] != acks[1] {
		t.Errorf("acknowledgements differ: tenant a %s, tenant b %s", acks[0], acks[1])
	}
	updateAll(s)
	if got := updatedURI(t, b.next()); got != "docs://open" {
		t.Errorf("tenant b heard of %s", got)
	}
	for _, want := range append(slices.Clone(hiddenFromB), "docs://open") {
		if got := updatedURI(t, a.next()); got != want {
			t.Errorf("tenant a heard of %s, want %s", got, want)
		}
	}
}

// TestResourceUpdatedNeverWaitsForTheFilter: ResourceUpdated runs no
// filter; the stream that delivers the update does, so a slow filter holds
// up that stream alone.
func TestResourceUpdatedNeverWaitsForTheFilter(t *testing.T) {
	slow := make(chan struct{})
	s := newTestServer(t, WithFilter(func(ctx context.Context, it Item) bool {
		if IdentityFrom(ctx).Claims["slow"] == true {
			<-slow
		}
		return true
	}))
	s.MustAddResource(Resource{URI: "docs://open", Name: "open", Handler: func(context.Context, ResourceRequest) ([]ResourceContents, error) {
		return TextResource("x"), nil
	}})
	c := serveCtx(t, ContextWithIdentity(t.Context(), &Identity{Subject: "s", Claims: map[string]any{"slow": true}}), s)
	c.initialize("2025-11-25")
	c.do(`1`, "resources/subscribe", `{"uri":"docs://open"}`).result(t)
	done := make(chan struct{})
	go func() {
		s.ResourceUpdated("docs://open")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("ResourceUpdated waited for the filter")
	}
	close(slow)
	if got := updatedURI(t, c.next()); got != "docs://open" {
		t.Errorf("heard of %s", got)
	}
}

// TestMayHearWithoutFilterDecidesNothing: a server with neither filter
// nor scopes looks nothing up for an update (a template's match would
// allocate).
func TestMayHearWithoutFilterDecidesNothing(t *testing.T) {
	s := newTestServer(t)
	addPrimitives(t, s)
	ctx := t.Context()
	if n := testing.AllocsPerRun(100, func() {
		if !s.mayHear(ctx, "users://7/profile") {
			t.Fatal("refused")
		}
	}); n != 0 {
		t.Errorf("mayHear allocates %v times without a filter", n)
	}
}

// TestResourceUpdatedAccessHTTP: over HTTP, with a verifier, a legacy
// session's GET stream and a modern listen stream hear of a resource the
// filter hides from their caller, or whose scope it lacks, what they hear
// of a URI nobody serves.
func TestResourceUpdatedAccessHTTP(t *testing.T) {
	f := newOAuthFixture(t, WithFilter(func(ctx context.Context, it Item) bool {
		id := IdentityFrom(ctx)
		return !(id != nil && id.Claims["tenant"] == "b" && it.Name == "docs://hidden")
	}))
	text := func(context.Context, ResourceRequest) ([]ResourceContents, error) { return TextResource("x"), nil }
	f.core.MustAddResource(Resource{URI: "docs://open", Name: "open", Handler: text})
	f.core.MustAddResource(Resource{URI: "docs://hidden", Name: "hidden", Handler: text})
	// tokTenantB: docs://hidden is filtered; tokAlice: files://secret
	// needs files:write, which it lacks; tokAliceWrite may read both.
	hidden := map[string][]string{tokTenantB: {"docs://hidden"}, tokAlice: {"files://secret"}, tokAliceWrite: nil}
	update := func() {
		f.core.ResourceUpdated("docs://hidden")
		f.core.ResourceUpdated("files://secret")
		f.core.ResourceUpdated("docs://open")
	}
	heard := func(t *testing.T, events <-chan string, token string) {
		t.Helper()
		var want []string
		for _, u := range []string{"docs://hidden", "files://secret"} {
			if !slices.Contains(hidden[token], u) {
				want = append(want, u)
			}
		}
		want = append(want, "docs://open")
		for _, w := range want {
			e := nextEvent(t, events, "update of "+w)
			if !strings.Contains(e, `"notifications/resources/updated"`) || !strings.Contains(e, `"uri":"`+w+`"`) {
				t.Errorf("%s heard %s, want the update of %s", token, e, w)
			}
		}
	}
	open := func(t *testing.T, req *http.Request) <-chan string {
		t.Helper()
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("stream: %v %v", err, resp.Status)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return sseEvents(resp.Body)
	}
	tokens := []string{tokTenantB, tokAlice, tokAliceWrite}

	t.Run("legacy", func(t *testing.T) {
		const v = "2025-11-25"
		streams := map[string]<-chan string{}
		for _, tok := range tokens {
			r := f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+v+
				`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, bearer(tok, map[string]string{"Accept": acceptBoth}))
			wantStatus(t, r, 200)
			sid := r.header.Get("Mcp-Session-Id")
			h := bearer(tok, sessionHeaders(sid, v))
			never := f.post(`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+neverServed+`"}}`, h)
			for _, u := range []string{"docs://hidden", "files://secret", "docs://open"} {
				got := f.post(`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+u+`"}}`, h)
				if got.status != never.status || got.body != never.body {
					t.Errorf("%s subscribing to %s: %d %s; to %s: %d %s", tok, u, got.status, got.body, neverServed, never.status, never.body)
				}
			}
			req, _ := http.NewRequestWithContext(t.Context(), "GET", f.url, nil)
			for k, val := range bearer(tok, map[string]string{"Mcp-Session-Id": sid, "Accept": "text/event-stream"}) {
				req.Header.Set(k, val)
			}
			streams[tok] = open(t, req)
		}
		update()
		for _, tok := range tokens {
			heard(t, streams[tok], tok)
		}
	})

	t.Run("listen", func(t *testing.T) {
		streams := map[string]<-chan string{}
		var acks []string
		for _, tok := range tokens {
			body := modernBody(`"l"`, "subscriptions/listen",
				`"notifications":{"resourceSubscriptions":["docs://hidden","files://secret","`+neverServed+`","docs://open"]}`)
			req, _ := http.NewRequestWithContext(t.Context(), "POST", f.url, strings.NewReader(body))
			for k, val := range bearer(tok, modernHeaders("subscriptions/listen", "")) {
				req.Header.Set(k, val)
			}
			req.Header.Set("Content-Type", "application/json")
			streams[tok] = open(t, req)
			acks = append(acks, nextEvent(t, streams[tok], "acknowledgement"))
		}
		for i, ack := range acks {
			if ack != acks[0] || !strings.Contains(ack, "notifications/subscriptions/acknowledged") {
				t.Errorf("acknowledgement for %s: %s; for %s: %s", tokens[i], ack, tokens[0], acks[0])
			}
		}
		update()
		for _, tok := range tokens {
			heard(t, streams[tok], tok)
		}
	})
}

// TestResourceUpdatedAccessFleet: on a fleet, an update made on one
// replica reaches the streams another holds, and that replica decides,
// with each stream's caller, who hears of it.
func TestResourceUpdatedAccessFleet(t *testing.T) {
	t.Parallel()
	store := NewMemoryStore()
	var urls []string
	var servers []*Server
	for range 2 {
		ts := httptest.NewUnstartedServer(nil)
		s := taskServer(t, WithStore(store), WithFilter(func(ctx context.Context, it Item) bool {
			id := IdentityFrom(ctx)
			return id == nil || id.Subject != "bob" || it.Name != "docs://logo"
		}))
		addPrimitives(t, s)
		verifier := TokenVerifierFunc(func(_ context.Context, token string) (*Identity, error) {
			return &Identity{Subject: token, Issuer: "https://as.example", Audience: []string{"https://mcp.example/mcp"}}, nil
		})
		ts.Config.Handler = s.HTTPHandler(WithAllowedHosts("*"), WithAuthorization(Authorization{
			Resource: "https://mcp.example/mcp", AuthorizationServers: []string{"https://as.example"}, Verifier: verifier}))
		ts.Start()
		t.Cleanup(ts.Close)
		urls = append(urls, "http://"+ts.Listener.Addr().String()+"/mcp")
		servers = append(servers, s)
	}
	const v = "2025-11-25"
	stream := func(req *http.Request) <-chan string {
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("stream: %v %v", err, resp.Status)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return sseEvents(resp.Body)
	}
	// Each caller's legacy session is initialized on replica 0, and
	// subscribes and streams on replica 1; its listen stream is on
	// replica 1 too.
	legacy, listen := map[string]<-chan string{}, map[string]<-chan string{}
	for _, who := range []string{"alice", "bob"} {
		f0, f1 := &httpFixture{t: t, url: urls[0]}, &httpFixture{t: t, url: urls[1]}
		r := f0.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+v+
			`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, bearer(who, map[string]string{"Accept": acceptBoth}))
		sid := r.header.Get(headerSessionID)
		if sid == "" {
			t.Fatalf("initialize: %d %s", r.status, r.body)
		}
		h := bearer(who, sessionHeaders(sid, v))
		never := f1.post(`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+neverServed+`"}}`, h)
		for _, u := range []string{"docs://logo", "docs://readme"} {
			if got := f1.post(`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+u+`"}}`, h); got.status != never.status || got.body != never.body {
				t.Errorf("%s subscribing to %s: %d %s; to %s: %d %s", who, u, got.status, got.body, neverServed, never.status, never.body)
			}
		}
		req, _ := http.NewRequestWithContext(t.Context(), "GET", urls[1], nil)
		for k, val := range bearer(who, map[string]string{headerSessionID: sid, "Accept": "text/event-stream"}) {
			req.Header.Set(k, val)
		}
		legacy[who] = stream(req)
		body := modernBody(`"l"`, "subscriptions/listen", `"notifications":{"resourceSubscriptions":["docs://logo","docs://readme"]}`)
		req, _ = http.NewRequestWithContext(t.Context(), "POST", urls[1], strings.NewReader(body))
		for k, val := range bearer(who, modernHeaders("subscriptions/listen", "")) {
			req.Header.Set(k, val)
		}
		req.Header.Set("Content-Type", "application/json")
		listen[who] = stream(req)
		nextEvent(t, listen[who], "acknowledgement")
	}
	hears := func(ch <-chan string, what, uri string) {
		t.Helper()
		if e := nextEvent(t, ch, what); !strings.Contains(e, `"notifications/resources/updated"`) || !strings.Contains(e, `"uri":"`+uri+`"`) {
			t.Errorf("%s: %s, want the update of %s", what, e, uri)
		}
	}
	// Replica 1 handles the fleet's messages in order: once alice heard
	// of the logo on both streams, bob's streams have had it too.
	servers[0].ResourceUpdated("docs://logo")
	hears(legacy["alice"], "alice's GET stream", "docs://logo")
	hears(listen["alice"], "alice's listen stream", "docs://logo")
	servers[0].ResourceUpdated("docs://readme")
	hears(legacy["alice"], "alice's GET stream", "docs://readme")
	hears(listen["alice"], "alice's listen stream", "docs://readme")
	hears(legacy["bob"], "bob's GET stream", "docs://readme")
	hears(listen["bob"], "bob's listen stream", "docs://readme")
}
