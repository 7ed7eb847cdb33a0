package runtime

import (
	"context"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// A Server is an MCP server that exposes tools. Create one with [NewServer],
// register tools with [Server.AddTool] (generated code calls
// [Server.MustAddTool]), then serve a transport such as [Server.ServeStdio].
//
// A Server may serve several connections at once. Its tools are normally all
// registered before serving starts; a tool added (or removed, with
// [Server.RemoveTool]) later is seen by later requests, and announced to
// the clients with [WithListChanged].
type Server struct {
	name, version string
	title         string
	instructions  string
	description   string // WithDescription
	websiteURL    string // WithWebsiteURL
	icons         []Icon // WithIcons
	iconsJSON     []byte // icons as sent, nil without any
	logger        *slog.Logger
	pageSize      int
	maxMessage    int
	maxCalls      int
	cacheTTL      int64  // milliseconds
	stateKey      []byte // signs the requestState of input_required results (a fleet's replica may use the store's instead)
	usedStates    usedStates
	tasks         taskStore
	filter        Filter // nil: every item exists for every caller

	chosen   []string // the toolsets chosen (WithToolsets, MCP_TOOLSETS), nil for the default
	chosenBy string   // what chose them, for errors
	readOnly bool     // WithReadOnly, MCP_READ_ONLY
	envErr   error    // a bad MCP_READ_ONLY, reported when serving starts

	store     Store         // WithStore: the fleet's shared state, nil for one process
	replicas  replicas      // alone, or the fleet with a store (replicas.go)
	taskLease time.Duration // WithTaskLease

	middleware     []Middleware                            // WithRequestMiddleware
	toolMiddleware map[string][]Middleware                 // WithToolMiddleware
	chain          RequestHandler                          // the middleware around every request, nil if none
	outboundMeta   func(context.Context) map[string]string // WithOutboundMeta

	sessionStart, sessionEnd []func(SessionInfo) // WithSessionHooks

	// calls limits concurrently running tool handlers; nil means no limit.
	calls chan struct{}

	mu        sync.Mutex
	tools     []*tool
	toolsets  []Toolset // declared, in order
	prompts   []*prompt
	resources []*resource // fixed URIs and templates, in registration order
	skills    []*skill    // in registration order (skills.go)
	// skillFiles are the URIs of the resources that are files of skills.
	skillFiles map[string]bool
	names      map[string]string // tool name -> the function that added it (registrant)
	// toolPrefix is put before the name of each tool added, inside
	// PrefixTools.
	toolPrefix string
	snap       atomic.Pointer[catalog] // nil after a registration until the next read

	subs        subscriptions // legacy resources/subscribe
	pushers     pushers       // connections with a channel outside requests
	listChanged bool          // WithListChanged: list changes are declared and announced
	// hadPrompts and hadResources: something of the kind was registered
	// once (under mu; see catalog.hasPrompts).
	hadPrompts, hadResources bool
	listeners                listeners // modern subscriptions/listen streams with resource subscriptions
	// warnedViews are the tools already warned about for naming an MCP
	// App view that no resource serves (under mu).
	warnedViews map[string]bool

	// Precomputed at NewServer: every byte that does not depend on a request.
	serverInfo  [numProtocols][]byte // Implementation object per version
	modernMeta  []byte               // "_meta":{...serverInfo} member, with leading comma
	emptyResult [numProtocols][]byte // {} or the modern complete result
}

// An Option configures a [Server].
type Option func(*Server)

// DefaultMaxMessageSize is the largest incoming message accepted by default,
// in bytes. See [WithMaxMessageSize].
const DefaultMaxMessageSize = 64 << 20

// defaultCacheTTL is the ttlMs of modern list and server/discover results
// when the lists are fixed (no WithListChanged): nothing a client cached can
// go stale, so it may keep it for an hour.
const defaultCacheTTL = 3_600_000

// WithCacheTTL sets the ttlMs of modern (2026-07-28) tools/list,
// prompts/list, resources/list, resources/templates/list and server/discover
// results: how long a client may reuse them without asking again. The
// default is an hour, and 0 (ask each time) with [WithListChanged]: a client
// that does not listen for the changes would otherwise work from a stale
// list for up to that long. d is counted in whole milliseconds; below zero
// counts as zero. resources/read always says 0 (contents change).
func WithCacheTTL(d time.Duration) Option {
	return func(s *Server) { s.cacheTTL = max(d.Milliseconds(), 0) }
}

// WithInstructions sets the instructions sent to clients in the initialize
// and server/discover results: a hint for the model on how to use the
// server's tools.
func WithInstructions(text string) Option {
	return func(s *Server) { s.instructions = text }
}

// WithTitle sets the server's human-readable display name (the title field
// of its Implementation object, sent to clients of protocol 2025-06-18 and
// later).
func WithTitle(title string) Option {
	return func(s *Server) { s.title = title }
}

// WithLogger sets the logger for the server's own diagnostics (such as the
// stack of a panicking tool) and for the stderr side of [Logger]. The default
// logs text to os.Stderr at level Info. Protocol messages never go to the
// logger.
func WithLogger(l *slog.Logger) Option {
	return func(s *Server) {
		if l != nil {
			s.logger = l
		}
	}
}

// WithPageSize sets how many tools one tools/list page holds. With n <= 0,
// the default, every tool is sent on a single page and no cursor is ever
// issued: the list is precomputed, so pages would only cost clients round
// trips, and some clients ignore nextCursor.
func WithPageSize(n int) Option {
	return func(s *Server) { s.pageSize = max(n, 0) }
}

// WithMaxMessageSize sets the largest incoming message, in bytes, that a
// transport accepts (default [DefaultMaxMessageSize]). A larger message is
// discarded without being buffered and answered with an error; the session
// continues. A value <= 0 restores the default.
func WithMaxMessageSize(n int) Option {
	return func(s *Server) {
		if n <= 0 {
			n = DefaultMaxMessageSize
		}
		s.maxMessage = n
	}
}

// WithMaxConcurrentCalls limits how many tool handlers run at once, over
// all connections. Further calls wait for a free slot (and can be cancelled
// while they wait). With n <= 0, the default, there is no limit.
func WithMaxConcurrentCalls(n int) Option {
	return func(s *Server) { s.maxCalls = max(n, 0) }
}

// NewServer returns a server that identifies itself to clients with name and
// version (the serverInfo, or Implementation, of the protocol).
func NewServer(name, version string, opts ...Option) *Server {
	s := &Server{
		name:       name,
		version:    version,
		maxMessage: DefaultMaxMessageSize,
		cacheTTL:   -1, // not set: resolved after the options
		names:      make(map[string]string),
	}
	s.readToolsetEnv()
	for _, opt := range opts {
		opt(s)
	}
	if s.cacheTTL < 0 {
		s.cacheTTL = defaultCacheTTL
		if s.listChanged {
			s.cacheTTL = 0
		}
	}
	s.replicas = newReplicas(s)
	if s.logger == nil {
		s.logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if s.maxCalls > 0 {
		s.calls = make(chan struct{}, s.maxCalls)
	}
	s.checkImplementation()
	s.initStateKey()
	s.precompute()
	s.buildChains()
	return s
}

// metaServerInfoKey is the _meta key of the server's Implementation in every
// modern result (spec 2026-07-28 basic).
const metaServerInfoKey = "io.modelcontextprotocol/serverInfo"

func (s *Server) precompute() {
	for p := range numProtocols {
		// Implementation fields by version (spec 2025-11-25 basic/lifecycle): title from
		// 2025-06-18; description, icons and websiteUrl from 2025-11-25.
		b := append([]byte(`{"name":`), jsontext.AppendString(nil, s.name)...)
		b = append(b, `,"version":`...)
		b = jsontext.AppendString(b, s.version)
		if p.hasTitle() && s.title != "" {
			b = append(b, `,"title":`...)
			b = jsontext.AppendString(b, s.title)
		}
		if p.hasIcons() {
			if s.description != "" {
				b = append(b, `,"description":`...)
				b = jsontext.AppendString(b, s.description)
			}
			if s.iconsJSON != nil {
				b = append(b, `,"icons":`...)
				b = append(b, s.iconsJSON...)
			}
			if s.websiteURL != "" {
				b = append(b, `,"websiteUrl":`...)
				b = jsontext.AppendString(b, s.websiteURL)
			}
		}
		s.serverInfo[p] = append(b, '}')
	}

	modern := s.serverInfo[proto20260728]
	s.modernMeta = append([]byte(`,"_meta":{"`+metaServerInfoKey+`":`), modern...)
	s.modernMeta = append(s.modernMeta, '}')

	for p := range proto20260728 {
		s.emptyResult[p] = []byte(`{}`)
	}
	s.emptyResult[proto20260728] = s.appendModern([]byte(`{`), false)
}

func appendInstructions(b []byte, text string) []byte {
	if text == "" {
		return b
	}
	b = append(b, `,"instructions":`...)
	return jsontext.AppendString(b, text)
}

// appendCaching appends the caching members that modern tools/list and
// server/discover results require (spec 2026-07-28 server/tools): public
// unless what the result lists depends on who asks (spec 2026-07-28
// server/utilities/caching: a public result may be shared across callers).
func (s *Server) appendCaching(b []byte, private bool) []byte {
	b = append(b, `,"ttlMs":`...)
	b = strconv.AppendInt(b, s.cacheTTL, 10)
	if private {
		return append(b, `,"cacheScope":"private"`...)
	}
	return append(b, `,"cacheScope":"public"`...)
}

// appendModern closes a modern result object that has been opened in b: it
// appends resultType, the serverInfo _meta and the closing brace. comma
// tells whether b already holds a member.
func (s *Server) appendModern(b []byte, comma bool) []byte {
	if comma {
		b = append(b, ',')
	}
	b = append(b, `"resultType":"complete"`...)
	b = append(b, s.modernMeta...)
	return append(b, '}')
}
