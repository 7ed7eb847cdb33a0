package e2e

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
)

// schemaDoc is one document to validate, by name.
type schemaDoc struct {
	Name string          `json:"name"`
	Doc  json.RawMessage `json:"doc"`
}

// validateAgainst validates docs against the vendored schema file (at the
// pointer ref) with Ajv in dialect, and returns each document's errors by
// name ("" when it is valid).
func validateAgainst(t *testing.T, file, dialect, ref string, docs []schemaDoc) map[string]string {
	t.Helper()
	in, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nodeBin, filepath.Join("clients", "validate-schemas.mjs"), filepath.Join("testdata", "schemas", file), dialect, ref)
	cmd.Dir = e2eDir
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("validate-schemas.mjs %s: %v\n%s", file, err, tail(string(out), 4000))
	}
	var results []struct {
		Name   string `json:"name"`
		Valid  bool   `json:"valid"`
		Errors string `json:"errors"`
	}
	if err := json.Unmarshal(out, &results); err != nil || len(results) != len(docs) {
		t.Fatalf("validate-schemas.mjs printed %q: %v", tail(string(out), 2000), err)
	}
	got := map[string]string{}
	for _, r := range results {
		if r.Valid {
			got[r.Name] = ""
		} else {
			got[r.Name] = "invalid: " + r.Errors
		}
	}
	return got
}

