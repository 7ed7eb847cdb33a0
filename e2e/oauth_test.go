package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/auth/extauth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// TestOAuth runs the example server of examples/oauth (the notes tools,
// whose scopes come from their //mcp:tool options, behind
// runtime.WithAuthorization and the auth/jwt verifier) against a real
// authorization server, oauth2-mock-server on loopback
// (clients/oauth-as.mjs): the official TypeScript SDK completes the whole
// flow and a step-up (clients/ts-oauth.mjs), and so does the official Go
// SDK, with the client credentials grant and with the authorization code
// grant and PKCE; a token issued for another resource is refused; the
// example with -introspect checks tokens by introspection; no token
// reaches the server's logs.
func TestOAuth(t *testing.T) {
	needNode(t)
	t.Parallel() // its processes wait on each other, not on the CPU
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	srvURL := "http://" + addr + "/mcp"
	issuer := startAS(t, srvURL)
	logs := startOAuthExample(t, addr, srvURL, issuer)

	for _, c := range []struct{ sdk, era string }{{"v2", "legacy"}, {"v2", "modern"}, {"v1", "legacy"}} {
		t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
			var expected map[string]string
			if c.sdk == "v1" {
				// @modelcontextprotocol/sdk 1.32's fetchToken asks for the
				// client's configured scope, not the challenge's, in a
				// client credentials token request: it cannot step up.
				why := "sdk v1 sends no challenge scope in a client credentials token request"
				expected = map[string]string{
					"tools/list shows what notes:read may call":                                           why,
					"step-up: add_note (notes:write) gets 403 insufficient_scope, a new token, then runs": why,
					"the stepped-up token reads what it wrote":                                            why,
				}
			}
			runTSScript(t, "clients/ts-oauth.mjs", c.sdk, c.era, "", []string{"--url", srvURL, "--issuer", issuer}, expected)
		})
	}

	t.Run("go-sdk", func(t *testing.T) { goSDKOAuth(t, srvURL, issuer) })
	t.Run("go-sdk-authorization-code", func(t *testing.T) { goSDKAuthorizationCode(t, srvURL, issuer) })

	// Tokens from the real server, asked for as a client would.
	good := asToken(t, issuer, "notes:read notes:write", srvURL)
	other := asToken(t, issuer, "notes:read notes:write", "https://other.example/mcp")
	call := func(token string) (int, string, string) { return addNote(t, srvURL, token) }
	if status, _, body := call(good); status != 200 || !strings.Contains(body, `"result"`) {
		t.Errorf("a good token: %d %s", status, body)
	}
	if status, challenge, body := call(other); status != 401 || !strings.Contains(challenge, `error="invalid_token"`) {
		t.Errorf("a token for another resource: %d %q %s", status, challenge, body)
	}
	if status, _, _ := call(good[:len(good)-4] + "AAAA"); status != 401 {
		t.Errorf("a tampered token: %d", status)
	}
	for _, tok := range []string{good, other} {
		if strings.Contains(logs(), tok[strings.LastIndex(tok, ".")+1:]) {
			t.Errorf("the server's log holds a token:\n%s", logs())
		}
	}

	t.Run("introspection", func(t *testing.T) { introspection(t, issuer) })
}

