package runtime

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDoneContextIsACleanStop checks that both transports return nil when
// their context ends, cancelled (as signal.NotifyContext does on Ctrl-C) or
// past its deadline, so that a main function can treat any error as a
// failure.
func TestDoneContextIsACleanStop(t *testing.T) {
	t.Parallel()
	ends := map[string]func() (context.Context, context.CancelFunc){
		"cancelled": func() (context.Context, context.CancelFunc) { return context.WithCancel(t.Context()) },
		"deadline": func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(t.Context(), 50*time.Millisecond)
		},
	}
	for name, newCtx := range ends {
		t.Run("stdio/"+name, func(t *testing.T) {
			s := newTestServer(t)
			inR, inW := io.Pipe()
			defer inW.Close()
			var out syncBuffer
			ctx, cancel := newCtx()
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- s.Serve(ctx, inR, &out) }()
			io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n")
			if name == "cancelled" {
				cancel()
			}
			wantNil(t, "Serve", done)
		})
		t.Run("http/"+name, func(t *testing.T) {
			s := newTestServer(t)
			ctx, cancel := newCtx()
			defer cancel()
			// ListenAndServeHTTP on a listener of the test's, whose address
			// it knows.
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- s.serveHTTP(ctx, ln, DefaultShutdownGrace) }()
			if name == "cancelled" {
				// An answer says that it serves.
				resp, err := http.Post("http://"+ln.Addr().String()+"/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				cancel()
			}
			wantNil(t, "ListenAndServeHTTP", done)
		})
	}
}

// wantNil waits for what to return on done, and fails unless it returns nil.
func wantNil(t *testing.T, what string, done <-chan error) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%s returned %v, want nil", what, err)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not return", what)
	}
}
