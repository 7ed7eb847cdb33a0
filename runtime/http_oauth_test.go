package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// This file tests the OAuth resource server of the HTTP transport
// (http_oauth.go) and the access checks (identity.go) with a verifier that
// knows a fixed set of tokens: the module auth/jwt tests real JWTs against
// a real authorization server.

// oauthFixture is a server with tools of several scopes behind
// WithAuthorization, on loopback.
type oauthFixture struct {
	*httpFixture
	core     *Server // the server behind the handler
	resource string
	verified atomic.Int32 // calls of the verifier
	ran      sync.Map     // tool name -> the Identity its last call saw
	logs     *bytes.Buffer
	logMu    *sync.Mutex
}

const (
	tokAlice      = "alice-read"       // subject alice, scope files:read
	tokAliceWrite = "alice-read-write" // subject alice, scopes files:read files:write
	tokBob        = "bob-read"         // subject bob, scope files:read
	tokOther      = "other-audience"   // valid, for another resource
	tokExpired    = "expired"
	tokNoSubject  = "no-subject"
	tokTenantB    = "carol-tenant-b" // subject carol, tenant b, every scope
)

type lockedBuffer struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func newOAuthFixture(t *testing.T, sopts ...Option) *oauthFixture {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	f := &oauthFixture{resource: "http://" + ts.Listener.Addr().String() + "/mcp", logs: &bytes.Buffer{}, logMu: &sync.Mutex{}}
	logger := slog.New(slog.NewTextHandler(lockedBuffer{f.logMu, f.logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	s := NewServer("oauth-test", "1.0.0", append([]Option{WithLogger(logger)}, sopts...)...)
	tool := func(name string, scopes ...string) {
		s.MustAddTool(Tool{Name: name, Scopes: scopes, TaskSupport: TaskOptional,
			InputSchema: `{"type":"object","properties":{"ms":{"type":"integer"}}}`,
			Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
				id := IdentityFrom(ctx)
				f.ran.Store(name, id)
				// A tool that logs everything it can see of its caller.
				Logger(ctx).Info("called", "identity", fmt.Sprintf("%+v", *id), "args", string(args))
				var in struct{ Ms int }
				if err := Decode(args, &in); err != nil {
					return nil, err
				}
				select {
				case <-time.After(time.Duration(in.Ms) * time.Millisecond):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				return TextResult(name + " for " + id.Subject), nil
			}})
	}
	tool("public")
	tool("read_file", "files:read")
	tool("write_file", "files:write", "files:read")
	s.MustAddPrompt(Prompt{Name: "audit", Scopes: []string{"audit"}, Handler: func(ctx context.Context, args map[string]string) (*PromptResult, error) {
		return PromptText("audit"), nil
	}})
	s.MustAddResource(Resource{URI: "files://secret", Name: "secret", Scopes: []string{"files:write"}, Handler: func(ctx context.Context, req ResourceRequest) ([]ResourceContents, error) {
		return TextResource("secret"), nil
	}})
	ids := map[string]*Identity{
		tokAlice:      {Subject: "alice", Issuer: "https://as.example", Scopes: []string{"files:read"}, Audience: []string{f.resource}},
		tokAliceWrite: {Subject: "alice", Issuer: "https://as.example", Scopes: []string{"files:read", "files:write"}, Audience: []string{f.resource}},
		tokBob:        {Subject: "bob", Issuer: "https://as.example", Scopes: []string{"files:read"}, Audience: []string{f.resource}},
		tokOther:      {Subject: "alice", Issuer: "https://as.example", Scopes: []string{"files:read"}, Audience: []string{"https://other.example/mcp"}},
		tokExpired:    {Subject: "alice", Issuer: "https://as.example", Audience: []string{f.resource}, Expiry: time.Now().Add(-time.Minute)},
		tokNoSubject:  {Issuer: "https://as.example", Audience: []string{f.resource}},
		tokTenantB:    {Subject: "carol", Issuer: "https://as.example", Scopes: []string{"files:read", "files:write", "audit"}, Audience: []string{f.resource}, Claims: map[string]any{"tenant": "b"}},
	}
	verifier := TokenVerifierFunc(func(ctx context.Context, token string) (*Identity, error) {
		f.verified.Add(1)
		if id := ids[token]; id != nil {
			return id, nil
		}
		return nil, fmt.Errorf("unknown token %s", token) // the transport must not show this
	})
	ts.Config.Handler = s.HTTPHandler(WithAuthorization(Authorization{
		Resource: f.resource, AuthorizationServers: []string{"https://as.example"}, Verifier: verifier,
	}))
	ts.Start()
	t.Cleanup(ts.Close)
	f.httpFixture = &httpFixture{t: t, srv: ts, url: f.resource}
	f.core = s
	return f
}

func bearer(token string, h map[string]string) map[string]string {
	out := map[string]string{"Authorization": "Bearer " + token}
	for k, v := range h {
		out[k] = v
	}
	return out
}

// TestOAuthRefusals: every request without a valid token for this resource
// gets its status and challenge, and nothing else: no verifier error, no
// token, no tool run.
func TestOAuthRefusals(t *testing.T) {
	f := newOAuthFixture(t)
	meta := `resource_metadata="http://` + f.srv.Listener.Addr().String() + `/.well-known/oauth-protected-resource/mcp"`
	invalid := `Bearer ` + meta + `, error="invalid_token", error_description="the access token is invalid, expired or not issued for this resource"`
	body := modernBody("1", "tools/call", `"name":"public","arguments":{}`)
	for _, tt := range []struct {
		name      string
		header    map[string]string
		query     string
		status    int
		challenge string
		verifies  bool
	}{
		{"no token", nil, "", 401, `Bearer ` + meta, false},
		{"another scheme", map[string]string{"Authorization": "Basic YWxpY2U6eA=="}, "", 401, `Bearer ` + meta, false},
		{"unknown token", bearer("forged", nil), "", 401, invalid, true},
		{"expired", bearer(tokExpired, nil), "", 401, invalid, true},
		{"another resource's token", bearer(tokOther, nil), "", 401, invalid, true},
		{"identity without subject", bearer(tokNoSubject, nil), "", 401, invalid, true},
		{"token in the query string", nil, "?access_token=" + tokAlice, 400,
			`Bearer ` + meta + `, error="invalid_request", error_description="send the access token in the Authorization header, never in the URL"`, false},
		{"token in the query string beside a header", bearer(tokAlice, nil), "?access_token=" + tokAlice, 400,
			`Bearer ` + meta + `, error="invalid_request", error_description="send the access token in the Authorization header, never in the URL"`, false},
		{"Bearer alone", map[string]string{"Authorization": "Bearer"}, "", 400,
			`Bearer ` + meta + `, error="invalid_request", error_description="malformed Authorization header: want Bearer and a token"`, false},
		{"token with a quote", map[string]string{"Authorization": `Bearer ab"c`}, "", 400,
			`Bearer ` + meta + `, error="invalid_request", error_description="malformed Authorization header: want Bearer and a token"`, false},
		{"token with a comma", map[string]string{"Authorization": `Bearer a,b`}, "", 400,
			`Bearer ` + meta + `, error="invalid_request", error_description="malformed Authorization header: want Bearer and a token"`, false},
		{"100 KB token", bearer(strings.Repeat("a", 100<<10), nil), "", 401,
			`Bearer ` + meta + `, error="invalid_token", error_description="the access token is too long"`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := f.verified.Load()
			h := map[string]string{"Content-Type": "application/json"}
			for k, v := range modernHeaders("tools/call", "public") {
				h[k] = v
			}
			for k, v := range tt.header {
				h[k] = v
			}
			old := f.url
			f.url += tt.query
			r := f.do("POST", body, h)
			f.url = old
			wantStatus(t, r, tt.status)
			if got := r.header.Get("WWW-Authenticate"); got != tt.challenge {
				t.Errorf("WWW-Authenticate\n got %s\nwant %s", got, tt.challenge)
			}
			if verified := f.verified.Load() != before; verified != tt.verifies {
				t.Errorf("verifier called: %v, want %v", verified, tt.verifies)
			}
			if strings.Contains(r.body, "unknown token") || strings.Contains(r.body, tokAlice) {
				t.Errorf("the refusal tells too much: %s", r.body)
			}
			if _, ran := f.ran.Load("public"); ran {
				t.Error("the tool ran")
			}
		})
	}

	// Two Authorization headers.
	req, _ := http.NewRequest("POST", f.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Add("Authorization", "Bearer "+tokAlice)
	req.Header.Add("Authorization", "Bearer "+tokBob)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.Contains(resp.Header.Get("WWW-Authenticate"), `error="invalid_request"`) {
		t.Errorf("two Authorization headers: %d %q", resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
	}

	// GET and DELETE need the token too; a CORS preflight does not.
	for _, m := range []string{"GET", "DELETE"} {
		if r := f.do(m, "", map[string]string{"Mcp-Session-Id": "x"}); r.status != 401 {
			t.Errorf("%s without a token: %d", m, r.status)
		}
	}
	if r := f.do("OPTIONS", "", nil); r.status == 401 {
		t.Errorf("OPTIONS needs a token: %d", r.status)
	}

	f.logMu.Lock()
	defer f.logMu.Unlock()
	for _, tok := range []string{tokAlice, tokBob, tokExpired, tokOther, "forged"} {
		if strings.Contains(f.logs.String(), tok) {
			t.Errorf("the server's log holds token %q:\n%s", tok, f.logs)
		}
	}
}

// TestOAuthScopes: the lists show a caller what its token may use; a call
// beyond gets 403 with a scope challenge before its arguments are read;
// with the scope, it runs and sees its caller.
func TestOAuthScopes(t *testing.T) {
	f := newOAuthFixture(t)
	list := func(token string) []string {
		r := f.post(modernBody("1", "tools/list", ""), bearer(token, modernHeaders("tools/list", "")))
		wantStatus(t, r, 200)
		res := r.rpc(t)["result"].(map[string]any)
		if res["cacheScope"] != "private" {
			t.Errorf("cacheScope %v, want private: the list depends on the caller", res["cacheScope"])
		}
		var names []string
		for _, tl := range res["tools"].([]any) {
			names = append(names, tl.(map[string]any)["name"].(string))
		}
		return names
	}
	if got := fmt.Sprint(list(tokAlice)); got != "[public read_file]" {
		t.Errorf("alice (files:read) lists %s", got)
	}
	if got := fmt.Sprint(list(tokAliceWrite)); got != "[public read_file write_file]" {
		t.Errorf("alice (files:read files:write) lists %s", got)
	}
	// The same twice: the filtered list is cached, and still right.
	if got := fmt.Sprint(list(tokBob)); got != "[public read_file]" {
		t.Errorf("bob lists %s", got)
	}

	// Arguments that do not even fit the schema: the scope is checked first.
	call := modernBody("2", "tools/call", `"name":"write_file","arguments":{"ms":"not a number"}`)
	r := f.post(call, bearer(tokAlice, modernHeaders("tools/call", "write_file")))
	wantStatus(t, r, 403)
	meta := `resource_metadata="http://` + f.srv.Listener.Addr().String() + `/.well-known/oauth-protected-resource/mcp"`
	want := `Bearer ` + meta + `, error="insufficient_scope", scope="files:read files:write", error_description="tool write_file needs scope files:read files:write"`
	if got := r.header.Get("WWW-Authenticate"); got != want {
		t.Errorf("WWW-Authenticate\n got %s\nwant %s", got, want)
	}
	if m := r.rpc(t); m["id"] != float64(2) {
		t.Errorf("403 body: %s", r.body)
	}
	if _, ran := f.ran.Load("write_file"); ran {
		t.Error("write_file ran without its scope")
	}
	// Stepped up, the call runs and its handler sees the caller.
	r = f.post(modernBody("3", "tools/call", `"name":"write_file","arguments":{}`), bearer(tokAliceWrite, modernHeaders("tools/call", "write_file")))
	wantStatus(t, r, 200)
	if !strings.Contains(r.body, "write_file for alice") {
		t.Errorf("stepped-up call: %s", r.body)
	}
	if id, _ := f.ran.Load("write_file"); id == nil || id.(*Identity).Subject != "alice" {
		t.Errorf("the tool saw %v", id)
	}

	// Legacy sessions: the same checks, per request.
	sid := f.legacyInit(tokAlice)
	h := bearer(tokAlice, sessionHeaders(sid, "2025-11-25"))
	r = f.post(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"write_file","arguments":{}}}`, h)
	wantStatus(t, r, 403)
	r = f.post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_file","arguments":{}}}`, h)
	wantStatus(t, r, 200)
	if !strings.Contains(r.body, "read_file for alice") {
		t.Errorf("legacy call: %s", r.body)
	}

	// Prompts and resources: 403 on get and read, left out of the lists.
	r = f.post(modernBody("6", "prompts/get", `"name":"audit"`), bearer(tokAliceWrite, modernHeaders("prompts/get", "audit")))
	wantStatus(t, r, 403)
	if !strings.Contains(r.header.Get("WWW-Authenticate"), `scope="files:read files:write audit"`) {
		t.Errorf("prompt challenge: %s", r.header.Get("WWW-Authenticate"))
	}
	r = f.post(modernBody("7", "resources/read", `"uri":"files://secret"`), bearer(tokAlice, modernHeaders("resources/read", "files://secret")))
	wantStatus(t, r, 403)
	r = f.post(modernBody("8", "prompts/list", ""), bearer(tokAlice, modernHeaders("prompts/list", "")))
	if !strings.Contains(r.body, `"prompts":[]`) {
		t.Errorf("alice's prompts/list: %s", r.body)
	}
	r = f.post(modernBody("9", "resources/list", ""), bearer(tokAliceWrite, modernHeaders("resources/list", "")))
	if !strings.Contains(r.body, `files://secret`) {
		t.Errorf("alice's (write) resources/list: %s", r.body)
	}

	f.logMu.Lock()
	defer f.logMu.Unlock()
	if !strings.Contains(f.logs.String(), "identity=") {
		t.Fatalf("the tools logged nothing:\n%s", f.logs)
	}
	for _, tok := range []string{tokAlice, tokAliceWrite} {
		if strings.Contains(f.logs.String(), tok) {
			t.Errorf("a tool's log holds token %q:\n%s", tok, f.logs)
		}
	}
}

// legacyInit starts a legacy session with token and returns its id.
func (f *oauthFixture) legacyInit(token string) string {
	f.t.Helper()
	r := f.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		bearer(token, map[string]string{"Accept": acceptBoth}))
	wantStatus(f.t, r, 200)
	return r.header.Get("Mcp-Session-Id")
}

// TestOAuthSessionBinding: a session belongs to the subject that started
// it; another subject's token with its id gets exactly what an unknown id
// gets, and the session lives on.
func TestOAuthSessionBinding(t *testing.T) {
	f := newOAuthFixture(t)
	sid := f.legacyInit(tokAlice)
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, m := range []string{"POST", "GET", "DELETE"} {
		h := bearer(tokBob, sessionHeaders(strings.Repeat("0", len(sid)), "2025-11-25"))
		h["Content-Type"] = "application/json"
		unknown := f.do(m, ping, h)
		wantStatus(t, unknown, 404)
		h["Mcp-Session-Id"] = sid
		r := f.do(m, ping, h)
		if r.status != 404 || r.body != unknown.body {
			t.Errorf("%s by bob in alice's session: %d %s, want the answer of an unknown session: %s", m, r.status, r.body, unknown.body)
		}
	}
	// The same subject with another token (a refreshed or stepped-up one)
	// stays in its session.
	r := f.post(ping, bearer(tokAliceWrite, sessionHeaders(sid, "2025-11-25")))
	wantStatus(t, r, 200)
}

// TestOAuthTaskBinding: a task belongs to the subject that created it; for
// another, tasks/get and tasks/cancel answer as for an unknown id.
func TestOAuthTaskBinding(t *testing.T) {
	t.Parallel()
	f := newOAuthFixture(t)
	h := func(tok, method, name string) map[string]string {
		return bearer(tok, modernHeaders(method, name))
	}
	body := func(method, members string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{` + taskMeta(true) + `,` + members + `}}`
	}
	r := f.post(body("tools/call", `"name":"read_file","arguments":{"ms":60000}`), h(tokAlice, "tools/call", "read_file"))
	wantStatus(t, r, 200)
	res := r.rpc(t)["result"].(map[string]any)
	taskID, _ := res["taskId"].(string)
	if taskID == "" {
		t.Fatalf("no task: %s", r.body)
	}
	unknown := f.post(body("tasks/get", `"taskId":"0000"`), h(tokBob, "tasks/get", "0000"))
	for _, m := range []string{"tasks/get", "tasks/cancel", "tasks/update"} {
		r := f.post(body(m, `"taskId":"`+taskID+`"`), h(tokBob, m, taskID))
		if r.status != unknown.status || r.body != unknown.body {
			t.Errorf("%s by bob: %d %s, want the answer of an unknown task: %s", m, r.status, r.body, unknown.body)
		}
	}
	r = f.post(body("tasks/get", `"taskId":"`+taskID+`"`), h(tokAlice, "tasks/get", taskID))
	if got := r.rpc(t)["result"].(map[string]any)["status"]; got != "working" {
		t.Errorf("alice's task after bob's cancel: %v", r.body)
	}
	r = f.post(body("tasks/cancel", `"taskId":"`+taskID+`"`), h(tokAliceWrite, "tasks/cancel", taskID))
	wantStatus(t, r, 200)
}

// TestFilter: a filter hides items per caller, from the lists and from
// calls alike, as if they were never registered.
func TestFilter(t *testing.T) {
	var seen atomic.Int32
	f := newOAuthFixture(t, WithFilter(func(ctx context.Context, it Item) bool {
		seen.Add(1)
		id := IdentityFrom(ctx)
		tenantB := id != nil && id.Claims["tenant"] == "b"
		// Tenant b has no file writing and no audit, whatever its scopes.
		return !(tenantB && (it.Name == "write_file" || it.Name == "files://secret" || it.Kind == ItemPrompt && it.Name == "audit"))
	}))
	r := f.post(modernBody("1", "tools/list", ""), bearer(tokTenantB, modernHeaders("tools/list", "")))
	if strings.Contains(r.body, "write_file") || !strings.Contains(r.body, "read_file") {
		t.Errorf("tenant b lists: %s", r.body)
	}
	unknown := f.post(modernBody("2", "tools/call", `"name":"no_such_tool","arguments":{}`), bearer(tokTenantB, modernHeaders("tools/call", "no_such_tool")))
	r = f.post(modernBody("2", "tools/call", `"name":"write_file","arguments":{}`), bearer(tokTenantB, modernHeaders("tools/call", "write_file")))
	if r.status != unknown.status || strings.ReplaceAll(r.body, "write_file", "no_such_tool") != unknown.body {
		t.Errorf("hidden tool: %d %s; unknown tool: %d %s", r.status, r.body, unknown.status, unknown.body)
	}
	r = f.post(modernBody("3", "resources/read", `"uri":"files://secret"`), bearer(tokTenantB, modernHeaders("resources/read", "files://secret")))
	if r.status != 400 || !strings.Contains(r.body, "Resource not found") {
		t.Errorf("hidden resource: %d %s", r.status, r.body)
	}
	r = f.post(modernBody("3", "resources/list", ""), bearer(tokTenantB, modernHeaders("resources/list", "")))
	if r.status != 200 || strings.Contains(r.body, "files://secret") || !strings.Contains(r.body, `"resources":[]`) {
		t.Errorf("tenant b's resources/list: %d %s", r.status, r.body)
	}
	// Prompts alike: absent from the list, and got as one never registered.
	r = f.post(modernBody("3", "prompts/list", ""), bearer(tokTenantB, modernHeaders("prompts/list", "")))
	if r.status != 200 || !strings.Contains(r.body, `"prompts":[]`) {
		t.Errorf("tenant b's prompts/list: %d %s", r.status, r.body)
	}
	unknown = f.post(modernBody("3", "prompts/get", `"name":"no_such_prompt"`), bearer(tokTenantB, modernHeaders("prompts/get", "no_such_prompt")))
	r = f.post(modernBody("3", "prompts/get", `"name":"audit"`), bearer(tokTenantB, modernHeaders("prompts/get", "audit")))
	if r.status != unknown.status || strings.ReplaceAll(r.body, "audit", "no_such_prompt") != unknown.body {
		t.Errorf("hidden prompt: %d %s; unknown prompt: %d %s", r.status, r.body, unknown.status, unknown.body)
	}
	// For another tenant the filter hides nothing: alice, without the
	// scope audit, gets the scope challenge, not an unknown prompt.
	r = f.post(modernBody("3", "prompts/get", `"name":"audit"`), bearer(tokAliceWrite, modernHeaders("prompts/get", "audit")))
	if r.status != 403 {
		t.Errorf("alice's prompts/get of audit: %d %s", r.status, r.body)
	}
	r = f.post(modernBody("4", "tools/call", `"name":"write_file","arguments":{}`), bearer(tokAliceWrite, modernHeaders("tools/call", "write_file")))
	wantStatus(t, r, 200)
	if seen.Load() == 0 {
		t.Error("the filter never ran")
	}
}

// TestOAuthSkillScopes: over HTTP, a skill's scopes are a tool's: the
// metadata lists them, skills/get and the reads of its files without them
// get 403 with the scope challenge, and the lists leave it out.
func TestOAuthSkillScopes(t *testing.T) {
	f := newOAuthFixture(t)
	skills := testSkills()
	skills[2].Scopes = []string{"billing:read"}
	f.core.MustAddSkills(skillFS, skills...)
	rec := httptest.NewRecorder()
	a := Authorization{Resource: f.resource, AuthorizationServers: []string{"https://as.example"}, Verifier: TokenVerifierFunc(func(context.Context, string) (*Identity, error) { return nil, io.EOF })}
	f.core.ProtectedResourceMetadataHandler(a).ServeHTTP(rec, httptest.NewRequest("GET", "/.well-known/oauth-protected-resource/mcp", nil))
	if !strings.Contains(rec.Body.String(), `"scopes_supported":["audit","billing:read","files:read","files:write"]`) {
		t.Errorf("metadata: %s", rec.Body)
	}
	meta := `resource_metadata="http://` + f.srv.Listener.Addr().String() + `/.well-known/oauth-protected-resource/mcp"`
	for _, tc := range []struct{ method, uri, what string }{
		{"skills/get", "skill://acme/billing/refunds/SKILL.md", "skill skill://acme/billing/refunds/SKILL.md"},
		{"resources/read", "skill://acme/billing/refunds/policy.md", "resource skill://acme/billing/refunds/policy.md"},
	} {
		r := f.post(modernBody("1", tc.method, `"uri":"`+tc.uri+`"`), bearer(tokAlice, modernHeaders(tc.method, tc.uri)))
		wantStatus(t, r, 403)
		want := `Bearer ` + meta + `, error="insufficient_scope", scope="files:read billing:read", error_description="` + tc.what + ` needs scope billing:read"`
		if got := r.header.Get("WWW-Authenticate"); got != want {
			t.Errorf("%s: WWW-Authenticate\n got %s\nwant %s", tc.method, got, want)
		}
	}
	r := f.post(modernBody("2", "skills/list", ""), bearer(tokAlice, modernHeaders("skills/list", "")))
	wantStatus(t, r, 200)
	if strings.Contains(r.body, "refunds") || !strings.Contains(r.body, "skill://pdf/SKILL.md") || !strings.Contains(r.body, `"cacheScope":"private"`) {
		t.Errorf("skills/list without billing:read: %s", r.body)
	}
}

// TestProtectedResourceMetadata: ListenAndServeHTTP serves the metadata at
// both well-known paths, with the scopes the server's items need, and the
// 401 challenge names it and the ChallengeScopes.
func TestProtectedResourceMetadata(t *testing.T) {
	s := NewServer("prm", "1", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(Tool{Name: "a", Scopes: []string{"b:write", "a:read"}, Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }})
	s.MustAddTool(Tool{Name: "b", Scopes: []string{"a:read"}, Handler: func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	a := Authorization{Resource: base + "/mcp", AuthorizationServers: []string{"https://as.example/tenant"}, ResourceName: "Files",
		ChallengeScopes: []string{"a:read"},
		Verifier:        TokenVerifierFunc(func(context.Context, string) (*Identity, error) { return nil, io.EOF })}
	if got := fmt.Sprint(a.MetadataPaths()); got != "[/.well-known/oauth-protected-resource/mcp /.well-known/oauth-protected-resource]" {
		t.Errorf("MetadataPaths = %s", got)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.serveHTTP(ctx, ln, time.Second, WithAuthorization(a)) }()
	defer func() { cancel(); <-done }()
	for _, p := range a.MetadataPaths() {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var got any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v %s", p, err, b)
		}
		jsonEqualHTTP(t, got, `{"resource":"`+base+`/mcp","authorization_servers":["https://as.example/tenant"],
			"scopes_supported":["a:read","b:write"],"bearer_methods_supported":["header"],"resource_name":"Files"}`)
		if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s: no CORS header", p)
		}
	}
	resp, err := http.Post(base+"/mcp", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("WWW-Authenticate"); resp.StatusCode != 401 || got != `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp", scope="a:read"` {
		t.Errorf("401 challenge: %d %s", resp.StatusCode, got)
	}
}

