package runtime

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestStdioEndOfInputGrace: at the end of its input, Serve waits for a call
// whose tool ignores its context for stdioGrace, then logs it, cancels it,
// drops its reply and returns; a call that ends within the grace period is
// answered. (In a synctest bubble: the grace period passes on the bubble's
// clock once everything waits.)
func TestStdioEndOfInputGrace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var serverLog syncBuffer
		s := newTestServer(t, WithLogger(slog.New(slog.NewTextHandler(&serverLog, nil))))
		release := make(chan struct{})
		started := make(chan struct{}, 2)
		s.MustAddTool(Tool{Name: "stubborn", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			started <- struct{}{}
			<-release
			return TextResult("late"), nil
		}})
		s.MustAddTool(Tool{Name: "brief", Handler: func(ctx context.Context, args json.RawMessage) (*Result, error) {
			started <- struct{}{}
			time.Sleep(time.Second) // work that ends within the grace period
			return TextResult("in time"), nil
		}})
		c := serve(t, s)
		t.Cleanup(func() { close(release) }) // runs before serve's cleanup
		c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + modernParams(`"name":"stubborn","arguments":{}`) + `}`)
		c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":` + modernParams(`"name":"brief","arguments":{}`) + `}`)
		<-started
		<-started
		start := time.Now()
		c.w.Close()
		out, _ := io.ReadAll(c.r) // until Serve has returned and its output is closed
		err := <-c.done
		c.done <- err // for serve's cleanup
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
		// The bubble's clock: the grace period, and the millisecond after
		// which reading moved off the first call's goroutine.
		if d := time.Since(start); d < stdioGrace || d > stdioGrace+inlineGrace {
			t.Errorf("Serve returned %v after the end of input, want the grace period, %v", d, stdioGrace)
		}
		if !strings.Contains(string(out), `"id":2`) || !strings.Contains(string(out), "in time") || strings.Contains(string(out), "late") {
			t.Errorf("output:\n%s\nwant the brief call's reply, not the stubborn one's", out)
		}
		if log := serverLog.String(); !strings.Contains(log, "tool=stubborn") || !strings.Contains(log, "reply is dropped") {
			t.Errorf("server log:\n%s", log)
		}
	})
}