// edited returns doc with the members of set replaced (a nil value
// removes the member).
func edited(t *testing.T, doc []byte, set map[string]any) json.RawMessage {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRegistrySchemas validates the server.json that mcpgen -server-json
// writes (the golden of testdata/gen_server and examples/calculator's,
// which cmd/mcpgen's TestServerJSON and TestExampleServerJSON hold equal
// to the command's output) against the MCP
// registry's published schema, with Ajv (draft-07, formats). Documents the
// schema must refuse are checked too, so that the check can fail.
func TestRegistrySchemas(t *testing.T) {
	needNode(t)
	golden, err := os.ReadFile(filepath.Join("..", "testdata", "gen_server", "want", "server.json"))
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Schema string `json:"$schema"`
	}
	var schema struct {
		ID string `json:"$id"`
	}
	vendored, err := os.ReadFile(filepath.Join("testdata", "schemas", "server.schema.json"))
	if err != nil || json.Unmarshal(golden, &head) != nil || json.Unmarshal(vendored, &schema) != nil {
		t.Fatalf("reading the golden and the schema: %v", err)
	}
	if head.Schema != schema.ID {
		t.Errorf("server.json's $schema is %s, the vendored schema's $id %s: update one or the other", head.Schema, schema.ID)
	}
	example, err := os.ReadFile(filepath.Join("..", "examples", "calculator", "server.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs := []schemaDoc{
		{"golden", golden},
		{"examples/calculator", example},
		{"without optional members", edited(t, golden, map[string]any{"title": nil, "repository": nil, "icons": nil, "remotes": nil, "packages": nil})},
		{"bad: an icon of a type the registry does not list", edited(t, golden, map[string]any{"icons": []any{map[string]any{"src": "https://example.com/i.gif", "mimeType": "image/gif"}}})},
		{"bad: an icon without src", edited(t, golden, map[string]any{"icons": []any{map[string]any{"mimeType": "image/png"}}})},
		{"bad: an icon src of 256 characters", edited(t, golden, map[string]any{"icons": []any{map[string]any{"src": "https://example.com/" + strings.Repeat("x", 236)}}})},
		{"bad: an icon size not WxH", edited(t, golden, map[string]any{"icons": []any{map[string]any{"src": "https://example.com/i.png", "sizes": []any{"48"}}}})},
		{"bad: a name without a slash", edited(t, golden, map[string]any{"name": "weather"})},
		{"bad: no version", edited(t, golden, map[string]any{"version": nil})},
		{"bad: a description of 101 characters", edited(t, golden, map[string]any{"description": strings.Repeat("x", 101)})},
		{"bad: a remote without a URL", edited(t, golden, map[string]any{"remotes": []any{map[string]any{"type": "streamable-http"}}})},
	}
	for name, errs := range validateAgainst(t, "server.schema.json", "draft-07", "", docs) {
		if bad := strings.HasPrefix(name, "bad: "); bad != (errs != "") {
			t.Errorf("%s: %q", name, cmp.Or(errs, "valid"))
		}
	}
}

// TestCardSchemas reads server cards over HTTP, as a client that found
// their URL would, from servers that describe themselves fully and barely
// and from examples/calculator -http, and validates them against the published schema of the draft (Ajv,
// 2020-12, formats; the card is #/$defs/ServerCard).
func TestCardSchemas(t *testing.T) {
	needNode(t)
	quiet := runtime.WithLogger(slog.New(slog.DiscardHandler))
	full := runtime.NewServer("io.github.mcpgen/notes", "1.4.0-rc.1", quiet, runtime.WithTitle("Notes"),
		runtime.WithDescription("Keeps notes."), runtime.WithWebsiteURL("https://notes.example.com"),
		runtime.WithIcons(runtime.Icon{Src: "https://notes.example.com/icon.svg", MIMEType: "image/svg+xml", Sizes: []string{"any"}, Theme: "dark"},
			runtime.Icon{Src: "data:image/png;base64,iVBORw0KGgo="}))
	fullCard := runtime.ServerCard{
		Repository: &runtime.CardRepository{URL: "https://github.com/mcpgen/mcpgen", Source: "github", Subfolder: "examples/notes", ID: "123"},
		Headers:    []runtime.CardHeader{{Name: "Authorization", Description: "Bearer and your token", Required: true, Secret: true}},
	}
	bare := runtime.NewServer("notes", "1", quiet)
	bareCard := runtime.ServerCard{Name: "com.example/notes", Description: "Keeps notes."}

	var docs []schemaDoc
	for _, c := range []struct {
		name string
		srv  *runtime.Server
		card runtime.ServerCard
	}{{"full", full, fullCard}, {"bare", bare, bareCard}} {
		mux := http.NewServeMux()
		mux.Handle("/mcp", c.srv.HTTPHandler())
		mux.Handle("/mcp/server-card", c.srv.ServerCardHandler(c.card))
		ts := httptest.NewServer(mux)
		req, _ := http.NewRequest("GET", ts.URL+"/mcp/server-card", nil)
		req.Header.Set("Accept", runtime.ServerCardMediaType)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		ts.Close()
		if err != nil || resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != runtime.ServerCardMediaType {
			t.Fatalf("%s card: %v %s %q", c.name, err, resp.Status, resp.Header.Get("Content-Type"))
		}
		docs = append(docs, schemaDoc{c.name, body})
		if c.name == "full" {
			docs = append(docs,
				schemaDoc{"bad: another $schema", edited(t, body, map[string]any{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"})},
				schemaDoc{"bad: a name without a slash", edited(t, body, map[string]any{"name": "notes"})},
				schemaDoc{"bad: a remote of another type", edited(t, body, map[string]any{"remotes": []any{map[string]any{"type": "stdio", "url": ts.URL}}})})
		}
	}
	// The card examples/calculator serves with -http, as a registry or a
	// host fetches it.
	url := conformanceHTTP(t, buildExample(t, "calculator")).nodeArgs[1]
	req, _ := http.NewRequest("GET", url+"/server-card", nil)
	req.Header.Set("Accept", runtime.ServerCardMediaType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"io.github.mcpgen/calculator"`) {
		t.Fatalf("examples/calculator's card: %v %s %.300s", err, resp.Status, body)
	}
	docs = append(docs, schemaDoc{"examples/calculator", body})
	for name, errs := range validateAgainst(t, "server-card.schema.json", "2020-12", "#/$defs/ServerCard", docs) {
		if bad := strings.HasPrefix(name, "bad: "); bad != (errs != "") {
			t.Errorf("%s: %q", name, cmp.Or(errs, "valid"))
		}
	}
}
