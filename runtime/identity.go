package runtime

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"
)

// This file is who the caller is, and what it may see and call: the
// identity a [TokenVerifier] makes of a bearer token, the scopes that
// tools, prompts and resources need, and the per-request [Filter].

// An Identity is the verified caller of a request: what a [TokenVerifier]
// read from its access token. Tools, prompts and resources find it with
// [IdentityFrom]. It never holds the token itself.
type Identity struct {
	// Subject identifies the caller at its issuer (the token's "sub", or
	// for a token of a client acting for itself, the client's id). It is
	// never empty.
	Subject string
	// Issuer is the authorization server that issued the token ("iss").
	Issuer string
	// ClientID is the OAuth client the token was issued to, if known.
	ClientID string
	// Scopes are the scopes the token grants.
	Scopes []string
	// Audience lists the resources the token was issued for ("aud"); the
	// HTTP transport accepts it only when the server's canonical resource
	// URI is among them (RFC 8707).
	Audience []string
	// Expiry is when the token expires; the zero time means unknown.
	Expiry time.Time
	// Claims holds every claim of the token (or member of the
	// introspection response), for the server's own decisions.
	Claims map[string]any
}

// HasScope reports whether the identity grants scope.
func (id *Identity) HasScope(scope string) bool {
	return id != nil && slices.Contains(id.Scopes, scope)
}

// missing returns the scopes of need that id lacks, or nil.
func (id *Identity) missing(need []string) []string {
	var out []string
	for _, s := range need {
		if !id.HasScope(s) {
			out = append(out, s)
		}
	}
	return out
}

// owner is what binds a session or a task to the identity that created it:
// the subject at its issuer. Without an identity it is "".
func (id *Identity) owner() string {
	if id == nil {
		return ""
	}
	return id.Issuer + "\x00" + id.Subject
}

type identityKey struct{}

// IdentityFrom returns the caller of the request that ctx belongs to, or nil
// when the request carried no verified identity (stdio, or HTTP without
// [WithAuthorization]).
func IdentityFrom(ctx context.Context) *Identity {
	id, _ := ctx.Value(identityKey{}).(*Identity)
	return id
}

