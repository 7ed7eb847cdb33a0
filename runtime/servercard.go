package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcpgen/mcpgen/internal/httptoken"
	"github.com/mcpgen/mcpgen/internal/toolname"
)

// This file serves the server card: a static JSON document that tells a
// client who the server is and how to connect to it before it connects
// (MCP Server Cards, SEP-2127, a draft extension whose schema is the
// "v1" one of github.com/modelcontextprotocol/experimental-ext-server-card).
// The card carries identity and the remote endpoint only: no tools,
// prompts, resources or capabilities, which the draft leaves to the lists,
// since they depend on who asks.

// ServerCardSchema is the $schema of every server card the runtime serves.
const ServerCardSchema = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"

// ServerCardMediaType is the media type of a server card.
const ServerCardMediaType = "application/mcp-server-card+json"

// serverCardSuffix is what the draft reserves for a card beside its
// Streamable HTTP endpoint: <endpoint URL>/server-card.
const serverCardSuffix = "/server-card"

// A ServerCard is what a server card says beyond what the [Server] knows
// itself (its version, title, icons and protocol versions, and by default
// its description and website). See [WithServerCard].
type ServerCard struct {
	// Name is the server's name in reverse-DNS form, with exactly one
	// slash: "com.example/weather", "io.github.owner/repo" (at most 200
	// characters of [a-zA-Z0-9.-], a slash, then [a-zA-Z0-9._-]). Default:
	// the name given to NewServer, which must then have that form.
	Name string
	// Description says what the server does, in 1 to 100 characters.
	// Default: the server's [WithDescription]; one of the two is
	// required.
	Description string
	// URL is the MCP endpoint as clients reach it:
	// "https://mcp.example.com/mcp". Default: the Resource of
	// [WithAuthorization]; without it, the URL the card was requested at,
	// less its "/server-card" (http or https as the connection was, with
	// the request's Host). Behind a reverse proxy that terminates TLS or
	// rewrites paths, set it.
	URL string
	// WebsiteURL is the server's home page or documentation. Default: the
	// server's [WithWebsiteURL].
	WebsiteURL string
	// Repository is where the server's source is, if not nil.
	Repository *CardRepository
	// Headers are the HTTP headers a client sends to the endpoint, such as
	// the Authorization header of [RequireBearerToken]. A server with
	// [WithAuthorization] needs none: clients find the authorization
	// server from the 401 challenge.
	Headers []CardHeader
}

// A CardRepository is where a server's source code is.
type CardRepository struct {
	// URL is the repository's web address, also fit for git clone.
	// Required.
	URL string
	// Source is the hosting service: "github", "gitlab". Required.
	Source string
	// Subfolder is the server's directory in the repository, if not at
	// its root.
	Subfolder string
	// ID is the hosting service's identifier of the repository, if known.
	ID string
}

// A CardHeader is an HTTP header a client sends to the endpoint.
type CardHeader struct {
	// Name is the header's name: "Authorization".
	Name string
	// Description tells the user what to put in it.
	Description string
	// Required: the endpoint refuses requests without it.
	Required bool
	// Secret: its value is a credential, to be kept as one.
	Secret bool
}

// WithServerCard makes [Server.ListenAndServeHTTP] serve a server card
// (see [Server.ServerCardHandler]) at /mcp/server-card, the place the draft
// reserves beside the endpoint. The card is public: it is served without
// authorization and outside [WithMiddleware], to any origin, as the draft
// requires. [Server.HTTPHandler] ignores the option (and logs a warning); mount
// ServerCardHandler beside it instead. ListenAndServeHTTP panics if the
// card is invalid, so that a misconfigured server fails at startup.
func WithServerCard(card ServerCard) HTTPOption {
	c := card
	c.Headers = append([]CardHeader(nil), card.Headers...)
	return func(cfg *httpConfig) { cfg.card = &c }
}

// ServerCardHandler returns a handler that serves the server card of s
// (MCP Server Cards, SEP-2127, a draft): its name, version, description,
// title, website, icons ([WithIcons]), repository and its Streamable HTTP
// endpoint (URL, headers, the protocol versions the runtime speaks).
// Mount it at the endpoint's URL followed by /server-card
// ("/mcp/server-card"), where the draft reserves it; [WithServerCard]
// does that for ListenAndServeHTTP.
//
// The card is served as application/mcp-server-card+json to GET and HEAD,
// to any origin (Access-Control-Allow-Origin: *, preflights answered),
// with Cache-Control: public, max-age=3600 and a strong ETag; a request
// whose If-None-Match names it gets 304 Not Modified. It lists no tools,
// prompts or resources, so a caller learns nothing that a [Filter] or a
// scope would hide from it. It panics if card is invalid (a name not in
// reverse-DNS form, a description missing or longer than 100 characters,
// a bad URL) or if the server's title is longer than the card allows.
func (s *Server) ServerCardHandler(card ServerCard) http.Handler {
	doc := s.newCardDoc(card)
	var fixed cardBody
	if card.URL != "" {
		fixed = doc.encode(card.URL)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Access-Control-Allow-Origin", "*")
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodOptions:
			hd.Set("Access-Control-Allow-Methods", "GET")
			hd.Set("Access-Control-Allow-Headers", "Content-Type, If-None-Match")
			hd.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		default:
			hd.Set("Allow", "GET, HEAD, OPTIONS")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body := fixed
		if body.data == nil {
			endpoint, ok := requestEndpoint(r)
			if !ok {
				http.Error(w, "the server card is not at its endpoint's URL + /server-card: set ServerCard.URL", http.StatusInternalServerError)
				return
			}
			body = doc.encode(endpoint)
		}
		hd.Set("Access-Control-Expose-Headers", "ETag")
		hd.Set("Cache-Control", "public, max-age=3600")
		hd.Set("ETag", body.etag)
		if etagMatches(r.Header.Get("If-None-Match"), body.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		hd.Set("Content-Type", ServerCardMediaType)
		hd.Set("Content-Length", strconv.Itoa(len(body.data))) // HEAD's too
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			_, _ = w.Write(body.data)
		}
	})
}

