package runtime

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// ListenAndServeHTTP serves s as Streamable HTTP at http://addr/mcp until ctx
// is done, then shuts down gracefully: it stops accepting connections and
// requests, lets the calls in flight finish and their answers be written
// (for at most [DefaultShutdownGrace], after which their contexts are
// cancelled), ends open event streams and legacy sessions (cancelling
// calls whose client hung up), and returns nil. It returns an error
// only when it cannot listen or serve, or, before it listens, when the
// choice of toolsets names one that no [Toolset] has.
//
// The http.Server it runs has the limits a server facing untrusted clients
// needs: ReadHeaderTimeout 10s, ReadTimeout 1m, IdleTimeout 2m and
// MaxHeaderBytes 64 KiB. It has no WriteTimeout, which would cut long tool
// calls and event streams short. The request body limit is the server's
// maximum message size ([WithMaxMessageSize]). For other settings, mount
// [Server.HTTPHandler] on an http.Server of your own.
//
// Bind a local server to the loopback interface ("127.0.0.1:8080"), never to
// all interfaces, unless it sits behind authentication. The address it
// listens on (useful with port 0) is logged through the server's logger.
func (s *Server) ListenAndServeHTTP(ctx context.Context, addr string, opts ...HTTPOption) error {
	// An invalid card panics here, before a port is taken (a caller that
	// recovers would otherwise keep it bound).
	var cfg httpConfig
	for _, opt := range opts {
		opt(&cfg)
	}
	if card, ok := cfg.serverCard(); ok {
		s.newCardDoc(card)
	}
	if err := s.checkToolsets(); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.serveHTTP(ctx, ln, DefaultShutdownGrace, opts...)
}

// serveHTTP is ListenAndServeHTTP on a listener, with the grace period as a
// parameter for tests.
func (s *Server) serveHTTP(ctx context.Context, ln net.Listener, grace time.Duration, opts ...HTTPOption) error {
	h := s.newHTTPHandler(opts...)
	mux := http.NewServeMux()
	mux.Handle("/mcp", h.cfg.wrap(h))
	if oc := h.cfg.oauth; oc != nil {
		prm := s.ProtectedResourceMetadataHandler(oc.Authorization)
		for _, p := range oc.MetadataPaths() {
			mux.Handle(p, prm)
		}
	}
	if card, ok := h.cfg.serverCard(); ok {
		mux.Handle("/mcp"+serverCardSuffix, h.cfg.checkHost(s.ServerCardHandler(card)))
	}

	// Requests run under base, not under ctx: when ctx is done, calls in
	// flight keep running through the grace period.
	base, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	hs := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	hs.RegisterOnShutdown(h.closeStreams)

	s.logger.Info("serving MCP over Streamable HTTP", "url", "http://"+ln.Addr().String()+"/mcp")
	done := make(chan error, 1)
	fl := RefuseAmbiguousFraming(hs, ln)
	go func() { done <- hs.Serve(fl) }()

	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, scancel := context.WithTimeout(context.Background(), grace)
	defer scancel()
	err := hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		// The grace period is over: cancel what still runs, then close.
		cancel()
		h.sessions.closeAll()
		err = hs.Close()
	}
	// Legacy sessions end too: their calls run under the session, not under
	// a request, and one whose client hung up would otherwise run on after
	// this returns.
	h.sessions.closeAll()
	// So do tasks, which outlived their requests.
	h.stopTasks()
	if serr := <-done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		return serr
	}
	return err
}

// serverCard is the card that WithServerCard gave, if any, with the
// Authorization's resource as its URL unless it names one.
func (c *httpConfig) serverCard() (ServerCard, bool) {
	if c.card == nil {
		return ServerCard{}, false
	}
	card := *c.card
	if card.URL == "" && c.oauth != nil {
		card.URL = c.oauth.Resource
	}
	return card, true
}