// ContextWithIdentity returns ctx with id as the caller. The HTTP transport sets it
// from the verified token; a server may set it itself, for example for a
// stdio server whose user is known from its environment, or in tests of
// tools.
func ContextWithIdentity(ctx context.Context, id *Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// A TokenVerifier turns a bearer access token into the caller's identity.
// It returns an error when the token is not valid: its signature, issuer,
// expiry or anything else the verifier checks. The error is not sent to the
// client (which learns only that the token is invalid) and must not contain
// the token. The module github.com/mcpgen/mcpgen/auth/jwt verifies JWT
// access tokens against an authorization server's keys, and opaque tokens
// by introspection.
type TokenVerifier interface {
	VerifyToken(ctx context.Context, token string) (*Identity, error)
}

// TokenVerifierFunc adapts a function to a [TokenVerifier].
type TokenVerifierFunc func(ctx context.Context, token string) (*Identity, error)

// VerifyToken calls f.
func (f TokenVerifierFunc) VerifyToken(ctx context.Context, token string) (*Identity, error) {
	return f(ctx, token)
}

// ItemKind says what an [Item] is.
type ItemKind string

// The kinds of [Item].
const (
	ItemTool             ItemKind = "tool"
	ItemPrompt           ItemKind = "prompt"
	ItemResource         ItemKind = "resource"
	ItemResourceTemplate ItemKind = "resourceTemplate"
	// ItemSkill is a skill of [Server.AddSkills]: the skill and its files
	// are one item. A Filter sees no file of a skill as a resource; a file
	// exists for the caller when one of the skills it belongs to does.
	ItemSkill ItemKind = "skill"
)

// An Item is a registered tool, prompt, resource, resource template or
// skill, as a [Filter] sees it.
type Item struct {
	Kind ItemKind
	// Name is the tool's or prompt's name, the resource's URI, the
	// template's URI template or the URI of the skill's SKILL.md
	// (skill://pdf-processing/SKILL.md).
	Name string
	// Scopes are the scopes the item needs.
	Scopes []string
}

// A Filter decides, for one request, whether an item exists for its caller
// (whose [Identity], if any, is in ctx). An item it refuses is left out of
// the lists and answered as unknown when called, got or read: the caller
// cannot tell it from one never registered, and a resource it refuses is
// not heard of by its subscribers ([Server.ResourceUpdated]). It runs for
// every item of a list request, for the item of every call and for each
// resource update a subscriber is sent, so it must be fast; it must
// be safe for concurrent use. Use it for tenants and feature flags; the
// scopes items need are checked without it.
type Filter func(ctx context.Context, item Item) bool

// WithFilter sets the server's [Filter].
func WithFilter(f Filter) Option {
	return func(s *Server) { s.filter = f }
}

// access is what a request may do with one item.
type access int

const (
	accessOK      access = iota
	accessHidden         // the filter refused it: it does not exist for the caller
	accessNoScope        // the caller's token lacks a scope it needs
)

// access decides what the caller of ctx may do with item: the filter first
// (a hidden item's scopes are nobody's business), then its scopes, checked
// whenever the request has an identity.
func (s *Server) access(ctx context.Context, item Item) access {
	if s.filter != nil && !s.filter(ctx, item) {
		return accessHidden
	}
	if len(item.Scopes) == 0 {
		return accessOK
	}
	if id := IdentityFrom(ctx); id != nil && len(id.missing(item.Scopes)) > 0 {
		return accessNoScope
	}
	return accessOK
}

// errScope is the answer to a call, get or read of an item whose scope the
// caller lacks. Over HTTP the transport answers it earlier, with 403 and a
// scope challenge (http_oauth.go); this is the answer everywhere else
// (a 2025-03-26 batch, an identity set with ContextWithIdentity).
func errScope(what string, need []string) *rpcError {
	return errorf(codeInvalidRequest, "Forbidden: "+what+" needs scope "+strings.Join(need, " "))
}

// cleanScopes checks the scopes of a registration: each a non-empty
// scope-token of RFC 6749 (printable ASCII other than space, " and \).
// It returns them sorted and without duplicates.
func cleanScopes(what string, scopes []string) ([]string, error) {
	for _, sc := range scopes {
		if sc == "" {
			return nil, errors.New("runtime: " + what + ": empty scope")
		}
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; c <= ' ' || c > '~' || c == '"' || c == '\\' {
				return nil, errors.New("runtime: " + what + ": bad scope " + quoteForError(sc) + ": want printable ASCII other than space, \" and \\")
			}
		}
	}
	if len(scopes) == 0 {
		return nil, nil
	}
	out := slices.Clone(scopes)
	slices.Sort(out)
	return slices.Compact(out), nil
}

func quoteForError(s string) string {
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	return `"` + strings.ToValidUTF8(s, "?") + `"`
}

// filteredLists caches the lists that one set of visible items gives, keyed
// by which items are visible: callers with the same scopes see the same
// pages, which are then written once. It holds at most maxFilteredLists;
// beyond that, a list is built for its request alone.
type filteredLists struct {
	mu    sync.Mutex
	lists map[string]*pagedList
}

const maxFilteredLists = 64

// forRequest returns the list of the n items for which ok returns true:
// full itself when it does for all, else a list built by build from the
// visible indexes.
func (fl *filteredLists) forRequest(full *pagedList, n int, ok func(i int) bool, build func(visible []int) pagedList) *pagedList {
	var visible []int
	key := make([]byte, (n+7)/8)
	for i := range n {
		if ok(i) {
			visible = append(visible, i)
			key[i/8] |= 1 << (i % 8)
		}
	}
	if len(visible) == n {
		return full
	}
	fl.mu.Lock()
	defer fl.mu.Unlock()
	if l := fl.lists[string(key)]; l != nil {
		return l
	}
	l := build(visible)
	l.pages.private = true
	if fl.lists == nil {
		fl.lists = make(map[string]*pagedList)
	}
	if len(fl.lists) < maxFilteredLists {
		fl.lists[string(key)] = &l
	}
	return &l
}

