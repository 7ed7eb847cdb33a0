package runtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

// serveCard runs ListenAndServeHTTP's server for s with opts on a loopback
// port until the test ends, and returns its base URL.
func serveCard(t *testing.T, s *Server, opts ...HTTPOption) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.serveHTTP(ctx, ln, time.Second, opts...) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serveHTTP: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

func getCard(t *testing.T, method, url string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", ServerCardMediaType)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestServerCard reads the card of a server served by ListenAndServeHTTP
// with WithServerCard over HTTP, as a client that found its URL would:
// what it says, its headers, revalidation with its ETag, a preflight.
func TestServerCard(t *testing.T) {
	s := NewServer("com.example/notes", "1.4.0", WithTitle("Notes"), WithInstructions("Not in the card."), WithLogger(slog.New(slog.DiscardHandler)))
	s.MustAddTool(Tool{Name: "add", InputSchema: `{"type":"object"}`, Handler: func(context.Context, json.RawMessage) (*Result, error) { return EmptyResult(), nil }})
	base := serveCard(t, s, WithServerCard(ServerCard{
		Description: "Keeps notes.",
		WebsiteURL:  "https://notes.example.com",
		Repository:  &CardRepository{URL: "https://github.com/example/notes", Source: "github", Subfolder: "cmd/notes"},
		Headers:     []CardHeader{{Name: "Authorization", Description: "Bearer and the token", Required: true, Secret: true}},
	}))

	resp, body := getCard(t, "GET", base+"/mcp/server-card", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET: %s %s", resp.Status, body)
	}
	for k, want := range map[string]string{
		"Content-Type":                  "application/mcp-server-card+json",
		"Cache-Control":                 "public, max-age=3600",
		"Access-Control-Allow-Origin":   "*",
		"Access-Control-Expose-Headers": "ETag",
	} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	var want map[string]any
	wantJSON := `{
		"$schema": "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
		"name": "com.example/notes", "version": "1.4.0", "description": "Keeps notes.", "title": "Notes",
		"websiteUrl": "https://notes.example.com",
		"repository": {"url": "https://github.com/example/notes", "source": "github", "subfolder": "cmd/notes"},
		"remotes": [{"type": "streamable-http", "url": "` + base + `/mcp",
			"headers": [{"name": "Authorization", "description": "Bearer and the token", "isRequired": true, "isSecret": true}],
			"supportedProtocolVersions": ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]}]}`
	if err := json.Unmarshal([]byte(wantJSON), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("card:\n%s\nwant:\n%s", body, wantJSON)
	}

	// The versions are those server/discover lists: the card must not
	// contradict what a client sees once connected.
	if !strings.Contains(string(body), `"supportedProtocolVersions":`+supportedVersionsJSON) {
		t.Errorf("card versions differ from server/discover's %s", supportedVersionsJSON)
	}

	card := body
	etag := resp.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || len(etag) != 34 {
		t.Fatalf("ETag %q: want a strong entity tag", etag)
	}
	for _, inm := range []string{etag, `"other", W/` + etag, "*"} {
		resp, body = getCard(t, "GET", base+"/mcp/server-card", map[string]string{"If-None-Match": inm})
		if resp.StatusCode != http.StatusNotModified || len(body) != 0 || resp.Header.Get("ETag") != etag {
			t.Errorf("If-None-Match %s: %s, ETag %q, %d bytes; want 304 with the ETag and no body", inm, resp.Status, resp.Header.Get("ETag"), len(body))
		}
	}
	resp, body = getCard(t, "GET", base+"/mcp/server-card", map[string]string{"If-None-Match": `"stale"`})
	if resp.StatusCode != http.StatusOK || len(body) == 0 {
		t.Errorf("a stale If-None-Match: %s, %d bytes; want the card", resp.Status, len(body))
	}
	resp, body = getCard(t, "HEAD", base+"/mcp/server-card", nil)
	if resp.StatusCode != http.StatusOK || len(body) != 0 || resp.Header.Get("ETag") != etag || resp.ContentLength != int64(len(card)) {
		t.Errorf("HEAD: %s, %d bytes, ETag %q, Content-Length %d; want 200, no body, the ETag and the card's length %d",
			resp.Status, len(body), resp.Header.Get("ETag"), resp.ContentLength, len(card))
	}

	// A browser on another origin may read it: the preflight is answered.
	resp, _ = getCard(t, "OPTIONS", base+"/mcp/server-card", map[string]string{
		"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match"})
	if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "*" ||
		resp.Header.Get("Access-Control-Allow-Methods") != "GET" || resp.Header.Get("Access-Control-Allow-Headers") != "Content-Type, If-None-Match" {
		t.Errorf("preflight: %s %v", resp.Status, resp.Header)
	}
	resp, _ = getCard(t, "GET", base+"/mcp/server-card", map[string]string{"Origin": "https://elsewhere.example"})
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("GET from another origin: %s, Access-Control-Allow-Origin %q", resp.Status, resp.Header.Get("Access-Control-Allow-Origin"))
	}
	resp, _ = getCard(t, "POST", base+"/mcp/server-card", nil)
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD, OPTIONS" {
		t.Errorf("POST: %s, Allow %q", resp.Status, resp.Header.Get("Allow"))
	}

	// The Host check of the endpoint holds for the card too.
	req, _ := http.NewRequest("GET", base+"/mcp/server-card", nil)
	req.Host = "rebound.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a rebound Host: %v %v, want 403", err, resp)
	} else {
		resp.Body.Close()
	}
}