// introspection runs examples/oauth with -introspect: each token is sent
// to the authorization server's introspection endpoint (RFC 7662), with
// the example's client credentials, and its answer is the identity; a
// token revoked at the authorization server is refused from then on.
func introspection(t *testing.T, issuer string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	mcpURL := "http://" + addr + "/mcp"
	logs := startOAuthExample(t, addr, mcpURL, issuer, "-introspect")
	good := asToken(t, issuer, "notes:read notes:write", mcpURL)
	if status, _, body := addNote(t, mcpURL, good); status != 200 || !strings.Contains(body, `"result"`) {
		t.Errorf("an active token: %d %s", status, body)
	}
	reader := asToken(t, issuer, "notes:read", mcpURL)
	if status, challenge, _ := addNote(t, mcpURL, reader); status != 403 || !strings.Contains(challenge, `scope="notes:read notes:write"`) {
		t.Errorf("an active token without notes:write: %d %q", status, challenge)
	}
	other := asToken(t, issuer, "notes:read notes:write", "https://other.example/mcp")
	for what, tok := range map[string]string{"another resource's token": other, "a token never issued": good[:len(good)-4] + "AAAA"} {
		if status, challenge, _ := addNote(t, mcpURL, tok); status != 401 || !strings.Contains(challenge, `error="invalid_token"`) {
			t.Errorf("%s: %d %q", what, status, challenge)
		}
	}
	// Revoked (RFC 7009), the token is refused at once, though its JWT
	// still verifies: the server asks the authorization server each time.
	form := url.Values{"token": {good}, "token_type_hint": {"access_token"}}
	req, _ := http.NewRequest("POST", issuer+"/revoke", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("go-client", "secret")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("revoke: %v %v", resp, err)
	}
	if status, challenge, _ := addNote(t, mcpURL, good); status != 401 || !strings.Contains(challenge, `error="invalid_token"`) {
		t.Errorf("a revoked token: %d %q", status, challenge)
	}
	for _, tok := range []string{good, reader, other} {
		if strings.Contains(logs(), tok[strings.LastIndex(tok, ".")+1:]) {
			t.Errorf("the server's log holds a token:\n%s", logs())
		}
	}
}

// addNote calls add_note at srvURL with token, and returns the status,
// the WWW-Authenticate header and the body of the answer.
func addNote(t *testing.T, srvURL, token string) (int, string, string) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_note","arguments":{"text":"from Go"}}}`
	req, _ := http.NewRequest("POST", srvURL, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("WWW-Authenticate"), string(b)
}

// goSDKOAuth drives the server with the official Go SDK's client and its
// client credentials handler (auth/extauth): the same flow, and the same
// step-up from notes:read to notes:write on a 403.
func goSDKOAuth(t *testing.T, srvURL, issuer string) {
	h, err := extauth.NewClientCredentialsHandler(&extauth.ClientCredentialsHandlerConfig{
		Credentials: &oauthex.ClientCredentials{ClientID: "notes-agent-go", ClientSecretAuth: &oauthex.ClientSecretAuth{ClientSecret: "s"}, Issuer: issuer},
	})
	if err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go-oauth", Version: "1.0.0"}, nil)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srvURL, OAuthHandler: h}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer cs.Close()
	var names []string
	for tl, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "who_am_i list_notes" {
		t.Errorf("tools with notes:read: %s", got)
	}
	who, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "who_am_i", Arguments: map[string]any{}})
	if err != nil || who.IsError || !strings.Contains(dump(who.StructuredContent), `"notes-agent-go"`) {
		t.Errorf("who_am_i: %v %s", err, dump(who))
	}
	add, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add_note", Arguments: map[string]any{"text": "from the Go SDK"}})
	if err != nil || add.IsError {
		t.Fatalf("add_note after a step-up: %v %s", err, dump(add))
	}
	list, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_notes", Arguments: map[string]any{}})
	if err != nil || !strings.Contains(dump(list.StructuredContent), "from the Go SDK") {
		t.Errorf("list_notes: %v %s", err, dump(list))
	}
}

