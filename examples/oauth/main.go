// Command oauth serves the notes tools (examples/notes) over Streamable
// HTTP as an OAuth 2.1 resource server: every request needs an access token
// of the authorization server -issuer, issued for the resource -resource;
// each tool needs its scopes (notes:read, notes:write, notes:admin; who_am_i
// none), and each caller sees its own notes. Its one skill (skills.go,
// the skills extension) is for callers with notes:admin only.
//
//	go run . -http 127.0.0.1:8080 -issuer https://auth.example.com -resource http://127.0.0.1:8080/mcp
//
// It finds the authorization server's keys from its metadata (RFC 8414 or
// OpenID Connect Discovery) and serves the Protected Resource Metadata
// that lets clients find the authorization server:
//
//	curl http://127.0.0.1:8080/.well-known/oauth-protected-resource/mcp
//
// With -introspect, tokens are opaque and checked by the authorization
// server's introspection endpoint, authenticated with the client id and
// secret in MCP_INTROSPECT_CLIENT_ID and MCP_INTROSPECT_CLIENT_SECRET.
// See docs/authorization.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpgen/mcpgen/auth/jwt"
	"github.com/mcpgen/mcpgen/examples/notes"
	"github.com/mcpgen/mcpgen/runtime"
)

func main() {
	addr := flag.String("http", "127.0.0.1:8080", "serve Streamable HTTP at http://`ADDR`/mcp")
	issuer := flag.String("issuer", "", "the authorization server's issuer `URL`, whose metadata and keys the server discovers (required)")
	resource := flag.String("resource", "", "the server's canonical `URL`, as clients reach it, which tokens must name as their audience (default http://ADDR/mcp)")
	introspect := flag.Bool("introspect", false, "check opaque tokens with the authorization server's introspection endpoint instead of verifying JWTs")
	flag.Parse()
	if *issuer == "" {
		fmt.Fprintln(os.Stderr, "oauth: -issuer is required; run 'oauth -h' for usage")
		os.Exit(2)
	}
	if *resource == "" {
		*resource = "http://" + *addr + "/mcp"
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, *issuer, *resource, *introspect); err != nil {
		fmt.Fprintln(os.Stderr, "oauth:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, addr, issuer, resource string, introspect bool) error {
	var verifier runtime.TokenVerifier
	var err error
	if introspect {
		verifier, err = jwt.NewIntrospector(ctx, jwt.IntrospectionConfig{Issuer: issuer, Audience: resource,
			ClientID: os.Getenv("MCP_INTROSPECT_CLIENT_ID"), ClientSecret: os.Getenv("MCP_INTROSPECT_CLIENT_SECRET")})
	} else {
		verifier, err = jwt.NewVerifier(ctx, jwt.Config{Issuer: issuer, Audience: resource})
	}
	if err != nil {
		return err
	}
	srv := runtime.NewServer("notes", "1.0.0",
		runtime.WithInstructions("Notes of the signed-in user: who_am_i, list_notes, add_note, clear_notes."))
	notes.RegisterTools(srv)
	RegisterSkills(srv)
	return srv.ListenAndServeHTTP(ctx, addr, runtime.WithAuthorization(runtime.Authorization{
		Resource:             resource,
		AuthorizationServers: []string{issuer},
		Verifier:             verifier,
		ResourceName:         "Notes",
		// What a client asks for first: reading; writing comes by step-up.
		ChallengeScopes: []string{"notes:read"},
	}))
}