// TestServerCardPublic checks that a server with WithAuthorization serves
// its card without a token, naming its canonical resource as the endpoint,
// while the endpoint itself still wants one; and that the card names no
// tool, whoever asks.
func TestServerCardPublic(t *testing.T) {
	s := NewServer("io.github.example/files", "2.0.0", WithLogger(slog.New(slog.DiscardHandler)),
		WithFilter(func(ctx context.Context, it Item) bool { return it.Name != "hidden" }))
	for _, name := range []string{"hidden", "write_file"} {
		s.MustAddTool(Tool{Name: name, Scopes: []string{"files:write"}, InputSchema: `{"type":"object"}`,
			Handler: func(context.Context, json.RawMessage) (*Result, error) { return EmptyResult(), nil }})
	}
	verifier := TokenVerifierFunc(func(context.Context, string) (*Identity, error) { return nil, io.EOF })
	base := serveCard(t, s, WithServerCard(ServerCard{Description: "Reads and writes files."}),
		WithAuthorization(Authorization{Resource: "https://files.example.com/mcp", AuthorizationServers: []string{"https://as.example"}, Verifier: verifier}),
		WithMiddleware(func(h http.Handler) http.Handler { return RequireBearerToken("secret", h) }))

	resp, body := getCard(t, "GET", base+"/mcp/server-card", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("card without a token: %s %s", resp.Status, body)
	}
	var card struct {
		Remotes []struct{ URL string } `json:"remotes"`
	}
	if err := json.Unmarshal(body, &card); err != nil || len(card.Remotes) != 1 || card.Remotes[0].URL != "https://files.example.com/mcp" {
		t.Errorf("remotes %+v (%v), want the Resource as the one endpoint", card.Remotes, err)
	}
	for _, leak := range []string{"hidden", "write_file", "files:write", "tools"} {
		if strings.Contains(string(body), leak) {
			t.Errorf("the card says %q: %s", leak, body)
		}
	}
	resp, _ = getCard(t, "GET", base+"/mcp", nil)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the endpoint without a token: %s, want 401", resp.Status)
	}
}

// TestServerCardInvalid checks that a card that its schema would refuse
// stops the server at startup, with what to fix.
func TestServerCardInvalid(t *testing.T) {
	for _, c := range []struct {
		server string
		title  string
		card   ServerCard
		want   string
	}{
		{"notes", "", ServerCard{Description: "x"}, `name "notes" is not in reverse-DNS form`},
		{"notes", "", ServerCard{Name: "com.example/a/b", Description: "x"}, `name "com.example/a/b" is not in reverse-DNS form`},
		{"com.example/notes", "", ServerCard{}, "description (ServerCard.Description, else WithDescription) must have 1 to 100 characters, not 0"},
		{"com.example/notes", "", ServerCard{Description: strings.Repeat("é", 101)}, "not 101"},
		{"com.example/notes", strings.Repeat("t", 101), ServerCard{Description: "x"}, "title (WithTitle) must have at most 100 characters"},
		{"com.example/notes", "", ServerCard{Description: "x", URL: "/mcp"}, `URL "/mcp" is not an absolute http(s) URL`},
		{"com.example/notes", "", ServerCard{Description: "x", WebsiteURL: "notes.example.com"}, "WebsiteURL"},
		{"com.example/notes", "", ServerCard{Description: "x", Repository: &CardRepository{URL: "https://github.com/x/y"}}, "Source"},
		{"com.example/notes", "", ServerCard{Description: "x", Headers: []CardHeader{{Name: "Bad Name"}}}, `header name "Bad Name"`},
	} {
		s := NewServer(c.server, "1", WithTitle(c.title))
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "runtime: server card: ") || !strings.Contains(msg, c.want) {
					t.Errorf("%+v: panic %q, want %q", c.card, msg, c.want)
				}
			}()
			s.ServerCardHandler(c.card)
		}()
	}
	// ListenAndServeHTTP panics before it takes the port: a caller that
	// recovers can listen there again.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	func() {
		defer func() {
			if msg, _ := recover().(string); !strings.HasPrefix(msg, "runtime: server card: ") {
				t.Errorf("ListenAndServeHTTP with an invalid card: panic %q", msg)
			}
		}()
		_ = NewServer("notes", "1").ListenAndServeHTTP(t.Context(), addr, WithServerCard(ServerCard{Description: "x"}))
	}()
	if ln, err := net.Listen("tcp", addr); err != nil {
		t.Errorf("the port of a ListenAndServeHTTP that panicked: %v", err)
	} else {
		ln.Close()
	}
	// A description of exactly 100 characters, in any script, is fine.
	NewServer("com.example/notes", "1").ServerCardHandler(ServerCard{Description: strings.Repeat("é", 100)})
}