func TestAuthorizationConfig(t *testing.T) {
	v := TokenVerifierFunc(func(context.Context, string) (*Identity, error) { return nil, io.EOF })
	for _, a := range []Authorization{
		{Resource: "https://x/mcp", AuthorizationServers: []string{"https://as"}},
		{Resource: "https://x/mcp", Verifier: v},
		{Resource: "/mcp", AuthorizationServers: []string{"https://as"}, Verifier: v},
		{Resource: "https://x/mcp#f", AuthorizationServers: []string{"https://as"}, Verifier: v},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("WithAuthorization(%+v) did not panic", a)
				}
			}()
			WithAuthorization(a)
		}()
	}
	s := NewServer("x", "1")
	h := func(context.Context, json.RawMessage) (*Result, error) { return nil, nil }
	for _, sc := range []string{"", "a b", `a"b`, "é"} {
		if err := s.AddTool(Tool{Name: "t", Scopes: []string{sc}, Handler: h}); err == nil {
			t.Errorf("scope %q accepted", sc)
		}
	}
}

// TestScopesWithoutHTTP: with an identity in the context (a stdio server
// whose user is known, a 2025-03-26 batch), the core applies the same
// checks: a JSON-RPC error for a call beyond the caller's scopes, lists
// without what it may not use; without an identity nothing is checked.
func TestScopesWithoutHTTP(t *testing.T) {
	s := NewServer("core", "1", WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(Tool{Name: "w", Scopes: []string{"write"}, Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
		return TextResult("ran"), nil
	}})
	reply := func(ctx context.Context, msg string) string {
		c := s.newConn()
		r, run := c.receive(ctx, []byte(msg), func([]byte) {})
		if run != nil {
			r = run()
		}
		return string(r)
	}
	reader := ContextWithIdentity(t.Context(), &Identity{Subject: "u", Scopes: []string{"read"}})
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"w","arguments":[]}}`
	if got := reply(reader, call); !strings.Contains(got, `"code":-32600,"message":"Forbidden: tool w needs scope write"`) {
		t.Errorf("call without the scope: %s", got)
	}
	if got := reply(reader, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`); !strings.Contains(got, `"tools":[]`) {
		t.Errorf("list without the scope: %s", got)
	}
	writer := ContextWithIdentity(t.Context(), &Identity{Subject: "u", Scopes: []string{"write"}})
	if got := reply(writer, strings.Replace(call, "[]", "{}", 1)); !strings.Contains(got, "ran") {
		t.Errorf("call with the scope: %s", got)
	}
	if got := reply(t.Context(), strings.Replace(call, "[]", "{}", 1)); !strings.Contains(got, "ran") {
		t.Errorf("call without an identity: %s", got)
	}
}