// goSDKAuthorizationCode drives the server with the official Go SDK's
// client and its authorization code handler (auth), as a host with a user
// does: the 401 sends the user to the authorization server's /authorize
// with PKCE (S256), the resource (RFC 8707) and the challenge's scope;
// here the browser is an HTTP client that takes the redirect back (the
// mock server signs its user in and consents at once). A 403 on add_note
// sends the user there again, for notes:read and notes:write.
func goSDKAuthorizationCode(t *testing.T, srvURL, issuer string) {
	const redirect = "http://127.0.0.1:1/callback" // never reached: the fetcher reads the redirect
	browser := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var asked []url.Values // the query of each authorization request
	fetch := func(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		u, err := url.Parse(args.URL)
		if err != nil {
			return nil, err
		}
		asked = append(asked, u.Query())
		req, _ := http.NewRequestWithContext(ctx, "GET", args.URL, nil)
		resp, err := browser.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		back, err := url.Parse(resp.Header.Get("Location"))
		if err != nil || resp.StatusCode != http.StatusFound || !strings.HasPrefix(back.String(), redirect) {
			return nil, fmt.Errorf("authorize: %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
		}
		return &auth.AuthorizationResult{Code: back.Query().Get("code"), State: back.Query().Get("state")}, nil
	}
	h, err := auth.NewAuthorizationCodeHandler(&auth.AuthorizationCodeHandlerConfig{
		PreregisteredClient:      &oauthex.ClientCredentials{ClientID: "notes-host-go", Issuer: issuer},
		RedirectURL:              redirect,
		AuthorizationCodeFetcher: fetch,
	})
	if err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "mcpgen-e2e-go-oauth-code", Version: "1.0.0"}, nil)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srvURL, OAuthHandler: h}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer cs.Close()
	who, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "who_am_i", Arguments: map[string]any{}})
	if err != nil || who.IsError || dump(who.StructuredContent) != `{"client":"notes-host-go","scopes":["notes:read"],"subject":"johndoe"}` {
		t.Errorf("who_am_i: %v %s", err, dump(who))
	}
	add, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "add_note", Arguments: map[string]any{"text": "from a user"}})
	if err != nil || add.IsError {
		t.Fatalf("add_note after a step-up: %v %s", err, dump(add))
	}
	list, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list_notes", Arguments: map[string]any{}})
	if err != nil || !strings.Contains(dump(list.StructuredContent), "from a user") {
		t.Errorf("list_notes: %v %s", err, dump(list))
	}
	var got []string
	for _, q := range asked {
		// The SDK puts the scopes of a step-up in no fixed order.
		scopes := strings.Fields(q.Get("scope"))
		slices.Sort(scopes)
		got = append(got, fmt.Sprintf("scope=%q resource=%s pkce=%s:%v", strings.Join(scopes, " "), q.Get("resource"), q.Get("code_challenge_method"), q.Get("code_challenge") != ""))
	}
	want := []string{
		fmt.Sprintf("scope=%q resource=%s pkce=S256:true", "notes:read", srvURL),
		fmt.Sprintf("scope=%q resource=%s pkce=S256:true", "notes:read notes:write", srvURL),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("authorization requests:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

// startAS starts clients/oauth-as.mjs, whose tokens that name no resource
// are for audience, and returns its issuer URL.
func startAS(t *testing.T, audience string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, nodeBin, "clients/oauth-as.mjs", "--default-audience", audience)
	cmd.Dir = e2eDir
	cmd.Stderr = stderrLog(t, "oauth-as.mjs")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	var m struct{ Issuer string }
	if err != nil || json.Unmarshal([]byte(line), &m) != nil || m.Issuer == "" {
		t.Fatalf("oauth-as.mjs: %v %q", err, line)
	}
	return m.Issuer
}

// startOAuthExample builds and starts examples/oauth at addr, as mcpURL,
// for issuer, with flags, and returns a function that returns its log so
// far.
func startOAuthExample(t *testing.T, addr, mcpURL, issuer string, flags ...string) func() string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "oauth")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Join(e2eDir, "..", "examples", "oauth")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building examples/oauth: %v\n%s", err, out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append([]string{"-http", addr, "-issuer", issuer, "-resource", mcpURL}, flags...)...)
	cmd.Env = append(os.Environ(), "MCP_INTROSPECT_CLIENT_ID=notes-rs", "MCP_INTROSPECT_CLIENT_SECRET=rs-secret")
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	logs := stderrLog(t, "examples/oauth")
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			logs.Write([]byte(sc.Text() + "\n"))
			if strings.Contains(sc.Text(), "serving MCP") {
				select {
				case ready <- true:
				default:
				}
			}
		}
		close(ready)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("examples/oauth ended:\n%s", logs.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("examples/oauth did not start within a minute")
	}
	return logs.String
}

// asToken gets an access token from the authorization server with the
// client credentials grant, for resource.
func asToken(t *testing.T, issuer, scope, resource string) string {
	t.Helper()
	form := url.Values{"grant_type": {"client_credentials"}, "scope": {scope}, "resource": {resource}}
	req, _ := http.NewRequest("POST", issuer+"/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("go-client", "secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("token: %d %v", resp.StatusCode, err)
	}
	return tok.AccessToken
}