// requestEndpoint is the endpoint URL of a card requested at
// <endpoint>/server-card, as the client reached it.
func requestEndpoint(r *http.Request) (string, bool) {
	p, ok := strings.CutSuffix(r.URL.EscapedPath(), serverCardSuffix)
	if !ok || r.Host == "" {
		return "", false
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if p == "" {
		p = "/"
	}
	return scheme + "://" + r.Host + p, true
}

// etagMatches reports whether an If-None-Match header names etag, by the
// weak comparison RFC 9110 section 13.1.2 asks for.
func etagMatches(header, etag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// cardDoc is a card without its endpoint URL, checked.
type cardDoc struct {
	Schema      string          `json:"$schema"`
	Name        string          `json:"name"`
	Version     string          `json:"version"`
	Description string          `json:"description"`
	Title       string          `json:"title,omitempty"`
	WebsiteURL  string          `json:"websiteUrl,omitempty"`
	Repository  *cardRepository `json:"repository,omitempty"`
	Icons       json.RawMessage `json:"icons,omitempty"`
	Remotes     []cardRemote    `json:"remotes"`
}

type cardRepository struct {
	URL       string `json:"url"`
	Source    string `json:"source"`
	Subfolder string `json:"subfolder,omitempty"`
	ID        string `json:"id,omitempty"`
}

type cardRemote struct {
	Type     string          `json:"type"`
	URL      string          `json:"url"`
	Headers  []cardHeader    `json:"headers,omitempty"`
	Versions json.RawMessage `json:"supportedProtocolVersions"`
}

type cardHeader struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"isRequired,omitempty"`
	Secret      bool   `json:"isSecret,omitempty"`
}

type cardBody struct {
	data []byte
	etag string
}

func (s *Server) newCardDoc(card ServerCard) *cardDoc {
	bad := func(msg string) { panic("runtime: server card: " + msg) }
	name := card.Name
	if name == "" {
		name = s.name
	}
	if !toolname.ValidServer(name) {
		bad("name " + quoteForError(name) + " is not in reverse-DNS form with one slash, such as \"com.example/weather\" (set ServerCard.Name)")
	}
	if card.Description == "" {
		card.Description = s.description
	}
	if n := utf8.RuneCountInString(card.Description); n < 1 || n > 100 {
		bad("the description (ServerCard.Description, else WithDescription) must have 1 to 100 characters, not " + strconv.Itoa(n))
	}
	if card.WebsiteURL == "" {
		card.WebsiteURL = s.websiteURL
	}
	if n := utf8.RuneCountInString(s.title); n > 100 {
		bad("the server's title (WithTitle) must have at most 100 characters, not " + strconv.Itoa(n))
	}
	if n := utf8.RuneCountInString(s.version); n > 255 {
		bad("the server's version must have at most 255 characters, not " + strconv.Itoa(n))
	}
	if card.URL != "" && !httpURL(card.URL) {
		bad("URL " + quoteForError(card.URL) + " is not an absolute http(s) URL")
	}
	if card.WebsiteURL != "" && !httpURL(card.WebsiteURL) {
		bad("WebsiteURL " + quoteForError(card.WebsiteURL) + " is not an absolute http(s) URL")
	}
	doc := &cardDoc{Schema: ServerCardSchema, Name: name, Version: s.version, Description: card.Description,
		Title: s.title, WebsiteURL: card.WebsiteURL, Icons: json.RawMessage(s.iconsJSON)}
	if r := card.Repository; r != nil {
		if !httpURL(r.URL) || r.Source == "" {
			bad("the repository needs an absolute http(s) URL and a Source (\"github\")")
		}
		doc.Repository = &cardRepository{r.URL, r.Source, r.Subfolder, r.ID}
	}
	remote := cardRemote{Type: "streamable-http"}
	for _, h := range card.Headers {
		if !httptoken.Valid(h.Name) {
			bad("header name " + quoteForError(h.Name) + " is not an HTTP token")
		}
		remote.Headers = append(remote.Headers, cardHeader(h))
	}
	// As server/discover lists them: a card must not contradict it.
	remote.Versions = json.RawMessage(supportedVersionsJSON)
	doc.Remotes = []cardRemote{remote}
	return doc
}

// encode writes the card with its endpoint.
func (d *cardDoc) encode(endpoint string) cardBody {
	c := *d
	c.Remotes = []cardRemote{d.Remotes[0]}
	c.Remotes[0].URL = endpoint
	data, err := json.Marshal(c)
	if err != nil {
		panic(err) // strings and bools only
	}
	data = append(data, '\n')
	sum := sha256.Sum256(data)
	return cardBody{data: data, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
}

// checkHost refuses the requests whose Host the endpoint would refuse: a
// card derived from the request names its Host, and a rebound DNS name
// has no business reading a local server's.
func (c *httpConfig) checkHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !c.hostAllowed(r) {
			httpError(w, http.StatusForbidden, codeInvalidRequest, "Forbidden: Host header not allowed")
			return
		}
		h.ServeHTTP(w, r)
	})
}