// TestServerCardDefaults checks that what the server says of itself
// (WithDescription, WithWebsiteURL, WithIcons) is what its card says, as
// the card must not contradict the server's Implementation.
func TestServerCardDefaults(t *testing.T) {
	s := NewServer("com.example/notes", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)), WithDescription("Keeps notes."),
		WithWebsiteURL("https://notes.example.com"),
		WithIcons(Icon{Src: "https://notes.example.com/icon.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "light"}))
	base := serveCard(t, s, WithServerCard(ServerCard{URL: "https://notes.example.com/mcp"}))
	_, body := getCard(t, "GET", base+"/mcp/server-card", nil)
	want := `{"$schema":"https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json","name":"com.example/notes","version":"1.0.0",` +
		`"description":"Keeps notes.","websiteUrl":"https://notes.example.com",` +
		`"icons":[{"src":"https://notes.example.com/icon.png","mimeType":"image/png","sizes":["48x48"],"theme":"light"}],` +
		`"remotes":[{"type":"streamable-http","url":"https://notes.example.com/mcp","supportedProtocolVersions":` + supportedVersionsJSON + `}]}` + "\n"
	if string(body) != want {
		t.Errorf("card:\n%s\nwant:\n%s", body, want)
	}
}

// TestServerCardHandlerMounted checks a card mounted by hand beside
// HTTPHandler: the endpoint URL comes from the request when not set, and a
// card mounted elsewhere without a URL says what to set.
func TestServerCardHandlerMounted(t *testing.T) {
	s := NewServer("com.example/notes", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)))
	card := s.ServerCardHandler(ServerCard{Description: "Keeps notes."})
	mux := http.NewServeMux()
	mux.Handle("/v1/mcp", s.HTTPHandler())
	mux.Handle("/v1/mcp/server-card", card)
	mux.Handle("/card.json", card)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	base := "http://" + ln.Addr().String()

	_, body := getCard(t, "GET", base+"/v1/mcp/server-card", nil)
	if !strings.Contains(string(body), `"url":"`+base+`/v1/mcp"`) {
		t.Errorf("card at /v1/mcp/server-card: %s, want the endpoint %s/v1/mcp", body, base)
	}
	resp, body := getCard(t, "GET", base+"/card.json", nil)
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), "set ServerCard.URL") {
		t.Errorf("card elsewhere without a URL: %s %s", resp.Status, body)
	}
}

// TestServerCardHTTPHandler: HTTPHandler serves no card, and says so when
// given WithServerCard rather than drop it silently.
func TestServerCardHTTPHandler(t *testing.T) {
	var log strings.Builder
	s := NewServer("com.example/notes", "1.0.0", WithLogger(slog.New(slog.NewTextHandler(&log, nil))), WithDescription("Keeps notes."))
	s.HTTPHandler()
	if log.Len() != 0 {
		t.Errorf("without the option: %s", log.String())
	}
	s.HTTPHandler(WithServerCard(ServerCard{}))
	if got := log.String(); !strings.Contains(got, "level=WARN") || !strings.Contains(got, "mount srv.ServerCardHandler(card)") {
		t.Errorf("log: %q; want a warning that says to mount ServerCardHandler", got)
	}
}