// buildAccess fills the access parts of ts. Called with s.mu held.
func (s *Server) buildAccess(ts *catalog) {
	seen := map[string]bool{}
	add := func(list *[]Item, kind ItemKind, name string, scopes []string) {
		*list = append(*list, Item{Kind: kind, Name: name, Scopes: scopes})
		for _, sc := range scopes {
			seen[sc] = true
		}
		ts.restricted = ts.restricted || len(scopes) > 0
	}
	for _, t := range ts.tools {
		add(&ts.toolItems, ItemTool, t.Name, t.Scopes)
	}
	for _, p := range s.prompts {
		add(&ts.promptItems, ItemPrompt, p.Name, p.Scopes)
	}
	for _, it := range ts.skillItems {
		for _, sc := range it.Scopes {
			seen[sc] = true
		}
		ts.restricted = ts.restricted || len(it.Scopes) > 0
	}
	for _, r := range s.resources {
		if r.template != nil {
			add(&ts.tmplItems, ItemResourceTemplate, r.uri, r.scopes)
		} else {
			add(&ts.resourceItems, ItemResource, r.uri, r.scopes)
		}
	}
	for sc := range seen {
		ts.scopes = append(ts.scopes, sc)
	}
	slices.Sort(ts.scopes)
	if ts.restricted || s.filter != nil {
		for _, l := range []*pagedList{&ts.list, &ts.prompts, &ts.resources, &ts.templateList, &ts.skillList} {
			if l.pages == nil {
				continue // no skills
			}
			l.pages.private = true
		}
	}
}

// personal reports whether a request's lists may differ from the full ones.
func (s *Server) personal(ts *catalog) bool { return ts.restricted || s.filter != nil }

// toolList returns the tools/list of the caller of ctx.
func (s *Server) toolList(ctx context.Context, ts *catalog) *pagedList {
	if !s.personal(ts) && choiceFrom(ctx) == nil {
		return &ts.list
	}
	ok := func(i int) bool { return sees(ctx, ts.tools[i]) && s.access(ctx, ts.toolItems[i]) == accessOK }
	return ts.toolLists.forRequest(&ts.list, len(ts.toolItems), ok, func(visible []int) pagedList {
		tools := make([]*tool, len(visible))
		for i, v := range visible {
			tools[i] = ts.tools[v]
		}
		return s.buildList(tools)
	})
}

// primitiveList returns the prompts/list, resources/list or
// resources/templates/list of the caller of ctx.
func (s *Server) primitiveList(ctx context.Context, ts *catalog, method string) *pagedList {
	full, fl, items, enc, key := &ts.prompts, &ts.promptLists, ts.promptItems, &ts.promptEnc, "prompts"
	switch method {
	case "resources/list":
		full, fl, items, enc, key = &ts.resources, &ts.resourceLists, ts.resourceItems, &ts.resourceEnc, "resources"
	case "resources/templates/list":
		full, fl, items, enc, key = &ts.templateList, &ts.templLists, ts.tmplItems, &ts.templateEnc, "resourceTemplates"
	}
	ok := func(i int) bool { return s.access(ctx, items[i]) == accessOK }
	if method == "resources/list" && ts.hasSkills() {
		// A file of skills is visible when one of its skills is.
		acc := s.skillAccess(ctx, ts)
		ok = func(i int) bool {
			owners, isFile := ts.fileSkills[items[i].Name]
			if !isFile {
				return s.access(ctx, items[i]) == accessOK
			}
			return slices.ContainsFunc(owners, func(o int) bool { return acc[o] == accessOK })
		}
	}
	return fl.forRequest(full, len(items), ok, func(visible []int) pagedList {
		var sub [numProtocols][][]byte
		for v := range numProtocols {
			sub[v] = make([][]byte, len(visible))
			for i, x := range visible {
				sub[v][i] = enc[v][x]
			}
		}
		return s.paginate(key, sub)
	})
}
