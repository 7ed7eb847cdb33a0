package runtime

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	goruntime "runtime"
	"strings"
	"testing"
)

// unreadStreams opens a legacy session for each of uris through client:
// each is initialized on the first of urls, subscribes to its URIs and
// opens its GET stream on the last, and the test never reads that stream.
func unreadStreams(t *testing.T, client *http.Client, urls []string, uris [][]string) {
	t.Helper()
	const v = "2025-11-25"
	do := func(method, url, body string, h map[string]string) *http.Response {
		req, _ := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
		for k, val := range h {
			req.Header.Set(k, val)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s %s: %v %v", method, body, err, resp)
		}
		return resp
	}
	last := urls[len(urls)-1]
	for _, mine := range uris {
		resp := do("POST", urls[0], `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+v+
			`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, map[string]string{"Accept": acceptBoth})
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		sid := resp.Header.Get(headerSessionID)
		for _, uri := range mine {
			resp = do("POST", last, `{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`, sessionHeaders(sid, v))
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		resp = do("GET", last, "", map[string]string{headerSessionID: sid, "Accept": "text/event-stream"})
		t.Cleanup(func() { resp.Body.Close() })
	}
}

// heapInUse is the heap the process holds after two collections (what
// sync.Pools keep survives one).
func heapInUse() uint64 {
	goruntime.GC()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// TestUnreadStreamMemoryBounded: legacy GET streams whose clients never
// read, while the program announces many resource updates, cost the
// server a bounded memory (docs/guarantees.md, "A stream nobody reads"):
// on one replica, and on a fleet whose replica that announces is not the
// one that holds the streams (through the store). The figure is the heap
// the process holds once the program has announced, with the streams
// still open; the runs before the outbox are in docs/guarantees.md. Not
// parallel: it measures the process.
func TestUnreadStreamMemoryBounded(t *testing.T) {
	// What the server may hold: each stream's outbox, and the overhead of
	// a fleet (its outbox to the store, the memory store's queue, the
	// messages on their way), which a 1 KiB URI does not approach.
	const overhead = 8 << 20
	type load struct {
		streams  int
		distinct int // URIs per stream, each stream its own
		updates  int // of each URI
		uriLen   int
	}
	// The case: one hot URI.
	hot := load{1, 1, 200000, 1 << 10}
	// Many large URIs, a stream's own: the byte bound holds. (Fewer
	// through the store, whose session record holds every subscription.)
	large := load{32, streamQueueMessages, 4, MaxURILength - 64}
	largeFleet := load{16, 16, 64, MaxURILength - 64}
	memoryStore := func() []Option { return []Option{WithStore(NewMemoryStore())} }
	runs := []struct {
		name     string
		replicas int
		opts     func() []Option
		load
	}{
		{"one replica/one stream, 200000 updates of a 1 KiB URI", 1, nil, hot},
		{"one replica/32 streams, 64 URIs of 16 KiB each, 4 updates of each", 1, nil, large},
		{"through the store/one stream, 200000 updates of a 1 KiB URI", 2, memoryStore, hot},
		{"through the store/16 streams, 16 URIs of 16 KiB each, 64 updates of each", 2, memoryStore, largeFleet},
	}
	for _, tc := range runs {
		{
			t.Run(tc.name, func(t *testing.T) {
				opts := []Option{WithLogger(slog.New(slog.DiscardHandler))}
				if tc.opts != nil {
					opts = append(opts, tc.opts()...)
				}
				var servers []*Server
				var urls []string
				for i := range tc.replicas {
					s := NewServer("unread", "1.0.0", opts...)
					addPrimitives(t, s)
					servers = append(servers, s)
					urls = append(urls, fmt.Sprintf("http://replica%d/mcp", i))
				}
				// On pipes, a write waits for its reader: no socket buffer
				// takes what the server would otherwise hold.
				client := pipeHTTP(t, servers)
				uris := make([][]string, tc.streams)
				for i := range uris {
					for j := range tc.distinct {
						head := fmt.Sprintf("docs://%d/%d/", i, j)
						uris[i] = append(uris[i], head+strings.Repeat("u", tc.uriLen-len(head)))
					}
				}
				unreadStreams(t, client, urls, uris)
				before := heapInUse()
				for range tc.updates {
					for _, mine := range uris {
						for _, uri := range mine {
							servers[0].ResourceUpdated(uri)
						}
					}
				}
				after := heapInUse()
				goruntime.KeepAlive(uris) // the test's, in both figures
				grown := int64(after) - int64(before)
				t.Logf("heap in use grew by %.1f MiB (%d updates, %d unread streams)", float64(grown)/(1<<20), tc.updates, tc.streams)
				if bound := int64(tc.streams*streamQueueBytes + overhead); grown > bound {
					t.Errorf("the server holds %.1f MiB more for %d unread streams, want at most %d MiB", float64(grown)/(1<<20), tc.streams, bound>>20)
				}
			})
		}
	}
}

// TestOutboxCoalescesAndBounds: an update of a URI that waits unsent is
// not queued again; past the count or the bytes, a message is dropped,
// counted once in the next take, and onDrop is called once.
func TestOutboxCoalescesAndBounds(t *testing.T) {
	o := newPushOutbox()
	drops := 0
	o.onDrop = func() { drops++ }
	for range 1000 {
		if !o.put(pushed{msg: []byte("m"), uri: "docs://hot"}) {
			t.Fatal("an update of a waiting URI was dropped, not coalesced")
		}
	}
	for i := range streamQueueMessages - 1 {
		o.put(pushed{msg: []byte("m"), uri: fmt.Sprint("docs://", i)})
	}
	if o.put(pushed{msg: []byte("m"), uri: "docs://one-too-many"}) || o.put(pushed{msg: []byte("question")}) {
		t.Error("a message past the count bound was queued")
	}
	first, ok, dropped := o.take()
	if !ok || first.uri != "docs://hot" || dropped != 2 || drops != 1 {
		t.Errorf("take = %q %v, dropped %d, onDrop called %d times; want docs://hot, 2 dropped, once", first.uri, ok, dropped, drops)
	}
	if !o.put(pushed{msg: []byte("m"), uri: "docs://hot"}) {
		t.Error("an update of a URI taken for sending was not queued again")
	}
	for {
		if _, ok, _ := o.take(); !ok {
			break
		}
	}
	big := make([]byte, streamQueueBytes/2)
	if !o.put(pushed{msg: big, uri: "docs://a"}) || o.put(pushed{msg: big, uri: "docs://b"}) {
		t.Error("the byte bound did not hold: two messages of half of it each were queued")
	}
	if _, _, dropped := o.take(); dropped != 1 {
		t.Errorf("dropped = %d, want 1", dropped)
	}
}

// overflowURIs are more distinct resources than a stream's outbox holds.
func overflowURIs() []string {
	var uris []string
	for i := range streamQueueMessages + 36 {
		uris = append(uris, fmt.Sprintf("docs://page/%d", i))
	}
	return uris
}

// TestUnreadStreamOverflow: past its bound, each kind of stream says that
// it dropped messages, once its client reads again: a legacy GET stream
// is closed (the client can open another), a stdio client that enabled
// logging hears a warning that counts them, and a listen stream ends
// gracefully (the client can listen again). The streams are on pipes, so
// that a write waits for the client to read.
func TestUnreadStreamOverflow(t *testing.T) {
	t.Parallel()
	uris := overflowURIs()
	newServer := func(t *testing.T) *Server {
		s := NewServer("overflow", "1.0.0", WithLogger(slog.New(slog.DiscardHandler)))
		addPrimitives(t, s)
		return s
	}
	update := func(s *Server) {
		for _, u := range uris {
			s.ResourceUpdated(u)
		}
	}
	events := func(body io.Reader) []string {
		b, _ := io.ReadAll(body) // ends: the stream was closed or ended
		var out []string
		for e := range strings.SplitSeq(string(b), "\n\n") {
			if strings.Contains(e, "data: ") {
				out = append(out, e)
			}
		}
		return out
	}

	t.Run("legacy GET stream", func(t *testing.T) {
		t.Parallel()
		s := newServer(t)
		client := pipeHTTP(t, []*Server{s})
		const u, v = "http://replica0/mcp", "2025-11-25"
		do := func(method, body string, h map[string]string) *http.Response {
			req, _ := http.NewRequestWithContext(t.Context(), method, u, strings.NewReader(body))
			for k, val := range h {
				req.Header.Set(k, val)
			}
			req.Header.Set("Content-Type", "application/json")
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			return resp
		}
		resp := do("POST", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+v+
			`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, map[string]string{"Accept": acceptBoth})
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		sid := resp.Header.Get(headerSessionID)
		h := sessionHeaders(sid, v)
		for _, uri := range uris {
			r := do("POST", `{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`, h)
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
		}
		get := map[string]string{headerSessionID: sid, "Accept": "text/event-stream"}
		stream := do("GET", "", get)
		update(s)
		got := events(stream.Body)
		stream.Body.Close()
		if len(got) >= len(uris) {
			t.Errorf("the stream carried %d updates of %d: it was not closed when they overflowed", len(got), len(uris))
		}
		again := do("GET", "", get)
		defer again.Body.Close()
		if again.StatusCode != http.StatusOK {
			t.Errorf("a new GET stream after the closed one: %s, want 200", again.Status)
		}
	})

	t.Run("stdio", func(t *testing.T) {
		t.Parallel()
		s := newServer(t)
		c := serve(t, s)
		c.initialize("2025-11-25")
		c.do("1", "logging/setLevel", `{"level":"warning"}`).result(t)
		for _, uri := range uris {
			c.do("2", "resources/subscribe", `{"uri":"`+uri+`"}`).result(t)
		}
		update(s)
		c.do("3", "ping", "") // reads what came before its reply too
		updates, notices := 0, 0
		see := func(m *message) {
			switch m.Method {
			case "notifications/resources/updated":
				updates++
			case "notifications/message":
				notices++
				if !strings.Contains(string(m.Params), `"dropped":`) || !strings.Contains(string(m.Params), `"level":"warning"`) {
					t.Errorf("notice: %s", m.Params)
				}
			}
		}
		for _, m := range c.other {
			see(m)
		}
		c.other = nil
		for notices == 0 && updates < len(uris) {
			m := c.next()
			if m == nil {
				t.Fatal("the stream ended")
			}
			see(m)
		}
		if notices != 1 || updates == len(uris) {
			t.Errorf("%d updates of %d, %d warnings of the dropped ones; want some dropped and one warning", updates, len(uris), notices)
		}
	})

	t.Run("listen", func(t *testing.T) {
		t.Parallel()
		s := newServer(t)
		client := pipeHTTP(t, []*Server{s})
		body := modernBody(`"l"`, "subscriptions/listen", `"notifications":{"resourceSubscriptions":["`+strings.Join(uris, `","`)+`"]}`)
		req, _ := http.NewRequestWithContext(t.Context(), "POST", "http://replica0/mcp", strings.NewReader(body))
		for k, val := range modernHeaders("subscriptions/listen", "") {
			req.Header.Set(k, val)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		update(s)
		got := events(resp.Body)
		if len(got) < 2 || !strings.Contains(got[len(got)-1], `"resultType":"complete"`) || len(got) > streamQueueMessages+3 {
			t.Fatalf("the listen stream carried %d events, the last %q; want the acknowledgement, at most %d updates and its graceful end",
				len(got), got[len(got)-1], streamQueueMessages+1)
		}
	})
}
