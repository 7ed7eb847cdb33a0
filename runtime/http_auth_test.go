package runtime

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRequireBearerToken(t *testing.T) {
	h := RequireBearerToken("s3cret", newTestServer(t).HTTPHandler(WithAllowedOrigins("https://app.example")))
	do := func(method, auth, sid, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "http://localhost/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, tt := range []struct {
		auth, challenge string
	}{
		{"", `Bearer`},
		{"Bearer wrong", `Bearer error="invalid_token"`},
		{"Bearer s3cret2", `Bearer error="invalid_token"`},
		{"Bearer s3cre", `Bearer error="invalid_token"`},
		{"Basic s3cret", `Bearer error="invalid_token"`},
		{"s3cret", `Bearer error="invalid_token"`},
		{"Bearer", `Bearer error="invalid_token"`},
	} {
		rec := do("POST", tt.auth, "", ping)
		if rec.Code != http.StatusUnauthorized || rec.Header().Get("WWW-Authenticate") != tt.challenge ||
			!strings.Contains(rec.Body.String(), `"code":-32600`) || strings.Contains(rec.Body.String(), "s3cret") {
			t.Errorf("Authorization %q: %d %q %s", tt.auth, rec.Code, rec.Header().Get("WWW-Authenticate"), rec.Body)
		}
	}
	for _, auth := range []string{"Bearer s3cret", "bearer s3cret", "Bearer  s3cret "} {
		if rec := do("POST", auth, "", ping); rec.Code != http.StatusOK {
			t.Errorf("Authorization %q: %d %s", auth, rec.Code, rec.Body)
		}
	}

	// A session id is not a credential: every request of a session needs
	// the token, however it was started.
	rec := do("POST", "Bearer s3cret", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	sid := rec.Header().Get("Mcp-Session-Id")
	if sid == "" {
		t.Fatalf("initialize: %d %s", rec.Code, rec.Body)
	}
	for _, m := range []string{"POST", "GET", "DELETE"} {
		if rec := do(m, "", sid, ping); rec.Code != http.StatusUnauthorized {
			t.Errorf("%s with a session id and no token: %d", m, rec.Code)
		}
	}
	if rec := do("POST", "Bearer s3cret", sid, ping); rec.Code != http.StatusOK {
		t.Errorf("POST in the session with the token: %d %s", rec.Code, rec.Body)
	}

	// CORS preflights carry no credentials; they pass to the handler.
	req := httptest.NewRequest("OPTIONS", "http://localhost/mcp", nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
	pre := httptest.NewRecorder()
	h.ServeHTTP(pre, req)
	if pre.Code != http.StatusNoContent || pre.Header().Get("Access-Control-Allow-Headers") == "" {
		t.Errorf("preflight: %d %v", pre.Code, pre.Header())
	}

	defer func() {
		if recover() == nil {
			t.Error("RequireBearerToken with an empty token did not panic")
		}
	}()
	RequireBearerToken("", h)
}

func TestWithMiddlewareOnListenAndServeHTTP(t *testing.T) {
	s := newTestServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	mark := func(name string) func(http.Handler) http.Handler {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				order = append(order, name)
				next.ServeHTTP(w, r)
			})
		}
	}
	auth := func(next http.Handler) http.Handler { return RequireBearerToken("tok", next) }
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.serveHTTP(ctx, ln, time.Second, WithMiddleware(mark("a"), auth, mark("b"))) }()
	post := func(auth string) (int, string) {
		req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(b)
	}
	if code, body := post("Bearer nope"); code != http.StatusUnauthorized {
		t.Errorf("wrong token: %d %s", code, body)
	}
	if code, body := post("Bearer tok"); code != http.StatusOK {
		t.Errorf("right token: %d %s", code, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	if got := strings.Join(order, ","); got != "a,a,b" {
		t.Errorf("middleware order: %s, want a,a,b", got)
	}
}