// TestOAuthFleetBinding: in a fleet, a session and a task stay their
// creator's on every replica.
func TestOAuthFleetBinding(t *testing.T) {
	t.Parallel()
	store := NewMemoryStore()
	var urls []string
	for range 2 {
		ts := httptest.NewUnstartedServer(nil)
		url := "http://" + ts.Listener.Addr().String() + "/mcp"
		s := taskServer(t, WithStore(store))
		s.MustAddTool(Tool{Name: "forever", TaskSupport: TaskOptional, Handler: func(ctx context.Context, _ json.RawMessage) (*Result, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}})
		verifier := TokenVerifierFunc(func(_ context.Context, token string) (*Identity, error) {
			return &Identity{Subject: token, Issuer: "https://as.example", Audience: []string{"https://mcp.example/mcp"}}, nil
		})
		ts.Config.Handler = s.HTTPHandler(WithAllowedHosts("*"), WithAuthorization(Authorization{
			Resource: "https://mcp.example/mcp", AuthorizationServers: []string{"https://as.example"}, Verifier: verifier}))
		ts.Start()
		t.Cleanup(ts.Close)
		urls = append(urls, url)
	}
	post := func(i int, token, body string, h map[string]string) *httpReply {
		f := &httpFixture{t: t, url: urls[i]}
		return f.post(body, bearer(token, h))
	}
	r := post(0, "alice", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, nil)
	sid := r.header.Get(headerSessionID)
	if sid == "" {
		t.Fatalf("initialize: %d %s", r.status, r.body)
	}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	if r := post(1, "bob", ping, sessionHeaders(sid, "2025-11-25")); r.status != 404 {
		t.Errorf("bob in alice's session on another replica: %d %s", r.status, r.body)
	}
	if r := (&httpFixture{t: t, url: urls[1]}).do("DELETE", "", bearer("bob", map[string]string{headerSessionID: sid})); r.status != 404 {
		t.Errorf("bob's DELETE of alice's session: %d %s", r.status, r.body)
	}
	if r := post(1, "alice", ping, sessionHeaders(sid, "2025-11-25")); r.status != 200 {
		t.Errorf("alice in her session on another replica: %d %s", r.status, r.body)
	}

	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + taskMeta(true) + `,"name":"forever","arguments":{}}}`
	r = post(0, "alice", call, modernHeaders("tools/call", "forever"))
	taskID, _ := r.rpc(t)["result"].(map[string]any)["taskId"].(string)
	if taskID == "" {
		t.Fatalf("no task: %s", r.body)
	}
	get := `{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{` + taskMeta(true) + `,"taskId":"` + taskID + `"}}`
	for i := range 2 {
		if r := post(i, "bob", get, modernHeaders("tasks/get", taskID)); !strings.Contains(r.body, "unknown taskId") {
			t.Errorf("bob's tasks/get of alice's task via replica %d: %s", i, r.body)
		}
		if r := post(i, "alice", get, modernHeaders("tasks/get", taskID)); !strings.Contains(r.body, `"status":"working"`) {
			t.Errorf("alice's tasks/get via replica %d: %s", i, r.body)
		}
	}
	cancel := strings.Replace(get, "tasks/get", "tasks/cancel", 1)
	if r := post(1, "alice", cancel, modernHeaders("tasks/cancel", taskID)); r.status != 200 {
		t.Errorf("alice's cancel: %d %s", r.status, r.body)
	}
}
