package redis_test

import (
	"context"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime/storetest"
	"github.com/mcpgen/mcpgen/stores/redis"
	"github.com/mcpgen/mcpgen/stores/redis/redistest"
)

func open(t *testing.T, url string, opts ...redis.Option) *redis.Store {
	t.Helper()
	st, err := redis.Open(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestContract runs the Store contract against a real redis-server.
func TestContract(t *testing.T) {
	srv := redistest.Start(t)
	storetest.Run(t, open(t, srv.URL(0)))
}

// TestPrefix: stores with other prefixes on one Redis do not see each
// other's keys or messages.
func TestPrefix(t *testing.T) {
	srv := redistest.Start(t)
	a := open(t, srv.URL(0), redis.WithPrefix("a:"))
	b := open(t, srv.URL(0), redis.WithPrefix("b:"))
	ctx := t.Context()
	if err := a.Put(ctx, "k", []byte("1"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if v, _ := b.Get(ctx, "k"); v != nil {
		t.Errorf("prefix b: reads a:'s key: %q", v)
	}
	if ok, _ := b.Add(ctx, "k", []byte("2"), time.Hour); !ok {
		t.Error("prefix b: Add refused because of a:'s key")
	}
}

// TestRedisRestart: while Redis is down every method fails (it does not
// hang past its context); once it is back, values and subscriptions work
// again.
func TestRedisRestart(t *testing.T) {
	srv := redistest.Start(t)
	st := open(t, srv.URL(0))
	got := make(chan string, 10)
	stop, _ := st.Subscribe("t", func(m []byte) { got <- string(m) })
	defer stop()
	srv.Stop()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer cancel()
	if _, err := st.Get(ctx, "k"); err == nil {
		t.Error("Get with Redis down succeeded")
	}
	if err := st.Put(ctx, "k", []byte("1"), time.Hour); err == nil {
		t.Error("Put with Redis down succeeded")
	}
	srv.Restart()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if err := st.Put(t.Context(), "k", []byte("1"), time.Hour); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("Put after the restart: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for {
		_ = st.Publish(t.Context(), "t", []byte("back"))
		select {
		case m := <-got:
			if m != "back" {
				t.Fatalf("message %q", m)
			}
			return
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("the subscription did not come back after the restart")
		}
	}
}
