// Package storetest checks that an implementation of [runtime.Store]
// keeps the contract the runtime relies on (see runtime.Store): values and
// their expiry, the atomic Add, deletion, and messages to subscribers.
// An implementation's test calls [Run] with a fresh store:
//
//	func TestContract(t *testing.T) { storetest.Run(t, newStore(t)) }
package storetest

import (
	"bytes"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// Run checks st, which must be empty, with a subtest per guarantee. Its
// expiry checks wait about two seconds.
func Run(t *testing.T, st runtime.Store) {
	ctx := t.Context()
	t.Run("values", func(t *testing.T) {
		if v, err := st.Get(ctx, "absent"); v != nil || err != nil {
			t.Fatalf("Get of an absent key = %q, %v; want nil, nil", v, err)
		}
		big := bytes.Repeat([]byte{0, 1, 0xff, '"'}, 1<<16)
		for _, v := range [][]byte{[]byte("1"), big} {
			if err := st.Put(ctx, "k", v, time.Hour); err != nil {
				t.Fatal(err)
			}
			if got, err := st.Get(ctx, "k"); err != nil || !bytes.Equal(got, v) {
				t.Errorf("Get after Put of %d bytes = %d bytes, %v", len(v), len(got), err)
			}
		}
		if err := st.Delete(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if v, _ := st.Get(ctx, "k"); v != nil {
			t.Error("a deleted value is read")
		}
		if err := st.Delete(ctx, "k"); err != nil {
			t.Errorf("Delete of an absent key: %v", err)
		}
	})
	t.Run("add is atomic", func(t *testing.T) {
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Go(func() {
				ok, err := st.Add(ctx, "once", fmt.Append(nil, i), time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Errorf("%d of 50 concurrent Adds of one key succeeded, want 1", wins.Load())
		}
		if ok, _ := st.Add(ctx, "once", []byte("x"), time.Hour); ok {
			t.Error("Add over a value succeeded")
		}
		_ = st.Delete(ctx, "once")
		if ok, _ := st.Add(ctx, "once", []byte("x"), time.Hour); !ok {
			t.Error("Add after Delete failed")
		}
	})
	t.Run("expiry", func(t *testing.T) {
		_ = st.Put(ctx, "short", []byte("1"), time.Second)
		if ok, _ := st.Add(ctx, "short-add", []byte("1"), time.Second); !ok {
			t.Fatal("Add of a new key failed")
		}
		_ = st.Put(ctx, "long", []byte("1"), time.Hour)
		if v, _ := st.Get(ctx, "short"); v == nil {
			t.Error("a value is gone before its ttl")
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			a, _ := st.Get(ctx, "short")
			b, _ := st.Get(ctx, "short-add")
			if a == nil && b == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("values outlive their ttl of 1 s by 9 s")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if ok, _ := st.Add(ctx, "short", []byte("2"), time.Hour); !ok {
			t.Error("Add over an expired value failed")
		}
		if v, _ := st.Get(ctx, "long"); v == nil {
			t.Error("a value with a ttl of an hour is gone")
		}
	})
	t.Run("messages", func(t *testing.T) {
		got := make(chan string, 10)
		other := make(chan string, 10)
		stop, err := st.Subscribe("topic", func(m []byte) { got <- string(m) })
		if err != nil {
			t.Fatal(err)
		}
		stop2, err := st.Subscribe("other", func(m []byte) { other <- string(m) })
		if err != nil {
			t.Fatal(err)
		}
		defer stop2()
		// A subscription may take a moment to be in place: publish until
		// the first message arrives.
		var first string
		for first == "" {
			if err := st.Publish(ctx, "topic", []byte("hello")); err != nil {
				t.Fatal(err)
			}
			select {
			case first = <-got:
			case <-time.After(20 * time.Millisecond):
			}
		}
		for len(got) > 0 {
			<-got
		}
		for _, m := range []string{"1", "2", "3"} {
			if err := st.Publish(ctx, "topic", []byte(m)); err != nil {
				t.Fatal(err)
			}
		}
		for _, want := range []string{"1", "2", "3"} {
			select {
			case m := <-got:
				if m != want {
					t.Errorf("message %q, want %q", m, want)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("message %q did not arrive", want)
			}
		}
		if len(other) > 0 {
			t.Errorf("a message for another topic arrived: %q", <-other)
		}
		stop()
		_ = st.Publish(ctx, "topic", []byte("4"))
		_ = st.Publish(ctx, "other", []byte("5"))
		if m := <-other; m != "5" {
			t.Errorf("other topic: %q", m)
		}
		select {
		case m := <-got:
			t.Errorf("message %q after stop", m)
		default:
		}
	})
}
